"""What a computer player knows about Violent Vendetta: imagining hidden cards, judging a position, moves to try.

Candidates are whole orders, so the greedy player compares complete moves rather than menu steps: objective
choices as `choose:` sets, movements as typed `decl:` declarations (spread from one territory, or gather onto
one), combat as "all dice at" one opponent. The evaluation counts, for each clan a player leads, what advanced
scoring would give now, how far its kept objectives are from being complete together (R-V27), what it can loot
next round from the territories it is expected to hold after the fights, and its gnomes on the board. The hard
level's search judges with one thing more (`search_evaluate`): each statue its kept objectives name costs extra, so
it keeps the objectives it can complete rather than the ones that only look closest to done.
"""

from __future__ import annotations

import dataclasses
from functools import lru_cache
from itertools import combinations
from typing import Any

from engine.ai.heuristic import greedy_action
from engine.ai.hooks import GameHooks
from engine.core.actions import Action
from engine.core.game import Game
from engine.core.rng import Rng
from engine.vendetta.board import load_board
from engine.vendetta.clans import CLANS, CLOCKWISE, FOODS, gnome_token
from engine.vendetta.flow import current_mover
from engine.vendetta.handlers import active_objective_clan
from engine.vendetta.ids import PASS_ID, AllDice, parse
from engine.vendetta.movement import reach
from engine.vendetta.objectives import CARDS, GNOME_ANY, NEUTRAL_IDS, catalogue_sorted, clan_card_ids, pooled_needs
from engine.vendetta.state import PHASE_COMBAT, PHASE_FINISHED, PHASE_MOVEMENT, PHASE_OBJECTIVES, VendettaState, clone
from engine.vendetta.view import pending_players

# One token or statue still missing from the kept objectives costs this many points: completing the set ends the
# game (basic scoring) or earns 20 a card (advanced), so each missing piece weighs more than a loot token.
SHORTFALL_POINTS = 6.0
STATUE_POINTS = 7.0
ALL_COMPLETE_BONUS = 30.0
GNOME_ON_BOARD_POINTS = 0.6
SCALE = 12.0
# What the hard level knows that the one-ply evaluation does not show: a statue named by a kept objective is much harder
# to come by than a token. Tokens are never spent, so they come in round after round; a statue counts only while
# a gnome stands on it at an end check, together with every other statue the kept cards name. In 200 four-player
# games between normal players (who judge a statue by its hold term alone, and so kept one or more statue cards
# in every game), statue cards were completed 11% of the time and token cards 61%; clans keeping 2 statues won 41%,
# 3 statues 22%, 4 statues 8%. Each kept statue therefore costs this much more to the hard level, whether held or
# not: the term changes only with the kept cards, so it decides the choice of objectives (and, all game long, which
# rival each clan measures itself against). In four-player arena games (hard + 3 normal, seat-rotated, seeds 1-30)
# hard finished first 12 times at 10 points, 16 at 20 and 15 at 30 (6 of the first 20 without it). When the normal
# level charged it too, hard finished first in 13 of those 30 and 27 of 60 more (seeds 31-90): normal got better.
KEPT_STATUE_POINTS = 20.0
# Destinations kept per origin, and candidate movements at most, so a decision stays far below 20 ms.
DESTINATIONS_PER_ORIGIN = 6
MAX_MOVES = 24


