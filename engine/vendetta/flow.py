"""The automatic parts of a round: reinforcement, turn order, combats, loot, end check (spec §5).

Every function here mutates the (already copied) state it is given and appends the events it causes.
"""

from __future__ import annotations

from typing import Any

from engine.core.events import Event, public_event
from engine.core.phrases import ListOf, listed, phrase
from engine.core.rng import Rng
from engine.vendetta import words
from engine.vendetta.board import load_board
from engine.vendetta.clans import CLANS, clockwise_from, next_clockwise
from engine.vendetta.combat import automatic_assignment, declaration_order, resolve_combat_round
from engine.vendetta.movement import Triple, apply_declaration
from engine.vendetta.objectives import CARDS, token_text
from engine.vendetta.scoring import all_complete
from engine.vendetta.state import (
    PHASE_COMBAT,
    PHASE_FINISHED,
    PHASE_MOVEMENT,
    VendettaState,
    add_gnomes,
    contested,
)


def movement_order(state: VendettaState) -> list[str]:
    """This round's movement order: every seat clockwise from the first seat."""
    return clockwise_from(state.seats, state.first_seat)


def current_mover(state: VendettaState) -> str | None:
    """The seat whose movement turn it is, or None outside the movement phase."""
    if state.phase != PHASE_MOVEMENT:
        return None
    for clan in movement_order(state):
        if clan not in state.moved:
            return clan
    return None


def current_declarer(state: VendettaState) -> str | None:
    """The clan that must declare its combat targets now, or None."""
    if state.phase != PHASE_COMBAT or state.combat is None:
        return None
    fight = state.combat
    done = len(fight["declarations"])
    return fight["order"][done] if done < len(fight["order"]) else None


def start_round(state: VendettaState, events: list[Event]) -> None:
    """Begin the next round: reinforcement (automatic), then the first seat's movement turn."""
    state.round += 1
    state.phase = PHASE_MOVEMENT
    state.moved = []
    state.drafts = {}
    events.append(public_event(
        f"Round {state.round} begins; {CLANS[state.first_seat].name} moves first.", "round",
        phrase=phrase("round.begins", round=state.round, clan=words.clan(state.first_seat)),
        round=state.round, first_seat=state.first_seat,
    ))
    reinforce(state, events)


def reinforce(state: VendettaState, events: list[Event]) -> None:
    """Every seat places min(rate, reserve) gnomes on its home, even onto enemies (R-V9)."""
    placed: dict[str, int] = {}
    for clan in state.seats:
        n = min(CLANS[clan].reinforcements, state.reserve[clan])
        if n:
            state.reserve[clan] -= n
            add_gnomes(state.board, CLANS[clan].home, clan, n)
        placed[clan] = n
    # A clan whose reserve is empty gets nothing: "+0" beside it would only be noise.
    text = ", ".join(f"{CLANS[c].name} +{n}" for c, n in placed.items() if n)
    said = (phrase("reinforce.some", placed=listed(phrase("reinforce.clan", clan=words.clan(c), gnomes=n)
                                                      for c, n in placed.items() if n))
            if text else phrase("reinforce.none"))
    english = f"Reinforcements: {text}." if text else "No reinforcements: every reserve is empty."
    events.append(public_event(english, "reinforce", phrase=said, placed=placed))


def finish_movement(state: VendettaState, clan: str, triples: list[Triple], events: list[Event]) -> None:
    """Apply a validated declaration atomically (R-V12), end the turn, start combat after the last seat."""
    apply_declaration(state.board, clan, triples)
    state.moved.append(clan)
    state.drafts.pop(clan, None)
    state.last_move = {"kind": "move", "clan": clan, "moves": [[o, d, n] for o, d, n in triples]}
    board = load_board()
    if triples:
        text = "; ".join(f"{n} gnome{'s' if n > 1 else ''} from {board.name(o)} to {board.name(d)}"
                         for o, d, n in triples)
        steps = listed((phrase("move.step", n=n, origin=words.place(o), target=words.place(d))
                        for o, d, n in triples), "semicolon")
        events.append(public_event(f"{CLANS[clan].name} moves {text}.", "move",
                                   phrase=phrase("move.moves", clan=words.clan(clan), steps=steps), clan=clan,
                                   moves=state.last_move["moves"]))
    else:
        events.append(public_event(f"{CLANS[clan].name} passes.", "move",
                                   phrase=phrase("move.pass", clan=words.clan(clan)), clan=clan, moves=[]))
    if current_mover(state) is None:
        state.phase = PHASE_COMBAT
        run_combats(state, events)


