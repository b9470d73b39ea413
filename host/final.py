"""The end of a game in words (the engine's final report) and the rules' start of a rematch.

A thin adapter over the engine contract (`Game.final_report`, `Game.rematch_first_player`,
`Game.rematch_options`): when a game does not provide them, an equivalent report is built from
its Outcome alone, so the end-of-game message never shows a raw reason code.
"""

from __future__ import annotations

import logging
from typing import Any

from engine.core.game import Game
from engine.core.outcome import Outcome
from engine.core.picks import FinalReport, PlayerReport

log = logging.getLogger(__name__)

# Reason codes of the games' outcomes in words, for games whose engine gives no final report.
REASON_WORDS = {
    "round_limit": "The round limit was reached.",
    "turn_cap": "The turn limit was reached.",
    "objectives": "A player completed all their objectives.",
    "mission": "The main mission was reached.",
}


def reason_in_words(reason: str) -> str:
    """An outcome's reason code as a sentence ("round_limit" -> "The round limit was reached.")."""
    known = REASON_WORDS.get(reason)
    if known is not None:
        return known
    words = reason.replace("_", " ").strip() or "the game's end condition"
    return f"The game ended: {words}."


def _points(value: float) -> str:
    number = int(value) if float(value).is_integer() else round(value, 1)
    return f"{number} point" if number == 1 else f"{number} points"


def fallback_report(outcome: Outcome, factions: dict[int, str]) -> FinalReport:
    """A report from the outcome alone: the reason in words and each score as its only breakdown line."""
    order = [p for group in outcome.ranking for p in group]
    players = tuple(
        PlayerReport(p, factions.get(p, ""), float(outcome.scores.get(p, 0.0)),
                     (f"Score: {_points(outcome.scores.get(p, 0.0))}",))
        for p in order
    )
    return FinalReport(reason_in_words(outcome.reason), players)


def final_report(game: Game[Any], state: Any) -> FinalReport | None:
    """The game's final report (None while it goes on); the outcome-only report when the engine has none."""
    outcome = game.outcome(state)
    if outcome is None:
        return None
    maker = getattr(game, "final_report", None)
    if callable(maker):
        try:
            report = maker(state)
        except Exception:
            # A report is a courtesy on top of the stored result: never let it hide the end of a game.
            log.exception("%s: the final report failed; using the outcome alone", game.name)
            report = None
        if isinstance(report, FinalReport) and not _raw(report, outcome):
            return report
    view_factions = game.view(state, None).get("factions") or {}
    factions = {int(p): str(n) for p, n in view_factions.items() if str(p).isdigit()}
    return fallback_report(outcome, factions)


def _raw(report: FinalReport, outcome: Outcome) -> bool:
    """Whether a report is only the contract's generic default (then the outcome's reason in words is better)."""
    return report.reason == "The game is over." and bool(outcome.reason)


def rematch_options(game: Game[Any], state: Any) -> dict[str, Any]:
    """Options the rules lay over a finished table's options for a rematch with the same seats (R-A29)."""
    maker = getattr(game, "rematch_options", None)
    if callable(maker):
        try:
            options = maker(state)
        except Exception:
            log.exception("%s: rematch options failed; the rematch uses the table's options", game.name)
            return {}
        return dict(options) if isinstance(options, dict) else {}
    return {}


def rematch_first_player(game: Game[Any], state: Any) -> int | None:
    """Who the rules say starts a rematch (a player index of the finished game), or None (R-A29)."""
    maker = getattr(game, "rematch_first_player", None)
    if callable(maker):
        try:
            first = maker(state)
        except Exception:
            log.exception("%s: rematch first player failed", game.name)
            first = None
        if isinstance(first, int):
            return first
    outcome = game.outcome(state)
    found = outcome.details.get("rematch_first_player") if outcome is not None else None
    return found if isinstance(found, int) else None


def scored_in_points(outcome: Outcome) -> bool:
    """Whether the outcome's scores are points worth showing; False for a win without points.

    Vendetta's basic scoring (R-V29) ends with 1 for the winners and 0 for the others: a result, not a score.
    """
    flags_only = all(score in (0, 1) for score in outcome.scores.values())
    return not (outcome.details.get("scoring") == "basic" and outcome.reason == "objectives" and flags_only)
