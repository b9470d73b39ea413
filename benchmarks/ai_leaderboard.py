"""AI levels on the leaderboard: AI-vs-AI games through the real host, then the server's board as players read it.

Usage: python -m benchmarks.ai_leaderboard [--game vendetta] [--games 50] [--parallel 2] [--seed 1]
       [--levels easy,normal,hard] [--option name=value ...] [--database FILE]

Opt-in (not run in CI: hard decisions take a good part of a second each). Each game seats one AI of every level
at one table of a scratch SQLite server, through TableService (lobby, start with the seats shuffled from the
seed, AI turns: easy and normal inline, hard in the worker pool). The host rates no all-AI game (AI seats alone
say nothing about a person's strength, host/ratings.py), so the finished games are rated here, in game order,
with the host's own update (`host.ratings.rate`, openskill's Plackett-Luce) and placed by its
`leaderboard_of`: the figures are the ones the bot would show. Prints the leaderboard through
present/records.py, then each level's wins and mean place and the run's wall time.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import logging
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

from db.rating_rows import SkillRow, Subject
from engine import registry
from host import ratings
from host.notifier import RecordingNotifier
from host.results import AiLevel, TableInfo, TableStatus
from host.service import TableService
from present import records as words

log = logging.getLogger(__name__)

GUILD = 1
HOST = 1
FIRST_CHANNEL = 1000
POLL_SECONDS = 0.05


def parse_option(text: str) -> tuple[str, Any]:
    """One `name=value` option; the value is read as JSON when it can be (numbers, true/false)."""
    name, _, raw = text.partition("=")
    try:
        return name, json.loads(raw)
    except json.JSONDecodeError:
        return name, raw


async def play_one(service: TableService, game: str, options: dict[str, Any], levels: list[str],
                   channel: int, seed: int) -> TableInfo:
    """One all-AI game played to its end; the finished table."""
    table = await service.create_table(game, options, HOST, GUILD, channel, host_joins=False, seed=seed)
    for level in levels:
        await service.add_ai(table.game_id, HOST, AiLevel(level))
    await service.start(table.game_id, HOST)
    while True:
        table = await service.get_table(table.game_id)
        if table.status is not TableStatus.ACTIVE:
            return table
        # Hard turns run in the worker pool; wait for them, then look again.
        await service.ai_idle(120.0)
        await asyncio.sleep(POLL_SECONDS)


async def run(args: argparse.Namespace) -> int:
    """Play the games, print the board and the figures; 0 when every game finished."""
    options = dict(parse_option(o) for o in args.option)
    levels = args.levels.split(",")
    path = Path(args.database) if args.database else Path(tempfile.mkdtemp(prefix="ai-board-")) / "board.db"
    service = await TableService.open(f"sqlite:///{path}", RecordingNotifier(), synchronous="NORMAL")
    started = time.perf_counter()
    wins: Counter[str] = Counter()
    places: dict[str, list[int]] = {level: [] for level in levels}
    unfinished = 0
    # game number -> (ranking, player -> AI level), rated in game order once all are played
    finished: dict[int, tuple[tuple[tuple[int, ...], ...], dict[int, str]]] = {}
    try:
        queue = list(range(args.games))

        async def worker(lane: int) -> None:
            nonlocal unfinished
            while queue:
                n = queue.pop(0)
                table = await play_one(service, args.game, options, levels, FIRST_CHANNEL + lane,
                                       args.seed * 100_000 + n)
                if table.status is not TableStatus.FINISHED or table.outcome is None:
                    unfinished += 1
                    continue
                level_of = {s.player: s.ai_level.value for s in table.seats if s.player is not None}
                finished[n] = (table.outcome.ranking, level_of)
                for place, group in enumerate(table.outcome.ranking, start=1):
                    for player in group:
                        places[level_of[player]].append(place)
                        if place == 1:
                            wins[level_of[player]] += 1
                sys.stderr.write(f"game {n + 1} of {args.games} done ({time.perf_counter() - started:.0f} s)\n")

        await asyncio.gather(*(worker(lane) for lane in range(args.parallel)))
    finally:
        await service.close()
    skills: dict[Subject, ratings.Skill] = {}
    for n in sorted(finished):
        ranking, level_of = finished[n]
        seats = [ratings.RatedSeat(p, Subject(ai_level=level)) for p, level in sorted(level_of.items())]
        after, _changes = ratings.rate(ranking, seats, skills)
        skills.update(after)
    rows = [SkillRow(GUILD, args.game, subject, skill.mu, skill.sigma, skill.games, time.time())
            for subject, skill in skills.items()]
    board = ratings.leaderboard_of(args.game, rows, 0)
    seconds = time.perf_counter() - started
    title = registry.get(args.game).title or args.game
    out = sys.stdout
    # Nobody asks here: the line about the caller's own place is left out.
    lines = [line for line in words.leaderboard_lines(board, {}, title) if not line.startswith("You are not placed")]
    out.write("\n".join(lines) + "\n")
    for standing in board.ai_levels:
        out.write(f"  {words.ai_name(standing.level)}: rating {words.number(standing.rating)} "
                  f"after {standing.games} rated games\n")
    for level in levels:
        mean = sum(places[level]) / len(places[level]) if places[level] else float("nan")
        out.write(f"  {level}: {wins[level]} wins (first place, ties included) of {len(places[level])} games, "
                  f"mean place {mean:.2f}\n")
    out.write(f"{args.games} games of {args.game} ({', '.join(levels)}; options {options or 'default'}) in "
              f"{seconds:.0f} s wall, {unfinished} unfinished; database {path}\n")
    return 0 if unfinished == 0 else 1


def main(argv: list[str] | None = None) -> int:
    """Parse the command line and run."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", default="vendetta", choices=registry.names())
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--parallel", type=int, default=2, help="games played at once (default 2)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--levels", default="easy,normal,hard")
    parser.add_argument("--option", action="append", default=[], help="a game option, name=value")
    parser.add_argument("--database", default=None, help="the SQLite file (default: a scratch one)")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.WARNING)
    return asyncio.run(run(args))


if __name__ == "__main__":
    raise SystemExit(main())
