"""The hard computer player's own steps in Gnome Tribes, where its play differs from the normal policy.

The normal policy (engine.tribes.ai_policy) pays for espionage only against a rival without a guard bill and
never sends assassins, so it leaves the cheapest VP of the game on the table: a guard post's bills are counted in
public but their values are secret, and a 0-GG bluff guards nothing. From turn 5 the hard level keeps 5 GG on
its Espionage and 5 GG on its Assassination posts (after its research and the recruits a threat calls for),
sends the assassins against the Research post of a rival who put bills on it this turn (assassinations come
before research, so that rival draws no card and scores no 4 VP, and his guards are destroyed), then spies on
the rival whose guards are down or weakest (a card and 4 VP). A launch is made only when it can pay: bills left
on a post stay there for the next turn. Everything here reads only public facts and the player's own secrets.
"""

from __future__ import annotations

from engine.core.actions import CONFIRM_ID
from engine.core.game import Game
from engine.tribes import ai_policy, phases
from engine.tribes.actions import PASS_ID
from engine.tribes.common import real
from engine.tribes.goals import holds_gnombut, measures, votes_of
from engine.tribes.state import Draft, TribesState

LAUNCH_VALUE = 5  # R-T15: a launching post holds at least 5 GG
GOLD_GOAL = 1
# The goals the hard level votes for, with how far a lead in each typically moves in the 4 turns left after
# the vote: a lead is judged in these units. Gold and Balance are left out: a rival's wealth is secret (the
# imagined states guess it at one income, when a saving player holds ten times that).
VOTE_SPREAD = {2: 3.0, 3: 3.0, 4: 3.0, 5: 25.0}


def launches_ahead(state: TribesState) -> bool:
    """Whether a launch can be made this turn (turn 5 on, or turboGnom), with a rival to aim at."""
    return (state.turn >= ai_policy.LAUNCH_TURN or state.options.turbo) and state.player_count > 1


def intelligence(state: TribesState, player: int, budget: int, bills: dict[str, list[int]]) -> dict[str, list[int]]:
    """Bills to add to the Assassination and Espionage posts so that each holds a launch's 5 GG."""
    if not launches_ahead(state) or state.goal == GOLD_GOAL:
        return {}
    me = state.players[player]
    out: dict[str, list[int]] = {}
    for post in ("assassination", "espionage"):
        need = LAUNCH_VALUE - real(me.posts[post]) - sum(bills.get(post, []))
        if need > 0 and budget >= need:
            out[post] = ai_policy._bills_for(need)
            budget -= need
    return out


def investment_plan(state: TribesState, player: int) -> ai_policy.Plan:
    """The normal plan with the launch posts kept funded (see the module docstring)."""
    return ai_policy.investment_plan(state, player, intelligence)


def kill_target(state: TribesState, player: int) -> int | None:
    """The rival whose Research post holds bills this turn (most VP first): wrecking it stops his research."""
    prey = [q for q in range(state.player_count) if q != player and state.players[q].posts["research"]]
    return max(prey, key=lambda q: (state.players[q].vp, -q)) if prey else None


def spy_target(state: TribesState, player: int, killed: int | None) -> int | None:
    """The rival to spy on: one holding cards, whose guards the assassins bring down or who has the fewest
    guard bills, most cards first."""
    prey = [q for q in range(state.player_count) if q != player and state.players[q].hand]
    if not prey:
        return None
    return min(prey, key=lambda q: (q != killed, len(state.players[q].posts["guards"]),
                                    -len(state.players[q].hand), q))


def _investment(game: Game[TribesState], state: TribesState, player: int) -> str | None:
    return ai_policy.investment_step(state, player, investment_plan(state, player))


def _launch(game: Game[TribesState], state: TribesState, player: int) -> str | None:
    draft = state.drafts.get(player) or Draft()
    if draft.done:
        return None
    me = state.players[player]
    order = draft.launch
    killed = kill_target(state, player)
    if draft.path == ["kill"]:
        return f"launch:kill:{killed}"
    if draft.path[:1] == ["kill"]:
        return "launch:post:research"
    if draft.path == ["spy"]:
        return f"launch:spy:{spy_target(state, player, order.assassination)}"
    if order.assassination is None and real(me.posts["assassination"]) >= LAUNCH_VALUE and killed is not None:
        return "launch:kill"
    if (order.espionage is None and real(me.posts["espionage"]) >= LAUNCH_VALUE
            and spy_target(state, player, order.assassination) is not None):
        return "launch:spy"
    return CONFIRM_ID if draft.history else PASS_ID


def vote_goal(state: TribesState, player: int) -> int:
    """The public goal in which `player` leads by most (in VOTE_SPREAD units), the lowest number on ties."""
    table = measures(state)

    def lead(goal: int) -> float:
        m = table[goal]
        return (m[player] - max(v for q, v in m.items() if q != player)) / VOTE_SPREAD[goal]

    return max(VOTE_SPREAD, key=lambda g: (lead(g), -g))


def _vote(game: Game[TribesState], state: TribesState, player: int) -> str:
    return f"vote:{vote_goal(state, player)}"


def _gnombut(game: Game[TribesState], state: TribesState, player: int) -> str:
    """Cancel a vote that chose another goal than `player`'s, naming the rival whose ballot weighed most for it
    (the re-vote goes on without him); else keep it."""
    vote = state.vote
    if vote is None or vote.result is None or not holds_gnombut(state, player):
        return "but:keep"
    if vote.result == vote.ballots.get(player):
        return "but:keep"
    backers = [q for q, g in vote.ballots.items() if q != player and g == vote.result]
    if not backers:
        return "but:keep"
    return f"but:cancel:{max(backers, key=lambda q: (votes_of(state, q), -q))}"


HANDLERS = {
    phases.VOTE: _vote,
    phases.REVOTE: _vote,
    phases.GNOMBUT: _gnombut,
    phases.INVESTMENT: _investment,
    phases.LAUNCH: _launch,
}


def owns(state: TribesState, player: int) -> bool:
    """Whether the hard level takes this step itself rather than the normal policy's."""
    if state.phase in (phases.INVESTMENT, phases.LAUNCH):
        return state.goal != GOLD_GOAL
    return state.phase in HANDLERS


def step(game: Game[TribesState], state: TribesState, player: int) -> str | None:
    """The hard level's step id here (None: the normal policy's)."""
    handler = HANDLERS.get(state.phase)
    return None if handler is None else handler(game, state, player)
