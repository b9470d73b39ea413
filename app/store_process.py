"""The table service of one process, wired to its store: opened when the bot sets up, watched for its loss.

`StoreProcess` opens the service on the configured store and runs recovery; it never loses the store (the
SQLite file's lease is app.sqlite_file's, passed to `wait_lost`). `LeasedStoreProcess` is a process on a
store other processes may share (PostgreSQL, or SHARD_COUNT / SHARD_IDS): it sees the store through a
ShardedStore (it delivers, reminds and recovers only the games on the shards it holds), takes its shard
leases (a live process holding one of its shards refuses it: ShardsInUse, exit code 2), keeps them renewed,
and listens for games other processes wrote (PostgreSQL NOTIFY) to keep its cache right and its sender awake.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging

from app.settings import Settings
from db.changes import ChangeFeed, listen_game_changes
from db.lease import Lease
from db.shard_leases import open_shard_leases
from db.url import is_postgres, open_store
from host.metrics import Metrics
from host.notifier import Notifier
from host.service import TableService
from host.shard_lease import ShardLeaseKeeper
from host.shard_store import ShardedStore, ShardScope
from host.shards import ShardSet

log = logging.getLogger(__name__)


class StoreProcess:
    """A process alone on its store (a SQLite file, whose lease keeps others out): open, recover, serve."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings

    async def open_service(self, notifier: Notifier, metrics: Metrics) -> TableService:
        """Open the table service on the configured store and run recovery."""
        service = await TableService.open(self.settings.store_url, notifier, recover=False, metrics=metrics)
        try:
            await service.recover()
        except BaseException:
            await service.close()
            raise
        return service

    async def wait_lost(self, lease: Lease | None) -> str:
        """Wait until the process lost what lets it serve (the SQLite file's lease); the message saying so.

        Without a file lease (PostgreSQL) this waits forever; a leased process also watches its shard leases.
        """
        if lease is None:
            await asyncio.Event().wait()
        assert lease is not None
        return await lease.wait_lost()


class LeasedStoreProcess(StoreProcess):
    """A process on a store other processes may share: it serves only while it holds its shards' leases.

    Used as is for an unsharded bot on PostgreSQL (shard 0 of 1: a second such process is refused, like a
    second process on one SQLite file), and with the configured shards for SHARD_COUNT / SHARD_IDS.
    """

    def __init__(self, settings: Settings, shards: ShardSet) -> None:
        super().__init__(settings)
        self.scope = ShardScope(shards)
        self.keeper: ShardLeaseKeeper | None = None
        self._keeper_running = asyncio.Event()  # bot.py starts watching for a loss before the service opened
        self._feed: ChangeFeed | None = None
        self._service: TableService | None = None  # set once open: notices before then are the recovery's
        self._notices: set[asyncio.Task[None]] = set()  # change notices being handled (kept from the GC)

    async def open_service(self, notifier: Notifier, metrics: Metrics) -> TableService:
        """The table service over this process's view of the store, once its shard leases are taken."""
        stale_after = float(self.settings.lease_timeout_seconds)
        store = await open_store(self.settings.store_url)
        sharded = ShardedStore.over(store, self.scope)
        try:
            leases = open_shard_leases(store, self.scope.count, self.scope.configured.ids, stale_after)
            # Renewed four times per timeout: a heartbeat or two may be late without losing the shards.
            keeper = ShardLeaseKeeper(leases, self.scope, stale_after / 4, on_change=self._wake_sender,
                                      valid_for=stale_after)
            held = await keeper.claim()  # ShardsInUse when a live process holds one of ours
            log.info("shard leases taken: %s", ",".join(map(str, sorted(held))))
            sharded.before_close.append(keeper.stop)  # after the sender stopped: then others may take over
            service = TableService(sharded, notifier, metrics=metrics)
            metrics.watch_leases(lambda: len(self.scope.held))
        except BaseException:
            await sharded.close()
            raise
        try:
            await service.recover()
            self._feed = await listen_game_changes(store, self._game_changed)
            if is_postgres(self.settings.store_url):  # other stores have no feed to watch
                metrics.watch_feed(lambda: self._feed is not None and self._feed.listening)
            sharded.before_close.insert(0, self._close_feed)
        except BaseException:
            await service.close()
            raise
        self.keeper = keeper
        keeper.start()
        self._keeper_running.set()
        self._service = service
        return service

    async def _close_feed(self) -> None:
        feed, self._feed = self._feed, None
        if feed is not None:
            await feed.close()
        for task in list(self._notices):
            task.cancel()

    async def _shard_lost(self) -> str:
        await self._keeper_running.wait()
        assert self.keeper is not None
        return await self.keeper.wait_lost()

    def _game_changed(self, game_id: int) -> None:
        """A game was written (by another process, or this one): the service drops a copy older than the stored
        row and looks at the outbox now. Called from the listener's callback, so the check runs as a task."""
        service = self._service
        if service is None:
            return
        task = asyncio.create_task(service.game_changed(game_id), name=f"gnomehost-game-changed-{game_id}")
        self._notices.add(task)
        task.add_done_callback(self._notice_done)

    def _notice_done(self, task: asyncio.Task[None]) -> None:
        self._notices.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.warning("a game change notice could not be handled", exc_info=task.exception())

    def _wake_sender(self) -> None:
        if self._service is not None:
            self._service.wake_sender()

    async def wait_lost(self, lease: Lease | None) -> str:
        """Wait until the SQLite lease (if any) or one of this process's configured shards is lost."""
        waits = [asyncio.ensure_future(super().wait_lost(lease)), asyncio.ensure_future(self._shard_lost())]
        try:
            done, _ = await asyncio.wait(waits, return_when=asyncio.FIRST_COMPLETED)
            return done.pop().result()
        finally:
            for wait in waits:
                wait.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await wait


def store_process(settings: Settings) -> StoreProcess:
    """The wiring `settings` ask for: the configured shards' leases with SHARD_COUNT; without it the plain
    process, holding the one shard's lease when the store is PostgreSQL (which other processes could open too)."""
    shards = settings.shards
    if shards is None:
        if is_postgres(settings.store_url):
            return LeasedStoreProcess(settings, ShardSet.single())
        return StoreProcess(settings)
    log.info("running %s", shards.describe())
    return LeasedStoreProcess(settings, shards)
