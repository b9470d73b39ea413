"""The small step-by-step menus (drafts) a pending player chooses from; engine/vendetta/ids.py parses their ids.

Step ids (each menu ≤ 25 entries):
  objectives  pick:<card> · undo · confirm · choose:<clan>:<card>,<card>,…  (whole choice)
  movement    from:<territory> · to:<territory> · n:<count> · undo · confirm · pass
              decl:<clan>:<origin>><destination>*<count>,…  (whole declaration, typed by power users;
              an empty origin or destination repeats the previous one)
  combat      target:<clan> · dice:<count> · all:<clan> · undo · confirm
              atk:<clan>:<target>*<dice>,…  (whole declaration)
"""

from __future__ import annotations

from typing import Any

from engine.core.actions import CONFIRM_ID, UNDO_ID, Action
from engine.core.phrases import Phrase, listed, phrase
from engine.vendetta import words
from engine.vendetta.board import load_board
from engine.vendetta.clans import CLANS
from engine.vendetta.combat import default_target, present_clans
from engine.vendetta.ids import PASS_ID
from engine.vendetta.movement import reach, single_focus
from engine.vendetta.objectives import CARDS, catalogue_sorted
from engine.vendetta.state import VendettaState


def clan_label(clan: str) -> str:
    """`Dingleson`: a clan by name only (no ids in labels)."""
    return CLANS[clan].name


# --- objectives --------------------------------------------------------------------------------


def default_choice(state: VendettaState, clan: str) -> list[str]:
    """The first K offered cards in catalogue order (R-V34)."""
    return catalogue_sorted(state.offered[clan])[: state.objectives_kept]


def objective_actions(state: VendettaState, clan: str) -> list[Action]:
    """The objective-choice menu of `clan`: pick cards one by one, undo, confirm, or take the default."""
    cards = (state.drafts.get(clan) or {}).get("cards", [])
    k = state.objectives_kept
    actions: list[Action] = []
    if len(cards) < k:
        for cid in catalogue_sorted(state.offered[clan]):
            if cid not in cards:
                card = CARDS[cid]
                actions.append(Action(f"pick:{cid}", f"Keep {card.name}: {card.requirement()}", phrase(
                    "label.keep", card=words.card(cid), requirement=words.requirement(cid))))
    else:
        actions.append(Action(CONFIRM_ID, f"Confirm these {k} objectives", phrase("label.confirm-objectives", n=k)))
    if cards:
        actions.append(Action(UNDO_ID, f"Undo: put back {CARDS[cards[-1]].name}",
                              phrase("label.put-back", card=words.card(cards[-1]))))
    default = default_choice(state, clan)
    actions.append(Action(
        f"choose:{clan}:{','.join(default)}",
        "Keep the suggested set: " + ", ".join(CARDS[c].name for c in default),
        phrase("label.keep-suggested", cards=listed(words.card(c) for c in default)),
    ))
    return actions


# --- movement ----------------------------------------------------------------------------------


def drafted_from(draft: dict[str, Any], origin: str) -> int:
    """Gnomes the draft already moves out of `origin`."""
    return sum(n for o, _d, n in draft["triples"] if o == origin)


def origin_choices(state: VendettaState, clan: str, draft: dict[str, Any]) -> list[str]:
    """Origins that still have undrafted gnomes and at least one destination keeping a single focus."""
    result = []
    for t in load_board().order:
        if state.board.get(t, {}).get(clan, 0) - drafted_from(draft, t) > 0 and destination_choices(
            state, clan, draft, t
        ):
            result.append(t)
    return result


def destination_choices(state: VendettaState, clan: str, draft: dict[str, Any], origin: str) -> list[str]:
    """Destinations reachable from `origin` on the snapshot that keep the draft single-focused (R-V13)."""
    reachable = reach(clan, origin, state.board)
    triples = [(o, d) for o, d, _n in draft["triples"]]
    return [d for d in load_board().order if d in reachable and single_focus([*triples, (origin, d)])]


def movement_actions(state: VendettaState, clan: str) -> list[Action]:
    """The movement menu of `clan` for the current draft step."""
    board = load_board()
    draft = state.drafts.get(clan) or new_move_draft(clan)
    actions: list[Action] = []
    if draft["origin"] is None:
        for t in origin_choices(state, clan, draft):
            left = state.board[t][clan] - drafted_from(draft, t)
            actions.append(Action(f"from:{t}", f"Move from {board.name(t)} ({left} gnome{'s' if left > 1 else ''})",
                                  phrase("label.move-from", n=left, place=words.place(t))))
        if draft["triples"]:
            actions.append(Action(CONFIRM_ID, "Confirm this movement", phrase("label.confirm-movement")))
            actions.append(Action(UNDO_ID, "Undo the last move", phrase("label.undo-move")))
    elif draft["dest"] is None:
        for d in destination_choices(state, clan, draft, draft["origin"]):
            actions.append(Action(f"to:{d}", f"… to {board.name(d)}{_occupants(state, d, clan)}",
                                  _to_phrase(state, d, clan)))
        actions.append(Action(UNDO_ID, "Undo: choose another origin", phrase("label.undo-origin")))
    else:
        left = state.board[draft["origin"]][clan] - drafted_from(draft, draft["origin"])
        for n in range(1, left + 1):
            actions.append(Action(f"n:{n}", f"Move {n} gnome{'s' if n > 1 else ''}", phrase("label.move-n", n=n)))
        actions.append(Action(UNDO_ID, "Undo: choose another destination", phrase("label.undo-destination")))
    actions.append(pass_action(bool(draft["triples"])))
    return actions


