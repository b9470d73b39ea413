"""The defence assignment (§8.2): compulsory support, automatic where each army has one choice.

Every defender with a choice drafts at once: territory → attacked territory → count, until all his
eligible armies are assigned. The assignment is public once everyone confirmed.
"""

from __future__ import annotations

from engine.core.actions import CONFIRM_ID, UNDO_ID, Action
from engine.core.errors import IllegalAction, Problem
from engine.core.events import Event, public_event
from engine.core.phrases import Phrase, listed, phrase
from engine.tribes import words
from engine.tribes.board import GNOMLAB
from engine.tribes.state import TribesState
from engine.tribes.war import ids
from engine.tribes.war.common import (
    Side,
    armies,
    attack_by_id,
    board,
    defenders,
    is_city,
    own_armies,
    place,
    tribe_of,
    war_of,
)
from engine.tribes.war_state import Attack, DefenceDraft, Support, War

PREFIX = "def"


def can_support(state: TribesState, defender: int, territory: str, attack: Attack) -> bool:
    """Whether the defender's armies in `territory` may support the defence of `attack.target` (R-T23)."""
    if territory == attack.target:
        return False
    if is_city(attack.target):  # §9.2: a citadel gets support from its physical neighbours only
        return territory != GNOMLAB and board().is_adjacent(territory, attack.target)
    return board().combat_adjacent(tribe_of(state, defender), territory, attack.target)


def eligibility(state: TribesState, war: War, defender: int) -> dict[str, list[int]]:
    """For each territory of `defender` that must support: the attacks it may support, in plan order."""
    targets = {a.target for a in war.attacks}
    own = [a for a in war.attacks if a.defender == defender]
    result: dict[str, list[int]] = {}
    for territory in board().order:
        if territory in targets or own_armies(state, defender, territory) == 0:
            continue  # an attacked territory defends itself and supports nothing (§8.2)
        choices = [a.id for a in own if can_support(state, defender, territory, a)]
        if choices:
            result[territory] = choices
    return result


def _assigned(draft: DefenceDraft, territory: str) -> int:
    return sum(s.count for s in draft.supports if s.territory == territory)


def unassigned(state: TribesState, war: War, defender: int, territory: str) -> int:
    """Eligible armies of `territory` not assigned yet."""
    draft = war.defence[defender]
    if territory not in draft.required:
        return 0
    return own_armies(state, defender, territory) - _assigned(draft, territory)


def setup(state: TribesState, war: War) -> None:
    """Open a draft per defender; assign at once every army that has a single choice (§8.2)."""
    war.defence = {}
    for defender in defenders(state, war):
        required = eligibility(state, war, defender)
        draft = DefenceDraft(required=required)
        for territory, choices in required.items():
            if len(choices) == 1:
                draft.supports.append(Support(territory, own_armies(state, defender, territory), choices[0]))
        draft.fixed = len(draft.supports)
        draft.done = all(len(c) == 1 for c in required.values())
        war.defence[defender] = draft


def waiting(state: TribesState) -> list[int]:
    """Defenders who still have a choice to make, in turn order."""
    war = state.war
    if war is None:
        return []
    return [d for d in state.turn_order() if d in war.defence and not war.defence[d].done]


def _open_territories(state: TribesState, war: War, defender: int) -> list[str]:
    return [t for t in war.defence[defender].required if unassigned(state, war, defender, t) > 0]


def prompt(state: TribesState, player: int) -> str:
    """The question put to a defender."""
    return "Assign your supporting armies to the defence of your attacked territories."


def prompt_phrase(state: TribesState, player: int) -> Phrase:
    """`prompt` as catalog words."""
    return phrase("prompt.defence")


