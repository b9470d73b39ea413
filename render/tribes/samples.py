"""Hand-made Gnome Tribes views, following the view schema of the tribes design.

For the gallery and the golden tests: the start of a four-player game, a crowded
mid-game war step (a plan with a ground, a portal and an airborne attack, supports,
the cards revealed, the last attack drawn, moved armies, an empty city still held),
and a finished game after the goal vote; each with one player's private view.
"""

from __future__ import annotations

import copy
from typing import Any

from render.tribes.style import POSTS, board_data

NAMES = {"plains": "Plains Gnomes", "mountain": "Mountain Gnomes", "marsh": "Marsh Gnomes", "swamp": "Swamp Gnomes"}
TRIBES = ("plains", "mountain", "marsh", "swamp")


def _colour(tribe: str) -> str:
    return str(next(t["seat_colour"] for t in board_data()["tribes"] if t["id"] == tribe))


def _territories(cells: dict[str, tuple[int, int, int]]) -> dict[str, dict[str, Any]]:
    """Every territory of the board: (controller, armies, moved) where given, else free and empty."""
    out: dict[str, dict[str, Any]] = {}
    for t in board_data()["territories"]:
        controller, armies, moved = cells.get(t["id"], (-1, 0, 0))
        out[t["id"]] = {"controller": None if controller < 0 else controller, "armies": armies, "moved": moved}
    return out


def _seat(player: int, tribe: str, view_cells: dict[str, dict[str, Any]], **counts: Any) -> dict[str, Any]:
    mine = [c for c in view_cells.values() if c["controller"] == player]
    return {
        "player": player,
        "tribe": tribe,
        "name": NAMES[tribe],
        "colour": _colour(tribe),
        "vp": counts.get("vp", 0),
        "hand_size": counts.get("hand_size", 0),
        "bills": {p: counts.get("bills", {}).get(p, 0) for p in POSTS},
        "armies": sum(int(c["armies"]) for c in mine),
        "territories": len(mine),
    }


def _base(players: int, turn: int, phase: str, label: str, cells: dict[str, tuple[int, int, int]]) -> dict[str, Any]:
    tribes = TRIBES[:players] if players != 2 else ("plains", "marsh")
    territories = _territories(cells)
    order = [(p + turn - 1) % players for p in range(players)]
    return {
        "game": "tribes",
        "players": players,
        "round": turn,
        "pending": [],
        "factions": {str(p): NAMES[t] for p, t in enumerate(tribes)},
        "turn": turn,
        "phase": phase,
        "phase_label": label,
        "turn_order": order,
        "active": None,
        "tribes": {str(p): t for p, t in enumerate(tribes)},
        "territories": territories,
        "seats": [],
        "deck_size": 44,
        "gnompax": {"out": False, "turn": None, "forced": False},
        "goal": None,
        "goal_name": None,
        "turns_left": None,
        "war": None,
        "last_battle": None,
        "vote": None,
        "winners": None,
    }


def start_view() -> dict[str, Any]:
    """Turn 1, four players choosing their secret investments: three armies in each city."""
    cells = {"wheatburg": (0, 3, 0), "cragburg": (1, 3, 0), "reedburg": (2, 3, 0), "mudburg": (3, 3, 0)}
    view = _base(4, 1, "investment", "Turn 1 · Phase 2: secret investments", cells)
    view["pending"] = [0, 1, 2, 3]
    view["seats"] = [_seat(p, t, view["territories"]) for p, t in enumerate(TRIBES)]
    return view


