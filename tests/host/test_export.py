"""/game export at the host: the public record holds nothing hidden, the full record replays the game exactly."""

from __future__ import annotations

import json
from typing import Any

import pytest

from engine import registry, replay
from engine.core.rng import Rng
from host.errors import GameNotActive
from host.service import TableService
from tests.host.conftest import HOST, STRANGER, open_service, play_until

SEED = 987_654_321_987
# The shortest games the options allow: the records' rules do not depend on a game's length.
SHORT = {"vendetta": {"round_limit": 10}, "associates": {"turn_cap": 10}, "tribes": {"gnompax_cap": 20}}
# Random games per game; one of Tribes, whose shortest game is still several times longer than the others'.
GAMES_OF = {"tribes": (1,)}


def string_leaves(value: Any) -> set[str]:
    """Every text anywhere in a JSON value, keys included."""
    if isinstance(value, str):
        return {value}
    if isinstance(value, dict):
        return {str(k) for k in value} | {s for v in value.values() for s in string_leaves(v)}
    if isinstance(value, list):
        return {s for v in value for s in string_leaves(v)}
    return set()


async def finished_game(svc: TableService, name: str, seed: int, rng_seed: int) -> int:
    """A game of HOST against one AI, played to its end by random moves of HOST; its id."""
    table = await svc.create_table(name, SHORT.get(name), HOST, None, 1, seed=seed)
    await svc.add_ai(table.game_id, HOST, "easy")
    await svc.start(table.game_id, HOST, join_order=True)
    last = await play_until(svc, table.game_id, Rng.from_seed(rng_seed))
    assert last is not None and last.ended, "the game did not finish"
    return table.game_id


@pytest.mark.postgres_sample("name", ("vendetta",))
@pytest.mark.parametrize("name", registry.names())
async def test_records_of_finished_games_hide_what_is_hidden_and_replay(name: str, store_url: str) -> None:
    svc = await open_service(store_url)
    try:
        for rng_seed in GAMES_OF.get(name, (1, 2)):
            game_id = await finished_game(svc, name, SEED + rng_seed, rng_seed)
            mine = await svc.export_records(game_id, HOST, lambda user: f"user-{user}")
            theirs = await svc.export_records(game_id, STRANGER, lambda user: f"user-{user}")
            rows = await svc.store.list_actions(game_id)
            row = await svc.store.get_game(game_id)
            assert row is not None and row.outcome is not None
            # Anyone gets the same public record; only a player gets the full one.
            assert theirs.full is None and theirs.public == mine.public and mine.full is not None

            public = mine.public
            text = json.dumps(public)
            assert public["kind"] == replay.PUBLIC and public["version"] == replay.RECORD_VERSION
            assert "seed" not in public and "moves" not in public and str(SEED + rng_seed) not in text
            events = [e for r in rows for e in r.events]
            secrets = {e["text"] for e in events if e.get("visible_to") is not None}
            secrets -= {e["text"] for e in events if e.get("visible_to") is None}
            assert secrets, "the game produced no private event to check"
            leaves = string_leaves(public)
            assert not any(secret in text for secret in secrets)
            assert not ({r.action_id for r in rows} & leaves), "a move's id is in the public record"
            assert public["log"] and all(set(line) == {"at", "text"} for line in public["log"])
            assert [p["name"] for p in public["players"]] == [f"user-{HOST}", "AI 2 (easy)"]
            assert public["outcome"]["ranking"] == row.outcome["ranking"]
            assert public["outcome"]["scores"] == row.outcome["scores"]

            # The full record replays, through the engine alone, to the stored outcome.
            full = json.loads(json.dumps(mine.full))
            verified = replay.verify(full)
            assert verified.moves == len(rows) and replay.outcome_json(verified.outcome) == row.outcome
            assert full["seed"] == SEED + rng_seed and full["kind"] == replay.FULL
            assert [m["action"] for m in full["moves"]] == [r.action_id for r in rows]
            full["moves"] = full["moves"][:-1]
            with pytest.raises(replay.RecordRefused):
                replay.verify(full)
    finally:
        await svc.close()


async def test_a_game_not_over_has_no_record(store_url: str) -> None:
    svc = await open_service(store_url)
    try:
        table = await svc.create_table("vendetta", None, HOST, None, 1)
        await svc.add_ai(table.game_id, HOST)
        with pytest.raises(GameNotActive, match="has not started yet"):
            await svc.export_records(table.game_id, HOST)
        await svc.start(table.game_id, HOST)
        with pytest.raises(GameNotActive, match="still being played"):
            await svc.export_records(table.game_id, HOST)
        await svc.cancel(table.game_id, HOST)
        with pytest.raises(GameNotActive, match="cancelled"):
            await svc.export_records(table.game_id, HOST)
    finally:
        await svc.close()
