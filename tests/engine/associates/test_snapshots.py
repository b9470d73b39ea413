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
        assert json.loads(json.dumps(GAME.view(loaded, player))) == view


def test_unknown_schema_is_refused() -> None:
    doc = json.loads(_doc(STORED[0])["snapshot"])
    doc["schema"] = 99
    with pytest.raises(IllegalAction) as err:
        GAME.load(doc)
    assert err.value.code == "E_SCHEMA"
