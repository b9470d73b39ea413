"""Gnome Dash: a tiny deterministic game that exercises every part of the engine contract the host uses.

A secret simultaneous bid (SIMULTANEOUS, private events, a "reveal"), then a
race in turns (TURN) where a player steps (reveals nothing, undoable), rolls a
die (a "roll" event: not undoable) or passes (the timeout default).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
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
    validate_options,
)

MAX_TURNS = 40


@dataclass(frozen=True)
class DashState:
    """The whole game state."""

    players: int
    target: int
    turns: int
    rng: int
    phase: str  # "bid" | "race" | "over"
    bids: tuple[int | None, ...]
    positions: tuple[int, ...]
    turn: int
    turns_played: int
    dared: int | None = None  # the player answering a dare (a REACTION window)


class GnomeDash(Game[DashState]):
    """The toy game."""

    name = "dash"
    title = "Gnome Dash"
    player_range = (2, 4)

    def options(self) -> list[OptionSpec]:
        return [
            OptionSpec("target", "int", 10, "Cells to the finish", minimum=3, maximum=300),
            OptionSpec("turns", "int", MAX_TURNS, "Turns before the race stops", minimum=2, maximum=5000),
        ]

    def new_game(self, players: int, seed: int, options: dict[str, Any] | None = None) -> DashState:
        opts = validate_options(self.options(), options)
        if not self.player_range[0] <= players <= self.player_range[1]:
            raise IllegalAction("Gnome Dash needs 2 to 4 players.", "E_PLAYERS")
        return DashState(
            players=players,
            target=opts["target"],
            turns=opts["turns"],
            rng=Rng.from_seed(seed).state,
            phase="bid",
            bids=(None,) * players,
            positions=(0,) * players,
            turn=0,
            turns_played=0,
        )

    def setup_events(self, state: DashState) -> list[Event]:
        events = [public_event(f"{state.players} gnomes line up; the finish is {state.target} cells away.", "setup")]
        events += [private_event(p, f"You are gnome {p}. Nobody else knows your lucky number.", "deal")
                   for p in range(state.players)]
        return events

    def pending(self, state: DashState) -> list[Decision]:
        if state.phase == "bid":
            return [
                Decision(p, DecisionKind.SIMULTANEOUS, "Choose your secret head start")
                for p in range(state.players)
                if state.bids[p] is None
            ]
        if state.phase == "race":
            return [Decision(state.turn, DecisionKind.TURN, "Step, roll or pass")]
        if state.phase == "dare" and state.dared is not None:
            return [Decision(state.dared, DecisionKind.REACTION, "Accept the dare?")]
        return []

    def legal_actions(self, state: DashState, player: int) -> list[Action]:
        if not self.is_pending(state, player):
            return []
        if state.phase == "bid":
            return [Action(f"bid:{n}", f"Head start {n}") for n in range(3)]
        if state.phase == "dare":
            return [Action("accept", "Accept the dare (step back one cell)"), Action("decline", "Decline")]
        return [
            Action("dare", "Dare the next gnome"),
            Action("step", "Step one cell"),
            Action("roll", "Roll the die (1-3)"),
            Action("pass", "Pass"),
        ]

    def apply(self, state: DashState, player: int, action: Action) -> tuple[DashState, list[Event]]:
        action = self.parse_action(state, player, action.id)
        if state.phase == "bid":
            bid = int(action.id.split(":")[1])
            bids = tuple(bid if p == player else b for p, b in enumerate(state.bids))
            events = [
                private_event(player, f"You keep a head start of {bid}.", "bid", bid=bid),
                public_event(f"Player {player} has chosen.", "chosen", player=player),
            ]
            if all(b is not None for b in bids):
                positions = tuple(int(b or 0) for b in bids)
                events.append(public_event(f"Head starts revealed: {list(positions)}.", "reveal", bids=list(positions)))
                return replace(state, bids=bids, positions=positions, phase="race"), events
            return replace(state, bids=bids), events
        if state.phase == "dare":
            back = 1 if action.id == "accept" else 0
            positions = tuple(max(pos - back, 0) if p == player else pos for p, pos in enumerate(state.positions))
            text = f"Player {player} accepts the dare." if back else f"Player {player} declines the dare."
            return replace(state, positions=positions, phase="race", dared=None), [public_event(text, "dare")]
        if action.id == "dare":
            nxt = (state.turn + 1) % state.players
            dared = replace(state, phase="dare", dared=nxt, turn=nxt, turns_played=state.turns_played + 1)
            return dared, [public_event(f"Player {player} dares player {nxt}.", "dare")]
        rng = Rng(state.rng)
        moved = 0
        events = []
        if action.id == "step":
            moved = 1
            events.append(public_event(f"Player {player} steps.", "step", player=player))
        elif action.id == "roll":
            moved = rng.die(3)
            events.append(public_event(f"Player {player} rolls {moved}.", "roll", player=player, value=moved))
        else:
            events.append(public_event(f"Player {player} passes.", "pass", player=player))
        positions = tuple(pos + moved if p == player else pos for p, pos in enumerate(state.positions))
        played = state.turns_played + 1
        over = positions[player] >= state.target or played >= state.turns
        new = replace(
            state,
            rng=rng.state,
            positions=positions,
            turn=(state.turn + 1) % state.players,
            turns_played=played,
            phase="over" if over else "race",
        )
        if over:
            events.append(public_event("The race is over.", "end"))
        return new, events

    def view(self, state: DashState, player: int | None) -> dict[str, Any]:
        view: dict[str, Any] = {
            "players": state.players,
            "phase": state.phase,
            "positions": list(state.positions) if state.phase != "bid" else [0] * state.players,
            "chosen": [b is not None for b in state.bids],
            "turn": state.turn,
            "round": state.turns_played // state.players,
            "target": state.target,
        }
        if player is not None:
            view["my_bid"] = state.bids[player]
        return view

    def outcome(self, state: DashState) -> Outcome | None:
        if state.phase != "over":
            return None
        scores = {p: float(pos) for p, pos in enumerate(state.positions)}
        return Outcome(ranking=rank_by_score(scores), scores=scores, reason="finish")

    def timeout_action(self, state: DashState, player: int) -> Action:
        if state.phase == "dare":
            return Action("decline")
        return Action("bid:0") if state.phase == "bid" else Action("pass")

    def dump(self, state: DashState) -> dict[str, Any]:
        return {
            "schema": 1,
            "players": state.players,
            "target": state.target,
            "turns": state.turns,
            "rng": state.rng,
            "phase": state.phase,
            "bids": list(state.bids),
            "positions": list(state.positions),
            "turn": state.turn,
            "turns_played": state.turns_played,
            # Written only while a dare is open, so snapshots of older fixtures stay byte-identical.
            **({"dared": state.dared} if state.dared is not None else {}),
        }

    def load(self, data: dict[str, Any]) -> DashState:
        return DashState(
            players=data["players"],
            target=data["target"],
            turns=data["turns"],
            rng=data["rng"],
            phase=data["phase"],
            bids=tuple(data["bids"]),
            positions=tuple(data["positions"]),
            turn=data["turn"],
            turns_played=data["turns_played"],
            dared=data.get("dared"),
        )


GAME = GnomeDash()


def resolve(name: str) -> Game[Any]:
    """Game resolver for the service in tests: the toy game plus the real registry."""
    from engine import registry

    return GAME if name == GAME.name else registry.get(name)


def names() -> list[str]:
    """Game names for the service in tests."""
    from engine import registry

    return [GAME.name, *registry.names()]
