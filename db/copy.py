"""Copy a whole Gnomehost database into an empty one: `python -m db.copy SRC_URL DST_URL`.

Typical use: moving a SQLite file to PostgreSQL before running several bot processes
(`python -m db.copy sqlite:///gnomehost.db postgresql://gnomehost:secret@db/gnomehost`). Either side may be
SQLite (`sqlite:///path` or a bare path) or PostgreSQL (`postgresql://...`).

Every game is copied with its seats, its action log, its deadlines, its outbox rows (delivered, pending and
failed, with their attempts) and the messages its table keeps editing; ids are kept, so the outbox order and
every reference stay as they were. The destination must be empty (it is migrated to the current schema
first) and is written in ONE transaction, which commits only after the check below passes: a refused copy
leaves the destination as empty as it was.

The check, on the destination, inside that transaction: every copied row reads back equal to its source
row, and every started game replays: the engine, from the game's options and seed, plays its log (undone
moves left out) and must reach exactly the stored snapshot at exactly the stored version (the same
verification the bot runs at startup, host/live.py). Quarantined games are copied as they are, unreplayed
(they are quarantined because they do not replay).

Stop the bot before copying: a SQLite source is opened with its single-bot lock (refused while a bot runs),
a PostgreSQL source is read in one snapshot, but moves made after it would not be copied.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import logging
import sys
import time
from collections.abc import AsyncIterator, Callable, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from db.errors import DatabaseError
from db.pg_errors import driver_errors
from db.rows import ActionRow, effective_moves
from db.url import is_postgres, redacted, sqlite_path

log = logging.getLogger(__name__)

# Every table of the schema, parents first (seats, actions, deadlines and rated games reference games).
TABLES: tuple[str, ...] = (
    "games", "seats", "actions", "deadlines", "outbox", "table_messages",
    "ratings", "rated_games", "rated_seats", "players", "thread_parents",
)
# The order rows are read and compared in (each table's primary key).
ORDER_BY: dict[str, str] = {
    "games": "id",
    "seats": "game_id, join_order",
    "actions": "game_id, seq",
    "deadlines": "game_id, player, kind",
    "outbox": "id",
    "table_messages": "game_id, slot",
    "ratings": "guild_id, game_name, user_id, ai_level",
    "rated_games": "game_id",
    "rated_seats": "game_id, player",
    "players": "user_id",
    "thread_parents": "thread_id",
}
QUARANTINED = "quarantined"

Row = tuple[Any, ...]
Resolve = Callable[[str], Any]  # game name -> engine Game (engine.registry.get)


class CopyRefused(DatabaseError):
    """The copy was not made (or was rolled back): the destination is not empty, or a game did not verify."""


@dataclass(frozen=True, slots=True)
class Column:
    """One column: its name and the Python type its values are compared and written as."""

    name: str
    kind: type


@dataclass
class CopyReport:
    """What a copy did: rows per table, games replayed, games copied without replay (and why)."""

    rows: dict[str, int] = field(default_factory=dict)
    replayed: int = 0
    lobbies: int = 0  # never started: nothing to replay, checked row by row
    quarantined: list[int] = field(default_factory=list)
    seconds: float = 0.0

    def summary(self) -> str:
        """One paragraph for the terminal."""
        counts = ", ".join(f"{count} {table}" for table, count in self.rows.items())
        text = f"copied {counts}; {self.replayed} games verified by replay, {self.lobbies} lobbies checked row by row"
        if self.quarantined:
            text += f", {len(self.quarantined)} quarantined games copied unreplayed (ids {self.quarantined})"
        return text + f"; {self.seconds:.1f} s"


def _kind(declared: str) -> type:
    """The Python type of a declared column type (SQLite's or PostgreSQL's)."""
    declared = declared.lower()
    if "int" in declared:
        return int
    if "real" in declared or "double" in declared or "float" in declared or "numeric" in declared:
        return float
    return str


def _normal(row: Sequence[Any], columns: Sequence[Column]) -> Row:
    """A row with each value as its column's Python type (SQLite may store 5 in a REAL column)."""
    return tuple(None if value is None else column.kind(value) for value, column in zip(row, columns, strict=True))