def determinize(game: Game[Any], state: VendettaState, seat: int, rng: Rng) -> VendettaState:
    """A state `seat` cannot tell from `state`: other clans' neutral cards, their kept objectives, their drafts
    and the dice to come re-dealt; the board, tokens, turn order and `seat`'s own cards kept (R-V26)."""
    s = clone(state)
    if s.phase == PHASE_FINISHED:
        return s
    mine = [c for c in s.seats if s.owner[c] == seat]
    others = [c for c in s.seats if s.owner[c] != seat]
    my_neutrals = {cid for c in mine for cid in s.offered[c] if cid in NEUTRAL_IDS}
    pool = [cid for cid in NEUTRAL_IDS if cid not in my_neutrals]
    rng.shuffle(pool)
    offered = {c: list(s.offered[c]) for c in mine}
    for c in others:
        dealt = len(s.offered[c]) - len(clan_card_ids(c))
        offered[c] = clan_card_ids(c) + [pool.pop() for _ in range(dealt)]
    s.offered = offered
    s.chosen = {c: (list(cards) if c in mine else rng.sample(catalogue_sorted(offered[c]), len(cards)))
                for c, cards in s.chosen.items()}
    s.drafts = {c: d for c, d in s.drafts.items() if c in mine}
    s.rng = (rng.next_u32() << 32) | rng.next_u32()
    s.setup_events = []
    return s


def _kill_chance(attacker: str, target: str) -> float:
    """Chance one die of `attacker` kills a gnome of `target`."""
    need = CLANS[target].threshold - CLANS[attacker].modifier
    return max(0.0, min(1.0, (7 - need) / 6))


def _hold_chances(here: dict[str, int]) -> dict[str, float]:
    """Rough chance each clan present ends up holding the territory after the fight (callers only read it)."""
    if len(here) == 1:
        return {c: 1.0 for c in here}
    return _contested_hold_chances(tuple(sorted(here.items())))


@lru_cache(maxsize=4096)
def _contested_hold_chances(here: tuple[tuple[str, int], ...]) -> dict[str, float]:
    """`_hold_chances` of a territory two or more clans share, cached: the search's rollouts judge the same few
    fights again and again (this was a fifth of a hard decision's time)."""
    clans = [c for c, _n in here]
    strength = {}
    for c, n in here:
        strength[c] = n * max(_kill_chance(c, o) for o in clans if o != c)
    total = sum(v * v for v in strength.values()) or 1.0
    return {c: strength[c] ** 2 / total for c in clans}


def _needs(state: VendettaState, clan: str) -> tuple[dict[str, int], int, list[str]]:
    """What `clan` still lacks for all its kept cards together: named tokens, wildcard gnomes, statues.

    Callers only read the result: it is shared between the calls for equal kept cards and tokens.
    """
    tokens = state.tokens.get(clan, {})
    return _needs_of(clan, tuple(state.chosen.get(clan, [])), tuple(tokens.items()))


@lru_cache(maxsize=8192)
def _needs_of(clan: str, chosen: tuple[str, ...], token_items: tuple[tuple[str, int], ...]
              ) -> tuple[dict[str, int], int, list[str]]:
    """`_needs` from the kept cards and the tokens, cached: a search evaluates tens of thousands of positions whose
    cards and tokens are those of a few (movements change neither; only loot and captures do), and computing the
    needs again each time was a sixth of a hard decision."""
    need = pooled_needs(chosen)
    wildcards = need.pop(GNOME_ANY, 0)
    tokens = dict(token_items)
    lack = {t: n - tokens.get(t, 0) for t, n in need.items() if n > tokens.get(t, 0)}
    spare = sum(max(0, tokens.get(gnome_token(c), 0) - need.get(gnome_token(c), 0)) for c in CLOCKWISE if c != clan)
    statues = sorted({st for cid in chosen for st in CARDS[cid].statues})
    return lack, max(0, wildcards - spare), statues


def _loot_value(token: str, clan: str, lack: dict[str, int], wild_lack: int) -> float:
    """What one more `token` is worth to `clan` now."""
    if lack.get(token, 0) > 0:
        return SHORTFALL_POINTS * 0.6
    if token.startswith("gnome_"):
        if token != gnome_token(clan) and wild_lack > 0:
            return SHORTFALL_POINTS * 0.6
        return 3.0
    return 2.0 if token in FOODS else 1.0


