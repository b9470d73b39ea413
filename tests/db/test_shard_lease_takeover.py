"""A shard whose holder process died on this machine is taken over at once, not after the lease timeout.

Real processes (tests/db/shard_holder.py) claim the leases with a 60 s timeout, so a claim that succeeds
right after its holder was killed can only have seen that the holder is gone. PostgreSQL only (`pg_url`).
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import asyncpg
import pytest

from db.processes import run_mark
from db.shard_leases import PostgresShardLeases, open_shard_leases
from db.url import open_store

REPO = Path(__file__).resolve().parents[2]
TIMEOUT = "60"


class Holder:
    """A process claiming shard 0 of 2; `answer` is its first line ("HELD 0" or "REFUSED ...")."""

    def __init__(self, url: str) -> None:
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "tests.db.shard_holder", url, "2", "0", TIMEOUT],
            cwd=REPO, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
        )
        assert self.proc.stdout is not None
        self.answer = self.proc.stdout.readline().strip()

    def kill(self) -> None:
        """SIGKILL, and reap it (as a service manager restarting it would)."""
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(timeout=10)

    def stop(self) -> None:
        """Close its stdin (a clean release) or kill it if it does not end."""
        if self.proc.poll() is None:
            assert self.proc.stdin is not None
            self.proc.stdin.close()
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.kill()


@pytest.fixture
def holders() -> Iterator[list[Holder]]:
    started: list[Holder] = []
    yield started
    for holder in started:
        holder.stop()


async def _set_holder_pid(url: str, pid: int) -> None:
    conn = await asyncpg.connect(url)
    try:
        await conn.execute("UPDATE shard_leases SET owner_pid = $1 WHERE shard_id = 0", pid)
    finally:
        await conn.close()


def test_a_killed_holder_is_taken_over_at_once_and_a_live_one_still_refuses(
    pg_url: str, holders: list[Holder]
) -> None:
    first = Holder(pg_url)
    holders.append(first)
    assert first.answer == "HELD 0"
    second = Holder(pg_url)
    holders.append(second)
    assert second.answer.startswith(f"REFUSED shard 0 of 2 is held by another Gnomehost process (pid {first.proc.pid}")
    first.kill()
    restarted = Holder(pg_url)  # its lease is seconds old, the timeout 60 s: only its death lets this through
    holders.append(restarted)
    assert restarted.answer == "HELD 0"


async def test_a_holder_whose_pid_now_belongs_to_another_program_is_taken_over(
    pg_url: str, holders: list[Holder]
) -> None:
    first = Holder(pg_url)
    holders.append(first)
    assert first.answer == "HELD 0"
    first.kill()
    other_program = subprocess.Popen(["sleep", "60"])
    try:
        # The kernel gave the dead holder's pid to another program: a pid that runs proves nothing by itself.
        await _set_holder_pid(pg_url, other_program.pid)
        assert os.path.exists(f"/proc/{other_program.pid}")
        restarted = Holder(pg_url)
        holders.append(restarted)
        assert restarted.answer == "HELD 0"
    finally:
        other_program.kill()
        other_program.wait()


async def test_a_lease_table_made_before_the_holder_mark_gets_the_column(pg_url: str) -> None:
    conn = await asyncpg.connect(pg_url)
    try:
        await conn.execute(
            "CREATE TABLE shard_leases (shard_count INTEGER NOT NULL, shard_id INTEGER NOT NULL, token TEXT,"
            " owner_pid INTEGER, owner_host TEXT, configured BOOLEAN NOT NULL DEFAULT FALSE,"
            " heartbeat_at DOUBLE PRECISION, PRIMARY KEY (shard_count, shard_id))"
        )
    finally:
        await conn.close()
    store = await open_store(pg_url)
    try:
        leases = open_shard_leases(store, 2, [0], 60.0)
        assert await leases.claim(1_000.0) == {0}
        assert isinstance(leases, PostgresShardLeases)
        assert [row.owner_mark for row in await leases.rows()] == [run_mark(os.getpid())]
    finally:
        await store.close()


async def test_a_killed_holders_shard_is_served_by_another_process_at_its_next_renewal(
    pg_url: str, holders: list[Holder]
) -> None:
    first = Holder(pg_url)
    holders.append(first)
    assert first.answer == "HELD 0"
    store = await open_store(pg_url)
    try:
        other = open_shard_leases(store, 2, [1], float(TIMEOUT))
        assert await other.claim(time.time()) == {1}
        assert await other.renew(time.time()) == {1}  # shard 0's holder is alive: not taken
        first.kill()
        assert await other.renew(time.time()) == {0, 1}  # seconds after the kill, not a minute
    finally:
        await store.close()
