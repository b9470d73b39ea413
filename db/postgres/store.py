"""PostgresStore: the Store (db/store.py) on a PostgreSQL database, through an asyncpg connection pool.

Every method is one transaction on one pooled connection (reads that must see one moment run in a
REPEATABLE READ read-only transaction). The guarantees are the SQLite store's, made safe for several
processes writing at once:
  - guarded writes are single `UPDATE ... WHERE version/revision/status = ...` statements: PostgreSQL
    locks the row and re-checks the condition after a concurrent writer commits, so exactly one of two
    racing writers wins and the other gets a `db.errors` conflict and writes nothing;
  - messages of one outbox queue are inserted under a per-queue transaction lock, so their ids become
    visible in id order (a sender never sees a later message of a queue before an earlier one);
  - every write that changes a game row sends NOTIFY on the channel GAME_CHANNEL (payload: the game id),
    delivered at commit, so other processes can refresh their copy.
asyncpg's exceptions never leave this module: conflicts become WriteConflict subclasses, a server that
cannot be reached or cannot take the work now (see `_unavailable`) StoreDown, anything else a DatabaseError
naming the operation.
"""

from __future__ import annotations

import dataclasses
import json
import logging
import os
from collections.abc import AsyncIterator, Collection, Mapping, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass
from typing import TYPE_CHECKING
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

import asyncpg

from db.errors import (
    ChannelTaken,
    DatabaseError,
    NotALobby,
    RevisionConflict,
    SeatsFull,
    StoreDown,
    VersionConflict,
)
from db.pg_errors import driver_errors
from db.postgres import players as players_repo
from db.postgres import ratings as ratings_repo
from db.postgres import stats as stats_repo
from db.postgres.deadlines import DELETE_UNPLANNED, UPSERT_PLANNED, PlanRows, replan
from db.postgres.group_commit import COMMIT_MOVES, GroupCommitter, batch_arguments
from db.postgres.migrations import apply_migrations
from db.rating_rows import FinishedGame, RatingWrite, SeatRating, SkillRow, Subject, TurnCount
from db.redact import redacted
from db.rows import (
    GAME_COLUMNS,
    OPEN_STATUSES,
    OUTBOX_COLUMNS,
    ActionRow,
    DeadlineRow,
    GameRow,
    MessageRef,
    NewMessage,
    OutboxRow,
    SeatRow,
    game_from_columns,
    outbox_from_columns,
    payload_text,
)
from db.stat_rows import StatsFilter, StatsGame, TurnTime
from db.store import (
    CloseWrite,
    HandOver,
    MoveWrite,
    NewGame,
    OutboxState,
    PlayerRow,
    RecoveryScan,
    SeatAdd,
    SeatRemove,
    SettingsWrite,
    StartWrite,
    Store,
    StoredGame,
)

log = logging.getLogger(__name__)

# NOTIFY channel of game changes (payload: the game id as text).
GAME_CHANNEL = "gnomehost_game"
# The first key of the per-queue outbox locks (the second is the queue name's hash).
_QUEUE_LOCK_CLASS = 0x676E6F6D
_ONE_OPEN_PER_CHANNEL = "games_one_open_per_channel"
_SEATS = "SELECT game_id, join_order, user_id, player, ai_level FROM seats WHERE game_id = $1 ORDER BY join_order"
_ACTIONS = (
    "SELECT game_id, seq, player, action_id, source, user_id, undoes, events, created_at "
    "FROM actions WHERE game_id = $1 AND seq > $2 ORDER BY seq"
)
_DEADLINES = "SELECT game_id, player, kind, due_at, reminders, version FROM deadlines"
_OUTBOX = f"SELECT {OUTBOX_COLUMNS} FROM outbox"
# mark_delivered: the row sent, and each slot of its game forgotten ($4) or pointed at its posted message ($5-$7).
_MARK_DELIVERED = """
WITH sent AS (
    UPDATE outbox SET status = 'sent', sent_at = $1, attempts = attempts + 1 WHERE id = $2 RETURNING 1
), forgotten AS (
    DELETE FROM table_messages WHERE game_id = $3 AND slot = ANY($4::text[]) RETURNING 1
), remembered AS (
    INSERT INTO table_messages (game_id, slot, channel_id, message_id, updated_at)
    SELECT $3, r.slot, r.channel_id, r.message_id, $1
    FROM unnest($5::text[], $6::bigint[], $7::bigint[]) AS r(slot, channel_id, message_id)
    ON CONFLICT (game_id, slot) DO UPDATE SET channel_id = excluded.channel_id, message_id = excluded.message_id,
        updated_at = excluded.updated_at
    RETURNING 1
)
SELECT 1
"""
# load_game: the row with its seats and (running games, when asked) its log as arrays of rows.
_LOAD_GAME = (
    f"SELECT {GAME_COLUMNS}, "
    "ARRAY(SELECT ROW(join_order, user_id, player, ai_level) FROM seats WHERE game_id = $1 ORDER BY join_order) "
    "AS seat_rows, "
    "CASE WHEN $2 AND status = 'active' THEN ARRAY(SELECT ROW(seq, player, action_id, source, user_id, undoes, "
    "events, created_at) FROM actions WHERE game_id = $1 ORDER BY seq) END AS action_rows "
    "FROM games WHERE id = $1"
)

