"""A -wal file deleted after a crash refuses the next start instead of serving an older history silently.

Real processes throughout: the moves worker acknowledges stored moves and is
killed with SIGKILL; the refused restart is the real `python bot.py`, stopped
before it ever contacts Discord.
"""

from __future__ import annotations

import asyncio
import os
import signal
import sqlite3
import subprocess
import sys
import threading
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from db.backup import main as backup_main
from db.backup import take_backup
from db.connection import open_database
from db.errors import LogLost
from db.log_mark import read_state, state_path, wal_path
from tests.db.test_single_bot import _told

pytestmark = [pytest.mark.timeout(120)]

REPO = Path(__file__).resolve().parents[2]
# Longer than any of these tests: every move acknowledged after the start is only in the -wal at the kill.
NO_CHECKPOINT = "600"
MOVES = 30


class MovesWorker:
    """The moves worker (tests/db/workers.py) on a database, collecting the moves it acknowledged."""

    def __init__(self, path: Path) -> None:
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "tests.db.workers", "moves", str(path), NO_CHECKPOINT],
            cwd=REPO, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
        )
        self.acks: list[tuple[int, int]] = []
        self._changed = threading.Condition()
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()

    def _read(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            if line.startswith("ACK ") and line.endswith("\n"):
                _, game, seq, _at = line.split()
                with self._changed:
                    self.acks.append((int(game), int(seq)))
                    self._changed.notify_all()

    def wait_for(self, moves: int) -> None:
        """Wait until the worker has acknowledged `moves` moves."""
        with self._changed:
            assert self._changed.wait_for(lambda: len(self.acks) >= moves, 60), f"only {len(self.acks)} moves"

    def kill(self) -> list[tuple[int, int]]:
        """SIGKILL the worker; every move it acknowledged."""
        os.kill(self.proc.pid, signal.SIGKILL)
        self.proc.wait(timeout=10)
        self._reader.join(timeout=10)
        return list(self.acks)


def _crash_after_moves(path: Path, backups: Path | None = None) -> list[tuple[int, int]]:
    """Run the worker, taking two backups meanwhile when `backups` is given, and SIGKILL it; the moves it
    acknowledged (all after its start, so all only in the -wal)."""
    worker = MovesWorker(path)
    try:
        if backups is not None:
            worker.wait_for(5)
            now = datetime.now(UTC)
            take_backup(path, backups, now=now - timedelta(minutes=1))
            take_backup(path, backups, now=now)
        worker.wait_for(MOVES)
        return worker.kill()
    finally:
        if worker.proc.poll() is None:
            worker.proc.kill()
            worker.proc.wait()


def _stored_moves(path: Path) -> set[tuple[int, int]]:
    conn = sqlite3.connect(path)
    try:
        return {(row[0], row[1]) for row in conn.execute("SELECT game_id, seq FROM actions")}
    finally:
        conn.close()


async def test_a_bot_whose_wal_was_deleted_after_a_crash_exits_2_naming_the_newest_backup(
    fake, bot_factory, tmp_path
):
    path = tmp_path / "gnomehost.db"  # the bot_factory's DATABASE_PATH
    backups = tmp_path / "backups"
    acks = await asyncio.to_thread(_crash_after_moves, path, backups)
    assert len(acks) >= MOVES
    newest = sorted(backups.iterdir())[-1]
    wal_path(path).unlink()  # the operator's mistake after the crash
    before = path.read_bytes()
    live = bot_factory("bot.py", env={"BACKUP_DIR": str(backups)})
    live.process.start()
    code = await asyncio.to_thread(live.process.wait_exit, 30)
    text = live.process.log_text()
    assert code == 2, text
    assert "Traceback" not in text
    told = _told(text)
    assert len(told) == 1, told  # one paragraph
    assert told[0].startswith("Gnomehost cannot start: The database") and "missing moves" in told[0]
    assert f"The newest backup is {newest}" in told[0] and "python -m db.backup restore" in told[0]
    assert fake.server.gateway.identify_count == 0  # refused before it ever connected
    assert path.read_bytes() == before and not wal_path(path).exists()  # nothing changed

    # Restoring the backup it names is the way out: the next start opens the restored file.
    assert await asyncio.to_thread(backup_main, ["restore", str(newest), "--database", str(path)], {}) == 0
    db = await open_database(path, exclusive=True)
    await db.close()


async def test_a_crash_with_its_wal_intact_starts_with_every_acknowledged_move(tmp_path):
    path = tmp_path / "g.db"
    acks = await asyncio.to_thread(_crash_after_moves, path)
    assert read_state(state_path(path)).mark is not None  # the moves really were beyond the last checkpoint
    db = await open_database(path, exclusive=True)
    try:
        assert set(acks) <= _stored_moves(path)
    finally:
        await db.close()


async def test_a_wal_copied_in_by_another_program_after_a_crash_is_no_loss(tmp_path):
    path = tmp_path / "g.db"
    acks = await asyncio.to_thread(_crash_after_moves, path)
    # Any SQLite program opening the file after the crash (a `sqlite3` shell, a backup) copies the log
    # into the main file and deletes it when it closes: nothing is lost, so nothing is refused.
    assert set(acks) <= _stored_moves(path)
    assert not wal_path(path).exists()
    db = await open_database(path, exclusive=True)
    try:
        assert set(acks) <= _stored_moves(path)
    finally:
        await db.close()


async def test_a_wal_cut_to_its_header_after_a_crash_is_refused(tmp_path):
    path = tmp_path / "g.db"
    await asyncio.to_thread(_crash_after_moves, path)
    with wal_path(path).open("r+b") as log:
        log.truncate(32)  # the header alone: shorter than the log was when the first move past it was confirmed
    with pytest.raises(LogLost) as info:
        await open_database(path, exclusive=True)
    assert "shorter than it was" in str(info.value) and "There is no backup" in str(info.value)


async def test_a_clean_stop_removes_the_mark_and_the_next_start_opens(tmp_path):
    path = tmp_path / "g.db"
    proc = subprocess.Popen(
        [sys.executable, "-m", "tests.db.workers", "hold", str(path)],
        cwd=REPO, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
    )
    try:
        assert proc.stdout is not None and proc.stdin is not None
        assert proc.stdout.readline().startswith("READY")
        assert read_state(state_path(path)).mark is not None  # its lease row claim is a commit past the checkpoint
        proc.stdin.close()
        assert proc.stdout.read().strip() == "CLOSED"
        assert proc.wait(timeout=10) == 0
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert read_state(state_path(path)).mark is None
    wal_path(path).unlink(missing_ok=True)
    db = await open_database(path, exclusive=True)
    await db.close()
