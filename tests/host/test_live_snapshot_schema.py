"""A snapshot stored before the Associates schema change still verifies against the replay of its log.

The stored text of a SCHEMA 1 snapshot differs from the replay's SCHEMA 2 dump; `verify` (and the load
check of host.tables) must accept it when the game loads it to the replayed state, and still refuse a
snapshot that holds another state.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from db.rows import ActionRow
from engine.associates import GAME
from host.live import LiveGame, replay_log, snapshot_matches, snapshot_text, verify
from host.results import TableSettings, TableStatus

STORED = Path(__file__).resolve().parents[1] / "fixtures" / "associates_snapshots"


def _doc(name: str) -> dict[str, Any]:
    return dict(json.loads((STORED / name).read_text()))


def _rows(doc: dict[str, Any]) -> list[ActionRow]:
    return [ActionRow(1, i, p, a, "player", None, None, [], 0.0) for i, (p, a) in enumerate(doc["moves"], 1)]


def _live(doc: dict[str, Any], snapshot: str) -> LiveGame:
    return LiveGame(
        id=1, game=GAME, game_name="associates", guild_id=None, channel_id=1, host_user_id=1,
        options=doc["options"], seed=doc["seed"], status=TableStatus.ACTIVE, status_reason=None,
        settings=TableSettings(), players=doc["players"], version=len(doc["moves"]), seats=[], created_at=0.0,
        updated_at=0.0, snapshot=snapshot,
    )


@pytest.mark.parametrize("name", ["s1_reaction_w3_3p_seed23.json", "s1_draft_zone_4p_seed11.json"])
def test_a_schema_1_snapshot_verifies_against_its_replay(name: str) -> None:
    doc = _doc(name)
    assert json.loads(doc["snapshot"])["schema"] == 1
    replayed = replay_log(GAME, doc["players"], doc["seed"], doc["options"], _rows(doc))
    assert snapshot_text(GAME, replayed) != doc["snapshot"]  # the texts differ: only the migration matches them
    assert snapshot_matches(GAME, doc["snapshot"], replayed)
    assert verify(_live(doc, doc["snapshot"]), _rows(doc)) is None


def test_a_schema_1_snapshot_of_another_state_is_still_refused() -> None:
    doc = _doc("s1_reaction_w3_3p_seed23.json")
    other = json.loads(doc["snapshot"])
    other["turn"] += 1
    text = json.dumps(other)
    replayed = replay_log(GAME, doc["players"], doc["seed"], doc["options"], _rows(doc))
    assert not snapshot_matches(GAME, text, replayed)
    problem = verify(_live(doc, text), _rows(doc))
    assert problem is not None and "differs from the replay" in problem


def test_a_snapshot_the_game_refuses_does_not_match() -> None:
    doc = _doc("s1_setup_4p_seed11.json")
    replayed = replay_log(GAME, doc["players"], doc["seed"], doc["options"], _rows(doc))
    assert not snapshot_matches(GAME, json.dumps({"schema": 99}), replayed)


def test_a_snapshot_of_the_current_schema_must_match_in_text() -> None:
    """The loader ignores unknown keys, so a changed SCHEMA 2 snapshot is judged by its text, never reloaded."""
    doc = _doc("s2_reaction_w3_3p_seed23.json")
    replayed = replay_log(GAME, doc["players"], doc["seed"], doc["options"], _rows(doc))
    assert snapshot_matches(GAME, doc["snapshot"], replayed)
    changed = json.dumps({**json.loads(doc["snapshot"]), "tampered": True})
    assert GAME.load(json.loads(changed)) == replayed  # loading alone would not see the change
    assert not snapshot_matches(GAME, changed, replayed)
    assert verify(_live(doc, changed), _rows(doc)) is not None
