"""The names the Associates pictures show (guilds, figurines, zones, cards, items), in a language.

A name comes from the game's catalog (engine/associates/locales) by the id the view carries: `guild.<id>`,
`figurine.<id>`, `zone.<id>`, `card.<type>`, `card-text.<type>`, `item.<id>`. The engine lists those ids for
the catalog check (engine/associates/words.py `names()`), so they are looked up here through a variable.

The view says each name in English too; the catalog's word is used only where its English is the view's word
(or the view gives none), so a hand-made view's own words stay as they are and English never changes.
"""

from __future__ import annotations

from functools import cache

from i18n import ENGLISH, Locale, game_t
from render.common import catalog_has, readable

GAME = "associates"

# The names are cached: the catalogs are read once for the process's life, so a name in a language never
# changes, and a picture says the same names many times.


def _known(msgid: str) -> bool:
    """Whether the game's English catalog has `msgid`."""
    return catalog_has(GAME, msgid)


@cache
def named(locale: Locale, msgid: str, shown: str | None = None) -> str | None:
    """The catalog's `msgid` in `locale` when its English is `shown` (or nothing is shown); else `shown`."""
    if not _known(msgid):
        return shown
    if shown is not None and game_t(ENGLISH, GAME, msgid) != shown:
        return shown
    return game_t(locale, GAME, msgid)


def guild(locale: Locale, guild_id: object, shown: str | None = None) -> str:
    """A guild's title ("Thieves") in `locale`; `shown` or the id made readable for one the catalog lacks."""
    said = named(locale, f"guild.{guild_id}", shown)
    return said if said is not None else readable(str(guild_id))


def figurine(locale: Locale, fig_id: object, shown: str | None = None) -> str:
    """A figurine's name ("Thieves Goblin") in `locale`."""
    said = named(locale, f"figurine.{fig_id}", shown)
    return said if said is not None else readable(str(fig_id))


def zone(locale: Locale, zone_id: object, shown: str | None = None) -> str:
    """A zone's name ("Windy Tor") in `locale`."""
    said = named(locale, f"zone.{zone_id}", shown)
    return said if said is not None else readable(str(zone_id))


def card(locale: Locale, card_type: object, shown: str | None = None) -> str:
    """A card's name ("Shield") in `locale`, by its type."""
    said = named(locale, f"card.{card_type}", shown)
    return said if said is not None else readable(str(card_type))


def card_text(locale: Locale, card_type: object, shown: str) -> str:
    """A card's effect text in `locale`, by its type; `shown` when the catalog's English says something else."""
    said = named(locale, f"card-text.{card_type}", shown)
    return said if said is not None else shown
