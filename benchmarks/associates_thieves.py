"""The Thieves by the rulebook's own advice: `python -m benchmarks.associates_thieves [--games 20] [--seed 1]`.

Tells whether the rules or the computer players hold the Thieves back (the balance games with the hard level in
every seat gave them 4% of the wins). A scripted player takes the Thieves and plays their mission the way the
rulebook describes it (§ Guild of the Thieves, "Neither Seen Nor Known": a successful Theft against an adverse
lair, never the same lair twice running; R-A22): it activates the thief nearest to a lair it may rob, robs that
lair whenever it stands on it, otherwise moves towards it; every other step is the normal level's. It plays
two-player games, seat-rotated, against the normal level, and prints its wins with the 95% interval, how many
Objectives it scored and how the games ended.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from typing import Any

from engine import registry
from engine.ai import decide
from engine.arena import wilson
from engine.associates.ai import steps_from
from engine.associates.ids import IDLE_ID
from engine.associates.state import State, figs_of
from engine.core.actions import Action

GUILD = "thieves"
MAX_DECISIONS = 20_000


def robbable(state: State, seat: int) -> dict[str, str]:
    """Zone -> lair guild of every intact adverse lair whose Theft would score (not the last Objective lair)."""
    last = state.players[seat].last_objective_lair
    return {lair.zone: guild for guild, lair in state.lairs.items()
            if guild != GUILD and lair.state == "intact" and lair.zone != last}


def nearest(zone: str, targets: dict[str, str]) -> int:
    """Steps from `zone` to the closest target zone (a large number when none can be reached)."""
    reach = steps_from(zone)
    return min((reach[z] for z in targets if z in reach), default=99)


def scripted(game: Any, state: State, seat: int, legal: list[Action]) -> Action | None:
    """The rulebook's Thieves step here, or None when the normal level should decide."""
    ids = {a.id: a for a in legal}
    targets = robbable(state, seat)
    if not targets:
        return None
    if IDLE_ID in ids:  # choosing the figurine: the thief closest to a lair it may rob
        figs = [f for f in figs_of(state, GUILD) if state.figs[f].zone is not None and f"activate:{f}" in ids]
        if figs:
            best = min(figs, key=lambda f: (nearest(state.figs[f].zone or "", targets), f))
            return ids[f"activate:{best}"]
        return None
    active = state.active
    if active is None or active.player != seat:
        return None
    zone = state.figs[active.fig].zone
    if zone in targets:
        for wanted in ("theft", f"tgt:l:{targets[zone]}", "takemax"):
            if wanted in ids:
                return ids[wanted]
        return None
    steps = [a for a in legal if a.id.startswith("to:")]
    if steps:  # inside a Movement: one zone at a time towards the lair, confirmed once no step gets closer
        here = nearest(_draft_zone(state, zone or ""), targets)
        best_step = min(steps, key=lambda a: (nearest(a.id.removeprefix("to:"), targets), a.id))
        if nearest(best_step.id.removeprefix("to:"), targets) < here:
            return best_step
        return ids.get("confirm")
    if "move" in ids and state.draft is None:
        return ids["move"]
    return None


def _draft_zone(state: State, start: str) -> str:
    """Where the Movement being drafted has taken the figurine so far."""
    draft = state.draft
    moved = [step.removeprefix("to:") for step in (draft.steps if draft is not None else []) if step.startswith("to:")]
    return moved[-1] if moved else start


def play(seed: int, script_seat: int) -> tuple[bool, int, str]:
    """One two-player game of the scripted Thieves in `script_seat` against the normal level: whether the
    Thieves won (sole or shared first), their Objectives and why the game ended."""
    game = registry.get("associates")
    state = game.new_game(2, seed)
    for decisions in range(MAX_DECISIONS):
        pending = game.pending(state)
        if not pending:
            break
        player = pending[0].player
        legal = game.legal_actions(state, player)
        action: Action | None = None
        if player == script_seat:
            by_id = {a.id: a for a in legal}
            action = by_id.get(f"guild:{GUILD}") or scripted(game, state, player, legal)
        if action is None:
            action = decide(game, state, player, "normal", seed * 100_003 + decisions)
        state, _ = game.apply(state, player, game.parse_action(state, player, action.id))
    outcome = game.outcome(state)
    if outcome is None:
        return False, state.players[script_seat].objectives, "unfinished"
    return script_seat in outcome.winners, state.players[script_seat].objectives, outcome.reason


def main(argv: list[str] | None = None) -> int:
    """Play the games and print the Thieves' figures."""
    parser = argparse.ArgumentParser(prog="python -m benchmarks.associates_thieves", description=__doc__)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    results = [play(args.seed + i, i % 2) for i in range(args.games)]
    wins = sum(won for won, _o, _r in results)
    low, high = wilson(wins, len(results))
    reasons: dict[str, int] = {}
    for _won, _objectives, reason in results:
        reasons[reason] = reasons.get(reason, 0) + 1
    sys.stdout.write(
        f"scripted Thieves against normal, 2 players, {len(results)} games from seed {args.seed}: won {wins} "
        f"({wins / len(results):.0%}, 95% CI {low:.0%}-{high:.0%}); Objectives per game "
        f"{statistics.fmean(o for _w, o, _r in results):.1f}; end reasons {reasons}\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
