"""Every type-ignore comment in the repository names its mypy error code and says why (issue 12)."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SKIP = {".venv", ".git", "node_modules", "__pycache__"}
IGNORE = re.compile(r"#\s*type:\s*ignore(?P<codes>\[[^\]]*\])?(?P<rest>.*)$")


def python_files() -> list[Path]:
    return [p for p in ROOT.rglob("*.py") if not SKIP & set(p.relative_to(ROOT).parts)]


def test_every_type_ignore_names_a_code_and_a_reason() -> None:
    bad: list[str] = []
    seen = 0
    for path in python_files():
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            match = IGNORE.search(line)
            if match is None or "IGNORE = re.compile" in line:
                continue
            seen += 1
            reason = match["rest"].strip().lstrip("#").strip()
            if not match["codes"] or not reason:
                bad.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()}")
    assert seen > 0, "the scan found no type: ignore at all; is it looking in the right place?"
    assert not bad, "type: ignore without an error code and a reason:\n" + "\n".join(bad)
