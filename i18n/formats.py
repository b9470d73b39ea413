"""Numbers and lists in the reader's language (Babel's CLDR data): "1,240" / "1 240", "a, b and c" / "a, b et c"."""

from __future__ import annotations

import functools
import logging
from collections.abc import Sequence
from typing import Literal

import babel
from babel import lists, numbers

from i18n.locale import ENGLISH, Locale

log = logging.getLogger(__name__)


@functools.cache
def _babel(locale: Locale) -> babel.Locale:
    try:
        return babel.Locale.parse(locale)
    except (ValueError, babel.UnknownLocaleError):
        log.warning("Babel does not know the language %r; numbers and lists are formatted in English", locale)
        return babel.Locale.parse(ENGLISH)


def format_number(locale: Locale, value: float) -> str:
    """A number with the language's separators ("12,345.5" in English, "12 345,5" in French)."""
    return numbers.format_decimal(value, locale=_babel(locale))


ListStyle = Literal["standard", "standard-short", "or", "or-short", "unit", "unit-short", "unit-narrow"]


def format_list(locale: Locale, items: Sequence[str], style: ListStyle = "standard") -> str:
    """Items joined as the language joins them ("a, b, and c" in English, "a, b et c" in French).

    `style` is CLDR's: "standard" (and), "or", "unit" (no conjunction).
    """
    return lists.format_list(list(items), style=style, locale=_babel(locale))