def clan_value(state: VendettaState, clan: str) -> float:
    """How well one clan stands, in advanced-scoring points plus progress towards its objectives."""
    board = load_board()
    tokens = state.tokens.get(clan, {})
    lack, wild_lack, statues = _needs(state, clan)
    gnome_tokens = sum(n for t, n in tokens.items() if t.startswith("gnome_"))
    food = sum(tokens.get(f, 0) for f in FOODS)
    value = 3.0 * gnome_tokens + 2.0 * food
    missing = sum(lack.values()) + wild_lack
    statue_missing = 0.0
    on_board = 0
    for territory, here in state.board.items():
        n = here.get(clan, 0)
        if not n:
            continue
        on_board += n
        hold = _hold_chances(here)[clan]
        value += hold * _loot_value(board.loot(territory), clan, lack, wild_lack)
    for statue in statues:
        here = state.board.get(statue, {})
        statue_missing += 1.0 - (_hold_chances(here)[clan] if clan in here else 0.0)
    value -= SHORTFALL_POINTS * missing + STATUE_POINTS * statue_missing
    if state.chosen.get(clan) and missing == 0 and statue_missing < 0.5:
        value += ALL_COMPLETE_BONUS
    if state.phase == PHASE_FINISHED and clan in state.triggered:
        value += ALL_COMPLETE_BONUS
    return value + GNOME_ON_BOARD_POINTS * on_board


def evaluate(game: Game[Any], state: VendettaState, seat: int) -> float:
    """The sum of the values of the clans `seat` leads."""
    return sum(clan_value(state, c) for c in state.seats if state.owner[c] == seat)


def evaluate_all(game: Game[Any], state: VendettaState, players: int) -> list[float]:
    """Every seat's `evaluate`, from one pass over the board for all clans (the search judges every seat at once)."""
    values = clan_values(state)
    return [sum(values[c] for c in state.seats if state.owner[c] == p) for p in range(players)]


def clan_values(state: VendettaState) -> dict[str, float]:
    """`clan_value` of every clan in play, each territory's fight judged once for all the clans in it.

    Each clan's terms are added in the order `clan_value` adds them, so the values are the same to the last bit.
    """
    board = load_board()
    needs = {c: _needs(state, c) for c in state.seats}
    value: dict[str, float] = {}
    on_board = dict.fromkeys(state.seats, 0)
    for clan in state.seats:
        tokens = state.tokens.get(clan, {})
        gnome_tokens = sum(n for t, n in tokens.items() if t.startswith("gnome_"))
        food = sum(tokens.get(f, 0) for f in FOODS)
        value[clan] = 3.0 * gnome_tokens + 2.0 * food
    for territory, here in state.board.items():
        present = [c for c, n in here.items() if n and c in needs]
        if not present:
            continue
        holds = _hold_chances(here)
        loot = board.loot(territory)
        for clan in present:
            on_board[clan] += here[clan]
            lack, wild_lack, _statues = needs[clan]
            value[clan] += holds[clan] * _loot_value(loot, clan, lack, wild_lack)
    for clan in state.seats:
        lack, wild_lack, statues = needs[clan]
        missing = sum(lack.values()) + wild_lack
        statue_missing = 0.0
        for statue in statues:
            here = state.board.get(statue, {})
            statue_missing += 1.0 - (_hold_chances(here)[clan] if clan in here else 0.0)
        total = value[clan] - (SHORTFALL_POINTS * missing + STATUE_POINTS * statue_missing)
        if state.chosen.get(clan) and missing == 0 and statue_missing < 0.5:
            total += ALL_COMPLETE_BONUS
        if state.phase == PHASE_FINISHED and clan in state.triggered:
            total += ALL_COMPLETE_BONUS
        value[clan] = total + GNOME_ON_BOARD_POINTS * on_board[clan]
    return value


def search_evaluate(game: Game[Any], state: VendettaState, seat: int) -> float:
    """How the hard level judges `seat`: `evaluate`, less `KEPT_STATUE_POINTS` for each statue its kept objectives
    name."""
    return evaluate(game, state, seat) - sum(_kept_statue_cost(state, c) for c in state.seats
                                             if state.owner[c] == seat)


