"""A PostgreSQL server of the test's own, on a free port, that a test may restart (the shared one must not be).

Made with the installed server binaries (`initdb`, `pg_ctl`), run as the `postgres` user when the tests run
as root (the server refuses to run as root), trusting local connections as the superuser `gnomehost`.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import tempfile
from pathlib import Path

SERVER_USER = "postgres"


def server_binaries() -> Path | None:
    """The folder holding initdb and pg_ctl (the newest installed version), or None when there is none."""
    candidates = sorted(Path("/usr/lib/postgresql").glob("*/bin"), key=lambda p: int(p.parent.name)
                        if p.parent.name.isdigit() else 0)
    found = [folder for folder in candidates if (folder / "initdb").exists() and (folder / "pg_ctl").exists()]
    if found:
        return found[-1]
    initdb = shutil.which("initdb")
    return Path(initdb).parent if initdb and shutil.which("pg_ctl") else None


def can_run_a_server() -> bool:
    """Whether this machine can start a private server: binaries present, and a non-root user to run it."""
    if server_binaries() is None:
        return False
    if os.geteuid() != 0:
        return True
    try:
        import pwd

        pwd.getpwnam(SERVER_USER)
    except KeyError:
        return False
    return True


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class PrivateServer:
    """One throw-away PostgreSQL cluster: `start`, `restart`, `stop` (which also deletes it)."""

    def __init__(self) -> None:
        binaries = server_binaries()
        assert binaries is not None
        self._bin = binaries
        # Not under pytest's tmp_path: its parents are private to root, and the server runs as another user.
        self.root = Path(tempfile.mkdtemp(prefix="gnomehost-pg-"))
        self.data = self.root / "data"
        self.port = _free_port()
        self.url = f"postgresql://gnomehost@127.0.0.1:{self.port}/postgres"
        if os.geteuid() == 0:
            shutil.chown(self.root, user=SERVER_USER)

    def _run(self, *args: str) -> None:
        user = SERVER_USER if os.geteuid() == 0 else None
        done = subprocess.run(args, user=user, capture_output=True, text=True, timeout=60, cwd=self.root)
        if done.returncode != 0:
            raise RuntimeError(f"{' '.join(args)} failed: {done.stdout}{done.stderr}")

    def start(self) -> None:
        """Make the cluster and start the server (waits until it accepts connections)."""
        self._run(str(self._bin / "initdb"), "-D", str(self.data), "-U", "gnomehost", "-A", "trust", "--no-sync")
        options = f"-p {self.port} -k {self.root} -c listen_addresses=127.0.0.1 -c fsync=off"
        self._run(str(self._bin / "pg_ctl"), "-D", str(self.data), "-o", options, "-l", str(self.root / "log"),
                  "-w", "start")

    def restart(self) -> None:
        """Restart the server: every connection is cut, as in a real restart (waits until it is back)."""
        self._run(str(self._bin / "pg_ctl"), "-D", str(self.data), "-l", str(self.root / "log"), "-m", "fast", "-w",
                  "restart")

    def stop(self) -> None:
        """Stop the server and delete the cluster."""
        try:
            if (self.data / "postmaster.pid").exists():
                self._run(str(self._bin / "pg_ctl"), "-D", str(self.data), "-m", "immediate", "-w", "stop")
        finally:
            shutil.rmtree(self.root, ignore_errors=True)
