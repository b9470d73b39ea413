"""Whether a process recorded in a lease still runs on this machine.

A lease row names its holder by pid and host. A pid alone cannot prove the holder is gone: the kernel
hands freed pids out again, so after a crash the pid may belong to some other program. The holder
therefore also records a mark of its own run, the boot, the pid namespace and the process's start time
(clock ticks since boot, from /proc/<pid>/stat), and a process is known to have exited only when the pid
is free, or is taken by a process with another start time, in the same boot and namespace. Anywhere
this cannot be read (no /proc, another machine), nothing is known and the lease's timeout decides.
"""

from __future__ import annotations

import os
from pathlib import Path

PROC = Path("/proc")


def _read(path: Path) -> str | None:
    try:
        return path.read_text(encoding="utf-8", errors="replace").strip()
    except OSError:
        return None


def _start_ticks(pid: int, proc: Path) -> str | None:
    """The start time of process `pid` in clock ticks since boot; None when no such process runs (a zombie,
    killed but not yet reaped by its parent, has stopped running too)."""
    stat = _read(proc / str(pid) / "stat")
    if stat is None:
        return None
    # The command name (field 2) is in parentheses and may itself hold spaces or ')': split after the last one.
    fields = stat.rpartition(")")[2].split()
    # fields[0] is field 3 (the state); the start time is field 22.
    if len(fields) <= 19 or fields[0] in ("Z", "X"):
        return None
    return fields[19]


def _here(proc: Path) -> str | None:
    """The boot and pid namespace this process sees, or None where /proc cannot tell."""
    boot = _read(proc / "sys" / "kernel" / "random" / "boot_id")
    try:
        namespace = os.readlink(proc / "self" / "ns" / "pid")
    except OSError:
        return None
    return None if boot is None else f"{boot} {namespace}"


def run_mark(pid: int, proc: Path = PROC) -> str | None:
    """A mark of this run of process `pid` (boot, pid namespace, start time), or None where /proc cannot tell."""
    here, ticks = _here(proc), _start_ticks(pid, proc)
    if here is None or ticks is None:
        return None
    return f"{here} {ticks}"


def has_exited(pid: int, mark: str | None, proc: Path = PROC) -> bool:
    """True only when the process that recorded `mark` as pid `pid` on this machine is certainly gone.

    False whenever it cannot be told: no mark, no /proc, or a mark of another boot or pid namespace
    (another container with the same host name sees other pids).
    """
    here = _here(proc)
    if mark is None or here is None:
        return False
    recorded_here, _, recorded_ticks = mark.rpartition(" ")
    if recorded_here != here:
        return False
    return _start_ticks(pid, proc) != recorded_ticks