def pass_action(drafted: bool = False) -> Action:
    """Pass the movement: "do not move", or drop a draft already begun."""
    if drafted:
        return Action(PASS_ID, "Pass (drop this draft)", phrase("label.pass-drop"))
    return Action(PASS_ID, "Pass (do not move)", phrase("label.pass"))


def _occupants(state: VendettaState, territory: str, clan: str) -> str:
    here = state.board.get(territory, {})
    others = [f"{CLANS[c].name} {n}" for c, n in here.items() if c != clan]
    return f" (attack: {', '.join(others)})" if others else ""


def _to_phrase(state: VendettaState, territory: str, clan: str) -> Phrase:
    """ "… to Old Oak Corner", with the clans an arrival there attacks and their gnomes."""
    here = state.board.get(territory, {})
    others = [phrase("label.occupant", clan=words.clan(c), gnomes=n) for c, n in here.items() if c != clan]
    if others:
        return phrase("label.to-attack", place=words.place(territory), clans=listed(others))
    return phrase("label.to", place=words.place(territory))


def new_move_draft(clan: str) -> dict[str, Any]:
    """An empty movement draft."""
    return {"kind": "move", "clan": clan, "triples": [], "origin": None, "dest": None}


# --- combat ------------------------------------------------------------------------------------


def new_combat_draft(clan: str, territory: str) -> dict[str, Any]:
    """An empty combat-declaration draft."""
    return {"kind": "combat", "clan": clan, "territory": territory, "assign": [], "target": None}


def combat_actions(state: VendettaState, clan: str) -> list[Action]:
    """The declaration menu of `clan`: aim dice target by target, or all dice at one opponent."""
    assert state.combat is not None
    territory = state.combat["territory"]
    here = state.board[territory]
    draft = state.drafts.get(clan) or new_combat_draft(clan, territory)
    assigned = {t for t, _n in draft["assign"]}
    remaining = here[clan] - sum(n for _t, n in draft["assign"])
    opponents = [c for c in state.combat["order"] if c != clan and c in present_clans(here)]
    actions: list[Action] = []
    if draft["target"] is None:
        if remaining == 0:
            actions.append(Action(CONFIRM_ID, "Confirm: " + describe_assignment(draft["assign"]),
                                  phrase("label.confirm-dice", dice=assignment_phrase(draft["assign"]))))
        else:
            for c in opponents:
                if c not in assigned:
                    actions.append(Action(f"target:{c}", f"Aim some dice at {clan_label(c)}, {here[c]} gnomes",
                                          phrase("label.aim", n=here[c], clan=words.clan(c))))
        if draft["assign"]:
            actions.append(Action(UNDO_ID, "Undo the last target", phrase("label.undo-target")))
    else:
        left_targets = [c for c in opponents if c not in assigned and c != draft["target"]]
        counts = range(1, remaining + 1) if left_targets else [remaining]
        for n in counts:
            actions.append(Action(f"dice:{n}", f"{n} {'die' if n == 1 else 'dice'} at {clan_label(draft['target'])}",
                                  phrase("label.dice-at", n=n, clan=words.clan(draft["target"]))))
        actions.append(Action(UNDO_ID, "Undo: choose another target", phrase("label.undo-choose-target")))
    # R-V34: the timeout (all dice at the biggest opponent) is always one of these
    for c in sorted(opponents, key=lambda c: c != default_target(here, clan, state.seats)):
        actions.append(all_dice_action(here[clan], c))
    return actions


def all_dice_action(dice: int, target: str) -> Action:
    """All of a clan's `dice` at the clan `target`."""
    return Action(f"all:{target}", f"All {dice} dice at {clan_label(target)}",
                  phrase("label.all-dice", n=dice, clan=words.clan(target)))


def describe_assignment(assignment: list[list[Any]] | list[tuple[str, int]]) -> str:
    """`2 dice at Schnitzel, 1 die at O'Dingle`."""
    return ", ".join(f"{n} {'die' if n == 1 else 'dice'} at {CLANS[t].name}" for t, n in assignment) or "no dice"


def assignment_phrase(assignment: list[list[Any]] | list[tuple[str, int]]) -> Phrase:
    """The words of describe_assignment as a phrase of the catalog."""
    if not assignment:
        return phrase("label.no-dice")
    return phrase("label.dice-list", dice=listed(phrase("label.dice-at", n=int(n), clan=words.clan(str(t)))
                                                 for t, n in assignment))
