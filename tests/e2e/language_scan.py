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

WORD = re.compile(r"[^\W\d_]+(?:['’][^\W\d_]+)*")
PLACEHOLDER = re.compile(r"\{[^{}]*\}")
MENTION_OR_LINK = re.compile(r"<[@#][!&]?\d+>|<t:\d+(?::\w)?>|https?://\S+")


def _catalog_paths(language: str) -> list[str]:
    folders = [REPO / "locales", REPO / "locales" / "commands", *sorted((REPO / "engine").glob("*/locales"))]
    return [str(folder / f"{language}.po") for folder in folders if (folder / f"{language}.po").exists()]


def words(text: str) -> set[str]:
    """The lower-case words of `text`, placeholders, mentions, timestamps and links left out."""
    plain = MENTION_OR_LINK.sub(" ", PLACEHOLDER.sub(" ", text))
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
    """(where, text) for every word the bot showed: every version of every message with its buttons, menus,
    embeds and file descriptions, every modal it opened, every autocomplete choice."""
    out: list[tuple[str, str]] = []
    for m in fake.state.messages.values():
        versions = [*m.history, {"content": m.content, "embeds": m.embeds, "components": m.components}]
        for n, version in enumerate(versions):
            where = f"message {m.id} v{n} (channel {m.channel_id}{', ephemeral' if m.ephemeral else ''})"
            out.append((where, str(version.get("content") or "")))
            for embed in version.get("embeds") or []:
                parts = [embed.get("title"), embed.get("description"), (embed.get("footer") or {}).get("text")]
                parts += [f"{f.get('name')} {f.get('value')}" for f in embed.get("fields") or []]
                out += [(where + " embed", str(p)) for p in parts if p]
            for comp in iter_components(version.get("components") or []):
                shown = [comp.get("label"), comp.get("placeholder")]
                shown += [o.get("label") for o in comp.get("options") or []]
                shown += [o.get("description") for o in comp.get("options") or []]
                out += [(where + " component", str(s)) for s in shown if s]
        out += [(f"message {m.id} file {a.filename}", a.description) for a in m.attachments if a.description]
    for rec in fake.interactions:
        modal = rec.modal
        if modal:
            out.append((f"modal {modal.get('custom_id')}", str(modal.get("title") or "")))
            out += [(f"modal {modal.get('custom_id')} field", str(c.get("label") or c.get("placeholder") or ""))
                    for c in iter_components(modal.get("components") or [])]
        if rec.type == 4:
            out += [("autocomplete", str(c.get("name"))) for c in rec.choices]
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
