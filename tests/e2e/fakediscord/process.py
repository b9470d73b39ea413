"""Run a bot script (bot.py, or the self-test client) as a subprocess against the fake Discord."""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .harness import Harness

REPO_ROOT = Path(__file__).resolve().parents[3]


class BotProcess:
    """A bot subprocess: ``sys.executable <script>`` with cwd = repo root and stderr captured to a file.

    ``start()`` may be called again after ``kill()`` / ``stop()`` (a restart); every run appends to the
    same log file with a banner, so ``log_text()`` shows all runs.
    """

    def __init__(self, env: dict[str, str], log_path: Path, script: str | Path = "bot.py",
                 cwd: Path = REPO_ROOT, args: list[str] | None = None) -> None:
        self.script = str(script)
        self.extra_env = dict(env)
        self.log_path = Path(log_path)
        self.cwd = cwd
        self.args = args or []
        self.proc: subprocess.Popen[bytes] | None = None
        self.runs = 0

    def start(self) -> None:
        """Start (or restart) the process."""
        assert self.proc is None or self.proc.poll() is not None, "bot process already running"
        env = {k: v for k, v in os.environ.items() if not k.startswith("DISCORD_")}
        env.update(self.extra_env)
        env.setdefault("PYTHONUNBUFFERED", "1")
        self.runs += 1
        with self.log_path.open("ab") as fh:
            fh.write(f"\n===== run {self.runs}: {self.script} =====\n".encode())
        log = self.log_path.open("ab")
        try:
            self.proc = subprocess.Popen([sys.executable, self.script, *self.args], cwd=self.cwd, env=env,
                                         stdin=subprocess.DEVNULL, stdout=log, stderr=subprocess.STDOUT)
        finally:
            log.close()

    @property
    def pid(self) -> int | None:
        """Process id of the current run."""
        return self.proc.pid if self.proc else None

    @property
    def running(self) -> bool:
        """True while the process is alive."""
        return self.proc is not None and self.proc.poll() is None

    @property
    def returncode(self) -> int | None:
        """Exit code of the last run (None while running)."""
        return None if self.proc is None else self.proc.poll()

    def kill(self) -> None:
        """SIGKILL the process (simulates a crash) and reap it."""
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL)
            self.proc.wait(timeout=10)

    def stop(self, timeout: float = 10.0) -> int | None:
        """SIGTERM, wait up to ``timeout`` s, then SIGKILL. Returns the exit code."""
        if self.proc is None:
            return None
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(timeout=timeout)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(timeout=10)
        return self.proc.returncode

    def wait_exit(self, timeout: float = 10.0) -> int:
        """Wait for the process to exit by itself; returns the exit code."""
        assert self.proc is not None, "process never started"
        deadline = time.monotonic() + timeout
        while self.proc.poll() is None:
            assert time.monotonic() < deadline, f"{self.script} did not exit within {timeout}s"
            time.sleep(0.05)
        return self.proc.returncode

    def log_text(self) -> str:
        """Everything the process wrote to stdout/stderr so far."""
        return self.log_path.read_text(errors="replace") if self.log_path.exists() else ""

    def log_tail(self, lines: int = 60) -> str:
        """The last ``lines`` lines of the log (for failure messages)."""
        return "\n".join(self.log_text().splitlines()[-lines:])


