"""The test vectors of the spec's §19 for Phases 1-3, the vote and the end (TV1-TV6, TV19-TV22)."""

from __future__ import annotations

from typing import Any

import pytest

from engine.core.errors import IllegalAction
from engine.core.events import Event
from engine.core.rng import Rng
from engine.tribes import GAME, flow, goals, phases, research
from engine.tribes.cards import instances_without_gnompax
from engine.tribes.income import income_of, run_income
from engine.tribes.setup import GNOMPAX_CARD, build_deck
from engine.tribes.state import TribesState
from tests.engine.tribes.economy_support import (
    card_on_top,
    clear_board,
    dumped,
    give,
    play,
    post,
    public_texts,
    table,
    vote_of,
)

P, K = 0, 1


def test_tv01_income_counts_vacant_city_and_gnomlab() -> None:
    state = table("PK")
    clear_board(state, {"golden_fields": (P, 1), "windy_meadows": (P, 1), "forest": (P, 2), "gnomlab": (P, 1)})
    assert state.areas["wheatburg"].armies == 0 and state.areas["wheatburg"].controller == P
    assert income_of(state, P) == 10
    before = state.players[P].purse
    events: list[Event] = []
    run_income(state, events)
    assert state.players[P].purse == before + 10
    assert state.phase == phases.INVESTMENT
    assert "10 GG" in events[0].text and str(before + 10) not in events[0].text.replace("10 GG", "")


def _investment_table() -> TribesState:
    state = table("PK")
    state.phase = phases.INVESTMENT
    state.players[P].purse = 16
    return state


def test_tv02_investment_is_accepted_and_revealed_by_counts() -> None:
    state = _investment_table()
    state, _ = play(state, P, "inv:at:wheatburg", "inv:n:2", "inv:post:research", "inv:bill:10",
                    "inv:post:guards", "inv:bill:0", "confirm")
    state, events = play(state, K, "pass")
    me = state.players[P]
    assert me.purse == 0 and me.zeros == 2
    assert state.areas["wheatburg"].armies == 5
    assert me.posts["guards"] == [0]
    # the 10 GG on Research complete a research in Phase 3 of the same turn: paid, one card, +4 VP
    assert me.posts["research"] == [] and len(me.hand) == 1 and me.vp == 4
    text = " ".join(public_texts(events))
    assert "recruited 2 armies at Wheatburg" in text
    assert ("recruited 2 armies at Wheatburg and added 1 bill to Research (1 in all) "
            "and 1 to the Gnomguards (1 in all).") in text
    assert "10 GG" not in text  # the denominations stay private


def test_tv02_recruiting_past_five_is_refused_and_nothing_changes() -> None:
    state = _investment_table()
    state, _ = play(state, P, "inv:at:wheatburg")
    before = dumped(state)
    with pytest.raises(IllegalAction) as err:
        play(state, P, "inv:n:3")
    assert err.value.code == "E_STACK" and "more than 5 armies" in err.value.message
    assert dumped(state) == before


def test_tv02_recruiting_on_a_held_gnomlab_is_refused() -> None:
    state = _investment_table()
    state.areas["gnomlab"].controller, state.areas["gnomlab"].armies = P, 1
    before = dumped(state)
    with pytest.raises(IllegalAction) as err:
        play(state, P, "inv:at:gnomlab")
    assert err.value.code == "E_RECRUIT_PLACE" and "Gnomlab" in err.value.message
    assert dumped(state) == before


def test_tv03_research_with_change() -> None:
    state = table("PK", turn=2)
    post(state, P, "research", [10, 2, 0])
    card_on_top(state, "gnomsnake#1")
    purse, zeros, vp = state.players[P].purse, state.players[P].zeros, state.players[P].vp
    events: list[Event] = []
    research.queue_researchers(state)
    research.run(state, events)
    me = state.players[P]
    assert (me.purse, me.zeros, me.vp) == (purse + 2, zeros + 1, vp + 4)
    assert me.posts["research"] == [] and me.hand == ["gnomsnake#1"]
    assert any("completed research (+4 VP)" in t for t in public_texts(events))
    assert not any("GnomSnake" in t for t in public_texts(events))


