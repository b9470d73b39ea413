"""Computer players against each other: seat-rotated matches, win rates with confidence intervals, ratings.

Usage: python -m engine.arena --game G --players N --seats hard,normal,random,... --games K --seed S
       [--jobs J] [--json] [--iterations I] [--option name=value ...] [--take KIND=ACTION_ID ...]
       [--log FILE | --from-log FILE]

Seat kinds are the levels (easy, normal, hard) and the baseline players (random, busy). Game k gives seat p the
kind `seats[(p + k) % len(seats)]`, so over a multiple of len(seats) games every kind sits in every seat equally
often (with fewer kinds than seats, a kind fills several seats of one game). A kind wins a game when one of its
seats is sole or shared first. The multi-player ratings table uses openskill's Plackett-Luce model, one team per
kind, placed by its best seat. Decision times are given in wall-clock time (what a table waits, which includes
whatever else the machine runs) and in CPU time of the deciding process (the cost of the decision itself).
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
import time
from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass, field
from multiprocessing import get_context
from typing import Any, TextIO

from engine import registry
from engine.ai import LEVELS, PLAYERS, decide, make_player
from engine.core.actions import Action
from engine.core.decisions import DecisionKind
from engine.core.errors import IllegalAction
from engine.simulate import MAX_DECISIONS, parse_option

KINDS: tuple[str, ...] = (*LEVELS, *PLAYERS)
Z95 = 1.959964


@dataclass
class MatchResult:
    """One finished (or failed) arena game."""

    index: int
    seed: int
    kinds: list[str]  # seat -> kind
    winners: list[int]
    ranking: list[list[int]]
    scores: dict[int, float]
    reason: str
    rounds: int
    decisions: int
    factions: dict[int, list[str]]
    times: dict[str, list[float]] = field(default_factory=dict)  # kind -> wall-clock seconds per decision
    cpu_times: dict[str, list[float]] = field(default_factory=dict)  # kind -> CPU seconds per decision
    failures: list[str] = field(default_factory=list)
    first_mover: int | None = None  # the player of the game's first ordinary turn


@dataclass(frozen=True)
class MatchSpec:
    """Everything one worker needs to play one arena game (picklable)."""

    game: str
    players: int
    kinds: tuple[str, ...]
    seed: int
    index: int
    options: tuple[tuple[str, Any], ...] = ()
    iterations: int | None = None
    check_invariants: bool = True
    # (kind, action id): a seat of that kind plays that action whenever it is legal (e.g. one side of a match-up
    # always takes one faction), and decides as its kind everywhere else
    takes: tuple[tuple[str, str], ...] = ()


def _taken(game: Any, state: Any, player: int, wanted: Sequence[str]) -> Action | None:
    """The first of the `wanted` action ids that is legal for `player` now, or None."""
    if not wanted:
        return None
    legal = {a.id: a for a in game.legal_actions(state, player)}
    return next((legal[w] for w in wanted if w in legal), None)


def seat_kinds(seats: Sequence[str], players: int, index: int) -> list[str]:
    """The kind at each seat of game `index`: the list rotated by one seat a game."""
    return [seats[(p + index) % len(seats)] for p in range(players)]


def play_match(spec: MatchSpec) -> MatchResult:
    """Play one game to its end; every move goes through `parse_action` as a human's would."""
    game = registry.get(spec.game)
    state = game.new_game(spec.players, spec.seed, dict(spec.options))
    baseline = {p: make_player(k, spec.seed * 1000 + p) for p, k in enumerate(spec.kinds) if k in PLAYERS}
    times: dict[str, list[float]] = {k: [] for k in set(spec.kinds)}
    cpu_times: dict[str, list[float]] = {k: [] for k in set(spec.kinds)}
    failures: list[str] = []
    decisions = 0
    first_mover: int | None = None
    while decisions < MAX_DECISIONS:
        pending = game.pending(state)
        if not pending:
            break
        player = pending[0].player
        if first_mover is None and pending[0].kind == DecisionKind.TURN:
            first_mover = player
        kind = spec.kinds[player]
        start = time.perf_counter()
        cpu_start = time.process_time()
        taken = _taken(game, state, player, [a for k, a in spec.takes if k == kind])
        if taken is not None:
            action = taken
        elif kind in PLAYERS:
            action = baseline[player].choose(game, state, player)
        else:
            action = decide(game, state, player, kind, spec.seed * 100_003 + decisions, iterations=spec.iterations)
        times[kind].append(time.perf_counter() - start)
        cpu_times[kind].append(time.process_time() - cpu_start)
        try:
            action = game.parse_action(state, player, action.id)
            state, _ = game.apply(state, player, action)
        except IllegalAction as exc:
            failures.append(f"{kind} chose {action.id!r}, refused: {exc.code}")
            break
        if spec.check_invariants:
            failures.extend(game.check_invariants(state))
            if failures:
                break
        decisions += 1
    outcome = game.outcome(state)
    if outcome is None and not failures:
        failures.append(f"game did not finish within {MAX_DECISIONS} decisions")
    return MatchResult(
        index=spec.index, seed=spec.seed, kinds=list(spec.kinds),
        winners=list(outcome.winners) if outcome else [],
        ranking=[list(g) for g in outcome.ranking] if outcome else [],
        scores=dict(outcome.scores) if outcome else {},
        reason=outcome.reason if outcome else "unfinished",
        rounds=game.round_number(state), decisions=decisions, factions=game.factions(state),
        times=times, cpu_times=cpu_times, failures=failures, first_mover=first_mover,
    )


