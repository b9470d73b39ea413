"""Full games of every registered game (and the toy game) through the service, checked against the engine."""

from __future__ import annotations

import json

import pytest

from engine import registry
from engine.core.rng import Rng
from host.ai_worker import decide_action
from host.batch import ai_seed
from host.results import AiLevel, MoveSource, UpdateKind
from tests.host import toygame
from tests.host.conftest import HOST, open_service, play_until

GAMES = ["dash", *registry.names()]


def seats_for(name: str) -> int:
    low, high = toygame.resolve(name).player_range
    return min(max(3, low), high)


@pytest.mark.postgres_sample("name", ("vendetta",))
@pytest.mark.parametrize("name", GAMES)
async def test_full_game_with_ai_players_matches_direct_engine_play(name, store_url, notifier):
    game = toygame.resolve(name)
    players = seats_for(name)
    svc = await open_service(store_url, notifier)
    try:
        table = await svc.create_table(name, None, HOST, None, 1, seed=99)
        for _ in range(players - 1):
            table = await svc.add_ai(table.game_id, HOST)
        result = await svc.start(table.game_id, HOST, join_order=True)
        last = await play_until(svc, table.game_id, Rng.from_seed(5))
        result = last or result
        assert result.ended, "the game did not finish"
        row = await svc.store.get_game(table.game_id)
        rows = await svc.store.list_actions(table.game_id)
    finally:
        await svc.close()
    assert row is not None and row.status == "finished"
    assert row.version == len(rows) == rows[-1].seq

    # Direct engine play: same seed, same options, the same actions in the same order.
    state = game.new_game(players, 99, row.options)
    for entry in rows:
        if entry.source == MoveSource.AI:
            # the AI's choice (an "Add AI" seat plays normal) is itself reproducible from the seed and the state
            seed = ai_seed(99, entry.seq, entry.player)
            expected = decide_action(game, state, entry.player, AiLevel.NORMAL, seed, None)
            assert expected.id == entry.action_id
        state, events = game.apply(state, entry.player, game.parse_action(state, entry.player, entry.action_id))
        assert [e.to_json() for e in events] == entry.events
    assert row.snapshot is not None
    assert game.dump(state) == json.loads(row.snapshot)
    outcome = game.outcome(state)
    assert outcome is not None and result.outcome == outcome
    assert row.outcome == outcome.to_json()

    # Hidden stays hidden: every public post carries public events only.
    posts = notifier.posts_for(table.game_id)
    assert posts[0].kind == UpdateKind.STARTED and posts[-1].kind == UpdateKind.ENDED
    opening = [e for e in game.setup_events(game.new_game(players, 99, row.options)) if e.public]
    assert list(posts[0].public_events[: len(opening)]) == opening
    assert all(e.public for post in posts for e in post.public_events)
    for post in posts:
        assert post.public_view is not None
    assert all(update.player == 0 for _, user, update in notifier.privates if user == HOST)
