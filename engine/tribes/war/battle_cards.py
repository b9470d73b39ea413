"""Battle cards (§8.3): every belligerent's secret, simultaneous choice of 0-2 cards and airlifts.

Draft per belligerent: card 1 · card 2 (or stop) · for each air/Gnomsub card an optional airlift
(source → count → attack) · confirm. The active player's airborne-attack cards are already chosen
and count towards his 2 (R-T25). Skipped for a player whose hand holds nothing he could still add.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.core.actions import CLEAR_ID, CLEAR_LABEL, CONFIRM_ID, UNDO_ID, Action
from engine.core.errors import IllegalAction, Problem
from engine.core.events import Event, public_event
from engine.core.phrases import Phrase, listed, phrase
from engine.core.picks import MAX_PICK_OPTIONS, MultiPick, PickOption
from engine.tribes import words
from engine.tribes.cards import SUB, WEAPON, card_name, card_of
from engine.tribes.state import TribesState
from engine.tribes.war import ids
from engine.tribes.war.common import (
    AT_MOST_TWO_CARDS,
    NOT_IN_HAND,
    armies,
    attack_by_id,
    belligerents,
    board,
    cards_in_words,
    own_armies,
    place,
    plan_use,
    side,
    war_of,
)
from engine.tribes.war.plan import MAX_BATTLE_CARDS, airborne_cards
from engine.tribes.war_state import Airlift, Attack, CardDraft, War

PREFIX = "card"
MAX_AIRLIFT = 5  # R-T26: "not 1 army but 5"
MAX_LISTED = 20  # more playable designs than this (up to 23) put the weapons behind one entry


def _limit(war: War, player: int) -> int:
    return MAX_BATTLE_CARDS - (len(airborne_cards(war)) if player == war.active else 0)


def _spare_hand(state: TribesState, war: War, player: int) -> list[str]:
    hand = state.players[player].hand
    return [c for c in hand if player != war.active or c not in airborne_cards(war)]


def setup(state: TribesState, war: War) -> None:
    """Open a sealed draft per belligerent; skip (no card) whoever has nothing left to add (§15.1)."""
    war.cards = {}
    for player in belligerents(state, war):
        draft = CardDraft()
        # hand sizes and the plan's airborne cards are public, so this skip leaks nothing; a hand without
        # any battle card is still asked (G-T12), else the wait would tell what it holds
        if not _spare_hand(state, war, player) or _limit(war, player) <= 0:
            draft.closed = draft.done = True
        war.cards[player] = draft


def waiting(state: TribesState) -> list[int]:
    """Belligerents who have not sealed their cards, in the order asked."""
    war = state.war
    if war is None:
        return []
    return [p for p, d in war.cards.items() if not d.done]


# --- airlifts ----------------------------------------------------------------------------------


def _combats(war: War, player: int) -> list[Attack]:
    if player == war.active:
        return list(war.attacks)
    return [a for a in war.attacks if a.defender == player]


def _committed(war: War, player: int, territory: str) -> int:
    if player == war.active:
        return plan_use(war, territory)
    draft = war.defence.get(player)
    return sum(s.count for s in draft.supports if s.territory == territory) if draft else 0


def lift_free(state: TribesState, war: War, player: int, territory: str) -> int:
    """Armies of `territory` that may still be airlifted by `player` (not in any battle yet)."""
    lifted = sum(lift.count for lift in war.cards[player].lifts if lift.source == territory)
    return own_armies(state, player, territory) - _committed(war, player, territory) - lifted


def lift_source_problem(state: TribesState, war: War, player: int, card: str, territory: str) -> Problem | None:
    """Why `card` cannot airlift armies from `territory`, or None."""
    where = words.place(territory)
    if own_armies(state, player, territory) == 0:
        return Problem("You can only airlift armies from a territory you hold.", phrase("refuse.lift-own-only"))
    if any(a.target == territory for a in war.attacks):
        return Problem(f"{place(territory)} is attacked: its armies defend it and cannot be airlifted.",
                       phrase("refuse.lift-attacked", place=where))
    if lift_free(state, war, player, territory) < 1:
        return Problem(f"All armies of {place(territory)} already take part in this battle.",
                       phrase("refuse.lift-all-busy", place=where))
    if card_of(card).kind == SUB and not board().territories[territory].coastal:  # R-T27
        return Problem("A Gnomsub airlift must start from a coastal territory.", phrase("refuse.lift-sub-start"))
    if not any(lift_attack_problem(state, war, player, card, territory, a.id) is None
               for a in _combats(war, player)):
        return Problem(f"Armies of {place(territory)} cannot be airlifted into any of your battles with this card.",
                       phrase("refuse.lift-reaches-none", place=where))
    return None


def lift_attack_problem(
    state: TribesState, war: War, player: int, card: str, territory: str, attack_id: int,
) -> Problem | None:
    """Why an airlift from `territory` cannot join the combat of `attack_id`, or None."""
    attack = attack_by_id(war, attack_id)
    if attack is None or attack not in _combats(war, player):
        return Problem("You do not fight in that battle.", phrase("refuse.lift-not-your-battle"))
    if territory == attack.source:  # R-T24; armies left in the source of another attack may fly (G-T7)
        return Problem("Armies of the attack's source cannot also be airlifted into it.",
                       phrase("refuse.lift-from-source"))
    if card_of(card).kind == SUB and not board().territories[attack.target].coastal:  # R-T27
        return Problem("A Gnomsub airlift can only reach a battle on a coastal territory.",
                       phrase("refuse.lift-sub-end"))
    return None


def _pending_carrier(draft: CardDraft) -> str | None:
    return next((c for c in draft.cards if card_of(c).carrier and c not in draft.decided), None)


# --- the menu ----------------------------------------------------------------------------------


def prompt(state: TribesState, player: int) -> str:
    """The question put to a belligerent."""
    return "Choose your secret battle cards (at most 2) and airlifts."


def prompt_phrase(state: TribesState, player: int) -> Phrase:
    """`prompt` as catalog words."""
    return phrase("prompt.cards")


def legal(state: TribesState, player: int) -> list[Action]:
    """One step of `player`'s battle-card draft."""
    if player not in waiting(state):
        return []
    war = war_of(state)
    draft = war.cards[player]
    actions: list[Action] = []
    carrier = _pending_carrier(draft)
    if not draft.closed:
        offered = _offered(state, war, player)
        if draft.path == ["weapon"]:
            offered = [c for c in offered if card_of(c).kind == WEAPON]
        elif len(offered) > MAX_LISTED:  # too many for one menu: the weapons behind one entry
            offered = [c for c in offered if card_of(c).kind != WEAPON]
            actions.append(Action(ids.word_id(PREFIX, "weapon"), "A weapon card…", phrase=phrase("label.weapon-card")))
        actions.extend(Action(ids.card_id(PREFIX, "play", c), f"Play {card_name(c)}",
                              phrase=phrase("label.play-card", card=words.card(c))) for c in offered)
        if draft.cards:
            actions.append(Action(ids.word_id(PREFIX, "stop"), "No more cards", phrase=phrase("label.no-more-cards")))
    elif carrier is not None and not draft.path:
        for t in board().order:
            if lift_source_problem(state, war, player, carrier, t) is None:
                actions.append(Action(ids.territory_id(PREFIX, "lift", t),
                                      f"{card_name(carrier)}: airlift from {place(t)}",
                                      phrase=phrase("label.lift-from", card=words.card(carrier),
                                                    place=words.place(t))))
        actions.append(Action(ids.word_id(PREFIX, "nolift"), f"{card_name(carrier)}: no airlift",
                              phrase=phrase("label.no-lift", card=words.card(carrier))))
    elif carrier is not None and len(draft.path) == 1:
        most = min(MAX_AIRLIFT, lift_free(state, war, player, draft.path[0]))
        for n in range(1, most + 1):
            actions.append(Action(ids.number_id(PREFIX, "n", n), f"Airlift {armies(n)}",
                                  phrase=phrase("label.lift", armies=words.armies(n))))
    elif carrier is not None:
        for attack in _combats(war, player):
            if lift_attack_problem(state, war, player, carrier, draft.path[0], attack.id) is None:
                actions.append(Action(ids.number_id(PREFIX, "for", attack.id),
                                      f"Into the battle for {place(attack.target)}",
                                      phrase=phrase("label.lift-into", place=words.place(attack.target))))
    else:
        actions.append(Action(CONFIRM_ID, f"Seal: {cards_in_words(draft.cards)}",
                              phrase=phrase("label.seal-cards", cards=words.cards(draft.cards))))
    if draft.cards or draft.closed:
        actions.append(Action(UNDO_ID, "Undo this step", phrase=phrase("label.undo-step")))
    actions.append(Action(ids.word_id(PREFIX, "pass"), "Play no card", phrase=phrase("label.play-no-card")))
    return actions


