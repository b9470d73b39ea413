"""Resolution (§8.8): the order of the live attacks, each combat by margin, conquest and move-in.

R-T32 margins: ≤ −3 the attackers are destroyed; −2…0 nothing; 1-2 the defenders retreat; ≥ 3 they
are destroyed. R-T34 move-in of 1…all attackers (1 into the Gnomlab), turned. R-T35 VP.
"""

from __future__ import annotations

from engine.core.actions import CONFIRM_ID, UNDO_ID, Action
from engine.core.errors import IllegalAction
from engine.core.events import Event, public_event
from engine.core.phrases import Arg, Phrase, listed, phrase
from engine.tribes import words
from engine.tribes.board import GNOMLAB
from engine.tribes.state import TribesState
from engine.tribes.war import ids, retreat
from engine.tribes.war.common import (
    Side,
    armies,
    attack_by_id,
    board,
    is_city,
    place,
    score,
    side,
    signed,
    war_of,
)
from engine.tribes.war.strength import strength
from engine.tribes.war_state import DONE, MOVING_IN, RETREATING, WAITING, Attack, BattleRecord, War

DESTROYED_VP = -2  # R-T35, per army destroyed in the active player's combats
ABANDON_VP = -2  # R-T36
CONQUEST_VP = {"city": 10, "gnomlab": 5}  # else 2 (R-T35: these replace each other)
LAND_CONQUEST_VP = 2


# --- the order ---------------------------------------------------------------------------------


def live(war: War) -> list[Attack]:
    """Attacks still to resolve (void ones are resolved at the reveal, §8.4)."""
    return [a for a in war.attacks if not a.void]


def order_waiting(state: TribesState) -> list[int]:
    """The active player, while the order is open."""
    return [state.war.active] if state.war is not None and not state.war.order_done else []


def order_prompt(state: TribesState, player: int) -> str:
    """The question put to the active player."""
    return "Choose the order in which your attacks are resolved."


def order_prompt_phrase(state: TribesState, player: int) -> Phrase:
    """`order_prompt` as catalog words."""
    return phrase("prompt.order")


def order_legal(state: TribesState, player: int) -> list[Action]:
    """The next attack to resolve, then confirm."""
    if player not in order_waiting(state):
        return []
    war = war_of(state)
    actions = [
        Action(ids.number_id("order", "order", a.id), f"Next: the attack on {place(a.target)}",
               phrase=phrase("label.order-next", place=words.place(a.target)))
        for a in live(war) if a.id not in war.order
    ]
    if not actions:
        targets = [a.target for i in war.order if (a := attack_by_id(war, i)) is not None]
        names = ", ".join(place(t) for t in targets)
        actions.append(Action(CONFIRM_ID, f"Resolve in this order: {names}",
                              phrase=phrase("label.order-confirm", places=listed([words.place(t) for t in targets]))))
    if war.order:
        actions.append(Action(UNDO_ID, "Undo the last choice", phrase=phrase("label.undo-choice")))
    actions.append(Action(ids.word_id("order", "plan"), "Resolve in plan order", phrase=phrase("label.order-plan")))
    return actions


def order_timeout(state: TribesState, player: int) -> Action:
    """§15.1: plan order."""
    return Action(ids.word_id("order", "plan"), "Resolve in plan order", phrase=phrase("label.order-plan"))


def order_auto_step(state: TribesState, player: int) -> Action | None:
    """The last attack left to order once the others are ordered (a forced choice), or None."""
    war = state.war
    if war is None or not war.order:
        return None
    forward = [a for a in order_legal(state, player) if a.id.startswith("order:") and a.id != "order:plan"]
    return forward[0] if len(forward) == 1 else None


def order_describe(state: TribesState, player: int) -> list[str]:
    """The order chosen so far."""
    return words.english(order_said(state, player))


def order_phrases(state: TribesState, player: int) -> list[Phrase]:
    """`order_describe`'s lines as catalog phrases."""
    return words.phrases(order_said(state, player))


