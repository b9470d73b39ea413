"""custom_ids of persistent buttons and selects: one typed value per component kind, encoded in ≤ 100 chars.

Wire layout (unchanged since the first release, so messages already posted keep working):
``gh:<kind>:<game>:<version>:<seat>:<arg>``; game, version and seat are base 36 to leave room for
an action id (≤ 80 chars) in the argument. The state version makes a click on an outdated message
detectable; the game id keeps a button bound to its table.

A clicked custom_id is parsed once, by the template of its kind, into a frozen value (LobbyId,
TurnId, ActionId, SelectId, PageId, PickId, RematchId, ReplayId); fields that make no sense (an unknown lobby
action, a number too large for the database, a page that is not a number) give `Unreadable`, which the click
answers with a refusal. Each kind also names the component type it is posted as (a button or a
select): `read_click` checks the type Discord reports and the chosen values against it, so a
select's id arriving as a button is refused right there. Nothing else in the cogs slices custom_id strings.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from enum import IntEnum, StrEnum
from typing import Any, ClassVar

from cogs.limits import CHOICE_VALUE, CUSTOM_ID, SELECT_OPTIONS
from host.results import DEFAULT_AI_LEVEL, AiLevel

PREFIX = "gh:"
INDEX_MARK = "#"
NO_SEAT = "-"
# SQLite integers are signed 64-bit: larger game ids or versions cannot name a stored game.
MAX_ID = 2**63 - 1
# No game seats more players than this; a larger seat index is a tampered id.
MAX_SEAT = 255
PAGE_DIGITS = 4
# Separates the lobby action from its argument: "ai:hard" adds a hard AI; a bare "ai" (the button of
# earlier releases) adds the default level.
LEVEL_MARK = ":"


class Kind(StrEnum):
    """What a component does when clicked (the letter after ``gh:``)."""

    LOBBY = "L"  # arg: join / leave / ai[:<level>] / rmai / start / cancel
    TURN = "T"  # "Take my turn": opens the ephemeral panel
    ACTION = "A"  # arg: an action id, or "#<index>" into the seat's legal actions
    SELECT = "S"  # a select menu of actions; arg: the page shown
    PAGE = "P"  # arg: the page of actions to show
    PICK = "K"  # a 'pick k of n' multi-select; arg empty (the chosen option ids come as its values)
    REMATCH = "R"  # "Rematch" on a finished game's final message: a new lobby with the same seats
    LEADERBOARD = "B"  # ◀ ▶ on a leaderboard: version field the page, arg the game's name (no game id: 0)
    REPLAY = "W"  # a step of a finished game's replay viewer; version field: the round index shown; arg: which button


class ComponentType(IntEnum):
    """The Discord component type a kind is posted as (the `component_type` of its clicks)."""

    BUTTON = 2
    STRING_SELECT = 3


class LobbyAction(StrEnum):
    """The lobby buttons."""

    JOIN = "join"
    LEAVE = "leave"
    ADD_AI = "ai"
    REMOVE_AI = "rmai"
    START = "start"
    CANCEL = "cancel"


def template(kind: Kind) -> re.Pattern[str]:
    """The DynamicItem template of one kind: the whole custom_id, split into its wire fields.

    Deliberately loose on the field contents: whatever has our prefix and kind is routed to us and
    answered (a refusal for `Unreadable`), instead of Discord's bare "This interaction failed".
    """
    return re.compile(
        rf"gh:{kind.value}:(?P<game>[0-9a-z]+):(?P<version>[0-9a-z]+):(?P<seat>{NO_SEAT}|[0-9a-z]+):(?P<arg>.*)",
        re.DOTALL,
    )


TEMPLATES: dict[Kind, re.Pattern[str]] = {kind: template(kind) for kind in Kind}


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


def _wire(kind: Kind, game: int, version: int, seat: int | None, arg: str) -> str:
    """The custom_id text; ValueError when it would exceed Discord's 100 characters."""
    seat_text = NO_SEAT if seat is None else to_base36(seat)
    text = f"{PREFIX}{kind.value}:{to_base36(game)}:{to_base36(version)}:{seat_text}:{arg}"
    if len(text) > CUSTOM_ID:
        raise ValueError(f"custom_id too long ({len(text)} > {CUSTOM_ID}): {text!r}")
    return text


class BadField(ValueError):
    """A wire field that does not fit its kind (raised while parsing, turned into `Unreadable`)."""


