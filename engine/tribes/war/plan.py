"""The invasion plan (§8.1): a private step-by-step draft, public once confirmed.

Draft path (`war.path`): ["from", source] → [.., mode] → [.., target] → count adds an attack;
["sup", attack id] → [.., territory] → count adds a support. Mode is "ground", "portal" or
"card:<instance>". `war.attacks`/`war.supports` hold the draft until `war.plan_done`.
"""

from __future__ import annotations

from engine.core.actions import CLEAR_ID, CLEAR_LABEL, CONFIRM_ID, UNDO_ID, Action
from engine.core.errors import IllegalAction, Problem
from engine.core.events import Event, public_event
from engine.core.phrases import Phrase, listed, phrase
from engine.tribes import words
from engine.tribes.cards import SUB, card_name, card_of
from engine.tribes.state import TribesState
from engine.tribes.war import ids
from engine.tribes.war.common import (
    AT_MOST_TWO_CARDS,
    MENU_ROOM,
    NOT_IN_HAND,
    ZONE_WORDS,
    ZONES,
    Side,
    armies,
    attack_by_id,
    board,
    own_armies,
    place,
    plan_use,
    side,
    tribe_of,
    war_of,
    zone_of,
)
from engine.tribes.war_state import Attack, Support, War

PREFIX = "plan"
MAX_BATTLE_CARDS = 2  # R-T25: airborne-attack cards count towards the 2 battle cards


# --- what is allowed ---------------------------------------------------------------------------


def free(state: TribesState, war: War, territory: str) -> int:
    """The active player's armies in `territory` not yet used by the plan (R-T24)."""
    return own_armies(state, war.active, territory) - plan_use(war, territory)


def airborne_cards(war: War) -> list[str]:
    """The cards carrying airborne attacks in the plan."""
    return [a.card for a in war.attacks if a.card is not None]


def source_problem(state: TribesState, war: War, source: str) -> Problem | None:
    """Why `source` cannot launch an attack now, or None."""
    if own_armies(state, war.active, source) == 0:
        return Problem("You can only attack from a territory where you have armies.", phrase("refuse.plan-own-only"))
    if free(state, war, source) < 1:
        return Problem(f"All your armies in {place(source)} are already used in this plan.",
                       phrase("refuse.plan-all-used", place=words.place(source)))
    return None


def mode_problem(state: TribesState, war: War, source: str, mode: str) -> Problem | None:
    """Why `mode` ("ground", "portal", "card:<instance>") is not allowed from `source`, or None."""
    tribe = tribe_of(state, war.active)
    if mode == "portal" and board().type_of(source) != tribe:  # R-T23: portals join home-type territories only
        return Problem(f"A portal attack must start from a territory of your home type ({tribe}).",
                       phrase("refuse.plan-portal-start", home=words.home_type(tribe)))
    if mode.startswith("card:"):
        card = mode.removeprefix("card:")
        if card not in state.players[war.active].hand:
            return NOT_IN_HAND
        if not card_of(card).carrier:
            return Problem("Only an air card or a Gnomsub can carry an airborne attack.",
                           phrase("refuse.plan-not-carrier"))
        if card in airborne_cards(war):
            return Problem("That card already carries an attack (one card, one airborne attack).",
                           phrase("refuse.plan-card-carries"))
        if len(airborne_cards(war)) >= MAX_BATTLE_CARDS:  # R-T25
            return AT_MOST_TWO_CARDS
        if card_of(card).kind == SUB and not board().territories[source].coastal:  # R-T27
            return Problem("A Gnomsub attack must start from a coastal territory.", phrase("refuse.plan-sub-start"))
    elif mode not in ("ground", "portal"):
        return Problem("Choose on foot, through a portal or airborne with a card.", phrase("refuse.plan-mode"))
    return None