# commit_move in one statement. Data-modifying WITH parts always run, so each one after the versioned update
# is guarded by `moved` (no row: the version check failed and nothing at all is written). The outbox rows
# take their ids only after the queue locks are held: they join `locked`, an aggregate, which has taken every
# lock before it yields its one row (the same per-queue order as _enqueue, so queues never overtake).
_MOVED = "AND EXISTS (SELECT 1 FROM moved)"
_COMMIT_MOVE = f"""
WITH moved AS (
    UPDATE games SET version = $3, snapshot = $4, pending = $5, ai_pending = $6, status = $7, outcome = $8,
        updated_at = $9, announced_version = GREATEST(announced_version, $10), revision = revision + 1
    WHERE id = $1 AND version = $2 AND status = 'active'
    RETURNING id
), logged AS (
    INSERT INTO actions (game_id, seq, player, action_id, source, user_id, undoes, events, created_at, turn_seconds)
    SELECT * FROM unnest($11::bigint[], $12::int[], $13::int[], $14::text[], $15::text[], $16::bigint[],
                         $17::int[], $18::text[], $19::float8[], $33::float8[])
    WHERE TRUE {_MOVED}
    RETURNING 1
), unplanned AS (
    {DELETE_UNPLANNED.format(game="$1", players="$20", kinds="$21", guard=_MOVED)}
    RETURNING 1
), planned AS (
    {
    UPSERT_PLANNED.format(
        game="$1", players="$20", kinds="$21", dues="$22", reset="$23", keep="$24", version="$25", guard=_MOVED
    )
}
    RETURNING 1
), locked AS (
    SELECT count(pg_advisory_xact_lock($31, hashtext(q))) AS n FROM unnest($30::text[]) AS q WHERE TRUE {_MOVED}
), queued AS (
    INSERT INTO outbox (game_id, queue, kind, payload, next_at, created_at)
    SELECT m.game_id, m.queue, m.kind, m.payload, $9, $9
    FROM unnest($26::bigint[], $27::text[], $28::text[], $29::text[]) WITH ORDINALITY AS m(game_id, queue, kind,
         payload, n), locked
    WHERE TRUE {_MOVED}
    ORDER BY m.n
    RETURNING 1
)
SELECT count(*) FROM (SELECT pg_notify($32, $1::text) FROM moved) AS announced
"""


_DEFAULT_POOL = (2, 10)  # connections kept open at least / at most, per process


@dataclass(frozen=True, slots=True)
class PoolSettings:
    """How many connections a process keeps open to PostgreSQL (asyncpg pool bounds)."""

    min_size: int = _DEFAULT_POOL[0]
    max_size: int = _DEFAULT_POOL[1]

    @classmethod
    def from_env(cls, environ: Mapping[str, str] | None = None) -> PoolSettings:
        """DATABASE_POOL_MIN / DATABASE_POOL_MAX from the process environment when set, else the defaults."""
        env = os.environ if environ is None else environ
        return cls._checked(
            env.get("DATABASE_POOL_MIN", str(_DEFAULT_POOL[0])),
            env.get("DATABASE_POOL_MAX", str(_DEFAULT_POOL[1])),
        )

    @classmethod
    def from_url(cls, url: str, environ: Mapping[str, str] | None = None) -> tuple[PoolSettings, str]:
        """The pool bounds a DATABASE_URL gives in its query (`?pool_min=2&pool_max=10`, which .env can hold),
        else the environment's (`from_env`); and the URL without those two parameters (for the driver)."""
        parts = urlsplit(url)
        query = parse_qsl(parts.query, keep_blank_values=True)
        ours = {key: value for key, value in query if key in ("pool_min", "pool_max")}
        base = cls.from_env(environ)
        settings = cls._checked(ours.get("pool_min", str(base.min_size)), ours.get("pool_max", str(base.max_size)))
        rest = urlencode([(key, value) for key, value in query if key not in ours])
        return settings, urlunsplit(parts._replace(query=rest))

    @classmethod
    def _checked(cls, low_text: str, high_text: str) -> PoolSettings:
        try:
            low, high = int(low_text), int(high_text)
        except ValueError:
            raise DatabaseError(
                f"the connection pool bounds (pool_min / pool_max in DATABASE_URL, or DATABASE_POOL_MIN / "
                f"DATABASE_POOL_MAX) must be whole numbers, not {low_text!r} and {high_text!r}"
            ) from None
        if low < 0 or high < 1 or low > high:
            raise DatabaseError(
                f"the connection pool needs 0 <= pool_min <= pool_max and pool_max >= 1 (got {low} and {high})"
            )
        return cls(low, high)


# SQLSTATE classes and codes of a server that is gone, full or refusing work for a while: connection
# exceptions (08), insufficient resources (53: disk full, too many connections), shutdown or startup
# (57P01-57P05), system errors (58: I/O), and a server that only reads (25006, a standby).
_UNAVAILABLE_SQLSTATES = ("08", "53", "57P", "58", "25006")


# What asyncpg raises; none of it leaves this module.
_DRIVER_ERRORS = driver_errors()


