"""Hard-level decision cost: `python -m benchmarks.ai_decisions [--game vendetta] [--positions 30] [--profile N]`.

Collects the decisions of a seat in games the normal level plays against itself (every decision of seat 0 with
more than one legal choice, spread over the games), then times the hard level on each of them in CPU time of
this process. `--profile N` prints the N most costly functions (cumulative) of the whole timed run (cProfile).
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import statistics
import sys
import time
from typing import Any

from engine import registry
from engine.ai import decide
from engine.arena import percentile

# Decisions of the collecting games skipped between two kept positions, so that they spread over whole games.
STRIDE = 3


def collect(game_name: str, players: int, count: int, seed: int) -> list[tuple[Any, int]]:
    """`count` positions (state, seat) where seat 0 decides among several choices, from normal-level games."""
    game = registry.get(game_name)
    found: list[tuple[Any, int]] = []
    game_seed = seed
    while len(found) < count:
        state = game.new_game(players, game_seed)
        step = 0
        while game.pending(state) and len(found) < count and step < 5000:
            player = game.pending(state)[0].player
            if player == 0 and len(game.legal_actions(state, player)) > 1 and step % STRIDE == 0:
                found.append((state, player))
            action = decide(game, state, player, "normal", game_seed * 7919 + step)
            state, _ = game.apply(state, player, game.parse_action(state, player, action.id))
            step += 1
        game_seed += 1
    return found


def main(argv: list[str] | None = None) -> int:
    """Print the CPU median, p95 and max of the hard level's decisions on the collected positions."""
    parser = argparse.ArgumentParser(prog="python -m benchmarks.ai_decisions", description=__doc__)
    parser.add_argument("--game", default="vendetta", choices=registry.names())
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--positions", type=int, default=30)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--profile", type=int, default=0, help="print this many functions of the profile")
    args = parser.parse_args(argv)
    game = registry.get(args.game)
    positions = collect(args.game, args.players, args.positions, args.seed)
    profiler = cProfile.Profile() if args.profile else None
    times: list[float] = []
    for index, (state, seat) in enumerate(positions):
        if profiler is not None:
            profiler.enable()
        start = time.process_time()
        decide(game, state, seat, "hard", index)
        times.append(time.process_time() - start)
        if profiler is not None:
            profiler.disable()
    times.sort()
    sys.stdout.write(f"{args.game}: {len(times)} hard decisions, CPU ms median {statistics.median(times) * 1000:.0f}, "
                     f"p95 {percentile(times, 0.95) * 1000:.0f}, max {times[-1] * 1000:.0f}\n")
    if profiler is not None:
        pstats.Stats(profiler, stream=sys.stdout).sort_stats("cumulative").print_stats(args.profile)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