class LiveBot:
    """A :class:`BotProcess` tied to a :class:`~.harness.Harness`: async start / kill / restart helpers.

    ``await start()`` waits until the bot identified and synced commands, failing fast (with the log
    tail) if the process exits first.
    """

    def __init__(self, harness: Harness, process: BotProcess) -> None:
        self.h = harness
        self.process = process
        self._watching = False
        harness.server.watchdogs.append(self._watchdog)

    def _watchdog(self) -> str | None:
        if self._watching and not self.process.running:
            self._watching = False
            return (f"{self.process.script} died (exit code {self.process.returncode}); "
                    f"log tail:\n{self.process.log_tail()}")
        return None

    @property
    def shards(self) -> tuple[int, list[int]] | None:
        """(SHARD_COUNT, SHARD_IDS) from the process's environment; None when it runs unsharded."""
        count = self.process.extra_env.get("SHARD_COUNT", "").strip()
        if not count:
            return None
        ids = self.process.extra_env.get("SHARD_IDS", "").strip()
        return int(count), [int(i) for i in ids.split(",")] if ids else list(range(int(count)))

    async def start(self, *, timeout: float = 30.0, commands: bool = True) -> None:
        """Start the process and wait until it is ready (gateway identified, commands synced).

        A sharded bot (SHARD_COUNT in its env) is ready when each of its shards identified anew.
        """
        gateway = self.h.server.gateway
        identifies = gateway.identify_count
        before = len(gateway.connections)
        self.process.start()
        self._watching = True
        shards = self.shards

        def ready() -> bool:
            if shards is None:
                connected = gateway.active is not None and gateway.identify_count > identifies
            else:
                count, ids = shards
                fresh = [c for c in gateway.connections[before:] if c.open]
                connected = all(any(c.shard == (i, count) for c in fresh) for i in ids)
            return connected and (not commands or bool(self.h.state.commands))

        # discord.py identifies shards 5 s apart: allow for that on top of the start-up time.
        extra = 5.0 * (len(shards[1]) - 1) if shards else 0.0
        await self.h.server.wait_until(ready, timeout + extra, f"{self.process.script} to be ready",
                                       lambda: f"log tail:\n{self.process.log_tail()}", poll=0.05)

    def expect_exit(self) -> None:
        """The bot is about to exit by itself (a test made it): its exit no longer fails the waits."""
        self._watching = False

    async def kill(self, timeout: float = 10.0) -> None:
        """SIGKILL the bot (a crash) and wait until the fake sees its gateway connection(s) close.

        A sharded bot waits only for its own shards' connections: other processes stay connected.
        """
        self._watching = False
        self.process.kill()
        shards = self.shards
        if shards is None:
            await self.h.wait_disconnected(timeout)
            return
        ids = shards[1]
        await self.h.server.wait_until(
            lambda: all(self.h.server.gateway.for_shard(i) is None for i in ids), timeout,
            f"the gateway connections of shards {ids} to close")

    async def restart(self, *, timeout: float = 30.0) -> None:
        """SIGKILL, then start again and wait until ready."""
        await self.kill()
        await self.start(timeout=timeout)

    async def stop(self, timeout: float = 10.0) -> int | None:
        """SIGTERM (graceful shutdown); returns the exit code."""
        self._watching = False
        return await asyncio.to_thread(self.process.stop, timeout)

    @property
    def running(self) -> bool:
        """True while the process is alive."""
        return self.process.running

    def log_text(self) -> str:
        """The bot's whole stdout/stderr log."""
        return self.process.log_text()

    def log_tail(self, lines: int = 60) -> str:
        """Last lines of the bot's log."""
        return self.process.log_tail(lines)

    def log_lines(self, levels: tuple[str, ...] = ("INFO", "WARNING", "ERROR", "CRITICAL")) -> list[str]:
        """Log lines whose level is in ``levels``, for bot.py's format ``<date> <time> LEVEL logger: msg``
        (e.g. to check that no hidden item is logged at INFO or above)."""
        out = []
        for line in self.log_text().splitlines():
            parts = line.split(maxsplit=3)
            if len(parts) >= 3 and parts[2] in levels:
                out.append(line)
        return out

    def log_errors(self) -> list[str]:
        """Log lines at ERROR/CRITICAL level and Traceback headers (empty when the bot logged none)."""
        return [line for line in self.log_text().splitlines()
                if " ERROR " in line or " CRITICAL " in line or line.startswith(("ERROR:", "CRITICAL:"))
                or line.startswith("Traceback (most recent call last)")]
