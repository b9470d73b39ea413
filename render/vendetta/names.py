"""The names the Vendetta pictures show (clans, territories, objective cards, token counts), in a language.

A name comes from the game's catalog (engine/vendetta/locales) by the id the view carries: `clan.<id>`,
`territory.<id>`, `card.<id>`, `count.<token>`. The engine lists those ids for the catalog check
(engine/vendetta/words.py `names()`), so they are looked up here through a variable. An id the catalog does
not know (a hand-made view's) keeps the word the view gives, or the id made readable.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from i18n import Locale, game_t
from render.common import catalog_has, catalog_word, readable
from render.vendetta.style import geometry

GAME = "vendetta"

# The names are cached: the catalogs are read once for the process's life, so a name in a language never
# changes, and a picture says the same names many times (a count's number is formatted by Babel, which is slow).


def _known(msgid: str) -> bool:
    """Whether the game's English catalog has `msgid`."""
    return catalog_has(GAME, msgid)


@cache
def clan(locale: Locale, clan_id: str, shown: str | None = None) -> str:
    """A clan's name in `locale`; `shown` (the seat's word) or the id for a clan the catalog lacks."""
    said = catalog_word(GAME, locale, f"clan.{clan_id}")
    return said if said is not None else shown if shown is not None else clan_id


@cache
def place(locale: Locale, territory: str | None) -> str:
    """A territory's name in `locale`; the board's word (or the id made readable) for one the catalog lacks."""
    tid = str(territory)
    said = catalog_word(GAME, locale, f"territory.{tid}")
    if said is not None:
        return said
    found = geometry().territories.get(tid)
    return found.name if found else readable(tid)


def card(locale: Locale, found: dict[str, Any]) -> str:
    """An objective card's name in `locale`; the view's word for a card the catalog lacks."""
    said = catalog_word(GAME, locale, f"card.{found.get('id')}")
    return said if said is not None else str(found.get("name", "?"))


@cache
def counted(locale: Locale, token: str, n: int) -> str | None:
    """`n` tokens in words ("3 acorns"), None for a token the catalog lacks."""
    msgid = f"count.{token}"
    return game_t(locale, GAME, msgid, n=n) if _known(msgid) else None


def requirement(locale: Locale, found: dict[str, Any]) -> str:
    """What a card asks for in `locale` ("3 acorns, 3 berries"); the view's words when a part has no name."""
    parts: list[str] = []
    for token, need in (found.get("tokens") or {}).items():
        said = counted(locale, str(token), int(need))
        if said is None:
            return str(found.get("requirement", ""))
        parts.append(said)
    statues = [str(s) for s in found.get("statues") or []]
    if len(statues) == 1:
        parts.append(game_t(locale, "vendetta", "requirement.statue", place=place(locale, statues[0])))
    elif len(statues) == 2:
        first, second = place(locale, statues[0]), place(locale, statues[1])
        parts.append(game_t(locale, "vendetta", "requirement.statues", first=first, second=second))
    if len(statues) > 2 or not parts:
        return str(found.get("requirement", ""))
    # The engine's requirement joins its parts with a comma and no conjunction, in every language.
    return ", ".join(parts)
