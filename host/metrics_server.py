"""The metrics endpoint: `GET /metrics` in the Prometheus text format, served on the bot's own event loop.

An aiohttp server rather than prometheus_client's thread: a scrape awaits `Metrics.refresh` (the outbox is
read from the asynchronous store) on the loop that owns the store, and stopping it is an awaited cleanup.
"""

from __future__ import annotations

import logging

from aiohttp import web
from prometheus_client import CONTENT_TYPE_PLAIN_0_0_4, generate_latest

from host.metrics import PrometheusMetrics

log = logging.getLogger(__name__)

DEFAULT_HOST = "127.0.0.1"


class MetricsServer:
    """Serves one PrometheusMetrics at http://host:port/metrics until `stop`."""

    def __init__(self, metrics: PrometheusMetrics, host: str, port: int) -> None:
        self._metrics = metrics
        self.host = host
        self.port = port
        self._runner: web.AppRunner | None = None

    async def start(self) -> None:
        """Listen; OSError when the address cannot be bound (the port is taken, the host is not ours)."""
        app = web.Application()
        app.router.add_get("/metrics", self._scrape)
        runner = web.AppRunner(app, access_log=None, handle_signals=False)
        await runner.setup()
        try:
            site = web.TCPSite(runner, self.host, self.port)
            await site.start()
        except BaseException:
            await runner.cleanup()
            raise
        self._runner = runner
        if self.port == 0:  # an ephemeral port (tests): say which one was given
            self.port = site_port(runner) or 0
        log.info("metrics served at http://%s:%s/metrics", self.host, self.port)

    async def _scrape(self, _request: web.Request) -> web.Response:
        await self._metrics.refresh()
        body = generate_latest(self._metrics.registry)
        return web.Response(body=body, headers={"Content-Type": CONTENT_TYPE_PLAIN_0_0_4})

    async def stop(self) -> None:
        """Stop listening and close open scrapes (idempotent)."""
        runner, self._runner = self._runner, None
        if runner is not None:
            await runner.cleanup()


def site_port(runner: web.AppRunner) -> int | None:
    """The port the runner's first listening socket is bound to."""
    for address in runner.addresses:
        if isinstance(address, tuple) and len(address) >= 2:
            return int(address[1])
    return None
