"""One process per database: the lock on the file refuses a second process, the lease row covers other machines."""

from __future__ import annotations

import asyncio
import os
import signal
import sqlite3
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from db import lease as lease_module
from db.connection import open_database
from db.errors import DatabaseInUse
from db.lease import acquire, held_lease, this_host
from db.log_mark import state_path

REPO = Path(__file__).resolve().parents[2]


def _row(path: Path) -> tuple:
    conn = sqlite3.connect(path)
    try:
        return conn.execute("SELECT token, owner_pid, owner_host, started_at, heartbeat_at FROM lease").fetchone()
    finally:
        conn.close()


def _set_row(path: Path, *, pid: int, host: str, heartbeat_at: float, token: str = "other-token") -> None:
    conn = sqlite3.connect(path)
    try:
        conn.execute(
            "UPDATE lease SET token = ?, owner_pid = ?, owner_host = ?, started_at = ?, heartbeat_at = ?",
            (token, pid, host, heartbeat_at - 60, heartbeat_at),
        )
        conn.commit()
    finally:
        conn.close()


async def _create(path: Path) -> None:
    db = await open_database(path)
    await db.close()


class Holder:
    """A subprocess holding the database open with its lease."""

    def __init__(self, path: Path) -> None:
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "tests.db.workers", "hold", str(path)],
            cwd=REPO, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
        )
        assert self.proc.stdout is not None
        line = self.proc.stdout.readline().split()
        assert line[:1] == ["READY"], f"holder did not start: {line}"
        self.pid = int(line[1])

    def close(self) -> str:
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.proc.stdin.close()
        out = self.proc.stdout.read()
        self.proc.wait(timeout=10)
        return out

    def kill(self) -> None:
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(timeout=10)


@pytest.fixture
def holder_factory() -> Iterator[type[Holder]]:
    made: list[Holder] = []

    class Tracked(Holder):
        def __init__(self, path: Path) -> None:
            super().__init__(path)
            made.append(self)

    yield Tracked
    for holder in made:
        if holder.proc.poll() is None:
            holder.kill()


async def test_a_second_process_is_refused_naming_the_first(tmp_path, holder_factory):
    path = tmp_path / "g.db"
    holder = holder_factory(path)
    before = path.read_bytes()
    with pytest.raises(DatabaseInUse) as info:
        await open_database(path, exclusive=True)
    message = str(info.value)
    assert f"pid {holder.pid}" in message and this_host() in message
    assert "Stop the other process" in message and "\n" not in message  # one paragraph
    with pytest.raises(DatabaseInUse):
        acquire(path)
    assert held_lease(path) is None  # the refused attempt keeps nothing
    assert path.read_bytes() == before  # and wrote nothing
    assert _row(path)[1:3] == (holder.pid, this_host())  # the holder's claim is in the row
    assert holder.close().strip() == "CLOSED"
    assert _row(path)[0] is None  # a clean close releases the row


async def test_a_killed_owner_is_replaced_at_once(tmp_path, holder_factory):
    path = tmp_path / "g.db"
    holder = holder_factory(path)
    holder.kill()  # SIGKILL: no chance to release anything, the row still names it with a fresh heartbeat
    assert _row(path)[1] == holder.pid
    started = time.monotonic()
    db = await open_database(path, exclusive=True)
    try:
        assert time.monotonic() - started < 5  # no waiting for the lease timeout on the same machine
        assert _row(path)[1:3] == (os.getpid(), this_host())
    finally:
        await db.close()


async def test_a_fresh_lease_of_another_machine_is_refused(tmp_path):
    path = tmp_path / "g.db"
    await _create(path)
    _set_row(path, pid=4242, host="other-machine", heartbeat_at=time.time() - 5)
    with pytest.raises(DatabaseInUse) as info:
        await open_database(path, exclusive=True, lease_timeout=120)
    message = str(info.value)
    assert 'pid 4242 on host "other-machine"' in message and "120 s" in message
    assert _row(path)[:3] == ("other-token", 4242, "other-machine")  # untouched
    assert held_lease(path) is None
    assert state_path(path).exists()