MID_CELLS: dict[str, tuple[int, int, int]] = {
    # Plains (0): the attacker of this war step.
    "wheatburg": (0, 2, 0),
    "golden_fields": (0, 4, 0),
    "sunny_downs": (0, 5, 0),
    "windy_meadows": (0, 3, 0),
    "clover_lea": (0, 2, 0),
    "high_pasture": (0, 3, 0),
    "forest": (0, 1, 0),
    # Mountain (1): an empty Cragburg still held, armies moved last step on the ridge.
    "cragburg": (1, 0, 0),
    "rocky_ridge": (1, 5, 2),
    "iron_hills": (1, 4, 0),
    "cloud_crags": (1, 2, 0),
    "eagle_cliffs": (1, 1, 0),
    # Marsh (2)
    "reedburg": (2, 3, 0),
    "willow_mire": (2, 5, 0),
    "heron_fen": (2, 2, 0),
    "reedy_shallows": (2, 1, 0),
    "lily_fen": (2, 2, 0),
    "eelwater": (2, 1, 0),
    # Swamp (3)
    "mudburg": (3, 2, 0),
    "frog_hollow": (3, 3, 0),
    "bogwater": (3, 4, 0),
    "murkmoss": (3, 2, 0),
    "grey_tors": (3, 1, 0),
    "toad_swamp": (3, 3, 0),
    "gnomlab": (3, 1, 0),
    "misty_bog": (3, 2, 0),
}


def mid_view() -> dict[str, Any]:
    """Turn 9, the Plains Gnomes' war step after the card reveal: three attacks, supports, the last attack."""
    view = _base(4, 9, "order", "Turn 9 · Phase 4: wars (Plains Gnomes)", MID_CELLS)
    view["active"] = 0
    view["pending"] = [0]
    cells = view["territories"]
    view["seats"] = [
        _seat(0, "plains", cells, vp=23, hand_size=3, bills={"research": 2, "guards": 3}),
        _seat(1, "mountain", cells, vp=18, hand_size=2, bills={"research": 1, "espionage": 2, "guards": 1}),
        _seat(2, "marsh", cells, vp=15, hand_size=4, bills={"assassination": 2, "guards": 2}),
        _seat(3, "swamp", cells, vp=-4, hand_size=1, bills={"research": 4}),
    ]
    view["deck_size"] = 26
    view["war"] = {
        "active": 0,
        "attacks": [
            {
                "id": 0,
                "source": "sunny_downs",
                "target": "frog_hollow",
                "armies": 4,
                "mode": "ground",
                "card_name": None,
            },
            {
                "id": 1,
                "source": "high_pasture",
                "target": "misty_bog",
                "armies": 2,
                "mode": "ground",
                "card_name": None,
            },
            {
                "id": 2,
                "source": "golden_fields",
                "target": "cragburg",
                "armies": 3,
                "mode": "card",
                "card_name": "Gnomcopter",
            },
        ],
        "supports": [
            {"territory": "clover_lea", "count": 2, "attack": 0},
            {"territory": "windy_meadows", "count": 3, "attack": 0},
        ],
        "cards_played": {"0": ["Gnomcopter", "GnomSnake"], "1": ["Great Gnomcatapult"], "3": []},
    }
    # The last attack of the previous war step (the Swamp Gnomes' at the end of turn 8).
    view["last_battle"] = {
        "attacker": 3,
        "defender": 2,
        "source": "murkmoss",
        "target": "lily_fen",
        "supports": ["bogwater", "toad_swamp"],
        "result": "Nothing happens",
        "defence_supports": ["willow_mire", "eelwater"],
        "airlifts": [],
        "att": 8,
        "dfn": 9,
        "margin": -1,
        "mode": "ground",
    }
    view["tribes"] = {str(p): t for p, t in enumerate(TRIBES)}
    return view


END_CELLS: dict[str, tuple[int, int, int]] = {
    **MID_CELLS,
    "frog_hollow": (0, 3, 0),
    "sunny_downs": (0, 1, 0),
    "cragburg": (0, 2, 0),
    "golden_fields": (0, 1, 0),
    "gnomlab": (2, 1, 0),
    "misty_bog": (-1, 0, 0),
    "rocky_ridge": (1, 5, 0),
}


