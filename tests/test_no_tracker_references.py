"""Comments, docstrings and documents explain in their own words: none sends the reader to a tracker issue.

A reader of the repository cannot open the project's issue tracker, so "(issue 10 §4)" explains nothing.
"""

from __future__ import annotations

import re
from pathlib import Path

from tests.source_files import REPO, project_files

TRACKER = re.compile(r"(?<![a-z])issue[- ]?#?\d+", re.IGNORECASE)
TEXT_SUFFIXES = (".py", ".md", ".sql", ".toml", ".txt", ".json")


def tracker_references(files: list[Path], root: Path) -> list[str]:
    """Every "path:line: text" of `files` that names a tracker issue by number."""
    found: list[str] = []
    this = Path(__file__).resolve()
    for path in files:
        if path.resolve() == this:
            continue
        for number, line in enumerate(path.read_text(encoding="utf-8", errors="replace").splitlines(), 1):
            if TRACKER.search(line):
                found.append(f"{path.relative_to(root)}:{number}: {line.strip()}")
    return found


def test_the_pattern_finds_the_ways_an_issue_is_cited(tmp_path: Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text("a  # (issue 10 §4)\nb  # Issue 11's targets\nc = 'issue-5 scenario'\nd  # test_issue10\n"
                      "e  # the issue is that a tap is lost\n")
    assert [line.split(": ", 1)[0] for line in tracker_references([sample], tmp_path)] == [
        "sample.py:1", "sample.py:2", "sample.py:3", "sample.py:4"]


def test_no_project_file_names_a_tracker_issue() -> None:
    found = tracker_references(project_files(REPO, TEXT_SUFFIXES), REPO)
    assert found == [], "say why in words, not which issue asked for it:\n" + "\n".join(found[:40])
