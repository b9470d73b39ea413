"""The game's history as narration, filtered for one viewer."""

from __future__ import annotations

from db import actions as actions_repo
from engine.core.events import Event
from host.core import Core
from host.results import LogLine, MoveSource


async def log_lines(core: Core, game_id: int, viewer_user_id: int | None) -> list[LogLine]:
    """See TableService.log. Undone moves and their undo markers are left out."""
    live = await core.get(game_id)
    viewer_players = set(live.players_of(viewer_user_id)) if viewer_user_id is not None else set()
    async with core.db.reading() as conn:
        rows = await actions_repo.list_actions(conn, game_id)
    lines: list[LogLine] = []
    for row in actions_repo.effective_moves(rows):
        for data in row.events:
            event = Event.from_json(data)
            if event.visible_to is not None and not (event.visible_to & viewer_players):
                continue
            lines.append(
                LogLine(
                    seq=row.seq,
                    player=row.player,
                    text=event.text,
                    kind=event.kind,
                    private=event.visible_to is not None,
                    at=row.created_at,
                    source=MoveSource(row.source),
                )
            )
    return lines
