"""Full game records of every registered game replay to their outcome; tampered or malformed ones are refused."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from engine import registry, replay
from engine.ai import make_player


def random_moves(game_name: str, players: int, seed: int) -> list[tuple[int, str]]:
    """The moves of one whole game between random players."""
    game = registry.get(game_name)
    state = game.new_game(players, seed, {})
    bots = [make_player("random", seed * 100 + p) for p in range(players)]
    moves: list[tuple[int, str]] = []
    while game.pending(state):
        player = game.pending(state)[0].player
        action = bots[player].choose(game, state, player)
        state, _events = game.apply(state, player, action)
        moves.append((player, action.id))
    return moves


@pytest.fixture(scope="module", params=registry.names())
def record(request: pytest.FixtureRequest) -> dict[str, Any]:
    name = request.param
    moves = random_moves(name, 2, 11)
    return replay.full_record(name, 2, 11, {}, moves)


def refusal(record: Any) -> str:
    with pytest.raises(replay.RecordRefused) as caught:
        replay.verify(record)
    return str(caught.value)


def test_a_full_record_replays_to_its_outcome(record: dict[str, Any]) -> None:
    verified = replay.verify_text(json.dumps(record))
    assert verified.game_name == record["game"] and verified.moves == len(record["moves"])
    assert [list(g) for g in verified.outcome.ranking] == record["outcome"]["ranking"]
    assert record["version"] == replay.RECORD_VERSION and record["kind"] == replay.FULL
    lines = replay.summary(verified)
    assert lines[0].startswith(f"Verified: {len(record['moves'])} moves of ")
    assert any(line.startswith("1. ") for line in lines)


def test_a_move_the_rules_do_not_allow_is_refused(record: dict[str, Any]) -> None:
    tampered = copy.deepcopy(record)
    middle = len(tampered["moves"]) // 2
    tampered["moves"][middle]["action"] = "no-such-move"
    assert refusal(tampered).startswith(f"The moves do not replay: Move {middle + 1} is not allowed")


def test_moves_that_stop_before_the_end_are_refused(record: dict[str, Any]) -> None:
    short = copy.deepcopy(record)
    short["moves"].pop()
    assert "stop before the game ends" in refusal(short)


def test_another_stated_outcome_is_refused(record: dict[str, Any]) -> None:
    edited = copy.deepcopy(record)
    edited["outcome"]["scores"]["0"] = edited["outcome"]["scores"]["0"] + 1
    assert refusal(edited) == "The moves reach another outcome than the one the record states."
    reversed_ranking = copy.deepcopy(record)
    reversed_ranking["outcome"]["ranking"] = list(reversed(record["outcome"]["ranking"]))
    if reversed_ranking["outcome"]["ranking"] != record["outcome"]["ranking"]:
        assert "another outcome" in refusal(reversed_ranking)


def test_records_that_are_not_full_records_are_refused(record: dict[str, Any]) -> None:
    public = {k: v for k, v in record.items() if k not in ("seed", "moves")} | {"kind": replay.PUBLIC}
    assert refusal(public).startswith("This is the public record of a game")
    assert refusal([1, 2]) == "This file is not a Gnomehost game record."
    assert "version 1 only" in refusal(record | {"version": 99})
    assert "does not know" in refusal(record | {"game": "chess"})
    assert "'seed' is missing" in refusal({k: v for k, v in record.items() if k != "seed"})
    assert "move 1 does not name" in refusal(record | {"moves": [{"player": "x"}]})
    with pytest.raises(replay.RecordRefused, match="not valid JSON"):
        replay.verify_text("{not json")


def test_the_command_line_exits_0_on_a_verified_record_and_2_on_a_refused_one(
    record: dict[str, Any], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    good = tmp_path / "good.json"
    good.write_text(json.dumps(record), encoding="utf-8")
    assert replay.main([str(good)]) == replay.EXIT_VERIFIED
    assert capsys.readouterr().out.startswith("Verified: ")
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(record)[:-5], encoding="utf-8")
    assert replay.main([str(bad)]) == replay.EXIT_REFUSED
    err = capsys.readouterr().err
    assert "not valid JSON" in err and "Traceback" not in err
    assert replay.main([str(tmp_path / "missing.json")]) == replay.EXIT_REFUSED
    assert "cannot be read" in capsys.readouterr().err
