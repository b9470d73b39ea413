"""Small helpers every Tribes module uses: names in words, post values, control and army counts."""

from __future__ import annotations

from collections.abc import Sequence

from engine.core.events import Event, public_event
from engine.core.phrases import phrase
from engine.tribes import words
from engine.tribes.board import load_board
from engine.tribes.cards import card_name
from engine.tribes.state import POSTS, TribesState

POST_NAMES = {"research": "Research", "espionage": "Espionage", "assassination": "Assassination",
              "guards": "Gnomguards"}
# A post as a sentence names it: "a bill to Research", "a bill on the Gnomguards".
POST_IN_SENTENCE = {"research": "Research", "espionage": "Espionage", "assassination": "Assassination",
                     "guards": "the Gnomguards"}
GOAL_NAMES = {1: "Gnome of Gold", 2: "Gnome of Lands", 3: "Gnome of Genius", 4: "Gnome of War",
              5: "Gnome of Glory", 6: "Gnome of Balance"}
GOAL_TEXTS = {
    1: "the highest wealth (purse plus the bills on every post)",
    2: "the most territories controlled",
    3: "the most cards in hand",
    4: "the most armies on the board",
    5: "the most victory points",
    6: "the lowest sum of ranks in gold, lands and genius",
}
# 2-player games keep the tribes diagonal (§2, R-T7)
DIAGONAL = {"plains": "marsh", "marsh": "plains", "mountain": "swamp", "swamp": "mountain"}


def joined(words: Sequence[str]) -> str:
    """`a`, `a and b`, `a, b and c`."""
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + " and " + words[-1]


def tribe_name(state: TribesState, player: int) -> str:
    """"Plains Gnomes", or "" before the player chose a tribe."""
    tribe = state.players[player].tribe
    return load_board().tribes[tribe].name if tribe else ""


def side(state: TribesState, player: int) -> str:
    """How narration names a player's side: "the Plains Gnomes" (a tribe-less player: a placeholder)."""
    name = tribe_name(state, player)
    if name:
        return f"the {name}"
    from engine.core.names import player_ref  # local: only needed before the tribe choice
    return player_ref(player)


def side_start(state: TribesState, player: int) -> str:
    """`side` at the start of a sentence: "The Plains Gnomes"."""
    text = side(state, player)
    return text[0].upper() + text[1:] if text.startswith("the ") else text


def possessive(text: str) -> str:
    """"The Plains Gnomes'" (tribe names are plural), "{p0}'s"."""
    return text + ("'" if text.endswith("s") else "'s")


def real(bills: Sequence[int]) -> int:
    """The real value of a post: the sum of its bills (§1.3)."""
    return sum(bills)


def bluff_bills(n: int) -> str:
    """A count of 0-GG bills as players read it: "3 bluff bills (worth nothing)", "no bluff bill"."""
    if n == 0:
        return "no bluff bill"
    return f"{n} bluff bill (worth nothing)" if n == 1 else f"{n} bluff bills (worth nothing)"


def plural(n: int, word: str, many: str | None = None) -> str:
    """"1 army", "3 armies"."""
    if n == 1:
        return f"{n} {word}"
    return f"{n} {many or word + 's'}"


def armies(n: int) -> str:
    """"1 army", "2 armies"."""
    return plural(n, "army", "armies")


def bills_text(bills: Sequence[int]) -> str:
    """"10, 2 and 0 GG" or "no bill"."""
    if not bills:
        return "no bill"
    return joined([str(b) for b in bills]) + " GG"


def territory_name(territory: str) -> str:
    """The display name of a territory."""
    return load_board().name(territory)


def cards_text(instances: Sequence[str]) -> str:
    """"GnomSnake and Gnomflak", or "no card"."""
    return joined([card_name(c) for c in instances]) or "no card"


def empty_post(state: TribesState, player: int, post: str, how: str, events: list[Event]) -> None:
    """A post used or destroyed (R-T19): bills shown publicly, real GG to the bank, zeros back, post empty."""
    owner = state.players[player]
    bills = owner.posts[post]
    if not bills:
        return  # destroying an empty post does nothing (§7.2)
    zeros = sum(1 for b in bills if b == 0)
    owner.zeros += zeros
    owner.posts[post] = []
    tribe, named, shown, total = words.tribe(state, player), words.post(post), words.joined(bills), real(bills)
    said = (phrase("reveal.post-used", tribe=tribe, post=named, bills=shown, total=total) if how == "used" else
            phrase("reveal.post-destroyed", tribe=tribe, post=named, bills=shown, total=total))
    events.append(public_event(
        f"{possessive(side_start(state, player))} {POST_NAMES[post]} post is {how} and turned face up: "
        f"{bills_text(bills)} ({real(bills)} GG to the bank).",
        "reveal", phrase=said, player=player, post=post, bills=list(bills), how=how,
    ))


def army_total(state: TribesState, player: int) -> int:
    """How many armies `player` has on the board."""
    return sum(a.armies for a in state.areas.values() if a.controller == player)


def controlled(state: TribesState, player: int) -> list[str]:
    """The territories `player` controls, in board order (§5.1)."""
    return [t for t in load_board().order if state.areas[t].controller == player]


def wealth(state: TribesState, player: int) -> int:
    """Purse plus the real value of every post (goal 1)."""
    p = state.players[player]
    return p.purse + sum(real(p.posts[post]) for post in POSTS)


def tribe_player(state: TribesState, tribe: str) -> int | None:
    """The player of `tribe`, or None when nobody plays it."""
    for i, p in enumerate(state.players):
        if p.tribe == tribe:
            return i
    return None
