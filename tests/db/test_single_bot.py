"""`python bot.py` twice on one database: the second exits with code 2 and one paragraph, before Discord."""

from __future__ import annotations

import asyncio
import os
import re
import sqlite3
from pathlib import Path

import pytest

pytestmark = [pytest.mark.e2e, pytest.mark.timeout(120)]

LOG_LINE = re.compile(r"^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d,\d+ [A-Z]+ ")


def _told(log_text: str) -> list[str]:
    """The lines meant for the person starting the bot: not log lines, not the harness's run banners."""
    return [
        line for line in log_text.splitlines()
        if line.strip() and not LOG_LINE.match(line) and not line.startswith("===== run ")
    ]


async def test_a_second_bot_on_the_same_database_exits_2_naming_the_first(fake, bot, bot_factory, tmp_path):
    db_path = tmp_path / "gnomehost.db"
    conn = sqlite3.connect(db_path)
    try:
        assert conn.execute("SELECT owner_pid FROM lease").fetchone()[0] == bot.process.pid
    finally:
        conn.close()
    identifies = fake.server.gateway.identify_count
    second = bot_factory("bot.py", log_name="second.log")
    second.process.start()
    code = await asyncio.to_thread(second.process.wait_exit, 30)
    text = second.process.log_text()
    assert code == 2, text
    assert "Traceback" not in text
    told = _told(text)
    assert len(told) == 1, told  # one paragraph
    assert told[0].startswith("Gnomehost cannot start: The database")
    assert f"pid {bot.process.pid}" in told[0] and "Stop the other process" in told[0]
    assert fake.server.gateway.identify_count == identifies  # refused before it ever connected
    assert bot.process.running  # the first bot is untouched

    # A crash of the first bot frees the database at once: the next start does not wait for a timeout.
    await bot.kill()
    third = bot_factory("bot.py", log_name="third.log")
    await third.start(timeout=30)
    conn = sqlite3.connect(db_path)
    try:
        assert conn.execute("SELECT owner_pid FROM lease").fetchone()[0] == third.process.pid
    finally:
        conn.close()
    await third.stop()


async def test_a_database_that_lost_its_schema_stops_the_bot_with_code_2(fake, bot_factory, tmp_path):
    db_path = tmp_path / "gnomehost.db"
    conn = sqlite3.connect(db_path)
    conn.execute("CREATE TABLE games (id INTEGER PRIMARY KEY, channel_id INTEGER)")
    conn.execute("INSERT INTO games VALUES (1, 2)")
    conn.commit()
    conn.close()
    before = db_path.read_bytes()
    live = bot_factory("bot.py")
    live.process.start()
    code = await asyncio.to_thread(live.process.wait_exit, 30)
    text = live.process.log_text()
    assert code == 2, text
    assert "Traceback" not in text
    told = _told(text)
    assert len(told) == 1, told
    assert "is refused" in told[0] and "not changed" in told[0] and "db.backup restore" in told[0]
    assert db_path.read_bytes() == before


async def test_a_bot_whose_lease_is_taken_over_stops_with_code_2(fake, bot_factory, tmp_path):
    live = bot_factory("bot.py", env={"LEASE_TIMEOUT_SECONDS": "10"})  # a heartbeat every 2.5 s
    await live.start(timeout=30)
    conn = sqlite3.connect(tmp_path / "gnomehost.db")
    try:
        # Another machine decided this bot was dead and took the database over.
        conn.execute("UPDATE lease SET token = 'elsewhere', owner_pid = 4242, owner_host = 'other-machine'")
        conn.commit()
    finally:
        conn.close()
    code = await asyncio.to_thread(live.process.wait_exit, 30)
    text = live.process.log_text()
    assert code == 2, text
    told = _told(text)
    assert len(told) == 1 and "another process took over the lease" in told[0], told


@pytest.mark.parametrize("kind", ["hard link", "symlink"])
async def test_a_second_bot_through_another_name_of_the_file_exits_2_naming_the_first(
    fake, bot, bot_factory, tmp_path, kind
):
    db_path = tmp_path / "gnomehost.db"
    other = tmp_path / "other.db"
    if kind == "hard link":
        os.link(db_path, other)
    else:
        other.symlink_to(db_path)
    identifies = fake.server.gateway.identify_count
    second = bot_factory("bot.py", env={"DATABASE_PATH": str(other)}, log_name="second.log")
    second.process.start()
    code = await asyncio.to_thread(second.process.wait_exit, 30)
    text = second.process.log_text()
    assert code == 2, text
    assert "Traceback" not in text
    told = _told(text)
    assert len(told) == 1, told
    assert told[0].startswith(f"Gnomehost cannot start: The database {other}")
    assert f"pid {bot.process.pid}" in told[0] and "Stop the other process" in told[0]
    assert fake.server.gateway.identify_count == identifies  # refused before it ever connected
    assert bot.process.running
    assert not Path(f"{other}-wal").exists()  # no second log was started beside the file
    await bot.stop()
    conn = sqlite3.connect(db_path)
    try:
        assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    finally:
        conn.close()