def multi_pick(state: TribesState, player: int) -> MultiPick | None:
    """Cards 1 and 2 as one 'pick 0 to 2' menu, before any card is chosen step by step."""
    war = state.war
    if war is None or player not in waiting(state):
        return None
    draft = war.cards[player]
    if draft.closed or draft.cards or draft.path:
        return None
    cards = _playable(state, war, player)
    if len(cards) > MAX_PICK_OPTIONS:
        cards = _offered(state, war, player)  # one of each design still fits (23 designs at most)
    if not cards:
        return None
    # A card alone is a name, not a sentence: its message holds the name, so the option is a phrase.
    options = tuple(PickOption(c, card_name(c), phrase=phrase("cards.option", card=words.card(c))) for c in cards)
    limit = _limit(war, player)
    return MultiPick(f"Choose up to {limit} battle cards (none is fine).", options, 0, min(limit, len(options)),
                     prompt_phrase=phrase("prompt.cards-pick", n=limit))


def pick_action(state: TribesState, player: int, chosen: Sequence[str]) -> Action:
    """The one action playing the picked cards, sealed at once (unless airlifts are still to decide)."""
    if multi_pick(state, player) is None:
        raise IllegalAction("There is nothing to pick right now.", "E_NO_PICK",
                            phrase=phrase("refuse.there-nothing-pick-right"))
    problem = _pick_problem(state, war_of(state), player, list(chosen))
    if problem:
        raise _illegal(problem)
    return Action(ids.pick_id(PREFIX, list(chosen)), f"Play {cards_in_words(list(chosen))}",
                  phrase=phrase("label.play-cards", cards=words.cards(list(chosen))))


