"""The board of Gnome Tribes, loaded once from the packaged tribes_board.json (spec §1.1, §9)."""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from types import MappingProxyType
from typing import Any

DATA_FILE = Path(__file__).with_name("data") / "tribes_board.json"

TERRAINS = ("plains", "swamp", "mountain", "marsh")
BLACK_TYPES = frozenset({"city", "gnomlab"})
GNOMLAB = "gnomlab"


@dataclass(frozen=True, slots=True)
class Territory:
    """One territory: identity, type, home city owner, coast and physical neighbours."""

    id: str
    name: str
    type: str  # a terrain of TERRAINS, "city" or "gnomlab"
    city_of: str | None  # the tribe whose city this is
    coastal: bool
    adjacent: tuple[str, ...]

    @property
    def black(self) -> bool:
        """A city or the Gnomlab: never anybody's home type, never a portal."""
        return self.type in BLACK_TYPES


@dataclass(frozen=True, slots=True)
class Tribe:
    """One tribe: id (= home type), display name, city and colour."""

    id: str
    name: str
    home_type: str
    city: str
    colour: str


@dataclass(frozen=True, slots=True)
class Board:
    """The immutable map, territories in JSON order (the order every default uses)."""

    territories: MappingProxyType[str, Territory]
    order: tuple[str, ...]
    tribes: MappingProxyType[str, Tribe]
    tribe_order: tuple[str, ...]  # plains, mountain, marsh, swamp (JSON order)

    def adjacent(self, territory: str) -> tuple[str, ...]:
        """The physical neighbours of `territory`."""
        return self.territories[territory].adjacent

    def is_adjacent(self, a: str, b: str) -> bool:
        """Whether `a` and `b` share a physical border."""
        return b in self.territories[a].adjacent

    def combat_adjacent(self, tribe: str, a: str, b: str) -> bool:
        """Combat adjacency for `tribe` (§9.1): a physical border, or both of its home type (portal)."""
        if self.is_adjacent(a, b):
            return True
        return a != b and self.territories[a].type == tribe and self.territories[b].type == tribe  # R-T23

    def name(self, territory: str) -> str:
        """The display name of `territory`."""
        return self.territories[territory].name

    def type_of(self, territory: str) -> str:
        """The type of `territory` (a terrain, "city" or "gnomlab")."""
        return self.territories[territory].type

    def city_of(self, tribe: str) -> str:
        """The city of `tribe`."""
        return self.tribes[tribe].city

    def __contains__(self, territory: object) -> bool:
        return territory in self.territories


def _parse(raw: dict[str, Any]) -> Board:
    territories = {
        t["id"]: Territory(
            id=t["id"], name=t["name"], type=t["type"], city_of=t.get("owner"),
            coastal=bool(t["coastal"]), adjacent=tuple(t["adjacent"]),
        )
        for t in raw["territories"]
    }
    tribes = {
        t["id"]: Tribe(id=t["id"], name=t["name"], home_type=t["home_type"], city=t["city"], colour=t["seat_colour"])
        for t in raw["tribes"]
    }
    return Board(
        territories=MappingProxyType(territories),
        order=tuple(t["id"] for t in raw["territories"]),
        tribes=MappingProxyType(tribes),
        tribe_order=tuple(t["id"] for t in raw["tribes"]),
    )


@cache
def _board_text() -> str:
    return DATA_FILE.read_text(encoding="utf-8")


def raw_board() -> dict[str, Any]:
    """A fresh copy of the packaged board JSON (for renderers: polygons, label points, colours)."""
    return dict(json.loads(_board_text()))


@cache
def load_board() -> Board:
    """The board, read from the package data once."""
    return _parse(raw_board())
