"""A game's title in a language: every game's catalog names its game under the id "title"."""

from __future__ import annotations

from host.results import TableInfo
from i18n import ENGLISH, Locale, game_t


def game_title(name: str, locale: Locale = ENGLISH) -> str:
    """The title of game `name` in `locale`, from the game's catalog."""
    return game_t(locale, name, "title")


def short_title(name: str, locale: Locale = ENGLISH) -> str:
    """The one- or two-word name of game `name` in `locale` (where a whole title does not fit: the games an option
    of /game new applies to), from the game's catalog."""
    said = game_t(locale, name, "short-title")
    return name if said == "short-title" else said  # a game without a catalog: its registry name


def table_title(table: TableInfo, locale: Locale = ENGLISH) -> str:
    """The title of the game `table` plays, in `locale` (in English, and for a game no catalog has, the title the
    table was stored with)."""
    if table.title and locale == ENGLISH:
        return table.title
    said = game_title(table.game_name, locale)
    return table.title if said == "title" and table.title else said
