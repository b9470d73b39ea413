"""custom_id strings of persistent buttons and selects: encode and decode, always ≤ 100 chars.

Layout: ``gh:<kind>:<game>:<version>:<seat>:<arg>``; game, version and seat are base 36
to leave room for an action id (≤ 80 chars) in the argument. The state version makes a
click on an outdated message detectable; the game id keeps a button bound to its table.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import StrEnum

from cogs.limits import CUSTOM_ID

PREFIX = "gh"
INDEX_MARK = "#"


def template(kinds: str = "A-Z") -> str:
    """The DynamicItem template (a regex matched against the whole custom_id) for components of `kinds`.

    Whatever it matches, `decode` accepts: a click that discord.py routes to us can always be answered.
    """
    return rf"gh:(?P<kind>[{kinds}]):(?P<game>[0-9a-z]+):(?P<version>[0-9a-z]+):(?P<seat>-|[0-9a-z]+):(?P<arg>.*)"


TEMPLATE = template()
PATTERN = re.compile(TEMPLATE, re.DOTALL)


class Kind(StrEnum):
    """What a component does when clicked."""

    LOBBY = "L"  # arg: join / leave / ai / rmai / start / cancel
    TURN = "T"  # "Take my turn": opens the ephemeral panel
    ACTION = "A"  # arg: an action id, or "#<index>" into the seat's legal actions
    SELECT = "S"  # a select menu of actions; arg: the page shown
    PAGE = "P"  # arg: the page of actions to show


class LobbyAction(StrEnum):
    """The lobby buttons."""

    JOIN = "join"
    LEAVE = "leave"
    ADD_AI = "ai"
    REMOVE_AI = "rmai"
    START = "start"
    CANCEL = "cancel"


def to_base36(number: int) -> str:
    """A non-negative int in base 36 (lower case)."""
    if number < 0:
        raise ValueError("only non-negative numbers are encoded")
    digits = "0123456789abcdefghijklmnopqrstuvwxyz"
    out = ""
    while True:
        number, rest = divmod(number, 36)
        out = digits[rest] + out
        if number == 0:
            return out


@dataclass(frozen=True, slots=True)
class ComponentId:
    """The decoded parts of one component's custom_id. `seat` is None where no seat applies."""

    kind: Kind
    game: int
    version: int = 0
    seat: int | None = None
    arg: str = ""

    def encode(self) -> str:
        """The custom_id; ValueError when it would exceed Discord's 100 characters."""
        seat = "-" if self.seat is None else to_base36(self.seat)
        text = f"{PREFIX}:{self.kind.value}:{to_base36(self.game)}:{to_base36(self.version)}:{seat}:{self.arg}"
        if len(text) > CUSTOM_ID:
            raise ValueError(f"custom_id too long ({len(text)} > {CUSTOM_ID}): {text!r}")
        return text

    @property
    def action_index(self) -> int | None:
        """For an action button encoded by index, that index; else None."""
        if self.arg.startswith(INDEX_MARK) and self.arg[1:].isdigit():
            return int(self.arg[1:])
        return None


def decode(custom_id: str) -> ComponentId | None:
    """The parts of a custom_id made by `ComponentId.encode`, or None for anything else."""
    match = PATTERN.fullmatch(custom_id)
    if match is None:
        return None
    try:
        kind = Kind(match["kind"])
    except ValueError:
        return None
    seat_text = match["seat"]
    return ComponentId(
        kind=kind,
        game=int(match["game"], 36),
        version=int(match["version"], 36),
        seat=None if seat_text == "-" else int(seat_text, 36),
        arg=match["arg"],
    )


def action_button(game: int, version: int, seat: int, action_id: str, index: int) -> ComponentId:
    """The id of a button applying one action: by action id when it fits, else by its index in the legal list."""
    by_id = ComponentId(Kind.ACTION, game, version, seat, action_id)
    if not action_id.startswith(INDEX_MARK):
        try:
            by_id.encode()
            return by_id
        except ValueError:
            pass
    return ComponentId(Kind.ACTION, game, version, seat, f"{INDEX_MARK}{index}")