def run_matches(specs: Sequence[MatchSpec], jobs: int = 1, progress: bool = False,
                log: TextIO | None = None) -> list[MatchResult]:
    """Play every spec, in `jobs` worker processes when more than one; results in spec order.

    With `log`, each finished game is written to it at once as one JSON line (a long run can be watched, and
    summarised by `--from-log` if it has to be stopped).
    """
    bar = _progress(len(specs), progress)
    results: list[MatchResult] = []

    def done(result: MatchResult) -> None:
        results.append(result)
        bar.update(1)
        if log is not None:
            log.write(json.dumps(asdict(result)) + "\n")
            log.flush()

    if jobs <= 1:
        for spec in specs:
            done(play_match(spec))
    else:
        with get_context("spawn").Pool(jobs) as pool:
            for result in pool.imap_unordered(play_match, specs):
                done(result)
    bar.close()
    return sorted(results, key=lambda r: r.index)


def read_log(lines: Iterable[str]) -> list[MatchResult]:
    """The games of a `--log` file (JSON keys back to the result's types), in index order."""
    results = []
    for line in lines:
        if not line.strip():
            continue
        raw = json.loads(line)
        raw["scores"] = {int(p): float(v) for p, v in raw["scores"].items()}
        raw["factions"] = {int(p): list(v) for p, v in raw["factions"].items()}
        results.append(MatchResult(**raw))
    return sorted(results, key=lambda r: r.index)


class _NoBar:
    def update(self, n: int) -> None:
        """Nothing to show."""

    def close(self) -> None:
        """Nothing to close."""


def _progress(total: int, enabled: bool) -> Any:
    """A tqdm progress bar on stderr, or a silent stand-in."""
    if not enabled:
        return _NoBar()
    from tqdm import tqdm

    return tqdm(total=total, file=sys.stderr, unit="game", leave=False)


