"""The computer player's war sense in Gnome Tribes: which attacks pay, which cards to play, where to deploy.

Everything here reads only what the deciding player may know (the board and counts are public, §15; the hand
is its own) and is cheap: no search, a few passes over the 29 territories. `engine.tribes.ai_policy` turns these
judgements into the next menu step.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.tribes.board import GNOMLAB
from engine.tribes.cards import FOG, SIEGE, WEAPON, card_of, weapon_bonus
from engine.tribes.state import TribesState
from engine.tribes.war.common import board, capacity, is_city, own_armies, plan_use, tribe_of
from engine.tribes.war_state import Attack, War

# Expected bonus of each card the defender might play (at most 2, §8.3) on a land territory: about half the deck
# is weapons, worth 1-3 on their terrains (R-T4); on a city or the Gnomlab a weapon gives nothing (R-T30).
DEFENDER_CARD_GUESS = 0.8
# An attack is planned only when the expected margin reaches this (R-T32: 1-2 makes the defenders retreat,
# 3 destroys them, -3 destroys the attackers): the guess of the defender's cards can be wrong by a point or two.
ATTACK_MARGIN = 3.0
# Points a conquest is worth beyond its VP (R-T35): one more territory is 1 GG a turn and counts for Lands.
TERRITORY_WORTH = 3.0
CONQUEST_VP = {"land": 2, "gnomlab": 5, "city": 10}  # R-T35
DESTROYED_VP = 2  # R-T35: -2 VP per army destroyed in the attacker's combats, anyone's
STACK_PREFERENCE = 0.1
CITY_SOURCE_COST = 1.0
# A supported attack whose margin is already this large takes no further support (armies stay free).
ENOUGH_MARGIN = 6.0


@dataclass(frozen=True, slots=True)
class AttackOption:
    """One attack worth planning: from where, how (ground or portal), on what, with how many, and its worth."""

    source: str
    mode: str
    target: str
    armies: int
    support: int
    margin: float
    value: float


def kind_of(territory: str) -> str:
    """"city", "gnomlab" or "land" (for conquest VP)."""
    kind = board().type_of(territory)
    return kind if kind in ("city", "gnomlab") else "land"


def defence_estimate(state: TribesState, target: str, attacked: set[str]) -> float:
    """The defender's expected strength at `target`: armies, compulsory support (§8.2), home and city bonus
    (R-T31), and a guess for the cards he may play."""
    area = state.areas[target]
    defender = area.controller
    if defender is None:
        return 0.0
    tribe = tribe_of(state, defender)
    support = 0
    for t in board().order:
        if t == target or t in attacked or own_armies(state, defender, t) == 0:
            continue
        if is_city(target):  # §9.2: a city is supported by its physical neighbours only
            near = t != GNOMLAB and board().is_adjacent(t, target)
        else:
            near = board().combat_adjacent(tribe, t, target)
        if near:
            support += own_armies(state, defender, t)
    home = 1 if board().type_of(target) == tribe else 0
    fort = 1 if board().territories[target].black and area.armies >= 1 else 0
    cards = min(2, len(state.players[defender].hand))
    guess = 0.0 if board().territories[target].black else DEFENDER_CARD_GUESS * cards
    return area.armies + support + home + fort + guess


def card_bonus(hand: list[str], territory: str, attacking: bool) -> int:
    """The best bonus two cards of `hand` give on `territory` (weapons on land; siege for an attacker on a
    black territory, R-T30)."""
    black = board().territories[territory].black
    kind = board().type_of(territory)
    bonuses = []
    for card in hand:
        design = card_of(card)
        if design.kind == WEAPON and not black:
            bonuses.append(weapon_bonus(card, kind))
        elif design.kind == SIEGE and black and attacking:
            bonuses.append(design.siege)
    return sum(sorted(bonuses, reverse=True)[:2])


def _free(state: TribesState, war: War, territory: str) -> int:
    return own_armies(state, war.active, territory) - plan_use(war, territory)


def support_sources(state: TribesState, war: War, source: str, target: str, mode: str) -> list[str]:
    """Territories whose free armies may support an attack from `source` on `target` (§8.1, R-T23, R-T24)."""
    tribe = tribe_of(state, war.active)
    out = []
    for t in board().order:
        if t == source or _free(state, war, t) < 1:
            continue
        near_target = board().combat_adjacent(tribe, t, target)
        if near_target or (mode != "card" and board().combat_adjacent(tribe, t, source)):
            out.append(t)
    return out


def _targets(state: TribesState, war: War, source: str, mode: str) -> list[str]:
    me = war.active
    tribe = tribe_of(state, me)
    planned = {a.target for a in war.attacks}
    out = []
    for target in board().order:
        area = state.areas[target]
        if area.controller in (None, me) or target in planned:
            continue
        if area.armies == 0 and not is_city(target):  # R-T22: only armies or a vacant enemy city
            continue
        if mode == "ground" and not board().is_adjacent(source, target):
            continue
        if mode == "portal" and (board().type_of(source) != tribe or board().type_of(target) != tribe):
            continue  # R-T23
        out.append(target)
    return out


def attack_value(state: TribesState, target: str, margin: float) -> float:
    """What conquering `target` at `margin` is worth to the attacker, in points (VP and territory)."""
    defending = state.areas[target].armies
    value = CONQUEST_VP[kind_of(target)] + TERRITORY_WORTH
    if margin >= 3:
        value -= DESTROYED_VP * defending  # R-T35: every destroyed defender costs the attacker 2 VP
        value += 1.5 * defending  # ... but the rival loses them for good
    return value


def attack_options(state: TribesState, war: War, sources: list[str] | None = None) -> list[AttackOption]:
    """Every attack the plan could still add with free armies (all free armies of the source, all support)."""
    me = war.active
    hand = state.players[me].hand
    attacked = {a.target for a in war.attacks}
    found: list[AttackOption] = []
    for source in sources if sources is not None else board().order:
        armies = _free(state, war, source)
        if armies < 1:
            continue
        for mode in ("ground", "portal"):
            for target in _targets(state, war, source, mode):
                support = sum(_free(state, war, t) for t in support_sources(state, war, source, target, mode))
                attack = armies + support + card_bonus(hand, target, attacking=True)
                margin = attack - defence_estimate(state, target, attacked | {target})
                # the attackers move in (R-T34): attack from the big stack and support from the small ones, and
                # rather not from a city, which the move-in may leave empty (§15.1 default)
                value = (attack_value(state, target, margin) + 0.01 * margin + STACK_PREFERENCE * armies
                         - (CITY_SOURCE_COST if is_city(source) else 0.0))
                found.append(AttackOption(source, mode, target, armies, support, margin, value))
    return found


def best_attack(state: TribesState, war: War, sources: list[str] | None = None,
                min_margin: float = ATTACK_MARGIN) -> AttackOption | None:
    """The most valuable attack the plan can still add with a margin of at least `min_margin` (options reaching
    ATTACK_MARGIN first), or None."""
    return best_of([o for o in attack_options(state, war, sources) if o.margin >= min_margin])


def best_of(options: list[AttackOption]) -> AttackOption | None:
    """The option to take among `options`: reaching ATTACK_MARGIN first, then the most valuable."""
    if not options:
        return None
    return max(options, key=lambda o: (o.margin >= ATTACK_MARGIN, o.value, o.source, o.target))


def planned_margin(state: TribesState, war: War, attack_id: int) -> float:
    """The expected margin of a planned attack with the support already planned for it."""
    attack = next(a for a in war.attacks if a.id == attack_id)
    support = sum(s.count for s in war.supports if s.attack == attack_id)
    hand = state.players[war.active].hand
    attacked = {a.target for a in war.attacks}
    return (attack.armies + support + card_bonus(hand, attack.target, attacking=True)
            - defence_estimate(state, attack.target, attacked))


def battle_pick(state: TribesState, war: War, player: int, playable: list[str]) -> list[str]:
    """The (at most 2) cards worth playing in this combat phase: those adding most to `player`'s close combats."""
    combats = list(war.attacks) if player == war.active else [a for a in war.attacks if a.defender == player]
    attacking = player == war.active
    scores: dict[str, float] = {}
    for card in playable:
        design = card_of(card)
        total = 0.0
        for attack in combats:
            black = board().territories[attack.target].black
            if design.kind == WEAPON and not black:
                total += weapon_bonus(card, board().type_of(attack.target))
            elif design.kind == SIEGE and black and attacking:
                total += design.siege
            elif design.kind == FOG:  # R-T29: the other side's support counts 0
                total += _rival_support(war, attack, attacking) * 0.5
        if total > 0:
            scores[card] = total
    return sorted(scores, key=lambda c: (-scores[c], c))[:2]