def _open_fight(state: VendettaState, territory: str, combat_round: int) -> dict[str, Any]:
    here = state.board[territory]
    order = declaration_order(here, state.seats, state.first_seat)  # R-V16
    declarations: list[list[Any]] = []
    if len(order) == 2:  # R-V16: two-clan fights need no input
        declarations = [[c, [list(p) for p in automatic_assignment(here, c)]] for c in order]
    return {"territory": territory, "order": order, "declarations": declarations, "round": combat_round}


def run_combats(state: VendettaState, events: list[Event]) -> None:
    """Resolve contested territories in JSON order (R-V17) until one needs a declaration or all are done."""
    board = load_board()
    rng = Rng(state.rng)
    try:
        while True:
            if state.combat is None:
                fights = contested(state.board, board.order)
                if not fights:
                    break
                state.combat = _open_fight(state, fights[0], 1)
            fight = state.combat
            if len(fight["declarations"]) < len(fight["order"]):
                return  # waiting for the next declarer
            _roll_round(state, fight, rng, events)
    finally:
        state.rng = rng.state
    loot(state, events)
    end_check(state, events)


def _roll_round(state: VendettaState, fight: dict[str, Any], rng: Rng, events: list[Event]) -> None:
    territory = fight["territory"]
    here = state.board[territory]
    declarations = [(c, [(t, n) for t, n in assignment]) for c, assignment in fight["declarations"]]
    result = resolve_combat_round(here, declarations, rng.die)
    for clan, n in result.losses.items():
        add_gnomes(state.board, territory, clan, -n)
        state.reserve[clan] += n  # R-V7: casualties go back to the reserve
    name = load_board().name(territory)
    rolls = "; ".join(f"{CLANS[a].name} at {CLANS[t].name} rolls {', '.join(map(str, faces))}"
                      for a, t, faces in result.rolls)
    lost = ", ".join(f"{CLANS[c].name} loses {n}" for c, n in result.losses.items()) or "Nobody falls"
    # R-V6: mention the revive only when blue's sixes actually cancelled a hit on blue
    revived = min(result.hits.get("blue", 0), result.sixes)
    extra = (f" ({CLANS['blue'].name} revives {revived} gnome{'s' if revived > 1 else ''} "
             f"with {result.sixes} six{'es' if result.sixes > 1 else ''})") if revived else ""
    said_rolls = listed((phrase("combat.roll", attacker=words.clan(a), target=words.clan(t), faces=listed(faces))
                         for a, t, faces in result.rolls), "semicolon")
    said_lost = (listed(phrase("combat.loss", clan=words.clan(c), lost=n) for c, n in result.losses.items())
                 if result.losses else phrase("combat.nobody-falls"))
    said = (phrase("combat.round-revived", territory=words.place(territory), round=fight["round"], rolls=said_rolls,
                   losses=said_lost, clan=words.clan("blue"), gnomes=phrase("combat.gnomes", n=revived),
                   sixes=phrase("combat.sixes", n=result.sixes))
            if revived else
            phrase("combat.round", territory=words.place(territory), round=fight["round"], rolls=said_rolls,
                   losses=said_lost))
    events.append(public_event(
        f"Combat on {name}, round {fight['round']}: {rolls}. {lost}"
        f"{extra}.", "roll", phrase=said,
        territory=territory, round=fight["round"], declarations=fight["declarations"], revived=revived,
        rolls=[[a, t, faces] for a, t, faces in result.rolls], losses=dict(result.losses), sixes=result.sixes,
    ))
    state.last_move = {"kind": "combat", "territory": territory, "losses": dict(result.losses)}
    survivors = state.board.get(territory, {})
    if len(survivors) >= 2:
        state.combat = _open_fight(state, territory, fight["round"] + 1)
    else:
        state.combat = None
        holder = next(iter(survivors), None)
        outcome = f"{CLANS[holder].name} holds {name}." if holder else f"{name} is left empty."
        said = (phrase("combat.holds", clan=words.clan(holder), territory=words.place(territory)) if holder
                else phrase("combat.left-empty", territory=words.place(territory)))
        events.append(public_event(outcome, "combat_end", phrase=said, territory=territory, holder=holder))


