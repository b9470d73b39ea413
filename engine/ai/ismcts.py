"""Information-set Monte Carlo tree search with determinisation (the "hard" level).

Each iteration imagines one full state consistent with the observation (the game's `determinize`), walks the
tree from the root choosing with UCB among the actions available in that imagined state (availability counts,
as in Cowling, Powley & Whitehouse 2012, single-observer ISMCTS), expands one new action, plays a short rollout
with the game's candidate moves, and evaluates the reached state with the game's evaluation: each seat gets its
own reward in [0, 1] and each node is chosen by the seat acting there, so several players each maximise their own
result. Simultaneous decisions are searched in the order the game lists its pending players; the later ones are
imagined without seeing the earlier secret choice only insofar as each iteration re-samples hidden information
(a known simplification of ISMCTS for simultaneous moves).

Games of many small steps (hooks `policy`, `search_point`, `horizon`) are searched only where it matters: any
other step is the game's cheap policy, and at a search point each iteration plays the chosen step, then the
policy for every player up to the game's horizon (e.g. the end of that player's war step), and evaluates there.
A game of whole orders may offer a horizon without a policy (Vendetta: the end of the round): every decision is
searched, each iteration playing the game's `rollout_policy` to the horizon, over the seat's `root_width` best
moves by one-ply evaluation when the game sets one.
"""

from __future__ import annotations

import math
import time
from collections.abc import Sequence
from typing import Any

from engine.ai.heuristic import GreedyPlayer, finish_draft, step_value
from engine.ai.hooks import GameHooks, margins, rewards
from engine.ai.player import Budget, Observation
from engine.core.actions import Action
from engine.core.errors import IllegalAction
from engine.core.game import Game
from engine.core.rng import Rng

# UCB exploration constant for rewards in [0, 1].
EXPLORATION = 0.7
# Actions deep the tree may grow below the root (every leaf is judged at this horizon), and extra rollout steps.
# One level: in paired arena runs (Vendetta, 2 players, 12 seeds, 300 iterations) the search beat the greedy
# player 10 times with one level and 6 times with two; at a one-second budget the second level's replies are
# visited too rarely to be more than noise, while more determinisations of the first level average out the dice.
MAX_TREE_DEPTH = 1
ROLLOUT_STEPS = 0
# Progressive widening: a node considers its first WIDEN_BASE + WIDEN_RATE·sqrt(visits) candidates (best-first).
WIDEN_BASE = 3
WIDEN_RATE = 1.5
# Steps a policy rollout takes at most before it is evaluated, whatever the game's horizon says.
MAX_POLICY_STEPS = 400


class _Node:
    """Statistics of one action sequence from the root (an information-set node)."""

    __slots__ = ("action", "avail", "candidates", "children", "totals", "visits")

    def __init__(self, action: Action | None, players: int) -> None:
        self.action = action
        self.candidates: list[Action] | None = None  # the root's, computed once (see _iterate)
        self.children: dict[str, _Node] = {}
        self.visits = 0
        self.avail = 0
        self.totals = [0.0] * players