def search_evaluate_all(game: Game[Any], state: VendettaState, players: int) -> list[float]:
    """Every seat's `search_evaluate`, from one pass over the board."""
    values = evaluate_all(game, state, players)
    for clan in state.seats:
        values[state.owner[clan]] -= _kept_statue_cost(state, clan)
    return values


def _kept_statue_cost(state: VendettaState, clan: str) -> float:
    """What the statues named by `clan`'s kept objectives cost beyond the evaluation's hold term."""
    return KEPT_STATUE_POINTS * len(_needs(state, clan)[2])


def candidates(game: Game[Any], state: VendettaState, player: int) -> list[Action]:
    """Whole orders worth trying now for `player`, most promising first."""
    if player not in pending_players(state):
        return []
    if state.phase == PHASE_OBJECTIVES:
        return _objective_choices(state, active_objective_clan(state, player))
    if state.phase == PHASE_MOVEMENT:
        clan = current_mover(state)
        if clan is not None:
            return _movements(state, clan)
    legal = game.legal_actions(state, player)
    if state.phase == PHASE_COMBAT:
        whole = [a for a in legal if isinstance(parse(a.id), AllDice)]
        if whole:
            return whole
    return [a for a in legal if a.id != "undo"]


def _objective_choices(state: VendettaState, clan: str) -> list[Action]:
    """Every set of K offered cards, the ones needing the fewest tokens first."""
    offered = catalogue_sorted(state.offered[clan])

    def cost(cards: tuple[str, ...]) -> float:
        need = pooled_needs(cards)
        statues = {st for cid in cards for st in CARDS[cid].statues}
        return sum(need.values()) + 1.5 * len(statues)

    sets = sorted(combinations(offered, state.objectives_kept), key=cost)
    return [Action(f"choose:{clan}:{','.join(cards)}") for cards in sets]


