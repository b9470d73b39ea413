"""Each stored move carries its turn time: seconds from the moment the decision became the mover's."""

from __future__ import annotations

from engine.core.rng import Rng
from tests.fixtures.db.raw import query
from tests.host.conftest import ALICE, HOST, play_one, started


async def test_a_moves_turn_time_counts_from_when_its_decision_opened(service, clock, store_url):
    game_id = (await started(service, [HOST, ALICE], options={"target": 3})).game_id
    rng = Rng.from_seed(1)
    # The opening bids are simultaneous: both open at the start, answered 30 s and then 70 s after it.
    clock.advance(30)
    await play_one(service, game_id, rng)
    clock.advance(40)
    await play_one(service, game_id, rng)
    # The race: the next decision opens with the last bid and is answered 5 s later.
    clock.advance(5)
    await play_one(service, game_id, rng)
    rows = await query(store_url, "SELECT seq, turn_seconds FROM actions WHERE game_id = ? ORDER BY seq", game_id)
    assert [(seq, t if t is None else round(t, 6)) for seq, t in rows] == [(1, 30.0), (2, 70.0), (3, 5.0)]