def _rival_support(war: War, attack: Attack, attacking: bool) -> int:
    """The other side's support in `attack` (what a Gnomfog would cancel, R-T29)."""
    if attacking:
        draft = war.defence.get(attack.defender) if attack.defender is not None else None
        return sum(s.count for s in (draft.supports if draft else []) if s.attack == attack.id)
    return sum(s.count for s in war.supports if s.attack == attack.id)


def enemy_reach(state: TribesState, player: int, territory: str) -> int:
    """The most armies one rival could throw at `territory` (its armies combat-adjacent to it)."""
    best = 0
    for rival in range(state.player_count):
        if rival == player:
            continue
        tribe = tribe_of(state, rival)
        total = sum(own_armies(state, rival, t) for t in board().order
                    if t != territory and board().combat_adjacent(tribe, t, territory))
        best = max(best, total)
    return best


def front_distance(state: TribesState, player: int) -> dict[str, int]:
    """Steps from each territory to the nearest rival-held or free territory (0 there), by physical borders."""
    dist: dict[str, int] = {}
    frontier = [t for t in board().order if state.areas[t].controller != player]
    for t in frontier:
        dist[t] = 0
    while frontier:
        nxt = []
        for t in frontier:
            for n in board().adjacent(t):
                if n not in dist:
                    dist[n] = dist[t] + 1
                    nxt.append(n)
        frontier = nxt
    return dist


