"""Online backups (consistent while moves are stored), rotation, and restore round-trips."""

from __future__ import annotations

import asyncio
import os
import shutil
import sqlite3
import subprocess
import sys
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from app.settings import ConfigError, parse_settings
from db import backup
from db.backup import BackupPolicy, backup_loop, backup_once, list_backups, restore, rotate, take_backup
from db.errors import BackupError, DatabaseInUse
from db.lease import acquire
from db.migrations import LATEST_VERSION
from engine.core.rng import Rng
from tests.host.conftest import CHANNEL, HOST, open_service, play_until, started

REPO = Path(__file__).resolve().parents[2]
FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "db"
TABLES = ("games", "seats", "actions", "deadlines")


def dump(path: Path) -> dict[str, list[tuple]]:
    """Every row of the game tables, in a stable order (the lease row is process state, not game data)."""
    conn = sqlite3.connect(path)
    try:
        return {t: conn.execute(f"SELECT * FROM {t} ORDER BY 1, 2").fetchall() for t in TABLES}
    finally:
        conn.close()


async def _games(path: Path, seed: int) -> None:
    """Two running games and a finished one, stored through the real table service."""
    svc = await open_service(path)
    try:
        one = await started(svc, [HOST, 2002], channel=CHANNEL, seed=seed)
        await play_until(svc, one.game_id, Rng.from_seed(seed), 5)
        two = await started(svc, [HOST, 2003], channel=CHANNEL + 1, seed=seed + 1)
        await play_until(svc, two.game_id, Rng.from_seed(seed + 1), 3)
        done = await started(svc, [HOST, 2004], channel=CHANNEL + 2, seed=seed + 2)
        await play_until(svc, done.game_id, Rng.from_seed(seed + 2))
    finally:
        await svc.close()


async def _more_moves(path: Path) -> None:
    svc = await open_service(path)
    try:
        for game_id in (1, 2):
            await play_until(svc, game_id, Rng.from_seed(99), 4)
        await started(svc, [HOST, 2005], channel=CHANNEL + 3)
    finally:
        await svc.close()


async def test_backup_and_restore_round_trip_games_and_actions_exactly(tmp_path):
    path = tmp_path / "g.db"
    await _games(path, 7)
    svc = await open_service(path)  # backed up while the bot has it open
    try:
        taken = await backup_once(path, tmp_path / "backups", keep=5)
    finally:
        await svc.close()
    at_backup = dump(path)
    assert at_backup["actions"], "the test needs moves to compare"
    await _more_moves(path)
    after = dump(path)
    assert after != at_backup

    result = restore(taken, path)
    assert dump(path) == at_backup  # exactly the rows of the moment of the backup
    assert result.version == LATEST_VERSION and result.previous is not None
    assert dump(result.previous) == after  # the replaced database is kept, complete
    svc = await open_service(path)  # and the restored file runs: recovery verifies every game by replay
    try:
        report = await svc.recover()
        assert report.quarantined == ()
        assert (await svc.get_table(1)).version == at_backup["games"][0][11]
    finally:
        await svc.close()


async def test_a_backup_is_one_consistent_moment_while_moves_go_on(tmp_path):
    path = tmp_path / "g.db"
    await _games(path, 11)
    svc = await open_service(path)
    stop = asyncio.Event()

    async def keep_playing() -> int:
        made = 0
        while not stop.is_set():
            table = await svc.create_table("dash", {"target": 40, "turns": 60}, HOST, 1, 5000 + made)
            await svc.join(table.game_id, 2006)
            await svc.start(table.game_id, HOST, join_order=True)
            await play_until(svc, table.game_id, Rng.from_seed(made), 10)
            made += 1
        return made

    player = asyncio.create_task(keep_playing())
    backups = []
    try:
        for _ in range(5):
            backups.append(await backup_once(path, tmp_path / "backups", keep=10))
            await asyncio.sleep(0.05)
    finally:
        stop.set()
        assert await player >= 1
        await svc.close()
    for taken in backups:
        assert backup.verify_backup(taken) == LATEST_VERSION  # integrity check and schema
        conn = sqlite3.connect(taken)
        try:
            # Each game's cached version equals its last stored action: no half-stored move in the copy.
            rows = conn.execute(
                "SELECT g.id, g.version, COALESCE(MAX(a.seq), 0) FROM games g "
                "LEFT JOIN actions a ON a.game_id = g.id GROUP BY g.id"
            ).fetchall()
        finally:
            conn.close()
        assert rows and all(version == last for _, version, last in rows)