class IsmctsPlayer:
    """ISMCTS within an iteration budget (deterministic for a seed) and an optional wall-clock cap."""

    def __init__(self, hooks: GameHooks, exploration: float = EXPLORATION,
                 max_depth: int = MAX_TREE_DEPTH, rollout_steps: int = ROLLOUT_STEPS) -> None:
        self.hooks = hooks
        self.exploration = exploration
        self.max_depth = max_depth
        self.rollout_steps = rollout_steps

    def choose(
        self, game: Game[Any], observation: Observation, legal: Sequence[Action], rng: Rng, budget: Budget
    ) -> Action:
        """The most visited root action after the search (the game's policy away from its search points)."""
        seat = observation.seat
        players = int(observation.view.get("players", 0)) or 2
        hooks = self.hooks
        options: list[Action] | None = None
        if hooks.policy is not None:
            probe = observation.sample(rng)
            if hooks.search_point is None or not hooks.search_point(game, probe, seat):
                action = hooks.policy(game, probe, seat)
                if action is not None:
                    return action
                return GreedyPlayer(hooks).choose(game, observation, legal, rng, budget)
            options = hooks.candidates(game, probe, seat)
            if len(options) == 1:
                return options[0]  # one sensible choice (e.g. attack nobody when nothing can be attacked)
        root = _Node(None, players)
        if options is not None:
            # the seat's moves are the same in every sample (see _iterate): the list just made is the root's
            root.candidates = self._root_candidates(game, probe, seat, players, options)
        deadline = None if budget.seconds is None else time.perf_counter() + budget.seconds
        iterations = max(1, budget.iterations)
        for i in range(iterations):
            if deadline is not None and i > 0 and time.perf_counter() > deadline:
                break
            self._iterate(game, observation.sample(rng), root, rng, players, seat)
        if not root.children:
            if not legal:
                raise ValueError(f"player {seat} has no legal action")
            return legal[0]
        best = max(root.children.values(), key=lambda n: (n.visits, n.totals[seat]))
        assert best.action is not None
        return best.action

    def _iterate(self, game: Game[Any], state: Any, root: _Node, rng: Rng, players: int, seat: int) -> None:
        """One determinised descent, expansion, rollout and back-propagation."""
        hooks = self.hooks
        start = state
        baseline = margins(game, hooks, state, players)
        node = root
        path = [root]
        mover: int | None = None
        depth = 0
        while depth < self.max_depth:
            depth += 1
            if game.outcome(state) is not None:
                break
            pending = game.pending(state)
            if not pending:
                break
            # At the root the searching seat acts, even when a simultaneous decision lists others first:
            # the root's children must be this seat's moves (deeper, pending players act in listed order).
            waiting = [d.player for d in pending]
            player = seat if node is root and seat in waiting else waiting[0]
            if node is root and player == seat:
                # the searching seat's own moves follow from what it knows, which every sample keeps: they are
                # the same in every determinisation, so the root lists them once (a quarter of the search time)
                if root.candidates is None:
                    root.candidates = self._root_candidates(game, state, player, players)
                candidates = root.candidates
            else:
                candidates = hooks.candidates(game, state, player)
            if not candidates:
                break
            candidates = candidates[: WIDEN_BASE + int(WIDEN_RATE * math.sqrt(node.visits))]
            for a in candidates:
                child = node.children.get(a.id)
                if child is not None:
                    child.avail += 1
            untried = [a for a in candidates if a.id not in node.children]
            if untried:
                # expand the game's best guess first: candidates come best-first, so early ones get tried early
                action = untried[0] if rng.randbelow(4) else rng.choice(untried)
                try:
                    state, _ = game.apply_trusted(state, player, action)
                except IllegalAction:
                    continue
                mover = player
                child = _Node(action, players)
                child.avail = 1
                node.children[action.id] = child
                path.append(child)
                node = child
                break
            chosen = self._select(node, candidates, player)
            try:
                state, _ = game.apply_trusted(state, player, chosen.action)  # type: ignore[arg-type]  # only the root has no action
            except IllegalAction:
                break
            mover = player
            node = chosen
            path.append(node)
        if hooks.horizon is not None:
            state = self._policy_rollout(game, start, state)
        else:
            if mover is not None and hooks.drafts:
                # judge a step by what it leads to, as the greedy player does (an open draft is worth nothing yet)
                state = finish_draft(game, state, mover)
            # every leaf is judged at the same horizon, so shallow (rarely visited) branches are not flattered
            state = self._rollout(game, state, rng, self.rollout_steps + self.max_depth - depth)
        result = rewards(game, hooks, state, players, baseline)
        for n in path:
            n.visits += 1
            for p in range(players):
                n.totals[p] += result[p]

    def _root_candidates(self, game: Game[Any], state: Any, seat: int, players: int,
                         found: list[Action] | None = None) -> list[Action]:
        """The searching seat's moves: all its candidates (`found`, when already listed), or (a game with
        `root_width`) its best few by one-ply evaluation, so that expensive rollouts are spent on moves a good
        player would consider."""
        if found is None:
            found = self.hooks.candidates(game, state, seat)
        width = self.hooks.root_width
        if width is None or len(found) <= width:
            return found
        scored: list[tuple[float, int, Action]] = []
        for index, action in enumerate(found):
            try:
                scored.append((-step_value(game, self.hooks, state, seat, action, players), index, action))
            except IllegalAction:
                continue
        scored.sort(key=lambda item: (item[0], item[1]))  # best first; the game's own order breaks ties
        return [action for _value, _index, action in scored[:width]]

    def _select(self, node: _Node, candidates: Sequence[Action], player: int) -> _Node:
        """UCB over the children available now, from the acting player's point of view."""
        best: _Node | None = None
        best_score = float("-inf")
        for a in candidates:
            child = node.children[a.id]
            score = child.totals[player] / child.visits + self.exploration * math.sqrt(
                math.log(max(child.avail, 1)) / child.visits
            )
            if score > best_score:
                best, best_score = child, score
        assert best is not None
        return best

    def _policy_rollout(self, game: Game[Any], start: Any, state: Any) -> Any:
        """Every pending player plays the game's policy until its horizon (or the end, or a step limit).

        The game's `rollout_policy` is tried first when it has one (the game's apply checks the step anyway); a
        refused step falls back to the checked `policy` when the game has one, then to the first candidate.
        """
        hooks = self.hooks
        for _ in range(MAX_POLICY_STEPS):
            if game.outcome(state) is not None or (hooks.horizon is not None and hooks.horizon(game, start, state)):
                return state
            pending = game.pending(state)
            if not pending:
                return state
            player = pending[0].player
            after = None
            if hooks.rollout_policy is not None:
                quick = hooks.rollout_policy(game, state, player)
                if quick is not None:
                    after = _try(game, state, player, quick)
            if after is None:
                action = None if hooks.policy is None else hooks.policy(game, state, player)
                if action is None:
                    found = hooks.candidates(game, state, player)
                    if not found:
                        return state
                    action = found[0]
                after = _try(game, state, player, action)
                if after is None:
                    return state
            state = after
        return state

    def _rollout(self, game: Game[Any], state: Any, rng: Rng, steps: int) -> Any:
        """A few cheap steps past the leaf: each pending player takes one of its first candidates."""
        for _ in range(steps):
            if game.outcome(state) is not None:
                return state
            pending = game.pending(state)
            if not pending:
                return state
            player = pending[0].player
            candidates = self.hooks.candidates(game, state, player)
            if not candidates:
                return state
            # the game lists its best guesses first: favour them, with some spread
            index = min(rng.randbelow(len(candidates)), rng.randbelow(len(candidates)))
            try:
                state, _ = game.apply_trusted(state, player, candidates[index])
            except IllegalAction:
                return state
            if self.hooks.drafts:
                state = finish_draft(game, state, player)
        return state


def _try(game: Game[Any], state: Any, player: int, action: Action) -> Any | None:
    """The state after `action`, or None when the game refuses it."""
    try:
        after, _ = game.apply_trusted(state, player, action)
    except IllegalAction:
        return None
    return after
