"""Board side A (R-A1): zones, adjacency and terrain, loaded once from packaged JSON."""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from typing import Any


@cache
def _board() -> dict[str, Any]:
    # The only I/O of the engine: packaged data, read once.
    text = resources.files("engine.associates").joinpath("data/associates_board.json").read_text("utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


@cache
def zone_ids() -> tuple[str, ...]:
    """Every zone id in file order (the order 12.4 defaults use)."""
    return tuple(z["id"] for z in _board()["zones"])


@cache
def _zones() -> dict[str, dict[str, Any]]:
    return {z["id"]: z for z in _board()["zones"]}


def zone(zone_id: str) -> dict[str, Any]:
    """The board record of a zone (KeyError if unknown)."""
    return _zones()[zone_id]


def is_zone(zone_id: str) -> bool:
    """Whether `zone_id` names a zone of side A."""
    return zone_id in _zones()


@cache
def adjacent(zone_id: str) -> tuple[str, ...]:
    """Zones adjacent to `zone_id`."""
    return tuple(_zones()[zone_id]["adjacent"])


def board_terrain(zone_id: str) -> str:
    """Printed terrain of a zone (lair zones say 'lair')."""
    return str(_zones()[zone_id]["terrain"])


def zone_name(zone_id: str) -> str:
    """Display name of a zone."""
    return str(_zones()[zone_id]["name"])


def component_of(zone_id: str) -> str | None:
    """Component placed on this zone at setup, if any."""
    component = _zones()[zone_id]["component"]
    return None if component is None else str(component)