def target_problem(state: TribesState, war: War, source: str, mode: str, target: str) -> Problem | None:
    """Why `target` cannot be attacked from `source` in `mode`, or None."""
    area = state.areas[target]
    to = words.place(target)
    if area.controller == war.active:
        return Problem("You cannot attack your own territory.", phrase("refuse.plan-own-target"))
    if area.controller is None or (area.armies == 0 and board().type_of(target) != "city"):
        # R-T22: only enemy armies or a vacant enemy city can be attacked
        return Problem(f"{place(target)} is free: enter it by deployment, not by attack.",
                       phrase("refuse.plan-free-target", place=to))
    if any(a.target == target for a in war.attacks):  # R-T24
        return Problem(f"{place(target)} is already attacked in this plan (one attack per target).",
                       phrase("refuse.plan-target-taken", place=to))
    if mode == "ground" and not board().is_adjacent(source, target):
        return Problem(f"{place(target)} does not border {place(source)}: a ground attack needs a common border.",
                       phrase("refuse.plan-not-neighbour", place=to, source=words.place(source)))
    if mode == "portal" and board().type_of(target) != tribe_of(state, war.active):
        return Problem(f"A portal attack must land on a territory of your home type ({tribe_of(state, war.active)}).",
                       phrase("refuse.plan-portal-end", home=words.home_type(tribe_of(state, war.active))))
    if mode.startswith("card:") and card_of(mode.removeprefix("card:")).kind == SUB and not (
        board().territories[target].coastal
    ):  # R-T27
        return Problem("A Gnomsub attack must land on a coastal territory.", phrase("refuse.plan-sub-end"))
    return None


def support_problem(state: TribesState, war: War, attack: Attack, territory: str) -> Problem | None:
    """Why armies of `territory` cannot support `attack`, or None."""
    if own_armies(state, war.active, territory) == 0:
        return Problem("You can only support with armies in a territory you hold.",
                       phrase("refuse.support-own-only"))
    if territory == attack.source:  # R-T24
        return Problem("Armies of the source cannot support their own attack (those not attacking simply stay out).",
                       phrase("refuse.support-from-source"))
    if free(state, war, territory) < 1:
        return Problem(f"All your armies in {place(territory)} are already used in this plan.",
                       phrase("refuse.plan-all-used", place=words.place(territory)))
    tribe = tribe_of(state, war.active)
    near_target = board().combat_adjacent(tribe, territory, attack.target)  # R-T23
    if attack.mode == "card":
        if not near_target:
            return Problem("Support of an airborne attack must border its target (or reach it by a portal).",
                           phrase("refuse.support-airborne"))
    elif not near_target and not board().combat_adjacent(tribe, territory, attack.source):
        return Problem("Support must border the source or the target (or reach one of them by a portal).",
                       phrase("refuse.support-border"))
    return None


def _modes(state: TribesState, war: War, source: str) -> list[str]:
    hand = state.players[war.active].hand
    cards = [f"card:{c}" for c in hand if card_of(c).carrier]
    return [m for m in ("ground", "portal", *cards) if mode_problem(state, war, source, m) is None]


def _targets(state: TribesState, war: War, source: str, mode: str) -> list[str]:
    return [t for t in board().order if target_problem(state, war, source, mode, t) is None]


def _sources(state: TribesState, war: War) -> list[str]:
    return [
        t for t in board().order
        if source_problem(state, war, t) is None and any(_targets(state, war, t, m) for m in _modes(state, war, t))
    ]


def _support_sources(state: TribesState, war: War, attack: Attack) -> list[str]:
    return [t for t in board().order if support_problem(state, war, attack, t) is None]


# --- words -------------------------------------------------------------------------------------


def _mode_words(attack: Attack) -> str:
    if attack.mode == "card" and attack.card is not None:
        return f"airborne with {card_name(attack.card)}"
    return "through a magic portal" if attack.mode == "portal" else "on foot"


def attack_sentence(state: TribesState, attack: Attack) -> str:
    """"attack Wheatburg (the Plains Gnomes) from Golden Fields with 4 armies on foot"."""
    defender = state.areas[attack.target].controller if attack.defender is None else attack.defender
    return (
        f"attack {place(attack.target)} ({side(state, defender)}) from {place(attack.source)} "
        f"with {armies(attack.armies)} {_mode_words(attack)}"
    )


def _mode_said(attack: Attack) -> Phrase:
    """How an attack goes, as `_mode_words` says it."""
    if attack.mode == "card" and attack.card is not None:
        return phrase("mode.airborne", card=words.card(attack.card))
    return phrase("mode.portal") if attack.mode == "portal" else phrase("mode.foot")


