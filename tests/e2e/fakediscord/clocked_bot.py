"""The real bot.py on a clock the test can move: `time.time()` plus the seconds written in a file.

Run as the bot's script (``bot_factory(CLOCKED_BOT, env={OFFSET_ENV: path})``). Everything in the bot that
reads the wall clock (deadlines, quiet hours, vacations, the outbox's due times) reads `time.time`, so
writing "7200" to the file makes the bot live two hours later from then on; asyncio's own timers run on
the monotonic clock and are not moved. The outbox also looks for due messages every second instead of
every 30 seconds, so that a moved clock is noticed at once.
"""

from __future__ import annotations

import contextlib
import os
import runpy
import sys
import time
from pathlib import Path

OFFSET_ENV = "GNOMEHOST_TEST_CLOCK_OFFSET_FILE"
REPO_ROOT = Path(__file__).resolve().parents[3]
# How often the offset file is read again (monotonic seconds): time.time is called very often.
REREAD = 0.1


class OffsetClock:
    """The wall clock moved by the number of seconds in a file (0 while the file is missing or blank)."""

    def __init__(self, path: Path) -> None:
        self._path = path
        self._real = time.time
        self._offset = 0.0
        self._read_at = -REREAD

    def __call__(self) -> float:
        now = time.monotonic()
        if now - self._read_at >= REREAD:
            self._read_at = now
            # A file being rewritten reads blank or cut: the last offset stays.
            with contextlib.suppress(OSError, ValueError):
                self._offset = float(self._path.read_text(encoding="utf-8").strip() or 0)
        return self._real() + self._offset


def main() -> None:
    """Move the clock, make the outbox look often, then run bot.py as `python bot.py` would."""
    time.time = OffsetClock(Path(os.environ[OFFSET_ENV]))
    sys.path.insert(0, str(REPO_ROOT))
    # Imported after the clock moved, so that its default clock is the moved one.
    import host.sender

    defaults = host.sender.OutboxSender.__init__.__kwdefaults__ or {}
    host.sender.OutboxSender.__init__.__kwdefaults__ = {**defaults, "idle_interval": 1.0}
    sys.argv = [str(REPO_ROOT / "bot.py")]
    runpy.run_path(str(REPO_ROOT / "bot.py"), run_name="__main__")


if __name__ == "__main__":
    main()
