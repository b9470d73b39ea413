"""SQLite-only helpers of the benchmarks (benchmarks/host.py): the bare-commit baseline and bulk copies of games.

They live in db/ because only db/ talks to SQLite directly; nothing in the bot uses them.
"""

from __future__ import annotations

import sqlite3
import time
from pathlib import Path

# Copied as they are; id (new), channel_id (one per copy) and revision (a fresh row) are not.
_GAME_COLUMNS = (
    "guild_id, game_name, options, seed, status, status_reason, host_user_id, settings, players, version, "
    "snapshot, pending, ai_pending, outcome, created_at, updated_at, announced_version"
)


class BareWriter:
    """The baseline a move is compared with: a plain sqlite3 INSERT + COMMIT on the same file, same pragmas."""

    def __init__(self, path: str | Path, synchronous: str) -> None:
        if synchronous.upper() not in ("OFF", "NORMAL", "FULL", "EXTRA"):
            raise ValueError(f"unknown synchronous level {synchronous!r}")
        self._conn = sqlite3.connect(path, isolation_level=None)
        self._conn.execute("PRAGMA journal_mode = WAL")
        self._conn.execute(f"PRAGMA synchronous = {synchronous.upper()}")
        self._conn.execute("CREATE TABLE IF NOT EXISTS bench_bare (id INTEGER PRIMARY KEY, body TEXT)")

    def insert(self, size: int) -> float:
        """Seconds to insert and commit one row of `size` bytes."""
        body = "x" * size
        began = time.perf_counter()
        self._conn.execute("BEGIN IMMEDIATE")
        self._conn.execute("INSERT INTO bench_bare (body) VALUES (?)", (body,))
        self._conn.execute("COMMIT")
        return time.perf_counter() - began

    def close(self) -> None:
        """Drop the scratch table and close."""
        self._conn.execute("DROP TABLE bench_bare")
        self._conn.close()


def clone_games(path: str | Path, copies: list[tuple[int, int, int]]) -> None:
    """For each (template game id, count, first channel id): `count` copies of the game with its seats and log,
    in channels first, first + 1, ...; one transaction. For building large databases fast."""
    conn = sqlite3.connect(path, isolation_level=None)
    try:
        conn.execute("BEGIN")
        for template, count, first_channel in copies:
            for i in range(count):
                cursor = conn.execute(
                    f"INSERT INTO games (channel_id, {_GAME_COLUMNS}) "
                    f"SELECT ?, {_GAME_COLUMNS} FROM games WHERE id = ?",
                    (first_channel + i, template),
                )
                new_id = cursor.lastrowid
                conn.execute(
                    "INSERT INTO seats (game_id, join_order, user_id, player, ai_level) "
                    "SELECT ?, join_order, user_id, player, ai_level FROM seats WHERE game_id = ?",
                    (new_id, template),
                )
                conn.execute(
                    "INSERT INTO actions SELECT ?, seq, player, action_id, source, user_id, undoes, events, "
                    "created_at FROM actions WHERE game_id = ?",
                    (new_id, template),
                )
        conn.execute("COMMIT")
    finally:
        conn.close()
