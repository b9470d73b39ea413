"""How each phase checks and applies one player's action (spec §4.3 step 4, §5.2, §5.3, §10).

Each phase has a pair: `check_<phase>(state, player, action)` raises the IllegalAction the rules give the
action and changes nothing; `apply_<phase>(state, player, action, events)` performs an action that passed
the check, on a copied state. Both read the id once, as a typed step of engine/vendetta/ids.py.

Refusals come with the first applicable code in the priority order of §10:
E_NOT_YOUR_CLAN, E_OBJ_ALREADY, E_ALREADY_MOVED, E_NOT_IN_COMBAT, E_NOT_YOUR_TURN, then content checks.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.core.actions import Action
from engine.core.errors import IllegalAction
from engine.core.events import Event, private_event, public_event
from engine.core.phrases import Phrase, listed, phrase, verbatim
from engine.vendetta import words
from engine.vendetta.actions import (
    describe_assignment,
    destination_choices,
    drafted_from,
    new_combat_draft,
    new_move_draft,
)
from engine.vendetta.board import load_board
from engine.vendetta.clans import CLANS
from engine.vendetta.combat import present_clans, validate_assignment
from engine.vendetta.flow import current_declarer, current_mover, finish_movement, run_combats, start_round
from engine.vendetta.ids import (
    AllDice,
    Attack,
    Choose,
    Clear,
    Confirm,
    Declare,
    Dice,
    From,
    Gnomes,
    Pass,
    Pick,
    Target,
    To,
    Undo,
    parse,
    unknown,
)
from engine.vendetta.movement import Triple, is_count, reach, single_focus, validate_declaration
from engine.vendetta.objectives import CARDS, catalogue_sorted
from engine.vendetta.state import VendettaState


def clans_of(state: VendettaState, player: int) -> list[str]:
    """The seats `player` controls, in seat order."""
    return [c for c in state.seats if state.owner[c] == player]


def _require_own(state: VendettaState, player: int, clan: str) -> None:
    if state.owner.get(clan) != player:
        if clan not in CLANS:
            raise IllegalAction("You do not control the that clan.", "E_NOT_YOUR_CLAN",
                                phrase("refuse.not-your-clan-unknown"))
        raise IllegalAction(f"You do not control the {CLANS[clan].name} clan.", "E_NOT_YOUR_CLAN",
                            phrase("refuse.not-your-clan", clan=words.clan(clan)))


def _card_words(cid: str) -> str:
    """A card by name when it exists (no card codes in messages), else the typed text quoted."""
    return CARDS[cid].name if cid in CARDS else repr(cid)


def _draft_error(text: str, said: Phrase) -> IllegalAction:
    return IllegalAction(text, "E_DRAFT", said)


# --- objectives --------------------------------------------------------------------------------


def validate_choice(offered: Sequence[str], k: int, card_ids: Sequence[str]) -> list[str]:
    """The chosen cards in catalogue order, or IllegalAction (E_OBJ_COUNT before E_OBJ_NOT_OFFERED) (R-V26)."""
    if len(card_ids) != k:
        raise IllegalAction(f"Keep exactly {k} objectives (you chose {len(card_ids)}).", "E_OBJ_COUNT",
                            phrase("refuse.keep-exactly", n=k, chose=len(card_ids)))
    seen: set[str] = set()
    for cid in card_ids:
        if cid not in offered:
            # A typed text that names no card is quoted as typed, which no catalog translates: English only.
            raise IllegalAction(f"{_card_words(cid)} is not one of the cards you were offered.", "E_OBJ_NOT_OFFERED",
                                phrase("refuse.card-not-offered", card=words.card(cid)) if cid in CARDS else None)
        if cid in seen:
            raise IllegalAction(f"{_card_words(cid)} is chosen twice.", "E_OBJ_NOT_OFFERED",
                                phrase("refuse.card-twice", card=words.card(cid)) if cid in CARDS else None)
        seen.add(cid)
    return catalogue_sorted(card_ids)


def active_objective_clan(state: VendettaState, player: int) -> str:
    """The first seat of `player` still choosing objectives."""
    mine = clans_of(state, player)
    if not mine:
        raise IllegalAction("You have no clan in this game.", "E_NOT_YOUR_TURN", phrase("refuse.no-clan"))
    for clan in mine:
        if clan not in state.chosen:
            return clan
    raise IllegalAction("You have already chosen your objectives.", "E_OBJ_ALREADY", phrase("refuse.already-chosen"))


def _picked(state: VendettaState, clan: str) -> list[str]:
    return list((state.drafts.get(clan) or {}).get("cards", []))


def check_objectives(state: VendettaState, player: int, action: Action) -> None:
    """Refuse a pick, undo, confirm or whole choice of objectives the rules do not allow."""
    step = parse(action.id)
    if isinstance(step, Choose):
        _require_own(state, player, step.clan)
        if step.clan in state.chosen:
            raise IllegalAction("You have already chosen your objectives.", "E_OBJ_ALREADY",
                                phrase("refuse.already-chosen"))
        validate_choice(state.offered[step.clan], state.objectives_kept, step.cards)
        return
    clan = active_objective_clan(state, player)
    cards = _picked(state, clan)
    match step:
        case Pick(card=cid):
            if len(cards) >= state.objectives_kept:
                raise IllegalAction(f"You already picked {len(cards)}; confirm or undo.", "E_OBJ_COUNT",
                                    phrase("refuse.picked-enough", picked=len(cards)))
            if cid not in state.offered[clan] or cid in cards:
                raise IllegalAction(f"{_card_words(cid)} is not an offered card you can still pick.",
                                    "E_OBJ_NOT_OFFERED",
                                    phrase("refuse.card-not-pickable", card=words.card(cid)) if cid in CARDS else None)
        case Undo() | Clear():
            if not cards:
                raise _draft_error("Nothing to undo.", phrase("refuse.nothing-to-undo"))
        case Confirm():
            validate_choice(state.offered[clan], state.objectives_kept, cards)
        case _:
            raise unknown(action.id)


def apply_objectives(state: VendettaState, player: int, action: Action, events: list[Event]) -> None:
    """Perform a checked pick, undo, confirm or whole choice of objectives."""
    step = parse(action.id)
    if isinstance(step, Choose):
        _choose(state, step.clan, list(step.cards), events)
        return
    clan = active_objective_clan(state, player)
    draft = state.drafts.setdefault(clan, {"kind": "objectives", "clan": clan, "cards": []})
    cards: list[str] = draft["cards"]
    match step:
        case Pick(card=cid):
            cards.append(cid)
        case Undo():
            cards.pop()
        case Clear():
            cards.clear()
        case Confirm():
            _choose(state, clan, list(cards), events)


def _choose(state: VendettaState, clan: str, ids: list[str], events: list[Event]) -> None:
    state.chosen[clan] = validate_choice(state.offered[clan], state.objectives_kept, ids)
    state.drafts.pop(clan, None)
    names = ", ".join(CARDS[c].name for c in state.chosen[clan])
    kept = phrase("objectives.kept", clan=words.clan(clan), cards=listed(words.card(c) for c in state.chosen[clan]))
    events.append(private_event(state.owner[clan], f"{CLANS[clan].name} keeps: {names}.", "info", phrase=kept,
                                clan=clan, chosen=list(state.chosen[clan])))
    events.append(public_event(f"{CLANS[clan].name} has chosen its objectives.", "info",
                               phrase=phrase("objectives.chosen", clan=words.clan(clan)), clan=clan))
    if all(c in state.chosen for c in state.seats):
        events.append(public_event("Every clan has chosen its objectives.", "info",
                                   phrase=phrase("objectives.all-chosen")))
        start_round(state, events)


# --- movement ----------------------------------------------------------------------------------


def _mover_for(state: VendettaState, player: int) -> str:
    mover = current_mover(state)
    if mover is not None and state.owner[mover] == player:
        return mover
    mine = clans_of(state, player)
    if mine and all(c in state.moved for c in mine):
        raise IllegalAction("You have already moved this round.", "E_ALREADY_MOVED", phrase("refuse.already-moved"))
    if not mover:
        raise IllegalAction("It is not your turn to move (waiting for nobody).", "E_NOT_YOUR_TURN",
                            phrase("refuse.not-your-move-nobody"))
    raise IllegalAction(f"It is not your turn to move (waiting for {CLANS[mover].name}).", "E_NOT_YOUR_TURN",
                        phrase("refuse.not-your-move-waiting", clan=words.clan(mover)))


def _drafted_triples(draft: dict[str, Any]) -> list[tuple[Any, ...]]:
    return [tuple(t) for t in draft["triples"]]


def check_movement(state: VendettaState, player: int, action: Action) -> None:
    """Refuse a movement step, whole declaration or pass the rules do not allow."""
    step = parse(action.id)
    if isinstance(step, Declare):
        _require_own(state, player, step.clan)
        if step.clan in state.moved:
            raise IllegalAction("You have already moved this round.", "E_ALREADY_MOVED", phrase("refuse.already-moved"))
        if step.clan != current_mover(state):
            raise IllegalAction("It is not your turn to move.", "E_NOT_YOUR_TURN", phrase("refuse.not-your-move"))
        validate_declaration(state.board, step.clan, step.triples)
        return
    clan = _mover_for(state, player)
    draft = state.drafts.get(clan) or new_move_draft(clan)
    board = load_board()
    match step:
        case Pass():
            pass
        case Confirm():
            if not draft["triples"] or draft["origin"] is not None:
                raise _draft_error("Finish or undo the move you are building, or pass.", phrase("refuse.finish-move"))
            validate_declaration(state.board, clan, _drafted_triples(draft))
        case Undo():
            if draft["dest"] is None and draft["origin"] is None and not draft["triples"]:
                raise _draft_error("Nothing to undo.", phrase("refuse.nothing-to-undo"))
        case Clear():
            if not draft["triples"]:
                raise _draft_error("Nothing to clear.", phrase("refuse.nothing-to-clear"))
        case From(territory=origin):
            _check_origin(state, clan, draft, origin)
        case To(territory=dest):
            if dest not in board:
                raise IllegalAction(f"There is no territory called {dest!r}.", "E_UNKNOWN_TERRITORY",
                                    phrase("refuse.no-territory-called", name=verbatim(repr(dest))))
            if draft["origin"] is None or draft["dest"] is not None:
                raise _draft_error("Choose where to move from first.", phrase("refuse.origin-first"))
            if dest == draft["origin"]:
                raise IllegalAction("Origin and destination must differ.", "E_SAME_TERRITORY",
                                    phrase("refuse.same-territory"))
            pairs = [(o, d) for o, d, _n in draft["triples"]]
            if not single_focus([*pairs, (draft["origin"], dest)]):
                raise IllegalAction("That destination breaks the single focus of your move.", "E_FOCUS",
                                    phrase("refuse.focus-destination"))
            if dest not in reach(clan, draft["origin"], state.board):
                raise IllegalAction(f"{board.name(dest)} cannot be reached: other clans block the way.",
                                    "E_UNREACHABLE", phrase("refuse.blocked", place=words.place(dest)))
        case Gnomes(count=n):
            if draft["origin"] is None or draft["dest"] is None:
                raise _draft_error("Choose an origin and a destination first.",
                                   phrase("refuse.origin-and-destination-first"))
            if not isinstance(n, int) or not is_count(n):
                raise IllegalAction(f"{n!r} is not a number of gnomes.", "E_COUNT",
                                    phrase("refuse.not-a-count", count=verbatim(repr(n))))
            origin = draft["origin"]
            if n > state.board.get(origin, {}).get(clan, 0) - drafted_from(draft, origin):
                raise IllegalAction(f"Not enough gnomes left on {board.name(origin)}.", "E_NOT_ENOUGH_GNOMES",
                                    phrase("refuse.not-enough-gnomes", place=words.place(origin)))
        case _:
            raise unknown(action.id)


def _check_origin(state: VendettaState, clan: str, draft: dict[str, Any], origin: str) -> None:
    board = load_board()
    if origin not in board:
        raise IllegalAction(f"There is no territory called {origin!r}.", "E_UNKNOWN_TERRITORY",
                            phrase("refuse.no-territory-called", name=verbatim(repr(origin))))
    if draft["origin"] is not None:
        raise _draft_error("You already chose where to move from; choose a destination or undo.",
                           phrase("refuse.origin-chosen"))
    if state.board.get(origin, {}).get(clan, 0) - drafted_from(draft, origin) < 1:
        raise IllegalAction(f"You have no gnome left to move on {board.name(origin)}.", "E_NOT_ENOUGH_GNOMES",
                            phrase("refuse.no-gnome-left", place=words.place(origin)))
    if not destination_choices(state, clan, draft, origin):
        pairs = [(o, d) for o, d, _n in draft["triples"]]
        if not any(single_focus([*pairs, (origin, d)]) for d in board.order if d != origin):
            raise IllegalAction("That origin breaks the single focus of your move.", "E_FOCUS",
                                phrase("refuse.focus-origin"))
        raise IllegalAction("No destination can be reached from there.", "E_UNREACHABLE",
                            phrase("refuse.no-destination"))


def apply_movement(state: VendettaState, player: int, action: Action, events: list[Event]) -> None:
    """Perform a checked movement step, whole declaration or pass."""
    step = parse(action.id)
    if isinstance(step, Declare):
        finish_movement(state, step.clan, validate_declaration(state.board, step.clan, step.triples), events)
        return
    clan = _mover_for(state, player)
    draft = state.drafts.setdefault(clan, new_move_draft(clan))
    match step:
        case Pass():
            finish_movement(state, clan, [], events)
        case Confirm():
            triples: list[Triple] = validate_declaration(state.board, clan, _drafted_triples(draft))
            finish_movement(state, clan, triples, events)
        case Undo():
            if draft["dest"] is not None:
                draft["dest"] = None
            elif draft["origin"] is not None:
                draft["origin"] = None
            else:
                draft["triples"].pop()
        case Clear():
            state.drafts[clan] = new_move_draft(clan)
        case From(territory=origin):
            draft["origin"] = origin
        case To(territory=dest):
            draft["dest"] = dest
        case Gnomes(count=n):
            origin, dest = draft["origin"], draft["dest"]
            for triple in draft["triples"]:
                if triple[0] == origin and triple[1] == dest:
                    triple[2] += n  # merged like §5.2 step 2
                    break
            else:
                draft["triples"].append([origin, dest, n])
            draft["origin"] = draft["dest"] = None


# --- combat ------------------------------------------------------------------------------------


def _declarer_for(state: VendettaState, player: int) -> str:
    declarer = current_declarer(state)
    if declarer is not None and state.owner[declarer] == player:
        return declarer
    assert state.combat is not None
    if any(state.owner[c] == player for c in state.combat["order"]):
        raise IllegalAction("It is not your turn to declare.", "E_NOT_YOUR_TURN", phrase("refuse.not-your-declaration"))
    raise IllegalAction("None of your clans fights here.", "E_NOT_IN_COMBAT", phrase("refuse.not-in-fight"))


def _fight_here(state: VendettaState) -> dict[str, int]:
    fight = state.combat
    assert fight is not None
    return state.board[fight["territory"]]


def check_combat(state: VendettaState, player: int, action: Action) -> None:
    """Refuse a declaration step or whole combat declaration the rules do not allow."""
    here = _fight_here(state)
    step = parse(action.id)
    if isinstance(step, Attack):
        _require_own(state, player, step.clan)
        if step.clan not in present_clans(here):
            raise IllegalAction(f"{CLANS[step.clan].name} has no gnome in this fight.", "E_NOT_IN_COMBAT",
                                phrase("refuse.clan-not-in-fight", clan=words.clan(step.clan)))
        if step.clan != current_declarer(state):
            raise IllegalAction("It is not your turn to declare.", "E_NOT_YOUR_TURN",
                                phrase("refuse.not-your-declaration"))
        validate_assignment(here, step.clan, step.pairs)
        return
    clan = _declarer_for(state, player)
    assert state.combat is not None
    draft = state.drafts.get(clan) or new_combat_draft(clan, state.combat["territory"])
    assigned = {t for t, _n in draft["assign"]}
    remaining = here[clan] - sum(n for _t, n in draft["assign"])
    match step:
        case AllDice(target=target):
            validate_assignment(here, clan, [(target, here[clan])])
        case Confirm():
            if draft["target"] is not None:
                raise _draft_error("Choose how many dice for the target, or undo.", phrase("refuse.dice-for-target"))
            validate_assignment(here, clan, draft["assign"])
        case Undo():
            if draft["target"] is None and not draft["assign"]:
                raise _draft_error("Nothing to undo.", phrase("refuse.nothing-to-undo"))
        case Clear():
            if not draft["assign"]:
                raise _draft_error("Nothing to clear.", phrase("refuse.nothing-to-clear"))
        case Target(clan=target):
            if draft["target"] is not None:
                raise _draft_error("Choose how many dice for the current target first.",
                                   phrase("refuse.dice-for-current-target"))
            if target == clan or target not in present_clans(here) or target in assigned:
                if target not in CLANS:
                    raise IllegalAction("That is not a target you can still choose.", "E_TARGET",
                                        phrase("refuse.not-a-target"))
                raise IllegalAction(f"{CLANS[target].name} is not a target you can still choose.", "E_TARGET",
                                    phrase("refuse.target-taken", clan=words.clan(target)))
            if remaining < 1:
                raise IllegalAction("All your dice are assigned; confirm.", "E_DICE_TOTAL",
                                    phrase("refuse.dice-all-assigned"))
        case Dice(count=n):
            if draft["target"] is None:
                raise _draft_error("Choose a target first.", phrase("refuse.target-first"))
            others_left = [c for c in present_clans(here) if c not in (clan, draft["target"]) and c not in assigned]
            if not isinstance(n, int) or not is_count(n) or n > remaining or (not others_left and n != remaining):
                raise IllegalAction(f"Choose between 1 and {remaining} dice (all of them for the last target).",
                                    "E_DICE_TOTAL", phrase("refuse.dice-between", most=remaining))
        case _:
            raise unknown(action.id)


def apply_combat(state: VendettaState, player: int, action: Action, events: list[Event]) -> None:
    """Perform a checked declaration step or whole combat declaration."""
    here = _fight_here(state)
    step = parse(action.id)
    if isinstance(step, Attack):
        _declare(state, step.clan, validate_assignment(here, step.clan, step.pairs), events)
        return
    clan = _declarer_for(state, player)
    assert state.combat is not None
    draft = state.drafts.setdefault(clan, new_combat_draft(clan, state.combat["territory"]))
    match step:
        case AllDice(target=target):
            _declare(state, clan, validate_assignment(here, clan, [(target, here[clan])]), events)
        case Confirm():
            _declare(state, clan, validate_assignment(here, clan, draft["assign"]), events)
        case Undo():
            if draft["target"] is not None:
                draft["target"] = None
            else:
                draft["assign"].pop()
        case Clear():
            state.drafts[clan] = new_combat_draft(clan, state.combat["territory"])
        case Target(clan=target):
            draft["target"] = target
        case Dice(count=n):
            draft["assign"].append([draft["target"], n])
            draft["target"] = None


def _declare(state: VendettaState, clan: str, assignment: list[tuple[str, int]], events: list[Event]) -> None:
    assert state.combat is not None
    state.combat["declarations"].append([clan, [[t, n] for t, n in assignment]])
    state.drafts.pop(clan, None)
    dice = (listed(phrase("declare.dice", n=n, target=words.clan(t)) for t, n in assignment) if assignment
            else phrase("declare.no-dice"))
    events.append(public_event(f"{CLANS[clan].name} aims {describe_assignment(assignment)}.", "declare",
                               phrase=phrase("declare.aims", clan=words.clan(clan), dice=dice),
                               clan=clan, territory=state.combat["territory"],
                               assignment=[[t, n] for t, n in assignment]))
    run_combats(state, events)


