"""The goal vote (R-T39), Gnom'But (§12.3, R-T43), the GnomGag cards (§13), the winner by the voted goal
(§12.1) and the safety end (R-T44)."""

from __future__ import annotations

from collections import Counter

import pytest

from engine.core.events import Event
from engine.core.rng import seed_state
from engine.tribes import GAME, goals, phases, research
from engine.tribes.setup import GNOMPAX_CARD
from engine.tribes.state import TribesState
from tests.engine.tribes.economy_support import card_on_top, clear_board, give, play, post, public_texts, table


def voting(vps: tuple[int, ...], seed: int = 1) -> TribesState:
    state = table("PMKS"[: len(vps)], turn=10, seed=seed)
    for p, vp in enumerate(vps):
        state.players[p].vp = vp
    state.deck.remove(GNOMPAX_CARD)
    state.discard.append(GNOMPAX_CARD)
    state.gnompax_turn = 10
    goals.open_vote(state, [])
    return state


def vote_all(state: TribesState, ballots: dict[int, str]) -> TribesState:
    assert state.vote is not None
    for voter in list(state.vote.order):
        if voter in ballots and state.phase in (phases.VOTE, phases.REVOTE):
            state, _ = play(state, voter, f"vote:{ballots[voter]}")
    return state


def test_voting_order_is_fewest_vp_first_ties_in_turn_order() -> None:
    state = voting((4, 4, -1, 9))
    assert state.vote is not None and state.vote.order == [2, 1, 0, 3]  # turn 10 starts with seat 1


def test_negative_vp_give_no_votes_and_the_heaviest_goal_wins() -> None:
    state = voting((-5, 3))
    state = vote_all(state, {0: "1", 1: "2"})
    assert state.goal == 2
    assert GAME.view(state, None)["vote"]["ballots"] == [{"player": 0, "goal": 1, "votes": 0},
                                                         {"player": 1, "goal": 2, "votes": 3}]


def test_a_tie_between_leaders_is_drawn_among_them_only() -> None:
    seen: Counter[int] = Counter()
    for seed in range(40):
        state = voting((2, 2), seed=seed)
        state.rng = seed_state(seed)
        state = vote_all(state, {0: "1", 1: "4"})
        assert state.goal in (1, 4)
        seen[state.goal] += 1
    assert seen[1] > 5 and seen[4] > 5  # both leaders can win the draw


def test_when_everybody_abstains_all_six_goals_are_candidates() -> None:
    results = set()
    for seed in range(60):
        state = voting((1, 0))
        state.rng = seed_state(seed)
        state = vote_all(state, {0: "none", 1: "none"})
        assert state.goal in goals.GOALS
        results.add(state.goal)
    assert len(results) >= 4


# --- GnomGag cards ------------------------------------------------------------------------------------


def test_super_bingo_pays_twenty_gg_scores_four_vp_and_is_discarded() -> None:
    state = table("PK", turn=2)
    post(state, 0, "research", [10, 5])
    card_on_top(state, "super_bingo#1")
    purse = state.players[0].purse
    events: list[Event] = []
    research.queue_researchers(state)
    research.run(state, events)
    assert state.players[0].purse == purse + 5 + 20 and state.players[0].vp == 4
    assert "super_bingo#1" in state.discard and state.players[0].hand == []
    assert any("Super Bingo" in t for t in public_texts(events))


def test_exchange_can_be_declined_and_is_discarded_anyway() -> None:
    state = table("PK", turn=1)
    state.players[1].vp = 30
    post(state, 0, "research", [10])
    card_on_top(state, "gnombut_exchange#1")
    research.queue_researchers(state)
    research.run(state, [])
    state, events = play(state, 0, "xchg:decline")
    assert (state.players[0].vp, state.players[1].vp) == (4, 30)
    assert "gnombut_exchange#1" in state.discard
    assert any("decline" in t for t in public_texts(events))


