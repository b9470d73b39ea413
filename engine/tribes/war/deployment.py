"""Deployment (§8.10, R-T36, R-T37): the active player's ordered moves, each applied at once.

Each move: from → to (a neighbour, or anywhere by air: one air move per air card in hand) → count.
Only unturned armies move; every moved army is turned. +2 VP entering a free territory, −2 VP when
the last army leaves a non-city territory, scored move by move. `dep:end` ends the step.
"""

from __future__ import annotations

from engine.core.actions import UNDO_ID, Action
from engine.core.errors import IllegalAction, Problem
from engine.core.events import Event, public_event
from engine.core.phrases import Phrase, listed, phrase
from engine.tribes import words
from engine.tribes.cards import AIR, card_of
from engine.tribes.state import TribesState
from engine.tribes.war import ids
from engine.tribes.war.common import (
    MENU_ROOM,
    ZONE_WORDS,
    ZONES,
    Side,
    armies,
    board,
    capacity,
    is_city,
    own_armies,
    place,
    score,
    signed,
    war_of,
    zone_of,
)
from engine.tribes.war_state import War

PREFIX = "dep"
ENTER_VP = 2  # R-T36
ABANDON_VP = -2


def unmoved(state: TribesState, player: int, territory: str) -> int:
    """`player`'s armies in `territory` that have not moved this step."""
    return own_armies(state, player, territory) - (state.areas[territory].moved if own_armies(
        state, player, territory) else 0)


def has_unmoved(state: TribesState, player: int) -> bool:
    """Whether `player` still has an army that may move."""
    return any(unmoved(state, player, t) > 0 for t in board().order)


def air_moves_left(state: TribesState, war: War) -> int:
    """Air moves still allowed: one per air card in hand (R-T37; the Gnomsub gives none, R-T27)."""
    held = sum(1 for c in state.players[war.active].hand if card_of(c).kind == AIR)
    return max(0, held - war.air_moves)


def source_problem(state: TribesState, war: War, territory: str) -> Problem | None:
    """Why no army may leave `territory` now, or None."""
    if own_armies(state, war.active, territory) == 0:
        return Problem(f"You have no armies in {place(territory)}.",
                       phrase("refuse.no-armies-in", place=words.place(territory)))
    if unmoved(state, war.active, territory) == 0:
        return Problem(f"Every army in {place(territory)} has already moved this turn (turned armies stay).",
                       phrase("refuse.deploy-all-moved", place=words.place(territory)))
    return None


def destination_problem(state: TribesState, war: War, source: str, target: str, by_air: bool) -> Problem | None:
    """Why armies of `source` cannot go to `target` (step or air move), or None."""
    area = state.areas[target]
    to = words.place(target)
    if target == source:
        return Problem("Choose another territory.", phrase("refuse.deploy-same-territory"))
    if area.controller not in (None, war.active):
        if area.armies:
            # The English message keeps its lowered tribe name; the phrase names the tribe as the catalog does.
            return Problem(f"{place(target)} is held by {Side(state, area.controller).lower()}: attack it in your "
                           "plan.", phrase("refuse.deploy-enemy-held", place=to,
                                           side=words.side(state, area.controller)))
        return Problem(f"{place(target)} is an enemy city: a vacant enemy city can only be taken by attack.",
                       phrase("refuse.deploy-enemy-city", place=to))
    if area.armies >= capacity(target):
        return Problem(f"{place(target)} is full (5 armies at most, 1 on the Gnomlab).",
                       phrase("refuse.deploy-full", place=to))
    if by_air:
        if air_moves_left(state, war) == 0:
            return Problem("You have no air move left: one per air card in your hand (the Gnomsub gives none).",
                           phrase("refuse.air-move-left-per-air"))
        if board().is_adjacent(source, target):  # G-T11
            return Problem(f"{place(target)} borders {place(source)}: step there and keep your air move.",
                           phrase("refuse.deploy-air-neighbour", place=to, source=words.place(source)))
    elif not board().is_adjacent(source, target):
        return Problem(f"{place(target)} does not border {place(source)}: one step per move (an air card flies "
                       "anywhere).", phrase("refuse.deploy-not-neighbour", place=to, source=words.place(source)))
    return None


