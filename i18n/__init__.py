"""The language seam: which language a reader gets, the catalogs of words, and numbers and lists in that language.

Front-end neutral and pure apart from reading the catalogs once: present/, render/ and cogs/ may import it; the
engine never does (it emits message ids and arguments, which are translated where they are shown).
"""

from i18n.catalog import Catalogs, Message, catalogs, game_t, mark, t
from i18n.formats import format_list, format_number
from i18n.locale import ENGLISH, Locale, resolve, supported

__all__ = [
    "ENGLISH",
    "Catalogs",
    "Locale",
    "Message",
    "catalogs",
    "format_list",
    "format_number",
    "game_t",
    "mark",
    "resolve",
    "supported",
    "t",
]
