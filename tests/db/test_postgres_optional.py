"""Without GNOMEHOST_TEST_DATABASE_URL the PostgreSQL cases are deselected (never skipped) and one summary line
says so, why, and how to run them; with one process and with pytest-xdist's workers."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
ONE_TEST = "tests/db/test_store_contract.py::test_a_channel_holds_one_open_game"
PG_ONLY = "tests/db/test_postgres_store.py::test_two_processes_opening_an_empty_database_at_once_both_work"


def _run(*args: str) -> str:
    env = {k: v for k, v in os.environ.items() if k not in ("GNOMEHOST_TEST_DATABASE_URL", "PYTEST_XDIST_WORKER")}
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", *args],
        cwd=REPO,
        env=env,
        capture_output=True,
        text=True,
        timeout=240,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    return done.stdout


@pytest.mark.parametrize("workers", ["0", "2"])
def test_without_a_database_url_the_postgres_cases_are_deselected_and_said_so_once(workers):
    out = _run("-n", workers, ONE_TEST, PG_ONLY)
    # pytest-xdist's controller does not count what its workers deselected: the summary line does.
    assert ("1 passed, 2 deselected" if workers == "0" else "1 passed in") in out
    assert "skipped" not in out
    lines = [line for line in out.splitlines() if "PostgreSQL tests not run" in line]
    assert len(lines) == 1, out
    assert "(2 test cases deselected): GNOMEHOST_TEST_DATABASE_URL is not set" in lines[0]
    assert "GNOMEHOST_TEST_DATABASE_URL=postgresql://" in lines[0]
