"""The invention deck of Gnome Tribes (spec §1.4, R-T3 … R-T6): 44 cards, their kinds and bonuses."""

from __future__ import annotations

from dataclasses import dataclass
from types import MappingProxyType

# card kinds
WEAPON = "weapon"
SIEGE = "siege"
AIR = "air"  # flying: airlift, airborne attack, deployment air move
SUB = "sub"  # Gnomsub: airlift/airborne coastal to coastal, not flying (R-T27)
FLAK = "flak"
FOG = "fog"
GAG = "gag"  # GnomGag: never a battle card
END = "end"  # Gnompax

GNOMPAX = "gnompax"
GNOMBUT = "gnombut"
EXCHANGE = "gnombut_exchange"
SUPER_BINGO = "super_bingo"


@dataclass(frozen=True, slots=True)
class Card:
    """One card design: id, name, kind, copies, terrain bonuses (weapons) or siege bonus."""

    id: str
    name: str
    kind: str
    copies: int
    bonus: MappingProxyType[str, int]  # terrain -> bonus, weapons only
    siege: int = 0

    @property
    def battle(self) -> bool:
        """Whether the card may be chosen as a battle card (never GnomGag or Gnompax, §13)."""
        return self.kind not in (GAG, END)

    @property
    def carrier(self) -> bool:
        """An air or Gnomsub card: may make one airlift or one airborne attack."""
        return self.kind in (AIR, SUB)


def _weapon(card_id: str, name: str, copies: int, plains: int, swamp: int, mountain: int, marsh: int) -> Card:
    bonus = {"plains": plains, "swamp": swamp, "mountain": mountain, "marsh": marsh}
    return Card(card_id, name, WEAPON, copies, MappingProxyType(bonus))  # R-T4


_NONE: MappingProxyType[str, int] = MappingProxyType({})

CARDS: MappingProxyType[str, Card] = MappingProxyType({c.id: c for c in (
    _weapon("harvester", "Gnomharvester", 1, 3, 0, 0, 0),
    _weapon("steam_plough", "Steam Plough", 2, 2, 0, 1, 0),
    _weapon("wind_wagon", "Wind Wagon", 1, 2, 1, 0, 0),
    _weapon("reed_cutter", "Reed Cutter", 1, 0, 3, 0, 0),
    _weapon("mud_stompers", "Mud Stompers", 2, 0, 2, 0, 1),
    _weapon("stilt_walkers", "Stilt Walkers", 1, 1, 2, 0, 0),
    _weapon("rock_hammer", "Rock Hammer", 1, 0, 0, 3, 0),
    _weapon("tunnel_drill", "Tunnel Drill", 2, 1, 0, 2, 0),
    _weapon("avalanche_maker", "Avalanche Maker", 1, 0, 0, 2, 1),
    _weapon("mire_pump", "Mire Pump", 1, 0, 0, 0, 3),
    _weapon("gnomsnake", "GnomSnake", 2, 0, 1, 0, 2),  # R-T5
    _weapon("fog_bellows", "Fog Bellows", 1, 0, 0, 1, 2),
    _weapon("gnom_crossbow", "Gnom-Crossbow", 4, 1, 1, 1, 1),
    _weapon("spring_boots", "Spring Boots", 2, 1, 1, 0, 0),
    _weapon("rope_ladders", "Rope Ladders", 2, 0, 0, 1, 1),
    Card("battering_gnomram", "Battering Gnomram", SIEGE, 2, _NONE, siege=2),
    Card("great_gnomcatapult", "Great Gnomcatapult", SIEGE, 1, _NONE, siege=3),
    Card("gnomcopter", "Gnomcopter", AIR, 2, _NONE),
    Card("gnomballoon", "Gnomballoon", AIR, 2, _NONE),
    Card("gnomglider", "Gnomglider", AIR, 2, _NONE),
    Card("gnomsub", "Gnomsub", SUB, 2, _NONE),
    Card("gnomflak", "Gnomflak", FLAK, 3, _NONE),
    Card("gnomfog", "Gnomfog", FOG, 2, _NONE),
    Card(GNOMBUT, "Gnom'But", GAG, 1, _NONE),  # R-T6: the re-vote card
    Card(EXCHANGE, "Gnom'But (Exchange)", GAG, 1, _NONE),  # R-T6: swaps VP totals when drawn
    Card(SUPER_BINGO, "Super Bingo", GAG, 1, _NONE),  # R-T6: 20 GG when drawn
    Card(GNOMPAX, "Gnompax", END, 1, _NONE),
)})


def instances_without_gnompax() -> list[str]:
    """The 43 card instances other than Gnompax (`<card_id>#<n>`), in catalogue order (R-T3)."""
    return [f"{c.id}#{n}" for c in CARDS.values() if c.kind != END for n in range(1, c.copies + 1)]


def card_of(instance: str) -> Card:
    """The design of a card instance (`gnomsnake#2` -> GnomSnake); KeyError when unknown."""
    return CARDS[instance.partition("#")[0]]


def card_name(instance: str) -> str:
    """The display name of a card instance."""
    return card_of(instance).name


def weapon_bonus(instance: str, territory_type: str) -> int:
    """The weapon bonus of a card on a territory of `territory_type` (0 on black territories, R-T30)."""
    return card_of(instance).bonus.get(territory_type, 0)
