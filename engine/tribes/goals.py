"""The goal vote, Gnom'But and the winner (spec §12, R-T38, R-T39, R-T40, R-T43).

VOTE / REVOTE: one public choice per voter, fewest VP first. GNOMBUT: every player holding a card answers
in secret (keep, or cancel naming another player); only the holder of Gnom'But can cancel.
"""

from __future__ import annotations

from engine.core.actions import Action
from engine.core.decisions import DecisionKind
from engine.core.errors import IllegalAction
from engine.core.events import Event, private_event, public_event
from engine.core.outcome import Outcome
from engine.core.phrases import Phrase, listed, phrase
from engine.core.rng import Rng
from engine.tribes import phases, words
from engine.tribes.actions import Ballot, ButAnswer, parse, step_id
from engine.tribes.cards import GNOMBUT, card_of
from engine.tribes.common import (
    GOAL_NAMES,
    GOAL_TEXTS,
    army_total,
    controlled,
    joined,
    plural,
    side,
    side_start,
    wealth,
)
from engine.tribes.state import TribesState, VoteState

GOALS = (1, 2, 3, 4, 5, 6)
COUNTDOWN = 4  # R-T40: the game ends after Phase 4 of turn N + 4


def votes_of(state: TribesState, player: int) -> int:
    """A voter's weight: his VP, never below 0 (R-T39)."""
    return max(state.players[player].vp, 0)


def voting_order(state: TribesState) -> list[int]:
    """Fewest VP first, most VP last; equal VP in turn order (§12.2)."""
    order = state.turn_order()
    return sorted(order, key=lambda p: (state.players[p].vp, order.index(p)))


def open_vote(state: TribesState, events: list[Event]) -> None:
    """The Gnompax vote at the end of Phase 3 (R-T39)."""
    state.vote = VoteState(order=voting_order(state))
    state.phase = phases.VOTE
    events.append(public_event(
        "The goal vote begins. Voting order (fewest VP first): "
        + ", ".join(f"{side(state, p)} ({plural(votes_of(state, p), 'vote')})" for p in state.vote.order) + ".",
        "info", phrase=phrase("vote.begins", order=listed(
            phrase("vote.voter", tribe=words.tribe(state, p), votes=words.votes(votes_of(state, p)))
            for p in state.vote.order)),
        order=list(state.vote.order)))


def _voter(state: TribesState) -> int | None:
    vote = state.vote
    if vote is None:
        return None
    for p in vote.order:
        if p not in vote.ballots and p not in vote.abstained:
            return p
    return None


def vote_waiting(state: TribesState) -> list[int]:
    """The next voter, alone."""
    voter = _voter(state)
    return [] if voter is None else [voter]


def vote_prompt(state: TribesState, player: int) -> str:
    """The pending decision's prompt."""
    return f"Name the goal of the game (your {plural(votes_of(state, player), 'vote')})."


def vote_prompt_phrase(state: TribesState, player: int) -> Phrase:
    """`vote_prompt` as catalog words."""
    return phrase("prompt.vote", votes=words.votes(votes_of(state, player)))


def goal_label(goal: int) -> str:
    """"Gnome of Glory: the most victory points"."""
    return f"{GOAL_NAMES[goal]}: {GOAL_TEXTS[goal]}"


def goal_phrase(goal: int) -> Phrase:
    """`goal_label` as catalog words."""
    return phrase("label.goal", goal=words.goal(goal), aim=words.goal_aim(goal))


def vote_legal(state: TribesState, player: int) -> list[Action]:
    """One goal of six, or abstain."""
    if player not in vote_waiting(state):
        return []
    out = [Action(step_id(Ballot(g)), goal_label(g), phrase=goal_phrase(g)) for g in GOALS]
    out.append(Action(step_id(Ballot(None)), "Abstain: name no goal", phrase=phrase("label.abstain")))  # G-T2
    return out


def vote_apply(state: TribesState, player: int, action: Action, events: list[Event]) -> None:
    """Record one public vote."""
    step = parse(action.id)
    if not isinstance(step, Ballot):
        raise IllegalAction("Name a goal from 1 to 6, or abstain.", "E_PHASE",
                            phrase=phrase("refuse.name-goal-1-6-abstain"))
    vote = state.vote
    assert vote is not None
    if step.goal is None:
        vote.abstained.append(player)
        events.append(public_event(f"{side_start(state, player)} abstain.", "info",
                                   phrase=phrase("vote.abstains", tribe=words.tribe(state, player)),
                                   player=player, goal=None))
        return
    if step.goal not in GOALS:
        raise IllegalAction("Goals are numbered 1 to 6.", "E_UNKNOWN_GOAL", phrase=phrase("refuse.goals-numbered-1-6"))
    vote.ballots[player] = step.goal
    events.append(public_event(
        f"{side_start(state, player)} vote for {GOAL_NAMES[step.goal]} ({plural(votes_of(state, player), 'vote')}).",
        "info", phrase=phrase("vote.cast", tribe=words.tribe(state, player), goal=words.goal(step.goal),
                              votes=words.votes(votes_of(state, player))),
        player=player, goal=step.goal, votes=votes_of(state, player)))


