"""Hidden information (spec §15, R-T41): purses, hands, post values, zero bills, sealed orders and the deck
order reach nobody but their owner, in views, menus, panels or public narration."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.ai import RandomPlayer
from engine.core.events import Event
from engine.core.rng import Rng
from engine.tribes import GAME, phases
from engine.tribes.cards import GAG, card_of
from engine.tribes.flow import ECONOMY_PHASES
from engine.tribes.state import POSTS, Draft, InvestmentOrder, LaunchOrder, TribesState, clone

OTHER_BILL = {0: 5, 1: 2, 2: 1, 5: 10, 10: 20, 20: 0}
SECRET_PHASES = (phases.INVESTMENT, phases.LAUNCH, phases.GNOMBUT)


def random_states(players: int, seed: int, options: dict[str, Any], limit: int) -> list[tuple[TribesState,
                                                                                                list[Event], str]]:
    """States along a random game, each with the events that led there and the phase they came from."""
    state = GAME.new_game(players, seed, options)
    bots = [RandomPlayer(seed * 13 + p) for p in range(players)]
    out = [(state, GAME.setup_events(state), phases.TRIBE)]
    for _ in range(limit):
        pending = GAME.pending(state)
        if not pending:
            break
        d = pending[0]
        before = state.phase
        state, events = GAME.apply(state, d.player, bots[d.player].choose(GAME, state, d.player))
        out.append((state, events, before))
    return out


def with_other_secrets(state: TribesState, p: int, rng: Rng) -> TribesState:
    """The same game with `p`'s purse, zeros, post values, hand, sealed order and the deck order changed."""
    other = clone(state)
    me = other.players[p]
    me.purse += 13
    me.zeros = (me.zeros + 1) % 4
    for post in POSTS:
        me.posts[post] = [OTHER_BILL[b] for b in me.posts[post]]
    if other.phase in ECONOMY_PHASES:
        # a hand of the same size, other cards (swapped with the deck)
        for i, card in enumerate(me.hand):
            swap = next((c for c in other.deck if card_of(c).kind != "end"), None)
            if swap is not None:
                other.deck[other.deck.index(swap)] = card
                me.hand[i] = swap
        rng.shuffle(other.deck)
    draft = other.drafts.get(p)
    if draft is not None:
        other.drafts[p] = Draft(path=list(draft.path), done=draft.done, history=list(draft.history),
                                investment=InvestmentOrder(recruits={}, bills={"guards": [20, 1]}),
                                launch=LaunchOrder(espionage=None, assassination=None))
    return other


def _seen_by(state: TribesState, q: int) -> Any:
    return (GAME.view(state, q), GAME.describe_private(state, q), [a.id for a in GAME.legal_actions(state, q)],
            [a.label for a in GAME.legal_actions(state, q)], [d.to_json() for d in GAME.pending(state)])


@settings(max_examples=6, deadline=None)
@given(players=st.integers(2, 4), seed=st.integers(0, 10_000), turbo=st.booleans())
def test_no_view_but_its_owners_depends_on_a_players_secrets(players: int, seed: int, turbo: bool) -> None:
    rng = Rng.from_seed(seed)
    states = random_states(players, seed, {"turbo": turbo}, 220)
    for state, _events, _before in states[:: max(1, len(states) // 25)]:
        if GAME.outcome(state) is not None:
            continue
        for p in range(players):
            other = with_other_secrets(state, p, rng)
            assert GAME.view(other, None) == GAME.view(state, None)
            for q in range(players):
                if q != p:
                    assert _seen_by(other, q) == _seen_by(state, q), (state.phase, p, q)


def test_a_players_own_view_shows_his_secrets() -> None:
    state = random_states(3, 4, {"turbo": True}, 5)[-1][0]
    for p in range(3):
        you = GAME.view(state, p)["you"]
        me = state.players[p]
        assert (you["purse"], you["zeros"]) == (me.purse, me.zeros)
        assert [c["id"] for c in you["hand"]] == me.hand
        assert "you" not in GAME.view(state, None)
        assert "purse" not in str(GAME.view(state, None)["seats"])


def _hidden_card_names(state: TribesState) -> set[str]:
    return {card_of(c).name for player in state.players for c in player.hand if card_of(c).kind != GAG}


@settings(max_examples=5, deadline=None)
@given(players=st.integers(2, 4), seed=st.integers(0, 10_000))
def test_public_economy_narration_never_names_hidden_cards_or_sealed_values(players: int, seed: int) -> None:
    states = random_states(players, seed, {"turbo": True}, 400)
    previous = states[0][0]
    for state, events, before in states[1:]:
        if before in ECONOMY_PHASES and state.phase in ECONOMY_PHASES:
            hidden = _hidden_card_names(state) | _hidden_card_names(previous)
            for event in events:
                if not event.public:
                    continue
                assert not any(name in event.text for name in hidden), event.text
                assert "purse" not in event.text.lower(), event.text
                if before in SECRET_PHASES and "recruits" in event.data:
                    assert "GG" not in event.text, event.text  # the reveal shows bill counts only
                if before in SECRET_PHASES and event.kind == "info":
                    assert "GG" not in event.text, event.text  # sealing an order tells nothing of it
        previous = state


PUBLIC_KEYS = {"game", "players", "round", "pending", "factions", "turn", "phase", "phase_label", "turn_order",
               "active", "tribes", "territories", "seats", "deck_size", "gnompax", "goal", "goal_name", "turns_left",
               "war", "last_battle", "vote", "winners", "faction_ids"}
SEAT_KEYS = {"player", "tribe", "name", "colour", "vp", "hand_size", "bills", "armies", "territories"}
YOU_KEYS = {"player", "purse", "zeros", "posts", "hand", "draft", "draft_said"}


def test_views_follow_the_shared_design_schema() -> None:
    state = random_states(3, 2, {}, 40)[-1][0]
    public = GAME.view(state, None)
    assert set(public) == PUBLIC_KEYS
    assert len(public["territories"]) == 29 and set(public["territories"]["wheatburg"]) == {"controller", "armies",
                                                                                            "moved"}
    assert [s["player"] for s in public["seats"]] == state.seat_order
    assert all(set(s) == SEAT_KEYS for s in public["seats"])
    assert set(public["gnompax"]) == {"out", "turn", "forced"}
    assert public["phase_label"].startswith(f"Turn {state.turn} · Phase ")
    mine = GAME.view(state, 1)
    assert set(mine) == PUBLIC_KEYS | {"you"} and set(mine["you"]) == YOU_KEYS
    assert set(mine["you"]["posts"]) == set(POSTS)
