"""The metrics an operator scrapes: what the service counts and times, and the gauges read at scrape time."""

from __future__ import annotations

import socket
from collections.abc import Mapping

import aiohttp
import pytest
from prometheus_client import generate_latest

from db.rows import OutboxRow
from engine.core.rng import Rng
from host.metrics import NoMetrics, PrometheusMetrics, QueueBacklog, backlog_of
from host.metrics_server import MetricsServer
from host.notifier import RecordingNotifier, RetryLater, Undeliverable
from host.service import TableService
from tests.host import toygame
from tests.host.conftest import ALICE, HOST, FakeClock, open_service, play_one, started
from tests.host.test_outbox import Outage


def value(metrics: PrometheusMetrics, name: str, **labels: str) -> float:
    """One sample's value (0 when it was never recorded)."""
    found = metrics.registry.get_sample_value(name, labels)
    return 0.0 if found is None else found


def test_reports_land_in_the_counters_and_histograms_of_their_own_registry() -> None:
    metrics, other = PrometheusMetrics(), PrometheusMetrics()
    metrics.move_applied("vendetta", 3)
    metrics.move_applied("vendetta")
    metrics.refused("NotYourTurn")
    metrics.delivery_failed("retry_later")
    metrics.interaction_answered(0.2)
    metrics.ai_decided("associates", "hard", 1.1)
    metrics.store_written(0.004)
    assert value(metrics, "gnomehost_moves_applied_total", game="vendetta") == 4
    assert value(metrics, "gnomehost_refusals_total", kind="NotYourTurn") == 1
    assert value(metrics, "gnomehost_deliveries_failed_total", reason="retry_later") == 1
    assert value(metrics, "gnomehost_interaction_answer_seconds_count") == 1
    assert value(metrics, "gnomehost_interaction_answer_seconds_bucket", le="0.25") == 1
    assert value(metrics, "gnomehost_interaction_answer_seconds_bucket", le="0.1") == 0
    assert value(metrics, "gnomehost_ai_decision_seconds_sum", game="associates", level="hard") == pytest.approx(1.1)
    assert value(metrics, "gnomehost_store_write_seconds_count") == 1
    # A second bot (or test) in the same process counts apart.
    assert value(other, "gnomehost_moves_applied_total", game="vendetta") == 0


async def test_state_gauges_are_read_from_their_probes_when_scraped() -> None:
    metrics = PrometheusMetrics()
    games, leases, listening = [2], [1], [True]
    metrics.watch_games(lambda: games[0])
    metrics.watch_leases(lambda: leases[0])
    metrics.watch_feed(lambda: listening[0])

    async def outbox() -> Mapping[str, QueueBacklog]:
        return {"channel": QueueBacklog(3, 12.5)}

    metrics.watch_outbox(outbox)
    await metrics.refresh()
    assert value(metrics, "gnomehost_games_live") == 2
    assert value(metrics, "gnomehost_shard_leases_held") == 1
    assert value(metrics, "gnomehost_change_feed_listening") == 1
    assert value(metrics, "gnomehost_outbox_backlog", kind="channel") == 3
    assert value(metrics, "gnomehost_outbox_oldest_undelivered_seconds", kind="channel") == 12.5
    assert metrics.registry.get_sample_value("gnomehost_outbox_backlog", {"kind": "user"}) == 0
    games[0], leases[0], listening[0] = 5, 0, False
    assert value(metrics, "gnomehost_games_live") == 5
    assert value(metrics, "gnomehost_shard_leases_held") == 0
    assert value(metrics, "gnomehost_change_feed_listening") == 0


def test_a_gauge_nobody_watches_is_left_out_of_the_scrape() -> None:
    text = generate_latest(PrometheusMetrics().registry).decode()
    for name in ("gnomehost_outbox_backlog", "gnomehost_games_live", "gnomehost_shard_leases_held",
                 "gnomehost_change_feed_listening"):
        assert name not in text


async def test_a_failed_outbox_read_leaves_the_outbox_gauges_out_instead_of_stale_values() -> None:
    metrics = PrometheusMetrics()
    fail = [False]

    async def outbox() -> Mapping[str, QueueBacklog]:
        if fail[0]:
            raise ConnectionError("the database went away")
        return {"user": QueueBacklog(1, 1.0)}

    metrics.watch_outbox(outbox)
    await metrics.refresh()
    assert value(metrics, "gnomehost_outbox_backlog", kind="user") == 1
    fail[0] = True
    await metrics.refresh()
    assert metrics.registry.get_sample_value("gnomehost_outbox_backlog", {"kind": "user"}) is None