def _number(text: str, limit: int = MAX_ID) -> int:
    # The template allows only [0-9a-z], and a custom_id has at most 100 chars: int() is safe and bounded.
    value = int(text, 36)
    if value > limit:
        raise BadField(f"{value} is out of range")
    return value


def _page(text: str) -> int:
    if not (text.isascii() and text.isdigit()) or len(text) > PAGE_DIGITS:
        raise BadField(f"not a page number: {text[:20]!r}")
    return int(text)


def _seat(text: str) -> int:
    if text == NO_SEAT:
        raise BadField("a seat is required")
    return _number(text, MAX_SEAT)


@dataclass(frozen=True, slots=True)
class LobbyId:
    """A lobby button of table `game`; `level` is the strength of the AI an "Add AI" button seats."""

    kind: ClassVar[Kind] = Kind.LOBBY
    component: ClassVar[ComponentType] = ComponentType.BUTTON
    game: int
    action: LobbyAction
    level: AiLevel = DEFAULT_AI_LEVEL

    def encode(self) -> str:
        """The custom_id (the default level's Add AI keeps the bare "ai" of earlier releases)."""
        arg = self.action.value
        if self.action is LobbyAction.ADD_AI and self.level is not DEFAULT_AI_LEVEL:
            arg = f"{arg}{LEVEL_MARK}{self.level.value}"
        return _wire(Kind.LOBBY, self.game, 0, None, arg)

    @classmethod
    def from_match(cls, match: re.Match[str]) -> LobbyId:
        """Parse a match of the lobby template; BadField for an unknown action or AI level."""
        name, mark, rest = match["arg"].partition(LEVEL_MARK)
        try:
            action = LobbyAction(name)
        except ValueError:
            raise BadField(f"unknown lobby action {match['arg'][:20]!r}") from None
        level = DEFAULT_AI_LEVEL
        if mark:
            if action is not LobbyAction.ADD_AI:
                raise BadField(f"lobby action {name!r} takes no argument")
            try:
                level = AiLevel(rest)
            except ValueError:
                raise BadField(f"unknown AI level {rest[:20]!r}") from None
        return cls(_number(match["game"]), action, level)


@dataclass(frozen=True, slots=True)
class TurnId:
    """The "Take my turn" button of a table message posted at state `version`."""

    kind: ClassVar[Kind] = Kind.TURN
    component: ClassVar[ComponentType] = ComponentType.BUTTON
    game: int
    version: int

    def encode(self) -> str:
        """The custom_id."""
        return _wire(Kind.TURN, self.game, self.version, None, "")

    @classmethod
    def from_match(cls, match: re.Match[str]) -> TurnId:
        """Parse a match of the turn template."""
        return cls(_number(match["game"]), _number(match["version"]))


@dataclass(frozen=True, slots=True)
class ActionId:
    """A button applying one action for `seat`: by action id (str), or by index (int) into the legal list."""

    kind: ClassVar[Kind] = Kind.ACTION
    component: ClassVar[ComponentType] = ComponentType.BUTTON
    game: int
    version: int
    seat: int
    action: str | int

    def encode(self) -> str:
        """The custom_id."""
        arg = f"{INDEX_MARK}{self.action}" if isinstance(self.action, int) else self.action
        return _wire(Kind.ACTION, self.game, self.version, self.seat, arg)

    @classmethod
    def from_match(cls, match: re.Match[str]) -> ActionId:
        """Parse a match of the action template; "#<n>" is an index, anything else an action id."""
        arg = match["arg"]
        action: str | int = arg
        if arg.startswith(INDEX_MARK):
            action = _page(arg[len(INDEX_MARK):])  # an index is a small number, like a page
        elif not arg:
            raise BadField("no action")
        return cls(_number(match["game"]), _number(match["version"]), _seat(match["seat"]), action)


@dataclass(frozen=True, slots=True)
class SelectId:
    """The select menu of actions for `seat`, showing page `page` of them."""

    kind: ClassVar[Kind] = Kind.SELECT
    component: ClassVar[ComponentType] = ComponentType.STRING_SELECT
    game: int
    version: int
    seat: int
    page: int

    def encode(self) -> str:
        """The custom_id."""
        return _wire(Kind.SELECT, self.game, self.version, self.seat, str(self.page))

    @classmethod
    def from_match(cls, match: re.Match[str]) -> SelectId:
        """Parse a match of the select template."""
        return cls(_number(match["game"]), _number(match["version"]), _seat(match["seat"]), _page(match["arg"]))


