"""A game closed mid-way and continued by a new service ends exactly as an uninterrupted one."""

from __future__ import annotations

import pytest

from engine.core.rng import Rng
from tests.host.conftest import ALICE, HOST, open_service, play_until
from tests.host.test_games import GAMES, seats_for


async def _play(url: str, name: str, stop_after: list[int]) -> tuple[str | None, list[tuple[int, str, str]]]:
    """Play a game with HOST, ALICE and AIs; restart the service after each count of human moves in
    `stop_after`. Returns the final snapshot and the log (player, action id, source)."""
    rng = Rng.from_seed(11)
    svc = await open_service(url)
    table = await svc.create_table(name, None, HOST, None, 1, seed=4242)
    await svc.join(table.game_id, ALICE)
    for _ in range(seats_for(name) - 2):
        await svc.add_ai(table.game_id, HOST)
    await svc.start(table.game_id, HOST, join_order=True)
    for count in stop_after:
        await play_until(svc, table.game_id, rng, count)
        await svc.close()
        svc = await open_service(url)
    last = await play_until(svc, table.game_id, rng)
    assert last is not None and last.ended
    row = await svc.store.get_game(table.game_id)
    rows = await svc.store.list_actions(table.game_id)
    await svc.close()
    assert row is not None
    return row.snapshot, [(r.player, r.action_id, r.source) for r in rows]


@pytest.mark.postgres_sample("name", ("vendetta",))
@pytest.mark.parametrize("name", GAMES)
async def test_restart_mid_game_gives_the_uninterrupted_result(name, store_url):
    # One store, one game after the other in the same channel (the first is over when the second begins).
    straight = await _play(store_url, name, [])
    interrupted = await _play(store_url, name, [3, 5])
    assert interrupted == straight
