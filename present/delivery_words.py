"""How a table's messages are getting out, in plain words for /game status. Pure."""

from __future__ import annotations

from host.results import DeliveryState
from present.ending import duration

# Undelivered messages younger than this are just on their way: not worth a line.
WAITING_NOTICE_AFTER = 20.0
CHANNEL_PERMISSIONS = "View Channel, Send Messages, Send Messages in Threads, Attach Files and Read Message History"
# Words the delivery layer uses for lasting failures (the Discord front end's delivery_error, cogs/notifier.py).
DM_CLOSED_WORDS = "direct messages"
CHANNEL_WORDS = ("cannot see that channel", "missing a permission")


def failure_line(reason: str) -> str:
    """One lasting failure as advice: what went wrong and what to do about it."""
    folded = reason.casefold()
    if DM_CLOSED_WORDS in folded:
        return "⚠️ A player does not accept direct messages from me: they can use `/hand` to see their cards."
    if any(words in folded for words in CHANNEL_WORDS):
        return (f"⚠️ I could not post here: {reason}. Please give me {CHANNEL_PERMISSIONS} in this channel "
                "(a server manager can do it in the channel's settings).")
    return f"⚠️ A message could not be delivered: {reason}."


def delivery_lines(state: DeliveryState) -> list[str]:
    """/game status lines: messages waiting, and each distinct lasting failure once (none if all is well)."""
    lines: list[str] = []
    if state.pending and state.oldest_age >= WAITING_NOTICE_AFTER:
        count = f"{state.pending} message is" if state.pending == 1 else f"{state.pending} messages are"
        lines.append(f"⏳ {count} waiting to be posted (Discord has not accepted them for {duration(state.oldest_age)};"
                     " they go out as soon as it does).")
    seen: set[str] = set()
    for reason in state.failures:
        line = failure_line(reason)
        if line not in seen:
            seen.add(line)
            lines.append(line)
    return lines
