"""Phase 3, second half (spec §7.4, §13, R-T14, R-T20, R-T44): research in turn order, GnomGag at the draw.

The research step is automatic (`run`): it only pauses for the Exchange choice of a Gnom'But (Exchange)
drawer (phase EXCHANGE, one choice: an opponent, or decline). After the last researcher, Gnompax may be
forced out (R-T44); if Gnompax came out this turn the goal vote opens, otherwise Phase 4 begins.
"""

from __future__ import annotations

from engine.core.actions import Action
from engine.core.decisions import DecisionKind
from engine.core.errors import IllegalAction
from engine.core.events import Event, private_event, public_event
from engine.core.phrases import Phrase, phrase
from engine.tribes import phases, words
from engine.tribes.actions import Swap, parse, step_id
from engine.tribes.cards import EXCHANGE, GNOMPAX, SUPER_BINGO, card_name, card_of
from engine.tribes.common import real, side, side_start
from engine.tribes.setup import GNOMPAX_CARD, SUPER_BINGO_GG
from engine.tribes.state import TribesState

RESEARCH_PRICE = 10  # R-T14
RESEARCH_VP = 4  # R-T20


def queue_researchers(state: TribesState) -> None:
    """Every player whose Research post holds 10 GG or more after the assassinations, in turn order (R-T14)."""
    state.research_queue = [p for p in state.turn_order()
                            if real(state.players[p].posts["research"]) >= RESEARCH_PRICE]


def run(state: TribesState, events: list[Event]) -> None:
    """Complete the queued researches; stop at an Exchange choice; then the Gnompax cap, the vote or Phase 4."""
    while state.research_queue:
        player = state.research_queue.pop(0)
        _research(state, player, events)
        if state.phase == phases.EXCHANGE:
            return
    _after_research(state, events)


def _research(state: TribesState, player: int, events: list[Event]) -> None:
    owner = state.players[player]
    if not state.deck:
        return  # R-T14: an empty deck stops research and the post keeps its bills
    bills = owner.posts["research"]
    owner.purse += real(bills) - RESEARCH_PRICE
    owner.zeros += sum(1 for b in bills if b == 0)
    owner.posts["research"] = []  # R-T19: a completed research is not shown to the others
    card = state.deck.pop(0)
    tribe = words.tribe(state, player)
    if card_of(card).id == GNOMPAX:
        _gnompax_out(state, forced=False)
        events.append(public_event(f"{side_start(state, player)} draw Gnompax! It is set aside face up: the goal "
                                   "vote follows this phase, and the game ends after 4 more turns.", "draw",
                                   phrase=phrase("research.gnompax", tribe=tribe), player=player, gnompax=True))
        if not state.deck:
            events.append(public_event(f"The deck is empty: {side(state, player)} get nothing more.", "info",
                                       phrase=phrase("research.deck-empty", tribe=tribe)))
            return
        card = state.deck.pop(0)  # R-T20: the next card replaces Gnompax
    owner.vp += RESEARCH_VP
    kind = card_of(card).id
    if kind == SUPER_BINGO:
        owner.purse += SUPER_BINGO_GG  # R-T6
        state.discard.append(card)
        events.append(public_event(f"{side_start(state, player)} completed research (+{RESEARCH_VP} VP) and drew "
                                   f"Super Bingo: {SUPER_BINGO_GG} GG from the bank.", "draw",
                                   phrase=phrase("research.super-bingo", tribe=tribe, vp=RESEARCH_VP,
                                                 gold=SUPER_BINGO_GG),
                                   player=player))
    elif kind == EXCHANGE:
        state.discard.append(card)  # R-T6: discarded whatever the choice
        state.exchange_drawer = player
        state.phase = phases.EXCHANGE
        events.append(public_event(f"{side_start(state, player)} completed research (+{RESEARCH_VP} VP) and drew "
                                   "Gnom'But (Exchange): they may swap their VP total with an opponent's.", "draw",
                                   phrase=phrase("research.exchange", tribe=tribe, vp=RESEARCH_VP), player=player))
    else:
        owner.hand.append(card)
        events.append(public_event(f"{side_start(state, player)} completed research (+{RESEARCH_VP} VP).", "draw",
                                   phrase=phrase("research.done", tribe=tribe, vp=RESEARCH_VP), player=player))
        events.append(private_event(player, f"Your research wins {card_name(card)}.", "draw",
                                    phrase=phrase("research.card", card=words.card(card)), card=card))


def _gnompax_out(state: TribesState, forced: bool) -> None:
    if GNOMPAX_CARD in state.deck:
        state.deck.remove(GNOMPAX_CARD)  # the other cards keep their order (R-T44)
    state.discard.append(GNOMPAX_CARD)
    state.gnompax_turn = state.turn
    state.gnompax_forced = forced


