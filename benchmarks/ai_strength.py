"""Collect arena runs (`python -m engine.arena ... --json > DIR/<name>.json`) into docs/balance/ai_strength.md.

Usage: python -m benchmarks.ai_strength DIR [--out docs/balance/ai_strength.md] [--notes NOTES.md]

Each JSON file is one arena run. The table of a game has one row per run: the first seat kind listed (the
stronger player being tested) against the rest, its wins (sole or shared first), win rate with the Wilson 95%
interval, and its decision times (wall clock and CPU of the deciding process, median and p95). The command that
produced the run is rebuilt from the fields the arena writes, so every figure can be reproduced.

The runs behind the committed page are kept in docs/balance/strength_runs (each summary without its per-game
list), so the page can be written again from the repository alone:
`python -m benchmarks.ai_strength docs/balance/strength_runs --notes docs/balance/ai_strength_notes.md`.
"""

from __future__ import annotations

import argparse
import json
import logging
from dataclasses import dataclass
from pathlib import Path
from typing import Any

log = logging.getLogger(__name__)

DEFAULT_OUT = Path("docs/balance/ai_strength.md")


@dataclass(frozen=True)
class Row:
    """One arena run as a table row."""

    game: str
    players: int
    seats: list[str]
    games: int
    wins: int
    win_rate: float
    ci: tuple[float, float]
    ms_median: float
    ms_p95: float
    cpu_median: float
    cpu_p95: float
    command: str
    failures: int


def row_of(summary: dict[str, Any]) -> Row:
    """The row of one arena summary (the first seat kind is the one reported)."""
    seats = list(summary["seats"])
    kind = summary["kinds"][seats[0]]
    command = (f"python -m engine.arena --game {summary['game']} --players {summary['players']} "
               f"--seats {','.join(seats)} --games {summary['games']} --seed {summary['seed']}")
    if summary.get("iterations"):
        command += f" --iterations {summary['iterations']}"
    for name, value in sorted(summary.get("options", {}).items()):
        command += f" --option {name}={value}"
    for take in summary.get("takes", []):
        command += f" --take {take}"
    low, high = kind["ci95"]
    return Row(summary["game"], int(summary["players"]), seats, int(kind["games"]), int(kind["wins"]),
               float(kind["win_rate"]), (float(low), float(high)), float(kind["ms_median"]), float(kind["ms_p95"]),
               float(kind["cpu_ms_median"]), float(kind["cpu_ms_p95"]), command, len(summary.get("failures", [])))


@dataclass(frozen=True)
class Target:
    """A match-up's win-rate target, and the low end its 95% interval must reach when one is set."""

    rate: float
    low_end: float | None = None


# The targets: (first kind, the others, players) -> what its win rate must reach. A four-player win is a first
# place of the one seat of the first kind.
TARGETS: dict[tuple[str, str, int], Target] = {
    ("normal", "random", 2): Target(0.90), ("normal", "busy", 2): Target(0.65, 0.55),
    ("easy", "random", 2): Target(0.70), ("hard", "normal", 2): Target(0.70, 0.60),
    ("hard", "busy", 2): Target(0.80), ("hard", "normal", 4): Target(0.45),
    ("hard", "random", 2): Target(0.95), ("hard", "random", 4): Target(0.80),
}
# Decision time targets per kind (ms): median and p95.
TIME_TARGETS = {"hard": (600.0, 1000.0), "normal": (float("inf"), 20.0)}


def target_of(row: Row) -> Target | None:
    """The win-rate target of this run's match-up, or None when none is set."""
    others = set(row.seats[1:])
    if len(others) != 1:
        return None
    return TARGETS.get((row.seats[0], others.pop(), row.players))


def verdict(row: Row) -> str:
    """Whether the run meets its target. With a required low end: "met" (rate and low end both reach theirs) or
    "missed" (saying which). Without one: "shown" (the interval's low end reaches the rate), "met, interval
    cannot tell" or "missed". "—" without a target."""
    target = target_of(row)
    if target is None:
        return "—"
    if target.low_end is not None:
        head = f"≥ {target.rate:.0%}, low end ≥ {target.low_end:.0%}"
        if row.win_rate < target.rate:
            return f"{head}: missed (rate)"
        if row.ci[0] < target.low_end:
            return f"{head}: missed (low end)"
        return f"{head}: met"
    head = f"≥ {target.rate:.0%}"
    if row.ci[0] >= target.rate:
        return f"{head}: shown"
    if row.win_rate >= target.rate:
        return f"{head}: met, interval cannot tell"
    return f"{head}: missed"