class Side(Protocol):
    """One database of a copy, SQLite or PostgreSQL, seen as tables of plain rows."""

    description: str

    async def columns(self, table: str) -> list[Column]:
        """The table's columns in their stored order."""
        ...

    async def read(self, table: str, columns: Sequence[Column], where: str = "") -> list[Row]:
        """The table's rows (in ORDER_BY order), values as the columns' Python types."""
        ...

    async def insert(self, table: str, columns: Sequence[Column], rows: Sequence[Row]) -> None:
        """Write rows as they are (ids included); inside `writing()`."""
        ...

    def writing(self) -> Any:
        """An async context manager: one transaction, rolled back if its block raises."""
        ...

    def reading(self) -> Any:
        """An async context manager: several reads that see one moment."""
        ...

    async def after_insert(self) -> None:
        """Whatever makes new rows get fresh ids after rows were written with their ids (inside `writing()`)."""
        ...

    async def close(self) -> None:
        """Release the database."""
        ...


class SqliteSide:
    """A SQLite file, opened like the bot opens it (migrated, and with the single-bot lock held)."""

    def __init__(self, database: Any) -> None:
        self._db = database
        self._conn: Any = database.conn
        self.description = database.path

    @classmethod
    async def open(cls, path: str, *, must_exist: bool) -> SqliteSide:
        """Open the file at `path` (DatabaseInUse while a bot runs on it)."""
        from db.connection import open_database  # the SQLite machinery only when a side is SQLite

        if must_exist and not Path(path).is_file():
            raise CopyRefused(f"the source database {path} does not exist")
        return cls(await open_database(path, exclusive=True, checkpoint_seconds=None))

    async def columns(self, table: str) -> list[Column]:
        """The table's columns (PRAGMA table_info)."""
        async with self._conn.execute(f"PRAGMA table_info({table})") as cursor:
            return [Column(r[1], _kind(r[2])) for r in await cursor.fetchall()]

    async def read(self, table: str, columns: Sequence[Column], where: str = "") -> list[Row]:
        """Rows in primary-key order."""
        names = ", ".join(c.name for c in columns)
        async with self._conn.execute(f"SELECT {names} FROM {table} {where} ORDER BY {ORDER_BY[table]}") as cursor:
            return [_normal(tuple(r), columns) for r in await cursor.fetchall()]

    async def insert(self, table: str, columns: Sequence[Column], rows: Sequence[Row]) -> None:
        """INSERT with the ids given (AUTOINCREMENT then continues after the largest)."""
        marks = ", ".join("?" for _ in columns)
        names = ", ".join(c.name for c in columns)
        await self._conn.executemany(f"INSERT INTO {table} ({names}) VALUES ({marks})", rows)

    @asynccontextmanager
    async def writing(self) -> AsyncIterator[None]:
        """BEGIN IMMEDIATE ... COMMIT (rolled back when the block raises)."""
        async with self._db.transaction():
            yield

    @asynccontextmanager
    async def reading(self) -> AsyncIterator[None]:
        """The connection to ourselves (the lock held keeps other processes from writing meanwhile)."""
        async with self._db.reading():
            yield

    async def after_insert(self) -> None:
        """Nothing: SQLite's AUTOINCREMENT already moved past the inserted ids."""

    async def close(self) -> None:
        """Checkpoint and close, releasing the lock."""
        await self._db.close()


