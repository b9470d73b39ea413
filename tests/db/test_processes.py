"""db.processes: a recorded process is known to have exited only when /proc proves it."""

from __future__ import annotations

import os
import subprocess

from db.processes import has_exited, run_mark


def test_this_process_runs_and_a_reaped_child_has_exited() -> None:
    assert not has_exited(os.getpid(), run_mark(os.getpid()))
    child = subprocess.Popen(["sleep", "30"])
    mark = run_mark(child.pid)
    assert not has_exited(child.pid, mark)
    child.kill()
    child.wait()
    assert has_exited(child.pid, mark)


def test_a_pid_taken_by_another_program_counts_as_exited() -> None:
    assert has_exited(1, run_mark(os.getpid()))  # pid 1 started long before this process


def test_a_killed_child_not_yet_reaped_has_exited() -> None:
    child = subprocess.Popen(["sleep", "30"])
    mark = run_mark(child.pid)
    child.kill()
    os.waitid(os.P_PID, child.pid, os.WEXITED | os.WNOWAIT)  # a zombie now: dead, its pid not yet free
    try:
        assert has_exited(child.pid, mark)
    finally:
        child.wait()


def test_nothing_is_known_without_a_mark_or_from_another_namespace() -> None:
    assert not has_exited(999_999_999, None)
    mark = run_mark(os.getpid())
    assert mark is not None
    boot, namespace, ticks = mark.split(" ")
    assert not has_exited(999_999_999, f"{boot} pid:[1] {ticks}")
    assert not has_exited(999_999_999, f"another-boot {namespace} {ticks}")
