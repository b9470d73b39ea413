"""Which words of another language reached a reader: everything the bot showed, scanned against the catalogs.

A word belongs to one language when some message of that language's catalogs uses it and no message of the
other's does (so names both share, such as Gnomehost, numbers and the players' own names, never count). A text
shown to someone is split into words and each word found only in the other language is a finding. The catalogs
are the bot's (locales/, locales/commands/) and every game's (engine/<game>/locales/).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import cache

from babel.messages.pofile import read_po

from i18n.locale import REPO
from tests.e2e.fakediscord import Harness
from tests.e2e.fakediscord.state import iter_components
from tests.e2e.test_table_experience import shown_texts

WORD = re.compile(r"[^\W\d_]+(?:['’][^\W\d_]+)*")
PLACEHOLDER = re.compile(r"\{[^{}]*\}")
MENTION_OR_LINK = re.compile(r"<[@#][!&]?\d+>|<t:\d+(?::\w)?>|https?://\S+")
# A word a trimmed line cut short ("Fée des Voleurs s…"): a fragment of a word, of no language.
CUT_WORD = re.compile(r"[^\W\d_]+…")


def _catalog_paths(language: str) -> list[str]:
    folders = [REPO / "locales", REPO / "locales" / "commands", *sorted((REPO / "engine").glob("*/locales"))]
    return [str(folder / f"{language}.po") for folder in folders if (folder / f"{language}.po").exists()]


def words(text: str) -> set[str]:
    """The lower-case words of `text`, placeholders, mentions, timestamps and links left out."""
    plain = CUT_WORD.sub(" ", MENTION_OR_LINK.sub(" ", PLACEHOLDER.sub(" ", text)))
    return {w.lower() for w in WORD.findall(plain)}


@cache
def catalog_words(language: str) -> frozenset[str]:
    """Every word the catalogs of `language` ("en", "fr") put in front of a reader."""
    found: set[str] = set()
    for path in _catalog_paths(language):
        with open(path, "rb") as handle:
            for message in read_po(handle):
                strings = message.string if isinstance(message.string, tuple) else (message.string,)
                for text in strings:
                    found |= words(str(text or ""))
    return frozenset(found)


def only_in(language: str, other: str) -> frozenset[str]:
    """The words of `language`'s catalogs that none of `other`'s uses."""
    return catalog_words(language) - catalog_words(other)


def shown_to_anyone(fake: Harness) -> list[tuple[str, str]]:
    """(where, text) for every word the bot showed: every version of every message with its buttons, menus and
    embeds (tests/e2e/test_table_experience.py `shown_texts`), and besides those the file descriptions, every
    modal it opened and every autocomplete choice."""
    out = shown_texts(fake, [str(c.get("name")) for rec in fake.interactions if rec.type == 4 for c in rec.choices])
    for m in fake.state.messages.values():
        out += [(f"message {m.id} file {a.filename}", a.description) for a in m.attachments if a.description]
    for rec in fake.interactions:
        modal = rec.modal
        if modal:
            out.append((f"modal {modal.get('custom_id')}", str(modal.get("title") or "")))
            out += [(f"modal {modal.get('custom_id')} field", str(c.get("label") or c.get("placeholder") or ""))
                    for c in iter_components(modal.get("components") or [])]
    return out


def foreign_findings(texts: Iterable[tuple[str, str]], language: str, other: str,
                     allowed: frozenset[str] = frozenset()) -> list[str]:
    """One line per shown text holding words only `other`'s catalogs use, for a reader of `language`."""
    foreign = only_in(other, language) - allowed
    found = []
    for where, text in texts:
        bad = sorted(words(text) & foreign)
        if bad:
            found.append(f"{', '.join(bad)} in {where}: {text[:160]!r}")
    return found
