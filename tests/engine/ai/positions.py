"""Mid-game positions for the AI tests, and re-deals of what one seat cannot see (written apart from the games'
own `determinize`, so the observation-only test does not trust the code it checks)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from engine import registry
from engine.ai import BusyPlayer
from engine.core.rng import Rng


def position(game_name: str, players: int, seed: int, steps: int) -> tuple[Any, int]:
    """The state after about `steps` busy moves, stopped at a pending player with more than one choice."""
    game = registry.get(game_name)
    state = game.new_game(players, seed)
    bot = BusyPlayer(seed)
    taken = 0
    while game.pending(state):
        player = game.pending(state)[0].player
        legal = game.legal_actions(state, player)
        if taken >= steps and len(legal) > 2:
            return state, player
        state, _ = game.apply(state, player, bot.choose(game, state, player))
        taken += 1
    raise AssertionError(f"{game_name} seed {seed} ended before step {steps}")


def redeal(game_name: str, state: Any, seat: int, seed: int) -> Any:
    """`state` with everything `seat` cannot see dealt again: other hands or objectives, decks, future dice."""
    rng = Rng.from_seed(seed)
    if game_name == "associates":
        game = registry.get(game_name)
        s = game.load(game.dump(state))
        for q, p in enumerate(s.players):
            if q != seat and p.keep is None:
                pool = p.hand + p.deck
                rng.shuffle(pool)
                p.hand, p.deck = pool[: len(p.hand)], pool[len(p.hand):]
            else:
                rng.shuffle(p.deck)
        s.rng = rng.next_u32()
        return s
    if game_name == "vendetta":
        chosen = {}
        for clan, cards in state.chosen.items():
            if state.owner[clan] == seat:
                chosen[clan] = list(cards)
            else:
                chosen[clan] = rng.sample(sorted(state.offered[clan]), len(cards))
        return replace(state, chosen=chosen, rng=rng.next_u32())
    if game_name == "tribes":
        game = registry.get(game_name)
        t = game.load(game.dump(state))
        others = [q for q in range(t.player_count) if q != seat]
        fixed = [i for i, c in enumerate(t.deck) if c.startswith("gnompax")]
        pool = [c for c in t.deck if not c.startswith("gnompax")] + [c for q in others for c in t.players[q].hand]
        rng.shuffle(pool)
        for q in others:
            held = len(t.players[q].hand)
            t.players[q].hand, pool = pool[:held], pool[held:]
            t.players[q].purse += 3  # a purse is secret (§15): the seat cannot see it
        for i in fixed:
            pool.insert(i, "gnompax#1")
        t.deck = pool
        t.rng = rng.next_u32()
        return t
    raise AssertionError(f"no re-deal written for {game_name}")
