"""Hand-made Violent Vendetta views for states random play rarely reaches.

Used by the gallery and the golden tests: six clans crowding the same
territories, two-digit counts, a three-way combat in progress, a gather move.
"""

from __future__ import annotations

from typing import Any

from render.vendetta.style import CLOCKWISE

NAMES = {
    "red": "Dingleson",
    "white": "Westdingledongleson",
    "green": "O'Dingle",
    "blue": "Schnitzel",
    "black": "Von Dingle",
    "yellow": "McDingle",
}
COLOURS = {
    "red": "#C62828",
    "white": "#F5F5F5",
    "green": "#2E7D32",
    "blue": "#1565C0",
    "black": "#212121",
    "yellow": "#F9A825",
}
TOKENS = ("acorn", "apple", "berry", "mushroom", *(f"gnome_{c}" for c in CLOCKWISE))


def _seat(i: int, clan: str) -> dict[str, Any]:
    return {
        "clan": clan,
        "name": NAMES[clan],
        "colour": COLOURS[clan],
        "player": i,
        "reserve": i % 3,
        "on_board": 6 + i,
        "tokens": {t: (i * 3 + j) % 7 for j, t in enumerate(TOKENS)},
        "objectives_kept": 2,
        "has_chosen": True,
        "has_moved": i < 2,
    }


def crowded_view() -> dict[str, Any]:
    """Six clans, up to all six in one territory, two-digit counts, a combat under way."""
    board: dict[str, dict[str, int]] = {
        "grand_gnome_isle": {c: 11 - i for i, c in enumerate(CLOCKWISE)},
        "statue_fisher": {"red": 3, "white": 1, "green": 12, "blue": 2, "black": 4},
        "statue_lantern": {"yellow": 2, "black": 7, "blue": 1, "green": 1},
        "statue_wheelbarrow": {"blue": 9, "black": 2, "white": 3},
        "oak_corner": {"red": 2, "white": 2},
        "berry_thicket": {"yellow": 10},
        "home_vondingle": {"black": 4},
        "home_westdingledongleson": {"white": 1},
        "acorn_grove": {"green": 1, "black": 1, "yellow": 1},
    }
    return {
        "game": "vendetta",
        "players": 6,
        "round": 12,
        "round_limit": 30,
        "phase": "combat",
        "scoring": "advanced",
        "objectives_kept": 2,
        "seats": [_seat(i, c) for i, c in enumerate(CLOCKWISE)],
        "seat_order": list(CLOCKWISE),
        "turn_order": list(CLOCKWISE[2:] + CLOCKWISE[:2]),
        "first_seat": "green",
        "current_seat": "blue",
        "board": board,
        "contested": ["statue_fisher", "statue_wheelbarrow", "statue_lantern", "grand_gnome_isle", "oak_corner"],
        "combat": {
            "territory": "statue_fisher",
            "order": ["green", "blue", "black", "red", "white"],
            "declarations": [["green", [["red", 6], ["black", 6]]]],
            "round": 2,
        },
        "pending": [3],
        "last_move": {
            "kind": "move",
            "clan": "yellow",
            "moves": [
                ["home_mcdingle", "berry_thicket", 6],
                ["crabapple_hedge", "berry_thicket", 3],
                ["statue_lantern", "berry_thicket", 1],
            ],
        },
        "outcome": None,
    }


def crowded_private() -> dict[str, Any]:
    """The crowded table seen by the blue player in the middle of drafting combat dice."""
    view = crowded_view()
    blue_cards = [
        {
            "id": "blue_3",
            "owner": "blue",
            "name": "Statue Watch",
            "tokens": {},
            "statues": ["statue_wheelbarrow", "statue_lantern"],
            "requirement": "a gnome on Wheelbarrow Gnome Lawn and on Lantern Gnome Terrace",
        },
        {
            "id": "n18",
            "owner": None,
            "name": "Trophy Basket",
            "tokens": {"gnome_any": 2, "acorn": 2, "apple": 2, "berry": 2},
            "statues": [],
            "requirement": "2 gnome tokens of other clans, 2 acorns, 2 apples, 2 berries",
        },
    ]
    view["me"] = {
        "player": 3,
        "clans": ["blue"],
        "offered": {"blue": blue_cards},
        "chosen": {"blue": blue_cards},
        "checklist": {
            "blue": [
                {"id": "blue_3", "name": "Statue Watch", "complete": True},
                {"id": "n18", "name": "Trophy Basket", "complete": False},
            ]
        },
        "draft": {
            "kind": "combat",
            "clan": "blue",
            "territory": "statue_fisher",
            "assign": [["green", 1]],
            "target": None,
        },
    }
    return view


def samples() -> dict[str, dict[str, Any]]:
    """Label -> view for the gallery (views with "me" are private pictures)."""
    return {"crowded": crowded_view(), "crowded_blue": crowded_private()}