def _pick_problem(state: TribesState, war: War, player: int, chosen: list[str]) -> Problem | None:
    if len(chosen) > _limit(war, player):
        return AT_MOST_TWO_CARDS
    trial = CardDraft()
    saved, war.cards[player] = war.cards[player], trial
    try:
        for card in chosen:
            problem = _play_problem(state, war, player, card)
            if problem:
                return problem
            trial.cards.append(card)
    finally:
        war.cards[player] = saved
    return None


def draft_built(state: TribesState, player: int) -> bool:
    """Whether `player` chose battle cards that playing no card would throw away."""
    war = state.war
    return war is not None and player in war.cards and bool(war.cards[player].cards)


def discards(state: TribesState, player: int, action: Action) -> bool:
    """Whether `action` drops the cards chosen so far: playing no card (R-T46)."""
    return action.id == ids.word_id(PREFIX, "pass")


def clear(state: TribesState, player: int) -> Action:
    """The step that puts every chosen card back (R-T46)."""
    return Action(CLEAR_ID, CLEAR_LABEL, phrase=phrase("label.clear"))


def timeout(state: TribesState, player: int) -> Action:
    """§15.1: no card (airborne cards of the plan stay)."""
    return Action(ids.word_id(PREFIX, "pass"), "Play no card", phrase=phrase("label.play-no-card"))


def auto_step(state: TribesState, player: int) -> Action | None:
    """The single forward airlift step (count or battle) once a source is chosen, or None."""
    war = state.war
    if war is None or player not in waiting(state) or not war.cards[player].path:
        return None
    forward = [a for a in legal(state, player) if a.id not in (UNDO_ID, CLEAR_ID, ids.word_id(PREFIX, "pass"))]
    return forward[0] if len(forward) == 1 else None


def describe(state: TribesState, player: int) -> list[str]:
    """`player`'s sealed or unfinished battle cards (never shown to anyone else before the reveal)."""
    return words.english(describe_said(state, player))


def describe_phrases(state: TribesState, player: int) -> list[Phrase]:
    """`describe`'s lines as catalog phrases."""
    return words.phrases(describe_said(state, player))