def _after_research(state: TribesState, events: list[Event]) -> None:
    if state.gnompax_turn is None and state.turn >= state.options.gnompax_cap:
        _gnompax_out(state, forced=True)  # R-T44
        events.append(public_event(f"Turn {state.turn} is the last before the safety end: Gnompax is taken out of "
                                   "the deck. The goal vote follows, and the game ends after 4 more turns.", "reveal",
                                   phrase=phrase("research.gnompax-forced", turn=state.turn),
                                   gnompax=True, forced=True))
    if state.gnompax_turn == state.turn:
        from engine.tribes.goals import open_vote  # the vote module depends on this one's helpers
        open_vote(state, events)
    else:
        state.phase = phases.WAR_START


# --- the Exchange choice --------------------------------------------------------------------------------


def exchange_waiting(state: TribesState) -> list[int]:
    """The drawer of Gnom'But (Exchange), while he has not chosen."""
    return [] if state.exchange_drawer is None else [state.exchange_drawer]


def exchange_prompt(state: TribesState, player: int) -> str:
    """The pending decision's prompt."""
    return "Gnom'But (Exchange): swap your VP total with an opponent's, or decline."


def exchange_prompt_phrase(state: TribesState, player: int) -> Phrase:
    """`exchange_prompt` as catalog words."""
    return phrase("prompt.exchange")


def exchange_legal(state: TribesState, player: int) -> list[Action]:
    """One opponent to swap with (his VP shown), or decline."""
    if player not in exchange_waiting(state):
        return []
    out = [Action(step_id(Swap(p)), f"Swap with {side(state, p)} ({state.players[p].vp} VP)",
                  phrase=phrase("label.swap", side=words.side(state, p), vp=state.players[p].vp))
           for p in state.turn_order() if p != player]
    out.append(Action(step_id(Swap(None)), f"Decline: keep your {state.players[player].vp} VP",
                      phrase=phrase("label.decline-swap", vp=state.players[player].vp)))
    return out


def exchange_apply(state: TribesState, player: int, action: Action, events: list[Event]) -> None:
    """Swap the two VP totals at once, or decline; the card is discarded either way (§13)."""
    step = parse(action.id)
    if not isinstance(step, Swap):
        raise IllegalAction("Choose an opponent to swap VP totals with, or decline.", "E_PHASE",
                            phrase=phrase("refuse.choose-opponent-swap-vp-totals"))
    if step.target is not None:
        if step.target == player:
            raise IllegalAction("Swap with an opponent, not with yourself.", "E_SELF_TARGET",
                                phrase=phrase("refuse.swap-opponent-not-yourself"))
        if not 0 <= step.target < state.player_count:
            raise IllegalAction("There is no such player at this table.", "E_UNKNOWN_PLAYER",
                                phrase=phrase("refuse.there-such-player-table"))
        me, other = state.players[player], state.players[step.target]
        me.vp, other.vp = other.vp, me.vp
        events.append(public_event(f"{side_start(state, player)} swap VP totals with {side(state, step.target)}: "
                                   f"now {me.vp} and {other.vp} VP.", "info",
                                   phrase=phrase("exchange.swapped", tribe=words.tribe(state, player),
                                                 target=words.tribe(state, step.target), mine=me.vp,
                                                 theirs=other.vp),
                                   player=player, target=step.target))
    else:
        events.append(public_event(f"{side_start(state, player)} decline the exchange and keep their VP.", "info",
                                   phrase=phrase("exchange.declined", tribe=words.tribe(state, player)),
                                   player=player))
    state.exchange_drawer = None


def exchange_timeout(state: TribesState, player: int) -> Action:
    """§15.1: a silent drawer declines."""
    return Action(step_id(Swap(None)), f"Decline: keep your {state.players[player].vp} VP",
                      phrase=phrase("label.decline-swap", vp=state.players[player].vp))


def exchange_describe(state: TribesState, player: int) -> list[str]:
    """What the Exchange choice means."""
    return words.english(exchange_said(state, player))


def exchange_phrases(state: TribesState, player: int) -> list[Phrase]:
    """`exchange_describe`'s lines as catalog phrases."""
    return words.phrases(exchange_said(state, player))


def exchange_said(state: TribesState, player: int) -> list[words.Said]:
    """`exchange_describe`'s line with its phrase."""
    return [("You drew Gnom'But (Exchange): choose an opponent whose VP total you take (they get yours), or decline.",
             phrase("exchange.draft"))]


def exchange_complete(state: TribesState, events: list[Event]) -> None:
    """Back to the research of the next players."""
    state.phase = phases.RESEARCH


EXCHANGE_RULES = phases.PhaseRules(
    parse=parse,
    kind=DecisionKind.TURN, waiting=exchange_waiting, prompt=exchange_prompt,
    prompt_phrase=exchange_prompt_phrase, legal=exchange_legal,
    apply=exchange_apply, timeout=exchange_timeout, describe=exchange_describe,
    describe_phrases=exchange_phrases, complete=exchange_complete,
    label="Phase 3: research",
)