def _unavailable(error: BaseException) -> bool:
    """Whether a driver error means the server cannot do the work right now (it may later), not a bad query."""
    if isinstance(error, OSError | asyncpg.PostgresConnectionError | asyncpg.InternalClientError):
        # Refused, unreachable, timed out, or the session was lost (asyncpg's state error after a cut).
        return True
    if isinstance(error, asyncpg.PostgresError):
        return str(error.sqlstate or "").startswith(_UNAVAILABLE_SQLSTATES)
    return False


def _count(status: str) -> int:
    """The row count of a command status such as 'UPDATE 1' or 'INSERT 0 3'."""
    return int(status.rsplit(" ", 1)[-1])


def _seat(row: asyncpg.Record) -> SeatRow:
    return SeatRow(row["game_id"], row["join_order"], row["user_id"], row["player"], row["ai_level"])


def _action(row: asyncpg.Record) -> ActionRow:
    return ActionRow(
        row["game_id"],
        row["seq"],
        row["player"],
        row["action_id"],
        row["source"],
        row["user_id"],
        row["undoes"],
        json.loads(row["events"]),
        row["created_at"],
    )


def _deadline(row: asyncpg.Record) -> DeadlineRow:
    return DeadlineRow(row["game_id"], row["player"], row["kind"], row["due_at"], row["reminders"], row["version"])


async def _enqueue(conn: asyncpg.Connection, messages: Sequence[NewMessage], now: float) -> None:
    """Insert messages in the order given, after locking their queues until commit (see the module doc)."""
    if not messages:
        return
    # Sorted: two transactions taking the same queues always take them in the same order (no deadlock).
    for queue in sorted({m.queue for m in messages}):
        await conn.execute("SELECT pg_advisory_xact_lock($1, hashtext($2))", _QUEUE_LOCK_CLASS, queue)
    await conn.executemany(
        "INSERT INTO outbox (game_id, queue, kind, payload, next_at, created_at) VALUES ($1, $2, $3, $4, $5, $5)",
        [(m.game_id, m.queue, m.kind, payload_text(m), now) for m in messages],
    )


async def _notify(conn: asyncpg.Connection, game_id: int) -> None:
    await conn.execute("SELECT pg_notify($1, $2)", GAME_CHANNEL, str(game_id))


async def _claim(conn: asyncpg.Connection, game_id: int, revision: int, now: float, status: str) -> None:
    """Move the row to the next revision if it is still at `revision` with `status`; RevisionConflict if not."""
    done = await conn.execute(
        "UPDATE games SET updated_at = $1, revision = revision + 1 WHERE id = $2 AND revision = $3 AND status = $4",
        now,
        game_id,
        revision,
        status,
    )
    if _count(done) != 1:
        raise RevisionConflict(game_id, revision)