def _attack_said(state: TribesState, war: War, attack: Attack) -> Phrase:
    """The announcement of one attack of a sealed plan, as `_seal` writes it from `attack_sentence`."""
    defender = state.areas[attack.target].controller if attack.defender is None else attack.defender
    tribe, target, source = words.tribe(state, war.active), words.place(attack.target), words.place(attack.source)
    side_said, count, mode = words.side(state, defender), words.armies(attack.armies), _mode_said(attack)
    supports = [phrase("plan.support", armies=words.armies(s.count), place=words.place(s.territory))
                for s in war.supports if s.attack == attack.id]
    if supports:
        return phrase("plan.attack-supported", tribe=tribe, target=target, defender=side_said, source=source,
                      armies=count, mode=mode, supports=listed(supports))
    return phrase("plan.attack", tribe=tribe, target=target, defender=side_said, source=source, armies=count,
                  mode=mode)


def _support_sentences(war: War, attack: Attack) -> list[str]:
    return [f"{armies(s.count)} from {place(s.territory)}" for s in war.supports if s.attack == attack.id]


def describe(state: TribesState, player: int) -> list[str]:
    """The plan so far in plain sentences (only the active player's own draft)."""
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
    for attack in war.attacks:
        text = attack_sentence(state, attack)
        supports = _support_sentences(war, attack)
        lines.append((f"Your plan: {text}" + (f", supported by {', '.join(supports)}." if supports else "."),
                      _draft_attack_said(state, war, attack)))
    if not war.attacks:
        lines.append(("Your plan has no attack yet.", phrase("plan.draft-none")))
    path = war.path
    if path[:1] == ["from"]:
        step = f"Now choosing an attack from {place(path[1])}"
        source = words.place(path[1])
        if len(path) > 3 and not path[3].startswith("zone:"):
            step += f" on {place(path[3])}"
            lines.append((step + ".", phrase("plan.draft-from-on", source=source, target=words.place(path[3]))))
        else:
            lines.append((step + ".", phrase("plan.draft-from", source=source)))
    elif path[:1] == ["sup"]:
        supported = attack_by_id(war, int(path[1]))
        if supported is not None:
            extra = f" from {place(path[2])}" if len(path) > 2 else ""
            target = words.place(supported.target)
            said = (phrase("plan.draft-support-from", source=words.place(path[2]), target=target) if len(path) > 2
                    else phrase("plan.draft-support", target=target))
            lines.append((f"Now choosing support{extra} for the attack on {place(supported.target)}.", said))
    return lines


def _draft_attack_said(state: TribesState, war: War, attack: Attack) -> Phrase:
    """One attack of the plan being built, as `describe` says it ("Your plan: attack ...")."""
    defender = state.areas[attack.target].controller if attack.defender is None else attack.defender
    target, source, side_said = words.place(attack.target), words.place(attack.source), words.side(state, defender)
    count, mode = words.armies(attack.armies), _mode_said(attack)
    supports = [phrase("plan.support", armies=words.armies(s.count), place=words.place(s.territory))
                for s in war.supports if s.attack == attack.id]
    if supports:
        return phrase("plan.draft-attack-supported", target=target, defender=side_said, source=source, armies=count,
                      mode=mode, supports=listed(supports))
    return phrase("plan.draft-attack", target=target, defender=side_said, source=source, armies=count, mode=mode)


def prompt(state: TribesState, player: int) -> str:
    """The question put to the active player."""
    return "Plan your attacks (or attack nobody), then confirm."


def prompt_phrase(state: TribesState, player: int) -> Phrase:
    """`prompt` as catalog words."""
    return phrase("prompt.plan")


# --- the menu ----------------------------------------------------------------------------------


