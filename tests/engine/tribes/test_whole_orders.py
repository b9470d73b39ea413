"""Whole Tribes orders in one tap: an investment, a launch or an attack plan sealed by one shortcut."""

from __future__ import annotations

import pytest

from engine import registry
from engine.core.actions import MAX_ID_LEN, Action
from engine.core.errors import IllegalAction
from engine.core.rng import Rng
from engine.tribes import phases
from engine.tribes.actions import WholeInvestment, WholeLaunch, parse, step_id
from engine.tribes.investment import ARMY_PRICE
from engine.tribes.state import TribesState
from engine.tribes.war.plan import PLAN_LABEL
from tests.engine.draft_clear import apply_id, offered_ids, take

GAME = registry.get("tribes")


def _investing(options: dict[str, object] | None = None) -> TribesState:
    state = GAME.new_game(2, 7, options)
    while state.phase == phases.TRIBE:
        state = take(GAME, state, GAME.pending(state)[0].player, lambda i: i.startswith("tribe:"))
    assert state.phase == phases.INVESTMENT
    return state


def _fits(actions: list[Action]) -> None:
    assert 0 < len(actions) <= 25
    assert all(len(a.id) <= MAX_ID_LEN and len(a.label) <= PLAN_LABEL for a in actions)
    assert len({a.id for a in actions}) == len(actions)


def test_whole_investment_ids_spell_back() -> None:
    whole = WholeInvestment((("wheatburg", 2),), (("research", 10), ("guards", 0)))
    assert step_id(whole) == "inv:do:wheatburg*2,research+10,guards+0"
    assert parse(step_id(whole)) == whole
    for launch in (WholeLaunch(1, None, None), WholeLaunch(None, 0, "research")):
        assert parse(step_id(launch)) == launch
    with pytest.raises(IllegalAction):
        parse("inv:do:nowhere*2")


def test_a_recruit_shortcut_seals_the_whole_order_in_one_step() -> None:
    state = _investing()
    shortcuts = GAME.shortcuts(state, 0)
    _fits(shortcuts)
    recruit = next(a for a in shortcuts if "*" in a.id)
    purse = state.players[0].purse
    after = apply_id(GAME, state, 0, recruit.id)  # as a stored log entry (or /play) reads it
    draft = after.drafts[0]
    assert draft.done and draft.history
    (territory, count), = draft.investment.recruits.items()
    assert recruit.label.startswith(f"Recruit {count} arm") and f"({ARMY_PRICE * count} GG)" in recruit.label
    after = apply_id(GAME, after, 1, "pass")
    assert after.players[0].purse == purse - ARMY_PRICE * count
    assert after.areas[territory].armies == state.areas[territory].armies + count


def test_a_bill_shortcut_puts_the_biggest_bill_the_purse_allows() -> None:
    state = _investing()
    bill = next(a for a in GAME.shortcuts(state, 0) if a.id.startswith("inv:do:research+"))
    after = apply_id(GAME, state, 0, bill.id)
    value = after.drafts[0].investment.bills["research"][0]
    assert 0 < value <= state.players[0].purse
    assert f"{value} GG bill to Research" in bill.label


def test_a_whole_order_never_replaces_a_built_draft_nor_overspends() -> None:
    state = _investing()
    recruit = next(a for a in GAME.shortcuts(state, 0) if "*" in a.id)
    built = take(GAME, state, 0, lambda i: i.startswith("inv:post:"))
    assert GAME.shortcuts(built, 0) == []
    with pytest.raises(IllegalAction) as info:
        GAME.apply(built, 0, Action(recruit.id))
    assert info.value.code == "E_STEP"
    with pytest.raises(IllegalAction) as info:
        GAME.parse_action(state, 0, "inv:do:research+20,guards+20")
    assert info.value.code == "E_PURSE"


def test_a_launch_shortcut_seals_one_launch() -> None:
    state = _investing({"turbo": True})
    state = take(GAME, state, 0, lambda i: i == "inv:post:espionage")
    state = take(GAME, state, 0, lambda i: i == "inv:bill:5")
    state = apply_id(GAME, state, 0, "confirm")
    state = apply_id(GAME, state, 1, "pass")
    assert state.phase == phases.LAUNCH
    shortcuts = GAME.shortcuts(state, 0)
    _fits(shortcuts)
    assert [a.label for a in shortcuts] == [f"Spy on the {state.players[1].tribe.title()} Gnomes and seal"]
    after = apply_id(GAME, state, 0, shortcuts[0].id)
    assert after.phase != phases.LAUNCH or after.drafts[0].done  # sealed (and carried out once all are in)


def _planning(seed: int) -> tuple[TribesState, int]:
    """A turbo game played at random (recruiting at once, planning nothing) until a plan can attack on foot."""
    rng = Rng.from_seed(seed)
    state = GAME.new_game(2, seed, {"turbo": True})
    for _ in range(3000):
        pending = GAME.pending(state)
        assert pending, "the game ended before any attack could be planned"
        player = pending[0].player
        quick = GAME.shortcuts(state, player)
        if state.phase == phases.PLAN and quick:
            return state, player
        recruits = [a for a in quick if "*" in a.id]
        if state.phase == phases.INVESTMENT and recruits:
            state = GAME.apply(state, player, recruits[-1])[0]
        elif state.phase == phases.PLAN:
            state = GAME.apply(state, player, GAME.timeout_action(state, player))[0]
        else:
            state = GAME.apply(state, player, rng.choice(GAME.legal_actions(state, player)))[0]
    raise AssertionError("no plan with an attack was reached")


def test_a_plan_shortcut_sends_every_free_army_and_confirms() -> None:
    state, player = _planning(3)
    shortcuts = GAME.shortcuts(state, player)
    _fits(shortcuts)
    assert "plan:none" in offered_ids(GAME, state, player)  # holding everywhere stays one tap
    chosen = shortcuts[0]
    _, _, source, target = chosen.id.split(":")
    armies = state.areas[source].armies
    after, events = GAME.apply(state, player, GAME.parse_action(state, player, chosen.id))
    assert any(e.kind == "war_plan" and e.data.get("armies") == armies and e.data.get("target") == target
               for e in events)
    assert after.phase != phases.PLAN


def test_a_plan_shortcut_is_refused_once_the_plan_holds_an_attack() -> None:
    state, player = _planning(3)
    chosen = GAME.shortcuts(state, player)[0]
    state = take(GAME, state, player, lambda i: i.startswith("plan:from:"))
    with pytest.raises(IllegalAction) as info:
        GAME.apply(state, player, Action(chosen.id))
    assert info.value.code in ("E_STEP", "E_WRONG_STEP")
