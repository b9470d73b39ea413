"""Each user's own settings (/me): time zone, daily quiet hours, how "your turn" reaches them, vacation.

Given only the store (the watched one, so a store that is away is one refusal) and the clock. Reads what the
user typed (a clock time, a date in their zone), checks it, and stores the new row; refusals are
`PlayerSettingRefused` with a message the user can read.
"""

from __future__ import annotations

import dataclasses
import logging
import re
from collections.abc import Callable, Collection
from datetime import date, datetime, time, timedelta

from db.store import NOTIFY_WAYS, PlayerRow, Store
from host import quiet
from host.errors import HostError

log = logging.getLogger(__name__)

Clock = Callable[[], float]

# A vacation set further ahead than this is almost surely a typo (a year off); the player can renew it.
MAX_AWAY_DAYS = 90
_CLOCK_TIME = re.compile(r"^\s*(\d{1,2})[:.h](\d{2})\s*$")
_DATE = re.compile(r"^\s*(\d{4})-(\d{1,2})-(\d{1,2})\s*$")
OFF_WORDS = frozenset({"off", "none", "no", "-"})


class PlayerSettingRefused(HostError):
    """A /me setting that cannot be stored as typed (unknown zone, bad clock time or date)."""

    code = "H_PLAYER_SETTING"


def parse_clock_time(text: str) -> int:
    """Minutes after midnight of a typed "HH:MM" (24-hour clock); refuses anything else."""
    match = _CLOCK_TIME.match(text)
    if match is None:
        raise PlayerSettingRefused(f"“{text.strip()[:20]}” is not a time: write it as HH:MM, for example 22:30.")
    hour, minute = int(match[1]), int(match[2])
    if hour > 23 or minute > 59:
        raise PlayerSettingRefused(f"“{text.strip()[:20]}” is not a time of day: hours go 00-23, minutes 00-59.")
    return hour * 60 + minute


def is_off(text: str) -> bool:
    """Whether the player typed a word meaning "none" (off, none, no, -)."""
    return text.strip().casefold() in OFF_WORDS


def parse_date(text: str) -> date:
    """A typed calendar date "YYYY-MM-DD"; refuses anything else."""
    match = _DATE.match(text)
    if match is not None:
        try:
            return date(int(match[1]), int(match[2]), int(match[3]))
        except ValueError:
            pass
    raise PlayerSettingRefused(f"“{text.strip()[:20]}” is not a date: write it as YYYY-MM-DD, for example 2026-12-24.")


class Players:
    """Reads and changes users' own settings; one row per user, the same on every server."""

    def __init__(self, store: Store, clock: Clock) -> None:
        self._store = store
        self._clock = clock
        # The language last seen from each user, as stored: a click in the same language writes nothing.
        self._locales: dict[int, str | None] = {}

    async def seen_locale(self, user_id: int, locale: str) -> bool:
        """Remember the language tag the user's client sent (Discord's, e.g. "fr"); True when it was stored,
        False when it is the one already known (then nothing is read or written)."""
        if user_id not in self._locales:
            row = await self._store.get_player(user_id)
            self._locales[user_id] = row.locale if row is not None else None
        if self._locales[user_id] == locale:
            return False
        await self._store.set_player_locale(user_id, locale, self._clock())
        self._locales[user_id] = locale
        log.info("user %s is seen in the language %s", user_id, locale)
        return True

    async def locale_of(self, user_id: int) -> str | None:
        """The language tag last seen from the user (None: never seen); their DMs are written in it."""
        if user_id not in self._locales:
            row = await self._store.get_player(user_id)
            self._locales[user_id] = row.locale if row is not None else None
        return self._locales[user_id]

    async def settings(self, user_id: int) -> PlayerRow:
        """The user's settings (the defaults when they never chose any)."""
        row = await self._store.get_player(user_id)
        return row if row is not None else PlayerRow(user_id=user_id)

    async def away_until(self, user_ids: Collection[int]) -> dict[int, float]:
        """When the vacation of each of these users who is away now ends (epoch seconds), by user id."""
        now = self._clock()
        rows = await self._store.get_players(user_ids)
        return {uid: row.away_until for uid, row in rows.items() if row.away_until is not None and row.away_until > now}

    async def _save(self, row: PlayerRow, what: str) -> PlayerRow:
        row = dataclasses.replace(row, updated_at=self._clock())
        await self._store.put_player(row)
        log.info("user %s changed their %s", row.user_id, what)
        return row

    async def set_timezone(self, user_id: int, zone: str) -> PlayerRow:
        """Store the user's IANA time zone; refuses a name this machine does not know."""
        name = zone.strip()
        if not quiet.is_zone(name):
            raise PlayerSettingRefused(
                f"“{name[:40]}” is not a time zone I know: pick one from the list, for example Europe/Berlin.")
        return await self._save(dataclasses.replace(await self.settings(user_id), timezone=name), "time zone")

    async def set_quiet(self, user_id: int, start: str, end: str) -> PlayerRow:
        """Store daily quiet hours typed as HH:MM (either typed as "off" turns them off)."""
        if is_off(start) or is_off(end):
            return await self._save(dataclasses.replace(await self.settings(user_id), quiet_from=None, quiet_to=None),
                                    "quiet hours")
        first, last = parse_clock_time(start), parse_clock_time(end)
        if first == last:
            raise PlayerSettingRefused("Quiet hours need to start and end at different times.")
        return await self._save(dataclasses.replace(await self.settings(user_id), quiet_from=first, quiet_to=last),
                                "quiet hours")

    async def set_notify(self, user_id: int, how: str) -> PlayerRow:
        """Store how "your turn" reaches the user: one of NOTIFY_WAYS."""
        if how not in NOTIFY_WAYS:
            raise PlayerSettingRefused(f"Choose one of: {', '.join(NOTIFY_WAYS)}.")
        return await self._save(dataclasses.replace(await self.settings(user_id), notify=how), "notify way")

    async def set_away(self, user_id: int, until: str) -> PlayerRow:
        """Store a vacation lasting until the start of the typed date in the user's own zone."""
        day = parse_date(until)
        row = await self.settings(user_id)
        ends = datetime.combine(day, time(0, 0), quiet.zone_of(row)).timestamp()
        now = self._clock()
        if ends <= now:
            raise PlayerSettingRefused("That date has already begun where you are: choose a later one.")
        if ends > now + timedelta(days=MAX_AWAY_DAYS).total_seconds():
            raise PlayerSettingRefused(f"A vacation can be set at most {MAX_AWAY_DAYS} days ahead.")
        return await self._save(dataclasses.replace(row, away_until=ends), "vacation")

    async def set_stats_hidden(self, user_id: int, hidden: bool) -> PlayerRow:
        """Leave the user's turn times out of the server stats' slowest and fastest lists (or show them)."""
        return await self._save(dataclasses.replace(await self.settings(user_id), stats_hidden=hidden), "stats setting")

    async def set_back(self, user_id: int) -> PlayerRow:
        """End the user's vacation now."""
        return await self._save(dataclasses.replace(await self.settings(user_id), away_until=None), "vacation")