def legal(state: TribesState, player: int) -> list[Action]:
    """One short step of the plan draft."""
    war = state.war
    if war is None or player != war.active or war.plan_done:
        return []
    path = war.path
    actions: list[Action] = []
    if not path:
        for t in _sources(state, war):
            actions.append(Action(ids.territory_id(PREFIX, "from", t),
                                  f"Attack from {place(t)} ({free(state, war, t)} free)",
                                  phrase=phrase("label.attack-from", place=words.place(t), free=free(state, war, t))))
        for attack in war.attacks:
            if _support_sources(state, war, attack):
                actions.append(Action(ids.number_id(PREFIX, "sup", attack.id),
                                      f"Support the attack on {place(attack.target)}",
                                      phrase=phrase("label.support", place=words.place(attack.target))))
        if war.attacks:
            count = len(war.attacks)
            actions.append(Action(CONFIRM_ID, f"Confirm the plan ({count} attack{'s' if count > 1 else ''})",
                                  phrase=phrase("label.plan-confirm", n=count)))
            actions.append(Action(UNDO_ID, "Undo the last addition", phrase=phrase("label.undo-addition")))
        actions.append(Action(ids.word_id(PREFIX, "none"), "Attack nobody this turn",
                              phrase=phrase("label.attack-nobody")))
        return actions
    if path[0] == "from":
        source = path[1]
        if len(path) == 2:
            for mode in _modes(state, war, source):
                if not _targets(state, war, source, mode):
                    continue
                if mode == "ground":
                    actions.append(Action(ids.word_id(PREFIX, "ground"), "On foot, across a border",
                                          phrase=phrase("label.on-foot")))
                elif mode == "portal":
                    actions.append(Action(ids.word_id(PREFIX, "portal"), "Through a magic portal",
                                          phrase=phrase("label.portal")))
                else:
                    card = mode.removeprefix("card:")
                    actions.append(Action(ids.card_id(PREFIX, "card", card), f"Airborne with {card_name(card)}",
                                          phrase=phrase("label.airborne", card=words.card(card))))
        elif _target_step(path):
            targets = _targets(state, war, source, path[2])
            zone = path[3].removeprefix("zone:") if len(path) == 4 else None
            if zone is None and len(targets) > MENU_ROOM:  # too many for one menu: the terrain first
                for group in ZONES:
                    if any(zone_of(t) == group for t in targets):
                        actions.append(Action(ids.zone_id(PREFIX, "zone", group), f"Attack {ZONE_WORDS[group]}…",
                                              phrase=phrase("label.attack-zone", zone=words.zone(group))))
                targets = []
            for t in targets:
                if zone is not None and zone_of(t) != zone:
                    continue
                area = state.areas[t]
                held = armies(area.armies) if area.armies else "vacant city"
                actions.append(Action(ids.territory_id(PREFIX, "to", t),
                                      f"Attack {place(t)} ({side(state, area.controller)}, {held})",
                                      phrase=phrase("label.attack", place=words.place(t),
                                                    side=words.side(state, area.controller), held=_held(area.armies))))
        else:
            for n in range(1, free(state, war, source) + 1):
                actions.append(Action(ids.number_id(PREFIX, "n", n), f"With {armies(n)}",
                                      phrase=phrase("label.with", armies=words.armies(n))))
    else:
        supported = attack_by_id(war, int(path[1]))
        if supported is not None and len(path) == 2:
            for t in _support_sources(state, war, supported):
                actions.append(Action(ids.territory_id(PREFIX, "by", t),
                                      f"Support from {place(t)} ({free(state, war, t)} free)",
                                      phrase=phrase("label.support-from", place=words.place(t),
                                                    free=free(state, war, t))))
        elif len(path) == 3:
            for n in range(1, free(state, war, path[2]) + 1):
                actions.append(Action(ids.number_id(PREFIX, "n", n), f"With {armies(n)}",
                                      phrase=phrase("label.with", armies=words.armies(n))))
    actions.append(Action(UNDO_ID, "Undo this step", phrase=phrase("label.undo-step")))
    actions.append(Action(ids.word_id(PREFIX, "none"), "Attack nobody this turn",
                          phrase=phrase("label.attack-nobody")))  # the timeout, always legal
    return actions


MAX_PLAN_SHORTCUTS = 10  # whole plans offered in one tap; the other attacks stay a few steps away
PLAN_LABEL = 80


def shortcuts(state: TribesState, player: int) -> list[Action]:
    """Whole plans in one tap while the plan is empty: every free army of one territory attacks one neighbour
    on foot, confirmed at once (the best odds first: most attackers over defenders, then in board order)."""
    war = state.war
    if war is None or player != war.active or war.plan_done or war.path or war.plan_log:
        return []
    pairs = [(s, t) for s in _sources(state, war) for t in _targets(state, war, s, "ground")]
    pairs.sort(key=lambda st: -(free(state, war, st[0]) - state.areas[st[1]].armies))
    out: list[Action] = []
    for source, target in pairs[:MAX_PLAN_SHORTCUTS]:
        n = free(state, war, source)
        area = state.areas[target]
        held = armies(area.armies) if area.armies else "vacant city"
        who = f"All {n} armies at {place(source)} attack" if n > 1 else f"The army at {place(source)} attacks"
        label = f"{who} {place(target)} ({held})"
        said = _all_attack(n, source, target, _held(area.armies))
        if len(label) > PLAN_LABEL:
            label = f"{who} {place(target)}"
            said = _all_attack(n, source, target, None)
        out.append(Action(ids.route_id(PREFIX, "all", source, target), label, phrase=said))
    return out


