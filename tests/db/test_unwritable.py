"""A database folder or file the bot cannot write stops `python bot.py` with code 2 and one plain paragraph.

The tests run as root, which ignores permission bits, so a read-only folder is
made real in two other ways: a path whose "folder" is a regular file (the kernel
refuses it for anyone), and a bot process whose `os.open` refuses writes in the
folder the way a read-only folder does for an ordinary user.
"""

from __future__ import annotations

import errno
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.db.test_single_bot import _told

REPO = Path(__file__).resolve().parents[2]
BOT = REPO / "bot.py"

# Runs bot.py with os.open refusing, like a read-only folder, any write access below FOLDER.
READ_ONLY_FOLDER = """
import errno, os, runpy, sys
folder = os.environ["READ_ONLY_FOLDER"]
real_open = os.open
def refusing_open(path, flags, *args, **kwargs):
    writes = flags & (os.O_WRONLY | os.O_RDWR | os.O_CREAT)
    if writes and os.path.abspath(os.fsdecode(path)).startswith(folder + os.sep):
        raise PermissionError(errno.EACCES, os.strerror(errno.EACCES), os.fsdecode(path))
    return real_open(path, flags, *args, **kwargs)
os.open = refusing_open
sys.argv = [sys.argv[1]]
runpy.run_path(sys.argv[0], run_name="__main__")
"""


def _run_bot(tmp_path: Path, database: Path, *prefix: str, env: dict[str, str] | None = None) -> tuple[int, str]:
    """Run bot.py (cwd: an empty folder, so no .env) on `database`; its exit code and all it printed."""
    full = {k: v for k, v in os.environ.items() if not k.startswith(("DISCORD_", "DATABASE_"))}
    full.update({"DISCORD_TOKEN": "fake-token", "DATABASE_PATH": str(database), "PYTHONPATH": str(REPO)})
    full.update(env or {})
    work = tmp_path / "cwd"
    work.mkdir(exist_ok=True)
    done = subprocess.run(
        [sys.executable, *prefix, str(BOT)], cwd=work, env=full, capture_output=True, text=True, timeout=60
    )
    return done.returncode, done.stdout + done.stderr


def _assert_one_paragraph(code: int, text: str, database: Path, cause: str) -> None:
    assert code == 2, text
    assert "Traceback" not in text
    told = _told(text)
    assert len(told) == 1, told
    assert told[0].startswith(f"Gnomehost cannot start: The database {database} cannot be opened for writing")
    assert cause in told[0] and "DATABASE_PATH" in told[0]


def test_a_database_folder_that_cannot_be_created_stops_the_bot_with_code_2(tmp_path):
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a regular file where the database folder should be\n")
    database = blocker / "data" / "gnomehost.db"
    code, text = _run_bot(tmp_path, database)
    _assert_one_paragraph(code, text, database, os.strerror(errno.ENOTDIR))


@pytest.mark.parametrize("existing", [False, True], ids=["new file", "existing file"])
def test_a_read_only_database_folder_stops_the_bot_with_code_2(tmp_path, existing):
    folder = tmp_path / "read-only"
    folder.mkdir()
    database = folder / "gnomehost.db"
    if existing:
        database.write_bytes(b"")
    code, text = _run_bot(tmp_path, database, "-c", READ_ONLY_FOLDER, env={"READ_ONLY_FOLDER": str(folder)})
    _assert_one_paragraph(code, text, database, os.strerror(errno.EACCES))
    assert sorted(p.name for p in folder.iterdir()) == (["gnomehost.db"] if existing else [])
