"""The names Vendetta's phrases refer to (engine.core.phrases): clans, territories, cards and tokens.

Each is a message of the game's catalog (engine/vendetta/locales): `clan.red`, `territory.oak_corner`,
`card.n07`, and for a token `count.acorn` ("3 acorns"), `gain.acorn` ("an acorn", "2 acorns") and `more.acorn`
("2 more acorns", what a clan still lacks).
"""

from __future__ import annotations

from engine.core.phrases import Arg, CatalogName, NameRef, Phrase, catalog_names, listed, name, phrase
from engine.vendetta.board import load_board
from engine.vendetta.clans import CLANS, FOODS, gnome_token
from engine.vendetta.objectives import CARDS, GNOME_ANY

# What a final score counts ("{n} points"), said with the score as its count.
SCORE_UNIT = name("unit", "point")


def clan(clan_id: str) -> NameRef:
    """A clan's name ("Dingleson")."""
    return name("clan", clan_id)


def place(territory: str) -> NameRef:
    """A territory's name ("Old Oak Corner")."""
    return name("territory", territory)


def card(card_id: str) -> NameRef:
    """An objective card's name ("Home Harvest")."""
    return name("card", card_id)


def counted(token: str, n: int) -> NameRef:
    """`n` tokens of a type, with the number: "3 acorns", "1 gnome token of another clan"."""
    return name("count", token, n)


def gained(token: str, n: int) -> NameRef:
    """Tokens won as loot: "an acorn", "a red gnome token", "2 apples"."""
    return name("gain", token, n)


def requirement(card_id: str) -> Arg:
    """What a card asks for: "3 acorns, 3 berries" or "a gnome on Fishing Gnome Rockery and on Lantern ..."."""
    found = CARDS[card_id]
    parts: list[Arg] = [counted(t, n) for t, n in found.tokens.items()]
    if len(found.statues) == 1:
        parts.append(phrase("requirement.statue", place=place(found.statues[0])))
    elif len(found.statues) == 2:
        parts.append(phrase("requirement.statues", first=place(found.statues[0]), second=place(found.statues[1])))
    elif found.statues:
        raise ValueError(f"card {card_id} names {len(found.statues)} statues; its words say one or two")
    return listed(parts)


def offered_card(card_id: str) -> Phrase:
    """A card and its requirement: "Home Harvest (3 acorns, 3 berries)"."""
    return phrase("card.with-requirement", card=card(card_id), requirement=requirement(card_id))


def joined(items: list[Arg]) -> Arg:
    """Items as one list: "a", "a and b", "a, b and c" (the last joined by the language's "and")."""
    if len(items) <= 2:
        return listed(items, "and")
    return listed([listed(items[:-1]), items[-1]], "and")


def tokens() -> list[str]:
    """Every token type a phrase may count: the foods, each clan's gnome token, and any other clan's."""
    return [*FOODS, *(gnome_token(c) for c in CLANS), GNOME_ANY]


def names() -> list[CatalogName]:
    """Every name above, for the catalog check."""
    return [
        *catalog_names("clan", CLANS),
        *catalog_names("territory", load_board().territories),
        *catalog_names("card", CARDS),
        *catalog_names("count", tokens(), counted=True),
        *catalog_names("gain", tokens(), counted=True),
        *catalog_names("more", tokens(), counted=True),
        *catalog_names(SCORE_UNIT.kind, [SCORE_UNIT.id], counted=True),
    ]