@dataclass(frozen=True, slots=True)
class Move:
    """One deployment move: from, to, how many."""

    source: str
    target: str
    count: int


def deployment_move(state: TribesState, war: War, unmoved: dict[str, int]) -> Move | None:
    """The next worthwhile deployment move of the active player, or None to end the deployment.

    In order: enter a free territory next door with one army from a stack of 2 or more (+2 VP, R-T36; a city
    or the Gnomlab first); bring armies into an own city a rival could overrun; move surplus armies one step
    toward the front. One army stays on every territory: the last army leaving land or the Gnomlab costs 2 VP
    (R-T36), and an empty city is open to any attack.
    """
    me = war.active
    mine = [t for t in board().order if own_armies(state, me, t) > 0]

    def room(t: str) -> int:
        return capacity(t) - state.areas[t].armies

    entries: list[tuple[int, str, str]] = []
    for source in mine:
        spare = _spare(state, me, source, unmoved)
        if spare < 1:
            continue
        for target in board().adjacent(source):
            area = state.areas[target]
            if area.controller is None and area.armies == 0 and room(target) > 0:
                rank = {"city": 0, "gnomlab": 1}.get(board().type_of(target), 2)
                entries.append((rank, source, target))
    if entries:
        _, source, target = min(entries)
        return Move(source, target, 1)
    for city in mine:
        if not is_city(city):
            continue
        need = enemy_reach(state, me, city) + 1 - own_armies(state, me, city)
        if need <= 0 or room(city) <= 0:
            continue
        for source in board().adjacent(city):
            spare = _spare(state, me, source, unmoved)
            if spare >= 1 and enemy_reach(state, me, source) == 0:
                return Move(source, city, min(spare, need, room(city)))
    dist = front_distance(state, me)
    for source in mine:
        here = dist.get(source, 99)
        if here <= 1:
            continue  # already at the front
        spare = _spare(state, me, source, unmoved)
        if spare < 1:
            continue
        steps = [t for t in board().adjacent(source)
                 if dist.get(t, 99) < here and state.areas[t].controller == me and room(t) > 0]
        if steps:
            target = min(steps, key=lambda t: (dist[t], -room(t), t))
            return Move(source, target, min(spare, room(target)))
    return None


def _spare(state: TribesState, player: int, territory: str, unmoved: dict[str, int]) -> int:
    """Unmoved armies of `territory` that may leave it while one army stays."""
    return min(unmoved.get(territory, 0), own_armies(state, player, territory) - 1)
