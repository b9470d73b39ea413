"""Moves applied in memory, before they are stored: what `Committer.store` (host/commit.py) writes in one go."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.core.actions import Action
from engine.core.decisions import Decision
from engine.core.errors import IllegalAction
from engine.core.events import Event
from engine.core.phrases import Phrase
from engine.core.rng import seed_state
from host.errors import IllegalMove
from host.live import LiveGame
from host.results import MoveSource


def ai_seed(game_seed: int, seq: int, player: int) -> int:
    """The seed of an AI decision: fixed by the game seed, the log position and the seat."""
    return seed_state(game_seed ^ seq * 0x9E3779B1 ^ player * 0x85EBCA77)


@dataclass
class Step:
    """One move applied in memory, not yet stored."""

    seq: int
    player: int
    action_id: str
    source: MoveSource
    user_id: int | None
    undoes: int | None
    events: list[Event]
    state: Any
    decisions: list[Decision]
    since: dict[int, int]
    label: str = ""  # the action's player-facing label (private to the mover)
    phrase: Phrase | None = None  # the same label as catalog words, for the mover's language


class Batch:
    """Moves applied in memory on top of a live game, to be stored together by `Committer.store`."""

    def __init__(self, live: LiveGame) -> None:
        self.live = live
        self.steps: list[Step] = []

    @property
    def state(self) -> Any:
        """The state after the moves so far."""
        return self.steps[-1].state if self.steps else self.live.state

    @property
    def decisions(self) -> list[Decision]:
        """The pending decisions after the moves so far."""
        return self.steps[-1].decisions if self.steps else self.live.decisions

    @property
    def seq(self) -> int:
        """The seq of the last move so far (the live version when empty)."""
        return self.steps[-1].seq if self.steps else self.live.version

    def apply(self, player: int, action: Action, source: MoveSource, user_id: int | None) -> Step:
        """Apply a legal action in memory; IllegalMove if the engine refuses it."""
        try:
            state, events = self.live.game.apply(self.state, player, action)
        except IllegalAction as exc:
            raise IllegalMove(exc, self.live.game_name) from exc
        step = self.add(state, player, action.id, source, user_id, events)
        # A typed order parsed from its id has no words of its own (its label is the id): say nothing then.
        step.label = action.label if action.label != action.id else ""
        step.phrase = action.phrase if step.label else None
        return step

    def add(
        self,
        state: Any,
        player: int,
        action_id: str,
        source: MoveSource,
        user_id: int | None,
        events: list[Event],
        *,
        undoes: int | None = None,
        reopen_all: bool = False,
    ) -> Step:
        """Append a move whose resulting state is already known."""
        seq = self.seq + 1
        before = self.steps[-1].since if self.steps else self.live.since
        decisions = self.live.game.pending(state)
        # A decision still open for someone else keeps its opening version (their buttons stay
        # valid); the mover's next decision, and every decision after an undo, opens now.
        since = {
            d.player: seq if reopen_all or d.player == player else before.get(d.player, seq) for d in decisions
        }
        step = Step(seq, player, action_id, source, user_id, undoes, events, state, decisions, since)
        self.steps.append(step)
        return step