def _head(row_id: int, queue: str, created_at: float) -> OutboxRow:
    return OutboxRow(row_id, 1, queue, "table", {}, "pending", 0, created_at, None, created_at)


def test_the_backlog_counts_waiting_queues_by_kind_with_the_oldest_message_age() -> None:
    heads = [_head(1, "channel:7", 90.0), _head(2, "user:5", 95.0), _head(3, "channel:8", 99.0)]
    assert backlog_of(heads, 100.0) == {"channel": QueueBacklog(2, 10.0), "user": QueueBacklog(1, 5.0)}
    assert backlog_of([], 100.0) == {}


async def test_the_service_counts_every_stored_move_by_game_and_times_its_writes(store_url: str) -> None:
    metrics = PrometheusMetrics()
    svc = await open_service(store_url, metrics=metrics)
    try:
        result = await started(svc, [HOST, ALICE], ais=1)
        rng = Rng(7)
        for _ in range(3):
            await play_one(svc, result.game_id, rng)
        stored = await svc.store.list_actions(result.game_id)
        assert len(stored) > 0
        assert value(metrics, "gnomehost_moves_applied_total", game="dash") == len(stored)
        assert value(metrics, "gnomehost_store_write_seconds_count") >= 1
        assert value(metrics, "gnomehost_ai_decision_seconds_count", game="dash", level="normal") == sum(
            row.source == "ai" for row in stored
        ) > 0
        assert value(metrics, "gnomehost_games_live") >= 1
    finally:
        await svc.close()


async def test_the_outbox_gauges_show_what_waits_and_for_how_long(store_url: str) -> None:
    clock = FakeClock()
    metrics = PrometheusMetrics()
    # The plain service, as the bot runs it: nothing is delivered until its sender runs.
    svc = await TableService.open(store_url, RecordingNotifier(), clock=clock, games=toygame.resolve,
                                  game_names=toygame.names, synchronous="NORMAL", metrics=metrics)
    try:
        await started(svc, [HOST, ALICE])
        clock.advance(30.0)
        await metrics.refresh()
        assert value(metrics, "gnomehost_outbox_backlog", kind="channel") == 1
        assert value(metrics, "gnomehost_outbox_backlog", kind="user") == 2
        assert value(metrics, "gnomehost_outbox_oldest_undelivered_seconds", kind="channel") == 30.0
        await svc.deliver()
        await metrics.refresh()
        assert value(metrics, "gnomehost_outbox_backlog", kind="channel") == 0
        assert value(metrics, "gnomehost_outbox_oldest_undelivered_seconds", kind="user") == 0
    finally:
        await svc.close()


@pytest.mark.parametrize(
    "error,reason",
    [
        (Undeliverable("missing permissions (50013)"), "undeliverable"),
        (RetryLater("Discord answered 500"), "retry_later"),
    ],
)
async def test_a_failed_delivery_is_counted_by_reason(store_url: str, error: Exception, reason: str) -> None:
    clock = FakeClock()
    notifier = RecordingNotifier()
    metrics = PrometheusMetrics()
    svc = await open_service(store_url, notifier, clock, metrics=metrics)
    try:
        notifier.fault = Outage(clock, until=clock.now + 1e9, error=error)
        await started(svc, [HOST, ALICE])
        assert value(metrics, "gnomehost_deliveries_failed_total", reason=reason) >= 1
    finally:
        await svc.close()


async def test_the_endpoint_serves_the_registry_until_stopped() -> None:
    metrics = PrometheusMetrics()
    metrics.move_applied("dash", 2)
    server = MetricsServer(metrics, "127.0.0.1", 0)
    await server.start()
    url = f"http://127.0.0.1:{server.port}/metrics"
    try:
        async with aiohttp.ClientSession() as session, session.get(url) as response:
            assert response.status == 200
            assert response.headers["Content-Type"].startswith("text/plain; version=0.0.4")
            assert 'gnomehost_moves_applied_total{game="dash"} 2.0' in await response.text()
    finally:
        await server.stop()
    await server.stop()  # idempotent
    with pytest.raises(aiohttp.ClientConnectionError):
        async with aiohttp.ClientSession() as session, session.get(url):
            pass


async def test_the_endpoint_refuses_a_port_already_in_use_with_an_oserror() -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        server = MetricsServer(PrometheusMetrics(), "127.0.0.1", int(taken.getsockname()[1]))
        with pytest.raises(OSError):
            await server.start()
    await server.stop()  # nothing to stop


async def test_without_metrics_the_service_reports_to_nothing(store_url: str) -> None:
    svc = await open_service(store_url)
    try:
        assert isinstance(svc._committer.metrics, NoMetrics)
        assert isinstance(svc._sender.metrics, NoMetrics)
    finally:
        await svc.close()