def _destinations(state: TribesState, war: War, source: str) -> list[tuple[str, bool]]:
    result = []
    for t in board().order:
        if destination_problem(state, war, source, t, False) is None:
            result.append((t, False))
        elif destination_problem(state, war, source, t, True) is None:
            result.append((t, True))  # G-T11: only beyond the neighbours
    return result


def _can_leave(state: TribesState, war: War, source: str) -> bool:
    """Whether armies of `source` have somewhere to go (a neighbour first: the usual case is cheap)."""
    if any(destination_problem(state, war, source, t, False) is None for t in board().adjacent(source)):
        return True
    return air_moves_left(state, war) > 0 and bool(_destinations(state, war, source))


def waiting(state: TribesState) -> list[int]:
    """The active player."""
    return [state.war.active] if state.war is not None else []


def prompt(state: TribesState, player: int) -> str:
    """The question put to the active player."""
    return "Deploy your armies (each army moves once), then end your deployment."


def prompt_phrase(state: TribesState, player: int) -> Phrase:
    """`prompt` as catalog words."""
    return phrase("prompt.deploy")


def legal(state: TribesState, player: int) -> list[Action]:
    """One step of the next move, or the end."""
    war = state.war
    if war is None or player != war.active:
        return []
    path = war.path
    actions: list[Action] = []
    if not path:
        for t in board().order:
            if source_problem(state, war, t) is None and _can_leave(state, war, t):
                actions.append(Action(ids.territory_id(PREFIX, "from", t),
                                      f"Move from {place(t)} ({unmoved(state, war.active, t)} unmoved)",
                                      phrase=phrase("label.deploy-from", place=words.place(t),
                                                    unmoved=unmoved(state, war.active, t))))
        actions.append(Action(ids.word_id(PREFIX, "end"), "End the deployment", phrase=phrase("label.deploy-end")))
        return actions
    if len(path) == 1:
        reach = _destinations(state, war, path[0])
        steps = [t for t, by_air in reach if not by_air]
        flights = [t for t, by_air in reach if by_air]
        actions.extend(Action(ids.territory_id(PREFIX, "to", t), f"Step to {place(t)}",
                              phrase=phrase("label.deploy-step", place=words.place(t))) for t in steps)
        if len(steps) + len(flights) > MENU_ROOM:  # too many for one menu: choose the terrain first
            for zone in ZONES:
                if any(zone_of(t) == zone for t in flights):
                    actions.append(Action(ids.zone_id(PREFIX, "fly", zone), f"Fly to {ZONE_WORDS[zone]}…",
                                          phrase=phrase("label.deploy-fly-zone", zone=words.zone(zone))))
        else:
            actions.extend(Action(ids.territory_id(PREFIX, "air", t), f"Fly to {place(t)}",
                          phrase=phrase("label.deploy-fly", place=words.place(t))) for t in flights)
    elif path[1] == "fly":
        for t, by_air in _destinations(state, war, path[0]):
            if by_air and zone_of(t) == path[2]:
                actions.append(Action(ids.territory_id(PREFIX, "air", t), f"Fly to {place(t)}",
                          phrase=phrase("label.deploy-fly", place=words.place(t))))
    else:
        room = capacity(path[2]) - state.areas[path[2]].armies
        most = min(unmoved(state, war.active, path[0]), room)
        actions.extend(Action(ids.number_id(PREFIX, "n", n), f"Move {armies(n)}",
                              phrase=phrase("label.deploy-move", armies=words.armies(n))) for n in range(1, most + 1))
    actions.append(Action(UNDO_ID, "Undo this step", phrase=phrase("label.undo-step")))
    actions.append(Action(ids.word_id(PREFIX, "end"), "End the deployment",
                          phrase=phrase("label.deploy-end")))  # the timeout, always legal
    return actions


