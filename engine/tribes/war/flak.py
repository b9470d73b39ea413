"""Anti-aircraft (§8.4, R-T28): each Gnomflak cancels up to 2 flying cards of the opposing side.

A defender's Gnomflak always covers the active player's (at most 2) flying cards; only the active
player can have more targets than capacity, and then chooses (FLAK_CHOICE).
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.core.actions import CLEAR_ID, CLEAR_LABEL, CONFIRM_ID, UNDO_ID, Action
from engine.core.errors import IllegalAction, Problem
from engine.core.events import Event, public_event
from engine.core.phrases import Phrase, phrase
from engine.core.picks import MultiPick, PickOption
from engine.tribes import words
from engine.tribes.cards import AIR, FLAK, card_name, card_of
from engine.tribes.state import TribesState
from engine.tribes.war import ids
from engine.tribes.war.common import Side, cards_in_words, defenders, place, side, war_of
from engine.tribes.war_state import DONE, War

PREFIX = "flak"
PER_FLAK = 2  # R-T28: "a single one is enough to cancel 2 flying invention cards"


def flying(cards: list[str]) -> list[str]:
    """The flying cards among `cards` (air cards; never the Gnomsub, R-T27), airlift or not (G-T6)."""
    return [c for c in cards if card_of(c).kind == AIR]


def _flak_count(cards: list[str]) -> int:
    return sum(1 for c in cards if card_of(c).kind == FLAK)


def defender_flying(state: TribesState, war: War) -> list[str]:
    """The defenders' flying cards in the default order: defenders in turn order, cards as chosen."""
    return [c for d in defenders(state, war) if d != war.active for c in flying(war.played.get(d, []))]


def capacity(war: War) -> int:
    """How many defender flying cards the active player's Gnomflaks can cancel."""
    return PER_FLAK * _flak_count(war.played.get(war.active, []))


def owner_of(war: War, card: str) -> int | None:
    """Who played `card` in this phase."""
    return next((p for p, cards in war.played.items() if card in cards), None)


def after_reveal(state: TribesState, war: War, events: list[Event]) -> bool:
    """Cancel what needs no choice; True when the active player must choose his targets."""
    own = flying(war.played.get(war.active, []))
    if own and any(_flak_count(war.played.get(d, [])) for d in defenders(state, war) if d != war.active):
        cancel(state, war, own, events)
    targets = defender_flying(state, war)
    if targets and capacity(war):
        if len(targets) > capacity(war):
            return True
        cancel(state, war, targets, events)
    return False


def cancel(state: TribesState, war: War, cards: list[str], events: list[Event]) -> None:
    """Shoot `cards` down: no airlift, and an airborne attack carried by one is void (§8.4)."""
    war.cancelled.extend(c for c in cards if c not in war.cancelled)
    by_owner: dict[int, list[str]] = {}
    for card in cards:
        owner = owner_of(war, card)
        if owner is not None:
            by_owner.setdefault(owner, []).append(card)
    for owner, shot in by_owner.items():
        events.append(public_event(f"Gnomflak shoots down {side(state, owner)}' {cards_in_words(shot)}.",
                                   "war_flak", phrase=phrase("flak.shoots-down", tribe=words.tribe(state, owner),
                                                             cards=words.cards(shot)),
                                   player=owner, cards=shot))
    for attack in war.attacks:
        if attack.card in cards and attack.stage != DONE:
            attack.void = True  # R-T25: a shot-down airborne attack never arrives
            attack.stage = DONE
            attack.result = "void: its card was shot down"
            events.append(public_event(
                f"{Side(state, war.active)}' airborne attack on {place(attack.target)} is void: "
                f"its {card_name(attack.card)} was shot down.", "war_flak",
                phrase=phrase("flak.attack-void", tribe=words.tribe(state, war.active),
                              place=words.place(attack.target), card=words.card(attack.card)),
                attack=attack.id))


def waiting(state: TribesState) -> list[int]:
    """The active player, while his Flak choice is open."""
    return [state.war.active] if state.war is not None else []


