"""What an event says, as data: a message id of the game's catalog and typed arguments, never a sentence.

The engine cannot know who reads an event, nor in which language, so it names a message
(`phrase("move.pass", clan=name("clan", "red"))`) and leaves the words to the front end, which looks the id
up in the game's catalog (`engine/<game>/locales/<lang>.po`) in the reader's language. An argument is one of:

- an `int`, written as a number of the reader's language;
- a `PlayerRef`, a seat the front end names with a person (or, `side=False`, the person alone);
- a `NameRef`, a board place, card, clan or token: the catalog's message `<kind>.<id>`, counted when it
  carries `n` (so "an acorn" and "3 acorns" are one entry with its plural forms);
- a `ListOf` items, joined as the reader's language joins them;
- another `Phrase`, for a sentence that holds sentences ("Red at Blue rolls 3, 5; ...");
- a `Verbatim` text, said alike in every language: a name the player types as it is (an option's `turn_cap`).

A phrase whose id starts with `core.` (CORE_PREFIX) says words every game shares, raised by engine.core itself
("That choice is not available now..."): the bot's catalog holds it, while its arguments are still the game's.

A phrase is stored with the event in the game's log (`to_json`), so an old game's log reads in any language;
events stored before phrases existed keep their English `text`, which the front end shows as it is.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

# How a list is joined: "Red, Blue" (comma), "a; b" (semicolon, for items that are clauses), "Red and Blue".
ListStyle = Literal["comma", "semicolon", "and"]
LIST_STYLES: tuple[ListStyle, ...] = ("comma", "semicolon", "and")
# The ids of the phrases engine.core says for every game, which the bot's catalog holds.
CORE_PREFIX = "core."


@dataclass(frozen=True, slots=True)
class PlayerRef:
    """A seat, named by the front end: the person with their side, or (`side=False`) the person alone."""

    player: int
    side: bool = True


@dataclass(frozen=True, slots=True)
class NameRef:
    """A thing the game's catalog names: the message `<kind>.<id>`, in its plural form for `n` when counted."""

    kind: str
    id: str
    n: int | None = None

    @property
    def msgid(self) -> str:
        """The catalog message that names it."""
        return f"{self.kind}.{self.id}"


@dataclass(frozen=True, slots=True)
class ListOf:
    """Items said one after the other, joined in the reader's language (see ListStyle)."""

    items: tuple[Arg, ...]
    style: ListStyle = "comma"


@dataclass(frozen=True, slots=True)
class Verbatim:
    """Text said the same in every language: what a player types as it is (an option's name or value)."""

    text: str


@dataclass(frozen=True, slots=True)
class Phrase:
    """A message of the game's catalog with its arguments; `n` picks the plural form and fills "{n}"."""

    msgid: str
    args: Mapping[str, Arg] = field(default_factory=dict)
    n: int | None = None

    def to_json(self) -> dict[str, Any]:
        """The phrase as a JSON-safe dict (see `phrase_from_json`)."""
        out: dict[str, Any] = {"id": self.msgid, "args": {k: _arg_json(v) for k, v in self.args.items()}}
        if self.n is not None:
            out["n"] = self.n
        return out


Arg = int | PlayerRef | NameRef | ListOf | Phrase | Verbatim


def phrase(msgid: str, /, n: int | None = None, **args: Arg) -> Phrase:
    """The message `msgid` of this game's catalog with its arguments (`n` picks its plural form)."""
    return Phrase(msgid, dict(args), n)


def name(kind: str, thing: str, n: int | None = None) -> NameRef:
    """The catalog's name for a board place, card, clan or token (`name("clan", "red")`), counted by `n`."""
    return NameRef(kind, thing, n)


def verbatim(text: object) -> Verbatim:
    """`text` (str() of it) said as it is in every language."""
    return Verbatim(str(text))


def listed(items: Iterable[Arg], style: ListStyle = "comma") -> ListOf:
    """`items` said as one list."""
    return ListOf(tuple(items), style)


def _arg_json(value: Arg) -> Any:
    match value:
        case bool():
            raise TypeError("a phrase argument is never a bool")
        case int():
            return value
        case PlayerRef(player=p, side=side):
            return {"player": p} if side else {"player": p, "side": False}
        case NameRef(n=None):
            return {"name": value.msgid}
        case NameRef(n=n):
            return {"name": value.msgid, "n": n}
        case ListOf(items=items, style=style):
            return {"list": [_arg_json(i) for i in items], "style": style}
        case Phrase():
            return {"phrase": value.to_json()}
        case Verbatim(text=text):
            return {"verbatim": text}
    raise TypeError(f"not a phrase argument: {value!r}")


def phrase_from_json(data: Mapping[str, Any]) -> Phrase:
    """Rebuild a phrase written by `Phrase.to_json`; ValueError for anything else."""
    try:
        args = {str(k): _arg_from_json(v) for k, v in dict(data["args"]).items()}
        n = data.get("n")
        return Phrase(str(data["id"]), args, None if n is None else int(n))
    except (KeyError, TypeError, AttributeError) as exc:
        raise ValueError(f"not a stored phrase: {data!r}") from exc


def _arg_from_json(data: Any) -> Arg:
    if isinstance(data, int) and not isinstance(data, bool):
        return data
    if not isinstance(data, Mapping):
        raise ValueError(f"not a stored phrase argument: {data!r}")
    if "player" in data:
        return PlayerRef(int(data["player"]), bool(data.get("side", True)))
    if "name" in data:
        kind, _, thing = str(data["name"]).partition(".")
        n = data.get("n")
        return NameRef(kind, thing, None if n is None else int(n))
    if "list" in data:
        style = next((s for s in LIST_STYLES if s == data.get("style", "comma")), None)
        if style is None:
            raise ValueError(f"not a list style: {data.get('style')!r}")
        return ListOf(tuple(_arg_from_json(i) for i in data["list"]), style)
    if "phrase" in data:
        return phrase_from_json(data["phrase"])
    if "verbatim" in data:
        return Verbatim(str(data["verbatim"]))
    raise ValueError(f"not a stored phrase argument: {data!r}")


@dataclass(frozen=True, slots=True)
class CatalogName:
    """A name a game may say through `NameRef` (its id is built at run time): its message and whether counted."""

    msgid: str
    counted: bool = False


def catalog_names(kind: str, ids: Iterable[str], *, counted: bool = False) -> list[CatalogName]:
    """The messages naming each of `ids` of one kind (`clan.red`, ...), for the catalog check."""
    return [CatalogName(f"{kind}.{i}", counted) for i in ids]
