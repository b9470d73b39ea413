"""Retreat (§8.8, R-T33): the beaten defender places his armies next door; overflow is destroyed.

Draft for the defender: destination → count, until every army that finds room is placed; then
confirm. Automatic when forced (total room ≤ armies, or a single destination with room).
"""

from __future__ import annotations

from engine.core.actions import CONFIRM_ID, UNDO_ID, Action
from engine.core.errors import IllegalAction, Problem
from engine.core.events import Event
from engine.core.phrases import Phrase, phrase
from engine.tribes import words
from engine.tribes.board import GNOMLAB
from engine.tribes.state import MAX_STACK, TribesState
from engine.tribes.war import ids
from engine.tribes.war.common import armies, attack_by_id, board, own_armies, place, unresolved_targets, war_of
from engine.tribes.war_state import RETREATING, Attack, War

PREFIX = "ret"


def current(war: War) -> Attack | None:
    """The attack whose defender is retreating now."""
    if war.cursor >= len(war.order):
        return None
    attack = attack_by_id(war, war.order[war.cursor])
    return attack if attack is not None and attack.stage == RETREATING else None


def destination_problem(state: TribesState, war: War, attack: Attack, territory: str) -> Problem | None:
    """Why the defender of `attack` cannot retreat into `territory`, or None (R-T33)."""
    defender = attack.defender
    if not board().is_adjacent(territory, attack.target):
        return Problem(f"{place(territory)} does not border {place(attack.target)}.",
                       phrase("refuse.retreat-not-neighbour", place=words.place(territory),
                              target=words.place(attack.target)))
    if territory == GNOMLAB:
        return Problem("Nobody can retreat into the Gnomlab.", phrase("refuse.retreat-gnomlab"))
    if defender is None or own_armies(state, defender, territory) == 0:
        return Problem("You can only retreat into a territory where you already have armies.",
                       phrase("refuse.retreat-own-only"))
    if territory in unresolved_targets(war):
        return Problem(f"{place(territory)} is under an attack not resolved yet: no retreat there.",
                       phrase("refuse.retreat-under-attack", place=words.place(territory)))
    return None


def room(state: TribesState, war: War, attack: Attack, territory: str) -> int:
    """How many more retreating armies `territory` can take (5 at most in all, §10)."""
    if destination_problem(state, war, attack, territory) is not None:
        return 0
    return max(0, MAX_STACK - state.areas[territory].armies - war.retreat.get(territory, 0))


def _rooms(state: TribesState, war: War, attack: Attack) -> dict[str, int]:
    saved, war.retreat = war.retreat, {}
    try:
        return {t: r for t in board().order if (r := room(state, war, attack, t)) > 0}
    finally:
        war.retreat = saved


def required(state: TribesState, war: War, attack: Attack) -> int:
    """How many armies must be placed: all of them, or as many as the room allows."""
    return min(state.areas[attack.target].armies, sum(_rooms(state, war, attack).values()))


def forced(state: TribesState, war: War, attack: Attack) -> bool:
    """Whether the retreat leaves no choice (§15.1)."""
    rooms = _rooms(state, war, attack)
    return sum(rooms.values()) <= state.areas[attack.target].armies or len(rooms) <= 1


def fill_default(state: TribesState, war: War, attack: Attack) -> None:
    """Place the armies still to place into destinations in board order (the default)."""
    left = required(state, war, attack) - sum(war.retreat.values())
    war.path.clear()
    for territory in board().order:
        if left <= 0:
            break
        n = min(left, room(state, war, attack, territory))
        if n > 0:
            war.retreat[territory] = war.retreat.get(territory, 0) + n
            left -= n


def waiting(state: TribesState) -> list[int]:
    """The retreating defender."""
    war = state.war
    attack = current(war) if war is not None else None
    return [attack.defender] if attack is not None and attack.defender is not None else []


def prompt(state: TribesState, player: int) -> str:
    """The question put to the defender."""
    war = war_of(state)
    attack = current(war)
    where = place(attack.target) if attack else "your territory"
    return f"Retreat your armies from {where}."


def prompt_phrase(state: TribesState, player: int) -> Phrase:
    """`prompt` as catalog words."""
    attack = current(war_of(state))
    return phrase("prompt.retreat", place=words.place(attack.target)) if attack else phrase("prompt.retreat-home")