def vote_timeout(state: TribesState, player: int) -> Action:
    """R-T43: a silent voter abstains."""
    return Action(step_id(Ballot(None)), "Abstain: name no goal", phrase=phrase("label.abstain"))


def vote_describe(state: TribesState, player: int) -> list[str]:
    """Where the vote stands."""
    return words.english(vote_said(state, player))


def vote_phrases(state: TribesState, player: int) -> list[Phrase]:
    """`vote_describe`'s lines as catalog phrases."""
    return words.phrases(vote_said(state, player))


def vote_said(state: TribesState, player: int) -> list[words.Said]:
    """`vote_describe`'s lines, each with its phrase."""
    vote = state.vote
    if vote is None:
        return []
    totals = tally(state, vote)
    if not totals:
        return [("No goal has been named yet.", phrase("vote.draft-none"))]
    ranked = sorted(totals.items())
    return [("Votes so far: " + joined([f"{GOAL_NAMES[g]} {n}" for g, n in ranked]) + ".",
             phrase("vote.draft", votes=words.joined([phrase("vote.draft-goal", goal=words.goal(g), votes=n)
                                                      for g, n in ranked])))]


def tally(state: TribesState, vote: VoteState) -> dict[int, int]:
    """Votes per named goal."""
    totals: dict[int, int] = {}
    for p, goal in vote.ballots.items():
        totals[goal] = totals.get(goal, 0) + votes_of(state, p)
    return totals


def vote_complete(state: TribesState, events: list[Event]) -> None:
    """Count the votes; a tie between the leaders is drawn at random (R-T39); then Gnom'But or Phase 4."""
    vote = state.vote
    assert vote is not None
    totals = tally(state, vote)
    candidates = sorted(totals) or list(GOALS)  # R-T43: nobody named a goal -> all six
    best = max(totals.get(g, 0) for g in candidates)
    leaders = [g for g in candidates if totals.get(g, 0) == best]
    drawn = ""
    if len(leaders) > 1:
        rng = Rng(state.rng)
        result = rng.choice(leaders)  # the d6 re-rolled until it shows a leader: uniform among them
        state.rng = rng.state
        drawn = " (drawn at random among " + joined([GOAL_NAMES[g] for g in leaders]) + ")"
    else:
        result = leaders[0]
    vote.result = result
    chosen, aim, cast = words.goal(result), words.goal_aim(result), words.votes(best)
    said = (phrase("vote.result-drawn", goal=chosen, goals=words.joined([words.goal(g) for g in leaders]), votes=cast,
                   aim=aim) if drawn else
            phrase("vote.result", goal=chosen, votes=cast, aim=aim))
    events.append(public_event(f"The vote chooses {GOAL_NAMES[result]}{drawn}, with {plural(best, 'vote')}: "
                               f"the winner will be the player with {GOAL_TEXTS[result]}.", "roll" if drawn else "info",
                               phrase=said, result=result, totals={str(g): n for g, n in totals.items()}))
    if not vote.revote and _holders(state):
        vote.gnombut_answers = {}
        state.phase = phases.GNOMBUT
        events.append(public_event("Every player holding a card now secretly keeps the result or, holding "
                                   "Gnom'But, cancels it.", "info", phrase=phrase("vote.gnombut-asked")))
        return
    _adopt(state, events)


def _adopt(state: TribesState, events: list[Event]) -> None:
    vote = state.vote
    assert vote is not None and vote.result is not None
    state.goal = vote.result
    assert state.gnompax_turn is not None
    events.append(public_event(f"The goal is {GOAL_NAMES[state.goal]}. The game ends after turn "
                               f"{state.gnompax_turn + COUNTDOWN}.", "info",
                               phrase=phrase("vote.adopted", goal=words.goal(state.goal),
                                             turn=state.gnompax_turn + COUNTDOWN),
                               goal=state.goal))
    state.phase = phases.WAR_START


