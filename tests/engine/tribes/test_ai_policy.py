"""The Tribes computer player's policy (engine.tribes.ai_policy) and how the hard level uses it."""

from __future__ import annotations

import time

import pytest

from engine.ai import decide
from engine.ai.hooks import hooks_for
from engine.ai.ismcts import IsmctsPlayer
from engine.core.actions import Action
from engine.tribes import GAME, ai, ai_hard, ai_policy
from engine.tribes.ai_war import ATTACK_MARGIN, best_attack
from engine.tribes.state import TribesState
from tests.engine.tribes.builders import build, start, who

MAX_PLAN_STEPS = 40


def policy_step(state: TribesState, player: int) -> Action:
    """The policy's step for `player`, which must have one here."""
    action = ai_policy.step(GAME, state, player)
    assert action is not None, "the policy had no step"
    return action


def plan_with_policy(state: TribesState, letter: str) -> TribesState:
    """The state after the policy drafted and sealed `letter`'s invasion plan (through the game's apply)."""
    player = who(state, letter)
    for _ in range(MAX_PLAN_STEPS):
        war = state.war
        if war is None or war.plan_done or state.phase != "plan":
            return state
        action = ai_policy.step(GAME, state, player)
        assert action is not None, f"no policy step at {war.path}"
        state, _ = GAME.apply(state, player, action)
    raise AssertionError("the policy did not seal its plan")


def sealed_attacks(state: TribesState) -> list[tuple[str, str, int]]:
    """(source, target, armies) of the sealed plan, as the war state records it."""
    assert state.war is not None
    return [(a.source, a.target, a.armies) for a in state.war.attacks]


def weak_city_position() -> TribesState:
    """Plains (P) with 5 armies next to the marsh city Reedburg held by 1 army; a 4-army marsh stack beside."""
    return build({"turnip_plain": "P:5", "wheatburg": "P:1", "reedburg": "K:1", "flint_knoll": "K:4"},
                 tribes="PK")


def test_policy_attacks_the_weak_neighbour_city_with_all_its_armies() -> None:
    state, _ = start(weak_city_position(), "P")
    sealed = plan_with_policy(state, "P")
    assert sealed_attacks(sealed) == [("turnip_plain", "reedburg", 5)]


def test_policy_leaves_a_stack_it_cannot_beat_alone() -> None:
    state, _ = start(build({"turnip_plain": "P:3", "wheatburg": "P:1", "reedburg": "K:5"}, tribes="PK"), "P")
    assert state.war is not None and best_attack(state, state.war) is None
    sealed = plan_with_policy(state, "P")
    assert sealed_attacks(sealed) == []


def test_policy_brings_support_to_an_attack_short_of_the_margin() -> None:
    # 3 from Turnip Plain against Reedburg held by 1 (+1 for a held city, R-T31): margin 1 alone, so the 2 free
    # armies of Eelwater (next to both) must support it; the city (+10 VP) beats the lone army on Flint Knoll
    state, _ = start(build({"turnip_plain": "P:3", "eelwater": "P:2", "wheatburg": "P:1", "flint_knoll": "K:1",
                            "reedburg": "K:1", "heron_fen": "K:1"}, tribes="PK"), "P")
    sealed = plan_with_policy(state, "P")
    assert sealed.war is not None
    assert sealed_attacks(sealed) == [("turnip_plain", "reedburg", 3)]
    assert [(s.territory, s.count) for s in sealed.war.supports] == [("eelwater", 2)]


def test_margin_threshold_is_the_documented_one() -> None:
    state, _ = start(weak_city_position(), "P")
    assert state.war is not None
    option = best_attack(state, state.war)
    assert option is not None and option.margin >= ATTACK_MARGIN and option.target == "reedburg"


def test_deployment_enters_a_free_neighbour_with_a_spare_army() -> None:
    state, _ = start(build({"golden_fields": "P:3", "wheatburg": "P:1", "reedburg": "K:1"}, tribes="PK"), "P")
    player = who(state, "P")
    state, _ = GAME.apply(state, player, policy_step(state, player))  # plan: nothing to attack
    while state.phase != "deploy":
        waiting = GAME.pending(state)[0].player
        state, _ = GAME.apply(state, waiting, GAME.timeout_action(state, waiting))
    vp_before = state.players[player].vp
    for _ in range(10):
        if state.phase != "deploy":
            break
        state, _ = GAME.apply(state, player, policy_step(state, player))
    entered = [t for t in ("cloud_crags", "forest", "frog_hollow") if state.areas[t].controller == player]
    assert entered, "no free neighbour of Golden Fields was entered"
    assert state.players[player].vp > vp_before  # R-T36: +2 a free territory entered
    assert state.areas["golden_fields"].armies >= 1  # its last army never leaves


def investment_state(seed: int = 3) -> tuple[TribesState, int]:
    """A 2-player game at its first investment (tribes picked by the timeout default)."""
    state = GAME.new_game(2, seed, {})
    while state.phase != "investment":
        player = GAME.pending(state)[0].player
        state, _ = GAME.apply(state, player, GAME.timeout_action(state, player))
    return state, GAME.pending(state)[0].player


def test_investment_puts_ten_gg_on_research_when_the_purse_allows() -> None:
    state, player = investment_state()
    state.players[player].purse = 20
    recruits, bills = ai_policy.investment_plan(state, player)
    assert sum(bills.get("research", [])) == 10
    assert sum(recruits.values()) * 3 + 10 <= 20


