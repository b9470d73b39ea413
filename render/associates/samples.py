"""Hand-made Gnomes & Associates views for states random play rarely reaches.

Four-figurine mode with a crowd on one zone, every token kind on the map, a
destroyed lair, a combat window with its dice, stuns, gold and artefacts.
"""

from __future__ import annotations

from typing import Any

from render.associates.style import GUILDS, zones

KINDS = {
    "artisans": ("gnome", "fairy"),
    "brigands": ("goblin", "troll"),
    "usurers": ("gnome", "troll"),
    "thieves": ("goblin", "fairy"),
}
SPACES = {"gnome": 2, "troll": 3, "goblin": 2, "fairy": 2}
LAIRS = {
    "artisans": "artisans_workshop",
    "brigands": "brigands_hideout",
    "usurers": "usurers_counting_house",
    "thieves": "thieves_den",
}
TITLES = {g: g.title() for g in GUILDS}


def _treasure(**items: int) -> dict[str, int]:
    base = {"gold": 0, "sacred_wood": 0, "moonstone": 0, "amulet": 0, "broom": 0, "tromblon": 0}
    base.update(items)
    return base


def crowded_view() -> dict[str, Any]:
    """A four-player, four-figurine game in full swing."""
    figs = []
    placement = {"crows_knoll": 7, "beacon_hill": 3}
    spots = [z for z, n in placement.items() for _ in range(n)]
    i = 0
    for g in GUILDS:
        for ring in ("", "_2"):
            for kind in KINDS[g]:
                fid = f"{g}_{kind}{ring}"
                zone: str | None = spots[i] if i < len(spots) else LAIRS[g]
                if fid == "thieves_fairy_2":
                    zone = None
                figs.append(
                    {
                        "id": fid,
                        "guild": g,
                        "kind": kind,
                        "zone": zone,
                        "stuns": (i * 7) % (SPACES[kind] + 1) % SPACES[kind],
                        "activated": i % 3 == 0,
                        "malin_used": False,
                        "rooted": i == 4,
                        "pumpkin": i == 5,
                        "eliminated_this_turn": zone is None,
                        "treasure": _treasure(gold=i % 4, amulet=int(i == 2), moonstone=int(i == 3)),
                        "spaces": SPACES[kind],
                    }
                )
                i += 1
    by_zone: dict[str, list[str]] = {}
    for f in figs:
        if f["zone"]:
            by_zone.setdefault(str(f["zone"]), []).append(str(f["id"]))
    zone_views = []
    for zid, z in zones().items():
        loose = _treasure()
        if z.terrain in ("hill", "forest"):
            loose["sacred_wood"] = 1
        if z.terrain in ("ruin", "stone_circle"):
            loose["moonstone"] = 1
        zone_views.append(
            {
                "id": zid,
                "name": z.name,
                "terrain": z.terrain,
                "effective_terrain": "plain" if zid == "brigands_hideout" else z.terrain,
                "x": z.cx,
                "y": z.cy,
                "loose": loose,
                "trap": None,
                "storm": None,
                "tombs": {},
                "figurines": by_zone.get(zid, []),
            }
        )
    zv = {v["id"]: v for v in zone_views}
    zv["brigands_hideout"]["loose"] = _treasure(gold=9, tromblon=1, moonstone=2)
    zv["old_watchtower"]["trap"] = {"kind": "trap", "owner": "art"}
    zv["windy_tor"]["trap"] = {"kind": "mined_terrain", "owner": "bri"}
    zv["windy_tor"]["storm"] = 2
    zv["gorse_hill"]["tombs"] = {"usurers": _treasure(gold=3)}
    lairs = []
    for g in GUILDS:
        lairs.append(
            {
                "guild": g,
                "zone": LAIRS[g],
                "state": "destroyed" if g == "brigands" else "intact",
                "stuns": 2 if g == "thieves" else 0,
                "safe": _treasure(gold={"artisans": 12, "usurers": 7}.get(g, 0)),
                "safe_token": g == "usurers",
                "bank_token": g == "usurers",
                "defended": g == "artisans",
            }
        )
    guilds = []
    for seat, g in enumerate(GUILDS):
        guilds.append(
            {
                "seat": seat,
                "guild": g,
                "title": TITLES[g],
                "colour": None,
                "hand_size": 5 - seat,
                "deck_size": 14 + seat,
                "discard": [],
                "in_play": [],
                "objectives": seat + 1,
                "threshold": 3 if g == "brigands" else 5,
                "reserve_gold": 0,
                "designated": "thieves" if g == "usurers" else None,
                "last_objective_lair": None,
                "score": 10 + seat * 4,
            }
        )
    return {
        "game": "associates",
        "players": 4,
        "round": 9,
        "turn": 9,
        "phase": "activation",
        "mode": "standard",
        "figurines_per_guild": 4,
        "turn_cap": 30,
        "first_player": 2,
        "pending": [3],
        "pending_kinds": {"3": "reaction"},
        "visited": 0,
        "active": {"player": 0, "figurine": "artisans_gnome", "actions_left": 1},
        "window": {
            "stage": "w2",
            "type": "combat",
            "actor": "artisans_gnome",
            "target": {"fig": "usurers_troll"},
            "defender": 2,
            "dice": {"n": 4, "colour": "yellow", "faces": [1, 5, 3, 6], "successes": 2},
            "rerolled": False,
            "allowance": 0,
        },
        "guilds": guilds,
        "figurines": figs,
        "lairs": lairs,
        "zones": zone_views,
        "supply": {},
        "effects": {"war_cry": {"brigands": 1}, "ambush": ["artisans"]},
        "first_objective_guild": "brigands",
        "scores": {str(g["seat"]): g["score"] for g in guilds},
        "last": [
            {
                "text": "Artisans Gnome moves: Old Watchtower → Crow's Knoll.",
                "kind": "move",
                "data": {"figurine": "artisans_gnome", "path": ["old_watchtower", "crows_knoll"]},
            },
            {
                "text": "Artisans Gnome rolls 4 yellow: 1, 5, 3, 6 — 2 successes.",
                "kind": "roll",
                "data": {"n": 4, "colour": "yellow", "faces": [1, 5, 3, 6], "successes": 2, "actor": "artisans_gnome"},
            },
        ],
        "last_roll": {"n": 4, "colour": "yellow", "faces": [1, 5, 3, 6], "successes": 2},
        "outcome": None,
    }


