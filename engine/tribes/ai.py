"""What a computer player knows about Gnome Tribes: imagining hidden money and cards, judging a position.

The game is played in menu steps (400-600 a game). The normal level follows `policy` (engine.tribes.ai_policy):
the next step of a whole order planned from the position (invest, attack where the expected margin is good,
play the cards that count, deploy toward the front). The hard level takes the same steps except at the top of
an invasion plan (`search_point`), where it searches the plan's next attack, support, confirmation or "nobody"
with policy rollouts to the end of its war step (`horizon`), and where it plays its own steps
(engine.tribes.ai_hard: the investment and launch orders, the vote, Gnom'But), offered as the one candidate of
those points. Elsewhere candidates are the game's shortcuts and menu steps (passive ones last), and the greedy
player finishes an opened draft the plain way before judging it (engine.ai.heuristic; the easy level, and any
step the policy has no opinion on). Before the
goal is voted the evaluation weighs every goal's measure (§12.1: wealth, lands, cards, armies, VP); once a goal
is adopted, that goal's measure dominates. A player's own sealed investment counts as done (armies recruited,
bills on posts), because its effect only shows when every order is revealed.
"""

from __future__ import annotations

import operator
from typing import Any

from engine.ai.basic import is_passive
from engine.ai.hooks import default_candidates
from engine.core.actions import CONFIRM_ID, Action
from engine.core.game import Game
from engine.core.rng import Rng
from engine.tribes import ai_hard, ai_policy, phases
from engine.tribes.ai_war import attack_options
from engine.tribes.common import army_total, controlled, real
from engine.tribes.goals import measures
from engine.tribes.setup import GNOMPAX_CARD
from engine.tribes.state import DENOMINATIONS, POSTS, Draft, TribesState, clone

SCALE = 5.0
# Policy rollouts a hard decision runs at a search point (each plays the war step out, about 20-60 steps):
# about 0.5 s of CPU on this machine, and a game has about 100 search points.
HARD_ITERATIONS = 32
# Attacks the search still tries (a riskier margin than the policy's own ATTACK_MARGIN) and how many options.
SEARCH_MIN_MARGIN = 1.0
MAX_PLAN_CANDIDATES = 7
# Weights of each goal's measure before the vote (§12.1 goals 1-5), in evaluation points per unit.
OPEN_WEIGHTS = {1: 0.25, 2: 1.5, 3: 2.0, 4: 1.0, 5: 0.5}
# Once a goal is adopted: points per unit of its measure (goal 6 counts ranks: lower is better).
GOAL_WEIGHTS = {1: 1.0, 2: 5.0, 3: 8.0, 4: 3.0, 5: 2.0, 6: -10.0}
RESEARCH_READY_POINTS = 3.0  # a Research post of 10 GG or more draws a card (+4 VP) next research
# A ballot cast (R-T39) is worth this much per place the voter stands ahead in that goal's ranking: the vote
# decides the winner, so a sensible voter names the goal he leads.
BALLOT_POINTS = 6.0
GNOMPAX_WINDOW = 11  # Gnompax hides among the last 11 cards (setup)
ZEROS_PER_PLAYER = 3


def determinize(game: Game[Any], state: TribesState, seat: int, rng: Rng) -> TribesState:
    """A state `seat` cannot tell from `state`: others' hands re-dealt with the deck, Gnompax re-hidden among
    the last cards, others' purses set to a public guess (one income), the values of their bills re-drawn
    (their count is public), their sealed orders emptied, and the dice to come re-rolled; everything public and
    `seat`'s own secrets kept (§15)."""
    s = clone(state)
    if s.phase == phases.FINISHED:
        return s
    others = [q for q in range(s.player_count) if q != seat]
    unseen = sorted([c for c in s.deck if c != GNOMPAX_CARD] + [c for q in others for c in s.players[q].hand])
    rng.shuffle(unseen)
    for q in others:
        held = len(s.players[q].hand)
        s.players[q].hand, unseen = unseen[:held], unseen[held:]
    if GNOMPAX_CARD in s.deck:
        window = min(GNOMPAX_WINDOW, len(unseen) + 1)
        at = len(unseen) + 1 - window + rng.randbelow(window)
        unseen.insert(at, GNOMPAX_CARD)
    s.deck = unseen
    for q in others:
        player = s.players[q]
        player.purse = 5 + len(controlled(s, q))
        zeros = 0
        for post in POSTS:
            bills = []
            for _ in player.posts[post]:
                value = rng.choice(DENOMINATIONS)
                if value == 0:
                    if zeros == ZEROS_PER_PLAYER:
                        value = 1
                    else:
                        zeros += 1
                bills.append(value)
            player.posts[post] = bills
        player.zeros = ZEROS_PER_PLAYER - zeros
        if q in s.drafts:
            s.drafts[q] = Draft(done=s.drafts[q].done)
    s.rng = (rng.next_u32() << 32) | rng.next_u32()
    s.setup_events = []
    return s


