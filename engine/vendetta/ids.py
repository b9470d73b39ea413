"""The action ids of Vendetta, parsed once into small typed values (then `match`ed).

Grammar (the menus of engine/vendetta/actions.py spell the step ids; `undo`, `confirm` and `clear` are shared):
  objectives  pick:<card> · choose:<clan>:<card>,<card>,…  (whole choice)
  movement    from:<territory> · to:<territory> · n:<count> · pass
              decl:<clan>:<origin>><destination>*<count>,…  (whole declaration; an empty origin or
              destination repeats the previous one)
  combat      target:<clan> · dice:<count> · all:<clan>
              atk:<clan>:<target>*<dice>,…  (whole declaration)

Parsing reads the shape of an id only: a value names what the player asked for, however wrong it is for
the game (an unknown territory, a card never offered, a count that is not a number), so that checking it
against the state (engine/vendetta/handlers.py) can refuse it in the rules' words. Only an id with no
known head is refused here.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from engine.core.actions import CLEAR_ID, CONFIRM_ID, UNDO_ID
from engine.core.errors import IllegalAction
from engine.core.numbers import parse_int
from engine.core.phrases import phrase, verbatim
from engine.vendetta.state import PHASE_COMBAT, PHASE_MOVEMENT, PHASE_OBJECTIVES

PASS_ID = "pass"
# Whole declarations a power user types in one go; no menu lists them (too many), the phase checks them.
CHOOSE_PREFIX = "choose:"
DECL_PREFIX = "decl:"
ATK_PREFIX = "atk:"
TYPED_PREFIXES = (DECL_PREFIX, ATK_PREFIX, CHOOSE_PREFIX)

# A count as typed: the integer, or the text itself when it is not one (refused later as a bad count).
Count = int | str


@dataclass(frozen=True, slots=True)
class Undo:
    """Back one step of the draft."""


@dataclass(frozen=True, slots=True)
class Confirm:
    """Seal the draft."""


@dataclass(frozen=True, slots=True)
class Clear:
    """Empty the draft built so far (the decision stays open)."""


@dataclass(frozen=True, slots=True)
class Pick:
    """Keep this objective card (one step of the objective choice)."""

    card: str


@dataclass(frozen=True, slots=True)
class Choose:
    """The whole objective choice of `clan`, typed in one go."""

    clan: str
    cards: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Pass:
    """End the movement turn without moving (dropping any draft)."""


@dataclass(frozen=True, slots=True)
class From:
    """Start a move from this territory."""

    territory: str


@dataclass(frozen=True, slots=True)
class To:
    """The destination of the move being built."""

    territory: str


@dataclass(frozen=True, slots=True)
class Gnomes:
    """How many gnomes take the move being built."""

    count: Count


@dataclass(frozen=True, slots=True)
class Declare:
    """The whole movement of `clan`: (origin, destination, count or None) triples, typed in one go."""

    clan: str
    triples: tuple[tuple[str, str, Count | None], ...]


@dataclass(frozen=True, slots=True)
class Target:
    """Aim some dice at this clan."""

    clan: str


@dataclass(frozen=True, slots=True)
class Dice:
    """How many dice at the chosen target."""

    count: Count


@dataclass(frozen=True, slots=True)
class AllDice:
    """Every die at this clan, ending the declaration."""

    target: str


@dataclass(frozen=True, slots=True)
class Attack:
    """The whole combat declaration of `clan`: (target, dice or None) pairs, typed in one go."""

    clan: str
    pairs: tuple[tuple[str, Count | None], ...]


ObjectiveStep = Pick | Choose
MovementStep = Pass | From | To | Gnomes | Declare
CombatStep = Target | Dice | AllDice | Attack
Step = Undo | Confirm | Clear | ObjectiveStep | MovementStep | CombatStep


def unknown(action_id: str) -> IllegalAction:
    """The refusal of an id no phase knows."""
    return IllegalAction(f"Unknown action {action_id!r}.", "E_UNKNOWN_ACTION",
                         phrase("refuse.unknown-action", action=verbatim(repr(action_id))))


def parse_count(text: str) -> Count:
    """The integer typed in `text` (ASCII digits, blanks around allowed), or the text itself when it is
    not one: unicode digits ('²', '①'), huge numbers and the like are rejected later as bad counts."""
    stripped = text.strip()
    number = parse_int(stripped)
    return stripped if number is None else number


def parse_step_count(text: str) -> Count:
    """The count of a menu step (`n:<count>`, `dice:<count>`): exactly as the menu spells it, or the text."""
    number = parse_int(text, canonical=True)
    return text if number is None else number


def _items(rest: str) -> list[str]:
    return [p.strip() for p in rest.split(",") if p.strip()]


def _choose(clan: str, rest: str) -> Choose:
    return Choose(clan, tuple(_items(rest)))


def _declare(clan: str, rest: str) -> Declare:
    triples: list[tuple[str, str, Count | None]] = []
    for part in _items(rest):
        path, _, count = part.partition("*")
        origin, _, dest = (s.strip() for s in path.partition(">"))
        if triples:  # an omitted end repeats the previous one, to fit 80 characters
            origin = origin or triples[-1][0]
            dest = dest or triples[-1][1]
        triples.append((origin, dest, parse_count(count) if count else None))
    return Declare(clan, tuple(triples))


def _attack(clan: str, rest: str) -> Attack:
    pairs: list[tuple[str, Count | None]] = []
    for part in _items(rest):
        target, _, dice = part.partition("*")
        pairs.append((target.strip(), parse_count(dice) if dice else None))
    return Attack(clan, tuple(pairs))


@lru_cache(maxsize=4096)
def parse(action_id: str) -> Step:
    """The typed step an id names; IllegalAction E_UNKNOWN_ACTION when its head is unknown."""
    if action_id == UNDO_ID:
        return Undo()
    if action_id == CONFIRM_ID:
        return Confirm()
    if action_id == PASS_ID:
        return Pass()
    if action_id == CLEAR_ID:
        return Clear()
    head, sep, rest = action_id.partition(":")
    if not sep:
        raise unknown(action_id)
    clan, _, body = rest.partition(":")
    match head:
        case "pick":
            return Pick(rest)
        case "choose":
            return _choose(clan, body)
        case "from":
            return From(rest)
        case "to":
            return To(rest)
        case "n":
            return Gnomes(parse_step_count(rest))
        case "decl":
            return _declare(clan, body)
        case "target":
            return Target(rest)
        case "dice":
            return Dice(parse_step_count(rest))
        case "all":
            return AllDice(rest)
        case "atk":
            return _attack(clan, body)
    raise unknown(action_id)


def phase_of(step: Step) -> str | None:
    """The phase a step belongs to; None for undo, confirm and clear (every phase has them)."""
    match step:
        case Undo() | Confirm() | Clear():
            return None
        case Pick() | Choose():
            return PHASE_OBJECTIVES
        case Pass() | From() | To() | Gnomes() | Declare():
            return PHASE_MOVEMENT
        case Target() | Dice() | AllDice() | Attack():
            return PHASE_COMBAT