def _held(count: int) -> Phrase:
    """What a target holds, as a label says it: "3 armies", or "vacant city"."""
    return phrase("label.held", armies=words.armies(count)) if count else phrase("label.vacant-city")


def _all_attack(n: int, source: str, target: str, held: Phrase | None) -> Phrase:
    """A whole-plan shortcut's label as catalog words; without `held` when the English would be too long."""
    at, to = words.place(source), words.place(target)
    if n > 1:
        if held is None:
            return phrase("label.all-attack-short", armies=words.armies(n), source=at, target=to)
        return phrase("label.all-attack", armies=words.armies(n), source=at, target=to, held=held)
    if held is None:
        return phrase("label.one-attack-short", source=at, target=to)
    return phrase("label.one-attack", source=at, target=to, held=held)


def draft_built(state: TribesState, player: int) -> bool:
    """Whether the plan holds attacks or supports that attacking nobody would throw away."""
    war = state.war
    return war is not None and player == war.active and bool(war.plan_log)


def discards(state: TribesState, player: int, action: Action) -> bool:
    """Whether `action` drops the plan built so far: attacking nobody (R-T46)."""
    return action.id == ids.word_id(PREFIX, "none")


def clear(state: TribesState, player: int) -> Action:
    """The step that empties the plan, after which attacking nobody is offered again (R-T46)."""
    return Action(CLEAR_ID, CLEAR_LABEL, phrase=phrase("label.clear"))


def timeout(state: TribesState, player: int) -> Action:
    """§15.1: the empty plan."""
    return Action(ids.word_id(PREFIX, "none"), "Attack nobody this turn", phrase=phrase("label.attack-nobody"))


def auto_step(state: TribesState, player: int) -> Action | None:
    """The single forward choice inside an attack or support being drafted (private), or None."""
    war = state.war
    if war is None or not war.path or war.plan_done:
        return None
    forward = [a for a in legal(state, player) if a.id not in (UNDO_ID, CLEAR_ID, ids.word_id(PREFIX, "none"))]
    return forward[0] if len(forward) == 1 else None


# --- applying ----------------------------------------------------------------------------------


NO_SUCH_ATTACK = Problem("Your plan has no such attack.", phrase("refuse.plan-no-such-attack"))


def _illegal(problem: Problem, code: str = "E_PLAN") -> IllegalAction:
    return problem.refusal(code)


def _count_problem(available: int, count: int) -> Problem | None:
    if count < 1 or count > available:
        if available:
            return Problem(f"Choose between 1 and {available} armies.", phrase("refuse.retreat-count", n=available))
        return Problem("No free army is left there.", phrase("refuse.plan-no-free-army"))
    return None


