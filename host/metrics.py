"""What an operator can watch: counters and timings the service reports, and gauges read when scraped.

The service and the Discord layer call a `Metrics` object (`move_applied`, `refused`, ...). The default,
`NoMetrics`, does nothing, so a bot without METRICS_PORT and every test that does not care pay nothing.
`PrometheusMetrics` records into its own `CollectorRegistry` (never prometheus_client's global one: two
services in one process, as in the tests, must not share counters).

Gauges that describe current state (outbox backlog, games in memory, shard leases, the change feed) are
not updated on every change: their owners register a probe (`watch_*`) and the values are read when
someone scrapes. The outbox is read from the store, which is asynchronous, so a scrape first awaits
`refresh()` (host.metrics_server does) and the collector then reports what that read found.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Protocol

from prometheus_client import CollectorRegistry, Counter, Histogram
from prometheus_client.core import GaugeMetricFamily, Metric

from db.rows import OutboxRow
from db.store import Store

log = logging.getLogger(__name__)

# The delivery queues of host.outbox: "channel:<id>" (a channel or thread) and "user:<id>" (one user's DMs).
QUEUE_KINDS = ("channel", "user")
# Interaction answers: Discord gives up after 3 s, so the buckets are fine below it.
ANSWER_BUCKETS = (0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.0, 3.0, 5.0)
# AI decisions: quick levels take milliseconds, the hard one about its 1 s budget.
AI_BUCKETS = (0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 1.5, 2.5, 5.0)
# Store writes: a local SQLite commit takes milliseconds, a PostgreSQL one over the network a few more.
WRITE_BUCKETS = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5)


@dataclass(frozen=True, slots=True)
class QueueBacklog:
    """Undelivered messages of one kind of queue: how many queues wait, and the age of the oldest message."""

    queues: int
    oldest_seconds: float


OutboxProbe = Callable[[], Awaitable[Mapping[str, QueueBacklog]]]
CountProbe = Callable[[], int]
FlagProbe = Callable[[], bool]


class Metrics(Protocol):
    """Where the service and the Discord layer report what happened."""

    def move_applied(self, game: str, count: int = 1) -> None:
        """`count` moves of a `game` table were stored."""

    def refused(self, kind: str) -> None:
        """A user's action was refused; `kind` names the refusal (e.g. NotYourTurn)."""

    def interaction_answered(self, seconds: float) -> None:
        """An interaction got its first response `seconds` after it arrived."""

    def delivery_failed(self, reason: str) -> None:
        """A message could not be delivered this time; `reason` is one of a few fixed words."""

    def ai_decided(self, game: str, level: str, seconds: float) -> None:
        """An AI seat of `level` took `seconds` to decide in a `game` table."""

    def store_written(self, seconds: float) -> None:
        """A batch of moves took `seconds` to be committed to the store."""

    def watch_outbox(self, probe: OutboxProbe) -> None:
        """Read the outbox backlog with `probe` when scraped."""

    def watch_games(self, probe: CountProbe) -> None:
        """Read how many games are held in memory with `probe` when scraped."""

    def watch_leases(self, probe: CountProbe) -> None:
        """Read how many shard leases this process holds with `probe` when scraped."""

    def watch_feed(self, probe: FlagProbe) -> None:
        """Read whether the change feed is listening with `probe` when scraped."""

    async def refresh(self) -> None:
        """Read the probes that need the event loop (the outbox), before a scrape."""


class NoMetrics:
    """Metrics that go nowhere: the default when no metrics endpoint is configured."""

    def move_applied(self, game: str, count: int = 1) -> None:
        """Nothing to record."""

    def refused(self, kind: str) -> None:
        """Nothing to record."""

    def interaction_answered(self, seconds: float) -> None:
        """Nothing to record."""

    def delivery_failed(self, reason: str) -> None:
        """Nothing to record."""

    def ai_decided(self, game: str, level: str, seconds: float) -> None:
        """Nothing to record."""

    def store_written(self, seconds: float) -> None:
        """Nothing to record."""

    def watch_outbox(self, probe: OutboxProbe) -> None:
        """Nothing to watch."""

    def watch_games(self, probe: CountProbe) -> None:
        """Nothing to watch."""

    def watch_leases(self, probe: CountProbe) -> None:
        """Nothing to watch."""

    def watch_feed(self, probe: FlagProbe) -> None:
        """Nothing to watch."""

    async def refresh(self) -> None:
        """Nothing to read."""


