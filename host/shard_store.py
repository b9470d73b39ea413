"""A Store seen through one process's shards: it delivers, reminds and recovers only the games it owns.

With SHARD_COUNT / SHARD_IDS several bot processes share one database. Each game belongs to its
guild's shard (host.shards), and the process holding that shard — or, after a takeover, the one
holding its lease (host.shard_lease) — owns the game's outbox rows, deadlines and start-up catch-up.
`ShardedStore` wraps the real store and narrows exactly the reads that hand out that work
(`queue_heads`, `next_in_queue`, `due_deadlines`, `next_due_at`, `recovery_scan`); every other call
passes straight through (host.store_forwarding), so moves from any process still go through the same versioned writes.

A queue may hold messages of games on different shards (one user's DMs): only its head counts, so
the queue keeps its order and whoever owns the head's game delivers it, one head at a time.
"""

from __future__ import annotations

import logging
import math
import time
from collections.abc import Awaitable, Callable, Collection, Iterable
from typing import Self, TypeVar

from db.rows import DeadlineRow, GameRow, OutboxRow
from db.store import (
    NewGame,
    RecoveryScan,
    Store,
    StoredGame,
)
from host.shards import ShardSet, shard_of_game
from host.store_forwarding import ForwardingStore

log = logging.getLogger(__name__)

_R = TypeVar("_R", OutboxRow, DeadlineRow)

# How far past the requested batch the deadline reads look, so that other processes' due rows at the
# front of the list do not hide this process's own (their owners deal with them).
DEADLINE_WINDOW = 8
# next_due_at looks at this many upcoming deadlines for one of ours; beyond it the scheduler's own
# interval bounds the wait.
UPCOMING_WINDOW = 256


class ShardScope:
    """The shards whose games this process works for now: its configured ones plus any taken over.

    With a lease keeper the scope is fenced: it owns nothing once its last successful renewal is older
    than the lease timeout (`valid_until`), because by then another process may have taken the shards
    over. A process that was frozen (or cut off from the database) so stops delivering the moment it
    wakes, before its next renewal finds out what happened.
    """

    def __init__(self, configured: ShardSet, *, clock: Callable[[], float] = time.monotonic) -> None:
        self.configured = configured
        self._held: frozenset[int] = frozenset(configured.ids)
        self._clock = clock
        self.valid_until = math.inf  # no fence until a lease keeper sets one

    @property
    def count(self) -> int:
        """How many shards the bot has in all."""
        return self.configured.count

    @property
    def held(self) -> frozenset[int]:
        """The shards this process works for at the moment."""
        return self._held

    def hold(self, shards: Iterable[int]) -> None:
        """Work for exactly these shards from now on (the lease keeper's latest claim)."""
        held = frozenset(shards)
        if held != self._held:
            log.info("now delivering for shards %s of %d (configured %s)", ",".join(map(str, sorted(held))) or "none",
                     self.count, ",".join(map(str, self.configured.ids)))
        self._held = held

    def renewed(self, started_at: float, valid_for: float) -> None:
        """A renewal that began at `started_at` (this scope's clock) succeeded: the shards are ours until
        `valid_for` seconds after that moment (measured from its start: the write may have been late)."""
        self.valid_until = started_at + valid_for

    def now(self) -> float:
        """The scope's clock (monotonic by default), for `renewed`."""
        return self._clock()

    @property
    def fenced(self) -> bool:
        """True while the last renewal is too old to trust: the process owns nothing until the next one."""
        return self._clock() >= self.valid_until

    def owns(self, guild_id: int | None) -> bool:
        """Whether a game in `guild_id` (None: outside a guild) is this process's to deliver."""
        return shard_of_game(guild_id, self.count) in self._held and not self.fenced


