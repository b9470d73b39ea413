"""The names Gnome Tribes' phrases refer to (engine.core.phrases): tribes, territories, cards, posts and goals.

Each is a message of the game's catalog (engine/tribes/locales): `tribe.plains` ("Plains Gnomes", without
"the": each sentence says its own article, which a language may contract, as French "des" for "de les"),
`territory.golden_fields`, `card.gnomsnake`, `post.guards` ("Gnomguards"), `post-on.guards` (a post as a
sentence names it in English: "the Gnomguards"), `goal.3`, `goal-aim.3` ("the most cards in hand"), and the
counted `count.army` ("3 armies") and `count.vote`.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.core.phrases import Arg, CatalogName, NameRef, Phrase, PlayerRef, catalog_names, listed, name, phrase
from engine.tribes.board import load_board
from engine.tribes.cards import CARDS, card_of
from engine.tribes.state import POSTS, TribesState

# The goals' numbers, as engine.tribes.goals numbers them: that module's helpers import this one, so it cannot be
# imported here.
GOALS = (1, 2, 3, 4, 5, 6)
COUNTED = ("army", "vote")
# How a game ends (engine.tribes.goals' outcome reasons), each said by `end-reason.<reason>` where a game's
# report is not at hand (a finished game's status).
END_REASONS = ("cap", "goal")  # the things a phrase counts through `count.<thing>`
# The terrain groups a long menu of territories is split by (engine.tribes.war.common.ZONES, which imports
# engine.tribes.war and so cannot be imported here).
ZONES = ("plains", "swamp", "mountain", "marsh", "black")


def tribe(state: TribesState, player: int) -> Arg:
    """The tribe `player` plays ("Plains Gnomes"); the bare seat if none is chosen yet (no event says so)."""
    chosen = state.players[player].tribe
    return tribe_named(chosen) if chosen else PlayerRef(player, side=False)


def tribe_named(tribe_id: str) -> NameRef:
    """A tribe's name by its id ("Marsh Gnomes")."""
    return name("tribe", tribe_id)


def side(state: TribesState, player: int | None) -> Phrase:
    """A side as the middle of a sentence says it: "the Plains Gnomes", or "nobody" for a vacant territory."""
    if player is None:
        return phrase("side.nobody")
    return phrase("side.tribe", tribe=tribe(state, player))


def place(territory: str) -> NameRef:
    """A territory's name ("Golden Fields", "The Forest")."""
    return name("territory", territory)


def card(instance: str) -> NameRef:
    """A card instance's name by its design (`gnomsnake#2`: "GnomSnake")."""
    return name("card", card_of(instance).id)


def post(post_id: str) -> NameRef:
    """A post's own name ("Research", "Gnomguards")."""
    return name("post", post_id)


def post_on(post_id: str) -> NameRef:
    """A post as a sentence names it in English: "Research", "the Gnomguards"."""
    return name("post-on", post_id)


def goal(number: int) -> NameRef:
    """A goal's name ("Gnome of Glory")."""
    return name("goal", str(number))


def goal_aim(number: int) -> NameRef:
    """What a goal's winner has most (or least) of: "the most victory points"."""
    return name("goal-aim", str(number))


def zone(zone_id: str) -> NameRef:
    """A terrain group as a menu says it: "a plain", "a city or the Gnomlab"."""
    return name("zone", zone_id)


def home_type(tribe_id: str) -> NameRef:
    """A tribe's home type as a refusal names it: "plains", "marsh"."""
    return name("home", tribe_id)


def goal_unit(number: int) -> NameRef:
    """What a goal's scores count, said with the score as its count: "182 GG of wealth", "3 territories"."""
    return name("unit", str(number))


def armies(n: int) -> NameRef:
    """`n` armies with the number: "1 army", "3 armies"."""
    return name("count", "army", n)


def votes(n: int) -> NameRef:
    """`n` votes with the number: "1 vote", "0 votes"."""
    return name("count", "vote", n)


def joined(items: Sequence[Arg]) -> Arg:
    """Items said as "a", "a and b", "a, b and c" (engine.tribes.common.joined); a list style joins every pair
    alike, so the last pair has a message of its own."""
    if not items:
        raise ValueError("joined() needs at least one item: the sentence says what an empty list means")
    if len(items) == 1:
        return items[0]
    return phrase("seq.and", items=listed(items[:-1]), last=items[-1])


def then(items: Sequence[Arg]) -> Arg:
    """Items said in order as "a, then b, then c"."""
    if not items:
        raise ValueError("then() needs at least one item")
    if len(items) == 1:
        return items[0]
    return phrase("seq.then", first=items[0], rest=then(items[1:]))


def cards(instances: Sequence[str]) -> Arg:
    """Cards as `cards_in_words` says them: "Gnomcopter and GnomSnake", or "no card"."""
    return joined([card(c) for c in instances]) if instances else phrase("cards.none")


def vp(delta: int) -> Phrase:
    """A change of VP: "+2 VP", "-4 VP", or (a move that gains as much as it loses) "VP unchanged"."""
    if delta > 0:
        return phrase("vp.plus", vp=delta)
    if delta < 0:
        return phrase("vp.minus", vp=-delta)
    return phrase("vp.unchanged")


def bluffs(n: int) -> Phrase:
    """A count of 0-GG bills as `engine.tribes.common.bluff_bills` says it: "no bluff bill", "3 bluff bills (worth
    nothing)"."""
    return phrase("bluff.none") if n == 0 else phrase("bluff.bills", n=n)


# A line a player reads on their panel with the same line as a catalog phrase: a module builds its lines once as
# such pairs, and both its English lines and its phrases come from them, so the two can never drift apart.
Said = tuple[str, Phrase]


def english(lines: Sequence[Said]) -> list[str]:
    """The English of each line."""
    return [text for text, _ in lines]


def phrases(lines: Sequence[Said]) -> list[Phrase]:
    """The phrase of each line."""
    return [said for _, said in lines]


def names() -> list[CatalogName]:
    """Every name above, for the catalog check."""
    board = load_board()
    return [
        *catalog_names("tribe", board.tribe_order),
        *catalog_names("territory", board.order),
        *catalog_names("card", CARDS),
        *catalog_names("post", POSTS),
        *catalog_names("post-on", POSTS),
        *catalog_names("goal", map(str, GOALS)),
        *catalog_names("goal-aim", map(str, GOALS)),
        *catalog_names("count", COUNTED, counted=True),
        *catalog_names("unit", map(str, GOALS), counted=True),
        *catalog_names("end-reason", END_REASONS),
        *catalog_names("zone", ZONES),
        *catalog_names("home", board.tribe_order),
    ]
