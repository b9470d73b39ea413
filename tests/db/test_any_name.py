"""The lock belongs to the database file, not to a name: a hard link or a symlink to a held file is refused,
for a second process opening it and for a restore."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from db.backup import take_backup
from db.connection import open_database
from db.errors import DatabaseInUse
from db.lease import held_lease, this_host

REPO = Path(__file__).resolve().parents[2]


def _other_name(path: Path, kind: str) -> Path:
    """A second name for the file `path`: a hard link or a symlink in another folder."""
    other = path.parent / "elsewhere" / "other.db"
    other.parent.mkdir()
    if kind == "hard link":
        os.link(path, other)
    else:
        other.symlink_to(path)
    return other


@pytest.fixture
def holder(tmp_path: Path) -> Iterator[tuple[Path, int]]:
    """A process holding `<tmp>/g.db` open with its lease: (the path, its pid)."""
    path = tmp_path / "g.db"
    proc = subprocess.Popen(
        [sys.executable, "-m", "tests.db.workers", "hold", str(path)],
        cwd=REPO, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
    )
    try:
        assert proc.stdout is not None
        line = proc.stdout.readline().split()
        assert line[:1] == ["READY"], f"holder did not start: {line}"
        yield path, int(line[1])
    finally:
        proc.kill()
        proc.wait(timeout=10)


@pytest.mark.parametrize("kind", ["hard link", "symlink"])
async def test_a_second_process_through_another_name_is_refused_naming_the_holder(holder, kind):
    path, pid = holder
    other = _other_name(path, kind)
    with pytest.raises(DatabaseInUse) as info:
        await open_database(other, exclusive=True)
    message = str(info.value)
    assert f"pid {pid}" in message and this_host() in message and "\n" not in message
    assert held_lease(other) is None and held_lease(path) is None
    assert not Path(f"{other}-wal").exists()


@pytest.mark.parametrize("kind", ["hard link", "symlink"])
def test_a_restore_through_another_name_of_a_held_file_is_refused_with_code_2(holder, tmp_path, kind):
    path, pid = holder
    backup = take_backup(path, tmp_path / "backups")
    other = _other_name(path, kind)
    inode, content = path.stat().st_ino, path.read_bytes()
    done = subprocess.run(
        [sys.executable, "-m", "db.backup", "restore", str(backup), "--database", str(other)],
        cwd=tmp_path, env={**os.environ, "PYTHONPATH": str(REPO)}, capture_output=True, text=True, timeout=60,
    )
    assert done.returncode == 2, done.stdout + done.stderr
    assert done.stderr.startswith("Restore refused:") and f"pid {pid}" in done.stderr
    assert "Nothing was changed" in done.stderr and "Traceback" not in done.stderr
    assert "Restored" not in done.stdout
    assert (path.stat().st_ino, path.read_bytes()) == (inode, content)  # the bot's file is untouched
    assert not list(other.parent.glob("*.before-restore-*"))
