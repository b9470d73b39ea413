"""The computer players' evaluation weighs the Brigands' and the Thieves' missions before they are completed."""

from __future__ import annotations

import pytest

from engine.associates import GAME, ai
from engine.associates.state import figs_of

from .helpers import make, park, seat


def test_the_brigands_value_each_stun_on_a_rival_lair_and_no_one_else_does() -> None:
    s = make(["brigands", "artisans"])
    brigands, artisans = seat(s, "brigands"), seat(s, "artisans")
    before = (ai.evaluate(GAME, s, brigands), ai.evaluate(GAME, s, artisans))
    s.lairs["artisans"].stuns = 2
    assert ai.evaluate(GAME, s, brigands) == before[0] + 2 * ai.LAIR_STUN_POINTS
    assert ai.evaluate(GAME, s, artisans) == before[1]
    s.lairs["brigands"].stuns = 1  # the Brigands' own lair is no target of their mission
    assert ai.evaluate(GAME, s, brigands) == before[0] + 2 * ai.LAIR_STUN_POINTS


def test_the_thieves_value_standing_nearer_a_lair_they_may_rob(monkeypatch: pytest.MonkeyPatch) -> None:
    s = make(["thieves", "artisans"])
    thieves = seat(s, "thieves")
    target = s.lairs["artisans"].zone
    far = max(ai.steps_from(target), key=lambda z: ai.steps_from(target)[z])
    figs = figs_of(s, "thieves")
    park(s, figs, far)
    away = ai.evaluate(GAME, s, thieves)
    park(s, figs, target)
    near = ai.evaluate(GAME, s, thieves)
    assert near > away
    # once that lair gave the last Objective, standing on it is worth only the other lairs' pull
    s.players[thieves].last_objective_lair = target
    assert ai.evaluate(GAME, s, thieves) < near
    assert target not in ai._robbable_lairs(s, thieves)
    # the pull is the term's own and measured from the den: a figurine on a robbable lair adds the points less the
    # den's pull, and figurines at the den add nothing, so the term cannot sway the choice of a guild
    s.players[thieves].last_objective_lair = None
    den_pull = ai._lair_pull(s.lairs["thieves"].zone, ai._robbable_lairs(s, thieves))
    assert 0 < den_pull < 1
    monkeypatch.setattr(ai, "ROBBABLE_LAIR_POINTS", 0.0)
    assert near - ai.evaluate(GAME, s, thieves) == pytest.approx(len(figs) * 4.0 * (1 - den_pull))
    park(s, figs, s.lairs["thieves"].zone)
    without = ai.evaluate(GAME, s, thieves)
    monkeypatch.setattr(ai, "ROBBABLE_LAIR_POINTS", 4.0)
    assert ai.evaluate(GAME, s, thieves) == pytest.approx(without)