class PrometheusMetrics:
    """Metrics in the Prometheus text format, in a registry of their own (`registry`)."""

    def __init__(self, registry: CollectorRegistry | None = None) -> None:
        self.registry = registry if registry is not None else CollectorRegistry()
        self._moves = Counter("gnomehost_moves_applied", "Moves stored, by game.", ["game"], registry=self.registry)
        self._refusals = Counter(
            "gnomehost_refusals", "User actions refused, by kind of refusal.", ["kind"], registry=self.registry
        )
        self._answers = Histogram(
            "gnomehost_interaction_answer_seconds",
            "Time from an interaction's arrival to its first response.",
            buckets=ANSWER_BUCKETS,
            registry=self.registry,
        )
        self._failed = Counter(
            "gnomehost_deliveries_failed", "Delivery attempts that failed, by reason.", ["reason"],
            registry=self.registry,
        )
        self._ai = Histogram(
            "gnomehost_ai_decision_seconds", "Time an AI seat took to decide, by game and level.", ["game", "level"],
            buckets=AI_BUCKETS, registry=self.registry,
        )
        self._writes = Histogram(
            "gnomehost_store_write_seconds", "Time to commit one batch of moves to the store.",
            buckets=WRITE_BUCKETS, registry=self.registry,
        )
        self.state = StateCollector()
        self.registry.register(self.state)

    def move_applied(self, game: str, count: int = 1) -> None:
        """Count `count` moves of `game`."""
        self._moves.labels(game=game).inc(count)

    def refused(self, kind: str) -> None:
        """Count one refusal of `kind`."""
        self._refusals.labels(kind=kind).inc()

    def interaction_answered(self, seconds: float) -> None:
        """Record one interaction's answer time."""
        self._answers.observe(max(seconds, 0.0))

    def delivery_failed(self, reason: str) -> None:
        """Count one failed delivery attempt for `reason`."""
        self._failed.labels(reason=reason).inc()

    def ai_decided(self, game: str, level: str, seconds: float) -> None:
        """Record one AI decision's time."""
        self._ai.labels(game=game, level=level).observe(max(seconds, 0.0))

    def store_written(self, seconds: float) -> None:
        """Record one store write's time."""
        self._writes.observe(max(seconds, 0.0))

    def watch_outbox(self, probe: OutboxProbe) -> None:
        """Report the outbox backlog `probe` reads (at each `refresh`)."""
        self.state.outbox_probe = probe

    def watch_games(self, probe: CountProbe) -> None:
        """Report the number of games in memory `probe` returns."""
        self.state.games = probe

    def watch_leases(self, probe: CountProbe) -> None:
        """Report the number of shard leases `probe` returns."""
        self.state.leases = probe

    def watch_feed(self, probe: FlagProbe) -> None:
        """Report whether the change feed listens, as `probe` says."""
        self.state.feed = probe

    async def refresh(self) -> None:
        """Read the outbox backlog now; a failed read reports no outbox gauges rather than stale ones."""
        probe = self.state.outbox_probe
        if probe is None:
            return
        try:
            self.state.outbox = dict(await probe())
        except Exception:
            # The store may be closing, or the database unreachable: that shows in the logs and the gap.
            log.warning("could not read the outbox backlog for a metrics scrape", exc_info=True)
            self.state.outbox = None


class StateCollector:
    """The gauges read at scrape time from the probes the service and the bot registered."""

    def __init__(self) -> None:
        self.outbox_probe: OutboxProbe | None = None
        self.outbox: dict[str, QueueBacklog] | None = None
        self.games: CountProbe | None = None
        self.leases: CountProbe | None = None
        self.feed: FlagProbe | None = None

    def collect(self) -> Iterable[Metric]:
        """The current values of every watched gauge (a gauge nobody watches is left out)."""
        if self.outbox is not None:
            backlog = GaugeMetricFamily(
                "gnomehost_outbox_backlog", "Delivery queues holding undelivered messages, by queue kind.",
                labels=["kind"],
            )
            oldest = GaugeMetricFamily(
                "gnomehost_outbox_oldest_undelivered_seconds",
                "Age of the oldest undelivered message, by queue kind (0 when none waits).",
                labels=["kind"],
            )
            for kind in QUEUE_KINDS:
                found = self.outbox.get(kind, QueueBacklog(0, 0.0))
                backlog.add_metric([kind], found.queues)
                oldest.add_metric([kind], found.oldest_seconds)
            yield backlog
            yield oldest
        if self.games is not None:
            yield GaugeMetricFamily("gnomehost_games_live", "Games held in memory.", value=self.games())
        if self.leases is not None:
            yield GaugeMetricFamily(
                "gnomehost_shard_leases_held", "Shard leases this process holds.", value=self.leases()
            )
        if self.feed is not None:
            yield GaugeMetricFamily(
                "gnomehost_change_feed_listening",
                "1 while the PostgreSQL change feed listens, 0 while it does not.",
                value=1.0 if self.feed() else 0.0,
            )


def backlog_of(heads: Iterable[OutboxRow], now: float) -> dict[str, QueueBacklog]:
    """The backlog by queue kind, from the oldest undelivered message of every queue."""
    queues: dict[str, int] = {}
    oldest: dict[str, float] = {}
    for head in heads:
        kind = head.queue.split(":", 1)[0]
        queues[kind] = queues.get(kind, 0) + 1
        oldest[kind] = max(oldest.get(kind, 0.0), now - head.created_at)
    return {kind: QueueBacklog(count, max(oldest[kind], 0.0)) for kind, count in queues.items()}


def outbox_probe(store: Store, clock: Callable[[], float]) -> OutboxProbe:
    """A probe reading the backlog of the queues `store` hands this process (a sharded store: its own)."""

    async def probe() -> Mapping[str, QueueBacklog]:
        return backlog_of(await store.queue_heads(), clock())

    return probe
