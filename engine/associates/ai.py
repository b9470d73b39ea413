"""What a computer player knows about Gnomes & Associates: imagining hidden cards, judging a position, moves to try.

The game is played in small menu steps (G-1). Candidates are the game's own shortcuts (a one-zone Movement, "take
everything", "drop everything", keep the suggested five) followed by the menu steps, passive ones last; the greedy
player finishes an opened draft the plain way before judging it (engine.ai.heuristic). The evaluation is the
final score as §14 counts it (R-A42) — gold, 3 per artefact, the first Objective's 5 — plus what a player would
weigh in mid-game: Objectives towards the threshold, gold at risk on figurines, stunned or eliminated figurines,
components to craft with, cards in hand, and loot or rich targets within a few zones of each figurine.
"""

from __future__ import annotations

from collections import deque
from functools import cache
from typing import Any

from engine.ai.basic import is_passive
from engine.ai.hooks import default_candidates
from engine.associates import board
from engine.associates.ai_policy import horizon as horizon  # the hard level's rollouts end with the activation
from engine.associates.ai_policy import policy as policy  # the figurine choice, judged by its whole activation
from engine.associates.ai_policy import rollout_policy as rollout_policy
from engine.associates.ai_policy import search_point as search_point
from engine.associates.components import ARTEFACTS, COMPONENTS, threshold
from engine.associates.scoring import score_breakdown
from engine.associates.state import State, copy_state, figs_of, guilds_in_game, seat_of
from engine.core.actions import Action
from engine.core.game import Game
from engine.core.rng import Rng

SCALE = 4.0
# Search iterations of the hard level at a search point: each plays the rest of the activation greedily (about 5
# ms of CPU), so a few dozen fit the 0.6 s median; the candidates are few (3-7) and the imagined hands and dice
# vary little between iterations.
HARD_ITERATIONS = 60
OBJECTIVE_POINTS = 3.0
THRESHOLD_POINTS = 6.0
CARRIED_GOLD_RISK = 0.15
STUN_POINTS = 0.6
ELIMINATED_POINTS = 2.5
COMPONENT_POINTS = 1.0
CARD_POINTS = 0.4
NEARBY_WEIGHT = 0.25
NEARBY_RANGE = 3
# Each Stunned token on a rival's intact lair, for the Brigands: the third brings the lair down and with it an
# Objective (R-A23: 3 points here, the 5 GP reward, a step to the threshold), and lair tokens never leave. Without
# it the evaluation saw nothing until the lair fell, so no search that ends with one activation attacked a lair.
LAIR_STUN_POINTS = 2.5
# For the Thieves, a lair they may rob for an Objective (R-A22: an adverse lair other than the last one robbed for
# an Objective) pulls each figurine by this much over one plus its steps to it, measured against the pull at their
# own den so that the term is 0 as the game starts and sways no choice of guild: their mission is a walk from lair
# to lair, and nothing else in the evaluation pointed the way.
ROBBABLE_LAIR_POINTS = 4.0


def determinize(game: Game[Any], state: State, seat: int, rng: Rng) -> State:
    """A state `seat` cannot tell from `state`: every other hand re-dealt from that player's unseen cards (hand
    and draw pile together), every draw pile reshuffled, another player's open activation draft dropped, the dice
    to come re-rolled; `seat`'s hand, the board, discards and everything public kept."""
    s = copy_state(state)
    for q, p in enumerate(s.players):
        if q == seat:
            deck = sorted(p.deck)
            rng.shuffle(deck)
            p.deck = deck
            continue
        held = len(p.hand)
        pool = sorted(p.hand + p.deck)
        rng.shuffle(pool)
        p.hand, p.deck = pool[:held], pool[held:]
        p.drawn = []
        keep = p.keep
        if keep is not None:
            keep.kept = list(p.hand[:5]) if keep.done else []
    active = s.active
    if active is not None and active.player != seat:
        # another player's half-built activation is private to them: the seat sees it as not begun yet
        s.draft = None
    s.rng = (rng.next_u32() << 32) | rng.next_u32()
    return s


@cache
def steps_from(origin: str) -> dict[str, int]:
    """Steps from `origin` to every zone of the board."""
    out = {origin: 0}
    queue = deque([origin])
    while queue:
        z = queue.popleft()
        for nxt in board.adjacent(z):
            if nxt not in out:
                out[nxt] = out[z] + 1
                queue.append(nxt)
    return out