def order_said(state: TribesState, player: int) -> list[words.Said]:
    """`order_describe`'s lines, each with its phrase."""
    war = state.war
    if war is None or player != war.active or not war.order or war.order_done:
        return []
    targets = [a.target for i in war.order if (a := attack_by_id(war, i)) is not None]
    names = ", ".join(place(t) for t in targets)
    return [(f"Resolution order so far: {names}.",
             phrase("order.draft", targets=listed([words.place(t) for t in targets])))]


def order_apply(state: TribesState, player: int, action: Action, events: list[Event]) -> None:
    """One step of the resolution order."""
    if player not in order_waiting(state):
        raise IllegalAction("You have no order to give now.", "E_NOT_YOUR_TURN", phrase=phrase("refuse.order-give"))
    war = war_of(state)
    ids_live = [a.id for a in live(war)]
    match ids.parse(action.id):
        case ids.Number(prefix="order", value=attack_id):
            if attack_id not in ids_live:
                raise IllegalAction("Choose one of your attacks still to resolve.", "E_ORDER",
                                    phrase=phrase("refuse.choose-attacks-still-resolve"))
            if attack_id in war.order:
                raise IllegalAction("That attack is already in the order: each attack once.", "E_ORDER",
                                    phrase=phrase("refuse.attack-already-order-each-attack"))
            war.order.append(attack_id)
        case ids.Undo():
            if not war.order:
                raise IllegalAction("There is nothing to undo.", "E_NOTHING_TO_UNDO",
                                    phrase=phrase("refuse.there-nothing-undo"))
            war.order.pop()
        case ids.Confirm():
            if sorted(war.order) != sorted(ids_live):
                raise IllegalAction("The order must name every live attack exactly once.", "E_ORDER",
                                    phrase=phrase("refuse.order-must-name-every-live"))
            war.order_done = True
        case ids.Word(prefix="order", word="plan"):
            war.order = ids_live
            war.order_done = True
        case _:
            raise IllegalAction("Choose the next attack to resolve, then confirm.", "E_WRONG_STEP",
                                phrase=phrase("refuse.choose-next-attack-resolve-confirm"))


def announce_order(state: TribesState, war: War, events: list[Event]) -> None:
    """The public resolution order (only said when there is a choice)."""
    if len(war.order) > 1:
        targets = [a.target for i in war.order if (a := attack_by_id(war, i)) is not None]
        names = ", then ".join(place(t) for t in targets)
        events.append(public_event(f"{Side(state, war.active)} resolve their attacks: {names}.", "war_order",
                                   phrase=phrase("war.order", tribe=words.tribe(state, war.active),
                                                 targets=words.then([words.place(t) for t in targets]))))


# --- one combat --------------------------------------------------------------------------------


def current(war: War) -> Attack | None:
    """The attack being resolved."""
    return attack_by_id(war, war.order[war.cursor]) if war.cursor < len(war.order) else None


def _record(state: TribesState, war: War, attack: Attack) -> BattleRecord:
    lifts = [lift.source for draft in war.cards.values() for lift in draft.lifts
             if lift.attack == attack.id and lift.card not in war.cancelled]
    defence = war.defence.get(attack.defender) if attack.defender is not None else None
    return BattleRecord(
        attacker=war.active, defender=attack.defender, source=attack.source, target=attack.target,
        supports=[s.territory for s in war.supports if s.attack == attack.id],
        defence_supports=[s.territory for s in (defence.supports if defence else []) if s.attack == attack.id],
        airlifts=lifts, att=attack.att, dfn=attack.dfn, margin=attack.att - attack.dfn, mode=attack.mode,
    )


def _vp(state: TribesState, war: War, delta: int, reason: str, why: Phrase, events: list[Event]) -> None:
    """Score `delta` VP for the active player and tell it, with `reason` (`why` as a catalog phrase)."""
    if delta:
        score(state, war.active, delta)
        events.append(public_event(f"{Side(state, war.active)}: {signed(delta)} VP ({reason}).", "vp",
                                   phrase=phrase("vp.change", tribe=words.tribe(state, war.active),
                                                 vp=words.vp(delta), reason=why),
                                   player=war.active, delta=delta))