def loot(state: VendettaState, events: list[Event]) -> None:
    """Each occupying clan gains one token of each territory's type (§5.4, R-V20..R-V23)."""
    board = load_board()
    gains: dict[str, list[str]] = {c: [] for c in state.seats}
    for territory in board.order:
        here = state.board.get(territory, {})
        if len(here) == 1:
            (clan,) = here
            token = board.loot(territory)
            state.tokens[clan][token] = state.tokens[clan].get(token, 0) + 1  # R-V21: the supply never runs out
            gains[clan].append(token)
    text = "; ".join(f"{CLANS[c].name}: {_gains_text(g)}" for c, g in gains.items() if g)
    said = (phrase("loot.some", gains=listed((phrase("loot.clan", clan=words.clan(c), tokens=_gains_said(g))
                                              for c, g in gains.items() if g), "semicolon"))
            if text else phrase("loot.nothing"))
    text = text or "nothing"
    events.append(public_event(f"Loot — {text}.", "loot", phrase=said, gains=gains))


def _gains_text(tokens: list[str]) -> str:
    """One clan's loot in words, like tokens counted together: `2 apples, an acorn`."""
    counts: dict[str, int] = {}
    for token in tokens:
        counts[token] = counts.get(token, 0) + 1
    return ", ".join(_token_gain(t) if n == 1 else f"{n} {token_text(t, n)}" for t, n in counts.items())


def _gains_said(tokens: list[str]) -> ListOf:
    """One clan's loot as the catalog's counted names, in the order of `_gains_text`."""
    counts: dict[str, int] = {}
    for token in tokens:
        counts[token] = counts.get(token, 0) + 1
    return listed(words.gained(t, n) for t, n in counts.items())


def _token_gain(token: str) -> str:
    """One looted token in words: `an acorn`, `a red gnome token`."""
    return f"{'an' if token[0] in 'aeiou' else 'a'} {token_text(token, 1)}"


def end_check(state: VendettaState, events: list[Event]) -> None:
    """End the game when a seat completes everything (R-V27) or at the round limit (R-V33); else next round."""
    passed = [c for c in state.seats if all_complete(c, state.chosen.get(c, []), state.tokens[c], state.board)]
    if passed:
        _finish(state, "objectives", passed, events)
    elif state.round >= state.round_limit:
        _finish(state, "round_limit", [], events)
    else:
        state.first_seat = next_clockwise(state.seats, state.first_seat)
        start_round(state, events)


def _finish(state: VendettaState, reason: str, passed: list[str], events: list[Event]) -> None:
    state.phase = PHASE_FINISHED
    state.end_reason = reason
    state.triggered = passed
    state.drafts = {}
    state.combat = None
    if reason == "objectives":
        # The end message's own heading says the game is over: this line says only why.
        text = ", ".join(CLANS[c].name for c in passed) + " completed all objectives."
        said = phrase("end.objectives", clans=listed(words.clan(c) for c in passed))
    else:
        text = f"The round limit ({state.round_limit}) is reached."
        said = phrase("end.round-limit", limit=state.round_limit)
    revealed = {c: [CARDS[cid].name for cid in state.chosen.get(c, [])] for c in state.seats}
    events.append(public_event(text, "reveal", phrase=said, reason=reason, triggered=passed,
                               chosen={c: list(state.chosen.get(c, [])) for c in state.seats},
                               chosen_names=revealed))