def describe_said(state: TribesState, player: int) -> list[words.Said]:
    """`describe`'s lines, each with its phrase."""
    war = state.war
    if war is None or player not in war.cards:
        return []
    draft = war.cards[player]
    lines: list[words.Said] = []
    if player == war.active and airborne_cards(war):
        lines.append((f"Your airborne attacks fly with {cards_in_words(airborne_cards(war))}.",
                      phrase("cards.draft-airborne", cards=words.cards(airborne_cards(war)))))
    lines.append((f"You play {cards_in_words(draft.cards)} in this battle" + (" (sealed)." if draft.done else "."),
                  phrase("cards.draft-sealed", cards=words.cards(draft.cards)) if draft.done else
                  phrase("cards.draft", cards=words.cards(draft.cards))))
    for lift in draft.lifts:
        attack = attack_by_id(war, lift.attack)
        where = place(attack.target) if attack else "?"
        # A lift whose battle is gone names no place: the catalog's "?" stands for it.
        target = words.place(attack.target) if attack else phrase("cards.draft-lift-nowhere")
        lines.append((f"{card_name(lift.card)} airlifts {armies(lift.count)} from {place(lift.source)} "
                      f"into the battle for {where}.",
                      phrase("cards.draft-lift", card=words.card(lift.card), armies=words.armies(lift.count),
                             source=words.place(lift.source), target=target)))
    return lines


# --- applying ----------------------------------------------------------------------------------


def _illegal(problem: Problem, code: str = "E_CARDS") -> IllegalAction:
    return problem.refusal(code)


def _offered(state: TribesState, war: War, player: int) -> list[str]:
    """One playable card of each design (two copies of a card play the same way)."""
    seen: set[str] = set()
    result = []
    for card in _playable(state, war, player):
        if card_of(card).id not in seen:
            seen.add(card_of(card).id)
            result.append(card)
    return result


def _playable(state: TribesState, war: War, player: int) -> list[str]:
    """Cards `player` could still add (none left: the choice closes by itself, G-T12)."""
    return [c for c in _spare_hand(state, war, player) if _play_problem(state, war, player, c) is None]


def _play_problem(state: TribesState, war: War, player: int, card: str) -> Problem | None:
    draft = war.cards[player]
    if card not in state.players[player].hand:
        return NOT_IN_HAND
    if card in draft.cards or (player == war.active and card in airborne_cards(war)):
        return Problem("You already chose that card.", phrase("refuse.card-chosen-already"))
    if not card_of(card).battle:  # §13
        return Problem("Gnom'But, Super Bingo and Gnompax cannot be played in a battle.",
                       phrase("refuse.card-not-battle"))
    if len(draft.cards) >= _limit(war, player):
        return AT_MOST_TWO_CARDS
    return None


def apply(state: TribesState, player: int, action: Action, events: list[Event]) -> None:
    """One step of `player`'s sealed battle-card draft."""
    if player not in waiting(state):
        raise IllegalAction("You have no battle cards to choose now.", "E_NOT_YOUR_TURN",
                            phrase=phrase("refuse.battle-cards-choose"))
    war = war_of(state)
    draft = war.cards[player]
    carrier = _pending_carrier(draft) if draft.closed else None
    step = ids.parse(action.id)
    match step:
        case ids.Word(prefix="card", word="pass"):
            war.cards[player] = CardDraft(closed=True, done=True)
        case ids.Clear():
            if not draft.cards:
                raise _illegal(Problem("You have chosen no card yet.", phrase("refuse.no-card-chosen")),
                               "E_NOTHING_TO_UNDO")
            war.cards[player] = CardDraft()
        case ids.Undo():
            _undo(state, war, player, draft)
        case ids.Cards(prefix="card", cards=cards) if not draft.closed and not draft.cards:
            problem = _pick_problem(state, war, player, list(cards))
            if problem:
                raise _illegal(problem)
            draft.path.clear()
            draft.cards.extend(cards)
            draft.closed = True
            # a whole pick seals at once unless an air or Gnomsub card still has its airlift to decide
            draft.done = _pending_carrier(draft) is None
        case ids.Word(prefix="card", word="weapon") if not draft.closed and not draft.path:
            if not any(card_of(c).kind == WEAPON for c in _playable(state, war, player)):
                raise _illegal(Problem("You have no weapon card to play.", phrase("refuse.no-weapon-card")))
            draft.path.append("weapon")
        case ids.Card(prefix="card", verb="play", card=card) if not draft.closed:
            problem = _play_problem(state, war, player, card)
            if problem:
                raise _illegal(problem)
            draft.path.clear()
            draft.cards.append(card)
            draft.closed = len(draft.cards) >= _limit(war, player) or not _playable(state, war, player)
        case ids.Word(prefix="card", word="stop") if not draft.closed:
            draft.closed = True
        case ids.Word(prefix="card", word="nolift") if carrier is not None and not draft.path:
            draft.decided.append(carrier)
        case ids.Territory(prefix="card", verb="lift", territory=t) if carrier is not None and not draft.path:
            problem = lift_source_problem(state, war, player, carrier, t)
            if problem:
                raise _illegal(problem)
            draft.path.append(t)
        case ids.Number(prefix="card", verb="n", value=n) if carrier is not None and len(draft.path) == 1:
            most = min(MAX_AIRLIFT, lift_free(state, war, player, draft.path[0]))
            if not 1 <= n <= most:
                raise _illegal(Problem(f"An airlift carries between 1 and {most} armies from there.",
                                       phrase("refuse.lift-count", n=most)), "E_BAD_COUNT")
            draft.path.append(str(n))
        case ids.Number(prefix="card", verb="for", value=attack_id) if carrier is not None and len(draft.path) == 2:
            problem = lift_attack_problem(state, war, player, carrier, draft.path[0], attack_id)
            if problem:
                raise _illegal(problem)
            draft.lifts.append(Airlift(carrier, draft.path[0], int(draft.path[1]), attack_id))
            draft.decided.append(carrier)
            draft.path.clear()
        case ids.Confirm() if draft.closed and carrier is None:
            draft.done = True
        case ids.Card(prefix="card", verb="play", card=card):
            raise _illegal(AT_MOST_TWO_CARDS
                           if card in state.players[player].hand else NOT_IN_HAND)
        case _:
            raise _illegal(_next_step(draft, carrier), "E_WRONG_STEP")


