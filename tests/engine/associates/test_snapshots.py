"""Stored snapshots of every schema version load, equal the state their moves reach, and show the same views."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from engine.associates import GAME
from engine.core.errors import IllegalAction
from engine.core.game import replay
from host.live import snapshot_text

STORED = sorted((Path(__file__).resolve().parents[2] / "fixtures" / "associates_snapshots").glob("s*_*.json"))


def _doc(path: Path) -> dict[str, Any]:
    return dict(json.loads(path.read_text()))


def test_every_kind_of_moment_is_stored() -> None:
    names = {p.name.split("_", 1)[1].rsplit("_", 2)[0] for p in STORED}
    assert {"setup", "designate", "open_activation", "reaction_w1", "reaction_w2", "reaction_w3",
            "theft_choice", "keep", "reinforce", "over"} <= names


@pytest.mark.parametrize("path", STORED, ids=lambda p: p.stem)
def test_stored_snapshot_loads_as_the_replayed_state(path: Path) -> None:
    doc = _doc(path)
    loaded = GAME.load(json.loads(doc["snapshot"]))
    replayed, _ = replay(GAME, doc["players"], doc["seed"], doc["options"], [(p, a) for p, a in doc["moves"]])
    assert snapshot_text(GAME, loaded) == snapshot_text(GAME, replayed)
    assert GAME.pending(loaded) == GAME.pending(replayed)


@pytest.mark.parametrize("path", STORED, ids=lambda p: p.stem)
def test_stored_snapshot_shows_the_stored_views(path: Path) -> None:
    doc = _doc(path)
    loaded = GAME.load(json.loads(doc["snapshot"]))
    for who, view in doc["views"].items():
        player = None if who == "public" else int(who)
        shown = json.loads(json.dumps(GAME.view(loaded, player)))
        # Views since gained the sides' ids ("faction_ids"), so a message can name them in any language.
        assert set(shown) - set(view) <= {"faction_ids"}
        assert {k: v for k, v in shown.items() if k in view} == view


def test_unknown_schema_is_refused() -> None:
    doc = json.loads(_doc(STORED[0])["snapshot"])
    doc["schema"] = 99
    with pytest.raises(IllegalAction) as err:
        GAME.load(doc)
    assert err.value.code == "E_SCHEMA"


def test_every_moment_is_stored_in_both_schemas() -> None:
    by_schema: dict[int, set[str]] = {}
    for path in STORED:
        doc = _doc(path)
        assert json.loads(doc["snapshot"])["schema"] == doc["schema"] == int(path.name[1:].split("_", 1)[0])
        by_schema.setdefault(doc["schema"], set()).add(path.name.split("_", 1)[1])
    assert by_schema[1] == by_schema[2] and len(by_schema[1]) == 17


@pytest.mark.parametrize("path", [p for p in STORED if p.name.startswith("s1_")], ids=lambda p: p.stem)
def test_a_schema_1_snapshot_migrates_to_the_schema_2_text_of_the_same_moment(path: Path) -> None:
    old, new = _doc(path), _doc(path.with_name("s2_" + path.name.removeprefix("s1_")))
    assert old["moves"] == new["moves"]
    assert snapshot_text(GAME, GAME.load(json.loads(old["snapshot"]))) == new["snapshot"]


def test_migration_fills_a_schema_1_draft_and_elimination() -> None:
    """The two shapes SCHEMA 2 changed: a draft says whether it is a Forge Craft, an elimination has every field."""
    w3 = json.loads(_doc(STORED[0].with_name("s1_reaction_w3_3p_seed23.json"))["snapshot"])
    assert "hits" not in w3["res"] and "allowance" not in w3["res"]
    loaded = GAME.load(w3)
    assert loaded.res is not None and loaded.res.type == "elim" and loaded.res.stage == "w3"
    assert (loaded.res.hits, loaded.res.allowance, loaded.res.faces, loaded.res.colour) == (0, 0, [], "")
    move = json.loads(_doc(STORED[0].with_name("s1_draft_move_4p_seed11.json"))["snapshot"])
    assert "forge" not in move["draft"]
    draft = GAME.load(move).draft
    assert draft is not None and draft.kind == "move" and draft.forge is False
