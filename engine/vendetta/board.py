"""The board of Violent Vendetta, loaded once from the packaged vendetta_board.json (spec §3)."""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from types import MappingProxyType
from typing import Any

DATA_FILE = Path(__file__).with_name("data") / "vendetta_board.json"


@dataclass(frozen=True, slots=True)
class Territory:
    """One territory: identity, loot and neighbours."""

    id: str
    name: str
    kind: str  # "home", "ordinary" or "statue"
    clan: str | None  # the clan whose home this is
    statue: str | None
    loot: str
    adjacent: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Board:
    """The immutable map: territories in JSON order, home sets and statues."""

    territories: MappingProxyType[str, Territory]
    order: tuple[str, ...]  # JSON order: fixes the order of combats (R-V17)
    clockwise_homes: tuple[str, ...]
    home_sets: MappingProxyType[int, tuple[tuple[str, ...], ...]]
    statues: tuple[str, ...]

    def adjacent(self, territory: str) -> tuple[str, ...]:
        """The neighbours of `territory`."""
        return self.territories[territory].adjacent

    def loot(self, territory: str) -> str:
        """The token type `territory` yields."""
        return self.territories[territory].loot

    def name(self, territory: str) -> str:
        """The display name of `territory`."""
        return self.territories[territory].name

    def __contains__(self, territory: object) -> bool:
        return territory in self.territories


def _parse(raw: dict[str, Any]) -> Board:
    territories = {
        t["id"]: Territory(
            id=t["id"],
            name=t["name"],
            kind=t["kind"],
            clan=t.get("clan"),
            statue=t.get("statue"),
            loot=t["loot"],  # R-V20: one fixed token type per territory
            adjacent=tuple(t["adjacent"]),  # R-V18: bridges and passages are the same for movement
        )
        for t in raw["territories"]
    }
    home_sets = {int(n): tuple(tuple(s) for s in sets) for n, sets in raw["home_sets"].items()}
    return Board(
        territories=MappingProxyType(territories),
        order=tuple(t["id"] for t in raw["territories"]),
        clockwise_homes=tuple(raw["clockwise_homes"]),
        home_sets=MappingProxyType(home_sets),
        statues=tuple(s["territory"] for s in raw["statues"]),  # R-V19: four statues
    )


@cache
def _board_text() -> str:
    return DATA_FILE.read_text(encoding="utf-8")


def raw_board() -> dict[str, Any]:
    """A fresh copy of the packaged board JSON (for renderers: polygons, links, canvas)."""
    data: dict[str, Any] = json.loads(_board_text())
    return data


@cache
def load_board() -> Board:
    """The board, read from the package data once."""
    return _parse(raw_board())
