"""Small helpers every Phase 4 module shares: the board, names in words, armies, the war in progress."""

from __future__ import annotations

from engine.core.errors import IllegalAction, Problem
from engine.core.phrases import phrase
from engine.tribes.board import GNOMLAB, Board, load_board
from engine.tribes.cards import card_name
from engine.tribes.state import MAX_GNOMLAB, MAX_STACK, TribesState
from engine.tribes.war_state import DONE, Attack, War


def board() -> Board:
    """The board (loaded once)."""
    return load_board()


def tribe_of(state: TribesState, player: int) -> str:
    """The tribe id (= home type) of `player`."""
    return state.players[player].tribe


def side(state: TribesState, player: int | None) -> str:
    """`player`'s tribe in words: "the Plains Gnomes" (nobody: "nobody")."""
    if player is None:
        return "nobody"
    return "the " + board().tribes[tribe_of(state, player)].name


def Side(state: TribesState, player: int | None) -> str:  # noqa: N802 - the sentence-start form of side()
    """`side()` at the start of a sentence: "The Plains Gnomes"."""
    text = side(state, player)
    return text[:1].upper() + text[1:]


def place(territory: str) -> str:
    """The name of a territory ("The Forest")."""
    return board().name(territory)


def armies(count: int) -> str:
    """"1 army", "3 armies"."""
    return f"{count} arm{'y' if count == 1 else 'ies'}"


def cards_in_words(cards: list[str]) -> str:
    """"Gnomcopter and GnomSnake"; "no card"."""
    names = [card_name(c) for c in cards]
    if not names:
        return "no card"
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


# Long territory lists are split by terrain first, so that no menu step exceeds 25 choices.
ZONES = ("plains", "swamp", "mountain", "marsh", "black")
ZONE_WORDS = {"plains": "a plain", "swamp": "a swamp", "mountain": "a mountain", "marsh": "a marsh",
              "black": "a city or the Gnomlab"}
MENU_ROOM = 20  # at most this many territories are listed in one step before grouping by terrain

# Refusals both the plan and the battle cards give.
AT_MOST_TWO_CARDS = Problem("You may play at most 2 battle cards, airborne attacks included.",
                            phrase("refuse.cards-at-most-two"))
NOT_IN_HAND = Problem("That card is not in your hand.", phrase("refuse.card-not-in-hand"))


def zone_of(territory: str) -> str:
    """The terrain group of `territory` (cities and the Gnomlab together)."""
    return "black" if board().territories[territory].black else board().type_of(territory)


def is_city(territory: str) -> bool:
    """Whether `territory` is a city."""
    return board().type_of(territory) == "city"


def capacity(territory: str) -> int:
    """How many armies one player may have in `territory` (§10)."""
    return MAX_GNOMLAB if territory == GNOMLAB else MAX_STACK


def occupant(state: TribesState, territory: str) -> int | None:
    """The player with armies in `territory`, or None when it is vacant."""
    area = state.areas[territory]
    return area.controller if area.armies > 0 else None


def own_armies(state: TribesState, player: int, territory: str) -> int:
    """`player`'s armies in `territory`."""
    area = state.areas[territory]
    return area.armies if area.controller == player else 0


def war_of(state: TribesState) -> War:
    """The war step in progress; IllegalAction when none runs."""
    if state.war is None:
        raise IllegalAction("No war step is running now.", "E_PHASE", phrase=phrase("refuse.war-step-running"))
    return state.war


def attack_by_id(war: War, attack_id: int) -> Attack | None:
    """The attack with this id, or None."""
    return next((a for a in war.attacks if a.id == attack_id), None)


def plan_use(war: War, territory: str) -> int:
    """Armies of `territory` the plan already uses (attacks launched from it and supports it gives)."""
    return sum(a.armies for a in war.attacks if a.source == territory) + sum(
        s.count for s in war.supports if s.territory == territory
    )


def defenders(state: TribesState, war: War) -> list[int]:
    """The defenders of the plan's attacks, in this turn's order."""
    seen = {a.defender for a in war.attacks}
    return [p for p in state.turn_order() if p in seen]


def belligerents(state: TribesState, war: War) -> list[int]:
    """The active player then every defender, in turn order (§8.3)."""
    return [war.active, *(d for d in defenders(state, war) if d != war.active)]


def unresolved_targets(war: War) -> set[str]:
    """Targets of attacks not resolved yet (void attacks count as resolved, §8.4)."""
    return {a.target for a in war.attacks if a.stage != DONE}


def attack_words(attack: Attack) -> str:
    """"the attack on Wheatburg"."""
    return f"the attack on {place(attack.target)}"


def score(state: TribesState, player: int, delta: int) -> None:
    """Add `delta` VP to `player` (VP are unbounded both ways, §1.2)."""
    state.players[player].vp += delta


def signed(delta: int) -> str:
    """"+2", "-4", "0"."""
    return f"{delta:+d}" if delta else "0"
