"""Baseline computer players: uniform random and "busy" (prefers doing over passing). They read only legal actions."""

from __future__ import annotations

from typing import Any

from engine.core.actions import CLEAR_ID, UNDO_ID, Action
from engine.core.game import Game
from engine.core.rng import Rng

# Ids (or the part before the first ":") of choices that end, pass, skip, decline or take back a
# move instead of doing something. Shared conventions of the games, no game named here.
PASSIVE_IDS = frozenset({UNDO_ID, CLEAR_ID, "end", "pass", "skip", "decline", "idle", "cancel"})
PASSIVE_PREFIXES = ("end", "pass", "skip", "decline")

# Per mille chance that a BusyPlayer looks at the passive choices at all when doing ones exist.
BUSY_PASSIVE_PER_MILLE = 50


def is_passive(action: Action) -> bool:
    """Whether an action ends, passes, skips, declines or undoes rather than does something."""
    head = action.id.split(":", 1)[0]
    return head in PASSIVE_IDS or head.startswith(PASSIVE_PREFIXES)


class RandomPlayer:
    """Chooses uniformly among the legal actions, from its own seeded generator."""

    def __init__(self, seed: int = 0) -> None:
        self._rng = Rng.from_seed(seed)

    def choose(self, game: Game[Any], state: Any, player: int) -> Action:
        """One legal action for `player`; ValueError if the player has none."""
        legal = game.legal_actions(state, player)
        if not legal:
            raise ValueError(f"player {player} has no legal action")
        return self._rng.choice(legal)


class BusyPlayer:
    """Prefers doing things: uniform among the 'doing' actions, passive ones only rarely.

    With probability `passive_per_mille`/1000 (5% by default) it chooses uniformly among the
    passive actions (end, pass, skip, decline, undo: see `is_passive`); otherwise uniformly among
    the others. When only one kind is legal it chooses among that kind. Like RandomPlayer it sees
    only the legal actions and draws from its own seeded generator, so a seed fixes its play.
    """

    def __init__(self, seed: int = 0, passive_per_mille: int = BUSY_PASSIVE_PER_MILLE) -> None:
        if not 0 <= passive_per_mille <= 1000:
            raise ValueError("passive_per_mille must be within 0..1000")
        self._rng = Rng.from_seed(seed)
        self._passive_per_mille = passive_per_mille

    def choose(self, game: Game[Any], state: Any, player: int) -> Action:
        """One legal action for `player`; ValueError if the player has none."""
        legal = game.legal_actions(state, player)
        if not legal:
            raise ValueError(f"player {player} has no legal action")
        doing = [a for a in legal if not is_passive(a)]
        passive = [a for a in legal if is_passive(a)]
        if not doing or not passive:
            return self._rng.choice(legal)
        if self._rng.randbelow(1000) < self._passive_per_mille:
            return self._rng.choice(passive)
        return self._rng.choice(doing)


PLAYERS: dict[str, type[RandomPlayer] | type[BusyPlayer]] = {"random": RandomPlayer, "busy": BusyPlayer}


def make_player(kind: str, seed: int) -> RandomPlayer | BusyPlayer:
    """A computer player of this kind ("random" or "busy") with this seed; ValueError otherwise."""
    if kind not in PLAYERS:
        raise ValueError(f"unknown computer player {kind!r}; choose one of {sorted(PLAYERS)}")
    return PLAYERS[kind](seed)


def choose_for(game: Game[Any], state: Any, player: int, seed: int) -> Action:
    """A deterministic random choice for `player` that depends only on the seed and the state.

    The table service uses this for AI seats, so that an AI move replays
    identically whatever process makes it.
    """
    return RandomPlayer(seed).choose(game, state, player)