def _result(state: TribesState, attack: Attack, text: str, *, more: bool = False) -> None:
    """Set (or, with `more`, extend) the outcome in words of `attack` and of the last battle record."""
    attack.result = f"{attack.result}; {text}" if more and attack.result else text
    if state.last_battle is not None:
        state.last_battle.result = attack.result


def fight(state: TribesState, war: War, attack: Attack, events: list[Event]) -> None:
    """Compute the combat of `attack` and apply everything up to the retreat or move-in."""
    power = strength(state, war, attack)
    attack.att, attack.dfn = power.att, power.dfn
    margin = power.margin
    state.last_battle = _record(state, war, attack)
    # An even battle says so: "margin +0" reads as a number that means nothing.
    by = f"margin {margin:+d}" if margin else "even"
    by_said = (phrase("battle.margin-up", margin=margin) if margin > 0 else
               phrase("battle.margin-down", margin=-margin) if margin < 0 else phrase("battle.even"))
    events.append(public_event(
        f"Battle for {place(attack.target)}: {side(state, war.active)} ATT {power.att} against "
        f"{side(state, attack.defender)} DEF {power.dfn} ({by}).", "war_battle",
        phrase=phrase("battle.strengths", place=words.place(attack.target), attacker=words.tribe(state, war.active),
                      att=power.att, defender=words.side(state, attack.defender), dfn=power.dfn, margin=by_said),
        attack=attack.id, att=power.att, dfn=power.dfn, margin=margin, target=attack.target))
    target = state.areas[attack.target]
    if margin <= -3:  # R-T32
        source = state.areas[attack.source]
        source.armies -= attack.armies
        if source.armies == 0 and not is_city(attack.source):
            source.controller = None  # R-T35: emptied by destruction, no abandonment penalty; it is free
        # G-T8: a city emptied that way stays its controller's (R-T21)
        attack.stage = DONE
        text = f"the {armies(attack.armies)} attacking {place(attack.target)} are destroyed"
        _result(state, attack, text[:1].upper() + text[1:])
        events.append(public_event(f"{Side(state, war.active)} lose: {text}.", "war_result",
                                   phrase=phrase("battle.attackers-destroyed", n=attack.armies,
                                                 tribe=words.tribe(state, war.active),
                                                 place=words.place(attack.target)),
                                   attack=attack.id))
        _vp(state, war, DESTROYED_VP * attack.armies, f"{armies(attack.armies)} destroyed",
            phrase("reason.destroyed", n=attack.armies), events)
    elif margin <= 0:
        attack.stage = DONE
        _result(state, attack, "Nothing happens")
        events.append(public_event(f"Nothing happens at {place(attack.target)}.", "war_result",
                                   phrase=phrase("battle.nothing", place=words.place(attack.target)), attack=attack.id))
    elif margin <= 2 and target.armies > 0:
        _result(state, attack, f"The defenders of {place(attack.target)} must retreat")
        attack.stage = RETREATING
        war.retreat = {}
        war.path.clear()
    else:
        lost = target.armies
        _result(state, attack, f"The {armies(lost)} defending {place(attack.target)} are destroyed" if lost
                else f"{place(attack.target)} stood empty")
        if lost:
            assert attack.defender is not None  # armies stood in the target: someone held it when the plan was sealed
            target.armies = 0
            if not is_city(attack.target):
                target.controller = None  # G-T9: vacant land is free until the move-in (R-T21)
            events.append(public_event(f"{Side(state, attack.defender)} lose the {armies(lost)} defending "
                                       f"{place(attack.target)}.", "war_result",
                                       phrase=phrase("battle.defenders-destroyed", n=lost,
                                                     tribe=words.tribe(state, attack.defender),
                                                     place=words.place(attack.target)),
                                       attack=attack.id))
            _vp(state, war, DESTROYED_VP * lost, f"{armies(lost)} destroyed", phrase("reason.destroyed", n=lost),
                events)
        attack.stage = MOVING_IN


