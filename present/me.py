"""The words of /me: a player's own settings as they stand, and the answer to each change.

Front-end neutral and pure: the caller passes the settings' values and the moment; times are Discord
timestamps, which every reader sees in their own clock.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping

log = logging.getLogger(__name__)

NOTIFY_WORDS = {
    "channel": "in the table's channel",
    "dm": "by direct message",
    "both": "in the table's channel and by direct message",
}


def clock_time(minutes: int) -> str:
    """Minutes after midnight as HH:MM."""
    return f"{minutes // 60:02d}:{minutes % 60:02d}"


def when(epoch: float) -> str:
    """A moment as a Discord full date-and-time timestamp."""
    return f"<t:{int(epoch)}:f>"


def notify_words(how: str) -> str:
    """How "your turn" reaches the player, in words."""
    return NOTIFY_WORDS.get(how, how)


def quiet_words(quiet_from: int | None, quiet_to: int | None) -> str:
    """The daily quiet hours in words."""
    if quiet_from is None or quiet_to is None:
        return "none"
    return f"every day from {clock_time(quiet_from)} to {clock_time(quiet_to)} your time"


def settings_text(*, timezone: str | None, quiet_from: int | None, quiet_to: int | None, notify: str,
                  away_until: float | None, now: float, stats_hidden: bool = False) -> str:
    """All of a player's settings, one line each, with how to change them."""
    away = f"away until {when(away_until)}" if away_until is not None and away_until > now else "not away"
    return "\n".join((
        "Your settings (the same on every server):",
        f"Time zone: {timezone or 'not chosen (UTC is used)'}",
        f"Quiet hours: {quiet_words(quiet_from, quiet_to)}",
        f"Your turn is announced: {notify_words(notify)}",
        f"Vacation: {away}",
        "Server stats: " + ("your turn times are not listed" if stats_hidden
                            else "your turn times may be listed among the slowest or fastest"),
        "Change them with /me timezone, /me quiet, /me notify, /me away, /me back and /me stats.",
    ))


def timezone_set(zone: str) -> str:
    """The answer to a time zone change."""
    return f"Your time zone is now {zone}."


def quiet_set(quiet_from: int | None, quiet_to: int | None) -> str:
    """The answer to a quiet hours change."""
    if quiet_from is None or quiet_to is None:
        return "Quiet hours are off."
    return f"Quiet hours: {quiet_words(quiet_from, quiet_to)}."


def notify_set(how: str) -> str:
    """The answer to a change of how the player hears of their turn."""
    return f"Your turn will be announced {notify_words(how)}."


def away_set(until: float) -> str:
    """The answer to a vacation being set."""
    return f"You are away until {when(until)}. Use /me back when you return earlier."


def back_set() -> str:
    """The answer to /me back."""
    return "Welcome back: you are no longer away."


def away_line(away: Mapping[int, float]) -> str | None:
    """The table's players who are on vacation now, each with its end; None when nobody is away."""
    if not away:
        return None
    return "Away: " + ", ".join(f"<@{uid}> until {when(until)}" for uid, until in sorted(away.items())) + "."
