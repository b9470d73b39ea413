"""The end of a game in words where the engine gives none: its reason as a sentence, scores as points.

The host builds the outcome-only final report from these (host/final.py), so the end-of-game message never
shows a raw reason code.
"""

from __future__ import annotations

from engine.core.outcome import Outcome
from engine.core.picks import FinalReport, PlayerReport
from i18n import ENGLISH, Locale, catalogs, game_t, mark, t

# Reason codes of the games' outcomes -> the message saying them, for games whose engine gives no final report.
REASON_WORDS = {
    "round_limit": mark("reason.round-limit"),
    "turn_cap": mark("reason.turn-cap"),
    "objectives": mark("reason.objectives"),
    "mission": mark("reason.mission"),
}


def reason_in_words(reason: str, locale: Locale = ENGLISH, game: str | None = None) -> str:
    """An outcome's reason code as a sentence in `locale` ("round_limit" -> "The round limit was reached."):
    the game's own `end-reason.<code>` where its catalog has one, else the bot's words for the common codes."""
    if game is not None:
        own = f"end-reason.{reason}"
        english = catalogs().catalog(game, ENGLISH)
        if english is not None and own in english.messages:
            return game_t(locale, game, own)
    known = REASON_WORDS.get(reason)
    if known is not None:
        return t(locale, known)
    words = reason.replace("_", " ").strip()
    # A game's own reason code has no words of ours: said as it is, inside a sentence of the reader's language.
    return t(locale, "reason.other", words=words) if words else t(locale, "reason.unknown")


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


def scored_in_points(outcome: Outcome) -> bool:
    """Whether the outcome's scores are points worth showing; False for a win without points.

    Vendetta's basic scoring (R-V29) ends with 1 for the winners and 0 for the others: a result, not a score.
    """
    flags_only = all(score in (0, 1) for score in outcome.scores.values())
    return not (outcome.details.get("scoring") == "basic" and outcome.reason == "objectives" and flags_only)
