"""The step-by-step drafts of the investment and launch orders (§15.1): each step offers only valid
choices, undo goes back one step, pass drops the draft, auto steps are private single choices."""

from __future__ import annotations

from engine.tribes import GAME, phases
from engine.tribes.state import TribesState
from tests.engine.tribes.economy_support import play, post, table
from tests.engine.wording import identifier_problems

P, K = 0, 1


def investing(purse: int = 16) -> TribesState:
    state = table("PK")
    state.phase = phases.INVESTMENT
    state.players[P].purse = purse
    return state


def ids(state: TribesState, player: int = P) -> list[str]:
    return [a.id for a in GAME.legal_actions(state, player)]


def test_denominations_offered_fit_the_money_left() -> None:
    state, _ = play(investing(purse=7), P, "inv:post:research")
    assert ids(state) == ["inv:bill:0", "inv:bill:1", "inv:bill:2", "inv:bill:5", "undo", "pass"]


def test_counts_offered_fit_stack_and_money() -> None:
    state, _ = play(investing(purse=7), P, "inv:at:wheatburg")
    assert ids(state) == ["inv:n:1", "inv:n:2", "undo", "pass"]  # 7 GG buy 2 armies


def test_undo_leaves_the_step_then_takes_back_the_last_part() -> None:
    state, _ = play(investing(), P, "inv:at:wheatburg", "inv:n:2", "inv:post:guards", "inv:bill:5")
    draft = state.drafts[P]
    assert draft.investment.recruits == {"wheatburg": 2} and draft.investment.bills == {"guards": [5]}
    state, _ = play(state, P, "inv:post:research", "undo")
    assert state.drafts[P].path == [] and state.drafts[P].investment.bills == {"guards": [5]}
    state, _ = play(state, P, "undo")
    assert state.drafts[P].investment.bills == {} and state.drafts[P].investment.recruits == {"wheatburg": 2}
    state, _ = play(state, P, "undo")
    assert state.drafts[P].investment.recruits == {} and "undo" not in ids(state)


def test_pass_drops_the_draft_and_seals_an_empty_order() -> None:
    state, _ = play(investing(), P, "inv:at:wheatburg", "inv:n:2", "pass")
    assert state.drafts[P].done and state.drafts[P].investment.recruits == {}
    state, _ = play(state, K, "pass")
    assert state.players[P].purse == 16 and state.areas["wheatburg"].armies == 3


def test_the_draft_is_told_in_plain_words_to_its_owner_only() -> None:
    state, _ = play(investing(), P, "inv:at:wheatburg", "inv:n:1", "inv:post:espionage")
    lines = GAME.describe_private(state, P)
    text = " ".join(lines)
    assert "1 army at Wheatburg" in text and "Left: 13 GG" in text and "choose its value" in text
    assert not [problem for line in lines for problem in identifier_problems(line)]
    assert "Wheatburg" not in " ".join(GAME.describe_private(state, K))
    assert GAME.view(state, P)["you"]["draft"] == GAME.describe_private(state, P)[3:]


def test_a_single_possible_count_is_an_auto_step() -> None:
    state = investing(purse=3)
    assert GAME.auto_step(state, P) is None  # choosing where is a real choice
    state, _ = play(state, P, "inv:at:wheatburg")
    step = GAME.auto_step(state, P)
    assert step is not None and step.id == "inv:n:1"
    _, events = GAME.apply(state, P, step)
    assert not any(e.public for e in events)


def test_the_only_target_of_a_two_player_launch_is_an_auto_step() -> None:
    state = table("PK", turn=5)
    state.phase = phases.LAUNCH
    post(state, P, "espionage", [5])
    state, _ = play(state, P, "launch:spy")
    step = GAME.auto_step(state, P)
    assert step is not None and step.id == f"launch:spy:{K}"


def test_players_without_launch_bills_are_not_asked() -> None:
    state = table("PKM", turn=5)
    state.phase = phases.LAUNCH
    post(state, K, "assassination", [1])  # even a bill too small to launch: counts are public, so he is asked
    assert [d.player for d in GAME.pending(state)] == [K]
    assert ids(state, K) == ["pass"]


def test_a_sealed_launch_waits_for_the_others() -> None:
    state = table("PKM", turn=5)
    state.phase = phases.LAUNCH
    post(state, P, "espionage", [5])
    post(state, K, "espionage", [5])
    state, events = play(state, P, "launch:spy", f"launch:spy:{K}", "confirm")
    assert [d.player for d in GAME.pending(state)] == [K]
    assert any("have sent their launch order" in e.text for e in events if e.public)
    assert not any("Marsh" in e.text for e in events if e.public)  # the target stays secret
