"""Stats benchmark: `python -m benchmarks.stats [--games N]`.

What one /game stats of a server costs beyond the store's read: per registered game, N finished games (copies
of one seeded random 2-player game's final state, as the store hands them over: JSON already parsed) added up
by host.stats.game_record, which loads every final state for its factions and rounds. Printed: CPU ms for the
N games and per game. Times are CPU time of this process (time.process_time_ns), so other load on the machine
moves them little; the sums run in a thread off the event loop (host/stats.py).
"""

from __future__ import annotations

import argparse
import json
import time

from db.rows import SeatRow
from db.stat_rows import StatsGame
from engine import registry
from engine.ai import make_player
from host.stats import game_record


def _final_dump(name: str, seed: int) -> tuple[dict[str, object], dict[str, object]]:
    """The dumped final state and outcome of one random 2-player game."""
    game = registry.get(name)
    state = game.new_game(2, seed, {})
    bots = [make_player("random", seed * 1000 + p) for p in range(2)]
    while (pending := game.pending(state)):
        player = pending[0].player
        state, _ = game.apply(state, player, bots[player].choose(game, state, player))
    outcome = game.outcome(state)
    assert outcome is not None
    return json.loads(json.dumps(game.dump(state))), outcome.to_json()


def main(argv: list[str] | None = None) -> int:
    """Print the CPU time of the server stats' sums for each game."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300)
    args = parser.parse_args(argv)
    for name in registry.names():
        snapshot, outcome = _final_dump(name, 1)
        games = [
            StatsGame(n, 1, name, outcome, snapshot, (SeatRow(n, 0, 11, 0), SeatRow(n, 1, 12, 1)), 0.0, 86_400.0)
            for n in range(args.games)
        ]
        start = time.process_time_ns()
        record = game_record(name, games, registry.get)
        ms = (time.process_time_ns() - start) / 1e6
        print(f"{name}: {args.games} games in {ms:.0f} ms CPU ({ms / args.games:.2f} ms a game); "
              f"{len(record.factions)} factions, mean rounds {record.mean_rounds}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
