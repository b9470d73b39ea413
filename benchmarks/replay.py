"""Replay benchmark: `python -m benchmarks.replay [--rounds 30] [--repeat 3] [--quick]`.

Per registered game: a seeded game of random players (3 seats) is played and its log cut after `--rounds` rounds
(the rules' round counter); then, as `/game replay` does in its worker thread, the log is replayed into its
public rounds (host/replay.py) and the animation is built (cogs/replay.py `animate`: every board drawn, captioned
and encoded as one GIF). Printed per game: moves and frames, the median time of each stage, frames per second of
the animation stage, the GIF's size, and the whole build's ratio to the 2 s target (a ratio <= 1 meets it).

Times are CPU time of this process (time.process_time), so other load on the machine does not count; the wall
time of the last run is printed beside them. The first board of each game (its static layer) is drawn before
timing, as a running bot has drawn it long before. `--quick` is 6 rounds, one repeat: a check that it runs.
"""

from __future__ import annotations

import argparse
import logging
import statistics
import time
from collections.abc import Callable
from typing import Any

import render
from cogs.replay import animate
from db.rows import ActionRow
from engine import registry
from engine.ai import make_player
from engine.core.game import Game
from host import replay
from host.results import GameReplay, SeatInfo, TableInfo, TableSettings, TableStatus

log = logging.getLogger(__name__)

TARGET_SECONDS = 2.0
PLAYERS = 3
SEED = 2026
MAX_MOVES = 20_000


def game_log(game: Game[Any], rounds: int, seed: int = SEED) -> list[ActionRow]:
    """The log of a seeded random game, cut at the first move of round `rounds` + 1 (or its end)."""
    state = game.new_game(PLAYERS, seed, {})
    bots = [make_player("random", seed * 1000 + p) for p in range(PLAYERS)]
    rows: list[ActionRow] = []
    while len(rows) < MAX_MOVES and game.pending(state):
        player = game.pending(state)[0].player
        action = bots[player].choose(game, state, player)
        after, events = game.apply(state, player, action)
        if game.round_number(after) > rounds:
            break
        state = after
        rows.append(ActionRow(0, len(rows) + 1, player, action.id, "ai", None, None, [e.to_json() for e in events],
                              0.0))
    return rows


def _table(name: str, title: str) -> TableInfo:
    seats = tuple(SeatInfo(p, None, True, p) for p in range(PLAYERS))
    return TableInfo(game_id=1, game_name=name, title=title, guild_id=None, channel_id=0, host_user_id=0,
                     status=TableStatus.FINISHED, options={}, seats=seats, min_players=PLAYERS,
                     max_players=PLAYERS, version=0, settings=TableSettings(), created_at=0.0, updated_at=0.0)


def _cpu(fn: Callable[[], Any]) -> tuple[float, Any]:
    start = time.process_time()
    value = fn()
    return time.process_time() - start, value


def bench_game(name: str, rounds: int, repeat: int) -> dict[str, Any]:
    """The figures of one game's replay of `rounds` rounds."""
    game = registry.get(name)
    rows = game_log(game, rounds)
    table = _table(name, game.title or name)
    built = replay.replay_rounds(game, PLAYERS, SEED, {}, rows)
    render.board(name, built[0].public_view)  # the static layer, drawn once before timing
    replays: list[float] = []
    animations: list[float] = []
    wall = 0.0
    data = b""
    for _ in range(repeat):
        start = time.perf_counter()
        seconds, rounds_built = _cpu(lambda: replay.replay_rounds(game, PLAYERS, SEED, {}, rows))
        replays.append(seconds)
        whole = GameReplay(table, rounds_built)
        seconds, (data, _shown) = _cpu(lambda: animate(whole))  # noqa: B023  # called at once, in this iteration
        animations.append(seconds)
        wall = time.perf_counter() - start
    frames = len(built)
    replay_s = statistics.median(replays)
    animation_s = statistics.median(animations)
    return {
        "game": name, "moves": len(rows), "frames": frames, "replay_s": replay_s, "animation_s": animation_s,
        "fps": frames / animation_s if animation_s > 0 else 0.0, "bytes": len(data),
        "total_s": replay_s + animation_s, "ratio": (replay_s + animation_s) / TARGET_SECONDS, "wall_s": wall,
    }


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark and print one line per game."""
    parser = argparse.ArgumentParser(prog="python -m benchmarks.replay", description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=30, help="rounds of each replay (default 30)")
    parser.add_argument("--repeat", type=int, default=3, help="runs per game; the median is printed (default 3)")
    parser.add_argument("--quick", action="store_true", help="6 rounds, one run: a check that it works")
    args = parser.parse_args(argv)
    rounds, repeat = (6, 1) if args.quick else (args.rounds, args.repeat)
    print(f"Replay of {rounds} rounds per game, {PLAYERS} random players, seed {SEED}; CPU seconds, median of "
          f"{repeat} run(s); target {TARGET_SECONDS:g} s for the whole build.")
    print(f"{'game':<11} {'moves':>6} {'frames':>6} {'replay s':>9} {'animate s':>10} {'frames/s':>9} "
          f"{'GIF KB':>7} {'total s':>8} {'/target':>8} {'wall s':>7}")
    for name in registry.names():
        r = bench_game(name, rounds, repeat)
        print(f"{r['game']:<11} {r['moves']:>6} {r['frames']:>6} {r['replay_s']:>9.3f} {r['animation_s']:>10.3f} "
              f"{r['fps']:>9.1f} {r['bytes'] / 1024:>7.0f} {r['total_s']:>8.3f} {r['ratio']:>8.2f} "
              f"{r['wall_s']:>7.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
