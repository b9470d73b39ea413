"""Property: random legal play through one Phase 4 step keeps the board invariants and the secrets."""

from __future__ import annotations

import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.tribes.board import GNOMLAB, load_board
from engine.tribes.cards import card_name, instances_without_gnompax
from engine.tribes.phases import CARDS as CARDS_PHASE
from engine.tribes.phases import WAR_STEP_DONE
from engine.tribes.state import MAX_ARMIES, dump_state, load_state
from engine.tribes.view import public_view
from engine.tribes.war import WAR_PHASES
from engine.tribes.war.view import war_view
from tests.engine.tribes.builders import LETTERS, act, build, start, waiting

BOARD = load_board()
TABLES = ["PMKS", "PMK", "PK", "MS", "KSP"]
MAX_STEPS = 250
MENU_LIMIT = 25  # one Discord select menu, draft controls included
CARDS = instances_without_gnompax()
# the timeout defaults end a draft at once: random play takes them rarely, to reach the combats
DEFAULTS = {"plan:none", "dep:end", "card:pass", "def:auto", "ret:auto", "flak:auto", "order:plan"}


@st.composite
def war_setups(draw):
    """A random board (each territory empty or held by one tribe), random hands, a random active tribe."""
    tribes = draw(st.sampled_from(TABLES))
    armies: dict[str, str] = {}
    totals = dict.fromkeys(tribes, 0)
    for territory in BOARD.order:
        owner = draw(st.sampled_from([None, None, *tribes]))
        if owner is None:
            continue
        count = 1 if territory == GNOMLAB else draw(st.integers(1, 5))
        if totals[owner] + count <= MAX_ARMIES:
            totals[owner] += count
            armies[territory] = f"{owner}:{count}"
    dealt = draw(st.lists(st.sampled_from(CARDS), unique=True, max_size=4 * len(tribes)))
    hands = {letter: dealt[i::len(tribes)] for i, letter in enumerate(tribes)}
    active = draw(st.sampled_from(list(tribes)))
    gnomicide = draw(st.booleans())
    return build(armies, tribes=tribes, hands=hands, gnomicide=gnomicide), active


def board_problems(state, before_totals):
    problems = []
    totals = [0] * state.player_count
    for territory, area in state.areas.items():
        cap = 1 if territory == GNOMLAB else 5
        if not 0 <= area.armies <= cap:
            problems.append(f"{territory} holds {area.armies}")
        if not 0 <= area.moved <= area.armies:
            problems.append(f"{territory} moved {area.moved} of {area.armies}")
        if area.armies and area.controller is None:
            problems.append(f"{territory} has armies and no owner")
        if not area.armies and area.controller is not None and BOARD.type_of(territory) != "city":
            problems.append(f"vacant {territory} is still controlled")
        if area.armies:
            totals[area.controller] += area.armies
    for player, total in enumerate(totals):
        if total > MAX_ARMIES or total > before_totals[player]:
            problems.append(f"player {player} has {total} armies (was {before_totals[player]})")
    return problems


def sealed_cards_public(state):
    """Sealed (unrevealed) battle cards or airlifts that the public view of the game shows."""
    war = state.war
    if war is None or war.revealed:
        return []
    shown = []
    view = war_view(state)
    if view is not None and ("cards_played" in view or "airlifts" in view):
        shown.append("cards_played")
    text = json.dumps(public_view(state))
    airborne = {card_name(a.card) for a in war.attacks if a.card}
    for draft in war.cards.values():
        shown += [c for c in draft.cards if card_name(c) not in airborne and card_name(c) in text]
    return shown


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(setup=war_setups(), data=st.data())
def test_random_play_through_phase_4_keeps_the_invariants(setup, data):
    base, active = setup
    totals = [sum(a.armies for a in base.areas.values() if a.controller == p) for p in range(base.player_count)]
    hands = [list(p.hand) for p in base.players]
    vps = [p.vp for p in base.players]
    state, _ = start(base, active)
    steps = 0
    while waiting(state):
        player = data.draw(st.sampled_from(waiting(state)))
        rules = WAR_PHASES[state.phase]
        offered = rules.legal(state, player)
        assert offered, f"{player} waits in {state.phase} with nothing offered"
        assert len(offered) <= MENU_LIMIT, [a.id for a in offered]
        assert all(a.label and a.label != a.id for a in offered)
        if steps > MAX_STEPS:
            action = rules.timeout(state, player)
            assert action in offered, f"timeout {action.id} not offered in {state.phase}"
        else:
            forward = [a for a in offered if a.id not in DEFAULTS]
            rare = not forward or data.draw(st.integers(0, 11)) == 0
            action = data.draw(st.sampled_from(offered if rare else forward))
        phase = state.phase
        state, events = act(state, player, action.id)
        steps += 1
        assert steps < 2 * MAX_STEPS
        assert board_problems(state, totals) == []
        assert sealed_cards_public(state) == []
        if phase == CARDS_PHASE and state.phase == CARDS_PHASE:
            assert [e for e in events if e.public] == [], "a sealed card choice was told in public"
        for event in events:
            if event.public and state.war is not None and not state.war.revealed:
                assert not any(card_name(c) in event.text for d in state.war.cards.values() for c in d.cards)
        assert load_state(dump_state(state)) == state
    assert state.phase == WAR_STEP_DONE and state.war is None
    assert all(a.moved == 0 for a in state.areas.values())
    assert [list(p.hand) for p in state.players] == hands  # battle cards go back to the hand
    me = next(i for i, p in enumerate(state.players) if p.tribe == LETTERS[active])
    assert [p.vp for i, p in enumerate(state.players) if i != me] == [v for i, v in enumerate(vps) if i != me]
