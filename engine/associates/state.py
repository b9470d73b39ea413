"""The game state (a plain JSON-safe dict) with its constructors and read helpers (§1.4, §5).

Shape (all keys strings, all values JSON types, so dump/load are copies):
  schema, n, seed, rng, options, turn, first_player, phase, guild_picker,
  players[seat] = {guild, hand, deck, discard, objectives, objective_turns, designated,
                   last_designated, last_objective_lair, reserve_gold, keep, drawn},
  figs{id} = {guild, kind, zone, stuns, treasure, activated, malin_used, rooted, pumpkin,
              eliminated_this_turn},
  lairs{guild} = {zone, state, stuns, safe, safe_token, bank_token},
  zones{id} = {loose, trap, storm, tombs{guild: treasure}},
  supply{item: count}, played[card], violet[card], effects{war_cry{guild: n}, ambush[guild]},
  visit, active, draft, res, ransom, debts_counted[fig], first_objective_guild,
  gold_minted, reinforce, ended, last[public events], opening[public events of new_game].
"""

from __future__ import annotations

import pickle
from typing import Any

from engine.associates import board
from engine.associates.components import (
    GUILD_INFO,
    KIND_STATS,
    NEUTRAL,
    NEUTRAL_LAIR_ZONE,
    SUPPLY_TOTALS,
    empty_treasure,
    guild_of,
    kind_of,
    roster,
    threshold,
)
from engine.core.rng import seed_state

SCHEMA = 1
State = dict[str, Any]


def copy_state(s: State) -> State:
    """A deep copy of a state (pickle round-trip: fast for plain JSON data)."""
    copied: State = pickle.loads(pickle.dumps(s, protocol=pickle.HIGHEST_PROTOCOL))
    return copied


def new_state(n: int, seed: int, options: dict[str, Any], first_player: int) -> State:
    """A state waiting for the guild choice (§5.1-5.3)."""
    return {
        "schema": SCHEMA,
        "n": n,
        "seed": seed,
        "rng": seed_state(seed),
        "options": options,
        "turn": 1,
        "first_player": first_player,
        "phase": "guild",
        "guild_picker": first_player,
        "players": [
            {"guild": None, "hand": [], "deck": [], "discard": [], "objectives": 0, "objective_turns": [],
             "designated": None, "last_designated": None, "last_objective_lair": None, "reserve_gold": 0,
             "keep": None, "drawn": []}
            for _ in range(n)
        ],
        "figs": {},
        "lairs": {},
        "zones": {z: {"loose": empty_treasure(), "trap": None, "storm": None, "tombs": {}} for z in board.zone_ids()},
        "supply": dict(SUPPLY_TOTALS),  # R-A31: gold and counters unlimited, not tracked here
        "played": [],
        "violet": [],
        "effects": {"war_cry": {}, "ambush": []},
        "visit": 0,
        "active": None,
        "draft": None,
        "res": None,
        "ransom": None,
        "debts_counted": [],
        "first_objective_guild": None,
        "gold_minted": 0,
        "reinforce": None,
        "ended": None,
        "last": [],
        "opening": [],
    }


def in_table_order(s: State) -> State:
    """The state with figurines and lairs in the order the game placed them (seat order, roster; neutral last).

    Stored snapshots sort their keys, so a loaded state would otherwise list figurines, lairs and the
    lair targets offered in a different order than the same state had before it was stored.
    """
    figs = [f for g in guilds_in_game(s) for f in roster(g, s["options"]["figurines"]) if f in s["figs"]]
    figs += [f for f in s["figs"] if f not in figs]
    s["figs"] = {f: s["figs"][f] for f in figs}
    lairs = [g for g in [*guilds_in_game(s), NEUTRAL] if g in s["lairs"]]
    lairs += [g for g in s["lairs"] if g not in lairs]
    s["lairs"] = {g: s["lairs"][g] for g in lairs}
    return s


def place_board(s: State) -> None:
    """Lairs, components and figurines once every guild is chosen (§5.4-5.6)."""
    guilds = guilds_in_game(s)
    for g in guilds:
        s["lairs"][g] = {"zone": GUILD_INFO[g]["lair"], "state": "intact", "stuns": 0, "safe": empty_treasure(),
                         "safe_token": None, "bank_token": None}
    if uses_neutral_lair(s):
        s["lairs"][NEUTRAL] = {"zone": NEUTRAL_LAIR_ZONE, "state": "intact", "stuns": 0, "safe": empty_treasure(),
                               "safe_token": None, "bank_token": None}
    for z in board.zone_ids():  # R-A30: the only components the game itself ever places
        comp = board.component_of(z)
        if comp:
            s["zones"][z]["loose"][comp] += 1
            s["supply"][comp] -= 1
    for g in guilds:
        for f in roster(g, s["options"]["figurines"]):
            s["figs"][f] = {"guild": g, "kind": kind_of(f), "zone": GUILD_INFO[g]["lair"], "stuns": 0,
                            "treasure": {**empty_treasure(), "gold": 2}, "activated": False, "malin_used": False,
                            "rooted": False, "pumpkin": False, "eliminated_this_turn": False}
            s["gold_minted"] += 2


