"""Every input §16 says the engine rejects in Phases 2-3, the vote and in general: a plain-words refusal
(no engine identifier in it) and the state exactly as it was."""

from __future__ import annotations

from typing import Any

import pytest

from engine.core.actions import Action
from engine.core.errors import IllegalAction
from engine.tribes import GAME, goals, phases
from engine.tribes.investment import validate_order
from engine.tribes.setup import GNOMPAX_CARD
from engine.tribes.state import InvestmentOrder, TribesState
from tests.engine.tribes.economy_support import clear_board, dumped, give, play, post, table
from tests.engine.wording import identifier_problems

P, K = 0, 1


def refused(state: TribesState, player: int, *ids: str) -> IllegalAction:
    """Play all ids but the last, then check the last one is refused cleanly; the refusal."""
    state, _ = play(state, player, *ids[:-1])
    before = dumped(state)
    with pytest.raises(IllegalAction) as err:
        GAME.apply(state, player, Action(ids[-1]))
    assert dumped(state) == before
    with pytest.raises(IllegalAction):
        GAME.parse_action(state, player, ids[-1])
    assert dumped(state) == before
    message = err.value.message
    assert message and err.value.code.startswith("E_") and not identifier_problems(message), message
    return err.value


def order_refused(state: TribesState, order: InvestmentOrder) -> IllegalAction:
    """A whole order refused by the confirm-time check, state untouched."""
    before = dumped(state)
    with pytest.raises(IllegalAction) as err:
        validate_order(state, P, order)
    assert dumped(state) == before and not identifier_problems(err.value.message)
    return err.value


def investing(**kw: Any) -> TribesState:
    state = table("PK", **kw)
    state.phase = phases.INVESTMENT
    return state


# --- general -------------------------------------------------------------------------------------------


def test_acting_out_of_phase_is_refused() -> None:
    assert "investment" in refused(investing(), P, "vote:5").message


def test_acting_out_of_turn_is_refused() -> None:
    state = investing()
    state, _ = play(state, P, "pass")
    assert refused(state, P, "inv:post:research").code == "E_NOT_YOUR_TURN"


def test_acting_for_a_seat_nobody_holds_is_refused() -> None:
    assert refused(investing(), 7, "pass").code == "E_NOT_YOUR_TURN"


def test_a_second_order_after_sealing_is_refused() -> None:
    state = investing()
    state, _ = play(state, P, "inv:post:guards", "inv:bill:5", "confirm")
    assert refused(state, P, "confirm").code == "E_NOT_YOUR_TURN"


@pytest.mark.parametrize("bad", ["inv:at:atlantis", "inv:post:treasury", "launch:spy:9", "vote:x", "tribe:elves"])
def test_unknown_identifiers_are_refused(bad: str) -> None:
    state = investing()
    if bad.startswith("launch"):
        state.turn, state.phase = 5, phases.LAUNCH
        post(state, P, "espionage", [5])
        state, _ = play(state, P, "launch:spy")
    refused(state, P, bad)


# --- Phase 2 ----------------------------------------------------------------------------------------------


def test_recruits_and_bills_beyond_the_purse_are_refused() -> None:
    state = investing()
    state.players[P].purse = 8
    assert refused(state, P, "inv:post:research", "inv:bill:10").code == "E_PURSE"
    assert order_refused(state, InvestmentOrder(recruits={"wheatburg": 2}, bills={"research": [5]})).code == "E_PURSE"


def test_more_zero_bills_than_in_hand_are_refused() -> None:
    state = investing()
    post(state, P, "guards", [0, 0])
    assert refused(state, P, "inv:post:research", "inv:bill:0", "inv:post:research", "inv:bill:0").code == "E_ZEROS"
    assert order_refused(state, InvestmentOrder(bills={"research": [0, 0]})).code == "E_ZEROS"


def test_a_denomination_outside_the_set_is_refused() -> None:
    assert refused(investing(), P, "inv:post:research", "inv:bill:3").code == "E_DENOMINATION"
    assert order_refused(investing(), InvestmentOrder(bills={"research": [7]})).code == "E_DENOMINATION"


@pytest.mark.parametrize("count", ["0", "-1"])
def test_zero_or_negative_recruit_counts_are_refused(count: str) -> None:
    refused(investing(), P, "inv:at:wheatburg", f"inv:n:{count}")
    assert order_refused(investing(), InvestmentOrder(recruits={"wheatburg": int(count)})).code == "E_COUNT"


def test_recruiting_where_not_allowed_is_refused() -> None:
    state = investing()
    clear_board(state, {"wheatburg": (P, 1), "forest": (P, 1), "reedburg": (K, 1)})
    # The Forest is a marsh (not the plains' home type), Reedburg is not his, the Gnomlab never
    for where in ("forest", "reedburg", "golden_fields"):
        assert refused(state, P, f"inv:at:{where}").code == "E_RECRUIT_PLACE"
    assert order_refused(state, InvestmentOrder(recruits={"forest": 1})).code == "E_RECRUIT_PLACE"


