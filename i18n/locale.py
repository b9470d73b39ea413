"""Languages: the Locale a reader gets, from whatever a front end knows (Discord's "fr", "en-GB", "pt-BR")."""

from __future__ import annotations

import logging
from pathlib import Path
from typing import NewType

log = logging.getLogger(__name__)

# A language the bot has words for: the name of a catalog file without ".po" ("en", "fr").
Locale = NewType("Locale", str)

ENGLISH = Locale("en")
REPO = Path(__file__).resolve().parents[1]
# The bot's own catalog: every language with a file here is one the bot speaks (see docs/architecture.md).
BOT_CATALOG = REPO / "locales"


def supported() -> tuple[Locale, ...]:
    """Every language with a catalog of the bot's words, English first."""
    found = sorted(Locale(p.stem) for p in BOT_CATALOG.glob("*.po"))
    return (ENGLISH, *(lang for lang in found if lang != ENGLISH))


def resolve(tag: str | None) -> Locale:
    """The language to use for a reader's tag: itself when supported, else its base language ("fr-CA" -> "fr"),
    else English (also for no tag at all)."""
    if not tag:
        return ENGLISH
    known = supported()
    folded = tag.replace("_", "-").lower()
    for candidate in (folded, folded.split("-")[0]):
        for lang in known:
            if lang.lower() == candidate:
                return lang
    return ENGLISH
