"""SqliteStore: the Store (db/store.py) over one SQLite file, through today's `Database`.

Moves and the other hot writes are write steps handed to `Database.write`, so writes queued at
the same moment still share one transaction and one disk sync (group commit): one `commit_move`
is exactly one step. Lobby writes that read inside their transaction use `Database.transaction`
on the main connection. SQLite's constraint errors are turned into `db.errors` conflicts here
and never leave this module; a full disk, a read-only or failing file becomes StoreDown (here for
the main connection, in db/writer.py for the write steps).
"""

from __future__ import annotations

import contextlib
import dataclasses
import sqlite3
from collections.abc import AsyncIterator, Collection, Mapping, Sequence
from contextlib import asynccontextmanager
from pathlib import Path
from typing import TYPE_CHECKING

import aiosqlite

from db import actions as actions_repo
from db import deadlines as deadlines_repo
from db import games as games_repo
from db import outbox as outbox_repo
from db import players as players_repo
from db import ratings as ratings_repo
from db import seats as seats_repo
from db import stats as stats_repo
from db.connection import Database, open_database
from db.errors import ChannelTaken, NotALobby, RevisionConflict, SeatsFull, VersionConflict
from db.rating_rows import FinishedGame, RatingWrite, SeatRating, SkillRow, Subject, TurnCount
from db.rows import ActionRow, DeadlineRow, GameRow, MessageRef, NewMessage, OutboxRow, SeatRow
from db.sqlite_faults import store_down
from db.stat_rows import StatsFilter, StatsGame, TurnTime
from db.store import (
    CloseWrite,
    DeadlinePlan,
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


def _replan(conn: sqlite3.Connection, game_id: int, plan: DeadlinePlan) -> None:
    """Apply a DeadlinePlan inside a write step."""
    deadlines_repo.replan(conn, game_id, plan)


class SqliteStore:
    """The Store on one SQLite file (WAL, group commit, the single-writer lease of db/lease.py)."""

    def __init__(self, database: Database) -> None:
        self.database = database  # SQLite-only tools (checkpoint, lease) and SQLite tests reach it here

    @property
    def description(self) -> str:
        """The database file's path."""
        return self.database.path

    async def close(self) -> None:
        """Finish queued writes, release the lease reference, checkpoint and close (idempotent)."""
        await self.database.close()

    @asynccontextmanager
    async def _transaction(self) -> AsyncIterator[aiosqlite.Connection]:
        """`Database.transaction`, with a full disk or a failing file raised as StoreDown."""
        try:
            async with self.database.transaction() as conn:
                yield conn
        except sqlite3.Error as error:
            down = store_down(error, self.database.path)
            if down is None:
                raise
            await self._end_failed_commit()
            raise down from error

    async def _end_failed_commit(self) -> None:
        """Roll back what a COMMIT that failed left open (SQLite may keep the transaction after SQLITE_FULL),
        so that the next transaction on the main connection can begin."""
        async with self.database.reading() as conn:
            # Suppressed: SQLite may end the transaction itself meanwhile, leaving nothing to roll back.
            with contextlib.suppress(sqlite3.Error):
                if conn.in_transaction:
                    await conn.execute("ROLLBACK")

    @asynccontextmanager
    async def _reading(self) -> AsyncIterator[aiosqlite.Connection]:
        """`Database.reading`, with a failing file raised as StoreDown."""
        try:
            async with self.database.reading() as conn:
                yield conn
        except sqlite3.Error as error:
            down = store_down(error, self.database.path)
            if down is None:
                raise
            raise down from error

    async def _claim(self, conn: aiosqlite.Connection, game_id: int, revision: int, now: float, status: str) -> None:
        if not await games_repo.claim(conn, game_id, revision, now, status):
            raise RevisionConflict(game_id, revision)

    # -- games: reads --

    async def load_game(self, game_id: int, *, with_actions: bool) -> StoredGame | None:
        """The game, its seats and (if asked, and running) its log, under the connection lock (one state)."""
        async with self._reading() as conn:
            row = await games_repo.get_game(conn, game_id)
            if row is None:
                return None
            seats = await seats_repo.list_seats(conn, game_id)
            running = with_actions and row.status == "active"
            actions = await actions_repo.list_actions(conn, game_id) if running else None
        return StoredGame(row, seats, actions)

    async def get_game(self, game_id: int) -> GameRow | None:
        """The game row with this id, or None."""
        async with self._reading() as conn:
            return await games_repo.get_game(conn, game_id)

    async def list_seats(self, game_id: int) -> list[SeatRow]:
        """The seats of a game in join order."""
        async with self._reading() as conn:
            return await seats_repo.list_seats(conn, game_id)

    async def list_actions(self, game_id: int, after: int = 0) -> list[ActionRow]:
        """The log entries after seq `after`, in seq order."""
        async with self._reading() as conn:
            return await actions_repo.list_actions(conn, game_id, after)

    async def open_game_in_channel(self, channel_id: int) -> GameRow | None:
        """The lobby or running game of the channel, or None."""
        async with self._reading() as conn:
            return await games_repo.open_game_in_channel(conn, channel_id)

    async def recent_in_channel(self, channel_id: int, limit: int) -> list[GameRow]:
        """The newest games of the channel, newest first."""
        async with self._reading() as conn:
            return await games_repo.recent_in_channel(conn, channel_id, limit)

    async def set_thread_parent(self, thread_id: int, parent_id: int) -> None:
        """Insert or replace the thread's parent channel."""
        async with self._transaction() as conn:
            await games_repo.set_thread_parent(conn, thread_id, parent_id)

    async def open_game_ids_for_user(self, user_id: int) -> list[int]:
        """Open games where the user holds a seat, newest first."""
        async with self._reading() as conn:
            return await seats_repo.open_game_ids_for_user(conn, user_id)

    async def recovery_scan(self) -> RecoveryScan:
        """Running, AI-pending and unannounced games and the running games' log size, read at one moment."""
        async with self._reading() as conn:
            return RecoveryScan(
                running=await games_repo.ids_with_status(conn, "active"),
                ai_pending=await games_repo.ids_with_ai_pending(conn),
                unannounced=await games_repo.ids_unannounced(conn),
                running_moves=await games_repo.total_version(conn, "active"),
            )

    # -- games: writes --

    async def create_game(self, new: NewGame) -> int:
        """The new lobby's id; ChannelTaken when the channel has an open game."""
        try:
            async with self._transaction() as conn:
                busy = await games_repo.open_game_in_channel(conn, new.channel_id)
                if busy is not None:
                    raise ChannelTaken(new.channel_id, busy.id)
                game_id = await games_repo.insert_game(
                    conn,
                    guild_id=new.guild_id,
                    channel_id=new.channel_id,
                    game_name=new.game_name,
                    options=new.options,
                    seed=new.seed,
                    host_user_id=new.host_user_id,
                    settings=new.settings,
                    now=new.now,
                )
                for user_id, level in new.seats:
                    await seats_repo.add_seat(conn, game_id, user_id, level)
                messages = [dataclasses.replace(m, game_id=game_id) for m in new.messages]
                await outbox_repo.enqueue_async(conn, messages, new.now)
        except sqlite3.IntegrityError:
            # Another process opened a game in this channel between our check and insert (the unique index).
            raise ChannelTaken(new.channel_id, None) from None
        return game_id

    async def add_seat(self, change: SeatAdd) -> list[SeatRow]:
        """Append a seat over the row at its revision; the seats after it."""
        async with self._transaction() as conn:
            await self._claim(conn, change.game_id, change.revision, change.now, change.status)
            # Counted inside the write transaction: a second process cannot overfill the table.
            taken = await seats_repo.list_seats(conn, change.game_id)
            if len(taken) >= change.max_seats:
                raise SeatsFull(change.game_id, change.max_seats)
            await seats_repo.add_seat(conn, change.game_id, change.user_id, change.ai_level)
            return await seats_repo.list_seats(conn, change.game_id)

    async def remove_seat(self, change: SeatRemove) -> list[SeatRow]:
        """Remove a seat over the row at its revision; the seats after it."""
        async with self._transaction() as conn:
            await self._claim(conn, change.game_id, change.revision, change.now, change.status)
            await seats_repo.remove_seat(conn, change.game_id, change.join_order)
            return await seats_repo.list_seats(conn, change.game_id)

    async def start_game(self, start: StartWrite) -> None:
        """Seat the players and store the opening state, deadlines and messages: one write step."""

        def work(conn: sqlite3.Connection) -> None:
            # The status check first: seating the players of a game already running would break its seats.
            started = games_repo.start_game(
                conn,
                start.game_id,
                players=start.players,
                snapshot=start.snapshot,
                pending=start.pending,
                ai_pending=start.ai_pending,
                now=start.now,
            )
            if not started:
                raise NotALobby(start.game_id)
            seats_repo.assign_players(conn, start.game_id, start.assignment)
            _replan(conn, start.game_id, start.deadlines)
            outbox_repo.enqueue(conn, start.messages, start.now)

        await self.database.write(work)

    async def commit_move(self, move: MoveWrite) -> None:
        """The versioned update, log entries, deadlines and messages of a batch: ONE write step, so moves of
        many games queued together share one commit."""

        def work(conn: sqlite3.Connection) -> None:
            advanced = games_repo.advance(
                conn,
                move.game_id,
                expected_version=move.expected_version,
                new_version=move.new_version,
                snapshot=move.snapshot,
                pending=move.pending,
                ai_pending=move.ai_pending,
                finished=move.finished,
                outcome=move.outcome,
                now=move.now,
                announced_version=move.announced_version,
            )
            if not advanced:
                raise VersionConflict(move.game_id, move.expected_version)
            try:
                actions_repo.append_many(conn, list(move.actions))
            except sqlite3.IntegrityError:
                raise VersionConflict(move.game_id, move.expected_version) from None
            _replan(conn, move.game_id, move.deadlines)
            outbox_repo.enqueue(conn, move.messages, move.now)
            if move.rating is not None:
                # Inside the move's savepoint: a RatingConflict undoes the move too.
                ratings_repo.write(conn, move.rating)

        await self.database.write(work)

    async def close_game(self, close: CloseWrite) -> bool:
        """New status from one of `only_from`, deadlines dropped, messages queued; False if not from there."""
        async with self._transaction() as conn:
            changed = await games_repo.set_status(
                conn, close.game_id, close.status, reason=close.reason, now=close.now, only_from=close.only_from
            )
            if not changed:
                return False
            await deadlines_repo.delete(conn, close.game_id)
            await outbox_repo.enqueue_async(conn, close.messages, close.now)
        return True

    async def hand_over_seats(self, change: HandOver) -> None:
        """Hand seats over, over the row at its revision, in one transaction."""
        async with self._transaction() as conn:
            await self._claim(conn, change.game_id, change.revision, change.now, change.status)
            for join_order in change.join_orders:
                await seats_repo.set_user(conn, change.game_id, join_order, change.user_id, change.ai_level)
            await games_repo.set_ai_pending(conn, change.game_id, change.ai_pending, change.now)
            for player in change.drop_deadlines_of:
                await deadlines_repo.delete(conn, change.game_id, player)

    async def set_settings(self, change: SettingsWrite) -> None:
        """Store settings over the row at its revision (and re-plan deadlines): one write step."""

        def work(conn: sqlite3.Connection) -> None:
            if not games_repo.set_settings(conn, change.game_id, change.settings, change.now, revision=change.revision):
                raise RevisionConflict(change.game_id, change.revision)
            if change.deadlines is not None:
                _replan(conn, change.game_id, change.deadlines)

        await self.database.write(work)

    async def set_announced(self, versions: Mapping[int, int]) -> None:
        """Record announced versions (never backwards): one write step."""
        versions = dict(versions)
        await self.database.write(lambda conn: games_repo.set_announced(conn, versions))

    # -- the outbox --

    async def enqueue(self, messages: Sequence[NewMessage], now: float) -> None:
        """Store messages for delivery: one write step."""
        rows = list(messages)
        await self.database.write(lambda conn: outbox_repo.enqueue(conn, rows, now))

    async def queue_heads(self, exclude: Collection[str] = ()) -> list[OutboxRow]:
        """The oldest pending message of every queue, oldest first."""
        async with self._reading() as conn:
            return await outbox_repo.queue_heads(conn, exclude)

    async def next_in_queue(self, queue: str) -> OutboxRow | None:
        """The oldest pending message of one queue."""
        async with self._reading() as conn:
            return await outbox_repo.next_in_queue(conn, queue)

    async def get_message(self, game_id: int, slot: str) -> MessageRef | None:
        """The posted message a table keeps editing in `slot`."""
        async with self._reading() as conn:
            return await outbox_repo.get_message(conn, game_id, slot)

    async def mark_delivered(self, row: OutboxRow, refs: Mapping[str, MessageRef | None], now: float) -> None:
        """Sent, with the slots it fills or empties: one write step."""
        slots = dict(refs)

        def work(conn: sqlite3.Connection) -> None:
            outbox_repo.mark_sent(conn, row.id, now)
            for slot, ref in slots.items():
                if ref is None:
                    outbox_repo.clear_message(conn, row.game_id, slot)
                else:
                    outbox_repo.set_message(conn, row.game_id, slot, ref, now)

        await self.database.write(work)

    async def mark_retry(self, row_id: int, next_at: float, error: str) -> None:
        """One more attempt counted; due again at `next_at`."""
        await self.database.write(lambda conn: outbox_repo.mark_retry(conn, row_id, next_at, error))

    async def mark_failed(self, row_id: int, now: float, error: str) -> None:
        """Given up for good."""
        await self.database.write(lambda conn: outbox_repo.mark_failed(conn, row_id, now, error))

    async def prune(self, before: float) -> int:
        """Forget finished messages older than `before`; how many."""
        return await self.database.write(lambda conn: outbox_repo.prune(conn, before))

    async def outbox_state(self, game_id: int) -> OutboxState:
        """Pending count, oldest pending and latest failures of a game, read at one moment."""
        async with self._reading() as conn:
            return OutboxState(
                pending=await outbox_repo.pending_count(conn, game_id),
                oldest_pending=await outbox_repo.oldest_pending(conn, game_id),
                failures=await outbox_repo.failures(conn, game_id),
            )

    # -- deadlines --

    async def due_deadlines(self, now: float, limit: int) -> list[DeadlineRow]:
        """Deadlines due at `now`, earliest first."""
        async with self._reading() as conn:
            return await deadlines_repo.due(conn, now, limit)

    async def deadlines_for(self, game_id: int) -> list[DeadlineRow]:
        """Every deadline of a game."""
        async with self._reading() as conn:
            return await deadlines_repo.for_game(conn, game_id)

    async def next_due_at(self) -> float | None:
        """When the earliest deadline falls."""
        async with self._reading() as conn:
            return await deadlines_repo.next_due_at(conn)

    async def remind(self, row: DeadlineRow, next_due: float, messages: Sequence[NewMessage], now: float) -> bool:
        """Count the reminder and queue its messages, only over the deadline as read."""
        async with self._transaction() as conn:
            if not await deadlines_repo.reminded(conn, row, next_due):
                return False
            await outbox_repo.enqueue_async(conn, messages, now)
        return True

    async def postpone(self, row: DeadlineRow, due_at: float) -> bool:
        """Move the deadline later without counting a reminder, only over the deadline as read."""
        async with self._transaction() as conn:
            return await deadlines_repo.postponed(conn, row, due_at)

    async def drop_deadline(self, row: DeadlineRow) -> None:
        """Forget one deadline."""
        async with self._transaction() as conn:
            await deadlines_repo.delete_row(conn, row)

    async def drop_deadlines(self, game_id: int, player: int | None = None) -> None:
        """Forget a game's (or one player's) deadlines."""
        async with self._transaction() as conn:
            await deadlines_repo.delete(conn, game_id, player)

    # -- players' own settings --

    async def get_player(self, user_id: int) -> PlayerRow | None:
        """The user's settings row, or None."""
        return (await self.get_players((user_id,))).get(user_id)

    async def get_players(self, user_ids: Collection[int]) -> dict[int, PlayerRow]:
        """The settings rows of these users that exist, by user id."""
        async with self._reading() as conn:
            return await players_repo.get_players(conn, user_ids)

    async def put_player(self, row: PlayerRow) -> None:
        """Insert or replace the user's settings row."""
        async with self._transaction() as conn:
            await players_repo.put_player(conn, row)

    async def set_player_locale(self, user_id: int, locale: str, at: float) -> None:
        """Set the user's last seen language, leaving their other settings alone."""
        async with self._transaction() as conn:
            await players_repo.set_locale(conn, user_id, locale, at)

    # -- ratings --

    async def ratings_of(self, guild_id: int, game_name: str, subjects: Sequence[Subject]) -> list[SkillRow]:
        """The stored ratings of these subjects on a server's game."""
        async with self._reading() as conn:
            return await ratings_repo.ratings_of(conn, guild_id, game_name, subjects)

    async def rating_board(self, guild_id: int, game_name: str) -> list[SkillRow]:
        """Every rating of a server's game."""
        async with self._reading() as conn:
            return await ratings_repo.board(conn, guild_id, game_name)

    async def seat_ratings(self, game_id: int) -> list[SeatRating]:
        """The rated seats of a game, by player."""
        async with self._reading() as conn:
            return await ratings_repo.seat_ratings(conn, game_id)

    async def turn_counts(self, game_id: int) -> dict[int, TurnCount]:
        """Each player's own and stood-in moves of a game."""
        async with self._reading() as conn:
            return await ratings_repo.turn_counts(conn, game_id)

    async def finished_games(self) -> list[FinishedGame]:
        """Every finished game, in the order they ended."""
        async with self._reading() as conn:
            return await ratings_repo.finished_games(conn)

    async def replace_ratings(self, ratings: Sequence[RatingWrite]) -> None:
        """Replace every stored rating: one write step."""
        await self.database.write(lambda conn: ratings_repo.replace_all(conn, ratings))

    # -- stats --

    async def stats_games(self, scope: StatsFilter) -> list[StatsGame]:
        """The finished games of `scope`, by id, with every seat."""
        async with self._reading() as conn:
            return await stats_repo.finished_for_stats(conn, scope)

    async def turn_times(self, scope: StatsFilter) -> list[TurnTime]:
        """The stored turn times of people's own moves in the games of `scope`."""
        async with self._reading() as conn:
            return await stats_repo.turn_times(conn, scope)


async def open_sqlite_store(
    path: str | Path, *, synchronous: str = "FULL", exclusive: bool = False
) -> SqliteStore:
    """Open (creating and migrating) the SQLite file at `path` as a Store; see `open_database` for the
    refusals (SchemaTooNew, SchemaMismatch, DatabaseInUse) and `synchronous`/`exclusive`."""
    return SqliteStore(await open_database(path, synchronous=synchronous, exclusive=exclusive))



if TYPE_CHECKING:
    # mypy proves here that SqliteStore satisfies the Store protocol.
    _conforms: type[Store] = SqliteStore