def _gnombut_vote() -> TribesState:
    state = voting((3, 12, 7))
    give(state, 0, "gnombut#1")
    give(state, 2, "rock_hammer#1")
    return vote_all(state, {0: "3", 2: "3", 1: "5"})


def test_gnombut_asks_every_card_holder_in_secret() -> None:
    state = _gnombut_vote()
    assert state.phase == phases.GNOMBUT
    assert {d.player for d in GAME.pending(state)} == {0, 2}
    assert [a.id for a in GAME.legal_actions(state, 2)] == ["but:keep"]
    assert "but:cancel:1" in [a.id for a in GAME.legal_actions(state, 0)]
    _, events = play(state, 2, "but:keep")
    assert not public_texts(events)  # an answer says nothing to the table


def test_gnombut_kept_adopts_the_first_result() -> None:
    state = _gnombut_vote()
    state, _ = play(state, 2, "but:keep")
    state, _ = play(state, 0, "but:keep")
    assert state.goal == 5 and state.players[0].hand == ["gnombut#1"]


def test_gnombut_cancel_runs_the_vote_again_without_the_named_player() -> None:
    state = _gnombut_vote()
    state, _ = play(state, 2, "but:keep")
    state, events = play(state, 0, "but:cancel:1")
    assert state.phase == phases.REVOTE and state.vote is not None and 1 not in state.vote.order
    assert any("play Gnom'But" in t for t in public_texts(events))
    state = vote_all(state, {0: "3", 2: "3"})
    assert state.goal == 3 and "gnombut#1" in state.discard


def test_gnombut_in_two_players_leaves_only_the_holder_voting() -> None:
    state = voting((1, 9))
    give(state, 0, "gnombut#1")
    state = vote_all(state, {0: "3", 1: "5"})
    state, _ = play(state, 0, "but:cancel:1")
    assert state.vote is not None and state.vote.order == [0]
    state = vote_all(state, {0: "3"})
    assert state.goal == 3


def test_nobody_holding_a_card_skips_the_gnombut_decision() -> None:
    state = vote_all(voting((1, 9)), {0: "3", 1: "5"})
    assert state.goal == 5 and state.phase != phases.GNOMBUT


# --- the winner -----------------------------------------------------------------------------------------


def finished(tribes: str = "PMK") -> TribesState:
    state = table(tribes, turn=20)
    state.deck.remove(GNOMPAX_CARD)
    state.discard.append(GNOMPAX_CARD)
    state.gnompax_turn, state.phase = 16, phases.FINISHED
    state.end_reason = "goal"
    return state


@pytest.mark.parametrize("goal", [1, 2, 3, 4, 5])
def test_each_goal_measures_its_own_domain(goal: int) -> None:
    state = finished()
    state.goal = goal
    for p in range(3):
        state.players[p].purse = 10
    if goal == 1:
        post(state, 2, "guards", [20])
    elif goal == 2:
        clear_board(state, {"wheatburg": (0, 1), "cragburg": (1, 1), "reedburg": (2, 1), "eelwater": (2, 1)})
    elif goal == 3:
        give(state, 2, "gnomflak#1")
    elif goal == 4:
        state.areas["eelwater"].controller, state.areas["eelwater"].armies = 2, 1
    else:
        state.players[2].vp = 1
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners == (2,)


def winners(state: TribesState) -> tuple[int, ...]:
    """The winners of the finished game `state`; fails the test when it is not over."""
    outcome = GAME.outcome(state)
    assert outcome is not None, "the game is not over"
    return outcome.winners


def test_ties_go_to_most_vp_then_wealth_then_are_shared() -> None:
    state = finished()
    state.goal = 4  # everyone has 3 armies
    state.players[1].vp = 5
    assert winners(state) == (1,)
    state.players[0].vp = 5
    state.players[0].purse += 1
    assert winners(state) == (0,)
    state.players[1].purse += 1
    assert winners(state) == (0, 1)