@cache
def _distances(origin: str) -> dict[str, int]:
    """Zones within NEARBY_RANGE steps of `origin` and their distance."""
    return {z: d for z, d in steps_from(origin).items() if d <= NEARBY_RANGE}


def _robbable_lairs(s: State, seat: int) -> set[str]:
    """Zones of the intact adverse lairs a Theft would score on for the Thieves (R-A22)."""
    last = s.players[seat].last_objective_lair
    return {lair.zone for g, lair in s.lairs.items() if g != "thieves" and lair.state == "intact" and lair.zone != last}


def _lair_pull(zone: str, lairs: set[str]) -> float:
    """One over one plus the steps from `zone` to the nearest of `lairs`."""
    return 1.0 / (1 + min(steps_from(zone).get(z, 99) for z in lairs))


def _zone_riches(s: State, guild: str) -> dict[str, float]:
    """What lies within reach on each zone for `guild`: loose items, and rival figurines' and safes' gold."""
    riches: dict[str, float] = {}
    for z, zs in s.zones.items():
        loose = zs.loose
        value = loose["gold"] + 2.0 * sum(loose[c] for c in COMPONENTS) + 3.0 * sum(loose[a] for a in ARTEFACTS)
        if value:
            riches[z] = riches.get(z, 0.0) + value
    for d in s.figs.values():
        if d.guild != guild and d.zone is not None:
            riches[d.zone] = riches.get(d.zone, 0.0) + 0.5 * d.treasure["gold"]
    for g, lair in s.lairs.items():
        if g != guild and lair.state == "intact":
            riches[lair.zone] = riches.get(lair.zone, 0.0) + 0.3 * lair.safe["gold"] + 1.0
    return riches


def evaluate(game: Game[Any], state: State, seat: int) -> float:
    """The §14 score of `seat`'s guild plus the mid-game terms of the module docstring."""
    s = state
    guild = s.players[seat].guild
    if not guild or guild not in guilds_in_game(s) or not s.figs:
        return 0.0
    b = score_breakdown(s, guild)
    value = float(b["total"])
    objectives = b["objectives"]
    value += OBJECTIVE_POINTS * objectives + (THRESHOLD_POINTS if objectives >= threshold(guild, s.n) else 0.0)
    riches = _zone_riches(s, guild)
    robbable = _robbable_lairs(s, seat) if guild == "thieves" else set()
    den_pull = _lair_pull(s.lairs["thieves"].zone, robbable) if robbable and "thieves" in s.lairs else 0.0
    for f in figs_of(s, guild):
        d = s.figs[f]
        if d.zone is None:
            value -= ELIMINATED_POINTS
            continue
        t = d.treasure
        value -= CARRIED_GOLD_RISK * t["gold"] + STUN_POINTS * d.stuns
        value += COMPONENT_POINTS * sum(t[c] for c in COMPONENTS)
        best = 0.0
        for z, dist in _distances(d.zone).items():
            r = riches.get(z)
            if r:
                best = max(best, r / (1 + dist))
        value += NEARBY_WEIGHT * best
        if robbable:
            value += ROBBABLE_LAIR_POINTS * (_lair_pull(d.zone, robbable) - den_pull)
    if guild == "brigands":
        value += LAIR_STUN_POINTS * sum(other.stuns for g, other in s.lairs.items()
                                        if g != guild and other.state == "intact")
    lair = s.lairs.get(guild)
    if lair is not None and lair.state == "intact":
        value += COMPONENT_POINTS * sum(lair.safe[c] for c in COMPONENTS)
    player_seat = seat_of(s, guild)
    if player_seat is not None:
        value += CARD_POINTS * len(s.players[player_seat].hand)
    return float(value)


def candidates(game: Game[Any], state: State, player: int) -> list[Action]:
    """Shortcuts, then doing steps, then passive ones (end, idle, decline…); keep-5 by the suggested set only."""
    found = default_candidates(game, state, player)
    if state.phase == "keep":
        whole = [a for a in found if a.id == "keepdefault"]
        if whole:
            return whole
    doing = [a for a in found if not is_passive(a)]
    passive = [a for a in found if is_passive(a)]
    return doing + passive
