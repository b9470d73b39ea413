"""A tiny game for testing the shared core: secret bids then a public dice race.

Each round both players secretly bid 1-3 (simultaneous), then the higher bid rolls
a die and adds it to their score; first to 10 wins. Small, but it has hidden
information, simultaneity, randomness and an end.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any

from engine.core import (
    Action,
    Decision,
    DecisionKind,
    Event,
    Game,
    IllegalAction,
    OptionSpec,
    Outcome,
    Rng,
    private_event,
    public_event,
    rank_by_score,
    require_pending,
    validate_options,
)


@dataclass
class ToyState:
    players: int
    rng: int
    target: int
    scores: list[int]
    bids: dict[int, int] = field(default_factory=dict)
    round: int = 1


class ToyGame(Game[ToyState]):
    name = "toy"
    title = "Toy bids"
    player_range = (2, 3)

    def options(self) -> list[OptionSpec]:
        return [OptionSpec("target", "int", 10, "Score to reach", minimum=5, maximum=30)]

    def new_game(self, players: int, seed: int, options: dict[str, Any] | None = None) -> ToyState:
        opts = validate_options(self.options(), options)
        if not self.player_range[0] <= players <= self.player_range[1]:
            raise IllegalAction("bad player count", "E_PLAYERS")
        return ToyState(players, Rng.from_seed(seed).state, opts["target"], [0] * players)

    def pending(self, state: ToyState) -> list[Decision]:
        if self.outcome(state):
            return []
        return [
            Decision(p, DecisionKind.SIMULTANEOUS, "Bid 1-3")
            for p in range(state.players)
            if p not in state.bids
        ]

    def legal_actions(self, state: ToyState, player: int) -> list[Action]:
        if not self.is_pending(state, player):
            return []
        return [Action(f"bid:{n}", f"Bid {n}") for n in (1, 2, 3)]

    def apply(self, state: ToyState, player: int, action: Action) -> tuple[ToyState, list[Event]]:
        require_pending(self, state, player)
        kind, _, value = action.id.partition(":")
        if kind != "bid" or value not in ("1", "2", "3"):
            raise IllegalAction("Bid 1, 2 or 3.", "E_BID")
        new = copy.deepcopy(state)
        new.bids[player] = int(value)
        events: list[Event] = [
            private_event(player, f"You bid {value}."),
            public_event(f"Player {player} has bid."),
        ]
        if len(new.bids) == new.players:
            best = max(new.bids.values())
            winner = min(p for p, b in new.bids.items() if b == best)
            rng = Rng(new.rng)
            roll = rng.die()
            new.rng = rng.state
            new.scores[winner] += roll
            events.append(public_event(f"Player {winner} rolls {roll}.", "roll", roll=roll))
            new.bids = {}
            new.round += 1
        return new, events

    def view(self, state: ToyState, player: int | None) -> dict[str, Any]:
        out: dict[str, Any] = {
            "game": "toy",
            "players": state.players,
            "round": state.round,
            "scores": list(state.scores),
            "has_bid": sorted(state.bids),
        }
        if player is not None:
            out["me"] = {"player": player, "bid": state.bids.get(player)}
        return out

    def outcome(self, state: ToyState) -> Outcome | None:
        if max(state.scores) < state.target:
            return None
        scores = {p: float(s) for p, s in enumerate(state.scores)}
        return Outcome(rank_by_score(scores), scores, "target")

    def timeout_action(self, state: ToyState, player: int) -> Action:
        return Action("bid:1", "Bid 1")

    def dump(self, state: ToyState) -> dict[str, Any]:
        return {
            "schema": 1,
            "players": state.players,
            "rng": state.rng,
            "target": state.target,
            "scores": list(state.scores),
            "bids": {str(k): v for k, v in state.bids.items()},
            "round": state.round,
        }

    def load(self, data: dict[str, Any]) -> ToyState:
        return ToyState(
            data["players"],
            data["rng"],
            data["target"],
            list(data["scores"]),
            {int(k): v for k, v in data["bids"].items()},
            data["round"],
        )

    def factions(self, state: ToyState) -> dict[int, list[str]]:
        return {p: [f"seat{p}"] for p in range(state.players)}


GAME = ToyGame()