def prompt(state: TribesState, player: int) -> str:
    """The question put to the active player."""
    war = war_of(state)
    return f"Your Gnomflak can shoot down {capacity(war)} of the defenders' flying cards: choose which."


def prompt_phrase(state: TribesState, player: int) -> Phrase:
    """`prompt` as catalog words (counted: a language may say one card otherwise than several)."""
    return phrase("prompt.flak", n=capacity(war_of(state)))


def legal(state: TribesState, player: int) -> list[Action]:
    """Pick the next card to shoot down, then confirm."""
    war = state.war
    if war is None or player != war.active:
        return []
    actions: list[Action] = []
    if len(war.flak_pick) < capacity(war):
        for card in defender_flying(state, war):
            if card not in war.flak_pick:
                owner = owner_of(war, card)
                assert owner is not None  # a defender's flying card was played by that defender
                actions.append(Action(ids.card_id(PREFIX, PREFIX, card),
                                      f"Shoot down {side(state, owner)}' {card_name(card)}",
                                      phrase=phrase("label.flak-card", tribe=words.tribe(state, owner),
                                                    card=words.card(card))))
    else:
        actions.append(Action(CONFIRM_ID, f"Shoot down {cards_in_words(war.flak_pick)}",
                              phrase=phrase("label.flak-shoot", cards=words.cards(war.flak_pick))))
    if war.flak_pick:
        actions.append(Action(UNDO_ID, "Undo the last choice", phrase=phrase("label.undo-choice")))
    actions.append(Action(ids.word_id(PREFIX, "auto"), "Shoot down in the default order",
                          phrase=phrase("label.flak-auto")))
    return actions


def draft_built(state: TribesState, player: int) -> bool:
    """Whether the attacker picked cards that the default choice would throw away."""
    war = state.war
    return war is not None and player == war.active and bool(war.flak_pick)


def discards(state: TribesState, player: int, action: Action) -> bool:
    """Whether `action` replaces the cards picked so far: the default order (R-T46)."""
    return action.id == ids.word_id(PREFIX, "auto")


def clear(state: TribesState, player: int) -> Action:
    """The step that drops the cards picked so far (R-T46)."""
    return Action(CLEAR_ID, CLEAR_LABEL, phrase=phrase("label.clear"))


def timeout(state: TribesState, player: int) -> Action:
    """§15.1: defenders in turn order, each one's cards in the order he chose them."""
    return Action(ids.word_id(PREFIX, "auto"), "Shoot down in the default order", phrase=phrase("label.flak-auto"))


def describe(state: TribesState, player: int) -> list[str]:
    """The Flak choice so far."""
    return words.english(describe_said(state, player))


def describe_phrases(state: TribesState, player: int) -> list[Phrase]:
    """`describe`'s lines as catalog phrases."""
    return words.phrases(describe_said(state, player))


def describe_said(state: TribesState, player: int) -> list[words.Said]:
    """`describe`'s lines, each with its phrase."""
    war = state.war
    if war is None or player != war.active or not war.flak_pick:
        return []
    return [(f"Chosen to shoot down: {cards_in_words(war.flak_pick)}.",
             phrase("flak.draft", cards=words.cards(war.flak_pick)))]