def apply(state: TribesState, player: int, action: Action, events: list[Event]) -> None:
    """Take one step of the plan draft (validated first), or confirm the plan."""
    war = war_of(state)
    if player != war.active or war.plan_done:
        raise IllegalAction("It is not your turn to plan attacks.", "E_NOT_YOUR_TURN",
                            phrase=phrase("refuse.not-turn-plan-attacks"))
    step = ids.parse(action.id)
    path = war.path
    match step:
        case ids.Undo():
            _undo(war)
        case ids.Route(prefix="plan", verb="all", source=source, target=target):
            if path or war.plan_log:  # R-T46: a whole plan never replaces attacks already planned
                raise _illegal(Problem("Your plan already holds attacks: confirm it, or clear the draft before "
                                       "sending a whole plan.", phrase("refuse.plan-holds-attacks")), "E_STEP")
            problem = source_problem(state, war, source) or mode_problem(state, war, source, "ground") or (
                target_problem(state, war, source, "ground", target))
            if problem:
                raise _illegal(problem)
            war.attacks.append(Attack(1, source, target, free(state, war, source), "ground", None))
            war.plan_log.append("attack")
            _check_whole(state, war)
            _seal(state, war, events)
        case ids.Clear():
            if not war.plan_log:
                raise _illegal(Problem("Your plan is empty already.", phrase("refuse.plan-empty-already")),
                               "E_NOTHING_TO_UNDO")
            war.attacks.clear()
            war.supports.clear()
            war.plan_log.clear()
            war.path.clear()
        case ids.Word(prefix="plan", word="none"):
            war.attacks.clear()
            war.supports.clear()
            war.plan_log.clear()
            war.path.clear()
            _seal(state, war, events)
        case ids.Confirm():
            if path:
                raise _illegal(Problem("Finish or undo the attack or support you are choosing before confirming.",
                                       phrase("refuse.plan-finish-first")))
            if not war.attacks:
                raise _illegal(Problem("Your plan is empty: choose 'Attack nobody this turn' or add an attack.",
                                       phrase("refuse.plan-empty")))
            _check_whole(state, war)
            _seal(state, war, events)
        case ids.Territory(prefix="plan", verb="from", territory=source) if not path:
            problem = source_problem(state, war, source)
            if problem is None and not any(_targets(state, war, source, m) for m in _modes(state, war, source)):
                problem = Problem(f"There is nothing {place(source)} can attack.",
                                  phrase("refuse.plan-nothing-from", place=words.place(source)))
            if problem:
                raise _illegal(problem)
            path.extend(["from", source])
        case ids.Word(prefix="plan", word=("ground" | "portal") as mode) if path[:1] == ["from"] and len(path) == 2:
            _add_mode(state, war, mode)
        case ids.Card(prefix="plan", verb="card", card=card) if path[:1] == ["from"] and len(path) == 2:
            _add_mode(state, war, f"card:{card}")
        case ids.Zone(prefix="plan", verb="zone", zone=zone) if path[:1] == ["from"] and len(path) == 3:
            if not any(zone_of(t) == zone for t in _targets(state, war, path[1], path[2])):
                raise _illegal(Problem(f"There is nothing to attack on {ZONE_WORDS[zone]} that way.",
                                       phrase("refuse.plan-nothing-in-zone", zone=words.zone(zone))))
            path.append(f"zone:{zone}")
        case ids.Territory(prefix="plan", verb="to", territory=target) if path[:1] == ["from"] and _target_step(path):
            problem = target_problem(state, war, path[1], path[2], target)
            if problem is None and len(path) == 4 and zone_of(target) != path[3].removeprefix("zone:"):
                zone = path[3].removeprefix("zone:")
                problem = Problem(f"Choose a territory that is {ZONE_WORDS[zone]}, or undo.",
                                  phrase("refuse.choose-in-zone", zone=words.zone(zone)))
            if problem:
                raise _illegal(problem)
            del path[3:]
            path.append(target)
        case ids.Number(prefix="plan", verb="n", value=n) if path[:1] == ["from"] and _count_step(path):
            problem = _count_problem(free(state, war, path[1]), n)
            if problem:
                raise _illegal(problem, "E_BAD_COUNT")
            how = path[2]
            carrier = how.removeprefix("card:") if how.startswith("card:") else None
            new_id = max((a.id for a in war.attacks), default=0) + 1
            war.attacks.append(Attack(new_id, path[1], path[3], n, "card" if carrier else how, carrier))
            war.plan_log.append("attack")
            path.clear()
        case ids.Number(prefix="plan", verb="sup", value=attack_id) if not path:
            attack = attack_by_id(war, attack_id)
            if attack is None:
                raise _illegal(NO_SUCH_ATTACK)
            if not _support_sources(state, war, attack):
                raise _illegal(Problem(f"No free army of yours can support the attack on {place(attack.target)}.",
                                       phrase("refuse.support-none-free", place=words.place(attack.target))))
            path.extend(["sup", str(attack_id)])
        case ids.Territory(prefix="plan", verb="by", territory=territory) if path[:1] == ["sup"] and len(path) == 2:
            attack = attack_by_id(war, int(path[1]))
            problem = NO_SUCH_ATTACK if attack is None else support_problem(
                state, war, attack, territory)
            if problem:
                raise _illegal(problem)
            path.append(territory)
        case ids.Number(prefix="plan", verb="n", value=n) if path[:1] == ["sup"] and len(path) == 3:
            problem = _count_problem(free(state, war, path[2]), n)
            if problem:
                raise _illegal(problem, "E_BAD_COUNT")
            attack_id = int(path[1])
            war.supports.append(Support(path[2], n, attack_id))
            war.plan_log.append("support")
            path.clear()
        case _:
            raise _illegal(_wrong_step(war), "E_WRONG_STEP")