def legal(state: TribesState, player: int) -> list[Action]:
    """One step of the retreat draft."""
    if player not in waiting(state):
        return []
    war = war_of(state)
    attack = current(war)
    assert attack is not None
    placed = sum(war.retreat.values())
    need = required(state, war, attack)
    actions: list[Action] = []
    if not war.path:
        if placed < need:
            for t, r in _rooms_now(state, war, attack).items():
                actions.append(Action(ids.territory_id(PREFIX, "to", t), f"Retreat to {place(t)} (room for {r})",
                                      phrase=phrase("label.retreat-to", place=words.place(t), room=r)))
        else:
            actions.append(Action(CONFIRM_ID, "Confirm this retreat", phrase=phrase("label.confirm-retreat")))
    else:
        most = min(need - placed, room(state, war, attack, war.path[0]))
        actions.extend(Action(ids.number_id(PREFIX, "n", n), armies(n),
                              phrase=phrase("label.armies", armies=words.armies(n))) for n in range(1, most + 1))
    if war.path or war.retreat:
        actions.append(Action(UNDO_ID, "Undo this step", phrase=phrase("label.undo-step")))
    actions.append(Action(ids.word_id(PREFIX, "auto"), "Retreat in the default order",
                          phrase=phrase("label.retreat-auto")))
    return actions


def _rooms_now(state: TribesState, war: War, attack: Attack) -> dict[str, int]:
    return {t: r for t in board().order if (r := room(state, war, attack, t)) > 0}


def timeout(state: TribesState, player: int) -> Action:
    """§15.1: fill destinations in board order."""
    return Action(ids.word_id(PREFIX, "auto"), "Retreat in the default order", phrase=phrase("label.retreat-auto"))


def describe(state: TribesState, player: int) -> list[str]:
    """The retreat placed so far."""
    return words.english(describe_said(state, player))


def describe_phrases(state: TribesState, player: int) -> list[Phrase]:
    """`describe`'s lines as catalog phrases."""
    return words.phrases(describe_said(state, player))


def describe_said(state: TribesState, player: int) -> list[words.Said]:
    """`describe`'s lines, each with its phrase."""
    war = state.war
    if war is None or player not in waiting(state):
        return []
    return [(f"Retreat {armies(n)} to {place(t)}.",
             phrase("retreat.draft", armies=words.armies(n), place=words.place(t))) for t, n in war.retreat.items()]


def apply(state: TribesState, player: int, action: Action, events: list[Event]) -> None:
    """One step of the retreat draft; confirming (or the default) settles it (the war driver moves on)."""
    if player not in waiting(state):
        raise IllegalAction("You have no retreat to make now.", "E_NOT_YOUR_TURN", phrase=phrase("refuse.retreat-make"))
    war = war_of(state)
    attack = current(war)
    assert attack is not None
    placed = sum(war.retreat.values())
    need = required(state, war, attack)
    match ids.parse(action.id):
        case ids.Undo():
            if war.path:
                war.path.clear()
            elif war.retreat:
                war.retreat.popitem()
            else:
                raise IllegalAction("There is nothing to undo.", "E_NOTHING_TO_UNDO",
                                    phrase=phrase("refuse.there-nothing-undo"))
        case ids.Word(prefix="ret", word="auto"):
            fill_default(state, war, attack)
            war.path.append("done")
        case ids.Confirm():
            if war.path or placed < need:
                raise IllegalAction(f"Armies may only be lost when no room remains: place {armies(need - placed)} "
                                    "more.", "E_RETREAT",
                                    phrase=phrase("refuse.retreat-more", armies=words.armies(need - placed)))
            war.path.append("done")
        case ids.Territory(prefix="ret", verb="to", territory=t) if not war.path:
            problem = destination_problem(state, war, attack, t)
            if problem is None and room(state, war, attack, t) == 0:
                problem = Problem(f"{place(t)} is full (5 armies at most).",
                                  phrase("refuse.retreat-full", place=words.place(t)))
            if problem is None and placed >= need:
                problem = Problem("Every army that can retreat is placed: confirm.", phrase("refuse.retreat-placed"))
            if problem:
                raise problem.refusal("E_RETREAT")
            war.path.append(t)
        case ids.Number(prefix="ret", verb="n", value=n) if len(war.path) == 1:
            most = min(need - placed, room(state, war, attack, war.path[0]))
            if not 1 <= n <= most:
                raise IllegalAction(f"Choose between 1 and {most} armies.", "E_BAD_COUNT",
                                    phrase=phrase("refuse.retreat-count", n=most))
            war.retreat[war.path[0]] = war.retreat.get(war.path[0], 0) + n
            war.path.clear()
        case _:
            raise IllegalAction("Choose a destination, then how many armies go there; confirm when done.",
                                "E_WRONG_STEP", phrase=phrase("refuse.choose-destination-how-many-armies"))


def settled(war: War) -> bool:
    """Whether the defender confirmed his retreat."""
    return war.path == ["done"]
