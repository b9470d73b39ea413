"""A bot on PostgreSQL reports its shard leases and whether its change feed listens (read when scraped)."""

from __future__ import annotations

from app.settings import parse_settings
from app.store_process import LeasedStoreProcess
from cogs.sharding import build_bot
from db.changes import PostgresFeed, SilentFeed, listen_game_changes
from db.url import open_store
from host.metrics import PrometheusMetrics


def gauge(metrics: PrometheusMetrics, name: str) -> float | None:
    return metrics.registry.get_sample_value(name)


async def test_a_postgresql_bot_reports_its_leases_and_a_listening_feed_until_it_closes(pg_url: str) -> None:
    bot = build_bot(parse_settings({"DISCORD_TOKEN": "t", "DATABASE_URL": pg_url}))
    assert isinstance(bot.process, LeasedStoreProcess)
    metrics = PrometheusMetrics()
    bot.use_metrics(metrics)
    service = await bot.open_service()
    try:
        assert gauge(metrics, "gnomehost_shard_leases_held") == 1
        assert gauge(metrics, "gnomehost_change_feed_listening") == 1
        assert gauge(metrics, "gnomehost_games_live") == 0
    finally:
        await service.close()
        await bot.close()
    assert gauge(metrics, "gnomehost_change_feed_listening") == 0


async def test_the_feed_says_whether_it_listens(pg_url: str) -> None:
    store = await open_store(pg_url)
    try:
        feed = await listen_game_changes(store, lambda game_id: None)
        assert isinstance(feed, PostgresFeed) and feed.listening
        await feed.close()
        assert not feed.listening
    finally:
        await store.close()
    assert not SilentFeed().listening