def end_view() -> dict[str, Any]:
    """The game over after the countdown: the voted goal, its winner, every seat's final counts."""
    view = _base(4, 16, "finished", "Game over after turn 16", END_CELLS)
    cells = view["territories"]
    view["seats"] = [
        _seat(0, "plains", cells, vp=41, hand_size=5, bills={"guards": 2}),
        _seat(1, "mountain", cells, vp=22, hand_size=3, bills={"research": 2, "espionage": 1}),
        _seat(2, "marsh", cells, vp=30, hand_size=6, bills={"assassination": 1, "guards": 4}),
        _seat(3, "swamp", cells, vp=7, hand_size=2, bills={"research": 3}),
    ]
    view["deck_size"] = 9
    view["gnompax"] = {"out": True, "turn": 12, "forced": False}
    view["goal"] = 5
    view["goal_name"] = "Gnome of Glory"
    view["turns_left"] = 0
    view["vote"] = {
        "ballots": [
            {"player": 3, "goal": 4, "votes": 0},
            {"player": 1, "goal": 2, "votes": 15},
            {"player": 2, "goal": 3, "votes": 21},
            {"player": 0, "goal": 5, "votes": 27},
        ],
        "result": 5,
        "revote": False,
    }
    view["winners"] = [0]
    return view


def with_secrets(view: dict[str, Any], player: int, **you: Any) -> dict[str, Any]:
    """`view` seen by `player`: the public view plus that player's secrets."""
    out = copy.deepcopy(view)
    out["you"] = {
        "player": player,
        "purse": you.get("purse", 10),
        "zeros": you.get("zeros", 3),
        "posts": {p: list(you.get("posts", {}).get(p, [])) for p in POSTS},
        "hand": list(you.get("hand", [])),
        "draft": list(you.get("draft", [])),
    }
    return out


def _card(instance: str, name: str, kind: str) -> dict[str, Any]:
    return {"id": instance, "name": name, "kind": kind}


def start_private() -> dict[str, Any]:
    """The Plains player drafting the first investment."""
    return with_secrets(
        start_view(),
        0,
        purse=10,
        zeros=2,
        draft=["Recruit 1 army at Wheatburg (3 GG)", "Add a 5 GG bill to Research", "Add a 0 GG bill to Guards"],
    )


def mid_private() -> dict[str, Any]:
    """The Plains player in the middle of the war step: bills on three posts, five cards."""
    return with_secrets(
        mid_view(),
        0,
        purse=17,
        zeros=1,
        posts={"research": [5, 2], "guards": [10, 0, 1]},
        hand=[
            _card("gnomcopter#1", "Gnomcopter", "air"),
            _card("gnomsnake#2", "GnomSnake", "weapon"),
            _card("great_gnomcatapult#1", "Great Gnomcatapult", "siege"),
            _card("gnomflak#3", "Gnomflak", "flak"),
            _card("gnombut#1", "Gnom'But", "gag"),
        ],
        draft=["Order of the attacks: Sunny Downs → Frog Hollow first, then the others"],
    )


def end_private() -> dict[str, Any]:
    """The Marsh player at the end of the game."""
    return with_secrets(
        end_view(),
        2,
        purse=31,
        zeros=0,
        posts={"assassination": [20], "guards": [5, 5, 0, 0]},
        hand=[
            _card("mire_pump#1", "Mire Pump", "weapon"),
            _card("gnomsub#1", "Gnomsub", "sub"),
            _card("gnomfog#2", "Gnomfog", "fog"),
            _card("battering_gnomram#1", "Battering Gnomram", "siege"),
            _card("gnom_crossbow#4", "Gnom-Crossbow", "weapon"),
            _card("gnomballoon#2", "Gnomballoon", "air"),
        ],
    )


def samples() -> dict[str, dict[str, Any]]:
    """Label -> view for the gallery and the golden tests (views with "you" are private pictures).

    The labels differ from the gallery's engine stages (start, mid, end), which these complete:
    a war step with its battle drawn, and a finished game with its vote, whatever random play reaches.
    """
    return {
        "war": mid_view(),
        "war_plains": mid_private(),
        "final": end_view(),
        "final_marsh": end_private(),
    }


def every_sample() -> dict[str, dict[str, Any]]:
    """Every hand-made view, the opening too (for the render tests)."""
    return {"opening": start_view(), "opening_plains": start_private(), **samples()}