def shortcuts(state: TribesState, player: int) -> list[Action]:
    """Once a source is chosen: "All 3 armies step to X", one tap for each neighbour with room for all."""
    war = state.war
    if war is None or player != war.active or len(war.path) != 1:
        return []
    source = war.path[0]
    count = unmoved(state, player, source)
    return [
        Action(ids.territory_id(PREFIX, "all", t), f"All {armies(count)} step to {place(t)}",
               phrase=phrase("label.deploy-all", n=count, place=words.place(t)))
        for t, by_air in _destinations(state, war, source)
        if not by_air and capacity(t) - state.areas[t].armies >= count
    ]


def timeout(state: TribesState, player: int) -> Action:
    """§15.1: end the deployment."""
    return Action(ids.word_id(PREFIX, "end"), "End the deployment", phrase=phrase("label.deploy-end"))


def describe(state: TribesState, player: int) -> list[str]:
    """The move being chosen, and the air moves left."""
    return words.english(describe_said(state, player))


def describe_phrases(state: TribesState, player: int) -> list[Phrase]:
    """`describe`'s lines as catalog phrases."""
    return words.phrases(describe_said(state, player))


def describe_said(state: TribesState, player: int) -> list[words.Said]:
    """`describe`'s lines, each with its phrase."""
    war = state.war
    if war is None or player != war.active:
        return []
    lines: list[words.Said] = []
    if war.path:
        path = war.path
        source = words.place(path[0])
        step = f"Moving from {place(path[0])}"
        if path[1:2] == ["fly"]:
            step += f" by air to {ZONE_WORDS[path[2]]}"
            said = phrase("deploy.draft-fly", source=source, zone=words.zone(path[2]))
        elif len(path) > 2:
            step += f" {'by air ' if path[1] == 'air' else ''}to {place(path[2])}"
            target = words.place(path[2])
            said = (phrase("deploy.draft-air", source=source, target=target) if path[1] == "air" else
                    phrase("deploy.draft-move", source=source, target=target))
        else:
            said = phrase("deploy.draft-from", source=source)
        lines.append((step + ".", said))
    left = air_moves_left(state, war)
    if left:
        lines.append((f"Air moves left: {left}.", phrase("deploy.draft-air-left", moves=left)))
    return lines


def apply(state: TribesState, player: int, action: Action, events: list[Event]) -> None:
    """One deployment step; the count step makes the move at once."""
    war = war_of(state)
    if player != war.active:
        raise IllegalAction("It is not your deployment.", "E_NOT_YOUR_TURN", phrase=phrase("refuse.not-deployment"))
    path = war.path
    match ids.parse(action.id):
        case ids.Word(prefix="dep", word="end"):
            path.clear()
            war.path.append("end")
        case ids.Undo():
            if not path:  # G-T10: a made move was scored and shown; only the move being chosen steps back
                raise IllegalAction("A move already made stays made; there is nothing to undo.", "E_NOTHING_TO_UNDO",
                                    phrase=phrase("refuse.move-already-made-stays-made"))
            del path[1 if len(path) > 1 else 0:]
        case ids.Territory(prefix="dep", verb="from", territory=t) if not path:
            problem = source_problem(state, war, t)
            if problem:
                raise problem.refusal("E_DEPLOY")
            path.append(t)
        case ids.Zone(prefix="dep", verb="fly", zone=zone) if len(path) == 1:
            if air_moves_left(state, war) == 0:
                raise IllegalAction("You have no air move left: one per air card in your hand (the Gnomsub gives "
                                    "none).", "E_DEPLOY", phrase=phrase("refuse.air-move-left-per-air"))
            path.extend(["fly", zone])
        case ids.Territory(prefix="dep", verb=("to" | "air") as verb, territory=t) if len(path) == 1 or (
            verb == "air" and path[1:2] == ["fly"]
        ):
            problem = destination_problem(state, war, path[0], t, verb == "air")
            if problem is None and path[1:2] == ["fly"] and zone_of(t) != path[2]:
                problem = Problem(f"Choose a territory that is {ZONE_WORDS[path[2]]}, or undo.",
                                  phrase("refuse.choose-in-zone", zone=words.zone(path[2])))
            if problem:
                raise problem.refusal("E_DEPLOY")
            del path[1:]
            path.extend([verb, t])
        case ids.Number(prefix="dep", verb="n", value=n) if len(path) == 3 and path[1] != "fly":
            room = capacity(path[2]) - state.areas[path[2]].armies
            most = min(unmoved(state, war.active, path[0]), room)
            if not 1 <= n <= most:
                raise IllegalAction(f"Move between 1 and {armies(most)} (unmoved armies, room at the destination).",
                                    "E_BAD_COUNT", phrase=phrase("refuse.deploy-count", armies=words.armies(most)))
            move(state, war, path[0], path[2], n, path[1] == "air", events)
            path.clear()
        case ids.Territory(prefix="dep", verb="all", territory=t) if len(path) == 1:
            problem = destination_problem(state, war, path[0], t, False)
            count = unmoved(state, war.active, path[0])
            if problem is None and capacity(t) - state.areas[t].armies < count:
                problem = Problem(f"{place(t)} has no room for all {armies(count)}: choose how many.",
                                  phrase("refuse.deploy-no-room-all", place=words.place(t),
                                         armies=words.armies(count)))
            if problem:
                raise problem.refusal("E_DEPLOY")
            move(state, war, path[0], t, count, False, events)
            path.clear()
        case ids.Territory(prefix="dep", verb="from", territory=t):
            raise IllegalAction("Finish or undo the move you are choosing first.", "E_WRONG_STEP",
                                phrase=phrase("refuse.finish-undo-move-choosing"))
        case _:
            raise IllegalAction("Choose where to move from, then where to, then how many; or end the deployment.",
                                "E_WRONG_STEP", phrase=phrase("refuse.choose-where-move-where-how"))