def test_rotation_keeps_the_newest_and_nothing_else_is_touched(tmp_path):
    db = tmp_path / "g.db"
    sqlite3.connect(db).close()
    folder = tmp_path / "backups"
    start = datetime(2026, 11, 30, 12, 0, tzinfo=UTC)
    made = [take_backup(db, folder, now=start + timedelta(minutes=60 * i)) for i in range(5)]
    other = folder / "notes.txt"
    other.write_text("mine")
    foreign = folder / "other-20261130T120000.000000Z.sqlite3"  # another database's backup
    shutil.copy(made[0], foreign)
    removed = rotate(folder, db, keep=3)
    assert removed == made[:2]
    assert list_backups(folder, db) == made[2:]
    assert other.exists() and foreign.exists()
    assert made[0].name == "g-20261130T120000.000000Z.sqlite3"
    with pytest.raises(ValueError):
        rotate(folder, db, keep=0)


async def test_the_backup_loop_takes_one_per_interval_and_keeps_n(tmp_path):
    path = tmp_path / "g.db"
    await _games(path, 3)
    policy = BackupPolicy(tmp_path / "backups", keep=2, minutes=0.1 / 60)  # every 0.1 s
    task = asyncio.create_task(backup_loop(path, policy))
    try:
        for _ in range(200):
            await asyncio.sleep(0.05)
            if len(list_backups(policy.directory, path)) == 2 and task.done() is False:
                names = list_backups(policy.directory, path)
                await asyncio.sleep(0.3)
                if list_backups(policy.directory, path) != names:  # it went on, rotating
                    break
        else:
            pytest.fail("the loop did not keep backing up")
    finally:
        task.cancel()
        with pytest.raises(asyncio.CancelledError):
            await task
    assert len(list_backups(policy.directory, path)) == 2
    assert not list(policy.directory.glob("*.part"))


