"""The action-card catalogue (§11): types, banners, texts, deck lists and card instances."""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache
from typing import Final

# type -> (name, banner, effect text)
CARD_TYPES: Final[dict[str, tuple[str, str, str]]] = {
    "aggressiveness": ("Aggressiveness", "white", "Extra Combat with +1 die (Tromblon range allowed)."),
    "petit_malin": ("Petit Malin", "white", "Extra Theft with +1 die."),
    "improvisation": ("Improvisation", "white", "Extra action of any of the five types."),
    "sprint": ("Sprint", "white", "Play while declaring a Movement: +1 zone to that Movement."),
    "protection": ("Protection", "blue", "W1: an adverse Combat/Theft on your figurine or lair is darkened one step."),
    "shield": ("Shield", "blue", "W2: an adverse Combat on your figurine or lair counts 2 fewer successes."),
    "trap": ("Trap", "violet", "Trap on a zone with no intact lair: first adverse figurine crossing gets 1 Stunned."),
    "ambush": ("Ambush", "red", "This turn, when your Combat stuns an adverse figurine, take its whole treasure."),
    "second_wind": ("Second Wind", "white", "Remove 1 Stunned token from the active figurine."),
    "quick_hands": ("Quick Hands", "white", "Extra Transfer."),
    "alarm": ("Alarm", "blue", "W1: your undefended lair counts as Defended for this action (red dice)."),
    "pumpkin": ("Pumpkin", "red", "Fairy only: an adverse figurine here cannot act and loses its power this turn."),
    "root": ("Root", "red", "An adverse figurine here or adjacent cannot move this turn."),
    "forge": ("Forge", "white", "Extra Crafting using components of friendly figurines in this zone."),
    "scavenge": ("Scavenge", "white", "Take 1 component from the supply matching this zone's terrain."),
    "siege": ("Siege", "white", "Extra Combat against an adverse lair here; it counts as undefended."),
    "mined_terrain": ("Mined Terrain", "violet",
                      "Mine here or adjacent: first adverse figurine crossing gets 2 Stunned."),
    "war_cry": ("War Cry", "red", "This turn every Combat by your figurines rolls +1 die."),
    "ransom": ("Ransom", "white", "Right after eliminating an adverse figurine: its guild pays you up to 2 GP."),
    "burglary": ("Burglary", "white", "Extra Theft with +1 die against an adverse lair here; it counts as undefended."),
    "storm": ("Storm", "red", "Storm here or adjacent: rolls from or into that zone are darkened this turn."),
    "safe": ("Safe", "violet", "Safe token on your lair: Thefts against it take at most 1 item."),
    "bank": ("Bank", "violet", "Bank token on your lair: +1 GP per 5 GP in the safe at end of turn (max 2)."),
    "tomb": ("Tomb", "blue", "W3: your eliminated figurine's treasure goes under your Tomb instead of loose."),
    "bailiff": ("Bailiff", "white", "Extra Combat with +1 die against a figurine of the guild you designated."),
    "bribe": ("Bribe", "blue", "W1, alone: pay 2 GP to the acting figurine; the action is cancelled."),
}

# R-A34: 25 cards per guild, 17 common + 8 guild-specific.
COMMON_CORE: Final[dict[str, int]] = {
    "aggressiveness": 2, "petit_malin": 2, "improvisation": 2, "sprint": 2, "protection": 2, "shield": 2,
    "trap": 1, "ambush": 1, "second_wind": 1, "quick_hands": 1, "alarm": 1,
}
GUILD_SPECIFIC: Final[dict[str, dict[str, int]]] = {
    "artisans": {"pumpkin": 2, "root": 2, "forge": 2, "scavenge": 2},
    "brigands": {"siege": 2, "mined_terrain": 2, "war_cry": 2, "ransom": 2},
    "thieves": {"burglary": 3, "pumpkin": 3, "storm": 2},
    "usurers": {"safe": 1, "bank": 1, "tomb": 3, "bailiff": 2, "bribe": 1},
}
GUILD_PREFIX: Final[dict[str, str]] = {"artisans": "art", "brigands": "bri", "usurers": "usu", "thieves": "thi"}
_PREFIX_GUILD: Final[dict[str, str]] = {v: k for k, v in GUILD_PREFIX.items()}


def deck_list(guild: str, mode: str) -> list[str]:
    """Card types of a guild's deck, in catalogue order (§11.2, §15.1, §15.2)."""
    counts = dict(COMMON_CORE)
    if mode == "standard":
        counts.update(GUILD_SPECIFIC[guild])
    if mode == "even_simpler":
        counts.pop("alarm")  # R-A45: Alarm is removed in even-simpler mode
    return [t for t, n in counts.items() for _ in range(n)]


def build_deck(guild: str, mode: str) -> list[str]:
    """Card instance ids of a guild's deck, e.g. 'c-art-07-aggressiveness' (unshuffled)."""
    return list(_deck(guild, mode))


@cache
def _deck(guild: str, mode: str) -> tuple[str, ...]:
    return tuple(f"c-{GUILD_PREFIX[guild]}-{i:02d}-{t}" for i, t in enumerate(deck_list(guild, mode)))


@cache
def sorted_deck(guild: str, mode: str) -> tuple[str, ...]:
    """The deck's card ids, sorted (for conservation checks)."""
    return tuple(sorted(_deck(guild, mode)))


def card_type(card_id: str) -> str:
    """The type of a card instance id."""
    return card_id.split("-", 3)[3]


def card_guild(card_id: str) -> str:
    """The guild whose deck holds this card instance."""
    return _PREFIX_GUILD[card_id.split("-")[1]]


def is_card_id(text: str) -> bool:
    """Whether `text` is shaped like a card instance id of a known type."""
    parts = text.split("-", 3)
    return len(parts) == 4 and parts[0] == "c" and parts[1] in _PREFIX_GUILD and parts[3] in CARD_TYPES


def is_listed_copy(cards: Iterable[str], card: str) -> bool:
    """Whether `card` is the first copy of its type among `cards`: the one a menu lists.

    G-1: copies of a card are identical, so menus list one per type; apply takes that copy
    only, since it accepts exactly the ids the menus offer.
    """
    kind = card_type(card)
    return next((c for c in cards if card_type(c) == kind), None) == card


def card_name(card_id: str) -> str:
    """Display name of a card instance."""
    return CARD_TYPES[card_type(card_id)][0]


def card_dict(card_id: str) -> dict[str, str]:
    """A card as shown to players: id, type, name, banner, effect text."""
    name, banner, text = CARD_TYPES[card_type(card_id)]
    return {"id": card_id, "type": card_type(card_id), "name": name, "banner": banner, "text": text}