def move(state: TribesState, war: War, source: str, target: str, count: int, by_air: bool,
         events: list[Event]) -> None:
    """Make one move: turn the armies, score entering a free territory and leaving one empty (R-T36)."""
    player = war.active
    src, dst = state.areas[source], state.areas[target]
    src.armies -= count
    entered_free = dst.controller is None
    dst.armies += count
    dst.moved += count
    dst.controller = player
    if by_air:
        war.air_moves += 1
    delta = 0
    notes = []
    said_notes: list[Phrase] = []
    if src.armies == 0 and not is_city(source):
        src.controller = None  # a vacant land territory or Gnomlab is free; a city stays its controller's
        src.moved = 0
        delta += ABANDON_VP
        notes.append(f"{place(source)} left empty")
        said_notes.append(phrase("reason.left-empty", place=words.place(source)))
    if entered_free:
        delta += ENTER_VP
        notes.append(f"{place(target)} invested")
        said_notes.append(phrase("reason.invested", place=words.place(target)))
    if src.armies == 0:
        src.moved = 0
    how = "fly" if by_air else "move"
    text = f"{Side(state, player)} {how} {armies(count)} from {place(source)} to {place(target)}"
    tribe, moved = words.tribe(state, player), words.armies(count)
    origin, goal = words.place(source), words.place(target)
    said = (phrase("deploy.fly", tribe=tribe, armies=moved, source=origin, target=goal) if by_air else
            phrase("deploy.move", tribe=tribe, armies=moved, source=origin, target=goal))
    if delta or notes:
        score(state, player, delta)
        # Leaving one territory for another cancels out: "0 VP" would read as a score of nothing.
        worth = f"{signed(delta)} VP" if delta else "VP unchanged"
        text += f": {worth} ({', '.join(notes)})"
        vp, why = words.vp(delta), listed(said_notes)
        said = (phrase("deploy.fly-scored", tribe=tribe, armies=moved, source=origin, target=goal, vp=vp, notes=why)
                if by_air else
                phrase("deploy.move-scored", tribe=tribe, armies=moved, source=origin, target=goal, vp=vp, notes=why))
    events.append(public_event(text + ".", "war_deploy", phrase=said, player=player, source=source, target=target,
                               count=count, air=by_air, vp=delta))


def ended(war: War) -> bool:
    """Whether the active player ended his deployment."""
    return war.path == ["end"]