class PostgresSide:
    """A PostgreSQL database, migrated to the current schema like the bot does at start."""

    def __init__(self, conn: Any, url: str) -> None:
        self._conn = conn
        self.description = redacted(url)

    @classmethod
    async def open(cls, url: str) -> PostgresSide:
        """Connect and migrate."""
        import asyncpg

        from db.postgres.migrations import apply_migrations
        from db.postgres.store import PoolSettings

        _, url = PoolSettings.from_url(url)  # a bot's DATABASE_URL may carry pool bounds: not for the server
        try:
            conn = await asyncpg.connect(url)
        except driver_errors() as error:
            raise DatabaseError(f"cannot connect to {redacted(url)}: {error}") from error
        try:
            await apply_migrations(conn, redacted(url))
        except BaseException:
            await conn.close()
            raise
        return cls(conn, url)

    async def columns(self, table: str) -> list[Column]:
        """The table's columns (information_schema)."""
        rows = await self._conn.fetch(
            "SELECT column_name, data_type FROM information_schema.columns "
            "WHERE table_schema = current_schema() AND table_name = $1 ORDER BY ordinal_position",
            table,
        )
        return [Column(r["column_name"], _kind(r["data_type"])) for r in rows]

    async def read(self, table: str, columns: Sequence[Column], where: str = "") -> list[Row]:
        """Rows in primary-key order."""
        names = ", ".join(c.name for c in columns)
        rows = await self._conn.fetch(f"SELECT {names} FROM {table} {where} ORDER BY {ORDER_BY[table]}")
        return [_normal(tuple(r), columns) for r in rows]

    async def insert(self, table: str, columns: Sequence[Column], rows: Sequence[Row]) -> None:
        """COPY the rows in (the fast path for big logs)."""
        if rows:
            await self._conn.copy_records_to_table(table, records=rows, columns=[c.name for c in columns])

    @asynccontextmanager
    async def writing(self) -> AsyncIterator[None]:
        """One transaction."""
        async with self._conn.transaction():
            yield

    @asynccontextmanager
    async def reading(self) -> AsyncIterator[None]:
        """A REPEATABLE READ read-only transaction: every table as of one moment."""
        async with self._conn.transaction(isolation="repeatable_read", readonly=True):
            yield

    async def after_insert(self) -> None:
        """Move every identity sequence past the largest id copied, so new games and messages get new ids."""
        identities = await self._conn.fetch(
            "SELECT table_name, column_name FROM information_schema.columns "
            "WHERE table_schema = current_schema() AND is_identity = 'YES'"
        )
        for row in identities:
            table, column = row["table_name"], row["column_name"]
            await self._conn.execute(
                f"SELECT setval(pg_get_serial_sequence('{table}', '{column}'), "
                f"COALESCE(MAX({column}), 0) + 1, false) FROM {table}"
            )

    async def close(self) -> None:
        """Close the connection."""
        await self._conn.close()


async def open_side(url: str, *, source: bool) -> Side:
    """The database a URL (or bare SQLite path) names."""
    path = sqlite_path(url)
    if path is not None:
        return await SqliteSide.open(path, must_exist=source)
    if is_postgres(url):
        return await PostgresSide.open(url)
    raise CopyRefused(f"{redacted(url)} is neither a sqlite:/// nor a postgresql:// URL")


def _canonical(text: str) -> str:
    # The form host/live.py stores and compares snapshots in (sorted keys, no spaces).
    return json.dumps(json.loads(text), sort_keys=True, separators=(",", ":"))


def _migrates_to(game: Any, stored: str, replayed: str) -> bool:
    """Whether a stored snapshot of an older schema loads through its game (migrated on load) to the replayed
    dump. A snapshot stored before a schema change differs in text from the replay while holding the same
    state; one of the replay's own schema must match in text, since a loader may ignore what it does not know.
    """
    try:
        data = json.loads(stored)
        if not isinstance(data, dict) or data.get("schema") == json.loads(replayed).get("schema"):
            return False
        return json.dumps(game.dump(game.load(data)), sort_keys=True, separators=(",", ":")) == replayed
    except Exception:  # a snapshot the game refuses does not match; replay_problem gives the verdict
        return False


def replay_problem(game_row: dict[str, Any], actions: list[ActionRow], resolve: Resolve) -> str | None:
    """Why a started game's stored snapshot and version disagree with the replay of its log, or None."""
    from engine.core.game import replay

    if game_row["players"] is None or game_row["snapshot"] is None:
        return "a started game without a player count or snapshot"
    seqs = [a.seq for a in actions]
    if seqs != list(range(1, len(seqs) + 1)):
        return "its log has a gap in its numbering"
    if (seqs[-1] if seqs else 0) != game_row["version"]:
        return f"its log ends at entry {seqs[-1] if seqs else 0} but the game is at version {game_row['version']}"
    try:
        game = resolve(game_row["game_name"])
        moves = [(a.player, a.action_id) for a in effective_moves(actions)]
        state, _ = replay(game, game_row["players"], game_row["seed"], json.loads(game_row["options"]), moves)
        replayed = json.dumps(game.dump(state), sort_keys=True, separators=(",", ":"))
        stored = _canonical(game_row["snapshot"])
    except Exception as error:  # any failure to replay is the verdict on this game, not a crash of the copy
        return f"its log does not replay ({type(error).__name__}: {error})"
    if replayed != stored and not _migrates_to(game, stored, replayed):
        return f"the replay of its {len(actions)} log entries differs from the stored snapshot"
    return None


