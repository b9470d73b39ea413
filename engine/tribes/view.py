"""What each player (or a spectator) may see of a game of Gnome Tribes (spec §15, R-T41).

Public view, `view(state, None)`::

    {"game": "tribes", "players": n, "round": turn, "pending": [p…], "factions": {"0": "Plains Gnomes", …},
     "faction_ids": {"0": ["plains"], …},
     "turn": t, "phase": "<phase name>", "phase_label": "Turn 6 · Phase 4: wars (Plains Gnomes)",
     "turn_order": [p…], "active": p | None,
     "tribes": {"0": "plains", …},
     "territories": {tid: {"controller": p | None, "armies": n, "moved": m}},   # every territory
     "seats": [{"player": p, "tribe": "plains", "name": "Plains Gnomes", "colour": "#d9b22b", "vp": n,
                "hand_size": n, "bills": {"research": c, "espionage": c, "assassination": c, "guards": c},
                "armies": n, "territories": n}],   # in seat order
     "deck_size": n, "gnompax": {"out": bool, "turn": N | None, "forced": bool},
     "goal": g | None, "goal_name": "Gnome of Glory" | None, "turns_left": k | None,
     "war": None | engine.tribes.war.war_view(state),
     "last_battle": None | {"attacker": p, "defender": p | None, "source": t, "target": t, "supports": [t…],
                            "result": "…", + every other field of war_state.BattleRecord},
     "vote": None | {"ballots": [{"player": p, "goal": g | None, "votes": v}], "result": g | None, "revote": bool},
     "winners": [p…] | None}

`view(state, p)` adds "you": {"player", "purse", "zeros", "posts": {post: [bills…]}, "hand": [{"id", "name",
"kind"}], "draft": [plain sentences], "draft_said": [each sentence as a stored phrase, engine.core.phrases
`Phrase.to_json`, so that a front end says it in its reader's language]}. Once the game is over every player's
secrets are public: the public view then carries "revealed": {"<p>": the same shape as "you"} (§12.4).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.core import state_tree
from engine.tribes import phases
from engine.tribes.board import load_board
from engine.tribes.cards import card_of
from engine.tribes.common import GOAL_NAMES, army_total, controlled, tribe_name
from engine.tribes.flow import ECONOMY_PHASES, PHASE_TABLE
from engine.tribes.goals import COUNTDOWN, outcome, votes_of
from engine.tribes.state import POSTS, TribesState

NO_COLOUR = "#888888"


def _war_view() -> Callable[[TribesState], Any] | None:
    """The war package's view of the running Phase 4 step, when it offers one."""
    from engine.tribes import war

    return getattr(war, "war_view", None)


def pending_players(state: TribesState) -> list[int]:
    """Players who must act now, in the order they are asked."""
    rules = PHASE_TABLE.get(state.phase)
    return [] if rules is None else rules.waiting(state)


def phase_label(state: TribesState) -> str:
    """"Turn 6 · Phase 4: wars (Plains Gnomes)"."""
    if state.phase == phases.TRIBE:
        return "Setup · choosing tribes"
    if state.phase == phases.FINISHED:
        return f"Game over after turn {state.turn}"
    if state.war is not None and state.phase in PHASE_TABLE and state.phase not in ECONOMY_PHASES:
        return f"Turn {state.turn} · Phase 4: wars ({tribe_name(state, state.war.active)})"
    rules = PHASE_TABLE.get(state.phase)
    label = rules.label if rules is not None and rules.label else "Phase 4: wars"
    return f"Turn {state.turn} · {label}"


def public_view(state: TribesState) -> dict[str, Any]:
    """Everything everyone may see: no purse, hand, post value, zero count, sealed order or deck order."""
    board = load_board()
    seats = []
    for p in state.seat_order:
        player = state.players[p]
        tribe = player.tribe
        seats.append({
            "player": p, "tribe": tribe, "name": tribe_name(state, p),
            "colour": board.tribes[tribe].colour if tribe else NO_COLOUR,
            "vp": player.vp, "hand_size": len(player.hand),
            "bills": {post: len(player.posts[post]) for post in POSTS},
            "armies": army_total(state, p), "territories": len(controlled(state, p)),
        })
    war_view = _war_view()
    active = state.war.active if state.war is not None and state.phase not in ECONOMY_PHASES else None
    vote = state.vote
    result = outcome(state)
    view: dict[str, Any] = {
        "game": "tribes",
        "players": state.player_count,
        "round": state.turn,
        "pending": pending_players(state),
        "factions": {str(p): tribe_name(state, p) for p in range(state.player_count)},
        "faction_ids": {str(p): [pl.tribe] for p, pl in enumerate(state.players) if pl.tribe},
        "turn": state.turn,
        "phase": state.phase,
        "phase_label": phase_label(state),
        "turn_order": state.turn_order(),
        "active": active,
        "tribes": {str(p): state.players[p].tribe for p in range(state.player_count)},
        "territories": {t: {"controller": a.controller, "armies": a.armies, "moved": a.moved}
                        for t, a in state.areas.items()},
        "seats": seats,
        "deck_size": len(state.deck),
        "gnompax": {"out": state.gnompax_turn is not None, "turn": state.gnompax_turn,
                    "forced": state.gnompax_forced},
        "goal": state.goal,
        "goal_name": GOAL_NAMES[state.goal] if state.goal is not None else None,
        "turns_left": (state.gnompax_turn + COUNTDOWN - state.turn) if state.gnompax_turn is not None else None,
        "war": war_view(state) if war_view is not None and state.war is not None else None,
        # the design's keys (attacker, defender, source, target, supports, result) plus the war's extra details
        "last_battle": None if state.last_battle is None else state_tree.dump(state.last_battle),
        "vote": None if vote is None else {
            "ballots": [{"player": p, "goal": vote.ballots.get(p), "votes": votes_of(state, p)}
                        for p in vote.order if p in vote.ballots or p in vote.abstained],
            "result": vote.result, "revote": vote.revote,
        },
        "winners": None if result is None else list(result.winners),
    }
    if result is not None:
        view["revealed"] = {str(p): secrets(state, p) for p in range(state.player_count)}  # §12.4
    return view


def secrets(state: TribesState, player: int) -> dict[str, Any]:
    """`player`'s hidden values: purse, 0-GG bills in hand, post contents and hand."""
    me = state.players[player]
    return {
        "player": player, "purse": me.purse, "zeros": me.zeros,
        "posts": {post: list(me.posts[post]) for post in POSTS},
        "hand": [{"id": c, "name": card_of(c).name, "kind": card_of(c).kind} for c in me.hand],
    }


def player_view(state: TribesState, player: int) -> dict[str, Any]:
    """The public view plus `player`'s own secrets under "you"."""
    from engine.tribes import words
    from engine.tribes.describe import draft_said

    view = public_view(state)
    if 0 <= player < state.player_count:
        mine = secrets(state, player)
        said = draft_said(state, player)
        mine["draft"] = words.english(said)
        mine["draft_said"] = [p.to_json() for p in words.phrases(said)]
        view["you"] = mine
    return view
