"""The Discord layer's metrics: interaction answer times (first answer only) and refusals by kind."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest
from discord.interactions import InteractionResponse

from cogs.metrics_hooks import ANSWERS, AnswerClock, _timed, count_refusal, install
from host.errors import NotYourTurn
from host.metrics import PrometheusMetrics


class FakeClock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def answers(metrics: PrometheusMetrics) -> tuple[float, float]:
    count = metrics.registry.get_sample_value("gnomehost_interaction_answer_seconds_count") or 0.0
    total = metrics.registry.get_sample_value("gnomehost_interaction_answer_seconds_sum") or 0.0
    return count, total


def test_only_the_first_answer_of_an_arrived_interaction_is_timed() -> None:
    metrics, clock = PrometheusMetrics(), FakeClock()
    answer_clock = AnswerClock(metrics, clock)
    answer_clock.arrived(1)
    clock.now += 0.4
    answer_clock.answered(1)
    answer_clock.answered(1)  # a later edit of the same interaction
    answer_clock.answered(2)  # never seen arriving (e.g. a direct call in a test)
    count, total = answers(metrics)
    assert count == 1 and total == pytest.approx(0.4)
    assert answer_clock.waiting == 0


def test_arrivals_never_answered_are_forgotten() -> None:
    clock = FakeClock()
    answer_clock = AnswerClock(PrometheusMetrics(), clock)
    for interaction_id in range(150):
        answer_clock.arrived(interaction_id)
    clock.now += 61.0
    answer_clock.arrived(999)
    assert answer_clock.waiting <= 100


async def test_a_wrapped_response_method_reports_to_its_clients_answer_clock() -> None:
    metrics, clock = PrometheusMetrics(), FakeClock()
    answer_clock = AnswerClock(metrics, clock)
    calls: list[str] = []

    async def defer(self: Any, *, thinking: bool = False) -> str:
        calls.append("defer")
        return "deferred"

    interaction = SimpleNamespace(id=7, client=SimpleNamespace(answer_clock=answer_clock))
    response: Any = SimpleNamespace(_parent=interaction)
    answer_clock.arrived(7)
    clock.now += 0.25
    assert await _timed(defer)(response, thinking=True) == "deferred"
    assert calls == ["defer"] and answers(metrics) == (1.0, 0.25)


def test_install_wraps_each_answer_method_once() -> None:
    install()
    wrapped = [getattr(InteractionResponse, name) for name in ANSWERS]
    install()
    assert [getattr(InteractionResponse, name) for name in ANSWERS] == wrapped
    assert all(getattr(method, "__gnomehost_timed__", False) for method in wrapped)


def test_a_refusal_is_counted_by_its_kind() -> None:
    metrics = PrometheusMetrics()
    interaction: Any = SimpleNamespace(client=SimpleNamespace(metrics=metrics))
    count_refusal(interaction, NotYourTurn("alice"))
    assert metrics.registry.get_sample_value("gnomehost_refusals_total", {"kind": "NotYourTurn"}) == 1
