"""Keeping text inside the limits a message or a choice may hold: cut, echo, split, fit lines.

The limits are Discord's (the tightest front end there is); a second front end keeps text within them
too, so the same words read the same everywhere.
"""

from __future__ import annotations

from i18n import ENGLISH, Locale, t

MESSAGE_CONTENT = 2000
SELECT_OPTIONS = 25
AUTOCOMPLETE_CHOICES = 25
CHOICE_NAME = 100
CHOICE_VALUE = 100
THREAD_NAME = 100
ELLIPSIS = "…"
# How much of a user's own text a reply repeats back ("No rules topic “…”").
ECHO = 60


def trim(text: str, limit: int) -> str:
    """`text` cut to at most `limit` characters, marked with an ellipsis when cut."""
    if limit <= 0:
        return ""
    if len(text) <= limit:
        return text
    return text[: limit - 1].rstrip() + ELLIPSIS


def echo(text: str, limit: int = ECHO) -> str:
    """User text to repeat in a reply: on one line, at most `limit` characters, marked when cut."""
    return trim(" ".join(str(text).split()), limit)


def fit_message(text: str, limit: int = MESSAGE_CONTENT) -> str:
    """A message's content cut to the message limit (every interaction reply goes through this)."""
    return trim(text, limit)


def split_message(text: str, limit: int = MESSAGE_CONTENT) -> list[str]:
    """`text` as consecutive chunks of at most `limit` characters, cut at line breaks where possible.

    A single line longer than `limit` is cut at the last space before the limit, or hard when
    it has none. Empty input gives no chunk.
    """
    if limit <= 1:
        raise ValueError("limit must be at least 2")
    chunks: list[str] = []
    current = ""
    for line in text.split("\n"):
        candidate = line if not current else current + "\n" + line
        if len(candidate) <= limit:
            current = candidate
            continue
        if current:
            chunks.append(current)
        current = ""
        while len(line) > limit:
            cut = line.rfind(" ", 0, limit + 1)
            if cut <= 0:
                cut = limit
            chunks.append(line[:cut].rstrip())
            line = line[cut:].lstrip()
        current = line
    if current.strip():
        chunks.append(current)
    return [c for c in chunks if c.strip()]


def fit_lines(lines: list[str], limit: int = MESSAGE_CONTENT, tail: str = "", locale: Locale = ENGLISH) -> str:
    """As many leading lines as fit in `limit` with `tail` after them; a marker (in `locale`) says how many
    were left out.

    Used where one message must hold a whole narration (a table message carries one board image
    and its buttons, so it is not split); the full text stays available through /game log.
    """

    def render(kept: list[str], dropped: int) -> str:
        parts = list(kept)
        if dropped:
            parts.append(t(locale, "fit.more-lines", n=dropped))
        if tail:
            parts.append(tail)
        return "\n".join(parts)

    lines = [trim(line, limit) for line in lines]
    for count in range(len(lines), -1, -1):
        text = render(lines[:count], len(lines) - count)
        if len(text) <= limit:
            return text
    return trim(render([], len(lines)), limit)