# --- Gnom'But (§12.3) --------------------------------------------------------------------------------


def _holders(state: TribesState) -> list[int]:
    """Every player with at least one card: all are asked so the wait reveals nobody (R-T43)."""
    return [p for p in state.turn_order() if state.players[p].hand]


def holds_gnombut(state: TribesState, player: int) -> bool:
    """Whether `player` holds the Gnom'But card."""
    return any(card_of(c).id == GNOMBUT for c in state.players[player].hand)


def but_waiting(state: TribesState) -> list[int]:
    """Card holders who have not answered."""
    vote = state.vote
    if vote is None:
        return []
    return [p for p in _holders(state) if p not in vote.gnombut_answers]


def but_prompt(state: TribesState, player: int) -> str:
    """The pending decision's prompt."""
    return "Keep the vote's result, or cancel it with Gnom'But if you hold it."


def but_prompt_phrase(state: TribesState, player: int) -> Phrase:
    """`but_prompt` as catalog words."""
    return phrase("prompt.gnombut")


def but_legal(state: TribesState, player: int) -> list[Action]:
    """Keep; for the holder also cancel naming each other player."""
    if player not in but_waiting(state):
        return []
    out = [Action(step_id(ButAnswer(None)), "Keep the result", phrase=phrase("label.keep-result"))]
    if holds_gnombut(state, player):
        out += [Action(step_id(ButAnswer(p)), f"Play Gnom'But: re-vote without {side(state, p)}",
                       phrase=phrase("label.gnombut-revote", side=words.side(state, p)))
                for p in state.turn_order() if p != player]
    return out


def but_apply(state: TribesState, player: int, action: Action, events: list[Event]) -> None:
    """Seal one secret answer."""
    step = parse(action.id)
    if not isinstance(step, ButAnswer):
        raise IllegalAction("Keep the result, or cancel it with Gnom'But.", "E_PHASE",
                            phrase=phrase("refuse.keep-result-cancel-gnombut"))
    vote = state.vote
    assert vote is not None
    if step.excluded is not None:
        if not holds_gnombut(state, player):
            raise IllegalAction("Only the holder of Gnom'But can cancel the vote; you can keep the result.",
                                "E_NOT_HOLDER", phrase=phrase("refuse.holder-gnombut-cancel-vote-keep"))
        if step.excluded == player:
            raise IllegalAction("Name another player to leave out of the re-vote, not yourself.", "E_SELF_TARGET",
                                phrase=phrase("refuse.name-another-player-leave-out"))
        if not 0 <= step.excluded < state.player_count:
            raise IllegalAction("There is no such player at this table.", "E_UNKNOWN_PLAYER",
                                phrase=phrase("refuse.there-such-player-table"))
    vote.gnombut_answers[player] = "keep" if step.excluded is None else f"cancel:{step.excluded}"
    events.append(private_event(player, "Your answer is sealed.", "info", phrase=phrase("gnombut.sealed")))


def but_timeout(state: TribesState, player: int) -> Action:
    """R-T43: a silent player keeps the result."""
    return Action(step_id(ButAnswer(None)), "Keep the result", phrase=phrase("label.keep-result"))


def but_describe(state: TribesState, player: int) -> list[str]:
    """What the decision is about."""
    return words.english(but_said(state, player))


def but_phrases(state: TribesState, player: int) -> list[Phrase]:
    """`but_describe`'s lines as catalog phrases."""
    return words.phrases(but_said(state, player))


def but_said(state: TribesState, player: int) -> list[words.Said]:
    """`but_describe`'s lines, each with its phrase."""
    vote = state.vote
    if vote is None or vote.result is None:
        return []
    goal = words.goal(vote.result)
    if holds_gnombut(state, player):
        return [(f"The vote chose {GOAL_NAMES[vote.result]}. You hold Gnom'But: you may cancel the vote and have it "
                 "run again without one player you name.", phrase("gnombut.draft-hold", goal=goal))]
    return [(f"The vote chose {GOAL_NAMES[vote.result]}. Answer to keep it (everyone holding a card is asked).",
             phrase("gnombut.draft-keep", goal=goal))]