async def test_a_stale_lease_of_another_machine_is_taken_over(tmp_path, caplog):
    path = tmp_path / "g.db"
    await _create(path)
    _set_row(path, pid=4242, host="dead-machine", heartbeat_at=time.time() - 121)
    db = await open_database(path, exclusive=True, lease_timeout=120)
    try:
        token, pid, host, _, heartbeat = _row(path)
        assert (pid, host) == (os.getpid(), this_host()) and token != "other-token"
        assert time.time() - heartbeat < 5
    finally:
        await db.close()
    assert any("stale lease" in r.message and "dead-machine" in r.message for r in caplog.records)


async def test_the_heartbeat_keeps_the_lease_fresh(tmp_path):
    path = tmp_path / "g.db"
    db = await open_database(path, exclusive=True, lease_timeout=0.4)  # a beat every 0.1 s
    try:
        first = _row(path)[4]
        await asyncio.sleep(0.35)
        assert _row(path)[4] > first
        assert db.lease is not None and db.lease.lost_reason is None
    finally:
        await db.close()


async def test_a_lease_taken_over_elsewhere_is_reported_lost(tmp_path):
    path = tmp_path / "g.db"
    db = await open_database(path, exclusive=True, lease_timeout=0.4)
    try:
        assert db.lease is not None
        _set_row(path, pid=4242, host="other-machine", heartbeat_at=time.time())
        reason = await asyncio.wait_for(db.lease.wait_lost(), 2)
        assert "another process took over the lease" in reason
    finally:
        await db.close()
    assert _row(path)[:3] == ("other-token", 4242, "other-machine")  # our close did not clear their claim


async def test_opens_in_the_lease_holding_process_share_it(tmp_path):
    path = tmp_path / "g.db"
    lease = acquire(path)  # what bot.py does before the bot opens the database
    try:
        first = await open_database(path)  # no exclusive flag: attaches to the process's lease
        second = await open_database(path, exclusive=True)  # re-entrant inside one process
        assert first.lease is lease and second.lease is lease
        assert _row(path)[0] == lease.token
        await first.close()
        assert _row(path)[0] == lease.token  # still held: `second` is open
        await second.close()
        assert _row(path)[0] is None
        assert lease.held  # the lock lives until bot.py releases it
    finally:
        lease.release()
    assert not lease.held and held_lease(path) is None
    other = acquire(path)  # free again
    other.release()


async def test_without_a_lease_an_open_neither_locks_nor_claims(tmp_path):
    path = tmp_path / "g.db"
    db = await open_database(path)
    try:
        assert db.lease is None and _row(path)[0] is None
        lease = acquire(path)  # nothing holds the lock
        lease.release()
    finally:
        await db.close()


def test_the_state_file_follows_the_real_path(tmp_path):
    real = tmp_path / "data" / "g.db"
    real.parent.mkdir()
    link = tmp_path / "g-link.db"
    link.symlink_to(real)
    assert state_path(link) == state_path(real) == Path(str(real.resolve()) + ".state")
    lease = acquire(real)
    try:
        assert acquire(link) is lease  # the same file under another name is the same lease
        lease.release()
    finally:
        lease.release()


def test_the_lock_is_not_inherited_by_child_processes(tmp_path):
    path = tmp_path / "g.db"
    lease = acquire(path)
    child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(30)"])
    try:
        lease.release()
        again = lease_module.acquire(path)  # would fail if the child still held the descriptor
        again.release()
    finally:
        child.kill()
        child.wait()


async def test_a_claim_made_between_the_lock_and_the_open_is_still_refused(tmp_path):
    path = tmp_path / "g.db"
    await _create(path)
    lease = acquire(path, timeout=120)  # the row was free when the lock was taken
    try:
        _set_row(path, pid=4242, host="other-machine", heartbeat_at=time.time())  # another host claims it now
        with pytest.raises(DatabaseInUse, match="other-machine"):
            await open_database(path)  # the claim re-reads the row inside its write transaction
        assert _row(path)[:3] == ("other-token", 4242, "other-machine")
    finally:
        lease.release()