def crowded_private() -> dict[str, Any]:
    """The crowded table seen by the Usurers, choosing reactions with a full hand."""
    view = crowded_view()
    view["hand"] = [
        {
            "id": "c-usu-10-shield",
            "type": "shield",
            "name": "Shield",
            "banner": "blue",
            "text": "W2: an adverse Combat on your figurine or lair counts 2 fewer successes.",
        },
        {
            "id": "c-usu-22-tomb",
            "type": "tomb",
            "name": "Tomb",
            "banner": "blue",
            "text": "W3: an eliminated figurine's treasure goes under your Tomb token.",
        },
        {
            "id": "c-usu-19-bank",
            "type": "bank",
            "name": "Bank",
            "banner": "violet",
            "text": "Bank token on your lair: +1 GP per 5 GP in the safe each turn end (max 2).",
        },
        {
            "id": "c-usu-24-bailiff",
            "type": "bailiff",
            "name": "Bailiff",
            "banner": "white",
            "text": "Extra Combat with +1 die against the guild you designated.",
        },
        {
            "id": "c-usu-08-ambush",
            "type": "ambush",
            "name": "Ambush",
            "banner": "red",
            "text": "This turn: a stun by your Combat takes the target's whole treasure.",
        },
    ]
    view["draft"] = {"picks": ["c-usu-10-shield"]}
    view["drawn"] = [view["hand"][3], view["hand"][4]]
    view["me"] = {"player": 2}
    return view


def samples() -> dict[str, dict[str, Any]]:
    """Label -> view for the gallery (views with "hand" are private pictures)."""
    return {"crowded": crowded_view(), "crowded_usurers": crowded_private()}
