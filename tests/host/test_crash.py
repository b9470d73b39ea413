"""Crash safety: a process submitting moves is killed with SIGKILL at random moments; after each kill a new
service opens the store: every acknowledged move is there exactly once and replay equals the snapshot.

20 kills by default (about 10 s); GNOMEHOST_SLOW=1 runs a 200-kill soak.
"""

from __future__ import annotations

import asyncio
import os
import random
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

from host.notifier import RecordingNotifier
from tests.fixtures.db import raw
from tests.host.conftest import open_service

REPO = Path(__file__).resolve().parents[2]
KILLS = 200 if os.environ.get("GNOMEHOST_SLOW") == "1" else 20


def _run_and_kill(url: str, errors: Path, rng: random.Random) -> list[str]:
    """Start a worker on the store `url`, kill it at a random moment, return the complete lines it printed
    (its stderr goes to `errors`)."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "tests.host.workers", "crash", url],
        cwd=REPO,
        stdout=subprocess.PIPE,
        stderr=errors.open("w"),
        text=True,
    )
    lines: list[str] = []
    first_ack = threading.Event()

    def read() -> None:
        assert proc.stdout is not None
        for line in proc.stdout:
            if line.endswith("\n"):  # a line cut by the kill was never acknowledged
                lines.append(line.strip())
                if line.startswith("ACK "):
                    first_ack.set()

    reader = threading.Thread(target=read)
    reader.start()
    # Sometimes during start-up (migrations, recovery), mostly while moves are being stored: the latter
    # counted from the worker's first acknowledged move, so a slow start on a busy machine still kills
    # it in the middle of its moves.
    if rng.random() < 0.25:
        time.sleep(rng.uniform(0.05, 0.25))
    else:
        first_ack.wait(timeout=5.0)
        time.sleep(rng.uniform(0.0, 0.5))
    os.kill(proc.pid, signal.SIGKILL)
    code = proc.wait()
    reader.join()
    # A worker that ended by itself (not by our kill) failed to start or to move: show why.
    assert code == -signal.SIGKILL, f"the worker exited with {code}: {errors.read_text()[-2000:]}"
    return lines


async def _check(path: str, acked: dict[tuple[int, int], tuple[int, str]]) -> int:
    notifier = RecordingNotifier()
    svc = await open_service(path, notifier, synchronous="FULL")
    try:
        report = await svc.recover()
        assert report.quarantined == (), "a game failed verification after a kill"
        stored: dict[tuple[int, int], tuple[int, str, str]] = {}
        played = await raw.query(path, "SELECT id FROM games WHERE status IN ('active', 'finished') ORDER BY id")
        for (game_id,) in played:
            rows = await svc.store.list_actions(game_id)
            row = await svc.store.get_game(game_id)
            assert row is not None
            assert [r.seq for r in rows] == list(range(1, len(rows) + 1))  # none lost, none twice
            assert row.version == len(rows)
            for r in rows:
                stored[(game_id, r.seq)] = (r.player, r.action_id, r.source)
        for key, (player, action_id) in acked.items():
            assert stored.get(key) == (player, action_id, "human"), f"acknowledged move {key} is missing"
        return len(stored)
    finally:
        await svc.close()


def test_sigkill_at_random_moments_loses_no_acknowledged_move(store_url, tmp_path):
    path = store_url
    errors = tmp_path / "worker-stderr"
    rng = random.Random(20261129)
    acked: dict[tuple[int, int], tuple[int, str]] = {}
    stored = 0
    for _ in range(KILLS):
        for line in _run_and_kill(path, errors, rng):
            if line.startswith("ACK "):
                _, game, seq, player, action = line.split()
                key = (int(game), int(seq))
                assert key not in acked, f"move {key} acknowledged twice"
                acked[key] = (int(player), action)
        stored = asyncio.run(_check(path, acked))
    assert len(acked) > KILLS  # the workers did get moves through between kills
    assert stored >= len(acked)