def evaluate(game: Game[Any], state: TribesState, seat: int) -> float:
    """Goal measures of `seat` (all of them before the vote, the adopted one after), with its sealed order."""
    player = state.players[seat]
    draft = state.drafts.get(seat)
    recruits = sum(draft.investment.recruits.values()) if draft is not None else 0
    planned = {post: list(bills) for post, bills in (draft.investment.bills.items() if draft is not None else ())}
    research = real(player.posts["research"]) + sum(planned.get("research", []))
    value = RESEARCH_READY_POINTS if research >= 10 else 0.0
    vote = state.vote
    if state.goal is None and vote is not None and seat in vote.ballots:
        value += BALLOT_POINTS * _standing(state, vote.ballots[seat], seat)
    if state.goal is None:
        wealth = player.purse + sum(real(player.posts[p]) for p in POSTS)
        value += (OPEN_WEIGHTS[1] * wealth + OPEN_WEIGHTS[2] * len(controlled(state, seat))
                  + OPEN_WEIGHTS[3] * len(player.hand) + OPEN_WEIGHTS[4] * (army_total(state, seat) + recruits)
                  + OPEN_WEIGHTS[5] * player.vp)
        return value
    measure = measures(state)[state.goal][seat]
    if state.goal == 4:
        measure += recruits
    return value + GOAL_WEIGHTS[state.goal] * measure + 0.1 * player.vp


def _standing(state: TribesState, goal: int, seat: int) -> float:
    """How many players `seat` is ahead of minus how many are ahead of him, in `goal`'s measure (§12.1)."""
    m = measures(state)[goal]
    mine = m[seat]
    better = operator.lt if goal == 6 else operator.gt  # goal 6: lower rank sum wins
    return float(sum(1 for q, v in m.items() if q != seat and better(mine, v))
                 - sum(1 for q, v in m.items() if q != seat and better(v, mine)))


def policy(game: Game[Any], state: TribesState, player: int) -> Action | None:
    """The next step of the whole order a sensible player builds (engine.tribes.ai_policy); the normal level."""
    return ai_policy.step(game, state, player)


def rollout_policy(game: Game[Any], state: TribesState, player: int) -> Action | None:
    """The policy's step unchecked against the menu (search rollouts only: the game's apply checks it)."""
    return ai_policy.step(game, state, player, checked=False)


def search_point(game: Game[Any], state: TribesState, player: int) -> bool:
    """Whether the hard level decides this step itself: the top of an invasion plan (which attack next, or none,
    or confirm), searched, and the steps it plays its own way (`ai_hard.owns`: one candidate, no search). Every
    other step (about 95% of a game's 400-600: investment and deployment steps, counts, the
    rest of an attack once its source is chosen, forced steps) is the policy's, so hard stays within budget."""
    if ai_hard.owns(state, player):
        return True
    war = state.war
    return (state.phase == phases.PLAN and war is not None and war.active == player and not war.plan_done
            and not war.path)


def horizon(game: Game[Any], start: TribesState, state: TribesState) -> bool:
    """A search rollout stops once the searching player's war step is over (its combats resolved and its
    deployment made), where conquests and losses show in the evaluation."""
    if state.phase == phases.FINISHED or state.turn != start.turn:
        return True
    if start.war is None:
        return state.war is not None
    return state.war is None or state.war.active != start.war.active


def candidates(game: Game[Any], state: TribesState, player: int) -> list[Action]:
    """At a search point: the policy's step, then attack nobody, confirm, support the last attack, and the
    sources of the most valuable attacks that are not hopeless. Elsewhere: shortcuts and menu steps, doing ones
    first and passive ones (pass, end, none) last."""
    if ai_hard.owns(state, player):
        return _hard_step(game, state, player)
    if search_point(game, state, player):
        return _plan_candidates(game, state, player)
    found = default_candidates(game, state, player)
    doing = [a for a in found if not is_passive(a) and not a.id.endswith((":none", ":end"))]
    rest = [a for a in found if a not in doing]
    return doing + rest


def _plan_candidates(game: Game[Any], state: TribesState, player: int) -> list[Action]:
    war = state.war
    assert war is not None
    offered = {a.id: a for a in game.legal_actions(state, player)}
    wanted: list[str] = []
    first = policy(game, state, player)
    if first is not None:
        wanted.append(first.id)
    wanted += ["plan:none", CONFIRM_ID]
    if war.attacks:
        wanted.append(f"plan:sup:{war.attacks[-1].id}")
    options = sorted((o for o in attack_options(state, war) if o.margin >= SEARCH_MIN_MARGIN),
                     key=lambda o: (-o.value, o.source, o.target))
    wanted += [f"plan:from:{o.source}" for o in options]
    out: list[Action] = []
    for action_id in wanted:
        if action_id in offered and offered[action_id] not in out:
            out.append(offered[action_id])
    return out[:MAX_PLAN_CANDIDATES]


def _hard_step(game: Game[Any], state: TribesState, player: int) -> list[Action]:
    """The hard level's own step (engine.tribes.ai_hard) as the one candidate; the normal policy's when it has
    none or the menu does not offer it."""
    wanted = ai_hard.step(game, state, player)
    offered = {a.id: a for a in game.legal_actions(state, player)}
    if wanted is not None and wanted in offered:
        return [offered[wanted]]
    first = policy(game, state, player)
    return [first] if first is not None else default_candidates(game, state, player)