def test_investment_policy_seals_the_order_it_planned() -> None:
    state, player = investment_state()
    recruits, bills = ai_policy.investment_plan(state, player)
    for _ in range(30):
        draft = state.drafts.get(player)
        if draft is not None and draft.done:
            break
        state, _ = GAME.apply(state, player, policy_step(state, player))
    draft = state.drafts.get(player)
    if draft is None:  # revealed already: the other player had sealed too
        return
    assert draft.done
    assert draft.investment.recruits == recruits
    assert {p: sorted(b) for p, b in draft.investment.bills.items()} == {p: sorted(b) for p, b in bills.items()}


def test_vote_names_the_goal_the_voter_leads() -> None:
    state = build({"turnip_plain": "P:5", "golden_fields": "P:5", "wheatburg": "P:1", "reedburg": "K:1"},
                  tribes="PK")
    assert ai_policy.best_goal(state, who(state, "P")) in (2, 4)  # lands or armies: Plains lead both


def test_hard_takes_the_policy_step_away_from_search_points(monkeypatch: pytest.MonkeyPatch) -> None:
    state, player = investment_state()  # turn 1: no launch ahead, so hard's own investment is the policy's

    def no_search(*args: object, **kwargs: object) -> None:
        raise AssertionError("hard searched a step that is not a search point")

    monkeypatch.setattr(IsmctsPlayer, "_iterate", no_search)
    began = time.perf_counter()
    hard = decide(GAME, state, player, "hard", seed=7)
    assert time.perf_counter() - began < 0.5
    assert hard == decide(GAME, state, player, "normal", seed=7)


def test_hard_searches_the_top_of_the_plan_within_budget_and_deterministically() -> None:
    state, _ = start(weak_city_position(), "P")
    player = who(state, "P")
    assert ai.search_point(GAME, state, player)
    candidates = [a.id for a in ai.candidates(GAME, state, player)]
    assert candidates[0] == "plan:from:turnip_plain" and "plan:none" in candidates
    began = time.perf_counter()
    first = decide(GAME, state, player, "hard", seed=11, iterations=16)
    assert time.perf_counter() - began < 2.0
    assert first.id in candidates
    assert decide(GAME, state, player, "hard", seed=11, iterations=16) == first


def test_a_single_sensible_plan_step_is_taken_without_search(monkeypatch: pytest.MonkeyPatch) -> None:
    state, _ = start(build({"turnip_plain": "P:1", "wheatburg": "P:1", "reedburg": "K:5"}, tribes="PK"), "P")
    player = who(state, "P")
    assert [a.id for a in ai.candidates(GAME, state, player)] == ["plan:none"]
    monkeypatch.setattr(IsmctsPlayer, "_iterate", lambda *a, **k: (_ for _ in ()).throw(AssertionError("searched")))
    assert decide(GAME, state, player, "hard", seed=1).id == "plan:none"


def test_policy_rollout_stops_at_the_end_of_the_war_step() -> None:
    state, _ = start(weak_city_position(), "P")
    player = who(state, "P")
    hooks = hooks_for("tribes")
    assert hooks is not None
    end = IsmctsPlayer(hooks)._policy_rollout(GAME, state, state)
    assert ai.horizon(GAME, state, end)
    assert end.war is None or end.war.active != player
    assert end.areas["reedburg"].controller == player  # the policy's attack took the city


def test_unchecked_rollout_step_is_the_checked_step_whenever_that_one_is_offered() -> None:
    state = GAME.new_game(3, 8, {})
    compared = 0
    for _ in range(300):
        pending = GAME.pending(state)
        if not pending:
            break
        player = pending[0].player
        checked = ai_policy.step(GAME, state, player)
        quick = ai.rollout_policy(GAME, state, player)
        if checked is not None:
            assert quick is not None and quick.id == checked.id
            compared += 1
        action = checked or GAME.legal_actions(state, player)[0]
        state, _ = GAME.apply(state, player, action)
    assert compared > 200


def test_battle_cards_are_the_ones_that_count_on_the_attacked_terrain() -> None:
    # the Forest is a marsh (R-T5): the Mire Pump (+3 marsh) counts, the Gnomharvester (plains) and a siege
    # engine (cities and the Gnomlab only, R-T30) do not
    hand = ["harvester#1", "mire_pump#1", "battering_gnomram#1"]
    state, _ = start(build({"golden_fields": "P:4", "wheatburg": "P:1", "forest": "K:1", "reedburg": "K:1"},
                           tribes="PK", hands={"P": hand}), "P")
    player = who(state, "P")
    state = plan_with_policy(state, "P")
    assert sealed_attacks(state) == [("golden_fields", "forest", 4)]
    while state.phase != "cards":
        waiting = GAME.pending(state)[0].player
        state, _ = GAME.apply(state, waiting, GAME.timeout_action(state, waiting))
    action = ai_policy.step(GAME, state, player)
    assert action is not None and action.id == "card:pick:mire_pump#1"
    state, _ = GAME.apply(state, player, action)  # the game takes the typed pick


def test_hard_funds_its_launch_posts_and_wrecks_a_rival_research() -> None:
    state, player = investment_state()
    state.turn = 6
    state.players[player].purse = 40
    _recruits, bills = ai_hard.investment_plan(state, player)
    assert sum(bills["assassination"]) == 5 and sum(bills["espionage"]) == 5
    rival = 1 - player
    state.players[rival].posts["research"] = [10]
    state.players[rival].hand = ["c1"]
    assert ai_hard.kill_target(state, player) == rival
    assert ai_hard.spy_target(state, player, rival) == rival


def test_hard_votes_for_its_clearest_public_lead() -> None:
    state = build({"turnip_plain": "P:5", "golden_fields": "P:5", "wheatburg": "P:1", "reedburg": "K:1"},
                  tribes="PK")
    assert ai_hard.vote_goal(state, who(state, "P")) in (2, 4)  # lands or armies: Plains lead both
