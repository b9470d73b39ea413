"""Balance report: the strongest computer player against itself, across player counts and variants.

Usage: python -m engine.balance --game G [--players 2,3,4] [--games K] [--level hard] [--iterations I]
       [--variant name=value[;name=value]]... [--jobs J] [--seed S] [--out docs/balance] [--log-dir DIR]
       [--notes docs/balance/<game>_notes.md]

With `--log-dir`, every finished game is written at once to one JSON-lines file per player count and variant, and
a game already there is not played again: a run of hours can be stopped and started again, or split over several
processes by player count (`--players 2,3` here, `--players 4` there); a last run over every count with the same
options then only reads the logs and writes the whole report.

Writes <out>/<game>.md with the figures and four committed PNG plots: win rate by faction with 95% confidence
intervals against the fair share, end-reason shares, the distribution of game length (rounds), and the win
rate of the player who takes the first turn. A faction or seat more than 5 points away from its fair share is
flagged; rules are not retuned here (that is a separate decision).
"""

from __future__ import annotations

import argparse
import logging
import statistics
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from engine import registry
from engine.ai import LEVELS
from engine.ai.hooks import hooks_for
from engine.ai.ismcts import MAX_TREE_DEPTH
from engine.ai.levels import HARD_ITERATIONS
from engine.arena import MatchResult, read_log, run_matches, specs_for, wilson
from engine.core.words import counted
from engine.simulate import parse_option

log = logging.getLogger(__name__)

FLAG_POINTS = 0.05  # ±5 points of the fair share


@dataclass(frozen=True)
class Variant:
    """One option set under test, with a short label."""

    label: str
    options: tuple[tuple[str, Any], ...]


@dataclass
class Cell:
    """The games of one player count and one variant."""

    players: int
    variant: Variant
    results: list[MatchResult]
    seconds: float  # the wall-clock time of the games' decisions, whichever run played them


def parse_variant(text: str) -> Variant:
    """`name=value;name=value` (empty for the defaults) as a Variant."""
    parts = [p for p in text.split(";") if p.strip()]
    options = tuple(sorted(parse_option(p.strip()) for p in parts))
    return Variant(text or "defaults", options)


def faction_rates(cells: Sequence[Cell]) -> dict[str, dict[str, float]]:
    """Per faction: games, wins (sole or shared first), rate, 95% CI and the fair share it is compared with."""
    played: dict[str, int] = {}
    won: dict[str, int] = {}
    fair: dict[str, list[float]] = {}
    for cell in cells:
        for r in cell.results:
            if not r.ranking:
                continue
            for p, factions in r.factions.items():
                for f in factions:
                    played[f] = played.get(f, 0) + 1
                    won[f] = won.get(f, 0) + (1 if p in r.winners else 0)
                    fair.setdefault(f, []).append(len(r.winners) / len(r.kinds) if r.winners else 0.0)
    out: dict[str, dict[str, float]] = {}
    for f in sorted(played):
        low, high = wilson(won[f], played[f])
        out[f] = {"games": played[f], "wins": won[f], "rate": won[f] / played[f], "low": low, "high": high,
                  "fair": statistics.fmean(fair[f])}
    return out


def first_player_rate(results: Sequence[MatchResult]) -> dict[str, float]:
    """How often the player of the first turn wins, against the mean fair share."""
    games = [r for r in results if r.ranking and r.first_mover is not None]
    wins = sum(1 for r in games if r.first_mover in r.winners)
    low, high = wilson(wins, len(games))
    fair = statistics.fmean(len(r.winners) / len(r.kinds) for r in games) if games else 0.0
    return {"games": len(games), "wins": wins, "rate": wins / len(games) if games else 0.0, "low": low,
            "high": high, "fair": fair}


def reason_shares(results: Sequence[MatchResult]) -> dict[str, float]:
    """Share of games per end reason."""
    counts: dict[str, int] = {}
    for r in results:
        counts[r.reason] = counts.get(r.reason, 0) + 1
    return {k: v / len(results) for k, v in sorted(counts.items())} if results else {}


