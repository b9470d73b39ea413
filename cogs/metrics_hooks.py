"""The Discord layer's reports to host.metrics: how fast interactions get their first answer, and refusals.

Why this touches discord.py: it offers no hook for "this interaction was answered". Every first answer
goes through one of `InteractionResponse`'s methods (send_message, defer, edit_message, autocomplete,
send_modal), so those are wrapped here once, in this one module and nowhere else, and report to the
client's `AnswerClock`. The arrival is stamped by the bot's `dispatch`, when discord.py hands it over.
"""

from __future__ import annotations

import functools
import logging
import time
from collections.abc import Awaitable, Callable
from typing import Any

import discord
from discord.interactions import InteractionResponse

from host.metrics import Metrics, NoMetrics

log = logging.getLogger(__name__)

# The methods that can give an interaction its first response.
ANSWERS = ("send_message", "defer", "edit_message", "autocomplete", "send_modal")
# An arrival unanswered this long is forgotten: Discord drops an interaction not answered within 3 s.
FORGET_AFTER = 60.0

Answer = Callable[..., Awaitable[Any]]


class AnswerClock:
    """When each interaction arrived, until its first answer is reported to `metrics`."""

    def __init__(self, metrics: Metrics | None = None, clock: Callable[[], float] = time.monotonic) -> None:
        self.metrics: Metrics = metrics if metrics is not None else NoMetrics()
        self._clock = clock
        self._arrived: dict[int, float] = {}

    def arrived(self, interaction_id: int) -> None:
        """An interaction arrived now."""
        now = self._clock()
        if len(self._arrived) > 100:  # forget the ones never answered (dropped, or answered by followup only)
            self._arrived = {i: at for i, at in self._arrived.items() if now - at < FORGET_AFTER}
        self._arrived[interaction_id] = now

    def answered(self, interaction_id: int) -> None:
        """An interaction got an answer: the first one is timed, later ones are not."""
        at = self._arrived.pop(interaction_id, None)
        if at is not None:
            self.metrics.interaction_answered(self._clock() - at)

    @property
    def waiting(self) -> int:
        """How many interactions arrived without an answer yet."""
        return len(self._arrived)


def _timed(answer: Answer) -> Answer:
    @functools.wraps(answer)
    async def wrapper(self: InteractionResponse[Any], *args: Any, **kwargs: Any) -> Any:
        result = await answer(self, *args, **kwargs)
        interaction = self._parent
        clock = getattr(interaction.client, "answer_clock", None)
        if isinstance(clock, AnswerClock):
            clock.answered(interaction.id)
        return result

    wrapper.__gnomehost_timed__ = True  # type: ignore[attr-defined]  # marks a method already wrapped
    return wrapper


def install() -> None:
    """Time the first answer of every interaction (idempotent: each method is wrapped once)."""
    for name in ANSWERS:
        answer = getattr(InteractionResponse, name)
        if not getattr(answer, "__gnomehost_timed__", False):
            setattr(InteractionResponse, name, _timed(answer))


def count_refusal(interaction: discord.Interaction, error: BaseException) -> None:
    """Count one refusal of `error`'s kind in the client's metrics (if it has any)."""
    metrics = getattr(interaction.client, "metrics", None)
    if metrics is not None:
        metrics.refused(type(error).__name__)
