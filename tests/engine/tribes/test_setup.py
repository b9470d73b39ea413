"""Setup and variants (spec §2-3): the deck, the tribe pick, neutral cities, seats, turboGnom, options."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.core.errors import IllegalAction
from engine.core.events import Event
from engine.tribes import GAME, phases
from engine.tribes.board import load_board
from engine.tribes.setup import GNOMPAX_CARD, _deal
from tests.engine.tribes.economy_support import card_on_top, play, public_texts, table


@settings(max_examples=40)
@given(seed=st.integers(min_value=0, max_value=2**40))
def test_gnompax_lies_among_the_last_eleven_cards(seed: int) -> None:
    state = GAME.new_game(2, seed, {"tribe_pick": "random"})
    deck = state.deck
    assert len(deck) == 44 and len(set(deck)) == 44
    assert 34 <= deck.index(GNOMPAX_CARD) + 1 <= 44


def test_gnompax_position_varies_over_the_last_eleven() -> None:
    positions = {GAME.new_game(2, s, {"tribe_pick": "random"}).deck.index(GNOMPAX_CARD) + 1 for s in range(200)}
    assert positions == set(range(34, 45))


@settings(max_examples=10)
@given(seed=st.integers(min_value=0, max_value=2**40))
def test_escargnom_puts_gnompax_last(seed: int) -> None:
    state = GAME.new_game(3, seed, {"escargnom": True, "tribe_pick": "random"})
    assert state.deck.index(GNOMPAX_CARD) + 1 == 44


def test_two_players_pick_in_join_order_and_keep_the_diagonal() -> None:
    state = GAME.new_game(2, 5, {})
    assert [d.player for d in GAME.pending(state)] == [0]
    assert len(GAME.legal_actions(state, 0)) == 4 and GAME.legal_actions(state, 1) == []
    state, events = play(state, 0, "tribe:mountain")
    assert [p.tribe for p in state.players] == ["mountain", "swamp"]  # the only diagonal partner, not asked
    assert state.phase == phases.INVESTMENT
    assert any("plays the Swamp Gnomes" in t for t in public_texts(events))


def test_four_players_pick_in_turn_and_the_last_tribe_is_given() -> None:
    state = GAME.new_game(4, 5, {})
    state, _ = play(state, 0, "tribe:swamp")
    assert [a.id for a in GAME.legal_actions(state, 1)] == ["tribe:plains", "tribe:mountain", "tribe:marsh"]
    assert GAME.timeout_action(state, 1).id == "tribe:plains"  # the first free tribe in the fixed order
    state, _ = play(state, 1, "tribe:marsh")
    state, _ = play(state, 2, "tribe:plains")
    assert [p.tribe for p in state.players] == ["swamp", "marsh", "plains", "mountain"]
    board = load_board()
    for p, player in enumerate(state.players):
        city = state.areas[board.city_of(player.tribe)]
        assert (city.controller, city.armies) == (p, 3)


@pytest.mark.parametrize("seed", range(12))
def test_random_tribes_keep_the_two_player_diagonal(seed: int) -> None:
    state = GAME.new_game(2, seed, {"tribe_pick": "random"})
    assert sorted(p.tribe for p in state.players) in (["marsh", "plains"], ["mountain", "swamp"])
    assert state.phase == phases.INVESTMENT


def test_neutral_cities_are_free_and_empty() -> None:
    state = table("PMK")
    mudburg = state.areas["mudburg"]
    assert (mudburg.controller, mudburg.armies) == (None, 0)
    assert GAME.view(state, None)["territories"]["mudburg"]["controller"] is None


def test_standard_start() -> None:
    state = GAME.new_game(3, 9, {"tribe_pick": "random"})
    for p, player in enumerate(state.players):
        assert (player.zeros, player.vp, player.hand) == (3, 0, [])
        assert player.purse == 10 + 5 + 1  # 10 GG at setup, then turn 1's income: 5 + the city
        assert sum(a.armies for a in state.areas.values() if a.controller == p) == 3


def test_turbo_start_has_twelve_armies_and_one_card_each() -> None:
    state = GAME.new_game(4, 3, {"turbo": True, "tribe_pick": "random"})
    board = load_board()
    for p, player in enumerate(state.players):
        city = board.city_of(player.tribe)
        assert state.areas[city].armies == 3
        assert all((state.areas[t].controller, state.areas[t].armies) == (p, 3) for t in board.adjacent(city))
        assert player.vp == 0
    assert sum(len(p.hand) for p in state.players) + len(state.discard) == 4
    assert len(state.deck) == 40


def test_turbo_dealt_super_bingo_pays_at_once_and_exchange_does_nothing() -> None:
    state = table("PK", turbo=True)
    for p in state.players:
        state.deck.extend(p.hand)
        p.hand = []
    card_on_top(state, "super_bingo#1", "gnombut_exchange#1")
    purse = state.players[0].purse
    events: list[Event] = []
    _deal(state, 0, events)
    _deal(state, 1, events)
    assert state.players[0].purse == purse + 20 and state.players[0].vp == 0
    assert state.players[1].vp == 0 and state.players[1].hand == []
    assert {"super_bingo#1", "gnombut_exchange#1"} <= set(state.discard)


def test_turn_order_rotates_round_the_seats() -> None:
    state = GAME.new_game(3, 4, {"tribe_pick": "random"})
    seats = state.seat_order
    assert state.turn_order() == seats
    state.turn = 2
    assert state.turn_order() == seats[1:] + seats[:1]
    state.turn = 4
    assert state.turn_order() == seats


@pytest.mark.parametrize("options", [{"gnompax_cap": 19}, {"gnompax_cap": 61}, {"tribe_pick": "auction"},
                                     {"turbo": "maybe"}])
def test_bad_options_are_refused(options: dict[str, object]) -> None:
    with pytest.raises(IllegalAction) as err:
        GAME.new_game(2, 1, options)
    assert err.value.message


def test_setup_events_name_every_player_and_hide_the_deck() -> None:
    state = GAME.new_game(4, 2, {"tribe_pick": "random", "turbo": True})
    events = GAME.setup_events(state)
    public = " ".join(e.text for e in events if e.public)
    for p in range(4):
        assert f"{{p{p}}}" in public
    for card in state.deck[:5]:
        assert card.split("#")[0] not in public