def _cli(*args: str, cwd: Path, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    full = {k: v for k, v in os.environ.items() if k not in ("DATABASE_PATH", "BACKUP_DIR", "BACKUP_KEEP")}
    full["PYTHONPATH"] = str(REPO)
    full.update(env or {})
    return subprocess.run([sys.executable, "-m", "db.backup", *args], cwd=cwd, env=full, capture_output=True,
                          text=True, timeout=60)


async def test_restore_is_refused_while_the_database_is_in_use(tmp_path):
    path = tmp_path / "g.db"
    await _games(path, 5)
    taken = take_backup(path, tmp_path / "backups")
    await _more_moves(path)
    before = dump(path)
    svc = await open_service(path)
    lease = acquire(path)  # this process runs "the bot" on the file
    try:
        run = _cli("restore", str(taken), "--database", str(path), cwd=tmp_path)
        assert run.returncode == 2, run.stderr
        assert "Restore refused" in run.stderr and f"pid {os.getpid()}" in run.stderr
        assert "Nothing was changed" in run.stderr and "Traceback" not in run.stderr
        assert len(run.stderr.strip().splitlines()) == 1
        with pytest.raises(DatabaseInUse):
            restore(taken, path)  # in the process itself, too
    finally:
        lease.release()
        await svc.close()
    assert dump(path) == before
    assert sorted(p.name for p in tmp_path.iterdir() if "before-restore" in p.name) == []


async def test_the_command_line_takes_lists_and_restores(tmp_path):
    path = tmp_path / "g.db"
    await _games(path, 8)
    # Settings from .env in the working directory, like bot.py.
    (tmp_path / ".env").write_text("DATABASE_PATH=./g.db\nBACKUP_DIR=./saved\nBACKUP_KEEP=2\n")
    for _ in range(3):
        run = _cli("now", cwd=tmp_path)
        assert run.returncode == 0, run.stderr
        assert "Backup written to" in run.stdout
    listed = _cli("list", cwd=tmp_path).stdout.split()
    assert len(listed) == 2 and all("saved" in line for line in listed)
    at_backup = dump(path)
    await _more_moves(path)
    run = _cli("restore", listed[-1], cwd=tmp_path)
    assert run.returncode == 0, run.stderr
    assert "Restored" in run.stdout and "before-restore" in run.stdout
    assert dump(path) == at_backup


@pytest.mark.parametrize("kind", ["garbage", "foreign", "damaged", "newer", "missing"])
async def test_restore_refuses_what_is_not_a_usable_backup(tmp_path, kind):
    path = tmp_path / "g.db"
    await _games(path, 4)
    before = dump(path)
    bad = tmp_path / "bad.sqlite3"
    if kind == "garbage":
        bad.write_bytes(b"not a database at all" * 100)
    elif kind == "foreign":
        conn = sqlite3.connect(bad)
        conn.execute("CREATE TABLE notes (body TEXT)")
        conn.commit()
        conn.close()
    elif kind == "damaged":
        good = take_backup(path, tmp_path / "backups")
        data = bytearray(good.read_bytes())
        for offset in range(4096 * 3, len(data) - 4096, 4096):  # scribble over page headers after page 3
            data[offset : offset + 8] = b"\xff" * 8
        bad.write_bytes(bytes(data))
    elif kind == "newer":
        shutil.copy(take_backup(path, tmp_path / "backups"), bad)
        conn = sqlite3.connect(bad)
        conn.execute(f"PRAGMA user_version = {LATEST_VERSION + 1}")
        conn.close()
    with pytest.raises(BackupError):
        restore(bad, path)
    run = _cli("restore", str(bad), "--database", str(path), cwd=tmp_path)
    assert run.returncode == 2 and "Restore refused" in run.stderr and "Traceback" not in run.stderr
    assert dump(path) == before


async def test_an_older_backup_is_upgraded_at_the_next_start(tmp_path):
    path = tmp_path / "g.db"
    await _games(path, 6)
    fixtures = sorted(FIXTURES.iterdir())
    result = restore(FIXTURES / "v1.sqlite3", path)
    assert result.version == 1
    assert sorted(FIXTURES.iterdir()) == fixtures  # the backup's folder is only read: no -wal/-shm appear
    svc = await open_service(path)
    try:
        report = await svc.recover()
        assert report.quarantined == ()
    finally:
        await svc.close()
    conn = sqlite3.connect(path)
    try:
        assert conn.execute("PRAGMA user_version").fetchone()[0] == LATEST_VERSION
    finally:
        conn.close()


async def test_a_restored_backup_carries_no_lease(tmp_path):
    path = tmp_path / "g.db"
    await _games(path, 2)
    lease = acquire(path)
    svc = await open_service(path)  # attaches to the lease: the row names this process
    try:
        taken = await backup_once(path, tmp_path / "backups", keep=3)
    finally:
        await svc.close()
        lease.release()
    conn = sqlite3.connect(taken)
    assert conn.execute("SELECT owner_pid FROM lease").fetchone()[0] == os.getpid()  # a faithful copy
    conn.close()
    restore(taken, path)
    conn = sqlite3.connect(path)
    try:
        assert conn.execute("SELECT token, owner_pid FROM lease").fetchone() == (None, None)
    finally:
        conn.close()


def test_backup_settings_are_read_from_the_environment():
    settings = parse_settings({"DISCORD_TOKEN": "t"})
    assert (settings.backup_minutes, settings.backup_dir, settings.backup_keep) == (60, "./backups", 24)
    assert settings.lease_timeout_seconds == 120
    settings = parse_settings({"DISCORD_TOKEN": "t", "BACKUP_MINUTES": "0", "BACKUP_DIR": "/srv/b",
                               "BACKUP_KEEP": "3", "LEASE_TIMEOUT_SECONDS": "300"})
    assert (settings.backup_minutes, settings.backup_dir, settings.backup_keep) == (0, "/srv/b", 3)
    assert settings.lease_timeout_seconds == 300
    for key, value in (("BACKUP_KEEP", "0"), ("BACKUP_MINUTES", "soon"), ("LEASE_TIMEOUT_SECONDS", "-5")):
        with pytest.raises(ConfigError, match=key):
            parse_settings({"DISCORD_TOKEN": "t", key: value})


def test_take_backup_without_a_database_says_so(tmp_path):
    with pytest.raises(BackupError, match="no database"):
        take_backup(tmp_path / "absent.db", tmp_path / "backups")
    assert not (tmp_path / "absent.db").exists()