def time_verdict(row: Row, cpu: bool) -> str:
    """"ok" or "over" for the kind's decision-time targets, in wall clock or CPU time."""
    limits = TIME_TARGETS.get(row.seats[0])
    if limits is None:
        return "—"
    median, p95 = (row.cpu_median, row.cpu_p95) if cpu else (row.ms_median, row.ms_p95)
    return "ok" if median <= limits[0] and p95 <= limits[1] else "over"


def matchup(seats: list[str]) -> str:
    """"hard vs normal", "hard + 3 random"."""
    rest = seats[1:]
    if len(set(rest)) == 1 and len(rest) > 1:
        return f"{seats[0]} + {len(rest)} {rest[0]}"
    return " vs ".join(seats)


def render(rows: list[Row], notes: str = "") -> str:
    """The Markdown page: one table per game, the notes, then the commands."""
    lines = ["# Computer player strength (arena)", "",
             "Written by `python -m benchmarks.ai_strength` from arena runs (`python -m engine.arena ... --json`).",
             "Seats rotate every game, so each kind sits in every seat equally often. A win is a sole or shared",
             "first place of the first kind listed. Times are per decision of that kind: wall clock (what a table",
             "waits, on a 2-core machine shared with other work) and CPU of the deciding process.",
             "Targets (two-player unless said): normal beats random in ≥ 90% and busy in ≥ 65% of games (the 95%",
             "interval's low end ≥ 55%); easy beats random in ≥ 70%; hard beats normal in ≥ 70% (low end ≥ 60%)",
             "and busy in ≥ 80%; with three normal players in four seats, hard finishes first in ≥ 45% (fair share",
             "25%). A target without a low end is *shown* when the interval's low end reaches the rate itself.",
             "Hard decides in ≤ 0.6 s median and ≤ 1.0 s p95 of CPU, normal in ≤ 20 ms p95.", ""]
    for game in sorted({r.game for r in rows}):
        lines += [f"## {game}", "",
                  "| players | match | games | wins | rate | 95% CI | target | wall ms median | wall ms p95 "
                  "| CPU ms median | CPU ms p95 | time target wall / CPU | failures |",
                  "|---|---|---|---|---|---|---|---|---|---|---|---|---|"]
        for r in sorted((r for r in rows if r.game == game), key=lambda r: (r.players, r.seats)):
            lines.append(f"| {r.players} | {matchup(r.seats)} | {r.games} | {r.wins} | {r.win_rate:.1%} | "
                         f"{r.ci[0]:.1%}–{r.ci[1]:.1%} | {verdict(r)} | {r.ms_median:.0f} | {r.ms_p95:.0f} | "
                         f"{r.cpu_median:.0f} | {r.cpu_p95:.0f} | {time_verdict(r, False)} / "
                         f"{time_verdict(r, True)} | {r.failures} |")
        lines.append("")
    if notes:
        lines += [notes.rstrip(), ""]
    lines += ["## Commands", ""]
    lines += [f"- `{r.command}`" for r in sorted(rows, key=lambda r: (r.game, r.players, r.seats))]
    return "\n".join(lines) + "\n"


def collect(folder: Path) -> list[Row]:
    """Every arena JSON summary in `folder` as rows (files that are not arena output are skipped, logged)."""
    rows = []
    for path in sorted(folder.glob("*.json")):
        try:
            summary = json.loads(path.read_text(encoding="utf-8"))
            rows.append(row_of(summary))
        except (ValueError, KeyError) as exc:
            log.warning("skipping %s: %s", path, exc)
    return rows


def main(argv: list[str] | None = None) -> int:
    """Command-line entry: write the page from the runs in a folder."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", type=Path)
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT)
    parser.add_argument("--notes", type=Path, default=None, help="Markdown put after the tables")
    args = parser.parse_args(argv)
    rows = collect(args.folder)
    notes = args.notes.read_text(encoding="utf-8") if args.notes else ""
    args.out.write_text(render(rows, notes), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