@dataclass(frozen=True, slots=True)
class PageId:
    """A Previous/Next button: show page `page` of `seat`'s actions."""

    kind: ClassVar[Kind] = Kind.PAGE
    component: ClassVar[ComponentType] = ComponentType.BUTTON
    game: int
    version: int
    seat: int
    page: int

    def encode(self) -> str:
        """The custom_id."""
        return _wire(Kind.PAGE, self.game, self.version, self.seat, str(self.page))

    @classmethod
    def from_match(cls, match: re.Match[str]) -> PageId:
        """Parse a match of the page template."""
        return cls(_number(match["game"]), _number(match["version"]), _seat(match["seat"]), _page(match["arg"]))


@dataclass(frozen=True, slots=True)
class PickId:
    """The 'pick k of n' multi-select of `seat` (keep five cards, choose objectives) at state `version`."""

    kind: ClassVar[Kind] = Kind.PICK
    component: ClassVar[ComponentType] = ComponentType.STRING_SELECT
    game: int
    version: int
    seat: int

    def encode(self) -> str:
        """The custom_id."""
        return _wire(Kind.PICK, self.game, self.version, self.seat, "")

    @classmethod
    def from_match(cls, match: re.Match[str]) -> PickId:
        """Parse a match of the pick template (its argument is ignored)."""
        return cls(_number(match["game"]), _number(match["version"]), _seat(match["seat"]))


@dataclass(frozen=True, slots=True)
class RematchId:
    """The Rematch button of finished game `game`."""

    kind: ClassVar[Kind] = Kind.REMATCH
    component: ClassVar[ComponentType] = ComponentType.BUTTON
    game: int

    def encode(self) -> str:
        """The custom_id."""
        return _wire(Kind.REMATCH, self.game, 0, None, "")

    @classmethod
    def from_match(cls, match: re.Match[str]) -> RematchId:
        """Parse a match of the rematch template (version, seat and argument are ignored)."""
        return cls(_number(match["game"]))


# A game's registry name: what a leaderboard button carries (the server is the click's own).
_GAME_NAME = re.compile(r"[a-z][a-z0-9_]{0,39}")
MAX_LEADERBOARD_PAGE = 10_000


@dataclass(frozen=True, slots=True)
class LeaderboardId:
    """A ◀ or ▶ button of a leaderboard: show page `page` (0-based) of game `game_name`'s board on the server
    the click comes from. It names no table, so it works on any server and after a restart."""

    kind: ClassVar[Kind] = Kind.LEADERBOARD
    component: ClassVar[ComponentType] = ComponentType.BUTTON
    game_name: str
    page: int

    def encode(self) -> str:
        """The custom_id."""
        return _wire(Kind.LEADERBOARD, 0, self.page, None, self.game_name)

    @classmethod
    def from_match(cls, match: re.Match[str]) -> LeaderboardId:
        """Parse a match of the leaderboard template; BadField for a name no game could have."""
        if _GAME_NAME.fullmatch(match["arg"]) is None:
            raise BadField(f"not a game name: {match['arg'][:20]!r}")
        return cls(match["arg"], _number(match["version"], MAX_LEADERBOARD_PAGE))


class ReplayStep(StrEnum):
    """The buttons of the replay viewer (also keeps two buttons leading to the same round apart)."""

    FIRST = "f"
    PREVIOUS = "p"
    NEXT = "n"
    LAST = "l"
    OPEN = "o"  # "Watch the replay" on a final message: the viewer at its first round


# No game has anywhere near this many rounds; a larger index is a tampered id.
MAX_ROUND_INDEX = 100_000


@dataclass(frozen=True, slots=True)
class ReplayId:
    """A button of the replay viewer of finished game `game`: show the round at position `index` (0: the first)."""

    kind: ClassVar[Kind] = Kind.REPLAY
    component: ClassVar[ComponentType] = ComponentType.BUTTON
    game: int
    index: int
    step: ReplayStep

    def encode(self) -> str:
        """The custom_id (the index rides in the version field: a replay has no state version)."""
        return _wire(Kind.REPLAY, self.game, self.index, None, self.step.value)

    @classmethod
    def from_match(cls, match: re.Match[str]) -> ReplayId:
        """Parse a match of the replay template; BadField for an unknown button or an index out of range."""
        try:
            step = ReplayStep(match["arg"])
        except ValueError:
            raise BadField(f"unknown replay button {match['arg'][:20]!r}") from None
        return cls(_number(match["game"]), _number(match["version"], MAX_ROUND_INDEX), step)


@dataclass(frozen=True, slots=True)
class Unreadable:
    """A custom_id with our prefix whose fields make no sense (tampered, or from another version)."""

    custom_id: str
    reason: str