def _wrong_step(war: War) -> Problem:
    path = war.path
    if not path:
        return Problem("Choose a territory to attack from, an attack to support, confirm, or attack nobody.",
                       phrase("refuse.plan-step-start"))
    if path[0] == "from":
        if _target_step(path):
            return Problem("Choose the territory to attack.", phrase("refuse.plan-step-target"))
        if len(path) == 2:
            return Problem("Choose how to attack (on foot, portal or airborne card).", phrase("refuse.plan-step-mode"))
        return Problem("Choose how many armies attack.", phrase("refuse.plan-step-count"))
    if len(path) == 2:
        return Problem("Choose where the support comes from.", phrase("refuse.plan-step-support"))
    return Problem("Choose how many armies support.", phrase("refuse.plan-step-support-count"))


def _target_step(path: list[str]) -> bool:
    """Whether an attack draft waits for its target (after the mode, or after a terrain group)."""
    return path[:1] == ["from"] and (len(path) == 3 or (len(path) == 4 and path[3].startswith("zone:")))


def _count_step(path: list[str]) -> bool:
    """Whether an attack draft waits for its number of armies."""
    return path[:1] == ["from"] and len(path) == 4 and not path[3].startswith("zone:")


def _add_mode(state: TribesState, war: War, mode: str) -> None:
    source = war.path[1]
    problem = mode_problem(state, war, source, mode)
    if problem is None and not _targets(state, war, source, mode):
        problem = Problem("There is nothing to attack that way from here.", phrase("refuse.plan-nothing-that-way"))
    if problem:
        raise _illegal(problem)
    war.path.append(mode)


def _undo(war: War) -> None:
    if war.path:
        if len(war.path) <= 2:  # ["from", source] and ["sup", attack] are one step each
            war.path.clear()
        else:
            war.path.pop()
        return
    if not war.plan_log:
        raise _illegal(Problem("There is nothing to undo.", phrase("refuse.there-nothing-undo")), "E_NOTHING_TO_UNDO")
    if war.plan_log.pop() == "support":
        war.supports.pop()
    else:
        attack = war.attacks.pop()
        war.supports[:] = [s for s in war.supports if s.attack != attack.id]


def _check_whole(state: TribesState, war: War) -> None:
    """The whole plan again (each army once, each target once, cards ≤ 2) before it is sealed."""
    used: dict[str, int] = {}
    for attack in war.attacks:
        used[attack.source] = used.get(attack.source, 0) + attack.armies
    for s in war.supports:
        used[s.territory] = used.get(s.territory, 0) + s.count
    for territory, count in used.items():
        if count > own_armies(state, war.active, territory):
            raise _illegal(Problem(f"Your plan uses more armies of {place(territory)} than stand there.",
                                   phrase("refuse.plan-too-many", place=words.place(territory))))
    targets = [a.target for a in war.attacks]
    if len(set(targets)) != len(targets):
        raise _illegal(Problem("Each territory can be the target of one attack only.",
                               phrase("refuse.plan-one-per-target")))
    if len(airborne_cards(war)) > MAX_BATTLE_CARDS:
        raise _illegal(AT_MOST_TWO_CARDS)


def _seal(state: TribesState, war: War, events: list[Event]) -> None:
    """Confirm the plan: fix each attack's defender and announce it publicly."""
    for attack in war.attacks:
        area = state.areas[attack.target]
        attack.defender = area.controller
        attack.defending = area.armies
    war.plan_done = True
    war.path.clear()
    who = Side(state, war.active)
    tribe = words.tribe(state, war.active)
    if not war.attacks:
        events.append(public_event(f"{who} attack nobody this turn.", "war_plan",
                                   phrase=phrase("plan.no-attack", tribe=tribe), player=war.active))
        return
    for attack in war.attacks:
        supports = _support_sentences(war, attack)
        text = f"{who} {attack_sentence(state, attack)}" + (
            f", supported by {', '.join(supports)}." if supports else ".")
        events.append(public_event(text, "war_plan", phrase=_attack_said(state, war, attack), player=war.active,
                                   attack=attack.id,
                                   source=attack.source, target=attack.target, armies=attack.armies))
    if any(a.card for a in war.attacks):
        # an airborne card is shown when the plan is made (§8.1)
        events.append(public_event(f"{who} reveal {', '.join(card_name(c) for c in airborne_cards(war))} "
                                   "for airborne attacks.", "war_plan",
                                   phrase=phrase("plan.airborne-cards", tribe=tribe,
                                                 cards=listed(words.card(c) for c in airborne_cards(war))),
                                   player=war.active))

