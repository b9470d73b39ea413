"""The source scans read the project's files, never a virtual environment a developer keeps in the clone."""

from __future__ import annotations

import subprocess
from pathlib import Path

from tests.source_files import project_files
from tests.test_type_ignores import bare_ignores

# What matplotlib's and hypothesis' sources hold; spelled in pieces so this file does not hold one itself.
THIRD_PARTY = "value = load()  # type: " + "ignore\n"


def _clone_with_a_venv_inside(root: Path, venv_name: str) -> None:
    (root / "engine").mkdir(parents=True)
    (root / "engine" / "rules.py").write_text("value = 1  # type: ignore[assignment]  # why: a test\n")
    site = root / venv_name / "lib" / "python3.11" / "site-packages" / "plotting"
    site.mkdir(parents=True)
    (site / "core.py").write_text(THIRD_PARTY)


def _git(root: Path, *args: str) -> None:
    subprocess.run(["git", *args], cwd=root, check=True, capture_output=True)


def test_a_venv_under_any_name_in_a_git_clone_is_not_scanned(tmp_path: Path) -> None:
    for name in ("venv", ".v", "env"):
        root = tmp_path / name.strip(".")
        _clone_with_a_venv_inside(root, name)
        _git(root, "init", "-q")
        _git(root, "add", "engine")
        _git(root, "-c", "user.email=t@example.org", "-c", "user.name=t", "commit", "-qm", "engine")
        files = project_files(root, (".py",))
        assert [p.relative_to(root).as_posix() for p in files] == ["engine/rules.py"]
        assert bare_ignores(files, root) == (1, [])
        # The whole folder, as the scan read it before, holds the venv's own bare ignore.
        assert bare_ignores(sorted(root.rglob("*.py")), root)[1] != []


def test_without_git_metadata_only_the_projects_own_parts_are_scanned(tmp_path: Path) -> None:
    _clone_with_a_venv_inside(tmp_path, "venv")
    (tmp_path / "engine" / "__pycache__").mkdir()
    (tmp_path / "engine" / "__pycache__" / "rules.cpython-311.py").write_text(THIRD_PARTY)
    files = project_files(tmp_path, (".py",))
    assert [p.relative_to(tmp_path).as_posix() for p in files] == ["engine/rules.py"]


def test_a_tracked_file_deleted_in_the_working_tree_is_left_out(tmp_path: Path) -> None:
    _clone_with_a_venv_inside(tmp_path, "venv")
    (tmp_path / "engine" / "gone.py").write_text("x = 1\n")
    _git(tmp_path, "init", "-q")
    _git(tmp_path, "add", "engine")
    (tmp_path / "engine" / "gone.py").unlink()
    assert [p.name for p in project_files(tmp_path)] == ["rules.py"]