def finish_retreat(state: TribesState, war: War, attack: Attack, events: list[Event]) -> None:
    """Move the placed retreat, destroy the armies that found no room (R-T33), go on to the conquest."""
    target = state.areas[attack.target]
    assert attack.defender is not None  # only armies in the target retreat: someone held it when the plan was sealed
    placed = sum(war.retreat.values())
    lost = target.armies - placed
    for territory, n in war.retreat.items():
        state.areas[territory].armies += n
    target.armies = 0
    if not is_city(attack.target):
        target.controller = None  # G-T9: vacant land is free until the move-in (R-T21)
    parts = [f"{armies(n)} to {place(t)}" for t, n in war.retreat.items()]
    text = f"{Side(state, attack.defender)} retreat from {place(attack.target)}: " + (
        "; ".join(parts) if parts else "no room anywhere")
    if lost:
        text += f"; {armies(lost)} destroyed"
    moves: Arg = (listed((phrase("retreat.move", armies=words.armies(n), place=words.place(t))
                          for t, n in war.retreat.items()), "semicolon")
                  if war.retreat else phrase("retreat.no-room"))
    tribe, origin = words.tribe(state, attack.defender), words.place(attack.target)
    said = (phrase("retreat.done-lost", tribe=tribe, place=origin, moves=moves, lost=phrase("reason.destroyed", n=lost))
            if lost else phrase("retreat.done", tribe=tribe, place=origin, moves=moves))
    events.append(public_event(text + ".", "war_retreat", phrase=said, attack=attack.id, moves=dict(war.retreat),
                               lost=lost))
    if not lost:
        outcome = f"The {armies(placed)} defending {place(attack.target)} retreated"
    elif not placed:
        outcome = f"The {armies(lost)} defending {place(attack.target)} found no room to retreat and are destroyed"
    else:
        outcome = f"{armies(placed)} defending {place(attack.target)} retreated, {armies(lost)} destroyed"
    _result(state, attack, outcome[:1].upper() + outcome[1:])
    _vp(state, war, DESTROYED_VP * lost, f"{armies(lost)} lost in the retreat",  # R-T35
        phrase("reason.lost-in-retreat", n=lost), events)
    war.retreat = {}
    war.path.clear()
    attack.stage = MOVING_IN


# --- move-in -----------------------------------------------------------------------------------


def move_in_default(state: TribesState, attack: Attack) -> int:
    """§15.1: all attackers, minus one if that would empty a non-city source (never below 1)."""
    if attack.target == GNOMLAB:
        return 1
    source = state.areas[attack.source]
    if source.armies == attack.armies and not is_city(attack.source) and attack.armies > 1:
        return attack.armies - 1
    return attack.armies


def move_in_forced(attack: Attack) -> bool:
    """One attacking army, or the Gnomlab: nothing to choose."""
    return attack.armies == 1 or attack.target == GNOMLAB


def move_in(state: TribesState, war: War, attack: Attack, count: int, events: list[Event]) -> None:
    """Conquer the target with `count` attacking armies, turned (R-T34); conquest and abandonment VP."""
    source = state.areas[attack.source]
    target = state.areas[attack.target]
    source.armies -= count
    target.armies, target.moved, target.controller = count, count, war.active
    kind = board().type_of(attack.target)
    gain = CONQUEST_VP.get(kind, LAND_CONQUEST_VP)
    events.append(public_event(f"{Side(state, war.active)} move {armies(count)} into {place(attack.target)} and "
                               "take it.", "war_conquest",
                               phrase=phrase("conquest.moves-in", tribe=words.tribe(state, war.active),
                                             armies=words.armies(count), place=words.place(attack.target)),
                               attack=attack.id, count=count, target=attack.target))
    _result(state, attack, f"{place(attack.target)} taken by {side(state, war.active)} with {armies(count)}",
            more=True)
    _vp(state, war, gain, f"conquest of {place(attack.target)}",
        phrase("reason.conquest", place=words.place(attack.target)), events)
    if source.armies == 0 and not is_city(attack.source):
        source.controller = None  # R-T36: the last army left a land territory: it becomes free
        _vp(state, war, ABANDON_VP, f"{place(attack.source)} left empty",
            phrase("reason.left-empty", place=words.place(attack.source)), events)
    attack.stage = DONE


