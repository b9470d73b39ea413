"""Choosing among legal actions in a chat UI: filtering for autocomplete, paging for select menus."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from i18n import ENGLISH, Locale, t
from present.fit import AUTOCOMPLETE_CHOICES, CHOICE_NAME, CHOICE_VALUE, SELECT_OPTIONS, trim

SEAT_SEPARATOR = ":"


@dataclass(frozen=True, slots=True)
class Choice:
    """One legal action of one seat, as a menu offers it."""

    seat: int
    action_id: str
    label: str


def encode_value(choice: Choice, several_seats: bool) -> str:
    """The autocomplete value of a choice: the action id, prefixed by the seat when the user holds several."""
    value = f"{choice.seat}{SEAT_SEPARATOR}{choice.action_id}" if several_seats else choice.action_id
    if len(value) > CHOICE_VALUE:
        raise ValueError(f"choice value too long: {value!r}")
    return value


def resolve_value(value: str, choices: Sequence[Choice]) -> Choice | None:
    """The choice a submitted /play value means: an encoded value, an exact id or an exact label."""
    for choice in choices:
        if value in (choice.action_id, f"{choice.seat}{SEAT_SEPARATOR}{choice.action_id}"):
            return choice
    folded = value.strip().casefold()
    matches = [c for c in choices if c.label.casefold() == folded or c.action_id.casefold() == folded]
    return matches[0] if len(matches) == 1 else None


def filter_choices(choices: Sequence[Choice], typed: str, limit: int = AUTOCOMPLETE_CHOICES) -> list[Choice]:
    """The choices matching what the user typed (case-insensitive, every word), prefix matches first, ≤ limit."""
    words = typed.casefold().split()
    if not words:
        return list(choices[:limit])
    prefix: list[Choice] = []
    inner: list[Choice] = []
    for choice in choices:
        haystack = f"{choice.label} {choice.action_id}".casefold()
        if not all(word in haystack for word in words):
            continue
        if choice.label.casefold().startswith(words[0]) or choice.action_id.casefold().startswith(words[0]):
            prefix.append(choice)
        else:
            inner.append(choice)
    return (prefix + inner)[:limit]


def choice_name(choice: Choice, seat_name: str | None = None) -> str:
    """The label an autocomplete or select shows (≤ 100 chars), naming the seat when the user holds several."""
    text = f"{seat_name}: {choice.label}" if seat_name else choice.label
    return trim(text, CHOICE_NAME)


@dataclass(frozen=True, slots=True)
class Page:
    """One page of a long list."""

    items: list[Choice]
    number: int
    count: int

    @property
    def has_previous(self) -> bool:
        """Whether a page comes before this one."""
        return self.number > 0

    @property
    def has_next(self) -> bool:
        """Whether a page comes after this one."""
        return self.number < self.count - 1


def paginate(choices: Sequence[Choice], number: int, size: int = SELECT_OPTIONS) -> Page:
    """Page `number` (clamped into range) of `choices`, `size` per page; at least one (maybe empty) page."""
    if size <= 0:
        raise ValueError("page size must be positive")
    count = max(1, -(-len(choices) // size))
    number = min(max(number, 0), count - 1)
    return Page(items=list(choices[number * size : (number + 1) * size]), number=number, count=count)


# The value of the one choice /play autocomplete shows when there is nothing to choose: submitting it
# is refused politely by /play ("You have nothing to decide right now", or the reason given).
NOTHING_TO_CHOOSE = "-"


def waiting_who(name: str | None, side: str | None, locale: Locale = ENGLISH) -> str:
    """A pending player in an autocomplete line: "alice (Red)", or only the side ("Red") when the person's
    name is not known here, never "a player (Red)"; "a player" (in `locale`) when nothing is known."""
    if name and side:
        return f"{name} ({side})"
    return name or side or t(locale, "player.unknown")


def waiting_name(waiting_for: Sequence[str], secret: bool, locale: Locale = ENGLISH) -> str:
    """The autocomplete line shown instead of nothing when it is not the user's turn (≤ 100 chars), in
    `locale`."""
    if not waiting_for:
        return trim(t(locale, "choices.nothing-to-decide"), CHOICE_NAME)
    who = t(locale, "list.comma").join(waiting_for)
    if secret:
        return trim(t(locale, "choices.waiting-secret", players=who), CHOICE_NAME)
    return trim(t(locale, "choices.waiting", players=who), CHOICE_NAME)