def legal(state: TribesState, player: int) -> list[Action]:
    """One step of `player`'s defence draft."""
    if player not in waiting(state):
        return []
    war = war_of(state)
    draft = war.defence[player]
    actions: list[Action] = []
    if not draft.path:
        for t in _open_territories(state, war, player):
            actions.append(Action(ids.territory_id(PREFIX, "from", t),
                                  f"Assign the armies of {place(t)} ({unassigned(state, war, player, t)} left)",
                                  phrase=phrase("label.defend-from", place=words.place(t),
                                                left=unassigned(state, war, player, t))))
        if not actions:
            actions.append(Action(CONFIRM_ID, "Confirm this defence", phrase=phrase("label.confirm-defence")))
    elif len(draft.path) == 1:
        for attack_id in draft.required[draft.path[0]]:
            attack = attack_by_id(war, attack_id)
            if attack is not None:
                actions.append(Action(ids.number_id(PREFIX, "to", attack_id), f"To defend {place(attack.target)}",
                                          phrase=phrase("label.defend", place=words.place(attack.target))))
    else:
        for n in range(1, unassigned(state, war, player, draft.path[0]) + 1):
            actions.append(Action(ids.number_id(PREFIX, "n", n), f"With {armies(n)}",
                                  phrase=phrase("label.with", armies=words.armies(n))))
    if draft.path or len(draft.supports) > draft.fixed:
        actions.append(Action(UNDO_ID, "Undo this step" if draft.path else "Undo the last assignment",
                              phrase=phrase("label.undo-step") if draft.path else phrase("label.undo-assignment")))
    actions.append(Action(ids.word_id(PREFIX, "auto"), "Assign the rest automatically",
                          phrase=phrase("label.defend-auto")))
    return actions


def timeout(state: TribesState, player: int) -> Action:
    """§15.1: every army to the first eligible attacked territory in plan order."""
    return Action(ids.word_id(PREFIX, "auto"), "Assign the rest automatically", phrase=phrase("label.defend-auto"))


def auto_step(state: TribesState, player: int) -> Action | None:
    """The single forward choice of a defence step (territory, target or count), or None."""
    forward = [a for a in legal(state, player) if a.id not in (UNDO_ID, CONFIRM_ID, ids.word_id(PREFIX, "auto"))]
    return forward[0] if len(forward) == 1 else None


def describe(state: TribesState, player: int) -> list[str]:
    """`player`'s defence assignment so far."""
    return words.english(describe_said(state, player))


def describe_phrases(state: TribesState, player: int) -> list[Phrase]:
    """`describe`'s lines as catalog phrases."""
    return words.phrases(describe_said(state, player))


def describe_said(state: TribesState, player: int) -> list[words.Said]:
    """`describe`'s lines, each with its phrase."""
    war = state.war
    if war is None or player not in war.defence:
        return []
    draft = war.defence[player]
    lines: list[words.Said] = []
    for s in draft.supports:
        attack = attack_by_id(war, s.attack)
        if attack is not None:
            lines.append((f"{armies(s.count)} from {place(s.territory)} support {place(attack.target)}.",
                          phrase("defence.draft-support", armies=words.armies(s.count),
                                 source=words.place(s.territory), target=words.place(attack.target))))
    left = sum(unassigned(state, war, player, t) for t in draft.required)
    if left and not draft.done:
        lines.append((f"Still to assign: {armies(left)}.", phrase("defence.draft-left", armies=words.armies(left))))
    return lines


def _illegal(problem: Problem, code: str = "E_DEFENCE") -> IllegalAction:
    return problem.refusal(code)


def _territory_problem(state: TribesState, war: War, player: int, territory: str) -> Problem | None:
    draft = war.defence[player]
    where = words.place(territory)
    if own_armies(state, player, territory) == 0:
        return Problem(f"You have no armies in {place(territory)}.", phrase("refuse.no-armies-in", place=where))
    if any(a.target == territory for a in war.attacks):
        return Problem(f"{place(territory)} is attacked itself: its armies defend it and cannot support.",
                       phrase("refuse.defence-attacked-itself", place=where))
    if territory not in draft.required:
        return Problem(f"Armies in {place(territory)} cannot reach any of your attacked territories.",
                       phrase("refuse.defence-reaches-none", place=where))
    if unassigned(state, war, player, territory) == 0:
        return Problem(f"All armies of {place(territory)} are already assigned.",
                       phrase("refuse.defence-all-assigned", place=where))
    return None


