"""End check and scoring: basic and advanced, best subset, 2-player sums (spec §5.5, §8)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import Any

from engine.core.outcome import Outcome, rank_by_score
from engine.vendetta.clans import FOODS
from engine.vendetta.objectives import feasible, food_used, gnome_used
from engine.vendetta.state import PHASE_FINISHED, VendettaState


@dataclass(frozen=True, slots=True)
class ClanScore:
    """A seat's advanced score and the subset of its cards that earns it."""

    score: int
    completed: tuple[str, ...]


def subset_value(card_ids: Sequence[str], tokens: Mapping[str, int]) -> int:
    """value(S) = 20·|S| + 3·(G − gnome_used(S)) + 2·(F − food_used(S)) (§8.2)."""
    gnomes = sum(n for t, n in tokens.items() if t.startswith("gnome_"))  # R-V22: own colour scores
    food = sum(tokens.get(f, 0) for f in FOODS)
    return 20 * len(card_ids) + 3 * (gnomes - gnome_used(card_ids)) + 2 * (food - food_used(card_ids))


def best_subset(
    clan: str, chosen: Sequence[str], tokens: Mapping[str, int], board: Mapping[str, Mapping[str, int]]
) -> ClanScore:
    """The feasible subset of `chosen` with the highest value (R-V30).

    Ties: the larger subset, then the lexicographically smallest sorted id list.
    """
    best: tuple[int, int, list[str]] | None = None
    for size in range(len(chosen), -1, -1):
        for subset in combinations(sorted(chosen), size):
            if not feasible(clan, subset, tokens, board):
                continue
            value = subset_value(subset, tokens)
            key = (value, size, list(subset))
            if best is None or (key[0], key[1]) > (best[0], best[1]) or (
                (key[0], key[1]) == (best[0], best[1]) and key[2] < best[2]
            ):
                best = key
    assert best is not None  # the empty subset is always feasible
    return ClanScore(best[0], tuple(best[2]))


def all_complete(clan: str, chosen: Sequence[str], tokens: Mapping[str, int], board: Mapping[str, Any]) -> bool:
    """The end check for one seat: every chosen card complete at once (R-V27, R-V28)."""
    return feasible(clan, chosen, tokens, board)


def build_outcome(
    *,
    players: int,
    owner: Mapping[str, int],
    seats: Sequence[str],
    chosen: Mapping[str, Sequence[str]],
    tokens: Mapping[str, Mapping[str, int]],
    board: Mapping[str, Mapping[str, int]],
    scoring: str,
    reason: str,
    triggered: Sequence[str],
    round_number: int,
) -> Outcome:
    """The result of a finished game.

    Basic scoring with an objectives end: the seats that passed the end check win together (R-V29).
    Otherwise advanced scoring (§8.2, and R-V33 at the round limit), per player the sum of its
    seats' scores (R-V31); ties by completed objectives, then shared.
    """
    clan_scores = {c: best_subset(c, chosen.get(c, []), tokens.get(c, {}), board) for c in seats}
    totals = {p: 0 for p in range(players)}
    completed = {p: 0 for p in range(players)}
    for c in seats:
        totals[owner[c]] += clan_scores[c].score
        completed[owner[c]] += len(clan_scores[c].completed)
    details: dict[str, Any] = {
        "scoring": scoring,
        "round": round_number,
        "triggered": list(triggered),
        "clans": {
            c: {
                "player": owner[c],
                "score": clan_scores[c].score,
                "completed": list(clan_scores[c].completed),
                "chosen": list(chosen.get(c, [])),
                "all_complete": c in triggered,
            }
            for c in seats
        },
        "advanced_scores": {str(p): totals[p] for p in range(players)},
    }
    if scoring == "basic" and reason == "objectives":
        winners = {owner[c] for c in triggered}
        scores: dict[int, float] = {p: (1 if p in winners else 0) for p in range(players)}
        ranking = rank_by_score(scores)
    else:
        scores = {p: totals[p] for p in range(players)}
        ranking = rank_by_score(scores, {p: (completed[p],) for p in range(players)})
    return Outcome(ranking=ranking, scores=scores, reason=reason, details=details)


def state_outcome(state: VendettaState) -> Outcome | None:
    """The outcome of a finished game, None while it goes on."""
    if state.phase != PHASE_FINISHED or state.end_reason is None:
        return None
    return build_outcome(
        players=state.players,
        owner=state.owner,
        seats=state.seats,
        chosen=state.chosen,
        tokens=state.tokens,
        board=state.board,
        scoring=state.scoring,
        reason=state.end_reason,
        triggered=state.triggered,
        round_number=state.round,
    )
