"""What a game's rules say about running out of time: which decisions have a timer, and its range.

The engine only describes the timers; the host keeps the clock. On expiry the host plays the game's
`timeout_action` for the timed decision, whatever the table's AFK policy does for ordinary turns.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.core.decisions import DecisionKind

MINUTE = 60.0
HOUR = 3600.0
DAY = 86400.0


def describe_seconds(seconds: float) -> str:
    """A duration in plain words: "30 minutes", "24 hours", "7 days", "1 minute", "90 minutes"."""
    # Days only from 2 days on: the rules speak of "24 hours", not "1 day".
    for size, unit in ((DAY, "day"), (HOUR, "hour"), (MINUTE, "minute")):
        if seconds >= (2 * size if size == DAY else size) and seconds % size == 0:
            count = int(seconds // size)
            return f"{count} {unit}{'' if count == 1 else 's'}"
    count = round(seconds)
    return f"{count} second{'' if count == 1 else 's'}"


@dataclass(frozen=True, slots=True)
class RulesTimer:
    """One timer the rules define: its default, its allowed range, and whether it may be turned off.

    Durations are in seconds; `default` None means the timer is off unless the table turns it on.
    `name` is what players call it ("reaction window", "turn timer"); `ruling` names the rule.
    """

    name: str
    default: float | None
    minimum: float
    maximum: float
    can_be_off: bool
    ruling: str = ""

    def __post_init__(self) -> None:
        if not 0 < self.minimum <= self.maximum:
            raise ValueError(f"{self.name}: the range must satisfy 0 < minimum <= maximum")
        if self.default is None and not self.can_be_off:
            raise ValueError(f"{self.name}: a timer that cannot be off needs a default")
        if self.default is not None and not self.minimum <= self.default <= self.maximum:
            raise ValueError(f"{self.name}: the default lies outside the range")

    def allows(self, seconds: float) -> bool:
        """Whether a table may set this value (0 = off)."""
        if seconds == 0:
            return self.can_be_off
        return self.minimum <= seconds <= self.maximum

    def effective(self, setting: float | None) -> float | None:
        """The seconds the host waits for a table `setting` (None = the rules' default, 0 = off); None = off.

        A stored value outside the range (saved before the range was enforced) is clamped into it;
        "off" where the rules forbid it becomes the longest wait they allow.
        """
        if setting is None:
            return self.default
        if setting <= 0:
            return None if self.can_be_off else self.maximum
        return min(max(setting, self.minimum), self.maximum)

    def describe_range(self) -> str:
        """The allowed values in plain words, e.g. "1 minute to 24 hours" or "1 minute to 7 days, or 0 for off"."""
        span = f"{describe_seconds(self.minimum)} to {describe_seconds(self.maximum)}"
        return span + (", or 0 for off" if self.can_be_off else "")


@dataclass(frozen=True, slots=True)
class TimeoutRules:
    """A game's timers: one for reaction windows, one for every other pending decision (None = no rule)."""

    reaction: RulesTimer | None = None
    decision: RulesTimer | None = None

    def for_kind(self, kind: DecisionKind) -> RulesTimer | None:
        """The timer that governs a pending decision of this kind, if the rules define one."""
        return self.reaction if kind == DecisionKind.REACTION else self.decision


NO_TIMEOUT_RULES = TimeoutRules()