def _target_problem(state: TribesState, war: War, player: int, territory: str, attack_id: int) -> Problem | None:
    attack = attack_by_id(war, attack_id)
    if attack is None or attack.defender != player:
        return Problem("That is not one of your attacked territories.", phrase("refuse.defence-not-attacked"))
    if attack_id in war.defence[player].required[territory]:
        return None
    if is_city(attack.target):
        return Problem("A city is supported only from the territories bordering it: no portal, never the Gnomlab.",
                       phrase("refuse.defence-city-neighbours"))
    return Problem(f"Armies in {place(territory)} cannot reach {place(attack.target)}.",
                   phrase("refuse.defence-cannot-reach", place=words.place(territory),
                          target=words.place(attack.target)))


def auto_assign(state: TribesState, war: War, player: int) -> None:
    """Every unassigned army to the first attacked territory it may support, in plan order; sealed."""
    draft = war.defence[player]
    draft.path.clear()
    for territory, choices in draft.required.items():
        left = unassigned(state, war, player, territory)
        if left:
            draft.supports.append(Support(territory, left, choices[0]))
    draft.done = True


def apply(state: TribesState, player: int, action: Action, events: list[Event]) -> None:
    """One step of `player`'s defence draft, or its confirmation."""
    if player not in waiting(state):
        raise IllegalAction("You have no defence to assign now.", "E_NOT_YOUR_TURN",
                            phrase=phrase("refuse.defence-assign"))
    war = war_of(state)
    draft = war.defence[player]
    step = ids.parse(action.id)
    match step:
        case ids.Undo():
            if draft.path:
                draft.path.pop()
            elif len(draft.supports) > draft.fixed:
                draft.supports.pop()
            else:
                raise _illegal(Problem("There is nothing to undo.", phrase("refuse.there-nothing-undo")),
                               "E_NOTHING_TO_UNDO")
        case ids.Word(prefix="def", word="auto"):
            auto_assign(state, war, player)
        case ids.Confirm():
            left = sum(unassigned(state, war, player, t) for t in draft.required)
            if left or draft.path:
                raise _illegal(Problem(f"Every eligible army must support one attacked territory: {armies(left)} "
                                       "still unassigned.",
                                       phrase("refuse.defence-unassigned", armies=words.armies(left))))
            draft.done = True
        case ids.Territory(prefix="def", verb="from", territory=territory) if not draft.path:
            problem = _territory_problem(state, war, player, territory)
            if problem:
                raise _illegal(problem)
            draft.path.append(territory)
        case ids.Number(prefix="def", verb="to", value=attack_id) if len(draft.path) == 1:
            problem = _target_problem(state, war, player, draft.path[0], attack_id)
            if problem:
                raise _illegal(problem)
            draft.path.append(str(attack_id))
        case ids.Number(prefix="def", verb="n", value=n) if len(draft.path) == 2:
            left = unassigned(state, war, player, draft.path[0])
            if not 1 <= n <= left:
                raise _illegal(Problem(f"Choose between 1 and {left} armies.",
                                       phrase("refuse.retreat-count", n=left)), "E_BAD_COUNT")
            draft.supports.append(Support(draft.path[0], n, int(draft.path[1])))
            draft.path.clear()
        case _:
            raise _illegal(Problem("Choose a territory, then the attacked territory it supports, then how many; "
                                   "or confirm once all are assigned.", phrase("refuse.defence-steps")),
                           "E_WRONG_STEP")


def announce(state: TribesState, war: War, events: list[Event]) -> None:
    """The public defence assignment (§15: a public decision)."""
    for defender, draft in war.defence.items():
        parts = []
        said: list[Phrase] = []
        for s in draft.supports:
            attack = attack_by_id(war, s.attack)
            if attack is not None:
                parts.append(f"{armies(s.count)} from {place(s.territory)} to {place(attack.target)}")
                said.append(phrase("defence.support", armies=words.armies(s.count), source=words.place(s.territory),
                                   target=words.place(attack.target)))
        if parts:
            events.append(public_event(f"{Side(state, defender)} support their defence: {'; '.join(parts)}.",
                                       "war_defence", phrase=phrase("defence.supports",
                                                                    tribe=words.tribe(state, defender),
                                                                    supports=listed(said, "semicolon")),
                                       player=defender))
