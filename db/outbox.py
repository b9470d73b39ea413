"""The outbox table: messages waiting to be delivered, and the ids of messages a table keeps editing.

Rows are written by the same transaction as the change that caused them (write
steps taking a sqlite3.Connection, run by Database.write) and read by the
sender (functions taking the main aiosqlite connection). A queue is delivered
strictly in id order: a row is due only when every older row of its queue is
done.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterable

import aiosqlite

from db.rows import FAILED, PENDING, SENT, MessageRef, NewMessage, OutboxRow, outbox_from_columns, payload_text

__all__ = ["FAILED", "PENDING", "SENT", "MessageRef", "NewMessage", "OutboxRow"]


def enqueue(conn: sqlite3.Connection, messages: Iterable[NewMessage], now: float) -> None:
    """Store messages for delivery, in the order given. A write step."""
    conn.executemany(
        "INSERT INTO outbox (game_id, queue, kind, payload, next_at, created_at) VALUES (?, ?, ?, ?, ?, ?)",
        [
            (m.game_id, m.queue, m.kind, payload_text(m), now, now)
            for m in messages
        ],
    )


async def enqueue_async(conn: aiosqlite.Connection, messages: Iterable[NewMessage], now: float) -> None:
    """`enqueue` inside a transaction of the main connection (Database.transaction)."""
    await conn.executemany(
        "INSERT INTO outbox (game_id, queue, kind, payload, next_at, created_at) VALUES (?, ?, ?, ?, ?, ?)",
        [
            (m.game_id, m.queue, m.kind, payload_text(m), now, now)
            for m in messages
        ],
    )


def _row(row: sqlite3.Row) -> OutboxRow:
    return outbox_from_columns(row)


_SELECT = "SELECT id, game_id, queue, kind, payload, status, attempts, next_at, last_error, created_at FROM outbox"


async def queue_heads(conn: aiosqlite.Connection, exclude: Iterable[str] = ()) -> list[OutboxRow]:
    """The oldest pending row of every queue (whether due or not), oldest first."""
    conn.row_factory = sqlite3.Row
    skip = set(exclude)
    async with conn.execute(
        f"{_SELECT} WHERE id IN (SELECT MIN(id) FROM outbox WHERE status = 'pending' GROUP BY queue) ORDER BY id"
    ) as cursor:
        rows = [_row(r) async for r in cursor]
    return [r for r in rows if r.queue not in skip]


async def next_in_queue(conn: aiosqlite.Connection, queue: str) -> OutboxRow | None:
    """The oldest pending row of one queue."""
    conn.row_factory = sqlite3.Row
    async with conn.execute(
        f"{_SELECT} WHERE status = 'pending' AND queue = ? ORDER BY id LIMIT 1", (queue,)
    ) as cursor:
        row = await cursor.fetchone()
    return _row(row) if row is not None else None


def mark_sent(conn: sqlite3.Connection, row_id: int, now: float) -> None:
    """The message was delivered. A write step."""
    conn.execute(
        "UPDATE outbox SET status = 'sent', sent_at = ?, attempts = attempts + 1 WHERE id = ?", (now, row_id)
    )


def mark_retry(conn: sqlite3.Connection, row_id: int, next_at: float, error: str) -> None:
    """The attempt failed for a passing reason: try again at `next_at`. A write step."""
    conn.execute(
        "UPDATE outbox SET attempts = attempts + 1, next_at = ?, last_error = ? WHERE id = ?",
        (next_at, error[:500], row_id),
    )


def mark_failed(conn: sqlite3.Connection, row_id: int, now: float, error: str) -> None:
    """The message can never be delivered (no permission, channel gone): stop trying. A write step."""
    conn.execute(
        "UPDATE outbox SET status = 'failed', attempts = attempts + 1, sent_at = ?, last_error = ? WHERE id = ?",
        (now, error[:500], row_id),
    )


def prune(conn: sqlite3.Connection, before: float) -> int:
    """Forget messages delivered (or given up) before `before`; returns how many. A write step."""
    cursor = conn.execute("DELETE FROM outbox WHERE status != 'pending' AND sent_at < ?", (before,))
    return cursor.rowcount


async def pending_count(conn: aiosqlite.Connection, game_id: int | None = None) -> int:
    """Messages not yet delivered (of one game, or all)."""
    args: tuple[int, ...] = ()
    if game_id is None:
        sql = "SELECT COUNT(*) FROM outbox WHERE status = 'pending'"
    else:
        sql, args = "SELECT COUNT(*) FROM outbox WHERE status = 'pending' AND game_id = ?", (game_id,)
    async with conn.execute(sql, args) as cursor:
        row = await cursor.fetchone()
    return int(row[0]) if row else 0


async def failures(conn: aiosqlite.Connection, game_id: int, limit: int = 5) -> list[OutboxRow]:
    """The latest messages of a game that could not be delivered for good, newest first."""
    conn.row_factory = sqlite3.Row
    async with conn.execute(
        f"{_SELECT} WHERE game_id = ? AND status = 'failed' ORDER BY id DESC LIMIT ?", (game_id, limit)
    ) as cursor:
        return [_row(r) async for r in cursor]


async def oldest_pending(conn: aiosqlite.Connection, game_id: int) -> OutboxRow | None:
    """The oldest undelivered message of a game (to say how late its channel is)."""
    conn.row_factory = sqlite3.Row
    async with conn.execute(
        f"{_SELECT} WHERE game_id = ? AND status = 'pending' ORDER BY id LIMIT 1", (game_id,)
    ) as cursor:
        row = await cursor.fetchone()
    return _row(row) if row is not None else None


def set_message(conn: sqlite3.Connection, game_id: int, slot: str, ref: MessageRef, now: float) -> None:
    """Remember the message a table keeps editing in `slot`. A write step."""
    conn.execute(
        "INSERT INTO table_messages (game_id, slot, channel_id, message_id, updated_at) VALUES (?, ?, ?, ?, ?) "
        "ON CONFLICT (game_id, slot) DO UPDATE SET channel_id = excluded.channel_id, "
        "message_id = excluded.message_id, updated_at = excluded.updated_at",
        (game_id, slot, ref.channel_id, ref.message_id, now),
    )


def clear_message(conn: sqlite3.Connection, game_id: int, slot: str) -> None:
    """Forget the message of a slot. A write step."""
    conn.execute("DELETE FROM table_messages WHERE game_id = ? AND slot = ?", (game_id, slot))


async def get_message(conn: aiosqlite.Connection, game_id: int, slot: str) -> MessageRef | None:
    """The message a table keeps editing in `slot`, if one was posted."""
    async with conn.execute(
        "SELECT channel_id, message_id FROM table_messages WHERE game_id = ? AND slot = ?", (game_id, slot)
    ) as cursor:
        row = await cursor.fetchone()
    return MessageRef(int(row[0]), int(row[1])) if row is not None else None
