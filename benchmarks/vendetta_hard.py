"""Vendetta's hard level against its own baseline: `python -m benchmarks.vendetta_hard [--positions 30] [--players 2]`.

Collects the decisions of seat 0 in normal-level games (as `benchmarks.ai_decisions` does), then times every
decision twice in this one process, interleaved: once with the rollouts' greedy replies chosen the way they were
before (among every candidate movement, not only the `REPLY_WIDTH` most appealing; every clan evaluated on its
own, the menu listed after each candidate to finish a draft that whole orders never open, a clan's needs computed
again at every evaluation: the `baseline`), once with the module as it is (`current`). Interleaving makes the load
of a shared machine fall alike on both, so the printed ratios (current / baseline) are what the changes are worth,
whatever the absolute figures on the day. It also counts the decisions whose move differs between the two (only
the narrower replies change moves: the rest is a cheaper way to the same evaluation; the arena says what the
changed moves are worth), and checks that each decision repeats its move for the same observation and seed.
"""

from __future__ import annotations

import argparse
import dataclasses
import statistics
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from benchmarks.ai_decisions import collect
from engine import registry
from engine.ai import decide
from engine.arena import percentile
from engine.vendetta import ai as vendetta_ai


@contextmanager
def baseline_rollouts() -> Iterator[None]:
    """Inside: the rollouts' greedy replies weigh every candidate movement, evaluate each clan separately and try
    to finish a draft, and a clan's needs are computed at every evaluation (the way before these speed-ups)."""
    current, replies, cached = vendetta_ai._HOOKS, vendetta_ai._REPLY_HOOKS, vendetta_ai._needs_of
    vendetta_ai._HOOKS = dataclasses.replace(current, evaluate_all=None, drafts=True)
    vendetta_ai._REPLY_HOOKS = vendetta_ai._HOOKS
    vendetta_ai._needs_of = cached.__wrapped__  # type: ignore[assignment]  # the needs computed every time
    try:
        yield
    finally:
        vendetta_ai._HOOKS, vendetta_ai._REPLY_HOOKS, vendetta_ai._needs_of = current, replies, cached


def timed(game: Any, state: Any, seat: int, seed: int) -> tuple[float, str]:
    """CPU seconds of one hard decision and the chosen action id."""
    start = time.process_time()
    action = decide(game, state, seat, "hard", seed)
    return time.process_time() - start, action.id


def summary(label: str, times: list[float]) -> str:
    """One line: median, p95 and max in ms."""
    ordered = sorted(times)
    return (f"{label:9} CPU ms median {statistics.median(ordered) * 1000:6.0f}  p95 "
            f"{percentile(ordered, 0.95) * 1000:6.0f}  max {ordered[-1] * 1000:6.0f}")


def main(argv: list[str] | None = None) -> int:
    """Print both variants' CPU median, p95 and max, their ratios, and how many moves differ."""
    parser = argparse.ArgumentParser(prog="python -m benchmarks.vendetta_hard", description=__doc__)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--positions", type=int, default=30)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    game = registry.get("vendetta")
    positions = collect("vendetta", args.players, args.positions, args.seed)
    base: list[float] = []
    now: list[float] = []
    changed = 0
    unrepeated = 0
    for index, (state, seat) in enumerate(positions):
        with baseline_rollouts():
            t_base, move_base = timed(game, state, seat, index)
        t_now, move_now = timed(game, state, seat, index)
        base.append(t_base)
        now.append(t_now)
        changed += move_base != move_now
        unrepeated += decide(game, state, seat, "hard", index).id != move_now
    out = sys.stdout
    out.write(f"vendetta, {args.players} players: {len(positions)} hard decisions of seat 0, each timed in both "
              "variants\n")
    out.write(summary("baseline", base) + "\n")
    out.write(summary("current", now) + "\n")
    for name, pick in (("median", statistics.median), ("p95", lambda t: percentile(sorted(t), 0.95)),
                       ("max", max)):
        out.write(f"ratio current/baseline {name}: {pick(now) / pick(base):.2f}\n")
    out.write(f"moves that differ from the baseline: {changed} of {len(positions)}; "
              f"not repeated for the same seed: {unrepeated}\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
