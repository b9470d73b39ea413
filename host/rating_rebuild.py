"""Rebuilding every rating from the stored finished games: ratings are a cache of the games.

`python -m host.ratings rebuild [--database URL]` replays each finished game in the order they ended,
rating it exactly as its last move did (host/ratings.py), and replaces every stored rating in one write.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import os
import sys
from collections.abc import Sequence

from db.rating_rows import FinishedGame, RatingWrite, SkillRow, Subject
from db.store import Store
from db.url import open_store
from host import ratings

log = logging.getLogger(__name__)


def replay(games: Sequence[FinishedGame]) -> list[RatingWrite]:
    """The rating write of each game (in the order given, those that rate nobody left out)."""
    current: dict[tuple[int, str, Subject], SkillRow] = {}
    writes: list[RatingWrite] = []
    for game in games:
        seats = ratings.rated_seats(game.seats, game.turns)
        known = [
            current[key] for key in ((game.guild_id, game.game_name, s.subject) for s in seats) if key in current
        ]
        ranking = [list(group) for group in game.outcome.get("ranking", [])]
        write = ratings.rating_write(
            (game.game_id, game.guild_id, game.game_name), ranking, seats, known, game.finished_at
        )
        if write is None:
            continue
        writes.append(write)
        for row in write.ratings:
            current[(row.guild_id, row.game_name, row.subject)] = row
    return writes


async def rebuild(store: Store) -> int:
    """Recompute and store every rating from the finished games; how many games were rated."""
    writes = replay(await store.finished_games())
    await store.replace_ratings(writes)
    return len(writes)


async def _run(url: str) -> int:
    store = await open_store(url)
    try:
        return await rebuild(store)
    finally:
        await store.close()


def main(argv: Sequence[str] | None = None) -> int:
    """The command line (`rebuild`): 0 when the ratings were rebuilt."""
    parser = argparse.ArgumentParser(prog="python -m host.ratings", description="Rebuild every rating from the games.")
    parser.add_argument("command", choices=["rebuild"])
    parser.add_argument(
        "--database",
        default=os.environ.get("DATABASE_URL") or os.environ.get("DATABASE_PATH", "gnomehost.db"),
        help="DATABASE_URL of the store (default: $DATABASE_URL, else $DATABASE_PATH, else gnomehost.db)",
    )
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO)
    rated = asyncio.run(_run(args.database))
    sys.stdout.write(f"rebuilt the ratings of {rated} rated games\n")
    return 0
