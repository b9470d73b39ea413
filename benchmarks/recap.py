"""Recap benchmark: `python -m benchmarks.recap [--rounds 12] [--repeat 5] [--quick]`.

Per registered game: a seeded game of random players (3 seats, benchmarks/replay.py's `game_log`) is played for
`--rounds` rounds. Timed, as a turn start does it:

- `tape s`: the first replay of the whole log into the recap tape (host/recap.py, once per game and process);
- `step ms`: advancing the tape by one more move and reading a player's recap (every later turn start);
- `12 frames ms`: the recap animation of 12 frames (cogs/recap.py `animate`: 12 boards drawn, captioned, encoded
  for a phone), with no board drawn before (the first player's recap of a turn);
- `warm ms`: the same with the boards kept from the first (the next player's recap at the same table);
- `board ms`: the baseline of the same run, drawing one board (the mean of drawing the 12 again).

Printed per game: the figures, `x board` (12 frames over one board) and `/target` (12 frames over the 250 ms
target: <= 1 meets it). Times are CPU time of this process (time.process_time), so other load on the machine does
not count. The boards of another game of the same kind are drawn before timing (the renderer's static layer,
fonts and pieces), as a running bot has drawn such boards long before. `--quick`: 4 rounds, one run, a check
that it runs.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable
from typing import Any

import render
from benchmarks.replay import PLAYERS, SEED, game_log
from cogs import recap as animation
from db.rows import ActionRow
from engine import registry
from host.recap import MAX_FRAMES, Tape
from host.results import Recap, RecapFrame, RecapMove

TARGET_MS = 250.0
NAMES = {p: f"Player {p}" for p in range(PLAYERS)}


def _cpu(fn: Callable[[], Any]) -> tuple[float, Any]:
    start = time.process_time()
    value = fn()
    return time.process_time() - start, value


def twelve_frames(name: str, rows: list[ActionRow], seed: int = SEED) -> Recap:
    """A recap of the last 12 public changes of the log (as many as a long wait between two moves shows)."""
    game = registry.get(name)
    state = game.new_game(PLAYERS, seed, {})
    changes: list[RecapFrame] = []
    for row in rows:
        state, events = game.apply(state, row.player, game.parse_action(state, row.player, row.action_id))
        public = tuple(e for e in events if e.public)
        if public:
            changes.append(RecapFrame(row.seq, game.view(state, None), public))
    frames = tuple(changes[-MAX_FRAMES:])
    moves = tuple(RecapMove(f.seq, 0, f.events) for f in frames[1:])
    return Recap(1, name, 0, rows[-1].seq, frames[0].seq, moves, frames, len(frames) - 1)


def bench_game(name: str, rounds: int, repeat: int) -> dict[str, Any]:
    """The figures of one game."""
    game = registry.get(name)
    rows = game_log(game, rounds + 1)
    head, last = rows[:-1], rows[-1:]
    tape_s, _tape = _cpu(lambda: Tape.build(game, PLAYERS, SEED, {}, head))
    recap = twelve_frames(name, head)
    # A running bot has drawn boards of this game before (its static layer, fonts, pieces): draw those of another
    # game once, so the timing sees this recap's own boards drawn, not the renderer's caches filled.
    animation.animate(twelve_frames(name, game_log(game, rounds + 1, SEED + 1), SEED + 1), NAMES)
    steps, colds, warms, boards = [], [], [], []
    size = 0
    for _ in range(repeat):
        copy = Tape.build(game, PLAYERS, SEED, {}, head)
        seconds, _ = _cpu(lambda: (copy.advance(last), copy.recap(1, name, 0)))  # noqa: B023  # called at once
        steps.append(seconds)
        animation.BOARDS.clear()
        seconds, data = _cpu(lambda: animation.animate(recap, NAMES))
        colds.append(seconds)
        size = len(data)
        seconds, _ = _cpu(lambda: animation.animate(recap, NAMES))
        warms.append(seconds)
        animation.BOARDS.clear()
        seconds, _ = _cpu(lambda: [render.board(name, f.public_view) for f in recap.frames])
        boards.append(seconds / len(recap.frames))
    cold_ms = statistics.median(colds) * 1000
    board_ms = statistics.median(boards) * 1000
    return {
        "game": name, "moves": len(rows), "frames": len(recap.frames), "tape_s": tape_s,
        "step_ms": statistics.median(steps) * 1000, "cold_ms": cold_ms, "warm_ms": statistics.median(warms) * 1000,
        "board_ms": board_ms, "x_board": cold_ms / board_ms if board_ms > 0 else 0.0, "ratio": cold_ms / TARGET_MS,
        "bytes": size,
    }


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark and print one line per game."""
    parser = argparse.ArgumentParser(prog="python -m benchmarks.recap", description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=12, help="rounds played before the recap (default 12)")
    parser.add_argument("--repeat", type=int, default=5, help="runs per game; the median is printed (default 5)")
    parser.add_argument("--quick", action="store_true", help="4 rounds, one run: a check that it works")
    args = parser.parse_args(argv)
    rounds, repeat = (4, 1) if args.quick else (args.rounds, args.repeat)
    print(f"Recap after {rounds} rounds, {PLAYERS} random players, seed {SEED}; CPU time, median of {repeat} "
          f"run(s); target {TARGET_MS:g} ms for 12 frames.")
    print(f"{'game':<11} {'moves':>6} {'frames':>6} {'tape s':>7} {'step ms':>8} {'12 frames ms':>13} "
          f"{'warm ms':>8} {'board ms':>9} {'x board':>8} {'/target':>8} {'GIF KB':>7}")
    for name in registry.names():
        r = bench_game(name, rounds, repeat)
        print(f"{r['game']:<11} {r['moves']:>6} {r['frames']:>6} {r['tape_s']:>7.3f} {r['step_ms']:>8.1f} "
              f"{r['cold_ms']:>13.1f} {r['warm_ms']:>8.1f} {r['board_ms']:>9.1f} {r['x_board']:>8.1f} "
              f"{r['ratio']:>8.2f} {r['bytes'] / 1024:>7.0f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
