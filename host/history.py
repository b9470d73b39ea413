"""The game's history as narration, filtered for one viewer."""

from __future__ import annotations

from db.rows import effective_moves
from db.store import Store
from engine.core.events import Event
from host.live import LiveGame
from host.results import LogLine, MoveSource


async def log_lines(store: Store, live: LiveGame, viewer_user_id: int | None) -> list[LogLine]:
    """See TableService.log. The game's setup events come first (seq 0); undone moves are left out."""
    viewer_players = set(live.players_of(viewer_user_id)) if viewer_user_id is not None else set()
    rows = await store.list_actions(live.id)
    entries: list[tuple[int, int | None, float, MoveSource, Event]] = [
        (0, None, live.created_at, MoveSource.SETUP, event) for event in live.setup_events()
    ]
    for row in effective_moves(rows):
        source = MoveSource(row.source)
        entries.extend((row.seq, row.player, row.created_at, source, Event.from_json(e)) for e in row.events)
    return [
        LogLine(
            seq=seq,
            player=player,
            text=event.text,
            kind=event.kind,
            private=event.visible_to is not None,
            at=at,
            source=source,
            phrase=event.phrase,
        )
        for seq, player, at, source, event in entries
        if event.visible_to is None or event.visible_to & viewer_players
    ]
