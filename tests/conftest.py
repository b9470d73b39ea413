"""Suite-wide settings: hypothesis profiles (fast and reproducible in CI), and the `store_url` fixture.

`store_url` runs a test once per store: "sqlite" (a file in the test's tmp_path) and "postgres" (a database
of its own per pytest-xdist worker, made from GNOMEHOST_TEST_DATABASE_URL, with a clean schema per test).
Without that variable the postgres cases are deselected (the project allows no skipped tests) and the
run ends with one line saying so and how to run them.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import os
import re
from collections.abc import Awaitable, Callable, Iterator
from typing import Any, TypeVar
from urllib.parse import urlsplit, urlunsplit

import pytest
from hypothesis import HealthCheck, settings

from tests.db.private_postgres import PrivateServer, can_run_a_server

settings.register_profile(
    "ci",
    derandomize=True,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
settings.register_profile("dev", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("soak", deadline=None, max_examples=500, suppress_health_check=list(HealthCheck))
_default = "soak" if os.environ.get("GNOMEHOST_SLOW") else ("ci" if os.environ.get("CI") else "dev")
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", _default))

PG_URL_VARIABLE = "GNOMEHOST_TEST_DATABASE_URL"
STORES = ["sqlite", "postgres"]
_DESELECTED_KEY = "gnomehost_postgres_deselected"
_NOT_RUN_LINE = (
    "PostgreSQL tests not run ({count} deselected): {variable} is not set. To run them, point it at "
    "a database whose role may create databases, e.g. {variable}=postgresql://gnomehost:gnomehost@127.0.0.1:5432/"
    "gnomehost_test (.ci/run starts PostgreSQL and sets it)."
)

T = TypeVar("T")
_deselected = pytest.StashKey[int]()  # postgres cases deselected in this run
_THINNED_KEY = "gnomehost_postgres_thinned"
_thinned = pytest.StashKey[int]()  # postgres cases of per-game tests left to GNOMEHOST_SLOW=1
_NO_SERVER_KEY = "gnomehost_private_server_deselected"
_no_server = pytest.StashKey[int]()  # tests needing a PostgreSQL server of their own, where none can start
_SLOW_KEY = "gnomehost_slow_deselected"
_slow = pytest.StashKey[int]()  # whole-game soaks marked `slow`, left to GNOMEHOST_SLOW=1


def postgres_test_url() -> str | None:
    """The PostgreSQL URL the tests may use (GNOMEHOST_TEST_DATABASE_URL), or None when it is not set."""
    return os.environ.get(PG_URL_VARIABLE) or None


def _run_async(make: Callable[[], Awaitable[T]]) -> T:
    # A thread of its own: the fixture may be set up while a test's event loop already exists in this thread.
    with concurrent.futures.ThreadPoolExecutor(max_workers=1) as pool:
        return pool.submit(lambda: asyncio.run(_awaited(make))).result()


async def _awaited(make: Callable[[], Awaitable[T]]) -> T:
    return await make()


def _with_database(url: str, name: str) -> str:
    parts = urlsplit(url)
    return urlunsplit(parts._replace(path="/" + name))


def _worker_database_name(url: str) -> str:
    base = urlsplit(url).path.lstrip("/") or "gnomehost_test"
    worker = os.environ.get("PYTEST_XDIST_WORKER", "main")
    # The run's id too: two test runs on one machine (two developers, an editor's test runner) must not
    # drop each other's databases. .ci/run removes what runs that died left behind.
    run = os.environ.get("PYTEST_XDIST_TESTRUNUID", "")[:8] or str(os.getpid())
    return re.sub(r"[^a-z0-9_]", "_", f"{base}_{worker}_{run}".lower())


async def _recreate_database(admin_url: str, name: str, *, create: bool) -> None:
    import asyncpg

    conn = await asyncpg.connect(admin_url)
    try:
        # FORCE: connections a crashed earlier run left behind must not keep the old database alive.
        await conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        if create:
            await conn.execute(f'CREATE DATABASE "{name}"')
            # Test data need not survive a crash of the PostgreSQL server itself; commits stay atomic.
            await conn.execute(f'ALTER DATABASE "{name}" SET synchronous_commit = off')
    finally:
        await conn.close()


async def _stop_leftover_connections(conn: Any) -> None:
    # A pool an earlier test left open would hold locks that make the reset wait forever.
    await conn.execute(
        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() "
        "AND pid <> pg_backend_pid() AND usename = current_user AND backend_type = 'client backend'"
    )


async def _clean_schema(url: str) -> None:
    """An empty schema (no tables at all): for the tests of the migrations themselves."""
    import asyncpg

    conn = await asyncpg.connect(url)
    try:
        await _stop_leftover_connections(conn)
        await conn.execute("DROP SCHEMA public CASCADE; CREATE SCHEMA public")
    finally:
        await conn.close()


async def _empty_store(url: str) -> None:
    """The latest schema with no data in it, as a freshly migrated database is.

    Emptying the tables of an already migrated schema takes milliseconds, where dropping the schema
    and migrating again takes about 0.3 s; the full rebuild is kept for a schema a test changed or left
    at another version (e.g. a migration test ran before).
    """
    import asyncpg

    from db.migrations import LATEST_VERSION, LOG_TABLE, tables_at
    from db.postgres.migrations import apply_migrations, read_version

    conn = await asyncpg.connect(url)
    try:
        await _stop_leftover_connections(conn)
        tables = {r[0] for r in await conn.fetch("SELECT tablename FROM pg_tables WHERE schemaname = 'public'")}
        # Tables made outside the numbered schema (e.g. shard_leases, made on first use) are emptied too.
        if tables >= tables_at(LATEST_VERSION) and await read_version(conn) == LATEST_VERSION:
            try:
                await _delete_rows(conn, tables - {LOG_TABLE})
                return
            except asyncpg.PostgresError:
                pass  # a shape this reset does not know (a new table with its own references): rebuild
        await conn.execute("DROP SCHEMA public CASCADE; CREATE SCHEMA public")
        await apply_migrations(conn, "tests")
    finally:
        await conn.close()


async def _delete_rows(conn: Any, tables: set[str]) -> None:
    async with conn.transaction():
        # The log is append-only by trigger; only this reset may empty it.
        await conn.execute("ALTER TABLE actions DISABLE TRIGGER USER")
        # Rows referencing games first.
        for table in [*sorted(tables - {"games"}), "games"]:
            await conn.execute(f"DELETE FROM {table}")
        await conn.execute("ALTER TABLE actions ENABLE TRIGGER USER")
        await conn.execute("INSERT INTO lease (id) VALUES (1)")  # migration 3's single row, as it left it
        identities = await conn.fetch(
            "SELECT table_name, column_name FROM information_schema.columns "
            "WHERE table_schema = 'public' AND is_identity = 'YES'"
        )
        for row in identities:
            # Ids start at 1 again, as in a new SQLite file.
            await conn.execute(f"ALTER TABLE {row[0]} ALTER COLUMN {row[1]} RESTART WITH 1")


@pytest.fixture(scope="session")
def postgres_worker_url() -> Iterator[str]:
    """A database of this xdist worker's own (dropped and made anew at start, dropped at the end)."""
    admin_url = postgres_test_url()
    if admin_url is None:  # the postgres cases are deselected without it; reaching here is a bug
        raise RuntimeError(f"{PG_URL_VARIABLE} is not set")
    name = _worker_database_name(admin_url)
    _run_async(lambda: _recreate_database(admin_url, name, create=True))
    yield _with_database(admin_url, name)
    _run_async(lambda: _recreate_database(admin_url, name, create=False))