def _next_step(draft: CardDraft, carrier: str | None) -> Problem:
    if not draft.closed:
        return Problem("Choose a battle card, or stop choosing.", phrase("refuse.cards-step-choose"))
    if carrier is not None:
        return Problem(f"Decide the airlift of {card_name(carrier)}: a source, then how many, then which battle; "
                       "or no airlift.", phrase("refuse.cards-step-lift", card=words.card(carrier)))
    return Problem("Seal your cards, or undo.", phrase("refuse.cards-step-seal"))


def _undo(state: TribesState, war: War, player: int, draft: CardDraft) -> None:
    if draft.path:
        draft.path.pop()
    elif draft.decided:
        card = draft.decided.pop()
        draft.lifts[:] = [lift for lift in draft.lifts if lift.card != card]
    elif draft.closed and draft.cards:
        draft.closed = False
        if len(draft.cards) >= _limit(war, player) or not _playable(state, war, player):
            draft.cards.pop()  # the choice had closed by itself on this card: undo takes the card back
    elif draft.cards:
        draft.cards.pop()
    else:
        raise _illegal(Problem("There is nothing to undo.", phrase("refuse.there-nothing-undo")), "E_NOTHING_TO_UNDO")


def reveal(state: TribesState, war: War, events: list[Event]) -> None:
    """Show every belligerent's cards and airlifts at once (§8.3)."""
    war.revealed = True
    parts = []
    said: list[Phrase] = []
    for player, draft in war.cards.items():
        played = (airborne_cards(war) if player == war.active else []) + draft.cards
        war.played[player] = played
        text = f"{side_words(state, player)} {cards_in_words(played)}"
        lifts = []
        lifts_said: list[Phrase] = []
        for lift in draft.lifts:
            attack = attack_by_id(war, lift.attack)
            if attack is not None:
                lifts.append(f"{card_name(lift.card)} airlifts {armies(lift.count)} from {place(lift.source)} "
                             f"to the battle for {place(attack.target)}")
                lifts_said.append(phrase("cards.airlift", card=words.card(lift.card), armies=words.armies(lift.count),
                                         source=words.place(lift.source), target=words.place(attack.target)))
        parts.append(text + (f" ({'; '.join(lifts)})" if lifts else ""))
        tribe, cards = words.tribe(state, player), words.cards(played)
        said.append(phrase("cards.played-lifting", tribe=tribe, cards=cards, lifts=listed(lifts_said, "semicolon"))
                    if lifts_said else phrase("cards.played", tribe=tribe, cards=cards))
    events.append(public_event("Battle cards revealed: " + "; ".join(parts) + ".", "reveal",
                               phrase=phrase("cards.revealed", parts=listed(said, "semicolon")),
                               played={str(p): c for p, c in war.played.items()}))


def side_words(state: TribesState, player: int) -> str:
    """"the Plains Gnomes play" - the start of one reveal clause."""
    return f"{side(state, player)} play"