TableId = LobbyId | TurnId | ActionId | SelectId | PageId | PickId | RematchId | ReplayId  # bound to a table
ComponentId = TableId | LeaderboardId
PanelId = ActionId | SelectId | PageId | PickId  # components of a player's private panel or DM prompt
IdType = (type[LobbyId] | type[TurnId] | type[ActionId] | type[SelectId] | type[PageId] | type[PickId]
          | type[RematchId] | type[ReplayId] | type[LeaderboardId])
TYPES: dict[Kind, IdType] = {
    Kind.LOBBY: LobbyId, Kind.TURN: TurnId, Kind.ACTION: ActionId, Kind.SELECT: SelectId, Kind.PAGE: PageId,
    Kind.PICK: PickId, Kind.REMATCH: RematchId, Kind.LEADERBOARD: LeaderboardId, Kind.REPLAY: ReplayId,
}


def read(kind: Kind, match: re.Match[str]) -> ComponentId | Unreadable:
    """The typed value of a custom_id matched by the template of `kind`, or Unreadable saying why not."""
    try:
        return TYPES[kind].from_match(match)
    except BadField as error:
        return Unreadable(match.string, str(error))


@dataclass(frozen=True, slots=True)
class Click:
    """One click as Discord reported it: the typed id of the component and, for a select, the chosen values."""

    cid: ComponentId
    values: tuple[str, ...] = ()


def _chosen(data: Mapping[str, Any]) -> tuple[str, ...]:
    values = data.get("values")
    if not isinstance(values, list) or len(values) > SELECT_OPTIONS:
        raise BadField("the chosen values are not a list of at most 25")
    if not all(isinstance(v, str) and len(v) <= CHOICE_VALUE for v in values):
        raise BadField("a chosen value is not a short text")
    return tuple(values)


def read_click(kind: Kind, match: re.Match[str], data: object) -> Click | Unreadable:
    """The click on a custom_id matched by the template of `kind`, given the interaction's `data`.

    Unreadable when the fields do not fit the kind, when Discord reports another component type than
    the kind is posted as (a select's id clicked as a button), or when a select's values are not a
    list of option values. Values sent along with a button mean nothing and are dropped.
    """
    parsed = read(kind, match)
    if isinstance(parsed, Unreadable):
        return parsed
    fields: Mapping[str, Any] = data if isinstance(data, Mapping) else {}
    sent_as = fields.get("component_type")
    if type(sent_as) is not int or sent_as != parsed.component:
        return Unreadable(match.string, f"a {parsed.component.name.lower()} id sent as component type "
                                        f"{str(sent_as)[:12]}")
    if parsed.component is ComponentType.BUTTON:
        return Click(parsed)
    try:
        return Click(parsed, _chosen(fields))
    except BadField as error:
        return Unreadable(match.string, str(error))


def parse(custom_id: str) -> ComponentId | Unreadable | None:
    """The typed value of any custom_id: None when it is not ours at all."""
    for kind, pattern in TEMPLATES.items():
        match = pattern.fullmatch(custom_id)
        if match is not None:
            return read(kind, match)
    return None


def action_button(game: int, version: int, seat: int, action_id: str, index: int) -> ActionId:
    """The id of a button applying one action: by action id when it fits, else by its index in the legal list."""
    if action_id and not action_id.startswith(INDEX_MARK):
        by_id = ActionId(game, version, seat, action_id)
        try:
            by_id.encode()
            return by_id
        except ValueError:
            pass
    return ActionId(game, version, seat, index)


# -- reading posted messages (lobby lookup, tests) -------------------------------------------------------


@dataclass(frozen=True, slots=True)
class WireFields:
    """The raw fields of one of our custom_ids, for code that inspects posted messages."""

    kind: Kind
    game: int
    version: int
    seat: int | None
    arg: str

    @property
    def action_index(self) -> int | None:
        """For an action button encoded by index, that index; else None."""
        if self.kind is Kind.ACTION and self.arg.startswith(INDEX_MARK) and self.arg[1:].isdigit():
            return int(self.arg[1:])
        return None


def decode(custom_id: str) -> WireFields | None:
    """The raw fields of a custom_id of ours (any kind), or None for anything else."""
    for kind, pattern in TEMPLATES.items():
        match = pattern.fullmatch(custom_id)
        if match is not None:
            seat = match["seat"]
            return WireFields(kind, int(match["game"], 36), int(match["version"], 36),
                              None if seat == NO_SEAT else int(seat, 36), match["arg"])
    return None
