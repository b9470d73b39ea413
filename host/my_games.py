"""All of one user's open games, across every server, for /games: which wait for them and since when.

Reads only: the user's tables (as the service gives them), each game's stored row (when each pending seat
began waiting: the state version it has been pending since) and move log (that version's time), and where
the table message was posted. Order: the games waiting for the user first, longest waiting first; then the
others, most recently changed first.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import dataclass

from db.rows import MessageRef
from db.store import Store
from host.results import PendingPlayer, TableInfo
from host.sender import STATUS_SLOT

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class MyGame:
    """One open game of the user: the table, the user's seats it waits for (empty: it waits for others),
    since when it has waited for them (epoch seconds; the last change for a game not waiting for them)
    and where its table message is (None before one was posted)."""

    table: TableInfo
    mine: tuple[PendingPlayer, ...]
    since: float
    message: MessageRef | None


async def _pending_since(store: Store, table: TableInfo, players: Sequence[int]) -> float:
    """When the earliest of these pending players began waiting (the time of the move that made them pending)."""
    row = await store.get_game(table.game_id)
    if row is None:
        return table.updated_at
    versions = [int(d.get("since", row.version)) for d in row.pending if d.get("player") in players]
    since = min(versions, default=row.version)
    if since >= row.version:
        return table.updated_at
    for action in await store.list_actions(table.game_id, after=since - 1):
        if action.seq == since:
            return action.created_at
    # Pending since the start (no move has that version): the game has waited since it began.
    return table.created_at


async def games_of(store: Store, tables: Sequence[TableInfo], user_id: int) -> list[MyGame]:
    """The user's open games among `tables` (the service's `tables_for_user`), in /games order."""
    found: list[MyGame] = []
    for table in tables:
        if not table.is_seated(user_id):
            continue
        mine = tuple(p for p in table.pending if p.user_id == user_id and not p.is_ai)
        try:
            since = await _pending_since(store, table, [p.player for p in mine]) if mine else table.updated_at
            message = await store.get_message(table.game_id, STATUS_SLOT)
        except Exception:
            # One unreadable game must not hide the user's other games.
            log.exception("game %s could not be read for user %s's games", table.game_id, user_id)
            continue
        found.append(MyGame(table, mine, since, message))
    waiting = sorted((g for g in found if g.mine), key=lambda g: (g.since, g.table.game_id))
    others = sorted((g for g in found if not g.mine), key=lambda g: (-g.since, g.table.game_id))
    return waiting + others