class PostgresStore:
    """The Store on one PostgreSQL database, shared safely by several processes."""

    def __init__(self, pool: asyncpg.Pool, url: str) -> None:
        self._pool = pool
        self._description = redacted(url)
        self._closed = False
        self._group = GroupCommitter(self._commit_one, self._commit_many)

    @property
    def group_commits(self) -> int:
        """How many statements so far stored several moves at once (group commit)."""
        return self._group.batches

    @property
    def description(self) -> str:
        """The database URL without its password."""
        return self._description

    @property
    def pool(self) -> asyncpg.Pool:
        """The connection pool (for PostgreSQL-only tools such as LISTEN, and tests)."""
        return self._pool

    async def close(self) -> None:
        """Wait for the connections in use to be released, then close the pool (idempotent)."""
        if self._closed:
            return
        self._closed = True
        await self._pool.close()

    @asynccontextmanager
    async def _connection(self, what: str) -> AsyncIterator[asyncpg.Connection]:
        if self._closed:
            raise DatabaseError(f"the store {self._description} is closed")
        try:
            async with self._pool.acquire() as conn:
                yield conn
        except _DRIVER_ERRORS as error:
            # Conflicts were turned into db.errors below; anything else the driver raises stays in db/.
            if not _unavailable(error):
                raise DatabaseError(f"{what} failed on {self._description}: {error}") from error
            # The pool's other sessions were most likely cut off too (a server restart, an admin's kill):
            # each is replaced by a new one when next handed out, instead of failing once more.
            await self._pool.expire_connections()
            raise StoreDown(f"{what} failed on {self._description}: {error}") from error

    @asynccontextmanager
    async def _write(self, what: str) -> AsyncIterator[asyncpg.Connection]:
        async with self._connection(what) as conn, conn.transaction():
            yield conn

    @asynccontextmanager
    async def _snapshot(self, what: str) -> AsyncIterator[asyncpg.Connection]:
        """A read-only transaction that sees one moment (several SELECTs agree with each other)."""
        async with self._connection(what) as conn, conn.transaction(isolation="repeatable_read", readonly=True):
            yield conn

    # -- games: reads --

    async def load_game(self, game_id: int, *, with_actions: bool) -> StoredGame | None:
        """The game, its seats and (if asked, and running) its log: one statement, so one moment and one
        round trip."""
        async with self._connection("load_game") as conn:
            row = await conn.fetchrow(_LOAD_GAME, game_id, with_actions)
        if row is None:
            return None
        seats = [SeatRow(game_id, *seat) for seat in row["seat_rows"]]
        actions = None
        if row["action_rows"] is not None:
            actions = [
                ActionRow(game_id, seq, player, action_id, source, user_id, undoes, json.loads(events), created_at)
                for seq, player, action_id, source, user_id, undoes, events, created_at in row["action_rows"]
            ]
        return StoredGame(game_from_columns(row), seats, actions)

    async def get_game(self, game_id: int) -> GameRow | None:
        """The game row with this id, or None."""
        async with self._connection("get_game") as conn:
            row = await conn.fetchrow(f"SELECT {GAME_COLUMNS} FROM games WHERE id = $1", game_id)
        return game_from_columns(row) if row is not None else None

    async def list_seats(self, game_id: int) -> list[SeatRow]:
        """The seats of a game in join order."""
        async with self._connection("list_seats") as conn:
            return [_seat(r) for r in await conn.fetch(_SEATS, game_id)]

    async def list_actions(self, game_id: int, after: int = 0) -> list[ActionRow]:
        """The log entries after seq `after`, in seq order."""
        async with self._connection("list_actions") as conn:
            return [_action(r) for r in await conn.fetch(_ACTIONS, game_id, after)]

    async def open_game_in_channel(self, channel_id: int) -> GameRow | None:
        """The lobby or running game of the channel, or None."""
        async with self._connection("open_game_in_channel") as conn:
            row = await conn.fetchrow(
                f"SELECT {GAME_COLUMNS} FROM games WHERE channel_id = $1 AND status = ANY($2::text[])",
                channel_id,
                list(OPEN_STATUSES),
            )
        return game_from_columns(row) if row is not None else None

    async def recent_in_channel(self, channel_id: int, limit: int) -> list[GameRow]:
        """The newest games of the channel, newest first."""
        async with self._connection("recent_in_channel") as conn:
            rows = await conn.fetch(
                f"SELECT {GAME_COLUMNS} FROM games WHERE channel_id = $1 "
                "OR channel_id IN (SELECT thread_id FROM thread_parents WHERE parent_id = $1) "
                "ORDER BY id DESC LIMIT $2",
                channel_id,
                max(limit, 0),
            )
        return [game_from_columns(r) for r in rows]

    async def set_thread_parent(self, thread_id: int, parent_id: int) -> None:
        """Insert or replace the thread's parent channel."""
        async with self._write("set_thread_parent") as conn:
            await conn.execute(
                "INSERT INTO thread_parents (thread_id, parent_id) VALUES ($1, $2) "
                "ON CONFLICT (thread_id) DO UPDATE SET parent_id = excluded.parent_id",
                thread_id,
                parent_id,
            )

    async def open_game_ids_for_user(self, user_id: int) -> list[int]:
        """Open games where the user holds a seat, newest first."""
        async with self._connection("open_game_ids_for_user") as conn:
            rows = await conn.fetch(
                "SELECT DISTINCT g.id FROM seats s JOIN games g ON g.id = s.game_id "
                "WHERE s.user_id = $1 AND g.status = ANY($2::text[]) ORDER BY g.id DESC",
                user_id,
                list(OPEN_STATUSES),
            )
        return [r["id"] for r in rows]

    async def recovery_scan(self) -> RecoveryScan:
        """Running, AI-pending and unannounced games and the running games' log size, read at one moment."""
        async with self._snapshot("recovery_scan") as conn:
            running = await conn.fetch("SELECT id FROM games WHERE status = 'active' ORDER BY id")
            ai = await conn.fetch("SELECT id FROM games WHERE status = 'active' AND ai_pending = 1 ORDER BY id")
            unannounced = await conn.fetch(
                "SELECT id FROM games WHERE status IN ('active', 'finished') AND announced_version < version "
                "ORDER BY id"
            )
            moves = await conn.fetchval("SELECT COALESCE(SUM(version), 0) FROM games WHERE status = 'active'")
        return RecoveryScan(
            running=[r["id"] for r in running],
            ai_pending=[r["id"] for r in ai],
            unannounced=[r["id"] for r in unannounced],
            running_moves=int(moves),
        )

    # -- games: writes --

    async def create_game(self, new: NewGame) -> int:
        """The new lobby's id; ChannelTaken when the channel has an open game."""
        try:
            async with self._write("create_game") as conn:
                busy = await conn.fetchval(
                    "SELECT id FROM games WHERE channel_id = $1 AND status = ANY($2::text[])",
                    new.channel_id,
                    list(OPEN_STATUSES),
                )
                if busy is not None:
                    raise ChannelTaken(new.channel_id, busy)
                game_id: int = await conn.fetchval(
                    "INSERT INTO games (guild_id, channel_id, game_name, options, seed, status, host_user_id, "
                    "settings, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, 'lobby', $6, $7, $8, $8) "
                    "RETURNING id",
                    new.guild_id,
                    new.channel_id,
                    new.game_name,
                    json.dumps(new.options),
                    new.seed,
                    new.host_user_id,
                    json.dumps(new.settings),
                    new.now,
                )
                if new.seats:
                    await conn.executemany(
                        "INSERT INTO seats (game_id, join_order, user_id, player, ai_level) "
                        "VALUES ($1, $2, $3, NULL, $4)",
                        [(game_id, order, user, level) for order, (user, level) in enumerate(new.seats)],
                    )
                await _enqueue(conn, [dataclasses.replace(m, game_id=game_id) for m in new.messages], new.now)
                await _notify(conn, game_id)
        except DatabaseError as error:
            # Another process opened a game in this channel between our check and insert (the unique index).
            cause = error.__cause__
            if isinstance(cause, asyncpg.UniqueViolationError) and cause.constraint_name == _ONE_OPEN_PER_CHANNEL:
                raise ChannelTaken(new.channel_id, None) from None
            raise
        return game_id

    async def add_seat(self, change: SeatAdd) -> list[SeatRow]:
        """Append a seat over the row at its revision; the seats after it."""
        async with self._write("add_seat") as conn:
            await _claim(conn, change.game_id, change.revision, change.now, change.status)
            # Counted after the claim, which locks the game row: a second process cannot overfill the table.
            taken = await conn.fetchval("SELECT COUNT(*) FROM seats WHERE game_id = $1", change.game_id)
            if taken >= change.max_seats:
                raise SeatsFull(change.game_id, change.max_seats)
            await conn.execute(
                "INSERT INTO seats (game_id, join_order, user_id, player, ai_level) "
                "SELECT $1, COALESCE(MAX(join_order), -1) + 1, $2, NULL, $3 FROM seats WHERE game_id = $1",
                change.game_id,
                change.user_id,
                change.ai_level,
            )
            await _notify(conn, change.game_id)
            return [_seat(r) for r in await conn.fetch(_SEATS, change.game_id)]

    async def remove_seat(self, change: SeatRemove) -> list[SeatRow]:
        """Remove a seat over the row at its revision; the seats after it."""
        async with self._write("remove_seat") as conn:
            await _claim(conn, change.game_id, change.revision, change.now, change.status)
            await conn.execute(
                "DELETE FROM seats WHERE game_id = $1 AND join_order = $2", change.game_id, change.join_order
            )
            await _notify(conn, change.game_id)
            return [_seat(r) for r in await conn.fetch(_SEATS, change.game_id)]

    async def start_game(self, start: StartWrite) -> None:
        """Seat the players and store the opening state, deadlines and messages in one transaction."""
        async with self._write("start_game") as conn:
            done = await conn.execute(
                "UPDATE games SET status = 'active', players = $1, version = 0, snapshot = $2, pending = $3, "
                "ai_pending = $4, updated_at = $5, announced_version = 0, revision = revision + 1 "
                "WHERE id = $6 AND status = 'lobby'",
                start.players,
                start.snapshot,
                json.dumps(start.pending),
                int(start.ai_pending),
                start.now,
                start.game_id,
            )
            if _count(done) != 1:
                raise NotALobby(start.game_id)
            if start.assignment:
                await conn.executemany(
                    "UPDATE seats SET player = $1 WHERE game_id = $2 AND join_order = $3",
                    [(player, start.game_id, order) for order, player in start.assignment.items()],
                )
            await replan(conn, start.game_id, start.deadlines)
            await _enqueue(conn, start.messages, start.now)
            await _notify(conn, start.game_id)

    async def commit_move(self, move: MoveWrite) -> None:
        """The versioned update, log entries, deadlines and messages of a batch: ONE statement, so one round trip
        and one implicit transaction (the parts after the update run only when it matched). Moves committed at the
        same moment share one statement and one WAL flush, each still version-checked (group commit:
        db/postgres/group_commit.py)."""
        if move.new_version <= move.expected_version:
            raise ValueError("a game only moves forward")
        if move.rating is not None:
            # A game's last move carries its ratings: those writes need a transaction of their own, so it
            # never joins a group statement (once per game, it costs the group nothing).
            await self._commit_one(move)
            return
        await self._group.commit(move)

    async def _commit_many(self, moves: list[MoveWrite]) -> set[int]:
        """Several moves in one statement: the places (1-based) of those whose versioned update matched."""
        async with self._connection("commit_move") as conn:
            moved = await conn.fetchval(COMMIT_MOVES, *batch_arguments(moves, _QUEUE_LOCK_CLASS, GAME_CHANNEL))
        return set(moved)

    async def _commit_one(self, move: MoveWrite) -> None:
        """One move in one statement (_COMMIT_MOVE); with a rating, that statement and the rating's writes in
        one explicit transaction (a RatingConflict rolls the move back too)."""
        try:
            async with self._connection("commit_move") as conn:
                if move.rating is None:
                    moved = await conn.fetchval(_COMMIT_MOVE, *_move_arguments(move))
                else:
                    async with conn.transaction():
                        moved = await conn.fetchval(_COMMIT_MOVE, *_move_arguments(move))
                        if moved == 1:
                            await ratings_repo.write(conn, move.rating)
        except DatabaseError as error:
            if isinstance(error.__cause__, asyncpg.UniqueViolationError):
                # A log entry with this (game, seq) exists: another writer stored this move first.
                raise VersionConflict(move.game_id, move.expected_version) from None
            raise
        if moved != 1:
            raise VersionConflict(move.game_id, move.expected_version)

    async def close_game(self, close: CloseWrite) -> bool:
        """New status from one of `only_from`, deadlines dropped, messages queued; False if not from there."""
        async with self._write("close_game") as conn:
            done = await conn.execute(
                "UPDATE games SET status = $1, status_reason = $2, ai_pending = 0, updated_at = $3, "
                "revision = revision + 1 WHERE id = $4 AND status = ANY($5::text[])",
                close.status,
                close.reason,
                close.now,
                close.game_id,
                list(close.only_from),
            )
            if _count(done) != 1:
                return False
            await conn.execute("DELETE FROM deadlines WHERE game_id = $1", close.game_id)
            await _enqueue(conn, close.messages, close.now)
            await _notify(conn, close.game_id)
        return True

    async def hand_over_seats(self, change: HandOver) -> None:
        """Hand seats over, over the row at its revision, in one transaction."""
        async with self._write("hand_over_seats") as conn:
            await _claim(conn, change.game_id, change.revision, change.now, change.status)
            if change.join_orders:
                if change.ai_level is None:
                    await conn.executemany(
                        "UPDATE seats SET user_id = $1 WHERE game_id = $2 AND join_order = $3",
                        [(change.user_id, change.game_id, order) for order in change.join_orders],
                    )
                else:
                    await conn.executemany(
                        "UPDATE seats SET user_id = $1, ai_level = $2 WHERE game_id = $3 AND join_order = $4",
                        [(change.user_id, change.ai_level, change.game_id, order) for order in change.join_orders],
                    )
            await conn.execute(
                "UPDATE games SET ai_pending = $1, updated_at = $2 WHERE id = $3",
                int(change.ai_pending),
                change.now,
                change.game_id,
            )
            if change.drop_deadlines_of:
                await conn.execute(
                    "DELETE FROM deadlines WHERE game_id = $1 AND player = ANY($2::int[])",
                    change.game_id,
                    list(change.drop_deadlines_of),
                )
            await _notify(conn, change.game_id)

    async def set_settings(self, change: SettingsWrite) -> None:
        """Store settings over the row at its revision (and re-plan deadlines), in one transaction."""
        async with self._write("set_settings") as conn:
            done = await conn.execute(
                "UPDATE games SET settings = $1, updated_at = $2, revision = revision + 1 "
                "WHERE id = $3 AND revision = $4",
                json.dumps(change.settings),
                change.now,
                change.game_id,
                change.revision,
            )
            if _count(done) != 1:
                raise RevisionConflict(change.game_id, change.revision)
            if change.deadlines is not None:
                await replan(conn, change.game_id, change.deadlines)
            await _notify(conn, change.game_id)

    async def set_announced(self, versions: Mapping[int, int]) -> None:
        """Record announced versions (never backwards), in one transaction."""
        if not versions:
            return
        async with self._write("set_announced") as conn:
            await conn.executemany(
                "UPDATE games SET announced_version = $1 WHERE id = $2 AND announced_version < $1",
                [(version, game_id) for game_id, version in versions.items()],
            )

    # -- the outbox --

    async def enqueue(self, messages: Sequence[NewMessage], now: float) -> None:
        """Store messages for delivery in the order given, in one transaction."""
        if not messages:
            return
        async with self._write("enqueue") as conn:
            await _enqueue(conn, messages, now)

    async def queue_heads(self, exclude: Collection[str] = ()) -> list[OutboxRow]:
        """The oldest pending message of every queue, oldest first."""
        async with self._connection("queue_heads") as conn:
            rows = await conn.fetch(
                f"{_OUTBOX} WHERE id IN (SELECT MIN(id) FROM outbox WHERE status = 'pending' GROUP BY queue) "
                "ORDER BY id"
            )
        skip = set(exclude)
        return [r for r in map(outbox_from_columns, rows) if r.queue not in skip]

    async def next_in_queue(self, queue: str) -> OutboxRow | None:
        """The oldest pending message of one queue."""
        async with self._connection("next_in_queue") as conn:
            row = await conn.fetchrow(f"{_OUTBOX} WHERE status = 'pending' AND queue = $1 ORDER BY id LIMIT 1", queue)
        return outbox_from_columns(row) if row is not None else None

    async def get_message(self, game_id: int, slot: str) -> MessageRef | None:
        """The posted message a table keeps editing in `slot`."""
        async with self._connection("get_message") as conn:
            row = await conn.fetchrow(
                "SELECT channel_id, message_id FROM table_messages WHERE game_id = $1 AND slot = $2", game_id, slot
            )
        return MessageRef(int(row["channel_id"]), int(row["message_id"])) if row is not None else None

    async def mark_delivered(self, row: OutboxRow, refs: Mapping[str, MessageRef | None], now: float) -> None:
        """Sent, with the slots it fills or empties: one statement (its own transaction)."""
        kept = {slot: ref for slot, ref in refs.items() if ref is not None}
        async with self._connection("mark_delivered") as conn:
            await conn.execute(
                _MARK_DELIVERED,
                now,
                row.id,
                row.game_id,
                [slot for slot, ref in refs.items() if ref is None],
                list(kept),
                [ref.channel_id for ref in kept.values()],
                [ref.message_id for ref in kept.values()],
            )

    async def mark_retry(self, row_id: int, next_at: float, error: str) -> None:
        """One more attempt counted; due again at `next_at`."""
        async with self._write("mark_retry") as conn:
            await conn.execute(
                "UPDATE outbox SET attempts = attempts + 1, next_at = $1, last_error = $2 WHERE id = $3",
                next_at,
                error[:500],
                row_id,
            )

    async def mark_failed(self, row_id: int, now: float, error: str) -> None:
        """Given up for good."""
        async with self._write("mark_failed") as conn:
            await conn.execute(
                "UPDATE outbox SET status = 'failed', attempts = attempts + 1, sent_at = $1, last_error = $2 "
                "WHERE id = $3",
                now,
                error[:500],
                row_id,
            )

    async def prune(self, before: float) -> int:
        """Forget finished messages older than `before`; how many."""
        async with self._write("prune") as conn:
            return _count(await conn.execute("DELETE FROM outbox WHERE status <> 'pending' AND sent_at < $1", before))

    async def outbox_state(self, game_id: int) -> OutboxState:
        """Pending count, oldest pending and latest failures of a game, read at one moment."""
        async with self._snapshot("outbox_state") as conn:
            pending = await conn.fetchval(
                "SELECT COUNT(*) FROM outbox WHERE status = 'pending' AND game_id = $1", game_id
            )
            oldest = await conn.fetchrow(
                f"{_OUTBOX} WHERE game_id = $1 AND status = 'pending' ORDER BY id LIMIT 1", game_id
            )
            failed = await conn.fetch(
                f"{_OUTBOX} WHERE game_id = $1 AND status = 'failed' ORDER BY id DESC LIMIT 5", game_id
            )
        return OutboxState(
            pending=int(pending),
            oldest_pending=outbox_from_columns(oldest) if oldest is not None else None,
            failures=[outbox_from_columns(r) for r in failed],
        )

    # -- deadlines --

    async def due_deadlines(self, now: float, limit: int) -> list[DeadlineRow]:
        """Deadlines due at `now`, earliest first."""
        async with self._connection("due_deadlines") as conn:
            rows = await conn.fetch(
                f"{_DEADLINES} WHERE due_at <= $1 ORDER BY due_at, game_id, player LIMIT $2", now, limit
            )
        return [_deadline(r) for r in rows]

    async def deadlines_for(self, game_id: int) -> list[DeadlineRow]:
        """Every deadline of a game."""
        async with self._connection("deadlines_for") as conn:
            rows = await conn.fetch(f"{_DEADLINES} WHERE game_id = $1 ORDER BY player, kind", game_id)
        return [_deadline(r) for r in rows]

    async def next_due_at(self) -> float | None:
        """When the earliest deadline falls."""
        async with self._connection("next_due_at") as conn:
            value = await conn.fetchval("SELECT MIN(due_at) FROM deadlines")
        return None if value is None else float(value)

    async def remind(self, row: DeadlineRow, next_due: float, messages: Sequence[NewMessage], now: float) -> bool:
        """Count the reminder and queue its messages, only over the deadline as read (one process wins)."""
        async with self._write("remind") as conn:
            done = await conn.execute(
                "UPDATE deadlines SET reminders = reminders + 1, due_at = $1 "
                "WHERE game_id = $2 AND player = $3 AND kind = $4 AND reminders = $5 AND due_at = $6",
                next_due,
                row.game_id,
                row.player,
                row.kind,
                row.reminders,
                row.due_at,
            )
            if _count(done) != 1:
                return False
            await _enqueue(conn, messages, now)
        return True

    async def postpone(self, row: DeadlineRow, due_at: float) -> bool:
        """Move the deadline later without counting a reminder, only over the deadline as read (one process wins)."""
        async with self._write("postpone") as conn:
            done = await conn.execute(
                "UPDATE deadlines SET due_at = $1 "
                "WHERE game_id = $2 AND player = $3 AND kind = $4 AND reminders = $5 AND due_at = $6",
                due_at,
                row.game_id,
                row.player,
                row.kind,
                row.reminders,
                row.due_at,
            )
            return _count(done) == 1

    async def drop_deadline(self, row: DeadlineRow) -> None:
        """Forget one deadline."""
        async with self._write("drop_deadline") as conn:
            await conn.execute(
                "DELETE FROM deadlines WHERE game_id = $1 AND player = $2 AND kind = $3",
                row.game_id,
                row.player,
                row.kind,
            )

    async def drop_deadlines(self, game_id: int, player: int | None = None) -> None:
        """Forget a game's (or one player's) deadlines."""
        async with self._write("drop_deadlines") as conn:
            if player is None:
                await conn.execute("DELETE FROM deadlines WHERE game_id = $1", game_id)
            else:
                await conn.execute("DELETE FROM deadlines WHERE game_id = $1 AND player = $2", game_id, player)

    # -- players' own settings --

    async def get_player(self, user_id: int) -> PlayerRow | None:
        """The user's settings row, or None."""
        return (await self.get_players((user_id,))).get(user_id)

    async def get_players(self, user_ids: Collection[int]) -> dict[int, PlayerRow]:
        """The settings rows of these users that exist, by user id."""
        async with self._connection("get_players") as conn:
            return await players_repo.get_players(conn, user_ids)

    async def put_player(self, row: PlayerRow) -> None:
        """Insert or replace the user's settings row."""
        async with self._write("put_player") as conn:
            await players_repo.put_player(conn, row)

    async def set_player_locale(self, user_id: int, locale: str, at: float) -> None:
        """Set the user's last seen language, leaving their other settings alone."""
        async with self._write("set_player_locale") as conn:
            await players_repo.set_locale(conn, user_id, locale, at)

    # -- ratings --

    async def ratings_of(self, guild_id: int, game_name: str, subjects: Sequence[Subject]) -> list[SkillRow]:
        """The stored ratings of these subjects on a server's game (one snapshot)."""
        async with self._snapshot("ratings_of") as conn:
            return await ratings_repo.ratings_of(conn, guild_id, game_name, subjects)

    async def rating_board(self, guild_id: int, game_name: str) -> list[SkillRow]:
        """Every rating of a server's game."""
        async with self._connection("rating_board") as conn:
            return await ratings_repo.board(conn, guild_id, game_name)

    async def seat_ratings(self, game_id: int) -> list[SeatRating]:
        """The rated seats of a game, by player."""
        async with self._connection("seat_ratings") as conn:
            return await ratings_repo.seat_ratings(conn, game_id)

    async def turn_counts(self, game_id: int) -> dict[int, TurnCount]:
        """Each player's own and stood-in moves of a game."""
        async with self._connection("turn_counts") as conn:
            return await ratings_repo.turn_counts(conn, game_id)

    async def finished_games(self) -> list[FinishedGame]:
        """Every finished game, in the order they ended (one snapshot)."""
        async with self._snapshot("finished_games") as conn:
            return await ratings_repo.finished_games(conn)

    async def replace_ratings(self, ratings: Sequence[RatingWrite]) -> None:
        """Replace every stored rating in one transaction."""
        async with self._write("replace_ratings") as conn:
            await ratings_repo.replace_all(conn, ratings)

    # -- stats --

    async def stats_games(self, scope: StatsFilter) -> list[StatsGame]:
        """The finished games of `scope`, by id, with every seat (one snapshot)."""
        async with self._snapshot("stats_games") as conn:
            return await stats_repo.finished_for_stats(conn, scope)

    async def turn_times(self, scope: StatsFilter) -> list[TurnTime]:
        """The stored turn times of people's own moves in the games of `scope`."""
        async with self._connection("turn_times") as conn:
            return await stats_repo.turn_times(conn, scope)