def _movements(state: VendettaState, clan: str) -> list[Action]:
    """Spreads from each origin to its most appealing destinations, gathers onto them, and pass."""
    board = load_board()
    lack, wild_lack, statues = _needs(state, clan)
    origins = [t for t in board.order if state.board.get(t, {}).get(clan, 0) > 0]
    scored: list[tuple[float, str]] = []
    gather_to: dict[str, list[tuple[str, int]]] = {}
    for origin in origins:
        count = state.board[origin][clan]
        reachable = reach(clan, origin, state.board)
        appeal = sorted(((_appeal(state, clan, d, count, lack, wild_lack, statues), d) for d in reachable
                         if d != origin), reverse=True)
        stay = _appeal(state, clan, origin, 0, lack, wild_lack, statues)
        for value, dest in appeal[:DESTINATIONS_PER_ORIGIN]:
            amounts = {count, count - 1} if count > 1 else {count}
            if count >= 4:
                amounts.add(count // 2)
            for k in sorted(amounts, reverse=True):
                if k <= 0:
                    continue
                keep_bonus = 0.5 * stay if k < count else 0.0
                scored.append((value + keep_bonus, f"decl:{clan}:{origin}>{dest}*{k}"))
            gather_to.setdefault(dest, []).append((origin, count))
    for dest, sources in gather_to.items():
        if len(sources) > 1:
            text = f"decl:{clan}:" + ",".join(f"{o}>{dest}*{n}" if i == 0 else f"{o}>*{n}"
                                               for i, (o, n) in enumerate(sources))
            total = sum(n for _o, n in sources)
            scored.append((_appeal(state, clan, dest, total, lack, wild_lack, statues) + 0.5, text))
    scored.sort(key=lambda item: -item[0])
    out: list[Action] = []
    seen: set[str] = set()
    for _value, text in scored:
        if len(text) <= 80 and text not in seen:
            seen.add(text)
            out.append(Action(text))
        if len(out) >= MAX_MOVES:
            break
    out.append(Action(PASS_ID))
    return out


def _appeal(state: VendettaState, clan: str, territory: str, arriving: int, lack: dict[str, int], wild_lack: int,
            statues: list[str]) -> float:
    """A quick guess of how good it is to bring `arriving` gnomes to `territory` (orders candidates only)."""
    board = load_board()
    here = state.board.get(territory, {})
    value = _loot_value(board.loot(territory), clan, lack, wild_lack)
    if territory in statues:
        value += STATUE_POINTS
    foes = sum(n for c, n in here.items() if c != clan)
    mine = here.get(clan, 0)
    if foes:
        value += 2.0 if arriving + mine > 1.3 * foes else -4.0
    elif mine:
        value -= 0.7 * value
    return value



def rollout_policy(game: Game[Any], state: VendettaState, player: int) -> Action | None:
    """The move a search imagines `player` making: the best greedy movement by the search's own evaluation (so the
    search plays against what a sensible rival would answer), else the first candidate (the first fight target, the
    cheapest cards)."""
    if state.phase == PHASE_MOVEMENT:
        return greedy_action(game, _REPLY_HOOKS, state, player, state.players)
    found = candidates(game, state, player)
    return found[0] if found else None


def _reply_candidates(game: Game[Any], state: VendettaState, player: int) -> list[Action]:
    """The orders a rollout's reply chooses among: the `REPLY_WIDTH` most appealing movements and the pass (the
    first listed of every other decision)."""
    found = candidates(game, state, player)
    if state.phase != PHASE_MOVEMENT or len(found) <= REPLY_WIDTH + 1:
        return found
    return found[:REPLY_WIDTH] + found[-1:]


def horizon(game: Game[Any], start: VendettaState, state: VendettaState) -> bool:
    """A search looks ahead to the end of the round (every clan moved, the fights fought, the loot taken), or to
    the `MAX_REPLIES`-th movement after the searching clan's while more clans are still to move."""
    if state.phase == PHASE_FINISHED or state.round > start.round:
        return True
    return state.phase == PHASE_MOVEMENT and len(state.moved) - len(start.moved) > MAX_REPLIES


# The hard level: each of its iterations plays the round out with greedy movements (about 2-5 ms), so it runs 100 of
# them over the 5 moves the one-ply evaluation likes best (about 0.2 s of CPU a decision at the median and 0.6 s at
# the 95th percentile, see docs/balance/ai_strength.md).
HARD_ITERATIONS = 100
ROOT_WIDTH = 5
# Other clans' movements a rollout plays after the searching clan's: each costs a greedy choice (about 25 one-ply
# evaluations), and the decisions of the first clan to move, which had three or more replies to play in every
# iteration, were the slowest twentieth. A cut rollout is judged by the evaluation's expected hold of each fight.
MAX_REPLIES = 2
# Every candidate is a whole order (a choice of objectives, a declaration, a pass, all dice at one clan), so none
# leaves a draft open and the search need not list the menu after it to finish one.
OPENS_DRAFTS = False
# The hooks the rollouts' greedy movement is judged with: the same one-pass evaluation and no draft finishing as the
# level's own (hooks_for reads them from this module), so a reply costs one apply and one board pass a candidate.
# Without them each candidate evaluated every clan separately and listed the menu after it (a third of a decision).
_HOOKS = GameHooks(determinize=determinize, evaluate=evaluate, candidates=candidates, scale=SCALE,
                   evaluate_all=evaluate_all, drafts=OPENS_DRAFTS)
# A rollout's reply weighs only the most appealing movements: the candidate list is ordered by a quick appeal, and
# the greedy reply judged all 25 one ply deep, which made the decisions followed by two replies the slowest tenth
# (a decision took 387 ms median and 1,008 ms p95 of CPU with every movement weighed, 224 and 617 ms with 12).
REPLY_WIDTH = 12
# The replies are judged as the search judges its own moves, with the kept statues charged to every clan. Judged
# instead as the normal level judges (plain `evaluate`), the imagined rivals measured their margins against another
# leader, and hard finished first in 28 of 60 four-player games against 32 of the same 60 (seeds 1-60).
_REPLY_HOOKS = dataclasses.replace(_HOOKS, candidates=_reply_candidates, evaluate=search_evaluate,
                                   evaluate_all=search_evaluate_all)
