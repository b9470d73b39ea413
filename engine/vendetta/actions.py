"""Action ids and the small step-by-step menus (drafts) a pending player chooses from.

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
from engine.core.errors import IllegalAction
from engine.core.numbers import parse_int
from engine.vendetta.board import load_board
from engine.vendetta.clans import CLANS
from engine.vendetta.combat import default_target, present_clans
from engine.vendetta.movement import reach, single_focus
from engine.vendetta.objectives import CARDS, catalogue_sorted
from engine.vendetta.state import PHASE_COMBAT, PHASE_MOVEMENT, PHASE_OBJECTIVES, VendettaState

PASS_ID = "pass"
# Whole declarations a power user types in one go; no menu lists them (too many), apply checks them.
TYPED_PREFIXES = ("decl:", "atk:", "choose:")

_PHASE_OF_PREFIX = {
    "pick": PHASE_OBJECTIVES,
    "choose": PHASE_OBJECTIVES,
    "from": PHASE_MOVEMENT,
    "to": PHASE_MOVEMENT,
    "n": PHASE_MOVEMENT,
    "decl": PHASE_MOVEMENT,
    "target": PHASE_COMBAT,
    "dice": PHASE_COMBAT,
    "all": PHASE_COMBAT,
    "atk": PHASE_COMBAT,
}


def phase_of(action_id: str) -> str | None:
    """The phase an action id belongs to; None for undo/confirm (any phase); IllegalAction if unknown."""
    if action_id in (UNDO_ID, CONFIRM_ID):
        return None
    if action_id == PASS_ID:
        return PHASE_MOVEMENT
    prefix, sep, _rest = action_id.partition(":")
    if sep and prefix in _PHASE_OF_PREFIX:
        return _PHASE_OF_PREFIX[prefix]
    raise IllegalAction(f"Unknown action {action_id!r}.", "E_UNKNOWN_ACTION")


def parse_count(text: str) -> int | str:
    """The integer typed in `text` (ASCII digits, blanks around allowed), or the text itself when it is
    not one: unicode digits ('²', '①'), huge numbers and the like are rejected later as bad counts."""
    stripped = text.strip()
    number = parse_int(stripped)
    return stripped if number is None else number


def parse_step_count(text: str) -> int | str:
    """The count of a menu step (`n:<count>`, `dice:<count>`): exactly as the menu spells it, or the text."""
    number = parse_int(text, canonical=True)
    return text if number is None else number


def _split_id(action_id: str) -> tuple[str, str, str]:
    head, _, tail = action_id.partition(":")
    clan, _, rest = tail.partition(":")
    return head, clan, rest


def parse_choose(action_id: str) -> tuple[str, list[str]]:
    """`choose:<clan>:<a>,<b>` → (clan, [a, b])."""
    _, clan, rest = _split_id(action_id)
    return clan, [c.strip() for c in rest.split(",") if c.strip()]


def parse_decl(action_id: str) -> tuple[str, list[tuple[str, str, Any]]]:
    """`decl:<clan>:<o>><d>*<n>,…` → (clan, triples); malformed parts surface as bad ids or counts.

    Within a declaration an empty origin or destination repeats the previous triple's:
    `decl:red:home_dingleson>oak_corner*1,>statue_fisher*2` spreads from home_dingleson.
    """
    _, clan, rest = _split_id(action_id)
    triples: list[tuple[str, str, Any]] = []
    for part in filter(None, (p.strip() for p in rest.split(","))):
        path, _, count = part.partition("*")
        origin, _, dest = (s.strip() for s in path.partition(">"))
        if triples:  # an omitted end repeats the previous one, to fit 80 characters
            origin = origin or triples[-1][0]
            dest = dest or triples[-1][1]
        triples.append((origin, dest, parse_count(count) if count else None))
    return clan, triples


def parse_atk(action_id: str) -> tuple[str, list[tuple[str, Any]]]:
    """`atk:<clan>:<target>*<dice>,…` → (clan, [(target, dice), …])."""
    _, clan, rest = _split_id(action_id)
    pairs: list[tuple[str, Any]] = []
    for part in filter(None, (p.strip() for p in rest.split(","))):
        target, _, dice = part.partition("*")
        pairs.append((target.strip(), parse_count(dice) if dice else None))
    return clan, pairs


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
                actions.append(Action(f"pick:{cid}", f"Keep {card.name}: {card.requirement()}"))
    else:
        actions.append(Action(CONFIRM_ID, f"Confirm these {k} objectives"))
    if cards:
        actions.append(Action(UNDO_ID, f"Undo: put back {CARDS[cards[-1]].name}"))
    default = default_choice(state, clan)
    actions.append(Action(
        f"choose:{clan}:{','.join(default)}",
        "Keep the suggested set: " + ", ".join(CARDS[c].name for c in default),
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
            actions.append(Action(f"from:{t}", f"Move from {board.name(t)} ({left} gnome{'s' if left > 1 else ''})"))
        if draft["triples"]:
            actions.append(Action(CONFIRM_ID, "Confirm this movement"))
            actions.append(Action(UNDO_ID, "Undo the last move"))
    elif draft["dest"] is None:
        for d in destination_choices(state, clan, draft, draft["origin"]):
            actions.append(Action(f"to:{d}", f"… to {board.name(d)}{_occupants(state, d, clan)}"))
        actions.append(Action(UNDO_ID, "Undo: choose another origin"))
    else:
        left = state.board[draft["origin"]][clan] - drafted_from(draft, draft["origin"])
        for n in range(1, left + 1):
            actions.append(Action(f"n:{n}", f"Move {n} gnome{'s' if n > 1 else ''}"))
        actions.append(Action(UNDO_ID, "Undo: choose another destination"))
    actions.append(Action(PASS_ID, "Pass (do not move)" if not draft["triples"] else "Pass (drop this draft)"))
    return actions


def _occupants(state: VendettaState, territory: str, clan: str) -> str:
    here = state.board.get(territory, {})
    others = [f"{CLANS[c].name} {n}" for c, n in here.items() if c != clan]
    return f" (attack: {', '.join(others)})" if others else ""


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
            actions.append(Action(CONFIRM_ID, "Confirm: " + describe_assignment(draft["assign"])))
        else:
            for c in opponents:
                if c not in assigned:
                    actions.append(Action(f"target:{c}", f"Aim some dice at {clan_label(c)}, {here[c]} gnomes"))
        if draft["assign"]:
            actions.append(Action(UNDO_ID, "Undo the last target"))
    else:
        left_targets = [c for c in opponents if c not in assigned and c != draft["target"]]
        counts = range(1, remaining + 1) if left_targets else [remaining]
        for n in counts:
            actions.append(Action(f"dice:{n}", f"{n} {'die' if n == 1 else 'dice'} at {clan_label(draft['target'])}"))
        actions.append(Action(UNDO_ID, "Undo: choose another target"))
    # R-V34: the timeout (all dice at the biggest opponent) is always one of these
    for c in sorted(opponents, key=lambda c: c != default_target(here, clan, state.seats)):
        actions.append(Action(f"all:{c}", f"All {here[clan]} dice at {clan_label(c)}"))
    return actions


def describe_assignment(assignment: list[list[Any]] | list[tuple[str, int]]) -> str:
    """`2 dice at Schnitzel, 1 die at O'Dingle`."""
    return ", ".join(f"{n} {'die' if n == 1 else 'dice'} at {CLANS[t].name}" for t, n in assignment) or "no dice"
