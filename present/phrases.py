"""An engine phrase (engine.core.phrases) said in a reader's language, from its game's catalog.

Every argument is said before the message that holds it: a name is the catalog's `<kind>.<id>` (counted by its
`n`), a list is joined with the language's separators (`list.*` in the bot's catalog, so "Red and Blue" is
"Red et Blue" in French), a seat is the name the caller gives for it, a number is written as the language
writes numbers.
"""

from __future__ import annotations

from collections.abc import Mapping

from engine.core.phrases import CORE_PREFIX, Arg, ListOf, NameRef, Phrase, PlayerRef, Verbatim
from i18n.catalog import game_t, t
from i18n.formats import format_number
from i18n.locale import Locale


def say(locale: Locale, game: str, said: Phrase, names: Mapping[int, str],
        people: Mapping[int, str] | None = None) -> str:
    """`said` in `locale` from `game`'s catalog; seats named by `names` (by `people` where only the person is
    wanted, falling back to `names`)."""
    args = {key: _arg(locale, game, value, names, people or names) for key, value in said.args.items()}
    if said.msgid.startswith(CORE_PREFIX):  # words every game shares (engine.core's): the bot's catalog
        return t(locale, said.msgid, n=said.n, **args)
    return game_t(locale, game, said.msgid, n=said.n, **args)


def _arg(locale: Locale, game: str, value: Arg, names: Mapping[int, str], people: Mapping[int, str]) -> str:
    match value:
        case int():
            return format_number(locale, value)
        case PlayerRef(player=p, side=True):
            return names.get(p) or t(locale, "player.unknown")
        case PlayerRef(player=p):
            return people.get(p) or names.get(p) or t(locale, "player.unknown")
        case NameRef(n=n):
            return game_t(locale, game, value.msgid, n=n)
        case ListOf(items=items, style=style):
            said = [_arg(locale, game, item, names, people) for item in items]
            return _separator(locale, style).join(said)
        case Phrase():
            return say(locale, game, value, names, people)
        case Verbatim(text=text):
            return text
    raise TypeError(f"not a phrase argument: {value!r}")


def _separator(locale: Locale, style: str) -> str:
    # Each id written out, so that the catalog check sees it used.
    if style == "semicolon":
        return t(locale, "list.semicolon")
    if style == "and":
        return t(locale, "list.and")
    return t(locale, "list.comma")
