"""The words of "your turn" messages that follow a player's own settings (/me notify, /me quiet). Pure."""

from __future__ import annotations

import logging
from collections.abc import Sequence

log = logging.getLogger(__name__)

# The most games one catch-up names; the rest are counted (a message has at most 2,000 characters).
MAX_CATCH_UP_GAMES = 10


def direct_nudge(title: str, channel_id: int, message: str) -> str:
    """A reminder or "your turn" sent by DM: which game, where it is played, what it waits for."""
    return f"**{title}** in <#{channel_id}>: {message}"


def channel_nudge(message: str) -> str:
    """A reminder or "your turn" mentioning the player in the game's channel (the mention goes in front)."""
    return message


def your_turn(prompt: str) -> str:
    """A decision that just became the player's, told by DM (`prompt` says what it is)."""
    return f"it is your turn: {prompt.rstrip('.')}."


def catch_up(games: Sequence[tuple[str, int]]) -> str:
    """The one message a player gets when their quiet hours end: every game (title, channel) waiting for them."""
    shown = [f"- **{title}** in <#{channel}>" for title, channel in games[:MAX_CATCH_UP_GAMES]]
    more = len(games) - len(shown)
    if more > 0:
        shown.append(f"- and {more} more (/games lists them all)")
    count = "a game is" if len(games) == 1 else f"{len(games)} games are"
    return "\n".join([f"Your quiet hours are over: {count} waiting for you.", *shown])


def away_policy_words(policy: str) -> str:
    """The table's `away` setting in words, for the settings answer."""
    if policy == "ai":
        return "while a player is on vacation the AI plays their seat"
    return "while a player is on vacation the table waits for them (their rules timers pause, up to 14 days)"