def uses_neutral_lair(s: State) -> bool:
    """Whether the neutral lair stands on the centre (§5.4, R-A27; option neutral_lair)."""
    if s["n"] != 2:
        return False
    setting = s["options"].get("neutral_lair", "auto")  # G-7: host override of R-A27
    if setting == "never":
        return False
    if setting == "always":
        return True
    return any(g in ("thieves", "brigands") for g in guilds_in_game(s))


# -- seats and guilds -------------------------------------------------------------------------

def guilds_in_game(s: State) -> list[str]:
    """Guilds chosen so far, in seat order."""
    return [p["guild"] for p in s["players"] if p["guild"]]


def seat_of(s: State, guild: str) -> int | None:
    """The seat playing `guild` (None for the neutral lair or an absent guild)."""
    for i, p in enumerate(s["players"]):
        if p["guild"] == guild:
            return i
    return None


def guild_at(s: State, seat: int) -> str:
    """The guild played at `seat`."""
    return str(s["players"][seat]["guild"])


def seat_order(s: State) -> list[int]:
    """Seats clockwise starting with the first player."""
    n = s["n"]
    return [(s["first_player"] + i) % n for i in range(n)]


def figs_of(s: State, guild: str) -> list[str]:
    """The guild's figurine ids in roster order."""
    return roster(guild, s["options"]["figurines"]) if guild in GUILD_INFO and guild in guilds_in_game(s) else []


def in_play(s: State, fig: str) -> bool:
    """Whether a figurine stands on the board."""
    return s["figs"][fig]["zone"] is not None


def figs_in_zone(s: State, zone: str) -> list[str]:
    """Figurines in play on a zone, in a stable order (seat order of guilds, then roster)."""
    out = []
    for g in guilds_in_game(s):
        out += [f for f in figs_of(s, g) if s["figs"][f]["zone"] == zone]
    return out


def stats(fig: str) -> dict[str, int]:
    """Combat, theft and stunned spaces of a figurine."""
    return KIND_STATS[kind_of(fig)]


def power_works(s: State, fig: str) -> bool:
    """Powers work only in play and not under a Pumpkin (§3)."""
    f = s["figs"][fig]
    return f["zone"] is not None and not f["pumpkin"]


def carries(s: State, fig: str, artefact: str) -> bool:
    """Whether a figurine in play carries at least one artefact of this type (R-A11)."""
    f = s["figs"][fig]
    return f["zone"] is not None and f["treasure"][artefact] > 0


def mode(s: State) -> str:
    """standard | simplified | even_simpler."""
    return str(s["options"]["mode"])


def guild_threshold(s: State, guild: str) -> int:
    """Objective threshold of a guild in this game."""
    return threshold(guild, s["n"])


# -- lairs and terrain ------------------------------------------------------------------------

def lair_intact(s: State, guild: str) -> bool:
    """Whether the guild (or the neutral lair) has an intact lair."""
    lair = s["lairs"].get(guild)
    return lair is not None and lair["state"] == "intact"


def intact_lair_at(s: State, zone: str) -> str | None:
    """The guild whose intact lair stands on `zone`, if any."""
    for g, lair in s["lairs"].items():
        if lair["zone"] == zone and lair["state"] == "intact":
            return str(g)
    return None


def effective_terrain(s: State, zone: str) -> str:
    """Terrain used by every rule (§1.2, R-A2): lair zones without an intact lair are plains."""
    t = board.board_terrain(zone)
    if t == "lair":
        return "lair" if intact_lair_at(s, zone) else "plain"
    return t


def is_defended(s: State, guild: str) -> bool:
    """Intact non-neutral lair with a figurine of its guild on it (Pumpkin or not) (§8)."""
    if guild == NEUTRAL or not lair_intact(s, guild):
        return False
    zone = s["lairs"][guild]["zone"]
    return any(s["figs"][f]["zone"] == zone for f in figs_of(s, guild))


def on_own_intact_lair(s: State, fig: str) -> bool:
    """Whether a figurine stands on its own guild's intact lair (R-A9)."""
    g = guild_of(fig)
    return lair_intact(s, g) and s["figs"][fig]["zone"] == s["lairs"][g]["zone"]


def designated(s: State) -> str | None:
    """The guild the Usurers designated this turn, if any."""
    seat = seat_of(s, "usurers")
    return None if seat is None else s["players"][seat]["designated"]


def controls(s: State, guild: str, zone: str) -> bool:
    """A zone with at least one figurine of the guild and none of another (§6.4)."""
    here = figs_in_zone(s, zone)
    return bool(here) and all(guild_of(f) == guild for f in here)
