"""The answer of /game settings in the reader's language: the table's settings and its rules' timers. Pure."""

from __future__ import annotations

from engine.core.decisions import DecisionKind
from engine.core.timeouts import DAY, HOUR, MINUTE, RulesTimer, TimeoutRules, describe_seconds
from host.results import AfkPolicy, TableInfo
from i18n import ENGLISH, Locale, mark, t
from present import attention, buttons
from present.languages import language_name

# What each rules timer does when it runs out, by the kind of decision it times.
TIMER_EFFECT = {
    DecisionKind.REACTION: mark("settings.timer-reaction-effect"),
    DecisionKind.TURN: mark("settings.timer-turn-effect"),
}


def seconds_words(seconds: float, locale: Locale = ENGLISH) -> str:
    """A duration in plain words in `locale`: "30 minutes", "24 hours", "7 days" (days only from 2 days on)."""
    if locale == ENGLISH:
        return describe_seconds(seconds)
    for size in (DAY, HOUR, MINUTE):
        if seconds >= (2 * size if size == DAY else size) and seconds % size == 0:
            count = int(seconds // size)
            if size == DAY:
                return t(locale, "duration.days", n=count)
            return t(locale, "duration.hours", n=count) if size == HOUR else t(locale, "duration.minutes", n=count)
    return t(locale, "duration.seconds", n=round(seconds))


def _timer_name(kind: DecisionKind, timer: RulesTimer, locale: Locale) -> str:
    # In English the game's own name of the timer ("turn timer"); in another language the kind's.
    if locale == ENGLISH:
        return timer.name.capitalize()
    return t(locale, "settings.timer-reaction") if kind is DecisionKind.REACTION else t(locale, "settings.timer-turn")


def _timer_range(timer: RulesTimer, locale: Locale) -> str:
    span = t(locale, "settings.range", low=seconds_words(timer.minimum, locale),
             high=seconds_words(timer.maximum, locale))
    return t(locale, "settings.range-or-off", span=span) if timer.can_be_off else span


def timers_text(rules: TimeoutRules, seconds: dict[DecisionKind, float | None], locale: Locale = ENGLISH) -> str:
    """The rules' timers of a table: how long each waits (`seconds` by kind, None: off), and the range a host
    may set. Only the timers the game's rules define: a game without reaction windows shows none."""
    parts = []
    for kind, timer in ((DecisionKind.REACTION, rules.reaction), (DecisionKind.TURN, rules.decision)):
        if timer is None:
            continue
        wait = seconds.get(kind)
        now = t(locale, "settings.timer-off") if wait is None else t(
            locale, TIMER_EFFECT[kind], after=seconds_words(wait, locale))
        parts.append(t(locale, "settings.timer", name=_timer_name(kind, timer, locale), now=now,
                       allowed=_timer_range(timer, locale)))
    return " ".join(parts)


def settings_text(table: TableInfo, timers: str, locale: Locale = ENGLISH) -> str:
    """/game settings: undo, reminders, what happens to an absent player, the AI that takes a seat, the away
    rule and the channel's language, then the rules' `timers` (`timers_text`)."""
    s = table.settings
    if s.reminder_delay > 0:
        reminders = t(locale, "settings.reminders-every", minutes=f"{s.reminder_delay / 60:.0f}")
    else:
        reminders = t(locale, "settings.no-reminders")
    level = buttons.ai_level(s.afk_level, locale)
    match s.afk_policy:
        case AfkPolicy.AI:
            absent = t(locale, "settings.absent-ai", n=s.afk_after, level=level)
        case AfkPolicy.SKIP:
            absent = t(locale, "settings.absent-skip", n=s.afk_after)
        case _:
            absent = t(locale, "settings.absent-remind")
    head = t(locale, "settings.head", game_id=table.game_id,
             undo=t(locale, "settings.on") if s.undo else t(locale, "settings.off"), reminders=reminders,
             absent=absent, level=level, away=attention.away_policy_words(s.away, locale),
             language=language_name(s.language))
    return f"{head} {timers}".strip()
