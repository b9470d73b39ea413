"""-wal mark benchmark: `python -m benchmarks.log_mark [--moves N] [--rounds R] [--checkpoint SECONDS]`.

Prints what the mark that refuses a start after a deleted -wal (db/log_mark.py) costs per stored move.
First its parts, timed directly (steady even on a busy machine): what every commit pays (`note_commit`: a
lock and a `stat` of the main file) and what the first commit past a checkpoint and the checkpoint itself
pay (`set`, `clear_if_unchanged`: one state file written and synced each). Then whole moves: moves
committed one at a time through `Database.write`, each like a real move's insert, on a database holding
its lease (as bot.py's), with the mark kept (the shipped code) against the same moves with the mark switched
off (the baseline). Both run in the same process on files in the same folder, alternating
rounds so that a busy machine slows both alike; the figure to read is the ratio. Run with both
`synchronous` levels: FULL (the bot's default, one disk sync per commit) and NORMAL (no sync per commit,
where the mark's own cost shows most).
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import time
from pathlib import Path

from db import log_mark
from db.connection import open_database
from db.writer import SyncWork

INSERT_GAME = (
    "INSERT INTO games (channel_id, game_name, options, seed, host_user_id, created_at, updated_at) "
    "VALUES (?, 'dash', '{}', 1, 1, 0, 0)"
)


def out(line: str = "") -> None:
    """Print one line of the report."""
    sys.stdout.write(line + "\n")
    sys.stdout.flush()


def _insert(channel: int) -> SyncWork:
    """One move's worth of writing: a row inserted."""
    return lambda conn: conn.execute(INSERT_GAME, (channel,))


async def _round(path: Path, moves: int, synchronous: str, checkpoint: float) -> float:
    """Seconds per move for `moves` sequential commits on a fresh database at `path`."""
    db = await open_database(path, exclusive=True, synchronous=synchronous, checkpoint_seconds=checkpoint)
    try:
        started = time.perf_counter()
        for channel in range(moves):
            await db.write(_insert(channel))
        return (time.perf_counter() - started) / moves
    finally:
        await db.close()


async def measure(moves: int, rounds: int, synchronous: str, checkpoint: float, folder: Path) -> tuple[float, float]:
    """Median seconds per move (with the mark, without it) over `rounds` alternating rounds."""
    shipped_note = log_mark.LogMark.note_commit
    with_mark: list[float] = []
    without: list[float] = []
    for index in range(rounds):
        with_mark.append(await _round(folder / f"mark-{synchronous}-{index}.db", moves, synchronous, checkpoint))
        log_mark.LogMark.note_commit = _never  # type: ignore[method-assign]  # the baseline swaps it out for the run
        try:
            without.append(await _round(folder / f"plain-{synchronous}-{index}.db", moves, synchronous, checkpoint))
        finally:
            log_mark.LogMark.note_commit = shipped_note  # type: ignore[method-assign]  # the baseline swaps it out for the run
    return statistics.median(with_mark), statistics.median(without)


def _never(self: log_mark.LogMark) -> bool:
    """The baseline: no commit ever asks for the mark (and no stat of the main file is made)."""
    return False


async def parts(folder: Path, repeat: int) -> tuple[float, float, float]:
    """Median seconds of `note_commit`, `set` and `clear_if_unchanged` on a real database's mark."""
    db = await open_database(folder / "parts.db", exclusive=True, checkpoint_seconds=None)
    try:
        assert db.lease is not None
        mark = db.lease.mark
        await db.checkpoint()
        notes: list[float] = []
        sets: list[float] = []
        clears: list[float] = []
        for _ in range(repeat):
            started = time.perf_counter()
            mark.note_commit()
            notes.append(time.perf_counter() - started)
            started = time.perf_counter()
            mark.set()
            sets.append(time.perf_counter() - started)
            counted = mark.commits
            started = time.perf_counter()
            mark.clear_if_unchanged(counted)
            clears.append(time.perf_counter() - started)
        return statistics.median(notes), statistics.median(sets), statistics.median(clears)
    finally:
        await db.close()


async def main_async(args: argparse.Namespace) -> None:
    """Time the parts, then run both synchronous levels and print the per-move figures and ratios."""
    with tempfile.TemporaryDirectory(prefix="gnomehost-bench-mark-", dir=args.dir) as scratch:
        note, written, cleared = await parts(Path(scratch), 200)
        out(f"every commit:       note_commit {note * 1e6:7.1f} us")
        out(f"once per interval:  set {written * 1e3:7.2f} ms, clear {cleared * 1e3:7.2f} ms")
        out(f"{args.moves} moves per round, {args.rounds} rounds, checkpoint every {args.checkpoint:g} s")
        for synchronous in ("FULL", "NORMAL"):
            marked, plain = await measure(args.moves, args.rounds, synchronous, args.checkpoint, Path(scratch))
            out(
                f"synchronous={synchronous:<6}  with mark {marked * 1e6:8.1f} us/move   "
                f"baseline {plain * 1e6:8.1f} us/move   ratio {marked / plain:5.3f}"
            )


def main() -> None:
    """Parse the options and run."""
    parser = argparse.ArgumentParser(prog="python -m benchmarks.log_mark", description=__doc__)
    parser.add_argument("--moves", type=int, default=2000, help="moves per round (default 2000)")
    parser.add_argument("--rounds", type=int, default=5, help="alternating rounds (default 5)")
    parser.add_argument(
        "--checkpoint", type=float, default=1.0,
        help="checkpoint interval in seconds (default 1: the mark is rewritten far more often than in the bot)",
    )
    parser.add_argument("--dir", default=None, help="folder for the scratch databases (default: the temp folder)")
    asyncio.run(main_async(parser.parse_args()))


if __name__ == "__main__":
    main()