def test_goal_six_sums_competition_ranks() -> None:
    assert goals.competition_ranks({0: 9, 1: 9, 2: 4}) == {0: 1, 1: 1, 2: 3}
    state = finished()
    state.goal = 6
    for p in range(3):
        state.players[p].purse = 0
    state.players[0].purse = 50  # gold: 1, 2, 2 -> ranks 1, 2, 2
    give(state, 1, "gnomflak#1")  # genius: ranks 2, 1, 2
    clear_board(state, {"wheatburg": (0, 1), "cragburg": (1, 1), "reedburg": (2, 1), "eelwater": (2, 1)})
    # lands: 1, 1, 2 territories -> ranks 2, 2, 1; sums 5, 5, 5 -> a three-way tie, broken by VP
    state.players[2].vp = 1
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners == (2,)
    assert goals.measures(state)[6] == {0: 5, 1: 5, 2: 5}


def test_final_report_reveals_every_secret() -> None:
    state = finished()
    state.goal = 5
    post(state, 1, "espionage", [10, 0])
    give(state, 1, "gnomsnake#1")
    report = GAME.final_report(state)
    assert report is not None
    text = " ".join(report.secrets)
    assert "GnomSnake" in text and "10 and 0 GG" in text
    assert GAME.view(state, None)["revealed"]["1"]["hand"][0]["name"] == "GnomSnake"


# --- the safety end (R-T44) ------------------------------------------------------------------------------


def test_gnompax_is_forced_out_after_the_research_of_the_cap_turn() -> None:
    state = table("PK", turn=20, gnompax_cap=20)
    deck = [c for c in state.deck if c != GNOMPAX_CARD]
    research.queue_researchers(state)
    research.run(state, [])
    assert state.gnompax_turn == 20 and state.gnompax_forced and state.phase == phases.VOTE
    assert state.deck == deck  # the other cards keep their order


def test_the_cap_turn_does_not_force_before_it() -> None:
    state = table("PK", turn=19, gnompax_cap=20)
    research.queue_researchers(state)
    research.run(state, [])
    assert state.gnompax_turn is None and state.phase == phases.WAR_START


def test_random_games_end_four_turns_after_gnompax_and_never_past_the_cap() -> None:
    from engine.ai import RandomPlayer

    for seed in range(3):
        state = GAME.new_game(2, seed, {"gnompax_cap": 20, "tribe_pick": "random"})
        bots = [RandomPlayer(seed * 10 + p) for p in range(2)]
        while GAME.pending(state):
            d = GAME.pending(state)[0]
            state, _ = GAME.apply(state, d.player, bots[d.player].choose(GAME, state, d.player))
        assert state.gnompax_turn is not None and state.gnompax_turn <= 20
        assert state.turn == state.gnompax_turn + 4


def _researcher(state: TribesState, player: int) -> str:
    """A scripted player: 10 GG on Research whenever he can, every other decision by its timeout default."""
    offered = [a.id for a in GAME.legal_actions(state, player)]
    draft = state.drafts.get(player)
    if state.phase == phases.INVESTMENT:
        if draft is None or not draft.history:
            if draft is not None and draft.path == ["post", "research"] and "inv:bill:10" in offered:
                return "inv:bill:10"
            if (draft is None or not draft.path) and state.players[player].purse >= 10:
                return "inv:post:research"
        elif "confirm" in offered:
            return "confirm"
    return GAME.timeout_action(state, player).id


def test_researching_every_turn_draws_gnompax_and_the_game_ends_four_turns_later() -> None:
    state = GAME.new_game(4, 12, {"tribe_pick": "random"})
    while GAME.pending(state):
        d = GAME.pending(state)[0]
        state, _ = GAME.apply(state, d.player, GAME.parse_action(state, d.player, _researcher(state, d.player)))
        assert GAME.check_invariants(state) == []
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.reason == "goal" and not state.gnompax_forced
    assert state.gnompax_turn is not None and state.gnompax_turn < 30
    assert state.turn == state.gnompax_turn + 4
    assert sum(p.vp for p in state.players) >= 4 * 33  # every card but Gnompax was won by research
