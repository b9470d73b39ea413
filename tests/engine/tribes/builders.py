"""A TribesState holding only the listed armies (spec §19 notation), and a Phase 4 driver for tests.

`build({"golden_fields": "M:4", "wheatburg": "P:2"}, hands={"M": ["battering_gnomram#1"]})` seats the
four tribes as players 0-3 (P plains, M mountain, K marsh, S swamp); each city in play is controlled
by its tribe (vacant unless listed). `act` applies one Phase 4 decision like the game does (clone,
apply, run on), without handing the turn to the next player.
"""

from __future__ import annotations

from typing import Any

from engine.core.actions import Action
from engine.core.errors import IllegalAction
from engine.core.events import Event
from engine.core.game import not_offered
from engine.tribes.board import load_board
from engine.tribes.state import Area, Options, Player, TribesState, clone
from engine.tribes.war import WAR_PHASES, start_step
from engine.tribes.war.view import war_view
from engine.tribes.war_state import BattleRecord, War

LETTERS = {"P": "plains", "M": "mountain", "K": "marsh", "S": "swamp"}


def build(
    armies: dict[str, str],
    *,
    tribes: str = "PMKS",
    hands: dict[str, list[str]] | None = None,
    controllers: dict[str, str | None] | None = None,
    gnomicide: bool = False,
    turn: int = 5,
    vp: dict[str, int] | None = None,
) -> TribesState:
    """The state with only `armies` (territory -> "X:n") on the board, players in the order of `tribes`."""
    board = load_board()
    players = [Player(tribe=LETTERS[letter]) for letter in tribes]
    index = {letter: i for i, letter in enumerate(tribes)}
    areas = {t: Area() for t in board.order}
    for tribe in board.tribe_order:
        letter = next(k for k, v in LETTERS.items() if v == tribe)
        if letter in index:
            areas[board.city_of(tribe)].controller = index[letter]
    for territory, spec in armies.items():
        letter, _, count = spec.partition(":")
        areas[territory] = Area(controller=index[letter], armies=int(count))
    for territory, owner in (controllers or {}).items():
        areas[territory].controller = None if owner is None else index[owner]
    for letter, cards in (hands or {}).items():
        players[index[letter]].hand = list(cards)
    for letter, points in (vp or {}).items():
        players[index[letter]].vp = points
    return TribesState(
        player_count=len(players), seed=1, rng=1, options=Options(gnomicide=gnomicide), players=players,
        seat_order=list(range(len(players))), areas=areas, deck=[], turn=turn, phase="war_start",
    )


def who(state: TribesState, letter: str) -> int:
    """The player index of the tribe `letter`."""
    return next(i for i, p in enumerate(state.players) if p.tribe == LETTERS[letter])


def war_of(state: TribesState) -> War:
    """The war step under way in `state`; fails the test when there is none."""
    assert state.war is not None, "no war step is under way"
    return state.war


def battle_of(state: TribesState) -> BattleRecord:
    """The last battle fought in `state`; fails the test when none has been."""
    assert state.last_battle is not None, "no battle has been fought"
    return state.last_battle


def public_war(state: TribesState) -> dict[str, Any]:
    """The public view of the war step under way in `state`; fails the test outside a war step."""
    view = war_view(state)
    assert view is not None, "no war step is under way"
    return view


def start(state: TribesState, letter: str) -> tuple[TribesState, list[Event]]:
    """A copy of `state` with the Phase 4 step of `letter` begun (and run to its first decision)."""
    new = clone(state)
    events: list[Event] = []
    start_step(new, who(new, letter), events)
    return new, events


def waiting(state: TribesState) -> list[int]:
    """Who must decide now in the war step ([] once it is over)."""
    rules = WAR_PHASES.get(state.phase)
    return [] if rules is None else rules.waiting(state)


def legal_ids(state: TribesState, player: int) -> list[str]:
    """The ids `player` is offered now."""
    rules = WAR_PHASES.get(state.phase)
    return [] if rules is None else [a.id for a in rules.legal(state, player)]


def act(state: TribesState, player: int, action_id: str) -> tuple[TribesState, list[Event]]:
    """Apply one offered action like GAME.apply (input untouched); IllegalAction with the phase's reason."""
    rules = WAR_PHASES[state.phase]
    if player not in rules.waiting(state):
        raise IllegalAction("It is not your turn.", "E_NOT_YOUR_TURN")
    legal = rules.legal(state, player)
    action = Action(action_id)
    if action not in legal and not action_id.startswith(rules.typed_prefixes):
        rules.apply(clone(state), player, action, [])
        raise not_offered(legal)
    new = clone(state)
    events: list[Event] = []
    rules.apply(new, player, action, events)
    return new, events


def play(state: TribesState, letter: str, *action_ids: str) -> tuple[TribesState, list[Event]]:
    """Apply several actions of the tribe `letter` in a row; all their events."""
    player = who(state, letter)
    events: list[Event] = []
    for action_id in action_ids:
        state, more = act(state, player, action_id)
        events += more
    return state, events


def finish(state: TribesState) -> tuple[TribesState, list[Event]]:
    """Play every remaining decision with its timeout default until the step is over."""
    events: list[Event] = []
    while waiting(state):
        player = waiting(state)[0]
        state, more = act(state, player, WAR_PHASES[state.phase].timeout(state, player).id)
        events += more
    return state, events


def armies_at(state: TribesState, territory: str) -> tuple[str | None, int]:
    """(tribe letter of the controller or None, armies) of `territory`."""
    area = state.areas[territory]
    if area.controller is None:
        return None, area.armies
    tribe = state.players[area.controller].tribe
    return next(k for k, v in LETTERS.items() if v == tribe), area.armies


def play_game(state: TribesState, letter: str, *action_ids: str) -> tuple[TribesState, list[Event]]:
    """Like `play`, through the registered game's `apply` (pending check, clone, the turn flow after)."""
    from engine.tribes import GAME

    player = who(state, letter)
    events: list[Event] = []
    for action_id in action_ids:
        state, more = GAME.apply(state, player, Action(action_id))
        events += more
    return state, events


def flak_choice() -> Any:
    """A Gnomflak of capacity 2 against three flying cards, its owner to choose what it shoots: random games
    seldom bring one, so it is built."""
    s = build({"golden_fields": "P:4", "cloud_crags": "M:1", "forest": "K:1"},
              hands={"P": ["gnomflak#1"], "M": ["gnomcopter#1", "gnomglider#1"], "K": ["gnomballoon#1"]})
    s, _ = start(s, "P")
    s, _ = play(s, "P", "plan:from:golden_fields", "plan:ground", "plan:to:cloud_crags", "plan:n:1",
                "plan:from:golden_fields", "plan:ground", "plan:to:forest", "plan:n:1", "confirm",
                "card:play:gnomflak#1", "confirm")
    s, _ = play(s, "M", "card:play:gnomglider#1", "card:play:gnomcopter#1", "card:nolift", "card:nolift", "confirm")
    s, _ = play(s, "K", "card:play:gnomballoon#1", "card:nolift", "confirm")
    return s