def move_in_waiting(state: TribesState) -> list[int]:
    """The active player, while a move-in waits for his number."""
    war = state.war
    attack = current(war) if war is not None else None
    return [war.active] if war is not None and attack is not None and attack.stage == MOVING_IN else []


def move_in_prompt(state: TribesState, player: int) -> str:
    """The question put to the active player."""
    attack = current(war_of(state))
    return f"How many armies move into {place(attack.target) if attack else 'the conquered territory'}?"


def move_in_prompt_phrase(state: TribesState, player: int) -> Phrase:
    """`move_in_prompt` as catalog words."""
    attack = current(war_of(state))
    return phrase("prompt.move-in", place=words.place(attack.target)) if attack else phrase("prompt.move-in-conquered")


def move_in_legal(state: TribesState, player: int) -> list[Action]:
    """One number: 1 … all attacking armies."""
    if player not in move_in_waiting(state):
        return []
    attack = current(war_of(state))
    assert attack is not None
    most = 1 if attack.target == GNOMLAB else attack.armies
    return [Action(ids.number_id("in", "in", n), f"Move {armies(n)} in",
                   phrase=phrase("label.move-in", armies=words.armies(n))) for n in range(1, most + 1)]


def move_in_timeout(state: TribesState, player: int) -> Action:
    """§15.1 default number."""
    attack = current(war_of(state))
    assert attack is not None
    n = move_in_default(state, attack)
    return Action(ids.number_id("in", "in", n), f"Move {armies(n)} in",
                   phrase=phrase("label.move-in", armies=words.armies(n)))


def move_in_describe(state: TribesState, player: int) -> list[str]:
    """Nothing is drafted: the move-in is one number."""
    return []


def move_in_phrases(state: TribesState, player: int) -> list[Phrase]:
    """`move_in_describe`'s lines as phrases: none."""
    return []


def move_in_apply(state: TribesState, player: int, action: Action, events: list[Event]) -> None:
    """The move-in number (R-T34)."""
    if player not in move_in_waiting(state):
        raise IllegalAction("You have nothing to move in now.", "E_NOT_YOUR_TURN", phrase=phrase("refuse.nothing-move"))
    war = war_of(state)
    attack = current(war)
    assert attack is not None
    match ids.parse(action.id):
        case ids.Number(prefix="in", value=n):
            most = 1 if attack.target == GNOMLAB else attack.armies
            if not 1 <= n <= most:
                if most > 1:
                    raise IllegalAction(f"Move between 1 and {armies(most)} in.", "E_MOVE_IN",
                                        phrase=phrase("refuse.move-in-count", armies=words.armies(most)))
                raise IllegalAction("Exactly 1 army moves in.", "E_MOVE_IN", phrase=phrase("refuse.move-in-one"))
            move_in(state, war, attack, n, events)
        case _:
            raise IllegalAction("Say how many armies move in.", "E_WRONG_STEP",
                                phrase=phrase("refuse.say-how-many-armies-move"))


# --- the loop ----------------------------------------------------------------------------------


def run(state: TribesState, war: War, events: list[Event]) -> bool:
    """Resolve attacks in order until a retreat or move-in needs a player; False once all are done."""
    while war.cursor < len(war.order):
        attack = current(war)
        assert attack is not None
        if attack.stage == WAITING:
            fight(state, war, attack, events)
        if attack.stage == RETREATING:
            if retreat.settled(war):
                finish_retreat(state, war, attack, events)
            elif retreat.forced(state, war, attack):
                retreat.fill_default(state, war, attack)
                finish_retreat(state, war, attack, events)
            else:
                return True
        if attack.stage == MOVING_IN:
            if not move_in_forced(attack):
                return True
            move_in(state, war, attack, 1, events)
        war.cursor += 1
    return False
