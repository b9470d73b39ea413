"""The end of a Vendetta game in words: why it ended, each clan's points, and every clan's secret objectives
(R-V26), both as English text and as catalog phrases (engine.core.phrases) that read in any language."""

from __future__ import annotations

from engine.core.phrases import Phrase, listed, phrase
from engine.core.picks import FinalReport, PlayerReport
from engine.vendetta import words
from engine.vendetta.clans import CLANS, FOODS
from engine.vendetta.describe import card_text, joined, player_name
from engine.vendetta.handlers import clans_of
from engine.vendetta.objectives import CARDS, catalogue_sorted, pooled_needs
from engine.vendetta.scoring import best_subset, state_outcome
from engine.vendetta.state import VendettaState

# §8.2: what each completed objective, spare gnome token and spare food scores.
OBJECTIVE_POINTS, GNOME_POINTS, FOOD_POINTS = 20, 3, 2


def final_report(state: VendettaState) -> FinalReport | None:
    """Reason in words, each player's points per clan, and every clan's secret objectives (R-V26)."""
    outcome = state_outcome(state)
    if outcome is None:
        return None
    reason, reason_said = _reason(state)
    basic = state.scoring == "basic" and state.end_reason == "objectives"
    players = []
    for p in [p for group in outcome.ranking for p in group]:
        lines = [clan_breakdown(state, clan, basic) for clan in clans_of(state, p)]
        players.append(PlayerReport(p, player_name(state, p), outcome.scores.get(p, 0.0),
                                    tuple(text for text, _ in lines), tuple(said for _, said in lines)))
    secrets = [_secret(state, clan) for clan in state.seats]
    return FinalReport(reason, tuple(players), tuple(text for text, _ in secrets), unit=("point", "points"),
                       reason_said=reason_said, secrets_said=tuple(said for _, said in secrets),
                       unit_said=words.SCORE_UNIT)


def _reason(state: VendettaState) -> tuple[str, Phrase]:
    if state.end_reason != "objectives":
        # Basic scoring too ends on points here (§8): the lobby's "Scoring: basic" says so as well.
        return (f"Round {state.round_limit}, the last, is over and no clan completed all its objectives, "
                "so points decide.", phrase("end.points-decide", round=state.round_limit))
    many = len(state.triggered)
    who = joined([CLANS[c].name for c in state.triggered])
    reason = f"{who} completed all {'their' if many > 1 else 'its'} objectives in round {state.round}."
    clans = words.joined([words.clan(c) for c in state.triggered])
    if state.scoring == "basic":
        return (reason + " Basic scoring: the clans that completed everything win.",
                phrase("end.objectives-basic", n=many, clans=clans, round=state.round))
    return (reason + " Advanced scoring decides the ranking.",
            phrase("end.objectives-advanced", n=many, clans=clans, round=state.round))


def clan_breakdown(state: VendettaState, clan: str, basic: bool) -> tuple[str, Phrase]:
    """One clan's score as a labelled line and its phrase (§8.2: 20 per objective, 3 per spare gnome token,
    2 per spare food)."""
    name, said = CLANS[clan].name, words.clan(clan)
    if basic:
        if clan in state.triggered:
            return f"{name}: completed every objective (win).", phrase("end.clan-won", clan=said)
        return f"{name}: did not complete every objective.", phrase("end.clan-not-won", clan=said)
    tokens = state.tokens[clan]
    result = best_subset(clan, state.chosen.get(clan, []), tokens, state.board)
    need = pooled_needs(result.completed)
    gnomes = sum(n for t, n in tokens.items() if t.startswith("gnome_")) - sum(
        n for t, n in need.items() if t.startswith("gnome_"))
    food = sum(tokens.get(f, 0) for f in FOODS) - sum(need.get(f, 0) for f in FOODS)
    k = len(result.completed)
    # Only what scored is listed: "0 objectives completed (0)" adds nothing to the sum.
    parts: list[str] = []
    scored: list[Phrase] = []
    if k:
        parts.append(f"{k} objective{'s' if k != 1 else ''} completed ({OBJECTIVE_POINTS * k})")
        scored.append(phrase("end.part-objectives", n=k, points=OBJECTIVE_POINTS * k))
    if gnomes:
        parts.append(f"{gnomes} spare gnome token{'s' if gnomes != 1 else ''} ({GNOME_POINTS * gnomes})")
        scored.append(phrase("end.part-gnomes", n=gnomes, points=GNOME_POINTS * gnomes))
    if food:
        parts.append(f"{food} spare food ({FOOD_POINTS * food})")
        scored.append(phrase("end.part-food", n=food, points=FOOD_POINTS * food))
    if not parts:
        return f"{name}: no objective completed and no spare token = 0 points.", phrase("end.clan-nothing", clan=said)
    if k:
        return (f"{name}: {', '.join(parts)} = {result.score} points.",
                phrase("end.clan-score", n=result.score, clan=said, parts=listed(scored)))
    return (f"{name}: no objective completed; {', '.join(parts)} = {result.score} points.",
            phrase("end.clan-score-none", n=result.score, clan=said, parts=listed(scored)))


def _secret(state: VendettaState, clan: str) -> tuple[str, Phrase]:
    chosen = state.chosen.get(clan, [])
    done = catalogue_sorted(best_subset(clan, chosen, state.tokens[clan], state.board).completed)
    text = f"{CLANS[clan].name}'s objectives were {joined([card_text(c) for c in chosen])}"
    cards = words.joined([words.offered_card(c) for c in chosen])
    if done:
        return (text + f"; completed: {joined([CARDS[c].name for c in done])}.",
                phrase("end.secret-done", n=len(done), clan=words.clan(clan), cards=cards,
                       done=words.joined([words.card(c) for c in done])))
    return text + "; none completed.", phrase("end.secret-none", clan=words.clan(clan), cards=cards)