def _move_arguments(move: MoveWrite) -> list[object]:
    """The parameters of _COMMIT_MOVE for one move."""
    plan = PlanRows.of(move.deadlines)
    actions = move.actions
    messages = move.messages
    return [
        move.game_id,
        move.expected_version,
        move.new_version,
        move.snapshot,
        json.dumps(move.pending),
        int(move.ai_pending),
        "finished" if move.finished else "active",
        json.dumps(move.outcome) if move.outcome is not None else None,
        move.now,
        move.announced_version,
        [a.game_id for a in actions],
        [a.seq for a in actions],
        [a.player for a in actions],
        [a.action_id for a in actions],
        [a.source for a in actions],
        [a.user_id for a in actions],
        [a.undoes for a in actions],
        [json.dumps(a.events) for a in actions],
        [a.created_at for a in actions],
        plan.players,
        plan.kinds,
        plan.dues,
        plan.reset,
        plan.keep_timers,
        plan.version,
        [m.game_id for m in messages],
        [m.queue for m in messages],
        [m.kind for m in messages],
        [payload_text(m) for m in messages],
        sorted({m.queue for m in messages}),
        _QUEUE_LOCK_CLASS,
        GAME_CHANNEL,
        [a.turn_seconds for a in actions],
    ]


async def _keep_session(conn: asyncpg.Connection) -> None:
    """The pool's reset of a released connection: nothing to send.

    asyncpg's default reset sends a query (unlock advisory locks, close cursors, UNLISTEN, RESET ALL) on
    every release, which doubled the cost of a one-row read. Nothing in db/ leaves such state on a pooled
    connection: advisory locks are transaction-scoped, no session setting is changed, and db/changes.py
    removes its listener (UNLISTEN) before it gives its connection back. An open transaction is rolled
    back by asyncpg itself before this is called.
    """


