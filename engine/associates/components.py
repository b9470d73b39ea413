"""Static rule data of Gnomes & Associates: guilds, figurine kinds, missions, supplies (spec §1, §3, §4)."""

from __future__ import annotations

from typing import Final

GUILDS: Final[tuple[str, ...]] = ("artisans", "brigands", "usurers", "thieves")
# 12.4: order used for the guild-choice timeout default.
GUILD_DEFAULT_ORDER: Final[tuple[str, ...]] = ("artisans", "brigands", "thieves", "usurers")
NEUTRAL: Final = "neutral"

GUILD_INFO: Final[dict[str, dict[str, object]]] = {
    "artisans": {"title": "Artisans", "colour": "blue", "kinds": ("gnome", "fairy"), "lair": "artisans_workshop",
                 "reward": 2, "mission": "Manufacture", "secondary": "Prospectors"},
    "brigands": {"title": "Brigands", "colour": "red", "kinds": ("goblin", "troll"), "lair": "brigands_hideout",
                 "reward": 5, "mission": "Sow Terror", "secondary": "Highwaymen"},
    "usurers": {"title": "Usurers", "colour": "yellow", "kinds": ("gnome", "troll"), "lair": "usurers_counting_house",
                "reward": 2, "mission": "Debts", "secondary": "Interest"},
    "thieves": {"title": "Thieves", "colour": "green", "kinds": ("goblin", "fairy"), "lair": "thieves_den",
                "reward": 3, "mission": "Neither Seen Nor Known", "secondary": "Pickpockets"},
}
NEUTRAL_LAIR_ZONE: Final = "abandoned_keep"

# §3 / R-A5: combat, theft, stunned spaces.
KIND_STATS: Final[dict[str, dict[str, int]]] = {
    "gnome": {"combat": 2, "theft": 2, "spaces": 2},
    "troll": {"combat": 3, "theft": 1, "spaces": 3},
    "goblin": {"combat": 2, "theft": 2, "spaces": 2},
    "fairy": {"combat": 1, "theft": 2, "spaces": 2},
}

ITEMS: Final[tuple[str, ...]] = ("gold", "sacred_wood", "moonstone", "amulet", "broom", "tromblon")
ARTEFACTS: Final[tuple[str, ...]] = ("amulet", "broom", "tromblon")
COMPONENTS: Final[tuple[str, ...]] = ("sacred_wood", "moonstone")
ITEM_NAMES: Final[dict[str, str]] = {
    "gold": "GP", "sacred_wood": "Sacred Wood", "moonstone": "Moonstone",
    "amulet": "Amulet", "broom": "Magic Broom", "tromblon": "Tromblon",
}
# §7.4 / R-A49: recipes.
RECIPES: Final[dict[str, dict[str, int]]] = {
    "amulet": {"moonstone": 2},
    "broom": {"sacred_wood": 2},
    "tromblon": {"sacred_wood": 1, "moonstone": 1},
}
# 12.4 theft-choice default priority.
THEFT_DEFAULT_ORDER: Final[tuple[str, ...]] = ("gold", "amulet", "broom", "tromblon", "moonstone", "sacred_wood")

# §1.3 supplies (R-A30, R-A31, R-A40).
SUPPLY_TOTALS: Final[dict[str, int]] = {
    "sacred_wood": 16, "moonstone": 16, "amulet": 8, "broom": 8, "tromblon": 8,
    "trap": 4, "safe_bank": 2, "root": 2, "storm": 2, "pumpkin": 5, "tomb": 3,
}

# §4 thresholds: (2-3 players, 4 players); R-A25 rewards.
THRESHOLDS: Final[dict[str, tuple[int, int]]] = {
    "artisans": (4, 5), "brigands": (2, 3), "usurers": (4, 5), "thieves": (4, 5),
}
SECONDARY_GP: Final[dict[str, int]] = {"artisans": 1, "brigands": 2, "usurers": 1, "thieves": 1}


def roster(guild: str, figurines: int) -> list[str]:
    """Figurine ids of a guild in roster order (base figurines, then ringed ones)."""
    kinds = GUILD_INFO[guild]["kinds"]
    assert isinstance(kinds, tuple | list)  # the table above holds a sequence of kind names
    base = [f"{guild}_{k}" for k in kinds]
    if figurines == 4:
        base += [f"{guild}_{k}_2" for k in kinds]
    return base


def kind_of(fig_id: str) -> str:
    """The kind (gnome, troll, goblin, fairy) of a figurine id."""
    return fig_id.split("_")[1]


def guild_of(fig_id: str) -> str:
    """The guild of a figurine id."""
    return fig_id.split("_")[0]


def threshold(guild: str, players: int) -> int:
    """Main-mission Objective threshold of a guild for this player count."""
    low, high = THRESHOLDS[guild]
    return high if players >= 4 else low


def empty_treasure() -> dict[str, int]:
    """A treasure with nothing in it."""
    return dict.fromkeys(ITEMS, 0)


def treasure_size(t: dict[str, int]) -> int:
    """Number of items (GP count one each) in a treasure."""
    return sum(t.values())


def describe_treasure(t: dict[str, int]) -> str:
    """Short human text of a treasure, e.g. '3 GP, 1 Moonstone'."""
    parts = [f"{t[k]} {ITEM_NAMES[k]}" for k in ITEMS if t.get(k)]
    return ", ".join(parts) if parts else "nothing"


def guild_title(guild: str) -> str:
    """A guild in words: `Usurers`, `neutral` for the neutral lair's owner (never an id)."""
    return str(GUILD_INFO[guild]["title"]) if guild in GUILD_INFO else "neutral"


def fig_name(fig_id: str) -> str:
    """Display name of a figurine, e.g. 'Brigands Troll' or 'Thieves Fairy (ringed)'."""
    guild = guild_of(fig_id)
    title = GUILD_INFO[guild]["title"] if guild in GUILD_INFO else guild
    ringed = " (ringed)" if fig_id.endswith("_2") else ""
    return f"{title} {kind_of(fig_id).capitalize()}{ringed}"
