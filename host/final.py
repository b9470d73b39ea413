"""The end of a game in words (the engine's final report) and the rules' start of a rematch.

A thin adapter over the engine contract (`Game.final_report`, `Game.rematch_first_player`,
`Game.rematch_options`): when a game does not provide them, an equivalent report is built from
its Outcome alone (in present/final.py's words), so the end-of-game message never shows a raw reason code.
"""

from __future__ import annotations

import logging
from typing import Any

from engine.core.game import Game
from engine.core.outcome import Outcome
from engine.core.picks import FinalReport
from present.final import fallback_report, reason_in_words, scored_in_points

# The words live in present/final.py; these names stay importable from here for the host's callers.
__all__ = ["fallback_report", "final_report", "reason_in_words", "rematch_first_player", "rematch_options",
           "scored_in_points"]

log = logging.getLogger(__name__)


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