def wilson(wins: int, n: int) -> tuple[float, float]:
    """The 95% Wilson score interval of a win rate."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    denom = 1 + Z95 * Z95 / n
    centre = (p + Z95 * Z95 / (2 * n)) / denom
    half = Z95 * math.sqrt(p * (1 - p) / n + Z95 * Z95 / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def percentile(values: Sequence[float], q: float) -> float:
    """The q-quantile (0..1) by nearest rank; 0 for no values."""
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, math.ceil(q * len(ordered)) - 1))]


def summarise(results: Sequence[MatchResult]) -> dict[str, Any]:
    """Win rates (with 95% CI), score margins, fair shares, decision times per kind; lengths; ratings."""
    kinds = sorted({k for r in results for k in r.kinds}, key=lambda k: KINDS.index(k) if k in KINDS else 99)
    table: dict[str, Any] = {}
    for kind in kinds:
        played = [r for r in results if kind in r.kinds]
        won = sum(1 for r in played if any(r.kinds[p] == kind for p in r.winners))
        sole = sum(1 for r in played if len(r.winners) == 1 and r.kinds[r.winners[0]] == kind)
        margins = [_margin(r, p) for r in played for p, k in enumerate(r.kinds) if k == kind and r.scores]
        seats = [sum(1 for k in r.kinds if k == kind) / len(r.kinds) for r in played]
        times = [t for r in results for t in r.times.get(kind, [])]
        cpu = [t for r in results for t in r.cpu_times.get(kind, [])]
        low, high = wilson(won, len(played))
        table[kind] = {
            "games": len(played), "wins": won, "sole_wins": sole,
            "win_rate": won / len(played) if played else 0.0, "ci95": [low, high],
            "fair_share": statistics.fmean(seats) if seats else 0.0,
            "mean_margin": statistics.fmean(margins) if margins else 0.0,
            "decisions": len(times),
            "ms_median": 1000 * statistics.median(times) if times else 0.0,
            "ms_p95": 1000 * percentile(times, 0.95),
            "ms_mean": 1000 * statistics.fmean(times) if times else 0.0,
            "cpu_ms_median": 1000 * statistics.median(cpu) if cpu else 0.0,
            "cpu_ms_p95": 1000 * percentile(cpu, 0.95),
        }
    finished = [r for r in results if r.ranking]
    reasons: dict[str, int] = {}
    for r in results:
        reasons[r.reason] = reasons.get(r.reason, 0) + 1
    return {
        "games": len(results),
        "finished": len(finished),
        "kinds": table,
        "end_reasons": reasons,
        "mean_rounds": statistics.fmean(r.rounds for r in finished) if finished else 0.0,
        "mean_decisions": statistics.fmean(r.decisions for r in finished) if finished else 0.0,
        "ratings": ratings(finished),
        "failures": [f"game {r.index} (seed {r.seed}): {f}" for r in results for f in r.failures],
    }


def _margin(result: MatchResult, player: int) -> float:
    """Seat's final score minus the best other seat's."""
    others = [s for p, s in result.scores.items() if p != player]
    return result.scores.get(player, 0.0) - (max(others) if others else 0.0)


def ratings(results: Iterable[MatchResult]) -> dict[str, dict[str, float]]:
    """Openskill Plackett-Luce ratings per kind (one team per kind a game, placed by its best seat)."""
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    table: dict[str, Any] = {}
    for r in results:
        place = {p: i for i, group in enumerate(r.ranking) for p in group}
        best: dict[str, int] = {}
        for p, kind in enumerate(r.kinds):
            best[kind] = min(best.get(kind, len(r.kinds)), place.get(p, len(r.kinds)))
        if len(best) < 2:
            continue
        names = sorted(best)
        for kind in names:
            table.setdefault(kind, model.rating(name=kind))
        teams = [[table[k]] for k in names]
        rated = model.rate(teams, ranks=[best[k] for k in names])
        for kind, team in zip(names, rated, strict=True):
            table[kind] = team[0]
    return {k: {"mu": v.mu, "sigma": v.sigma, "ordinal": v.ordinal()} for k, v in sorted(table.items())}


def specs_for(game: str, players: int, seats: Sequence[str], games: int, seed: int,
              options: dict[str, Any] | None = None, iterations: int | None = None,
              check_invariants: bool = True, takes: Sequence[tuple[str, str]] = ()) -> list[MatchSpec]:
    """The seat-rotated match list of one arena run."""
    opts = tuple(sorted((options or {}).items()))
    return [MatchSpec(game, players, tuple(seat_kinds(seats, players, i)), seed + i, i, opts, iterations,
                      check_invariants, tuple(takes)) for i in range(games)]


def render(summary: dict[str, Any], title: str) -> str:
    """The summary as a plain-text (Markdown) table."""
    lines = [title, "",
             "| kind | games | wins | win rate | 95% CI | fair share | mean margin | ms median | ms p95 "
             "| CPU ms median | CPU ms p95 |",
             "|---|---|---|---|---|---|---|---|---|---|---|"]
    for kind, row in summary["kinds"].items():
        low, high = row["ci95"]
        lines.append(f"| {kind} | {row['games']} | {row['wins']} | {row['win_rate']:.1%} | {low:.1%}–{high:.1%} | "
                     f"{row['fair_share']:.0%} | {row['mean_margin']:+.1f} | {row['ms_median']:.1f} | "
                     f"{row['ms_p95']:.1f} | {row['cpu_ms_median']:.1f} | {row['cpu_ms_p95']:.1f} |")
    lines += ["", f"games {summary['games']}, finished {summary['finished']}, mean rounds "
              f"{summary['mean_rounds']:.1f}, mean decisions {summary['mean_decisions']:.0f}, "
              f"end reasons {summary['end_reasons']}"]
    if summary["ratings"]:
        lines += ["", "| kind | openskill mu | sigma | ordinal |", "|---|---|---|---|"]
        for kind, r in summary["ratings"].items():
            lines.append(f"| {kind} | {r['mu']:.2f} | {r['sigma']:.2f} | {r['ordinal']:.2f} |")
    lines.append(f"invariant failures: {len(summary['failures'])}")
    lines += [f"  {f}" for f in summary["failures"][:20]]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    """Command-line entry; exit code 1 when any game failed or did not finish."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", required=True, choices=registry.names())
    parser.add_argument("--players", type=int, required=True)
    parser.add_argument("--seats", required=True, help=f"comma-separated kinds among {', '.join(KINDS)}")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--iterations", type=int, default=None, help="search iterations of the hard level")
    parser.add_argument("--option", action="append", default=[], help="name=value, repeatable")
    parser.add_argument("--take", action="append", default=[],
                        help="KIND=ACTION_ID, repeatable: seats of KIND play ACTION_ID whenever it is legal "
                             "(e.g. hard=guild:thieves)")
    parser.add_argument("--json", action="store_true", help="print the summary as JSON")
    parser.add_argument("--log", default=None, help="append each finished game to this file as a JSON line")
    parser.add_argument("--from-log", default=None,
                        help="summarise the games of a --log file (of a stopped run) instead of playing")
    args = parser.parse_args(argv)
    seats = [s.strip() for s in args.seats.split(",") if s.strip()]
    unknown = [s for s in seats if s not in KINDS]
    if unknown or not seats:
        parser.error(f"unknown seat kinds {unknown}; choose among {', '.join(KINDS)}")
    options = dict(parse_option(o) for o in args.option)
    takes = [(kind, action) for kind, _, action in (t.partition("=") for t in args.take)]
    if any(kind not in seats or not action for kind, action in takes):
        parser.error("--take wants KIND=ACTION_ID with KIND one of the seats")
    if args.from_log:
        with open(args.from_log, encoding="utf-8") as handle:
            results = read_log(handle)
        args.games = len(results)
    else:
        specs = specs_for(args.game, args.players, seats, args.games, args.seed, options, args.iterations,
                          takes=takes)
        progress = not args.json and sys.stderr.isatty()
        if args.log:
            with open(args.log, "a", encoding="utf-8") as handle:
                results = run_matches(specs, jobs=args.jobs, progress=progress, log=handle)
        else:
            results = run_matches(specs, jobs=args.jobs, progress=progress)
    summary = summarise(results)
    summary.update(game=args.game, players=args.players, seats=seats, seed=args.seed, options=options,
                   iterations=args.iterations, takes=[f"{k}={a}" for k, a in takes])
    if args.json:
        sys.stdout.write(json.dumps({**summary, "matches": [asdict(r) for r in results]}, indent=1) + "\n")
    else:
        title = (f"{args.game}, {args.players} players, seats {','.join(seats)}, {args.games} games "
                 f"from seed {args.seed}")
        sys.stdout.write(render(summary, title) + "\n")
    return 1 if summary["failures"] or summary["finished"] < summary["games"] else 0


if __name__ == "__main__":
    raise SystemExit(main())