def but_complete(state: TribesState, events: list[Event]) -> None:
    """A cancel by the holder runs the vote again without the named player; otherwise the result stands."""
    vote = state.vote
    assert vote is not None
    for player in _holders(state):
        answer = vote.gnombut_answers.get(player, "keep")
        if answer.startswith("cancel:") and holds_gnombut(state, player):
            excluded = int(answer.split(":")[1])
            card = next(c for c in state.players[player].hand if card_of(c).id == GNOMBUT)
            state.players[player].hand.remove(card)
            state.discard.append(card)
            vote.first_result = vote.result
            vote.result = None
            vote.revote = True
            vote.excluded = excluded
            vote.ballots = {}
            vote.abstained = []
            vote.order = [p for p in vote.order if p != excluded]
            state.phase = phases.REVOTE
            events.append(public_event(f"{side_start(state, player)} play Gnom'But: the vote is cancelled and runs "
                                       f"again, in the same order, without {side(state, excluded)}.", "reveal",
                                       phrase=phrase("gnombut.played", tribe=words.tribe(state, player),
                                                     excluded=words.tribe(state, excluded)),
                                       player=player, excluded=excluded))
            return
    events.append(public_event("Nobody cancels the vote.", "info", phrase=phrase("gnombut.kept")))
    _adopt(state, events)


VOTE_RULES = phases.PhaseRules(
    parse=parse,
    kind=DecisionKind.TURN, waiting=vote_waiting, prompt=vote_prompt,
    prompt_phrase=vote_prompt_phrase, legal=vote_legal, apply=vote_apply,
    timeout=vote_timeout, describe=vote_describe, describe_phrases=vote_phrases, complete=vote_complete,
    label="Phase 3: goal vote",
)
REVOTE_RULES = phases.PhaseRules(
    parse=parse,
    kind=DecisionKind.TURN, waiting=vote_waiting, prompt=vote_prompt,
    prompt_phrase=vote_prompt_phrase, legal=vote_legal, apply=vote_apply,
    timeout=vote_timeout, describe=vote_describe, describe_phrases=vote_phrases, complete=vote_complete,
    label="Phase 3: goal re-vote",
)
BUT_RULES = phases.PhaseRules(
    parse=parse,
    kind=DecisionKind.SIMULTANEOUS, waiting=but_waiting, prompt=but_prompt,
    prompt_phrase=but_prompt_phrase, legal=but_legal, apply=but_apply,
    timeout=but_timeout, describe=but_describe, describe_phrases=but_phrases, complete=but_complete,
    label="Phase 3: Gnom'But",
)


# --- the winner (§12.1, §12.4) --------------------------------------------------------------------------


def competition_ranks(values: dict[int, int]) -> dict[int, int]:
    """Standard competition ranking, highest value first: 1, 1, 3 …"""
    return {p: 1 + sum(1 for q in values if values[q] > v) for p, v in values.items()}


def measures(state: TribesState) -> dict[int, dict[int, int]]:
    """Goal -> player -> the measured value (goal 6: the sum of ranks in goals 1-3, lower is better)."""
    players = range(state.player_count)
    out = {
        1: {p: wealth(state, p) for p in players},
        2: {p: len(controlled(state, p)) for p in players},
        3: {p: len(state.players[p].hand) for p in players},
        4: {p: army_total(state, p) for p in players},
        5: {p: state.players[p].vp for p in players},
    }
    ranks = [competition_ranks(out[g]) for g in (1, 2, 3)]
    out[6] = {p: sum(r[p] for r in ranks) for p in players}
    return out


def ranking(state: TribesState, goal: int) -> tuple[tuple[int, ...], ...]:
    """Players best first for `goal`; ties broken by VP then wealth, still tied = shared place (§12.1)."""
    m = measures(state)

    def key(p: int) -> tuple[int, int, int]:
        primary = -m[6][p] if goal == 6 else m[goal][p]
        return (primary, state.players[p].vp, wealth(state, p))

    ordered = sorted(range(state.player_count), key=key, reverse=True)
    groups: list[list[int]] = []
    for p in ordered:
        if groups and key(groups[-1][0]) == key(p):
            groups[-1].append(p)
        else:
            groups.append([p])
    return tuple(tuple(sorted(g)) for g in groups)


def outcome(state: TribesState) -> Outcome | None:
    """The result once the game is over: ranking by the voted goal; scores are that goal's measure."""
    if state.phase != phases.FINISHED or state.goal is None:
        return None
    goal = state.goal
    m = measures(state)
    reason = "cap" if state.gnompax_forced else "goal"
    return Outcome(
        ranking=ranking(state, goal),
        scores={p: float(m[goal][p]) for p in range(state.player_count)},  # G-T3
        reason=reason,
        details={"goal": goal, "goal_name": GOAL_NAMES[goal], "gnompax_turn": state.gnompax_turn,
                 "measures": {str(g): {str(p): v for p, v in per.items()} for g, per in m.items()}},
    )