def _action_rows(rows: list[Row], columns: list[Column]) -> dict[int, list[ActionRow]]:
    names = [c.name for c in columns]
    by_game: dict[int, list[ActionRow]] = {}
    for row in rows:
        v = dict(zip(names, row, strict=True))
        entry = ActionRow(
            v["game_id"],
            v["seq"],
            v["player"],
            v["action_id"],
            v["source"],
            v["user_id"],
            v["undoes"],
            [],
            v["created_at"],
        )
        by_game.setdefault(entry.game_id, []).append(entry)
    return by_game


async def _verify(
    destination: Side, schema: dict[str, list[Column]], copied: dict[str, list[Row]], resolve: Resolve
) -> CopyReport:
    """Read everything back from the destination and replay every started game; CopyRefused on a difference."""
    report = CopyReport()
    problems: list[str] = []
    stored: dict[str, list[Row]] = {}
    for table in TABLES:
        stored[table] = await destination.read(table, schema[table])
        report.rows[table] = len(stored[table])
        if stored[table] != copied[table]:
            problems.append(f"the table {table} reads back differently from the source")
    names = [c.name for c in schema["games"]]
    actions = _action_rows(stored["actions"], schema["actions"])
    for row in stored["games"]:
        game = dict(zip(names, row, strict=True))
        if game["status"] == QUARANTINED:
            report.quarantined.append(game["id"])
        elif game["snapshot"] is None:
            report.lobbies += 1
        else:
            problem = replay_problem(game, actions.get(game["id"], []), resolve)
            if problem is None:
                report.replayed += 1
            else:
                problems.append(f"game {game['id']} ({game['game_name']}, {game['status']}): {problem}")
    if problems:
        raise CopyRefused("the copy did not verify and was rolled back: " + "; ".join(problems))
    return report


async def copy_database(source_url: str, destination_url: str, *, resolve: Resolve | None = None) -> CopyReport:
    """Copy every game of `source_url` into the empty database `destination_url` and verify it (module doc).

    `resolve` finds a game's engine by name (default: engine.registry.get). Raises CopyRefused (nothing
    written) when the destination holds data or any game does not verify, DatabaseInUse when a bot runs on
    a SQLite side, and the migrations' SchemaTooNew/SchemaMismatch for a database this Gnomehost cannot use.
    """
    if resolve is None:
        from engine import registry

        resolve = registry.get
    if source_url == destination_url:
        raise CopyRefused("the source and the destination are the same database")
    started = time.perf_counter()
    source = await open_side(source_url, source=True)
    try:
        destination = await open_side(destination_url, source=False)
        try:
            report = await _copy(source, destination, resolve)
        finally:
            await destination.close()
    finally:
        await source.close()
    report.seconds = time.perf_counter() - started
    log.info("copied %s to %s: %s", source.description, destination.description, report.summary())
    return report


async def _copy(source: Side, destination: Side, resolve: Resolve) -> CopyReport:
    schema: dict[str, list[Column]] = {}
    for table in TABLES:
        theirs, ours = await source.columns(table), await destination.columns(table)
        if [c.name for c in theirs] != [c.name for c in ours]:
            raise CopyRefused(f"the table {table} has other columns on the two sides (different schema versions?)")
        schema[table] = ours  # values take the destination's types
    async with source.reading():
        rows = {table: await source.read(table, schema[table]) for table in TABLES}
    async with destination.writing():
        for table in TABLES:
            if await destination.read(table, schema[table][:1]):
                raise CopyRefused(
                    f"the destination {destination.description} is not empty (its table {table} has rows): "
                    "db.copy only fills a new, empty database"
                )
        for table in TABLES:
            await destination.insert(table, schema[table], rows[table])
        await destination.after_insert()
        # Inside the transaction: a copy that does not verify is rolled back.
        return await _verify(destination, schema, rows, resolve)


def main(argv: Sequence[str] | None = None) -> int:
    """The command line: 0 when copied and verified, 1 when refused (with the reason on stderr)."""
    parser = argparse.ArgumentParser(
        prog="python -m db.copy",
        description="Copy every game of a Gnomehost database into an empty one and verify each by replay.",
    )
    parser.add_argument("source", help="sqlite:///path/to/gnomehost.db, a bare file path, or postgresql://...")
    parser.add_argument("destination", help="an empty database: sqlite:///path or postgresql://user:pw@host/db")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")
    try:
        report = asyncio.run(copy_database(args.source, args.destination))
    except DatabaseError as error:
        sys.stderr.write(f"db.copy: {error}\n")
        return 1
    sys.stdout.write(f"db.copy: {report.summary()}\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
