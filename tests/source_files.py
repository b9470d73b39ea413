"""The project's own files, for the tests that read its source.

A developer may keep anything inside a clone (a virtual environment named `venv/` or `env/`, a scratch
folder, a database): none of it is the project's. So a scan reads what git tracks. A copy without git
metadata (an unpacked archive) falls back to the project's own top-level packages and documents.
"""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
# What the project is made of when git cannot say: its packages, composition root, tests and documents.
PROJECT_PARTS = (
    "bot.py", "app", "engine", "render", "db", "host", "cogs", "i18n", "locales", "tools", "tests", "benchmarks",
    "docs", "README.md", ".ci",
)
_CACHES = {"__pycache__", ".pytest_cache", ".mypy_cache", ".ruff_cache", ".hypothesis"}


def _tracked(root: Path) -> list[Path] | None:
    """The files git tracks under `root` that exist in the working tree, or None outside a git checkout."""
    try:
        out = subprocess.run(
            ["git", "ls-files", "-z", "--cached"], cwd=root, capture_output=True, check=True
        ).stdout
    except (OSError, subprocess.CalledProcessError):
        return None
    files = [root / name for name in out.decode("utf-8").split("\0") if name]
    return sorted(path for path in files if path.is_file())  # tracked but deleted here: not there to read


def _project_parts(root: Path) -> list[Path]:
    """Every file of the project's own parts under `root`, caches left out."""
    found: list[Path] = []
    for part in PROJECT_PARTS:
        path = root / part
        if path.is_file():
            found.append(path)
            continue
        for folder, dirs, files in os.walk(path):
            dirs[:] = sorted(d for d in dirs if d not in _CACHES)
            found += [Path(folder, name) for name in sorted(files)]
    return sorted(found)


def project_files(root: Path = REPO, suffixes: tuple[str, ...] = ()) -> list[Path]:
    """The project's files under `root` (git's tracked files, else its own parts), only those ending in one
    of `suffixes` when any are given."""
    files = _tracked(root)
    if files is None:
        files = _project_parts(root)
    return [path for path in files if not suffixes or path.suffix in suffixes]