async def open_postgres_store(url: str, *, pool: PoolSettings | None = None) -> PostgresStore:
    """Connect to the PostgreSQL database `url` names, migrate its schema, and return the Store on it.

    The pool's bounds come from `pool`, else from the URL's `pool_min`/`pool_max` query parameters, else from
    DATABASE_POOL_MIN/DATABASE_POOL_MAX in the environment, else 2 and 10.
    Raises SchemaTooNew / SchemaMismatch (nothing changed) like the SQLite store, and DatabaseError when the
    database cannot be reached.
    """
    settings, url = PoolSettings.from_url(url)
    settings = pool or settings
    where = redacted(url)
    try:
        created = await asyncpg.create_pool(
            url, min_size=settings.min_size, max_size=settings.max_size, reset=_keep_session
        )
    except _DRIVER_ERRORS as error:
        raise DatabaseError(f"cannot connect to the PostgreSQL database {where}: {error}") from error
    assert created is not None
    try:
        async with created.acquire() as conn:
            version = await apply_migrations(conn, where)
    except _DRIVER_ERRORS as error:
        await created.close()
        raise DatabaseError(f"migrating the PostgreSQL database {where} failed: {error}") from error
    except BaseException:
        await created.close()
        raise
    log.info(
        "PostgreSQL store %s open at schema version %s (pool %s-%s)", where, version, *dataclasses.astuple(settings)
    )
    return PostgresStore(created, url)


if TYPE_CHECKING:
    # mypy proves here that PostgresStore satisfies the Store protocol.
    _conforms: type[Store] = PostgresStore

__all__ = ["GAME_CHANNEL", "PoolSettings", "PostgresStore", "open_postgres_store"]