@pytest.fixture(params=STORES)
def store_url(request: pytest.FixtureRequest, tmp_path: os.PathLike[str]) -> str:
    """The URL of an empty store for this test: a SQLite file, or a PostgreSQL database with a clean schema."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path}/gnomehost.db"
    url: str = request.getfixturevalue("postgres_worker_url")
    _run_async(lambda: _empty_store(url))
    return url


@pytest.fixture
def pg_url(postgres_worker_url: str) -> str:
    """The URL of an empty PostgreSQL database (clean schema) for a PostgreSQL-only test."""
    _run_async(lambda: _clean_schema(postgres_worker_url))
    return postgres_worker_url


def _is_postgres_case(item: pytest.Item) -> bool:
    if {"pg_url", "private_postgres"} & set(getattr(item, "fixturenames", ())):
        return True
    callspec = getattr(item, "callspec", None)
    return callspec is not None and callspec.params.get("store_url") == "postgres"


def _outside_postgres_sample(item: pytest.Item) -> bool:
    """A postgres case of a `postgres_sample` test whose parameter value is not in the sample."""
    marker = item.get_closest_marker("postgres_sample")
    callspec = getattr(item, "callspec", None)
    if marker is None or callspec is None or not _is_postgres_case(item):
        return False
    param, values = marker.args
    return callspec.params.get(param) not in values


def _deselect(config: pytest.Config, items: list[pytest.Item], drop: Callable[[pytest.Item], bool],
              count_key: pytest.StashKey[int], worker_key: str) -> None:
    """Deselect (not skip) the items `drop` picks and record how many, for the summary line; on an xdist worker
    the count travels to the controller, which prints it."""
    dropped = [item for item in items if drop(item)]
    if not dropped:
        return
    items[:] = [item for item in items if not drop(item)]
    config.hook.pytest_deselected(items=dropped)
    config.stash[count_key] = len(dropped)
    workeroutput = getattr(config, "workeroutput", None)
    if workeroutput is not None:
        workeroutput[worker_key] = len(dropped)


def _thin_heavy_postgres_cases(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Per-game tests marked `postgres_sample` run every game on SQLite but only the sample on PostgreSQL
    (the store's behaviour does not depend on the game; each game's full run costs seconds on PostgreSQL
    and CI has 10 minutes). GNOMEHOST_SLOW=1 runs them all."""
    if os.environ.get("GNOMEHOST_SLOW"):
        return
    _deselect(config, items, _outside_postgres_sample, _thinned, _THINNED_KEY)

