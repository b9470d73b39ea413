"""Every type-ignore comment in the repository names its mypy error code and says why."""

from __future__ import annotations

import re
from pathlib import Path

from tests.source_files import REPO, project_files

IGNORE = re.compile(r"#\s*type:\s*ignore(?P<codes>\[[^\]]*\])?(?P<rest>.*)$")


def bare_ignores(files: list[Path], root: Path) -> tuple[int, list[str]]:
    """How many type-ignore comments `files` hold, and those without an error code or a reason."""
    bad: list[str] = []
    seen = 0
    for path in files:
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            match = IGNORE.search(line)
            if match is None or "IGNORE = re.compile" in line:
                continue
            seen += 1
            reason = match["rest"].strip().lstrip("#").strip()
            if not match["codes"] or not reason:
                bad.append(f"{path.relative_to(root)}:{number}: {line.strip()}")
    return seen, bad


def test_every_type_ignore_names_a_code_and_a_reason() -> None:
    seen, bad = bare_ignores(project_files(REPO, (".py",)), REPO)
    assert seen > 0, "the scan found no type: ignore at all; is it looking in the right place?"
    assert not bad, "type: ignore without an error code and a reason:\n" + "\n".join(bad)