def plot(cells: Sequence[Cell], game: str, out: Path) -> list[str]:
    """Write the four PNG plots; returns their file names."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    names = []
    labels = [f"{c.players}p {c.variant.label}" for c in cells]
    # 1. win rate by faction, per cell, with CIs and the fair share
    fig, axes = plt.subplots(len(cells), 1, figsize=(8, 2.6 * len(cells)), squeeze=False)
    for ax, cell, label in zip(axes[:, 0], cells, labels, strict=True):
        rates = faction_rates([cell])
        xs = list(rates)
        ys = [rates[f]["rate"] for f in xs]
        err = [[rates[f]["rate"] - rates[f]["low"] for f in xs], [rates[f]["high"] - rates[f]["rate"] for f in xs]]
        ax.bar(xs, ys, yerr=err, capsize=4, color="#6a9fd8")
        for i, f in enumerate(xs):
            ax.hlines(rates[f]["fair"], i - 0.4, i + 0.4, colors="black", linestyles="dashed")
        ax.set_ylim(0, 1)
        ax.set_ylabel("win rate")
        ax.set_title(f"{game} {label}: win rate by faction (95% CI; dashed = fair share)", fontsize=9)
        ax.tick_params(axis="x", labelsize=7, rotation=20)
    fig.tight_layout()
    names.append(_save(fig, out, f"{game}_factions.png"))
    # 2. end reasons
    fig, ax = plt.subplots(figsize=(8, 3.2))
    reasons = sorted({r.reason for c in cells for r in c.results})
    bottom = [0.0] * len(cells)
    for reason in reasons:
        shares = [reason_shares(c.results).get(reason, 0.0) for c in cells]
        ax.bar(labels, shares, bottom=bottom, label=reason)
        bottom = [b + s for b, s in zip(bottom, shares, strict=True)]
    ax.set_ylabel("share of games")
    ax.set_title(f"{game}: why games end")
    ax.legend(fontsize=8)
    ax.tick_params(axis="x", labelsize=7, rotation=25)
    fig.tight_layout()
    names.append(_save(fig, out, f"{game}_end_reasons.png"))
    # 3. game length
    fig, ax = plt.subplots(figsize=(8, 3.2))
    ax.hist([[r.rounds for r in c.results] for c in cells], label=labels, bins=10)
    ax.set_xlabel("rounds")
    ax.set_ylabel("games")
    ax.set_title(f"{game}: game length")
    ax.legend(fontsize=8)
    fig.tight_layout()
    names.append(_save(fig, out, f"{game}_length.png"))
    # 4. first-player advantage
    fig, ax = plt.subplots(figsize=(8, 3.2))
    firsts = [first_player_rate(c.results) for c in cells]
    ax.bar(labels, [fp["rate"] for fp in firsts],
           yerr=[[fp["rate"] - fp["low"] for fp in firsts], [fp["high"] - fp["rate"] for fp in firsts]], capsize=4,
           color="#d8a06a")
    for i, fp in enumerate(firsts):
        ax.hlines(fp["fair"], i - 0.4, i + 0.4, colors="black", linestyles="dashed")
    ax.set_ylim(0, 1)
    ax.set_ylabel("first player's win rate")
    ax.set_title(f"{game}: first-player advantage (95% CI; dashed = fair share)")
    ax.tick_params(axis="x", labelsize=7, rotation=25)
    fig.tight_layout()
    names.append(_save(fig, out, f"{game}_first_player.png"))
    plt.close("all")
    return names


def _save(fig: Any, out: Path, name: str) -> str:
    fig.savefig(out / name, dpi=90)
    return name


def report(game: str, cells: Sequence[Cell], level: str, iterations: int, seed: int, jobs: int,
           images: Sequence[str], notes: str = "") -> str:
    """The Markdown report; `notes` (hand-written Markdown: what the figures say) goes after the introduction."""
    lines = [f"# Balance: {game}", "",
             f"Generated by `python -m engine.balance --game {game}`: the `{level}` computer player in every seat"
             + (f" (ISMCTS, {iterations} iterations a searched decision, tree {counted(MAX_TREE_DEPTH, 'level')} deep)"
                if level == "hard" else "")
             + f", base seed {seed}, {jobs} worker process(es).", "",
             "Budgets used (this shared 2-core machine; the seconds are the wall-clock time of the decisions): "
             + ", ".join(f"{c.players}p {c.variant.label}: {len(c.results)} games in {c.seconds:.0f} s"
                         for c in cells) + ".", "",
             "A win is a sole or shared first place. Intervals are 95% Wilson intervals; a faction or seat whose "
             "win rate is more than 5 points from its fair share (winners per game / players) is marked ⚠, and "
             "when its interval still contains the fair share the row says so: the sample cannot tell. "
             "Small samples: read the intervals, not the point estimates.", ""]
    if notes:
        lines += [notes.rstrip(), ""]
    pooled = faction_rates(cells)
    lines += ["## All games pooled", "",
              f"{sum(len(c.results) for c in cells)} games over every player count and variant.", "",
              "| faction | games | wins | win rate | 95% CI | fair share | verdict |",
              "|---|---|---|---|---|---|---|"]
    for f, row in pooled.items():
        lines.append(f"| {f} | {row['games']:.0f} | {row['wins']:.0f} | {row['rate']:.0%} | "
                     f"{row['low']:.0%}–{row['high']:.0%} | {row['fair']:.0%} | {_verdict(row)} |")
    first_all = first_player_rate([r for c in cells for r in c.results])
    lines += ["", f"First player, all games: wins {first_all['wins']:.0f} of {first_all['games']:.0f} "
              f"({first_all['rate']:.0%}, 95% CI {first_all['low']:.0%}–{first_all['high']:.0%}, fair share "
              f"{first_all['fair']:.0%}) — {_verdict(first_all)}.", ""]
    for cell in cells:
        results = cell.results
        finished = [r for r in results if r.ranking]
        lines += [f"## {cell.players} players, {cell.variant.label}", "",
                  f"{len(results)} games, {len(finished)} finished; mean rounds "
                  f"{statistics.fmean(r.rounds for r in finished) if finished else 0:.1f}, mean decisions "
                  f"{statistics.fmean(r.decisions for r in finished) if finished else 0:.0f}; end reasons "
                  + ", ".join(f"{k} {v:.0%}" for k, v in reason_shares(results).items()) + ".", "",
                  "| faction | games | wins | win rate | 95% CI | fair share | verdict |",
                  "|---|---|---|---|---|---|---|"]
        for f, row in faction_rates([cell]).items():
            lines.append(f"| {f} | {row['games']:.0f} | {row['wins']:.0f} | {row['rate']:.0%} | "
                         f"{row['low']:.0%}–{row['high']:.0%} | {row['fair']:.0%} | {_verdict(row)} |")
        first = first_player_rate(results)
        lines += ["", f"First player: wins {first['wins']:.0f} of {first['games']:.0f} ({first['rate']:.0%}, "
                  f"95% CI {first['low']:.0%}–{first['high']:.0%}, fair share {first['fair']:.0%}) — "
                  f"{_verdict(first)}.", ""]
        failures = [f for r in results for f in r.failures]
        lines += [f"Invariant failures: {len(failures)}.", ""]
    lines += ["## Plots", ""] + [f"![{name}]({name})" for name in images] + [""]
    return "\n".join(lines)


def _verdict(row: dict[str, float]) -> str:
    """Whether a rate is outside ±5 points of its fair share, and whether the sample can tell."""
    off = row["rate"] - row["fair"]
    if abs(off) <= FLAG_POINTS:
        return "within ±5 points"
    sure = not (row["low"] <= row["fair"] <= row["high"])
    return f"⚠ {off:+.0%}" + ("" if sure else " (CI still contains the fair share)")


def log_path(folder: Path, players: int, variant: Variant) -> Path:
    """The JSON-lines log of one player count and variant inside `folder`."""
    label = "".join(c if c.isalnum() or c in "=-" else "_" for c in variant.label)
    return folder / f"{players}p_{label}.jsonl"


def _decision_seconds(results: Sequence[MatchResult]) -> float:
    """Wall-clock seconds spent deciding in these games (their length, near enough: the rules' part is small)."""
    return sum(t for r in results for times in r.times.values() for t in times)


def run(game: str, players: Sequence[int], variants: Sequence[Variant], games: int, level: str,
        iterations: int, seed: int, jobs: int, progress: bool, log_dir: Path | None = None) -> list[Cell]:
    """Play every (player count, variant) cell; with `log_dir`, keep each game in the cell's log as it ends and
    play only the games that log does not have yet."""
    cells = []
    for n in players:
        for variant in variants:
            specs = specs_for(game, n, [level], games, seed + 10_000 * n, dict(variant.options), iterations)
            if log_dir is None:
                results = run_matches(specs, jobs=jobs, progress=progress)
            else:
                path = log_path(log_dir, n, variant)
                done = _logged(path, {spec.index for spec in specs})
                logged = {r.index for r in done}
                todo = [spec for spec in specs if spec.index not in logged]
                with path.open("a", encoding="utf-8") as handle:
                    results = sorted(done + run_matches(todo, jobs=jobs, progress=progress, log=handle),
                                     key=lambda r: r.index)
            cells.append(Cell(n, variant, results, _decision_seconds(results)))
            log.info("%s %dp %s: %d games", game, n, variant.label, len(results))
    return cells


def _logged(path: Path, wanted: set[int]) -> list[MatchResult]:
    """The games of this run already in the log at `path` (one per index; none when there is no log)."""
    if not path.exists():
        return []
    with path.open(encoding="utf-8") as handle:
        found = {r.index: r for r in read_log(handle) if r.index in wanted}
    return list(found.values())


def main(argv: list[str] | None = None) -> int:
    """Command-line entry: run, plot and write the report; exit code 1 on any invariant failure."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", required=True, choices=registry.names())
    parser.add_argument("--players", default="", help="comma-separated player counts (default: all)")
    parser.add_argument("--games", type=int, default=10, help="games per player count and variant")
    parser.add_argument("--level", choices=LEVELS, default="hard")
    parser.add_argument("--iterations", type=int, default=None,
                        help="hard level's search iterations (default: the game's own, else the hard level's)")
    parser.add_argument("--variant", action="append", default=[], help="name=value;name=value (repeatable)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--out", default="docs/balance")
    parser.add_argument("--notes", type=Path, default=None,
                        help="hand-written Markdown (what the figures say) put after the introduction")
    parser.add_argument("--log-dir", type=Path, default=None,
                        help="keep every game in DIR and play only the games not there yet (resumable runs)")
    args = parser.parse_args(argv)
    if args.iterations is None:
        hooks = hooks_for(args.game)
        args.iterations = (hooks.hard_iterations if hooks is not None else None) or HARD_ITERATIONS
    game = registry.get(args.game)
    low, high = game.player_range
    players = [int(p) for p in args.players.split(",") if p.strip()] or list(range(low, high + 1))
    variants = [parse_variant(v) for v in args.variant] or [parse_variant("")]
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    if args.log_dir is not None:
        args.log_dir.mkdir(parents=True, exist_ok=True)
    cells = run(args.game, players, variants, args.games, args.level, args.iterations, args.seed, args.jobs,
                progress=sys.stderr.isatty(), log_dir=args.log_dir)
    images = plot(cells, args.game, out)
    notes = args.notes.read_text(encoding="utf-8") if args.notes else ""
    text = report(args.game, cells, args.level, args.iterations, args.seed, args.jobs, images, notes)
    (out / f"{args.game}.md").write_text(text, encoding="utf-8")
    sys.stdout.write(f"wrote {out / (args.game + '.md')} and {len(images)} plots\n")
    return 1 if any(r.failures for c in cells for r in c.results) else 0


if __name__ == "__main__":
    raise SystemExit(main())
