"""Front-end helpers of the contract: 'pick k of n' menus and the end-of-game report."""

from __future__ import annotations

from dataclasses import dataclass

from engine.core.phrases import NameRef, Phrase

# A Discord select lists at most 25 options.
MAX_PICK_OPTIONS = 25


@dataclass(frozen=True, slots=True)
class PickOption:
    """One entry of a multi-select: a short id (≤ 100 chars) and the label a player reads (and the label as words
    of the game's catalog, for a reader of any language; None: the label only)."""

    id: str
    label: str
    phrase: Phrase | None = None


@dataclass(frozen=True, slots=True)
class MultiPick:
    """A 'choose between `min` and `max` of these' step, shown as one multi-select plus Confirm.

    `suggested` are option ids a front end may preselect (the game's default choice). The whole
    pick is made with one action: `Game.pick_action(state, player, ids)`.
    """

    prompt: str
    options: tuple[PickOption, ...]
    min: int
    max: int
    suggested: tuple[str, ...] = ()
    prompt_phrase: Phrase | None = None  # the prompt as words of the game's catalog (None: the prompt only)

    def __post_init__(self) -> None:
        if not 0 < len(self.options) <= MAX_PICK_OPTIONS:
            raise ValueError(f"a pick lists 1..{MAX_PICK_OPTIONS} options")
        if not 0 <= self.min <= self.max <= len(self.options):
            raise ValueError("a pick needs 0 <= min <= max <= number of options")

    def option_ids(self) -> tuple[str, ...]:
        """The ids of every option, in menu order."""
        return tuple(o.id for o in self.options)


@dataclass(frozen=True, slots=True)
class PlayerReport:
    """One player's line in the final report: faction, points and how they were earned."""

    player: int
    faction: str  # "Dingleson & McDingle", "the Usurers": the sides this player played
    score: float
    breakdown: tuple[str, ...]  # short labelled lines: "Objectives completed: 2 (6 points)"
    # The same lines as catalog phrases, line for line, so that they read in any language; empty: English only.
    said: tuple[Phrase, ...] = ()


@dataclass(frozen=True, slots=True)
class FinalReport:
    """Why the game ended and how everyone scored, in words, plus the secrets the rules reveal at the end.

    Players are listed best first (the outcome's ranking). Public data only.
    """

    reason: str  # "Dingleson completed all their objectives." / "The round limit (8) was reached."
    players: tuple[PlayerReport, ...]
    secrets: tuple[str, ...] = ()  # "Dingleson's objectives were Oak Grove and Statue of Fisher."
    # What the scores count, singular and plural ("GP", "GP"; "army on the board", "armies on the board"),
    # so the standings say each score in the game's own unit; empty means points.
    unit: tuple[str, str] | tuple[()] = ()
    # The reason, the secrets (line for line) and the unit (a counted name: "{n} point", "{n} points") in the
    # game's catalog, read in the reader's language; unset: English only.
    reason_said: Phrase | None = None
    secrets_said: tuple[Phrase, ...] = ()
    unit_said: NameRef | None = None
