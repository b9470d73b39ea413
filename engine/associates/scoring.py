"""Final scores and ranking (§14, R-A42, R-A43)."""

from __future__ import annotations

from typing import Any

from engine.associates.components import ARTEFACTS
from engine.associates.state import State, figs_of, guild_threshold, guilds_in_game, in_play, lair_intact, seat_of


def possessions(s: State, guild: str) -> dict[str, int]:
    """Gold and artefacts a guild possesses: safe (intact lair), figurines in play, Tombs, reserve."""
    holders = []
    if lair_intact(s, guild):
        holders.append(s.lairs[guild].safe)
    holders += [s.figs[f].treasure for f in figs_of(s, guild) if in_play(s, f)]
    holders += [z.tombs[guild] for z in s.zones.values() if guild in z.tombs]
    seat = seat_of(s, guild)
    assert seat is not None
    gold = sum(h["gold"] for h in holders) + s.players[seat].reserve_gold
    artefacts = sum(h[a] for h in holders for a in ARTEFACTS)
    return {"gold": gold, "artefacts": artefacts}


def score_breakdown(s: State, guild: str) -> dict[str, Any]:
    """GP + 3 per artefact + 5 for the first Objective of the game."""
    p = possessions(s, guild)
    first = 5 if s.first_objective_guild == guild else 0
    total = p["gold"] + 3 * p["artefacts"] + first
    seat = seat_of(s, guild)
    assert seat is not None
    objectives = s.players[seat].objectives
    return {"gold": p["gold"], "artefacts": p["artefacts"], "first_objective": first, "total": total,
            "objectives": objectives, "reached": objectives >= guild_threshold(s, guild)}


def scores(s: State) -> dict[int, dict[str, Any]]:
    """Score breakdown per seat."""
    return {seat_of(s, g): score_breakdown(s, g) for g in guilds_in_game(s)}  # type: ignore[misc]  # every guild in play has a seat


def ranking(s: State) -> tuple[tuple[int, ...], ...]:
    """Seats grouped best first: GP, then threshold reached, Objectives, artefacts (§14)."""
    sc = scores(s)

    def _key(p: int) -> tuple[int, int, int, int]:
        b = sc[p]
        return (b["total"], int(b["reached"]), b["objectives"], b["artefacts"])

    ordered = sorted(sc, key=_key, reverse=True)
    groups: list[list[int]] = []
    for p in ordered:
        if groups and _key(groups[-1][0]) == _key(p):
            groups[-1].append(p)
        else:
            groups.append([p])
    return tuple(tuple(sorted(g)) for g in groups)
