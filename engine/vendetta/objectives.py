"""The 48 objective cards and the completion test (spec §6)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from types import MappingProxyType
from typing import Any

from engine.core.phrases import Arg, NameRef, phrase
from engine.vendetta.board import load_board
from engine.vendetta.clans import CLOCKWISE, FOODS, gnome_token

GNOME_ANY = "gnome_any"


@dataclass(frozen=True, slots=True)
class Card:
    """One objective card: token needs (gnome_any = any non-own colour) and statues to hold."""

    id: str
    owner: str | None
    name: str
    tokens: Mapping[str, int] = field(default_factory=dict)
    statues: tuple[str, ...] = ()

    def requirement(self) -> str:
        """The card's requirement as a short English phrase."""
        return _requirement_text(self.id)

    def to_json(self) -> dict[str, Any]:
        """The card as a JSON-safe dict (for a player's own view)."""
        return {
            "id": self.id,
            "owner": self.owner,
            "name": self.name,
            "tokens": dict(self.tokens),
            "statues": list(self.statues),
            "requirement": self.requirement(),
        }


@cache
def _requirement_text(card_id: str) -> str:
    card = CARDS[card_id]
    parts = [f"{n} {token_text(t, n)}" for t, n in card.tokens.items()]
    if card.statues:
        board = load_board()
        parts.append("a gnome on " + " and on ".join(board.name(s) for s in card.statues))
    return ", ".join(parts)


def token_text(token: str, n: int = 2) -> str:
    """A token type in words, singular for n == 1: `mushroom`, `berries`, `red gnome tokens`."""
    if token == GNOME_ANY:
        words = "gnome token of another clan" if n == 1 else "gnome tokens of other clans"
    elif token.startswith("gnome_"):
        words = f"{token[6:]} gnome token" + ("" if n == 1 else "s")
    else:
        words = token if n == 1 else {"berry": "berries"}.get(token, token + "s")
    return words


def _card(cid: str, name: str, spec: str) -> Card:
    """A card from a compact spec: 'acorn:3 berry:3' or '@statue_a @statue_b'."""
    tokens: dict[str, int] = {}
    statues: list[str] = []
    for part in spec.split():
        if part.startswith("@"):
            statues.append(part[1:])
        else:
            token, _, count = part.partition(":")
            tokens[token] = int(count)
    owner = cid.split("_")[0] if "_" in cid else None
    return Card(cid, owner, name, MappingProxyType(tokens), tuple(statues))


# R-V24: invented contents; the expanded table of §6.2 is normative.
_CLAN_CARDS = {
    "red": ("acorn:3 berry:3", "apple:4 acorn:2", "@statue_fisher @statue_lantern",
            "gnome_yellow:2 gnome_white:2", "gnome_blue:3 mushroom:2"),
    "white": ("apple:3 acorn:3", "berry:4 apple:2", "@statue_fisher @statue_wheelbarrow",
              "gnome_red:2 gnome_green:2", "gnome_black:3 mushroom:2"),
    "green": ("berry:3 apple:3", "acorn:4 berry:2", "@statue_fisher @statue_wheelbarrow",
              "gnome_white:2 gnome_blue:2", "gnome_yellow:3 mushroom:2"),
    "blue": ("acorn:3 berry:3", "apple:4 acorn:2", "@statue_wheelbarrow @statue_lantern",
             "gnome_green:2 gnome_black:2", "gnome_red:3 mushroom:2"),
    "black": ("apple:3 acorn:3", "berry:4 apple:2", "@statue_wheelbarrow @statue_lantern",
              "gnome_blue:2 gnome_yellow:2", "gnome_white:3 mushroom:2"),
    "yellow": ("berry:3 apple:3", "acorn:4 berry:2", "@statue_fisher @statue_lantern",
               "gnome_black:2 gnome_red:2", "gnome_green:3 mushroom:2"),
}
_CLAN_CARD_NAMES = ("Home Harvest", "Foraging Trip", "Statue Watch", "Neighbour Feud", "Vendetta")
_NEUTRAL_CARDS = (
    ("n01", "Pilgrimage I", "@statue_fisher @statue_wheelbarrow"),
    ("n02", "Pilgrimage II", "@statue_wheelbarrow @statue_lantern"),
    ("n03", "Pilgrimage III", "@statue_fisher @statue_lantern"),
    ("n04", "Audience I", "@grand_gnome_isle @statue_fisher"),
    ("n05", "Audience II", "@grand_gnome_isle @statue_wheelbarrow"),
    ("n06", "Audience III", "@grand_gnome_isle @statue_lantern"),
    ("n07", "Mixed Basket", "acorn:2 apple:2 berry:2"),
    ("n08", "Mushroom Feast", "mushroom:3"),
    ("n09", "Acorn Hoard", "acorn:5 mushroom:1"),
    ("n10", "Apple Hoard", "apple:5 mushroom:1"),
    ("n11", "Berry Hoard", "berry:5 mushroom:1"),
    ("n12", "Orchard Pantry", "acorn:4 apple:4"),
    ("n13", "Jam Pantry", "apple:4 berry:4"),
    ("n14", "Forest Pantry", "berry:4 acorn:4"),
    ("n15", "Trophy Shelf", "gnome_any:4"),
    ("n16", "Trophy Hall", "gnome_any:6"),
    ("n17", "Trophy Feast", "gnome_any:3 mushroom:2"),
    ("n18", "Trophy Basket", "gnome_any:2 acorn:2 apple:2 berry:2"),
)