def test_tv03_research_below_ten_keeps_the_post() -> None:
    state = table("PK", turn=2)
    post(state, P, "research", [5, 2, 2])
    deck = list(state.deck)
    research.queue_researchers(state)
    research.run(state, [])
    assert state.players[P].posts["research"] == [5, 2, 2] and state.deck == deck


def _launch_table(tribes: str = "PK", turn: int = 5, **options: Any) -> TribesState:
    state = table(tribes, turn=turn, **options)
    state.phase = phases.LAUNCH
    return state


def test_tv04_espionage_success_steals_a_card() -> None:
    state = _launch_table()
    post(state, P, "espionage", [5, 2, 0])
    post(state, K, "guards", [5, 0, 0])
    give(state, K, "gnomflak#1", "rock_hammer#1")
    assert GAME.pending(state)[0].player == P and len(GAME.pending(state)) == 1  # K has no launch post
    state, events = play(state, P, "launch:spy", f"launch:spy:{K}", "confirm")
    a, b = state.players[P], state.players[K]
    assert a.vp == 4 and len(a.hand) == 1 and len(b.hand) == 1 and b.vp == 0
    assert a.hand[0] in ("gnomflak#1", "rock_hammer#1")
    assert a.posts["espionage"] == [] and a.zeros == 3
    assert b.posts["guards"] == [] and b.zeros == 3
    stolen = [e for e in events if "stolen card" in e.text]
    assert stolen and stolen[0].visible_to == frozenset({P, K})


def test_tv05_espionage_tie_fails_and_guards_stay() -> None:
    state = _launch_table()
    post(state, P, "espionage", [5, 1])
    post(state, K, "guards", [5, 1])
    give(state, K, "gnomflak#1")
    state, _ = play(state, P, "launch:spy", f"launch:spy:{K}", "confirm")
    assert state.players[P].posts["espionage"] == [] and state.players[P].vp == 0
    assert state.players[K].posts["guards"] == [5, 1] and state.players[K].hand == ["gnomflak#1"]


def test_tv05_no_launch_step_before_turn_five() -> None:
    state = table("PK", turn=4)
    state.phase = phases.INVESTMENT
    post(state, P, "espionage", [5, 1])
    before = dumped(state)
    with pytest.raises(IllegalAction) as err:
        play(state, P, "launch:spy")
    assert "turn 5" in err.value.message and dumped(state) == before
    state, _ = play(state, P, "pass")
    state, _ = play(state, K, "pass")
    assert state.phase != phases.LAUNCH  # nobody was asked: the launch step did not run


def test_tv05_turbo_launches_from_turn_one() -> None:
    state = _launch_table(turn=1, turbo=True)
    post(state, P, "espionage", [5, 1])
    state, events = play(state, P, "launch:spy", f"launch:spy:{K}", "confirm")
    assert any("spy on the Marsh Gnomes" in t for t in public_texts(events))


def test_tv06_assassination_wrecks_guards_and_the_named_post() -> None:
    state = _launch_table("PKM", turn=6)
    a, b, c = 0, 1, 2
    post(state, a, "assassination", [10])
    post(state, b, "guards", [5, 2])
    post(state, b, "espionage", [5, 5])
    give(state, c, "gnomflak#1")
    state, _ = play(state, a, "launch:kill", f"launch:kill:{b}", "launch:post:espionage", "confirm")
    state, events = play(state, b, "launch:spy", f"launch:spy:{c}", "confirm")
    assert state.players[a].posts["assassination"] == []
    assert state.players[b].posts["guards"] == [] and state.players[b].posts["espionage"] == []
    assert state.players[c].hand == ["gnomflak#1"] and state.players[b].vp == 0
    text = " ".join(public_texts(events))
    assert "the assassination succeeds" in text and "cancelled" in text


