"""Which pending players the AI plays for at once: those on vacation at a table whose `away` setting says so."""

from __future__ import annotations

from collections.abc import Iterable

from db.store import Store
from engine.core.decisions import Decision
from host import attention
from host.live import LiveGame
from host.results import AwayPolicy


async def due_at_once(store: Store, live: LiveGame, decisions: Iterable[Decision], now: float) -> dict[int, float]:
    """Pending human players on vacation at `live`'s table when its `away` setting has the AI play for them,
    each mapped to `now`: the AI takes their turn at the scheduler's next round instead of after a reminder
    delay (R-V35, R-A56, R-T45). Reads the store only at such tables, so other tables' moves cost nothing."""
    if live.settings.away != AwayPolicy.AI:
        return {}
    users: dict[int, int] = {}
    for decision in decisions:
        seat = live.seat_of_player(decision.player)
        if seat is not None and seat.user_id is not None and not live.is_ai(decision.player):
            users[decision.player] = seat.user_id
    if not users:
        return {}
    rows = await store.get_players(set(users.values()))
    return {player: now for player, user in users.items() if attention.is_away(rows.get(user), now)}
