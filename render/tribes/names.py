"""The names the Gnome Tribes pictures show (tribes, territories, cards, posts, goals, army counts), in a language.

A name comes from the game's catalog (engine/tribes/locales) by the id the view carries: `tribe.<id>`,
`territory.<id>`, `card.<design>`, `post.<id>`, `goal.<n>`, `count.army`. The engine lists those ids for the
catalog check (engine/tribes/words.py `names()`), so they are looked up here through a variable. A name the
catalog does not know (a hand-made view's) keeps the word the view gives, or the id made readable.

The war view names cards by their English name only ("Gnomcopter"): such a name is turned back into its
design's id through the card catalogue, and a name no design has is shown as the view gives it.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import Any

from engine.tribes.cards import CARDS, card_of
from i18n import Locale, format_number, game_t, t
from render.common import catalog_word, readable
from render.tribes.style import geometry

GAME = "tribes"

# The names are cached: the catalogs are read once for the process's life, so a name in a language never
# changes, and a picture says the same names many times (a number is formatted by Babel, which is slow).


def _said(locale: Locale, msgid: str, shown: str | None, otherwise: str) -> str:
    """The catalog's `msgid` in `locale`; for an id it lacks, `shown` (the view's word) or else `otherwise`."""
    said = catalog_word(GAME, locale, msgid)
    if said is not None:
        return said
    return shown if shown is not None else otherwise


@cache
def tribe(locale: Locale, tribe_id: str, shown: str | None = None) -> str:
    """A tribe's name in `locale` ("Plains Gnomes"); `shown` (the seat's word) or the id for one the catalog lacks."""
    return _said(locale, f"tribe.{tribe_id}", shown, readable(tribe_id))


@cache
def place(locale: Locale, territory: Any) -> str:
    """A territory's name in `locale`; the board's word (or the id made readable) for one the catalog lacks."""
    tid = str(territory)
    found = geometry().territories.get(tid)
    return _said(locale, f"territory.{tid}", None, found.name if found else readable(tid))


def capital(text: str) -> str:
    """`text` with its first letter in capitals (a French territory's article, "la Forêt", opening a line)."""
    return text[:1].upper() + text[1:]


@cache
def _design_ids() -> dict[str, str]:
    """English card name -> design id, for the war view's card names."""
    return {design.name: design.id for design in CARDS.values()}


def card_id(card: dict[str, Any]) -> str | None:
    """The design id of a card in hand ({"id": "gnomsnake#2", ...}), None for one the catalogue lacks."""
    try:
        return card_of(str(card.get("id", ""))).id
    except KeyError:
        return None


@cache
def card(locale: Locale, design: str | None, shown: str | None = None) -> str:
    """A card design's name in `locale`; `shown` (the view's word) for a design the catalog lacks."""
    if design is None:
        return shown if shown is not None else readable(str(design))
    return _said(locale, f"card.{design}", shown, readable(design))


@cache
def card_named(locale: Locale, english: Any) -> str:
    """A card the view names in English ("Gnomcopter") in `locale`; the name as given for one no design has."""
    name = str(english)
    return card(locale, _design_ids().get(name), name)


@cache
def post(locale: Locale, post_id: str) -> str:
    """A post's own name in `locale` ("Research", "Gnomguards")."""
    return _said(locale, f"post.{post_id}", None, readable(post_id))


@cache
def goal(locale: Locale, number: Any, shown: str | None = None) -> str:
    """A goal's name by its number in `locale` ("Gnome of Glory"); `shown` or the number for one the table lacks."""
    return _said(locale, f"goal.{number}", shown, str(number))


@cache
def armies(locale: Locale, n: int) -> str:
    """`n` armies in words with the number ("1 army", "3 armies")."""
    msgid = "count.army"  # listed by the engine's names(), as every name here
    return game_t(locale, GAME, msgid, n=n)


@cache
def votes(locale: Locale, n: int) -> str:
    """`n` votes in words with the number ("1 vote", "0 votes")."""
    msgid = "count.vote"
    return game_t(locale, GAME, msgid, n=n)


@cache
def number(locale: Locale, n: float) -> str:
    """A number as `locale` writes it."""
    return format_number(locale, n)


def joined(locale: Locale, items: Sequence[str], style: str = "comma") -> str:
    """Items joined with the bot catalog's separator: "comma" (", "), "semicolon" ("; ") or "and" (" and ")."""
    # Each id written out, so that the catalog check sees it used.
    if style == "semicolon":
        return _separator_semicolon(locale).join(items)
    if style == "and":
        return _separator_and(locale).join(items)
    return _separator_comma(locale).join(items)


@cache
def _separator_comma(locale: Locale) -> str:
    return t(locale, "list.comma")


@cache
def _separator_semicolon(locale: Locale) -> str:
    return t(locale, "list.semicolon")


@cache
def _separator_and(locale: Locale) -> str:
    return t(locale, "list.and")


def say(locale: Locale, said: Any, seats: dict[int, str]) -> str | None:
    """A stored phrase of the game (engine.core.phrases `Phrase.to_json`) in `locale`, seats named by `seats`;
    None for one that does not read back."""
    from engine.core.phrases import phrase_from_json

    try:
        return _say(locale, phrase_from_json(said), seats)
    except (ValueError, TypeError, KeyError, IndexError, AttributeError):
        return None


def _say(locale: Locale, said: Any, seats: dict[int, str]) -> str:
    args = {key: _arg(locale, value, seats) for key, value in said.args.items()}
    return game_t(locale, GAME, said.msgid, n=said.n, **args)


def _arg(locale: Locale, value: Any, seats: dict[int, str]) -> str:
    # As present/phrases.py says a phrase's arguments (this package may not import that one).
    from engine.core.phrases import ListOf, NameRef, Phrase, PlayerRef, Verbatim

    match value:
        case int():
            return number(locale, value)
        case PlayerRef(player=p):
            return seats.get(p) or t(locale, "player.unknown")
        case NameRef(n=n):
            return game_t(locale, GAME, value.msgid, n=n)
        case ListOf(items=items, style=style):
            return joined(
                locale,
                [_arg(locale, item, seats) for item in items],
                "semicolon" if style == "semicolon" else "and" if style == "and" else "comma",
            )
        case Phrase():
            return _say(locale, value, seats)
        case Verbatim(text=text):
            return text
    raise TypeError(f"not a phrase argument: {value!r}")
