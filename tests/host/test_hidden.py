"""Hidden is hidden: no private event reaches a public post, a public log line or a log record at INFO+."""

from __future__ import annotations

import json
import logging

import pytest

from engine.core.rng import Rng
from tests.host import toygame
from tests.host.conftest import HOST, open_service, play_until
from tests.host.test_games import GAMES, seats_for


@pytest.mark.parametrize("name", GAMES[:2])
async def test_private_events_stay_private(name, store_url, notifier, caplog):
    caplog.set_level(logging.DEBUG)
    svc = await open_service(store_url, notifier)
    try:
        table = await svc.create_table(name, None, HOST, None, 1, seed=8)
        for _ in range(seats_for(name) - 1):
            await svc.add_ai(table.game_id, HOST)
        await svc.start(table.game_id, HOST, join_order=True)
        await play_until(svc, table.game_id, Rng.from_seed(8), 60)
        rows = await svc.store.list_actions(table.game_id)
        spectator_log = await svc.log(table.game_id, None)
    finally:
        await svc.close()
    game = toygame.resolve(name)
    setup = [e.to_json() for e in game.setup_events(game.new_game(seats_for(name), 8, None))]
    events = [*setup, *(e for r in rows for e in r.events)]
    secrets = {e["text"] for e in events if e.get("visible_to") is not None}
    public = {e["text"] for e in events if e.get("visible_to") is None}
    secrets -= public  # a text that is also said publicly is not a secret
    assert secrets, "the game produced no private event to check"
    public_text = json.dumps(
        [(u.headline, [e.text for e in u.public_events], u.public_view) for _, u in notifier.posts]
    )
    assert not any(secret in public_text for secret in secrets)
    assert not any(line.text in secrets for line in spectator_log)
    loud = " ".join(r.getMessage() for r in caplog.records if r.levelno >= logging.INFO)
    assert not any(secret in loud for secret in secrets)
    # private updates go only to the player concerned
    for _, user, update in notifier.privates:
        assert user == HOST and update.player == 0
