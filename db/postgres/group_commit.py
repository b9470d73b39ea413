"""Group commit for PostgresStore.commit_move: moves that arrive while earlier commits are in flight go to the
database together, as ONE set-based statement (one round trip, one transaction, one WAL flush), each move still
version-checked on its own.

A move that finds a commit slot free goes out at once, alone, through the store's one-move statement (so a
quiet bot waits for nothing). Under load the moves queue, and each slot that frees takes up to MAX_BATCH of
them. In the batch statement every row after the versioned update carries its move's place `n` in the batch
and is written only when that move's update matched: a stale move writes nothing and gets VersionConflict, the
others commit. If the batch statement fails as a whole (a duplicate log entry, a deadlock on queue locks, a
lost connection), nothing of it was written, and each of its moves is committed again alone, so each mover
gets its own answer. A mover that stops waiting (cancelled) may still have its move stored, as when a
one-move commit is cut off after the server received it.
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Awaitable, Callable
from typing import Any

from db.errors import VersionConflict
from db.postgres.deadlines import PlanRows
from db.rows import payload_text
from db.store import MoveWrite

log = logging.getLogger(__name__)

# Moves in one statement at most (its arrays grow with it; far below PostgreSQL's limits).
MAX_BATCH = 64
# Commits in flight at once per process, each on a pooled connection (the pool's other connections stay free
# for reads and the other writes).
MAX_IN_FLIGHT = 4

# The batch form of store._COMMIT_MOVE. Queue locks: all queues of the moved moves, taken in sorted order by one
# aggregate before any outbox row takes its id (the same order as _enqueue, so queues never overtake).
COMMIT_MOVES = """
WITH m AS (
    SELECT * FROM unnest($1::bigint[], $2::int[], $3::int[], $4::text[], $5::text[], $6::int[], $7::text[],
                         $8::text[], $9::float8[], $10::int[], $11::bool[]) WITH ORDINALITY
        AS m(id, expected, version, snapshot, pending, ai_pending, status, outcome, now, announced, keep, n)
), moved AS (
    UPDATE games g SET version = m.version, snapshot = m.snapshot, pending = m.pending, ai_pending = m.ai_pending,
        status = m.status, outcome = m.outcome, updated_at = m.now,
        announced_version = GREATEST(g.announced_version, m.announced), revision = g.revision + 1
    FROM m
    WHERE g.id = m.id AND g.version = m.expected AND g.status = 'active'
    RETURNING g.id, m.n, m.keep
), logged AS (
    INSERT INTO actions (game_id, seq, player, action_id, source, user_id, undoes, events, created_at, turn_seconds)
    SELECT a.game_id, a.seq, a.player, a.action_id, a.source, a.user_id, a.undoes, a.events, a.created_at,
        a.turn_seconds
    FROM unnest($12::bigint[], $13::int[], $14::int[], $15::text[], $16::text[], $17::bigint[], $18::int[],
                $19::text[], $20::float8[], $21::int[], $38::float8[])
        AS a(game_id, seq, player, action_id, source, user_id, undoes, events, created_at, n, turn_seconds)
    WHERE a.n IN (SELECT n FROM moved)
    RETURNING 1
), plan AS (
    SELECT * FROM unnest($22::bigint[], $23::int[], $24::text[], $25::float8[], $26::int[], $27::int[])
        AS p(game_id, player, kind, due, version, n)
), unplanned AS (
    DELETE FROM deadlines x USING moved
    WHERE x.game_id = moved.id
      AND NOT EXISTS (SELECT 1 FROM plan p WHERE p.n = moved.n AND p.player = x.player AND p.kind = x.kind)
    RETURNING 1
), planned AS (
    INSERT INTO deadlines (game_id, player, kind, due_at, reminders, version)
    SELECT p.game_id, p.player, p.kind, p.due, 0, p.version FROM plan p WHERE p.n IN (SELECT n FROM moved)
    ON CONFLICT (game_id, player, kind) DO UPDATE SET due_at = excluded.due_at, reminders = 0,
        version = excluded.version
    WHERE EXISTS (SELECT 1 FROM unnest($28::bigint[], $29::int[]) AS r(game_id, player)
                  WHERE r.game_id = deadlines.game_id AND r.player = deadlines.player)
      AND (deadlines.kind = 'turn' OR NOT (SELECT mv.keep FROM moved mv WHERE mv.id = deadlines.game_id))
    RETURNING 1
), locked AS (
    SELECT count(pg_advisory_xact_lock($35, hashtext(q.queue))) AS n
    FROM (SELECT DISTINCT o.queue FROM unnest($31::text[], $30::int[]) AS o(queue, n)
          WHERE o.n IN (SELECT n FROM moved) ORDER BY o.queue) AS q
), queued AS (
    INSERT INTO outbox (game_id, queue, kind, payload, next_at, created_at)
    SELECT o.game_id, o.queue, o.kind, o.payload, o.now, o.now
    FROM unnest($30::int[], $31::text[], $32::bigint[], $33::text[], $34::text[], $36::float8[]) WITH ORDINALITY
        AS o(n, queue, game_id, kind, payload, now, k), locked
    WHERE o.n IN (SELECT n FROM moved)
    ORDER BY o.k
    RETURNING 1
)
SELECT coalesce(array_agg(n), '{}') FROM (SELECT n, pg_notify($37, id::text) FROM moved) AS announced
"""


def batch_arguments(moves: list[MoveWrite], lock_class: int, channel: str) -> list[Any]:
    """The parameters $1.. of COMMIT_MOVES for `moves` (their places n = 1, 2, ... in this order)."""
    plans = [PlanRows.of(move.deadlines) for move in moves]
    numbered = list(enumerate(zip(moves, plans, strict=True), start=1))
    actions = [(n, a) for n, (move, _) in numbered for a in move.actions]
    rows = [(n, move.game_id, plan, i) for n, (move, plan) in numbered for i in range(len(plan.players))]
    resets = [(move.game_id, player) for _, (move, plan) in numbered for player in plan.reset]
    messages = [(n, move, m) for n, (move, _) in numbered for m in move.messages]
    return [
        [move.game_id for move in moves],
        [move.expected_version for move in moves],
        [move.new_version for move in moves],
        [move.snapshot for move in moves],
        [json.dumps(move.pending) for move in moves],
        [int(move.ai_pending) for move in moves],
        ["finished" if move.finished else "active" for move in moves],
        [json.dumps(move.outcome) if move.outcome is not None else None for move in moves],
        [move.now for move in moves],
        [move.announced_version for move in moves],
        [plan.keep_timers for plan in plans],
        [a.game_id for _, a in actions],
        [a.seq for _, a in actions],
        [a.player for _, a in actions],
        [a.action_id for _, a in actions],
        [a.source for _, a in actions],
        [a.user_id for _, a in actions],
        [a.undoes for _, a in actions],
        [json.dumps(a.events) for _, a in actions],
        [a.created_at for _, a in actions],
        [n for n, _ in actions],
        [game for _, game, _, _ in rows],
        [plan.players[i] for _, _, plan, i in rows],
        [plan.kinds[i] for _, _, plan, i in rows],
        [plan.dues[i] for _, _, plan, i in rows],
        [plan.version for _, _, plan, _ in rows],
        [n for n, _, _, _ in rows],
        [game for game, _ in resets],
        [player for _, player in resets],
        [n for n, _, _ in messages],
        [m.queue for _, _, m in messages],
        [m.game_id for _, _, m in messages],
        [m.kind for _, _, m in messages],
        [payload_text(m) for _, _, m in messages],
        lock_class,
        [move.now for _, move, _ in messages],
        channel,
        [a.turn_seconds for _, a in actions],
    ]


OneMove = Callable[[MoveWrite], Awaitable[None]]
# Runs COMMIT_MOVES for the moves; returns the places n (1-based) of those whose versioned update matched.
ManyMoves = Callable[[list[MoveWrite]], Awaitable[set[int]]]


class GroupCommitter:
    """commit_move through a queue: moves that wait while MAX_IN_FLIGHT commits are in flight go out together."""

    def __init__(self, one: OneMove, many: ManyMoves) -> None:
        self._one = one
        self._many = many
        self._queue: list[tuple[MoveWrite, asyncio.Future[None]]] = []
        self._in_flight = 0
        self._drains: set[asyncio.Task[None]] = set()  # referenced until done (the loop keeps only weak ones)
        self.batches = 0  # statements that carried more than one move (for tests and benchmarks)

    async def commit(self, move: MoveWrite) -> None:
        """Store `move` (alone or with others); VersionConflict if its versioned update did not match."""
        loop = asyncio.get_running_loop()
        future: asyncio.Future[None] = loop.create_future()
        self._queue.append((move, future))
        if self._in_flight < MAX_IN_FLIGHT:
            self._in_flight += 1
            task = loop.create_task(self._drain(), name="gnomehost-pg-group-commit")
            self._drains.add(task)
            task.add_done_callback(self._drains.discard)
        await future

    async def _drain(self) -> None:
        try:
            while self._queue:
                batch, self._queue = self._queue[:MAX_BATCH], self._queue[MAX_BATCH:]
                if len(batch) == 1:
                    await self._alone(*batch[0])
                else:
                    await self._together(batch)
        finally:
            self._in_flight -= 1

    async def _together(self, batch: list[tuple[MoveWrite, asyncio.Future[None]]]) -> None:
        try:
            moved = await self._many([move for move, _ in batch])
        except Exception as error:  # nothing of the batch was written: each move on its own gets its own answer
            log.info("a batch of %d moves failed as a whole (%s); committing each alone", len(batch), error)
            await asyncio.gather(*(self._alone(move, future) for move, future in batch))
            return
        self.batches += 1
        for n, (move, future) in enumerate(batch, start=1):
            if future.done():  # the mover stopped waiting; its move is stored all the same
                continue
            if n in moved:
                future.set_result(None)
            else:
                future.set_exception(VersionConflict(move.game_id, move.expected_version))

    async def _alone(self, move: MoveWrite, future: asyncio.Future[None]) -> None:
        try:
            await self._one(move)
        except Exception as error:  # the mover's call raises it
            if not future.done():
                future.set_exception(error)
        else:
            if not future.done():
                future.set_result(None)
