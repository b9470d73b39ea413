"""How a table's messages are getting out, in plain words for /game status, in the reader's language. Pure."""

from __future__ import annotations

from host.results import DeliveryState
from i18n import ENGLISH, Locale, mark, t
from present.ending import duration

# Undelivered messages younger than this are just on their way: not worth a line.
WAITING_NOTICE_AFTER = 20.0
# Words the delivery layer uses for lasting failures (the Discord front end's delivery_error, cogs/notifier.py).
DM_CLOSED_WORDS = "direct messages"
CHANNEL_WORDS = ("cannot see that channel", "missing a permission")
# The lasting failures the delivery layer names, as it stores them, and their words in any language; a reason
# not listed (Discord's own code) is shown as stored.
REASON_WORDS = {
    "the player does not accept direct messages from me": mark("delivery.reason-dm-closed"),
    "I cannot see that channel": mark("delivery.reason-cannot-see"),
    "I am missing a permission there": mark("delivery.reason-permission"),
    "the channel (or the message to edit) no longer exists": mark("delivery.reason-gone"),
}


def reason_words(reason: str, locale: Locale = ENGLISH) -> str:
    """A stored delivery failure in `locale`: the delivery layer's known reasons translated, others as stored."""
    known = REASON_WORDS.get(reason)
    return t(locale, known) if known is not None else reason


def failure_line(reason: str, locale: Locale = ENGLISH) -> str:
    """One lasting failure as advice: what went wrong and what to do about it."""
    folded = reason.casefold()
    if DM_CLOSED_WORDS in folded:
        return t(locale, "delivery.dm-closed")
    if any(words in folded for words in CHANNEL_WORDS):
        return t(locale, "delivery.channel", reason=reason_words(reason, locale))
    return t(locale, "delivery.failed", reason=reason_words(reason, locale))


def delivery_lines(state: DeliveryState, locale: Locale = ENGLISH) -> list[str]:
    """/game status lines: messages waiting, and each distinct lasting failure once (none if all is well)."""
    lines: list[str] = []
    if state.pending and state.oldest_age >= WAITING_NOTICE_AFTER:
        lines.append(t(locale, "delivery.waiting", n=state.pending, age=duration(state.oldest_age, locale)))
    seen: set[str] = set()
    for reason in state.failures:
        line = failure_line(reason, locale)
        if line not in seen:
            seen.add(line)
            lines.append(line)
    return lines
