"""The background loops db/ owns (the SQLite lease heartbeat, the backups) never die from an exception: each
logs it (the traceback once), goes on, and does its work again once its dependency works."""

from __future__ import annotations

import asyncio
import logging
import sqlite3
from collections.abc import Callable
from pathlib import Path

import pytest

from db import backup
from db.backup import BackupPolicy, backup_loop
from db.lease import acquire, heartbeat_loop
from tests.loop_faults import Flaky, assert_logged_once, eventually, failures, shorten_pauses


@pytest.fixture(autouse=True)
def short_pauses(monkeypatch: pytest.MonkeyPatch) -> None:
    shorten_pauses(monkeypatch)


async def test_the_lease_heartbeat_outlives_a_failing_write_and_beats_again(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    lease = acquire(tmp_path / "g.db")

    async def write(_step: Callable[[sqlite3.Connection], bool]) -> bool:
        return True  # the row was refreshed

    flaky = Flaky(write, failures())
    try:
        with caplog.at_level(logging.INFO, logger="db.lease"):
            beating = asyncio.create_task(heartbeat_loop(lease, flaky, 0.01))
            await eventually(lambda: flaky.worked >= 1)
            assert not beating.done()
            beating.cancel()
            with pytest.raises(asyncio.CancelledError):
                await beating
        assert_logged_once(caplog, "db.lease", f"refreshing the lease on {lease.database_path}")
    finally:
        lease.release()


async def test_the_backups_outlive_a_failing_backup_and_back_up_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    async def written(_database: object, directory: object, _keep: int) -> Path:
        return Path(str(directory)) / "backup.sqlite3"

    flaky = Flaky(written, failures())
    monkeypatch.setattr(backup, "backup_once", flaky)
    policy = BackupPolicy(directory=tmp_path / "backups", minutes=0.01 / 60)
    with caplog.at_level(logging.INFO, logger="db.backup"):
        loop = asyncio.create_task(backup_loop(tmp_path / "g.db", policy))
        await eventually(lambda: flaky.worked >= 1)
        assert not loop.done()
        loop.cancel()
        with pytest.raises(asyncio.CancelledError):
            await loop
    assert_logged_once(caplog, "db.backup", f"backing up {tmp_path / 'g.db'} into {policy.directory}")