def _is_slow(item: pytest.Item) -> bool:
    return item.get_closest_marker("slow") is not None


# The files of whole games through the real bot (20-60 s a test): started before everything else.
LONGEST_FIRST = ("tests/e2e/test_table_experience.py", "tests/e2e/test_outbox_faults.py",
                 "tests/e2e/test_shards_postgres.py", "tests/e2e/test_scenarios.py")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Without GNOMEHOST_TEST_DATABASE_URL, deselect the postgres cases (not skip) and count them; with it,
    run per-game tests on PostgreSQL for their sample of games only (unless GNOMEHOST_SLOW=1). Tests marked
    `slow` (long whole-game soaks whose behaviour a quicker test also holds) run only with GNOMEHOST_SLOW=1."""
    if not os.environ.get("GNOMEHOST_SLOW"):
        _deselect(config, items, _is_slow, _slow, _SLOW_KEY)
    # The longest tests first: a whole game through the real bot takes up to a minute, and one started last
    # keeps the run waiting on a single worker while the others are done.
    items.sort(key=lambda item: not item.nodeid.startswith(LONGEST_FIRST))
    if postgres_test_url() is not None:
        _thin_heavy_postgres_cases(config, items)
        if not can_run_a_server():  # PostgreSQL to connect to, but no server binaries to start one of our own
            _deselect(config, items, _starts_a_server, _no_server, _NO_SERVER_KEY)
        return
    _deselect(config, items, _is_postgres_case, _deselected, _DESELECTED_KEY)


def _starts_a_server(item: pytest.Item) -> bool:
    """A test that starts and restarts a PostgreSQL server of its own (the `private_postgres` fixture)."""
    return "private_postgres" in getattr(item, "fixturenames", ())

@pytest.hookimpl(optionalhook=True)
def pytest_testnodedown(node: object, error: object) -> None:
    """On the xdist controller: remember how many postgres cases a worker deselected (all workers collect alike)."""
    count = getattr(node, "workeroutput", {}).get(_DESELECTED_KEY, 0)
    config = getattr(node, "config", None)
    if config is not None and count:
        config.stash[_deselected] = max(config.stash.get(_deselected, 0), count)
    thinned = getattr(node, "workeroutput", {}).get(_THINNED_KEY, 0)
    if config is not None and thinned:
        config.stash[_thinned] = max(config.stash.get(_thinned, 0), thinned)
    slow = getattr(node, "workeroutput", {}).get(_SLOW_KEY, 0)
    if config is not None and slow:
        config.stash[_slow] = max(config.stash.get(_slow, 0), slow)


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter, exitstatus: int, config: pytest.Config) -> None:
    """One visible line when the PostgreSQL cases were not run: why, and how to run them."""
    count = config.stash.get(_deselected, 0)
    if count:
        cases = f"{count} test case" + ("s" if count != 1 else "")
        terminalreporter.write_line(_NOT_RUN_LINE.format(count=cases, variable=PG_URL_VARIABLE), yellow=True, bold=True)
    thinned = config.stash.get(_thinned, 0)
    if thinned:
        terminalreporter.write_line(
            f"{thinned} PostgreSQL cases of per-game host tests not run (every game runs on SQLite, a sample on "
            "PostgreSQL); GNOMEHOST_SLOW=1 runs them all.", yellow=True)
    slow = config.stash.get(_slow, 0)
    if slow:
        tests = f"{slow} long soak test" + ("s" if slow != 1 else "")
        terminalreporter.write_line(f"{tests} (marked slow) not run; GNOMEHOST_SLOW=1 runs them.", yellow=True)


@pytest.fixture
def private_postgres() -> Iterator[PrivateServer]:
    """A PostgreSQL server of the test's own, free to restart (deleted afterwards); the shared one is left alone."""
    server = PrivateServer()
    try:
        server.start()
        yield server
    finally:
        server.stop()
