"""The words of /me: a player's own settings as they stand, and the answer to each change.

Front-end neutral and pure: the caller passes the settings' values, the moment and the reader's language; times
are Discord timestamps, which every reader sees in their own clock.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping

from i18n import ENGLISH, Locale, format_list, mark, t

log = logging.getLogger(__name__)

NOTIFY_WORDS = {
    "channel": mark("me.notify-channel"),
    "dm": mark("me.notify-dm"),
    "both": mark("me.notify-both"),
}


def clock_time(minutes: int) -> str:
    """Minutes after midnight as HH:MM."""
    return f"{minutes // 60:02d}:{minutes % 60:02d}"


def when(epoch: float) -> str:
    """A moment as a Discord full date-and-time timestamp."""
    return f"<t:{int(epoch)}:f>"


def notify_words(how: str, locale: Locale = ENGLISH) -> str:
    """How "your turn" reaches the player, in words."""
    return t(locale, NOTIFY_WORDS[how]) if how in NOTIFY_WORDS else how


def quiet_words(quiet_from: int | None, quiet_to: int | None, locale: Locale = ENGLISH) -> str:
    """The daily quiet hours in words."""
    if quiet_from is None or quiet_to is None:
        return t(locale, "me.quiet-none")
    return t(locale, "me.quiet-hours", start=clock_time(quiet_from), end=clock_time(quiet_to))


def settings_text(*, timezone: str | None, quiet_from: int | None, quiet_to: int | None, notify: str,
                  away_until: float | None, now: float, stats_hidden: bool = False,
                  locale: Locale = ENGLISH) -> str:
    """All of a player's settings, one line each, with how to change them."""
    away = (t(locale, "me.away-until", when=when(away_until)) if away_until is not None and away_until > now
            else t(locale, "me.not-away"))
    return "\n".join((
        t(locale, "me.settings-heading"),
        t(locale, "me.timezone-line", zone=timezone or t(locale, "me.timezone-none")),
        t(locale, "me.quiet-line", quiet=quiet_words(quiet_from, quiet_to, locale)),
        t(locale, "me.notify-line", how=notify_words(notify, locale)),
        t(locale, "me.vacation-line", away=away),
        t(locale, "me.stats-hidden-line") if stats_hidden else t(locale, "me.stats-listed-line"),
        t(locale, "me.change-hint"),
    ))


def timezone_set(zone: str, locale: Locale = ENGLISH) -> str:
    """The answer to a time zone change."""
    return t(locale, "me.timezone-set", zone=zone)


def quiet_set(quiet_from: int | None, quiet_to: int | None, locale: Locale = ENGLISH) -> str:
    """The answer to a quiet hours change."""
    if quiet_from is None or quiet_to is None:
        return t(locale, "me.quiet-off")
    return t(locale, "me.quiet-set", quiet=quiet_words(quiet_from, quiet_to, locale))


def notify_set(how: str, locale: Locale = ENGLISH) -> str:
    """The answer to a change of how the player hears of their turn."""
    return t(locale, "me.notify-set", how=notify_words(how, locale))


def away_set(until: float, locale: Locale = ENGLISH) -> str:
    """The answer to a vacation being set."""
    return t(locale, "me.away-set", when=when(until))


def back_set(locale: Locale = ENGLISH) -> str:
    """The answer to /me back."""
    return t(locale, "me.back-set")


def away_line(away: Mapping[int, float], locale: Locale = ENGLISH) -> str | None:
    """The table's players who are on vacation now, each with its end; None when nobody is away."""
    if not away:
        return None
    players = [t(locale, "me.away-player", player=f"<@{uid}>", when=when(until)) for uid, until in sorted(away.items())]
    # CLDR's "unit" list: a plain roll call in English ("a, b, c"), as French writes it ("a, b et c").
    return t(locale, "me.away-list", players=format_list(locale, players, "unit"))
