"""What a computer player knows about Gnome Tribes: imagining hidden money and cards, judging a position.

The game is played in menu steps; candidates are the game's shortcuts and menu steps (passive ones last), and
the greedy player finishes an opened draft the plain way before judging it (engine.ai.heuristic). Before the
goal is voted the evaluation weighs every goal's measure (§12.1: wealth, lands, cards, armies, VP); once a goal
is adopted, that goal's measure dominates. A player's own sealed investment counts as done (armies recruited,
bills on posts), because its effect only shows when every order is revealed.
"""

from __future__ import annotations

from typing import Any

from engine.ai.basic import is_passive
from engine.ai.hooks import default_candidates
from engine.core.actions import Action
from engine.core.game import Game
from engine.core.rng import Rng
from engine.tribes import phases
from engine.tribes.common import army_total, controlled, real
from engine.tribes.goals import measures
from engine.tribes.setup import GNOMPAX_CARD
from engine.tribes.state import DENOMINATIONS, POSTS, Draft, TribesState, clone

SCALE = 5.0
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
    better = (lambda a, b: a < b) if goal == 6 else (lambda a, b: a > b)  # goal 6: lower rank sum wins
    return float(sum(1 for q, v in m.items() if q != seat and better(mine, v))
                 - sum(1 for q, v in m.items() if q != seat and better(v, mine)))


def candidates(game: Game[Any], state: TribesState, player: int) -> list[Action]:
    """Shortcuts and menu steps, doing ones first and passive ones (pass, end, none) last."""
    found = default_candidates(game, state, player)
    doing = [a for a in found if not is_passive(a) and not a.id.endswith((":none", ":end"))]
    rest = [a for a in found if a not in doing]
    return doing + rest