def apply(state: TribesState, player: int, action: Action, events: list[Event]) -> None:
    """One step of the Flak choice; confirming (or the default) cancels the chosen cards."""
    war = war_of(state)
    if player != war.active:
        raise IllegalAction("Only the attacker chooses Flak targets now.", "E_NOT_YOUR_TURN",
                            phrase=phrase("refuse.attacker-chooses-flak-targets"))
    step = ids.parse(action.id)
    targets = defender_flying(state, war)
    match step:
        case ids.Card(prefix="flak", card=card):
            if card not in targets:
                raise IllegalAction("Choose one of the defenders' flying cards played in this battle.", "E_FLAK",
                                    phrase=phrase("refuse.choose-defenders-flying-cards-played"))
            if card in war.flak_pick:
                raise IllegalAction("That card is already chosen.", "E_FLAK",
                                    phrase=phrase("refuse.card-already-chosen"))
            if len(war.flak_pick) >= capacity(war):
                raise IllegalAction(f"Your Gnomflak can shoot down {capacity(war)} cards: confirm or undo.",
                                    "E_FLAK", phrase=phrase("refuse.flak-full", n=capacity(war)))
            war.flak_pick.append(card)
        case ids.Undo():
            if not war.flak_pick:
                raise IllegalAction("There is nothing to undo.", "E_NOTHING_TO_UNDO",
                                    phrase=phrase("refuse.there-nothing-undo"))
            war.flak_pick.pop()
        case ids.Clear():
            if not war.flak_pick:
                raise IllegalAction("There is nothing to clear.", "E_NOTHING_TO_UNDO",
                                    phrase=phrase("refuse.there-nothing-clear"))
            war.flak_pick.clear()
        case ids.Confirm():
            if len(war.flak_pick) < capacity(war):  # G-T5: the whole capacity is used
                raise IllegalAction(f"Choose {capacity(war)} cards to shoot down first.", "E_FLAK",
                                    phrase=phrase("refuse.flak-short", n=capacity(war)))
            cancel(state, war, list(war.flak_pick), events)
        case ids.Cards(prefix="flak", cards=cards):
            problem = _pick_problem(state, war, list(cards))
            if problem:
                raise problem.refusal("E_FLAK")
            war.flak_pick = list(cards)
            cancel(state, war, list(war.flak_pick), events)
        case ids.Word(prefix="flak", word="auto"):
            war.flak_pick = targets[: capacity(war)]
            cancel(state, war, list(war.flak_pick), events)
        case _:
            raise IllegalAction("Choose a flying card to shoot down, then confirm.", "E_WRONG_STEP",
                                phrase=phrase("refuse.choose-flying-card-shoot-down"))


def multi_pick(state: TribesState, player: int) -> MultiPick | None:
    """The Flak choice as one 'pick exactly k' menu (the default order preselected)."""
    war = state.war
    if war is None or player != war.active or not capacity(war):
        return None
    targets = defender_flying(state, war)
    if len(targets) <= capacity(war):
        return None
    options = tuple(PickOption(c, f"{side(state, owner_of(war, c))}' {card_name(c)}",
                               phrase=_option_said(state, war, c)) for c in targets)
    return MultiPick(prompt(state, player), options, capacity(war), capacity(war),
                     suggested=tuple(targets[: capacity(war)]), prompt_phrase=prompt_phrase(state, player))


def _option_said(state: TribesState, war: War, card: str) -> Phrase:
    """A flying card of the menu as its label says it: "the Plains Gnomes' Gnomcopter"."""
    owner = owner_of(war, card)
    assert owner is not None  # a defender's flying card was played by that defender
    return phrase("flak.option", tribe=words.tribe(state, owner), card=words.card(card))


def pick_action(state: TribesState, player: int, chosen: Sequence[str]) -> Action:
    """The one action shooting down the picked cards."""
    menu = multi_pick(state, player)
    if menu is None:
        raise IllegalAction("There is nothing to pick right now.", "E_NO_PICK",
                            phrase=phrase("refuse.there-nothing-pick-right"))
    problem = _pick_problem(state, war_of(state), list(chosen))
    if problem:
        raise problem.refusal("E_FLAK")
    return Action(ids.pick_id(PREFIX, list(chosen)), f"Shoot down {cards_in_words(list(chosen))}",
                  phrase=phrase("label.flak-shoot", cards=words.cards(list(chosen))))


def _pick_problem(state: TribesState, war: War, chosen: list[str]) -> Problem | None:
    targets = defender_flying(state, war)
    if len(set(chosen)) != len(chosen) or not set(chosen) <= set(targets) or len(chosen) != capacity(war):
        return Problem(f"Choose exactly {capacity(war)} of the defenders' flying cards played in this battle.",
                       phrase("refuse.flak-exactly", n=capacity(war)))
    return None


def decided(war: War) -> bool:
    """Whether the Flak choice is settled (its cards are cancelled)."""
    return bool(war.flak_pick) and all(c in war.cancelled for c in war.flak_pick)
