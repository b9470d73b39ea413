"""The names Gnomes & Associates' phrases refer to (engine.core.phrases): guilds, lairs, figurines, zones, cards,
items and dice, each a message of the game's catalog (engine/associates/locales).

`guild.usurers` ("Usurers"), `lair.usurers` ("Usurers lair"), `figurine.brigands_troll_2` ("Brigands Troll
(ringed)"), `member.troll_ringed` (the same figurine inside its own guild's sentence: "Troll (ringed)"),
`zone.gorse_hill`, `card.trap`, and, counted, `count.moonstone` ("2 Moonstone") and `dice.green` ("3 green").
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from engine.associates import board
from engine.associates.cards import CARD_TYPES, card_type
from engine.associates.components import ARTEFACTS, GUILDS, ITEMS, KIND_STATS, NEUTRAL, kind_of, roster
from engine.associates.dice import COLOURS
from engine.core.phrases import Arg, CatalogName, NameRef, catalog_names, listed, name, phrase

MODES = ("standard", "simplified", "even_simpler")
RINGED = "_2"  # a ringed figurine's id ends so (components.roster)


@dataclass(frozen=True, slots=True)
class Clause:
    """A part of an event's sentence (a reason, a cause, where gold went): its English, which the event's `text`
    holds, and what says it in any language, which the event's phrase holds."""

    text: str
    said: Arg


# What a final score counts ("{n} GP"), said with the score as its count.
SCORE_UNIT = name("unit", "gp")


def guild(guild_id: str) -> NameRef:
    """A guild's title ("Usurers"; "neutral" for the neutral lair's owner)."""
    return name("guild", guild_id)


def secondary(guild_id: str) -> NameRef:
    """A guild's secondary mission ("Pickpockets")."""
    return name("secondary", guild_id)


def lair(guild_id: str) -> NameRef:
    """A guild's lair, without an article ("Usurers lair", "neutral lair")."""
    return name("lair", guild_id)


def mission_lair(guild_id: str) -> NameRef:
    """A lair as a mission's reason names it: in English by the guild's id ("usurers lair")."""
    return name("mission-lair", guild_id)


def figurine(fig_id: str) -> NameRef:
    """A figurine with its guild ("Brigands Troll", "Thieves Fairy (ringed)")."""
    return name("figurine", fig_id)


def member(fig_id: str) -> NameRef:
    """A figurine named within its own guild's sentence ("Troll", "Fairy (ringed)")."""
    return name("member", kind_of(fig_id) + ("_ringed" if fig_id.endswith(RINGED) else ""))


def zone(zone_id: str) -> NameRef:
    """A zone of the board ("Gorse Hill")."""
    return name("zone", zone_id)


def card(card_id: str) -> NameRef:
    """A card instance by its type's name ("Trap")."""
    return name("card", card_type(card_id))


def card_text(card_id: str) -> NameRef:
    """What a card instance does, as its type's effect text reads (cards.CARD_TYPES)."""
    return name("card-text", card_type(card_id))


def item(item_id: str) -> NameRef:
    """An item's name alone ("Amulet", "GP", "Moonstone")."""
    return name("item", item_id)


def crafted(item_id: str) -> NameRef:
    """An artefact as the crafting line names it, with its article ("a Tromblon")."""
    return name("crafted", item_id)


def counted(item_id: str, n: int) -> NameRef:
    """`n` items of one kind, with the number ("3 GP", "1 Moonstone")."""
    return name("count", item_id, n)


def dice(colour: str, n: int) -> NameRef:
    """`n` dice of a colour ("3 green")."""
    return name("dice", colour, n)


def mode(mode_id: str) -> NameRef:
    """A rules mode by the name the game gives it ("standard")."""
    return name("mode", mode_id)


def items(counts: Mapping[str, int]) -> Arg:
    """Items counted, in the order of `counts`, leaving out what is not there ("3 GP, 1 Moonstone"; "nothing")."""
    parts = [counted(k, n) for k, n in counts.items() if n]
    return listed(parts) if parts else phrase("items.nothing")


def treasure(t: Mapping[str, int]) -> Arg:
    """A treasure as components.describe_treasure words it (items in their table order)."""
    return items({k: t.get(k, 0) for k in ITEMS})


def target(chosen: Mapping[str, str]) -> Arg:
    """A Combat or Theft target as resolution.describe_target words it: a figurine, or "the Usurers lair"."""
    return figurine(chosen["fig"]) if "fig" in chosen else phrase("target.lair", lair=lair(chosen["lair"]))


def cards_once(card_ids: Iterable[str]) -> Arg:
    """Cards each named once in order of first appearance, counted when repeated, as engine.core.words.each_once
    lists them ("Root ×2, Shield")."""
    counts: dict[str, int] = {}
    for c in card_ids:
        counts[card_type(c)] = counts.get(card_type(c), 0) + 1
    return listed(name("card", t) if n == 1 else phrase("cards.copies", card=name("card", t), copies=n)
                  for t, n in counts.items())


def joined(items: list[Arg]) -> Arg:
    """Items said as "a", "a and b", "a, b and c" (describe.joined): the last pair joined by the language's "and"."""
    if len(items) <= 2:
        return listed(items, "and")
    return listed([listed(items[:-1]), items[-1]], "and")


def cards_joined(card_ids: Iterable[str]) -> Arg:
    """Cards each named once, counted when repeated, the last joined by "and" ("Root ×2, Shield and Trap"), as
    describe's card lists word them."""
    counts: dict[str, int] = {}
    for c in card_ids:
        counts[card_type(c)] = counts.get(card_type(c), 0) + 1
    return joined([name("card", t) if n == 1 else phrase("cards.copies", card=name("card", t), copies=n)
                   for t, n in counts.items()])


def route(zones: list[str]) -> Arg:
    """A path of zones joined by arrows ("Gorse Hill → Windy Tor"), each step a phrase holding the rest."""
    if len(zones) == 1:
        return zone(zones[0])
    return phrase("move.route", first=zone(zones[0]), rest=route(zones[1:]))


def figurine_ids() -> list[str]:
    """Every figurine a game may field: each guild's roster with the ringed figurines (4 per guild)."""
    return [f for g in GUILDS for f in roster(g, 4)]


def names() -> list[CatalogName]:
    """Every name above, for the catalog check."""
    members = [k + ringed for k in KIND_STATS for ringed in ("", "_ringed")]
    return [
        *catalog_names("guild", (*GUILDS, NEUTRAL)),
        *catalog_names(SCORE_UNIT.kind, [SCORE_UNIT.id], counted=True),
        *catalog_names("secondary", GUILDS),
        *catalog_names("lair", (*GUILDS, NEUTRAL)),
        *catalog_names("mission-lair", (*GUILDS, NEUTRAL)),
        *catalog_names("figurine", figurine_ids()),
        *catalog_names("member", members),
        *catalog_names("zone", board.zone_ids()),
        *catalog_names("card", CARD_TYPES),
        *catalog_names("card-text", CARD_TYPES),
        *catalog_names("item", ITEMS),
        *catalog_names("crafted", ARTEFACTS),
        *catalog_names("count", ITEMS, counted=True),
        *catalog_names("dice", COLOURS, counted=True),
        *catalog_names("mode", MODES),
    ]
