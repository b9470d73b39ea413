"""The records of a finished game for /game export: a public record anyone may have, a full one for its players.

The public record is built from public events, the public outcome and the final report only: no seed, no move
ids, no private line, nothing the table's channel was not shown. The full record (engine.replay's shape) adds
the seed and every move, so `python -m engine.replay` replays the game exactly; it shows secrets the rules
never reveal (undrawn cards, hidden choices), which is why only the game's players are given it.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from db.rows import effective_moves
from db.store import Store
from engine import replay as records
from engine.core.names import fill_names
from engine.core.picks import FinalReport
from host import history
from host.errors import GameNotActive
from host.live import LiveGame
from host.results import SeatInfo, TableStatus

log = logging.getLogger(__name__)

UserName = Callable[[int], str]

_NOT_EXPORTABLE = {
    TableStatus.LOBBY: "This game has not started yet: a game's record can be exported once it is over.",
    TableStatus.ACTIVE: "This game is still being played: its record can be exported once it is over.",
    TableStatus.CANCELLED: "This game was cancelled before its end, so it has no record to export.",
    TableStatus.QUARANTINED: "This game is suspended (its stored history failed a check), so it cannot be exported.",
}


@dataclass(frozen=True, slots=True)
class GameRecords:
    """The two records of a finished game, as JSON-safe dicts."""

    game_id: int
    title: str
    public: dict[str, Any]
    full: dict[str, Any] | None  # None: the asker holds no seat in the game


def when(at: float) -> str:
    """A stored time as an ISO 8601 UTC text ("2026-12-02T12:20:29+00:00")."""
    return datetime.fromtimestamp(at, UTC).isoformat(timespec="seconds")


def seat_name(seat: SeatInfo, user_name: UserName) -> str:
    """How a record names a seat: the person's name, or "AI 2 (hard)" for an AI seat."""
    if seat.is_ai or seat.user_id is None:
        return f"{seat.label} ({seat.ai_level.value})"
    return user_name(seat.user_id)


def _report_json(report: FinalReport | None) -> dict[str, Any] | None:
    """The final report in words (public: it is what the channel was shown at the end)."""
    if report is None:
        return None
    return {
        "reason": report.reason,
        "players": [{"player": p.player, "side": p.faction, "score": p.score, "breakdown": list(p.breakdown)}
                    for p in report.players],
        "secrets_revealed": list(report.secrets),
    }


async def game_records(store: Store, live: LiveGame, user_id: int, user_name: UserName) -> GameRecords:
    """The public record of a finished game, and the full record when `user_id` played in it.

    Raises GameNotActive for a game that is not finished (lobby, running, cancelled, suspended).
    """
    outcome = live.outcome()
    if live.status is not TableStatus.FINISHED or outcome is None or live.players is None:
        raise GameNotActive(live.status.value, _NOT_EXPORTABLE.get(live.status))
    info = live.info()
    game = live.game
    state = live.state
    seats = {s.player: s for s in info.seats if s.player is not None}
    players: list[dict[str, Any]] = []
    names: dict[int, str] = {}
    for p in range(live.players):
        seat = seats.get(p)
        name = seat_name(seat, user_name) if seat is not None else f"Player {p + 1}"
        side = game.player_name(state, p)
        players.append({
            "player": p,
            "name": name,
            "user_id": seat.user_id if seat is not None else None,
            "ai_level": seat.ai_level.value if seat is not None and seat.is_ai else None,
            "side": side,
        })
        names[p] = f"{name} ({side})" if side else name
    # A spectator's log: public lines only, whoever asks (the public record is the same for everyone).
    lines = await history.log_lines(store, live, None)
    public_log = [{"at": when(line.at), "text": fill_names(line.text, names)} for line in lines if not line.private]
    common: dict[str, Any] = {
        "format": records.FORMAT,
        "version": records.RECORD_VERSION,
        "game": live.game_name,
        "title": info.title,
        "game_id": live.id,
        "options": dict(live.options),
        "players": players,
        "created_at": when(live.created_at),
        "ended_at": when(live.updated_at),
        "log": public_log,
        "report": _report_json(game.final_report(state)),
    }
    public = {**common, "kind": records.PUBLIC, "outcome": records.public_outcome_json(outcome)}
    full: dict[str, Any] | None = None
    if live.players_of(user_id):
        rows = effective_moves(await store.list_actions(live.id))
        moves = [(row.player, row.action_id) for row in rows]
        # The replay takes a moment for a long game: off the event loop, like every heavy step.
        engine_record = await asyncio.to_thread(
            records.full_record, live.game_name, live.players, live.seed, live.options, moves, game)
        full = {**common, **engine_record, "players": players,
                "moves": [{"player": row.player, "action": row.action_id, "at": when(row.created_at),
                           "by": row.source} for row in rows]}
        log.info("game %s: full record exported for user %s (%d moves)", live.id, user_id, len(rows))
    return GameRecords(live.id, info.title, public, full)
