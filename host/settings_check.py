"""The table settings a host may choose: each value in its range, the rules' timers in the rules' range."""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Mapping
from typing import Any

from engine.core.timeouts import TimeoutRules
from host.deadline_plan import DECISION_SETTING, REACTION_SETTING
from host.errors import InvalidSettings
from host.results import AfkPolicy, AiLevel, AwayPolicy, TableSettings

MAX_REMINDER_DELAY = 30 * 24 * 3600.0
# A language as Discord names them ("fr", "en-US", "zh-TW"); which ones have words is the front end's to say.
LANGUAGE_TAG = re.compile(r"[a-z]{2,3}(-[A-Za-z]{2,4})?")


def checked_settings(
    current: TableSettings, changes: Mapping[str, Any], timers: TimeoutRules | None = None
) -> TableSettings:
    """`current` with `changes`, every value checked (InvalidSettings says which is not); the rules' timers
    also against `timers` (the game's).

    Only the timers being changed are held to the rules' range: a value stored before the range
    was enforced still loads (and is clamped when deadlines are planned, host/deadline_plan.py).
    """
    known = {f.name for f in dataclasses.fields(TableSettings)}
    unknown = sorted(set(changes) - known)
    if unknown:
        raise InvalidSettings(f"Unknown setting {unknown[0]}. Settings: {', '.join(sorted(known))}.")
    try:
        merged = TableSettings.from_json({**current.to_json(), **changes})
    except (TypeError, ValueError):
        policies = ", ".join(p.value for p in AfkPolicy)
        levels = ", ".join(level.value for level in AiLevel)
        aways = ", ".join(a.value for a in AwayPolicy)
        raise InvalidSettings(
            f"Invalid setting value. The AFK policy is one of {policies}; the AI level one of {levels}; "
            f"away one of {aways}."
        ) from None
    if not 0 <= merged.reminder_delay <= MAX_REMINDER_DELAY:
        raise InvalidSettings("The reminder delay must be between 0 (off) and 30 days.")
    if not 0 <= merged.afk_after <= 20:
        raise InvalidSettings("The number of reminders before the AFK policy acts must be between 0 and 20.")
    if not 1 <= merged.max_reminders <= 50:
        raise InvalidSettings("The maximum number of reminders must be between 1 and 50.")
    if merged.reaction_timeout is not None and not 0 <= merged.reaction_timeout <= MAX_REMINDER_DELAY:
        raise InvalidSettings("The reaction timeout must be between 0 (wait forever) and 30 days.")
    if merged.decision_timeout is not None and not 0 <= merged.decision_timeout <= MAX_REMINDER_DELAY:
        raise InvalidSettings("The decision timeout must be between 0 (off) and 30 days.")
    if not LANGUAGE_TAG.fullmatch(merged.language):
        raise InvalidSettings("The language must be a language tag such as en or fr.")
    if timers is not None:
        _check_rules_timers(merged, changes, timers)
    return merged


def _check_rules_timers(merged: TableSettings, changes: Mapping[str, Any], timers: TimeoutRules) -> None:
    """Refuse a changed timer outside the range the game's rules allow (R-A36, R-V34, §12.4)."""
    checks = (
        (REACTION_SETTING, merged.reaction_timeout, timers.reaction, "reaction timeout"),
        (DECISION_SETTING, merged.decision_timeout, timers.decision, None),
    )
    for key, value, timer, label in checks:
        if key not in changes or value is None:
            continue
        if timer is None:
            raise InvalidSettings(
                "This game's rules have no turn timer: absent players follow the reminders and the AFK rule."
            )
        if not timer.allows(value):
            rule = f" ({timer.ruling})" if timer.ruling else ""
            raise InvalidSettings(
                f"In this game the {label or timer.name} must be from {timer.describe_range()}{rule}."
            )


def check_settings(settings: TableSettings, timers: TimeoutRules | None = None) -> TableSettings:
    """The settings if every value is in range (the timers also in the rules' range, given `timers`)."""
    return checked_settings(settings, {}, timers)


# -- rematch ---------------------------------------------------------------------------------