def test_recruiting_on_the_gnomlab_is_refused() -> None:
    state = investing()
    clear_board(state, {"wheatburg": (P, 1), "gnomlab": (P, 1)})
    assert "Gnomlab" in refused(state, P, "inv:at:gnomlab").message
    assert order_refused(state, InvestmentOrder(recruits={"gnomlab": 1})).code == "E_RECRUIT_PLACE"


def test_more_than_five_in_a_territory_is_refused() -> None:
    state = investing()
    state.players[P].purse = 30
    assert refused(state, P, "inv:at:wheatburg", "inv:n:3").code == "E_STACK"
    assert order_refused(state, InvestmentOrder(recruits={"wheatburg": 3})).code == "E_STACK"


def test_more_than_sixteen_armies_is_refused() -> None:
    state = investing()
    state.players[P].purse = 60
    clear_board(state, {"wheatburg": (P, 3), "golden_fields": (P, 5), "windy_meadows": (P, 5),
                        "sunny_downs": (P, 2)})
    assert refused(state, P, "inv:at:wheatburg", "inv:n:2").code == "E_SUPPLY"
    assert order_refused(state, InvestmentOrder(recruits={"wheatburg": 1, "sunny_downs": 1})).code == "E_SUPPLY"


# --- Phase 3 ----------------------------------------------------------------------------------------------


def launching(turn: int = 5) -> TribesState:
    state = table("PKM", turn=turn)
    state.phase = phases.LAUNCH
    post(state, P, "espionage", [5])
    post(state, P, "assassination", [10])
    return state


def test_launching_before_turn_five_is_refused() -> None:
    state = launching(turn=3)
    state.phase = phases.INVESTMENT
    assert "turn 5" in refused(state, P, "launch:kill").message


def test_launching_from_a_post_below_five_is_refused() -> None:
    state = launching()
    post(state, P, "espionage", [2, 2])
    error = refused(state, P, "launch:spy")
    assert error.code == "E_POST_TOO_LOW" and "4 GG" in error.message


def test_targeting_yourself_is_refused() -> None:
    assert refused(launching(), P, "launch:spy", f"launch:spy:{P}").code == "E_SELF_TARGET"
    assert refused(launching(), P, "launch:kill", f"launch:kill:{P}").code == "E_SELF_TARGET"


def test_a_second_launch_of_a_kind_is_refused() -> None:
    assert refused(launching(), P, "launch:spy", f"launch:spy:{K}", "launch:spy").code == "E_TWICE"
    assert refused(launching(), P, "launch:kill", f"launch:kill:{K}", "launch:post:research",
                   "launch:kill").code == "E_TWICE"


def test_an_assassination_without_a_valid_post_is_refused() -> None:
    assert refused(launching(), P, "launch:kill", f"launch:kill:{K}", "launch:post:guards").code == "E_UNKNOWN_POST"
    refused(launching(), P, "launch:kill", f"launch:kill:{K}", "launch:post:vault")


# --- the vote -----------------------------------------------------------------------------------------------


def voting(vps: tuple[int, ...] = (3, 12, 7, -2)) -> TribesState:
    state = table("PMKS", turn=12)
    for p, vp in enumerate(vps):
        state.players[p].vp = vp
    state.deck.remove(GNOMPAX_CARD)
    state.discard.append(GNOMPAX_CARD)
    state.gnompax_turn = 12
    goals.open_vote(state, [])
    return state


def test_voting_out_of_order_is_refused() -> None:
    state = voting()
    assert state.vote is not None and state.vote.order[0] == 3
    assert refused(state, 1, "vote:5").code == "E_NOT_YOUR_TURN"


@pytest.mark.parametrize("goal", ["0", "7", "-1"])
def test_a_goal_outside_one_to_six_is_refused(goal: str) -> None:
    refused(voting(), 3, f"vote:{goal}")


def _to_gnombut() -> TribesState:
    state = voting()
    give(state, 0, "gnombut#1")
    give(state, 1, "gnomflak#1")
    for voter, goal in ((3, "1"), (0, "3"), (2, "3"), (1, "5")):
        state, _ = play(state, voter, f"vote:{goal}")
    assert state.phase == phases.GNOMBUT
    return state


def test_gnombut_by_a_non_holder_is_refused() -> None:
    error = refused(_to_gnombut(), 1, "but:cancel:0")
    assert error.code == "E_NOT_HOLDER" and "Only the holder" in error.message


def test_gnombut_naming_oneself_is_refused() -> None:
    assert refused(_to_gnombut(), 0, "but:cancel:0").code == "E_SELF_TARGET"


def test_gnombut_after_the_revote_is_refused() -> None:
    state = _to_gnombut()
    state, _ = play(state, 0, "but:cancel:1")
    state, _ = play(state, 1, "but:keep")
    assert state.phase == phases.REVOTE
    for voter in (3, 0, 2):
        state, _ = play(state, voter, "vote:2")
    assert state.goal == 2
    assert refused(state, 0, "but:cancel:2").code in ("E_NOT_YOUR_TURN", "E_GAME_OVER", "E_UNKNOWN_ACTION")