class ShardedStore(ForwardingStore):
    """`Store` for one process of a sharded bot: work-handing reads narrowed to the games its scope owns.

    Built with `ShardedStore.over(inner, scope)` (see host.store_forwarding); calls it does not define
    go to `inner` unchanged.
    """

    def __init__(self, inner: Store, scope: ShardScope) -> None:
        self.inner = inner
        self.scope = scope
        # A game's guild never changes: looked up once per game (None: a game outside any guild).
        self._guilds: dict[int, int | None] = {}
        # Run by close() before the store closes, after the service stopped its sender (shard lease release).
        self.before_close: list[Callable[[], Awaitable[None]]] = []

    @classmethod
    def over(cls, inner: Store, scope: ShardScope) -> Self:
        """`inner` seen through `scope`: the work-handing reads return only the games the scope owns."""
        return cls(inner, scope)

    async def _guild_of(self, game_id: int) -> int | None:
        if game_id not in self._guilds:
            row = await self.inner.get_game(game_id)
            # A message or deadline of a game that no longer exists is shard 0's to clear away.
            self._guilds[game_id] = row.guild_id if row is not None else None
        return self._guilds[game_id]

    async def owns_game(self, game_id: int) -> bool:
        """Whether this process delivers the game's messages and fires its deadlines."""
        if game_id in self._guilds:  # the common case, without a coroutine per row (the sender asks often)
            return self.scope.owns(self._guilds[game_id])
        return self.scope.owns(await self._guild_of(game_id))

    async def _mine(self, rows: Iterable[_R]) -> list[_R]:
        """The rows (outbox rows, deadlines: anything with a game_id) of games this process owns, in order."""
        guilds, owns = self._guilds, self.scope.owns
        return [row for row in rows
                if owns(guilds[row.game_id] if row.game_id in guilds else await self._guild_of(row.game_id))]

    def _learn(self, row: GameRow) -> GameRow:
        self._guilds[row.id] = row.guild_id
        return row

    # -- the narrowed reads ---------------------------------------------------------------------------

    async def queue_heads(self, exclude: Collection[str] = ()) -> list[OutboxRow]:
        """The heads of the queues whose head message belongs to one of this process's games."""
        return await self._mine(await self.inner.queue_heads(exclude))

    async def next_in_queue(self, queue: str) -> OutboxRow | None:
        """The queue's head when it belongs to one of this process's games; None otherwise (its owner sends it)."""
        row = await self.inner.next_in_queue(queue)
        if row is None or not await self.owns_game(row.game_id):
            return None
        return row

    async def due_deadlines(self, now: float, limit: int) -> list[DeadlineRow]:
        """At most `limit` due deadlines of this process's games, earliest first."""
        rows = await self.inner.due_deadlines(now, max(limit, 1) * DEADLINE_WINDOW)
        return (await self._mine(rows))[:limit]

    async def next_due_at(self) -> float | None:
        """When the earliest deadline of this process's games falls (None: none among the next few)."""
        for row in await self.inner.due_deadlines(math.inf, UPCOMING_WINDOW):
            if await self.owns_game(row.game_id):
                return row.due_at
        return None

    async def recovery_scan(self) -> RecoveryScan:
        """What start-up recovery looks at, for this process's games only (the others' owners recover them)."""
        scan = await self.inner.recovery_scan()

        async def mine(ids: list[int]) -> list[int]:
            return [i for i in ids if await self.owns_game(i)]

        return RecoveryScan(
            running=await mine(scan.running),
            ai_pending=await mine(scan.ai_pending),
            unannounced=await mine(scan.unannounced),
            running_moves=scan.running_moves,
        )

    # -- what the wrapper adds to the calls it passes on (every other Store call is forwarded) ----------

    @property
    def description(self) -> str:
        """The wrapped store's description, with the shards this process works for."""
        held = ",".join(map(str, sorted(self.scope.held)))
        return f"{self.inner.description} (shards {held} of {self.scope.count})"

    async def close(self) -> None:
        """Run the `before_close` steps (each once; a failing one is logged), then close the wrapped store."""
        steps, self.before_close = self.before_close, []
        for step in steps:
            try:
                await step()
            except Exception:
                log.exception("a step before closing the store failed")
        await self.inner.close()

    async def load_game(self, game_id: int, *, with_actions: bool) -> StoredGame | None:
        """See Store.load_game; the game's guild is remembered (it decides the shard)."""
        stored = await self.inner.load_game(game_id, with_actions=with_actions)
        if stored is not None:
            self._learn(stored.game)
        return stored

    async def get_game(self, game_id: int) -> GameRow | None:
        """See Store.get_game; the game's guild is remembered (it decides the shard)."""
        row = await self.inner.get_game(game_id)
        return self._learn(row) if row is not None else None

    async def create_game(self, new: NewGame) -> int:
        """See Store.create_game; the new game's guild is remembered (it decides the shard)."""
        game_id = await self.inner.create_game(new)
        self._guilds[game_id] = new.guild_id
        return game_id
