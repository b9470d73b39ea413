"""Play many full games with computer players and report figures and invariant failures.

Usage: python -m engine.simulate --game vendetta --players 4 --games 200 --seed 1 [--json]
       [--option name=value ...] [--ai random|busy] [--fast]

--ai random (the default) plays uniformly among the legal actions; --ai busy prefers doing
actions and only rarely ends, passes or undoes (engine.ai.BusyPlayer), which makes balance
figures telling for games where uniform players never fight.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from engine import registry
from engine.ai import PLAYERS, make_player
from engine.core.actions import MAX_ID_LEN, MAX_LABEL_LEN
from engine.core.errors import IllegalAction
from engine.core.game import Game

MAX_DECISIONS = 20_000


@dataclass
class GameReport:
    """What one simulated game did."""

    finished: bool
    rounds: int
    decisions: int
    winners: list[int]
    winning_factions: list[str]
    reason: str
    failures: list[str] = field(default_factory=list)
    seconds: float = 0.0
    factions: dict[int, list[str]] = field(default_factory=dict)


def play_one(
    game: Game[Any],
    players: int,
    seed: int,
    options: dict[str, Any],
    deep_checks: bool = True,
    ai: str = "random",
) -> GameReport:
    """Play one full game with computer players of kind `ai`; check invariants after every move."""
    start = time.perf_counter()
    failures: list[str] = []
    state = game.new_game(players, seed, options)
    bots = [make_player(ai, seed * 1000 + p) for p in range(players)]
    decisions = 0
    while decisions < MAX_DECISIONS:
        pending = game.pending(state)
        if not pending:
            break
        decision = pending[0]
        legal = game.legal_actions(state, decision.player)
        if not legal:
            failures.append(f"pending player {decision.player} has no legal action")
            break
        for action in legal:
            if len(action.id) > MAX_ID_LEN or len(action.label) > MAX_LABEL_LEN:
                failures.append(f"action too long: {action.id!r}")
        if deep_checks:
            timeout = game.timeout_action(state, decision.player)
            if timeout not in legal:
                failures.append(f"timeout action {timeout.id!r} is not legal")
            before = json.dumps(game.dump(state), sort_keys=True)
        action = bots[decision.player].choose(game, state, decision.player)
        try:
            new_state, _events = game.apply(state, decision.player, action)
        except IllegalAction as exc:
            failures.append(f"legal action {action.id!r} rejected: {exc.code} {exc.message}")
            break
        if deep_checks:
            if json.dumps(game.dump(state), sort_keys=True) != before:
                failures.append("apply mutated its input state")
            dumped = game.dump(new_state)
            if game.load(json.loads(json.dumps(dumped))) != new_state:
                failures.append("load(dump(state)) differs from state")
        failures.extend(game.check_invariants(new_state))
        state = new_state
        decisions += 1
        if failures:
            break
    outcome = game.outcome(state)
    if outcome is None and not failures:
        failures.append(f"game did not finish within {MAX_DECISIONS} decisions")
    factions = game.factions(state)
    winners = list(outcome.winners) if outcome else []
    return GameReport(
        finished=outcome is not None,
        rounds=game.round_number(state),
        decisions=decisions,
        winners=winners,
        winning_factions=[f for p in winners for f in factions.get(p, [])],
        reason=outcome.reason if outcome else "unfinished",
        failures=failures,
        seconds=time.perf_counter() - start,
        factions=factions,
    )


def summarise(reports: list[GameReport]) -> dict[str, Any]:
    """Aggregate figures over many games."""
    finished = [r for r in reports if r.finished]
    wins_by_player: Counter[int] = Counter()
    wins_by_faction: Counter[str] = Counter()
    played_by_faction: Counter[str] = Counter()
    reasons: Counter[str] = Counter()
    for r in reports:
        reasons[r.reason] += 1
        for p in r.winners:
            wins_by_player[p] += 1
        for f in r.winning_factions:
            wins_by_faction[f] += 1
        for fs in r.factions.values():
            for f in fs:
                played_by_faction[f] += 1
    unique = sum(1 for r in finished if len(r.winners) == 1)
    return {
        "games": len(reports),
        "finished": len(finished),
        "unique_winner_share": round(unique / len(finished), 3) if finished else 0.0,
        "tie_share": round((len(finished) - unique) / len(finished), 3) if finished else 0.0,
        "mean_rounds": statistics.fmean(r.rounds for r in finished) if finished else 0.0,
        "mean_decisions": statistics.fmean(r.decisions for r in finished) if finished else 0.0,
        "mean_ms_per_game": statistics.fmean(r.seconds for r in reports) * 1000 if reports else 0.0,
        "end_reasons": dict(reasons),
        "wins_by_player": {str(k): v for k, v in sorted(wins_by_player.items())},
        "wins_by_faction": dict(sorted(wins_by_faction.items())),
        "win_rate_by_faction": {
            f: round(wins_by_faction[f] / played_by_faction[f], 3) for f in sorted(played_by_faction)
        },
        "invariant_failures": [f for r in reports for f in r.failures],
    }


def parse_option(text: str) -> tuple[str, Any]:
    """`name=value` with value read as JSON when it parses (numbers, true/false), else text."""
    name, _, raw = text.partition("=")
    try:
        value: Any = json.loads(raw)
    except json.JSONDecodeError:
        value = raw
    return name, value


def main(argv: list[str] | None = None) -> int:
    """Command-line entry; exit code 1 when any game failed."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", required=True, choices=registry.names())
    parser.add_argument("--players", type=int, required=True)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--option", action="append", default=[], help="name=value, repeatable")
    parser.add_argument("--fast", action="store_true", help="skip the per-move dump/mutation checks")
    parser.add_argument("--json", action="store_true", help="print the summary as JSON")
    parser.add_argument("--ai", choices=sorted(PLAYERS), default="random",
                        help="computer players: random (uniform) or busy (rarely ends or passes)")
    args = parser.parse_args(argv)
    game = registry.get(args.game)
    options = dict(parse_option(o) for o in args.option)
    reports = [
        play_one(game, args.players, args.seed + i, options, deep_checks=not args.fast, ai=args.ai)
        for i in range(args.games)
    ]
    summary = summarise(reports)
    summary.update(game=args.game, players=args.players, seed=args.seed, options=options, ai=args.ai)
    out = sys.stdout
    if args.json:
        out.write(json.dumps(summary, indent=2) + "\n")
    else:
        out.write(f"{args.game}, {args.players} players, {args.games} games from seed {args.seed}, ai {args.ai}\n")
        out.write(f"  finished: {summary['finished']}/{summary['games']}\n")
        out.write(f"  mean rounds: {summary['mean_rounds']:.2f}, mean decisions: {summary['mean_decisions']:.1f}\n")
        out.write(f"  mean ms per game: {summary['mean_ms_per_game']:.1f}\n")
        out.write(f"  end reasons: {summary['end_reasons']}\n")
        out.write(f"  unique winner: {summary['unique_winner_share']:.1%}, ties: {summary['tie_share']:.1%}\n")
        out.write(f"  wins by player: {summary['wins_by_player']}\n")
        out.write(f"  wins by faction: {summary['wins_by_faction']}\n")
        out.write(f"  win rate by faction: {summary['win_rate_by_faction']}\n")
        failures = summary["invariant_failures"]
        out.write(f"  invariant failures: {len(failures)}\n")
        for line in failures[:20]:
            out.write(f"    {line}\n")
    return 1 if summary["invariant_failures"] or summary["finished"] < summary["games"] else 0


if __name__ == "__main__":
    raise SystemExit(main())
