"""The players' rules pages: docs/play/<game>.md split into topics at its `##` headings.

These pages are written for players (docs/rules/<game>.md is the developers' rules file, with every
ruling id): what `/game rules` serves, topic by topic, each short enough for one chat message. A page in
another language sits beside the English one as docs/play/<game>.<language>.md (vendetta.fr.md), with the
same headings translated; a language without its page reads the English one.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Mapping
from pathlib import Path

from engine import registry
from i18n import ENGLISH, Locale, format_list, t

log = logging.getLogger(__name__)

PLAY_DIR = Path(__file__).resolve().parent.parent / "docs" / "play"
# A topic title must fit a Discord choice name; the pages' headings are all far shorter.
TITLE_LIMIT = 100


def page_path(game_name: str, locale: Locale = ENGLISH) -> Path | None:
    """The players' page of a registered game in `locale` (the English page when that language has none);
    None for any other name.

    The name is looked up in the registry, never used as typed: user text ("../../README", an
    absolute path) must not choose which file is read; the locale is one the bot has a catalog for.
    """
    if game_name not in registry.names():
        return None
    translated = PLAY_DIR / f"{game_name}.{locale}.md"
    if locale != ENGLISH and translated.is_file():
        return translated
    return PLAY_DIR / f"{game_name}.md"


def topics(game_name: str, locale: Locale = ENGLISH) -> dict[str, str]:
    """The players' rules of a registered game in `locale`, topic title -> text (in page order); empty if it
    has none. The first topic is the page's title and introduction, before its first `##` heading."""
    path = page_path(game_name, locale)
    if path is None or not path.is_file():
        return {}
    sections: dict[str, str] = {}
    title, lines = t(locale, "rules.overview"), list[str]()
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("## "):
            if any(x.strip() for x in lines):
                sections[title] = "\n".join(lines).strip()
            title, lines = line[3:].strip()[:TITLE_LIMIT], [line]
        else:
            lines.append(line)
    if any(x.strip() for x in lines):
        sections[title] = "\n".join(lines).strip()
    return sections


def topic_list(sections: Mapping[str, str], game_name: str, locale: Locale = ENGLISH) -> str:
    """The line that names every topic of a game's page and how to open one."""
    return t(locale, "rules.topics", topics=", ".join(sections), game=game_name)


def no_rules(game_name: str, locale: Locale = ENGLISH) -> str:
    """The answer for a game without a players' page."""
    return t(locale, "rules.none", game=game_name)


def no_topic(sections: Mapping[str, str], typed: str, locale: Locale = ENGLISH) -> str:
    """The answer when no topic matches what a player typed (`typed` already made safe to echo)."""
    return t(locale, "rules.no-topic", typed=typed, topics=format_list(locale, list(sections), "unit"))


def see_also(titles: list[str], locale: Locale = ENGLISH) -> str:
    """The line after a topic naming the next best matches (empty when there are none)."""
    return "\n\n" + t(locale, "rules.see-also", topics=", ".join(titles)) if titles else ""


WORD = re.compile(r"[^\W_]+", re.UNICODE)


def _words(text: str) -> list[str]:
    return [w.casefold() for w in WORD.findall(text)]


def find_topics(sections: Mapping[str, str], query: str) -> list[str]:
    """Topic titles matching what a player typed, best first ("mov" finds the movement rules).

    A title equal to the query comes first, then titles starting with it, then titles with a word
    starting with it, then topics whose text has words starting with every typed word (most hits
    first). An empty query lists every topic in order.
    """
    typed = _words(query)
    if not typed:
        return list(sections)
    folded = " ".join(typed)
    ranked: list[tuple[int, int, int, str]] = []
    for index, (title, body) in enumerate(sections.items()):
        title_words = _words(title)
        joined = " ".join(title_words)
        if joined == folded:
            rank, hits = 0, 0
        elif joined.startswith(folded):
            rank, hits = 1, 0
        elif all(any(w.startswith(t) for w in title_words) for t in typed):
            rank, hits = 2, 0
        else:
            body_words = _words(body)
            counts = [sum(1 for w in body_words if w.startswith(t)) for t in typed]
            if not all(counts):
                continue
            rank, hits = 3, -sum(counts)
        ranked.append((rank, hits, index, title))
    return [title for *_, title in sorted(ranked)]
