"""Action ids are parsed once into typed commands: every offered id has a known form, draft steps spell
themselves back byte for byte, and whole typed orders are checked without applying them."""

from __future__ import annotations

import pytest

from engine.associates import GAME, ids
from engine.associates.game import AssociatesGame
from engine.core import IllegalAction
from engine.core.actions import Action
from tests.engine.associates.helpers import activate, make
from tests.engine.wording import play_out

DRAFT_STEPS = (ids.To, ids.Sprint, ids.TransferMode, ids.Give, ids.Take, ids.Drop, ids.Row)


def _offered(players: int, seed: int) -> set[str]:
    seen: set[str] = set()
    for s, _ in play_out(GAME, players, seed):
        for p in range(players):
            seen.update(a.id for a in GAME.legal_actions(s, p))
            seen.update(a.id for a in GAME.shortcuts(s, p))
    return seen


@pytest.mark.parametrize("players", [2, 4])
def test_every_offered_id_has_a_known_form(players: int) -> None:
    offered = _offered(players, 5)
    unknown = sorted(i for i in offered if isinstance(ids.parse(i), ids.Unknown))
    assert unknown == []
    spelt = [(i, ids.step_id(step)) for i in offered if isinstance(step := ids.parse(i), DRAFT_STEPS)]
    assert spelt and all(i == back for i, back in spelt)


def test_payloads_are_kept_as_written() -> None:
    assert ids.parse("activate:a:b") == ids.Activate("a:b")
    assert ids.parse("t:loose:gold:all") == ids.Take("loose", "gold", ("all",))
    assert ids.parse("t:loose") == ids.Take("loose", None)
    assert ids.parse("tgt:l:thieves") == ids.Target(lair="thieves")
    assert ids.parse("keepset:0,1,+2") == ids.KeepSet(None)
    assert ids.parse("row:x") == ids.Unknown("row:x")
    assert ids.parse("move") == ids.Open("move")


def test_typed_orders_are_checked_without_applying(monkeypatch: pytest.MonkeyPatch) -> None:
    s = make(["thieves", "artisans"])
    activate(s, "thieves_goblin")
    go = next(a for a in GAME.shortcuts(s, 0) if isinstance(ids.parse(a.id), ids.Go))

    def refuse(*_: object) -> None:
        raise AssertionError("parse_action applied the order")

    monkeypatch.setattr(AssociatesGame, "apply", refuse)
    assert GAME.parse_action(s, 0, go.id) == Action(go.id)
    with pytest.raises(IllegalAction) as err:
        GAME.parse_action(s, 0, "go:nowhere")
    assert err.value.code == "E_UNKNOWN_ZONE"
