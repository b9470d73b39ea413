"""The normal computer player's step policy for Gnome Tribes: the next menu step of a sensible whole order.

A Tribes game asks about 400-600 small questions (each menu step of an order is one). Judging each step by
evaluating its outcome sees nothing of a war (an attack only pays when the combat is resolved, later), so this
module decides like a player who knows what order he is building: it plans the whole order from the position
(the investment, the invasion plan, the battle cards, the deployment) and answers with the next step of that
plan given the draft so far. Deterministic, cheap (no search) and reads only the deciding player's knowledge:
its own draft, purse, posts and hand, and the public board. `step` returns None where it has no opinion; the
caller then judges the offered steps by evaluation.
"""

from __future__ import annotations

import operator
from collections.abc import Callable

from engine.core.actions import CONFIRM_ID, Action
from engine.core.game import Game
from engine.tribes import phases
from engine.tribes.actions import PASS_ID
from engine.tribes.ai_war import (
    ENOUGH_MARGIN,
    attack_options,
    battle_pick,
    best_attack,
    best_of,
    deployment_move,
    enemy_reach,
    planned_margin,
)
from engine.tribes.common import real
from engine.tribes.goals import measures
from engine.tribes.investment import ARMY_PRICE, recruit_places, room_at, spent
from engine.tribes.state import MAX_ARMIES, Draft, TribesState
from engine.tribes.war import battle_cards, deployment
from engine.tribes.war.common import MENU_ROOM, board, own_armies, plan_use, zone_of
from engine.tribes.war.plan import _targets as plan_targets
from engine.tribes.war.plan import support_problem
from engine.tribes.war_state import War

RESEARCH_COST = 10  # R-T14
LAUNCH_MINIMUM = 5  # R-T15: a launching post holds at least 5 GG
LAUNCH_TURN = 5  # R-T11
# Armies wanted on a home-type territory or city a rival could attack, beyond his reach.
SAFETY = 1
# Wealth kept in the purse when the adopted goal is Gold (§12.1 goal 1): every GG spent lowers the measure.
GOLD_GOAL = 1
CARDS_GOAL = 3
WAR_GOAL = 4


def step(game: Game[TribesState], state: TribesState, player: int, checked: bool = True) -> Action | None:
    """The policy's next step for `player` (one of the offered actions), or None to let evaluation decide.

    Unchecked (`checked=False`, for search rollouts), the step is returned without asking the menu whether it
    is offered: listing a plan menu costs more than the policy itself, and the game's apply checks anyway.
    """
    handler = HANDLERS.get(state.phase)
    if handler is None:
        return None
    wanted = handler(game, state, player)
    if wanted is None:
        return None
    if not checked:
        return Action(wanted, wanted)
    offered = {a.id: a for a in game.legal_actions(state, player)}
    if wanted in offered:
        return offered[wanted]
    if game.is_typed_order(wanted):
        return Action(wanted, wanted)
    return None


# --- investment (§6) ----------------------------------------------------------------------------------------


def _bills_for(amount: int) -> list[int]:
    """Bills adding up to `amount` with the fewest notes (the bank makes change, R-T2)."""
    out = []
    for value in (20, 10, 5, 2, 1):
        while amount >= value:
            out.append(value)
            amount -= value
    return out


Plan = tuple[dict[str, int], dict[str, list[int]]]
# Extra bills a stronger level adds before the rest goes to armies: (state, player, budget left, bills so far)
# -> bills by post to add (their sum at most the budget).
Extra = Callable[[TribesState, int, int, dict[str, list[int]]], dict[str, list[int]]]