# Catalogue order (§6.2): clan cards by seat index then number, then n01…n18 (used by R-V34).
CATALOGUE: tuple[Card, ...] = tuple(
    _card(f"{c}_{i + 1}", _CLAN_CARD_NAMES[i], _CLAN_CARDS[c][i]) for c in CLOCKWISE for i in range(5)
) + tuple(_card(cid, name, spec) for cid, name, spec in _NEUTRAL_CARDS)
CARDS: Mapping[str, Card] = MappingProxyType({c.id: c for c in CATALOGUE})
CATALOGUE_INDEX: Mapping[str, int] = MappingProxyType({c.id: i for i, c in enumerate(CATALOGUE)})
NEUTRAL_IDS: tuple[str, ...] = tuple(cid for cid, _, _ in _NEUTRAL_CARDS)


def clan_card_ids(clan_id: str) -> list[str]:
    """The five cards of a clan, in catalogue order."""
    return [f"{clan_id}_{i}" for i in range(1, 6)]


def catalogue_sorted(card_ids: Iterable[str]) -> list[str]:
    """Card ids in catalogue order."""
    return sorted(card_ids, key=CATALOGUE_INDEX.__getitem__)


def pooled_needs(card_ids: Iterable[str]) -> dict[str, int]:
    """The summed token requirement of a set of cards (R-V27: no token serves two cards)."""
    need: dict[str, int] = {}
    for cid in card_ids:
        for token, n in CARDS[cid].tokens.items():
            need[token] = need.get(token, 0) + n
    return need


def feasible(
    clan_id: str,
    card_ids: Iterable[str],
    tokens: Mapping[str, int],
    board: Mapping[str, Mapping[str, int]],
) -> bool:
    """Whether clan `clan_id` completes all `card_ids` at once with these tokens on this board (§6.3)."""
    ids = list(card_ids)
    for cid in ids:
        for statue in CARDS[cid].statues:  # R-V28: statues held on the checked board
            if board.get(statue, {}).get(clan_id, 0) < 1:
                return False
    need = pooled_needs(ids)
    wildcards = need.pop(GNOME_ANY, 0)
    own = gnome_token(clan_id)
    if need.get(own, 0) > 0:  # R-V22 guard: own tokens never count
        return False
    for token, n in need.items():
        if tokens.get(token, 0) < n:
            return False
    spare = sum(
        tokens.get(gnome_token(c), 0) - need.get(gnome_token(c), 0) for c in CLOCKWISE if c != clan_id
    )
    return wildcards <= spare


def pooled_shortfall(
    clan: str, card_ids: Sequence[str], tokens: Mapping[str, int], board: Mapping[str, Mapping[str, int]]
) -> list[str]:
    """What `clan` still lacks to complete all `card_ids` at once, as English phrases; empty when complete."""
    return [text for text, _said in pooled_shortfall_said(clan, card_ids, tokens, board)]


def pooled_shortfall_said(
    clan: str, card_ids: Sequence[str], tokens: Mapping[str, int], board: Mapping[str, Mapping[str, int]]
) -> list[tuple[str, Arg]]:
    """What `clan` still lacks to complete all `card_ids` at once, each in English and as catalog words
    (`more.<token>` counts "3 more acorns"); empty when complete.

    The same pooled test as the end check (R-V27: no token serves two cards; R-V28 statues; R-V22 wildcards
    never use the clan's own colour).
    """
    short: list[tuple[str, Arg]] = []
    names = load_board()
    statues = sorted({s for cid in card_ids for s in CARDS[cid].statues}, key=names.order.index)
    for statue in statues:
        if board.get(statue, {}).get(clan, 0) < 1:
            short.append((f"a gnome on {names.name(statue)}",
                          phrase("requirement.statue", place=NameRef("territory", statue))))
    need = pooled_needs(card_ids)
    wildcards = need.pop(GNOME_ANY, 0)
    for token, n in need.items():
        lack = n - tokens.get(token, 0)
        if lack > 0:
            short.append((f"{lack} more {token_text(token, lack)}", NameRef("more", token, lack)))
    spare = sum(max(0, tokens.get(gnome_token(c), 0) - need.get(gnome_token(c), 0)) for c in CLOCKWISE if c != clan)
    if wildcards > spare:
        lack = wildcards - spare
        short.append((f"{lack} more {token_text(GNOME_ANY, lack)}", NameRef("more", GNOME_ANY, lack)))
    return short


def food_used(card_ids: Iterable[str]) -> int:
    """Food tokens a set of cards consumes."""
    need = pooled_needs(card_ids)
    return sum(need.get(f, 0) for f in FOODS)


def gnome_used(card_ids: Iterable[str]) -> int:
    """Gnome tokens (named colours and wildcards) a set of cards consumes."""
    need = pooled_needs(card_ids)
    return sum(n for t, n in need.items() if t.startswith("gnome_"))
