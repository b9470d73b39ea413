"""Combat: declaration order, declaration checks and one round of dice (spec §5.3)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from engine.core.errors import IllegalAction
from engine.core.phrases import phrase
from engine.vendetta import words
from engine.vendetta.clans import CLANS, clockwise_from

Assignment = list[tuple[str, int]]  # [(target, dice), ...]
Declaration = tuple[str, Assignment]  # (declarer, assignment)


def present_clans(here: Mapping[str, int]) -> set[str]:
    """Clans with at least one gnome in a territory."""
    return {c for c, n in here.items() if n > 0}


def declaration_order(here: Mapping[str, int], seats: list[str], first_seat: str) -> list[str]:
    """Present clans in seat order from the first seat, or from the next present clan after it (R-V16)."""
    present = present_clans(here)
    return [c for c in clockwise_from(seats, first_seat) if c in present]


def validate_assignment(here: Mapping[str, int], declarer: str, assignment: Iterable[Sequence[Any]]) -> Assignment:
    """The checked dice assignment of `declarer`, or IllegalAction (E_TARGET before E_DICE_TOTAL)."""
    pairs = [tuple(p) for p in assignment]
    present = present_clans(here)
    seen: set[str] = set()
    for pair in pairs:
        target = pair[0]
        if target == declarer:
            raise IllegalAction("Your gnomes cannot attack their own clan.", "E_TARGET", phrase("refuse.own-clan"))
        if target not in present:
            # A typed text that names no clan is quoted as typed, which no catalog translates: English only.
            raise IllegalAction(f"{CLANS[target].name if target in CLANS else repr(target)} has no gnome in this "
                                "territory.", "E_TARGET",
                                phrase("refuse.no-gnome-here", clan=words.clan(target)) if target in CLANS else None)
        if target in seen:
            raise IllegalAction(f"{CLANS[target].name} is listed twice; give each target its dice once.", "E_TARGET",
                                phrase("refuse.listed-twice", clan=words.clan(target)))
        seen.add(target)
    total = 0
    for pair in pairs:
        dice = pair[1] if len(pair) > 1 else None
        if not isinstance(dice, int) or isinstance(dice, bool) or dice < 1:
            raise IllegalAction("Every target needs at least one die.", "E_DICE_TOTAL", phrase("refuse.one-die-each"))
        total += dice
    have = here.get(declarer, 0)
    if total != have:
        raise IllegalAction(f"Assign exactly {have} dice, one per gnome here (you assigned {total}).", "E_DICE_TOTAL",
                            phrase("refuse.assign-exactly", have=have, total=total))
    return [(str(t), int(n)) for t, n in pairs]


def automatic_assignment(here: Mapping[str, int], declarer: str) -> Assignment:
    """The only possible declaration when exactly two clans are present: all dice at the other (R-V16)."""
    (other,) = present_clans(here) - {declarer}
    return [(other, here[declarer])]


def default_target(here: Mapping[str, int], declarer: str, seats: list[str]) -> str:
    """The timeout target: the opponent with most gnomes, ties to the first clockwise after the declarer (R-V34)."""
    after = clockwise_from(seats, declarer)[1:]
    opponents = [c for c in after if here.get(c, 0) > 0]
    return max(opponents, key=lambda c: (here[c], -opponents.index(c)))


@dataclass
class RoundResult:
    """What one combat round did in one territory."""

    rolls: list[tuple[str, str, list[int]]] = field(default_factory=list)  # (attacker, target, faces)
    hits: dict[str, int] = field(default_factory=dict)  # hits aimed at each clan, before revive
    sixes: int = 0  # natural sixes rolled by blue (R-V6)
    losses: dict[str, int] = field(default_factory=dict)  # gnomes removed per clan


def resolve_combat_round(
    here: Mapping[str, int], declarations: Sequence[Declaration], roll: Callable[[], int]
) -> RoundResult:
    """Roll every declared die (drawn in declaration then list order, R-V17) and count casualties.

    `roll()` returns the next d6 face; pass an iterator's __next__ to fix the dice in tests.
    The caller removes `losses` from the territory and returns them to the reserves (R-V7).
    """
    result = RoundResult()
    for attacker, assignment in declarations:
        modifier = CLANS[attacker].modifier  # R-V5: only decides hits
        for target, dice in assignment:
            faces = [roll() for _ in range(dice)]
            result.rolls.append((attacker, target, faces))
            threshold = CLANS[target].threshold  # R-V4: the defender's threshold
            result.hits[target] = result.hits.get(target, 0) + sum(1 for f in faces if f + modifier >= threshold)
            if attacker == "blue":
                result.sixes += sum(1 for f in faces if f == 6)  # R-V6: natural sixes, any target
    for target, hits in result.hits.items():
        if target == "blue":
            hits = max(0, hits - result.sixes)  # R-V6 revive, floored at 0
        # R-V7: all casualties at once, never more than are present
        loss = min(hits, here.get(target, 0))
        if loss:
            result.losses[target] = loss
    return result
