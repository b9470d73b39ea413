"""The words of "your turn" messages that follow a player's own settings (/me notify, /me quiet), and of the
reminders a table sends, in the reader's language. Pure."""

from __future__ import annotations

import logging
from collections.abc import Sequence

from host.results import PendingPlayer, Recap, Reminder, TableInfo
from i18n import ENGLISH, Locale, t
from present import panel_words, text
from present import recap as recap_words

log = logging.getLogger(__name__)

# The most games one catch-up names; the rest are counted (a message has at most 2,000 characters).
MAX_CATCH_UP_GAMES = 10


def direct_nudge(title: str, channel_id: int, message: str, locale: Locale = ENGLISH) -> str:
    """A reminder or "your turn" sent by DM: which game, where it is played, what it waits for."""
    return t(locale, "nudge.direct", title=title, channel=f"<#{channel_id}>", message=message)


def channel_nudge(message: str) -> str:
    """A reminder or "your turn" mentioning the player in the game's channel (the mention goes in front)."""
    return message


def your_turn(prompt: str, locale: Locale = ENGLISH) -> str:
    """A decision that just became the player's, told by DM (`prompt` says what it is)."""
    return t(locale, "nudge.your-turn", prompt=prompt.rstrip("."))


def catch_up(games: Sequence[tuple[str, int]], locale: Locale = ENGLISH) -> str:
    """The one message a player gets when their quiet hours end: every game (title, channel) waiting for them."""
    shown = [t(locale, "catch-up.game", title=title, channel=f"<#{channel}>")
             for title, channel in games[:MAX_CATCH_UP_GAMES]]
    more = len(games) - len(shown)
    if more > 0:
        shown.append(t(locale, "catch-up.more", n=more))
    return "\n".join([t(locale, "catch-up.heading", n=len(games)), *shown])


def reminder_text(prompt: str, reminder: Reminder, locale: Locale = ENGLISH) -> str:
    """A reminder to a pending player (their mention goes in front): what the game waits for, then what happens
    if they stay away (the rules' default at a deadline, or the table's away rule after more reminders)."""
    head = t(locale, "reminder.waiting", prompt=prompt.rstrip("."))
    tail = _reminder_tail(reminder, locale)
    return f"{head} {tail}" if tail else head


def _reminder_tail(reminder: Reminder, locale: Locale) -> str:
    if reminder.rules_due is not None:
        # A Discord timestamp: each reader sees the moment in their own clock, and how far off it is.
        due = int(reminder.rules_due)
        return t(locale, "reminder.rules-default", date=f"<t:{due}:f>", relative=f"<t:{due}:R>")
    if reminder.left is None:
        return ""
    ai = reminder.then == "ai"
    if reminder.left == 0:
        return t(locale, "reminder.last-ai") if ai else t(locale, "reminder.last-skip")
    return t(locale, "reminder.left-ai", n=reminder.left) if ai else t(locale, "reminder.left-skip", n=reminder.left)


def away_policy_words(policy: str, locale: Locale = ENGLISH) -> str:
    """The table's `away` setting in words, for the settings answer."""
    if policy == "ai":
        return t(locale, "away-policy.ai")
    return t(locale, "away-policy.wait")


def nudge_text(table: TableInfo, turn: PendingPlayer, reminder: Reminder | None, recap: Recap | None,
               locale: Locale = ENGLISH) -> str:
    """A player's "your turn" (or a `reminder` of it) in `locale`, told by DM with their `recap` when given: the
    prompt said from the game's catalog where the engine gave it as a phrase."""
    prompt = panel_words.choice_label(turn.prompt, turn.said, table.game_name, locale)
    message = reminder_text(prompt, reminder, locale) if reminder is not None else your_turn(prompt, locale)
    if recap is None:
        return message
    names = text.player_names(table, recap.frames[-1].public_view, locale)
    told = recap_words.recap_text(recap, recap_words.Reader(names, table.game_name, locale))
    return recap_words.with_recap(message, told)