def _vote_table(vps: dict[int, int]) -> TribesState:
    state = table("PMKS", turn=14)
    for p, vp in vps.items():
        state.players[p].vp = vp
    state.deck.remove(GNOMPAX_CARD)
    state.discard.append(GNOMPAX_CARD)
    state.gnompax_turn = 14
    goals.open_vote(state, [])
    return state


def test_tv19_goal_vote_and_gnombut_revote() -> None:
    a, b, c, d = 0, 1, 2, 3
    state = _vote_table({a: 3, b: 12, c: 7, d: -2})
    give(state, a, "gnombut#1")
    assert vote_of(state).order == [d, a, c, b]
    state, _ = play(state, d, "vote:1")
    state, _ = play(state, a, "vote:3")
    state, _ = play(state, c, "vote:3")
    state, _ = play(state, b, "vote:5")
    assert vote_of(state).result == 5 and state.phase == phases.GNOMBUT
    assert [x.player for x in GAME.pending(state)] == [a]
    state, _ = play(state, a, f"but:cancel:{b}")
    assert state.phase == phases.REVOTE and vote_of(state).order == [d, a, c]
    assert state.players[a].hand == [] and "gnombut#1" in state.discard
    state, _ = play(state, d, "vote:1")
    state, _ = play(state, a, "vote:3")
    state, _ = play(state, c, "vote:3")
    assert state.goal == 3 and vote_of(state).first_result == 5
    assert state.phase not in (phases.VOTE, phases.REVOTE, phases.GNOMBUT)


def test_tv20_countdown_ends_after_turn_n_plus_4() -> None:
    state = table("PK", turn=14)
    state.deck.remove(GNOMPAX_CARD)
    state.discard.append(GNOMPAX_CARD)
    state.gnompax_turn, state.goal = 14, 5
    assert GAME.view(state, None)["turns_left"] == 4
    for turn in (14, 15, 16, 17):
        state.turn = turn
        flow._end_turn(state, [])
        assert state.phase == phases.INCOME and state.turn == turn + 1
    assert GAME.view(state, None)["turns_left"] == 0
    flow._end_turn(state, [])
    assert state.phase == phases.FINISHED and state.turn == 18
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.reason == "goal"


def test_tv21_deck_construction_hides_gnompax_in_the_last_eleven() -> None:
    cards = instances_without_gnompax()
    shuffled = list(cards)
    Rng(77).shuffle(shuffled)
    deck = build_deck(Rng(77), escargnom=False)
    assert deck[:33] == shuffled[10:]  # c11…c43 on top
    assert sorted(deck[33:]) == sorted([*shuffled[:10], GNOMPAX_CARD])  # the 11 underneath
    assert 34 <= deck.index(GNOMPAX_CARD) + 1 <= 44
    escargnom = build_deck(Rng(77), escargnom=True)
    assert escargnom.index(GNOMPAX_CARD) + 1 == 44 and escargnom[:43] == shuffled


def test_tv22_exchange_then_super_bingo() -> None:
    a, b, c = 0, 1, 2
    state = table("PMK", turn=1)  # turn order A, B, C
    state.players[a].vp, state.players[b].vp = 5, 20
    state.players[c].purse = 3
    post(state, a, "research", [10])
    post(state, c, "research", [10])
    card_on_top(state, "gnombut_exchange#1", "super_bingo#1")
    research.queue_researchers(state)
    research.run(state, [])
    assert state.phase == phases.EXCHANGE and state.players[a].vp == 9
    assert [x.player for x in GAME.pending(state)] == [a]
    state, _ = play(state, a, f"xchg:{b}")
    assert (state.players[a].vp, state.players[b].vp) == (20, 9)
    assert state.players[c].purse == 23 and state.players[c].vp == 4
    assert {"gnombut_exchange#1", "super_bingo#1"} <= set(state.discard)
    assert state.players[c].hand == []