def investment_plan(state: TribesState, player: int, extra: Extra | None = None) -> Plan:
    """The whole order `player` wants this turn: recruits by territory and bills by post (`extra`: bills a
    stronger level adds before the rest goes to armies; the normal level adds none)."""
    me = state.players[player]
    budget = me.purse
    zeros = me.zeros
    recruits: dict[str, int] = {}
    bills: dict[str, list[int]] = {}
    goal = state.goal
    if goal == GOLD_GOAL:
        return recruits, bills  # every GG kept counts for the adopted goal
    places = recruit_places(state, player)
    supply = MAX_ARMIES - sum(a.armies for a in state.areas.values() if a.controller == player)

    def recruit(territory: str, wanted: int) -> None:
        nonlocal budget, supply
        here = 5 - state.areas[territory].armies - recruits.get(territory, 0)
        count = max(0, min(wanted, here, supply, budget // ARMY_PRICE))
        if count:
            recruits[territory] = recruits.get(territory, 0) + count
            budget -= ARMY_PRICE * count
            supply -= count

    # 1. threatened places first: a city or home-type territory a rival could overrun
    threatened = sorted(places, key=lambda t: (-(enemy_reach(state, player, t) - own_armies(state, player, t)), t))
    for t in threatened:
        gap = enemy_reach(state, player, t) + SAFETY - own_armies(state, player, t)
        if gap > 0 and enemy_reach(state, player, t) > 0:
            recruit(t, gap)
    # 2. research: 10 GG on the post draws a card (+4 VP) this very turn (R-T14, R-T20)
    need = RESEARCH_COST - real(me.posts["research"])
    if state.deck and need > 0 and budget >= need and goal != WAR_GOAL:
        bills["research"] = _bills_for(need)
        budget -= need
    # 3. espionage on a rival without guards: a sure card and +4 VP for 5 GG (R-T15)
    if (state.turn >= LAUNCH_TURN or state.options.turbo) and real(me.posts["espionage"]) < LAUNCH_MINIMUM:
        prey = [q for q in range(state.player_count)
                if q != player and state.players[q].hand and not state.players[q].posts["guards"]]
        need = LAUNCH_MINIMUM - real(me.posts["espionage"])
        if prey and budget >= need:
            bills["espionage"] = _bills_for(need)
            budget -= need
    # 4. a bluff on the guards: a 0-GG bill costs nothing and shows a count (R-T2, R-T17)
    if not me.posts["guards"] and zeros > 0 and state.turn >= LAUNCH_TURN - 1:
        bills["guards"] = [0]
    if extra is not None:
        for post, values in extra(state, player, budget, bills).items():
            bills.setdefault(post, []).extend(values)
            budget -= sum(values)
    # 5. the rest in armies where they can attack next (toward the front), unless the goal is Cards
    if goal != CARDS_GOAL and places:
        front = sorted(places, key=lambda t: (-enemy_reach(state, player, t), -_free_neighbours(state, t), t))
        for t in front:
            if budget < ARMY_PRICE or supply <= 0:
                break
            recruit(t, 5)
    return recruits, bills


def _free_neighbours(state: TribesState, territory: str) -> int:
    return sum(1 for t in board().adjacent(territory) if state.areas[t].controller is None)


def _missing(wanted: list[int], have: list[int]) -> list[int]:
    """The bills of `wanted` not yet in `have` (as a multiset)."""
    left = list(have)
    out = []
    for value in wanted:
        if value in left:
            left.remove(value)
        else:
            out.append(value)
    return out


def _investment(game: Game[TribesState], state: TribesState, player: int) -> str | None:
    return investment_step(state, player, investment_plan(state, player))


def investment_step(state: TribesState, player: int, plan: Plan) -> str | None:
    """The next menu step toward the whole investment order `plan` (None once the order is sealed)."""
    draft = state.drafts.get(player) or Draft()  # no draft yet: nothing chosen
    if draft.done:
        return None
    order = draft.investment
    recruits, bills = plan
    if draft.path[:1] == ["at"]:
        territory = draft.path[1]
        count = min(recruits.get(territory, 0) - order.recruits.get(territory, 0),
                    room_at(state, player, order, territory))
        return f"inv:n:{max(1, count)}"
    if draft.path[:1] == ["post"]:
        missing = _missing(bills.get(draft.path[1], []), order.bills.get(draft.path[1], []))
        return f"inv:bill:{missing[0]}" if missing else "undo"
    for territory, count in recruits.items():
        if order.recruits.get(territory, 0) < count and room_at(state, player, order, territory) > 0:
            return f"inv:at:{territory}"
    for post, values in bills.items():
        missing = _missing(values, order.bills.get(post, []))
        if missing and state.players[player].purse - spent(order) >= min(missing):
            return f"inv:post:{post}"
    return CONFIRM_ID if draft.history else PASS_ID


# --- launches, exchange, vote (§7, §12) -----------------------------------------------------------------------


def _launch(game: Game[TribesState], state: TribesState, player: int) -> str | None:
    draft = state.drafts.get(player) or Draft()
    if draft.done:
        return None
    me = state.players[player]
    if draft.path == ["spy"]:
        return f"launch:spy:{_spy_target(state, player)}"
    ready = draft.launch.espionage is None and real(me.posts["espionage"]) >= LAUNCH_MINIMUM
    if ready and _spy_target(state, player) is not None:
        return "launch:spy"
    return CONFIRM_ID if draft.history else PASS_ID


def _spy_target(state: TribesState, player: int) -> int | None:
    """The rival with most cards whose guards hold no bill (a sure success, R-T15, R-T17)."""
    prey = [q for q in range(state.player_count)
            if q != player and state.players[q].hand and not state.players[q].posts["guards"]]
    return max(prey, key=lambda q: (len(state.players[q].hand), -q)) if prey else None


def _exchange(game: Game[TribesState], state: TribesState, player: int) -> str:
    richer = [q for q in range(state.player_count) if q != player and state.players[q].vp > state.players[player].vp]
    if not richer:
        return "xchg:decline"
    return f"xchg:{max(richer, key=lambda q: (state.players[q].vp, -q))}"


def best_goal(state: TribesState, player: int) -> int:
    """The goal `player` stands best in: most rivals behind minus rivals ahead (§12.1; goal 6 lower is better)."""
    table = measures(state)

    def standing(goal: int) -> float:
        m = table[goal]
        mine = m[player]
        ahead = operator.lt if goal == 6 else operator.gt
        return float(sum(1 for q, v in m.items() if q != player and ahead(mine, v))
                     - sum(1 for q, v in m.items() if q != player and ahead(v, mine)))

    return max(range(1, 7), key=lambda g: (standing(g), -g))


def _vote(game: Game[TribesState], state: TribesState, player: int) -> str:
    return f"vote:{best_goal(state, player)}"


# --- Phase 4 (§8) ------------------------------------------------------------------------------------------


def _plan(game: Game[TribesState], state: TribesState, player: int) -> str | None:
    war = state.war
    if war is None or war.active != player or war.plan_done:
        return None
    path = war.path
    if not path:
        if war.attacks:
            last = war.attacks[-1]
            if planned_margin(state, war, last.id) < ENOUGH_MARGIN and _support_from(state, war, last.id):
                return f"plan:sup:{last.id}"
        option = best_attack(state, war)
        if option is not None:
            return f"plan:from:{option.source}"
        return CONFIRM_ID if war.attacks else "plan:none"
    if path[0] == "from":
        # once a source is chosen (by this policy or by the hard level's search) its best target is taken
        options = attack_options(state, war, [path[1]])
        option = best_of([o for o in options if len(path) == 2 or o.mode == path[2]])
        if option is None:
            return "undo"
        if len(path) == 2:
            return f"plan:{option.mode}"
        if len(path) == 3 or path[3].startswith("zone:"):
            if len(path) == 3 and _too_many_targets(state, war, path[1], path[2]):
                return f"plan:zone:{zone_of(option.target)}"
            return f"plan:to:{option.target}"
        free = own_armies(state, player, path[1]) - plan_use(war, path[1])
        return f"plan:n:{free}"
    if len(path) == 2:
        sources = _support_from(state, war, int(path[1]))
        if not sources:
            return "undo"
        return f"plan:by:{max(sources, key=lambda t: (_free(state, t), t))}"
    return f"plan:n:{_free(state, path[2])}"


def _free(state: TribesState, territory: str) -> int:
    war = state.war
    assert war is not None
    return own_armies(state, war.active, territory) - plan_use(war, territory)


def _support_from(state: TribesState, war: War, attack_id: int) -> list[str]:
    attack = next((a for a in war.attacks if a.id == attack_id), None)
    if attack is None:
        return []
    return [t for t in board().order if support_problem(state, war, attack, t) is None]


def _too_many_targets(state: TribesState, war: War, source: str, mode: str) -> bool:
    """Whether the menu groups this attack's targets by terrain first (its own list decides)."""
    return len(plan_targets(state, war, source, mode)) > MENU_ROOM


def _defence(game: Game[TribesState], state: TribesState, player: int) -> str:
    return "def:auto"  # §8.2: every eligible army supports; the plan-order default is as good as any here


def _cards(game: Game[TribesState], state: TribesState, player: int) -> str | None:
    war = state.war
    if war is None or player not in war.cards:
        return None
    draft = war.cards[player]
    if draft.cards or draft.path or draft.closed:
        return None  # a step-by-step draft already begun (by a person before an AI took the seat)
    playable = battle_cards._playable(state, war, player)
    pick = battle_pick(state, war, player, playable)
    return f"card:pick:{','.join(pick)}" if pick else "card:pass"


def _deploy(game: Game[TribesState], state: TribesState, player: int) -> str | None:
    war = state.war
    if war is None or war.active != player:
        return None
    unmoved = {t: deployment.unmoved(state, player, t) for t in board().order if own_armies(state, player, t)}
    path = war.path
    if not path:
        move = deployment_move(state, war, unmoved)
        return "dep:end" if move is None else f"dep:from:{move.source}"
    move = deployment_move(state, war, unmoved)
    if move is None or move.source != path[0]:
        return "undo"
    if len(path) == 1:
        if move.count == unmoved.get(path[0], 0):
            return f"dep:all:{move.target}"
        return f"dep:to:{move.target}"
    return f"dep:n:{move.count}"


def _timeout(game: Game[TribesState], state: TribesState, player: int) -> str:
    return game.timeout_action(state, player).id


HANDLERS: dict[str, Callable[[Game[TribesState], TribesState, int], str | None]] = {
    phases.TRIBE: lambda g, s, p: g.timeout_action(s, p).id,
    phases.INVESTMENT: _investment,
    phases.LAUNCH: _launch,
    phases.EXCHANGE: _exchange,
    phases.VOTE: _vote,
    phases.REVOTE: _vote,
    phases.GNOMBUT: lambda g, s, p: "but:keep",
    phases.PLAN: _plan,
    phases.DEFENCE: _defence,
    phases.CARDS: _cards,
    phases.FLAK: lambda g, s, p: "flak:auto",
    phases.ORDER: lambda g, s, p: "order:plan",
    phases.RETREAT: _timeout,
    phases.MOVE_IN: _timeout,
    phases.DEPLOY: _deploy,
}

