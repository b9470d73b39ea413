"""The JSON views of a game: public (spectators, channel images) and per player.

Shape of `view(state, None)` (every key always present):

    {
      "game": "associates", "players": N, "round": turn number, "turn": turn number,
      "phase": "guild" | "designate" | "activation" | "keep" | "reinforce" | "over",
      "mode": "standard" | "simplified" | "even_simpler", "figurines_per_guild": 2 | 4, "turn_cap": int,
      "first_player": seat, "pending": [seats], "pending_kinds": {seat: "turn"|...},
      "visited": seat | None,              # seat whose activation phase visit it is
      "active": None | {"player", "figurine", "actions_left"},
      "window": None | {"stage": "w1"|"w2"|"w3"|"choose", "type": "combat"|"theft"|"elim",
                        "actor", "target": {"fig": id} | {"lair": guild}, "defender": seat|None,
                        "dice": {"n", "colour", "faces", "successes"} | None, "rerolled", "allowance"},
      "factions": {seat as text: guild title}, "faction_ids": {seat as text: [guild id]},
      "guilds": [ {seat, guild, title, colour, hand_size, deck_size, discard: [card], in_play: [card],
                   objectives, threshold, reserve_gold, designated, last_objective_lair, score} ],
      "figurines": [ {id, name, guild, kind, zone, stuns, spaces, treasure, activated, malin_used,
                      rooted, pumpkin, eliminated_this_turn} ],
      "lairs": [ {guild, zone, state, stuns, safe, safe_token, bank_token, defended} ],
      "zones": [ {id, name, terrain, effective_terrain, x, y, loose, trap: None|{kind, owner},
                  storm: None|seat, tombs: {guild: treasure}, figurines: [ids]} ],
      "supply": {item: count}, "effects": {"war_cry": {guild: n}, "ambush": [guild]},
      "first_objective_guild": guild | None, "scores": {seat: GP},
      "last": [ {text, kind, data} ],      # public events of the last move (dice in kind "roll"); a
                                           # player placeholder reads "a player" (pictures know no names)
      "last_roll": None | {n, colour, faces, successes},
      "outcome": None | {...}
    }

A treasure is {"gold", "sacred_wood", "moonstone", "amulet", "broom", "tromblon"}; a card is
{"id", "type", "name", "banner", "text"}. `view(state, p)` adds, for p only:
"seat" (p), "hand" [card], "draft" (the open activation draft, window picks, theft picks, keep choice)
and "drawn" [card] (the cards of p's last draw).
"""

from __future__ import annotations

from typing import Any

from engine.associates import board
from engine.associates.cards import card_dict, card_guild
from engine.associates.components import GUILD_INFO, KIND_STATS, NEUTRAL, fig_name
from engine.associates.dice import successes
from engine.associates.scoring import scores
from engine.associates.state import (
    Draft,
    State,
    effective_terrain,
    figs_in_zone,
    guild_threshold,
    is_defended,
    seat_order,
)
from engine.core import state_tree
from engine.core.decisions import Decision
from engine.core.names import fill_names


def public_view(s: State, pending: list[Decision]) -> dict[str, Any]:
    """Everything anyone may see (§16)."""
    guilds = []
    sc = scores(s) if s.phase != "guild" else {}
    for seat, p in enumerate(s.players):
        g = p.guild
        guilds.append({
            "seat": seat, "guild": g, "title": GUILD_INFO[g]["title"] if g else None,
            "colour": GUILD_INFO[g]["colour"] if g else None,
            "hand_size": len(p.hand), "deck_size": len(p.deck),
            "discard": [card_dict(c) for c in p.discard],
            "in_play": [card_dict(c) for c in s.played + s.violet if g and card_guild(c) == g],
            "objectives": p.objectives, "threshold": guild_threshold(s, g) if g else None,
            "reserve_gold": p.reserve_gold, "designated": p.designated,
            "last_objective_lair": p.last_objective_lair,
            "score": sc[seat]["total"] if seat in sc else 0,
        })
    figs = [{"id": f, "name": fig_name(f), **{k: v for k, v in state_tree.dump(d).items() if k != "treasure"},
             "treasure": dict(d.treasure),
             "spaces": KIND_STATS[d.kind]["spaces"]} for f, d in s.figs.items()]
    lairs = [{"guild": g, "zone": lair.zone, "state": lair.state, "stuns": lair.stuns,
              "safe": dict(lair.safe), "safe_token": bool(lair.safe_token),
              "bank_token": bool(lair.bank_token), "defended": g != NEUTRAL and is_defended(s, g)}
             for g, lair in s.lairs.items()]
    zones = []
    for z in board.zone_ids():
        zs = s.zones[z]
        rec = board.zone(z)
        trap = zs.trap
        zones.append({
            "id": z, "name": rec["name"], "terrain": rec["terrain"], "effective_terrain": effective_terrain(s, z),
            "x": rec["x"], "y": rec["y"], "loose": dict(zs.loose),
            "trap": None if trap is None else {"kind": trap.kind, "owner": trap.card.split("-")[1]},
            "storm": zs.storm, "tombs": {g: dict(t) for g, t in zs.tombs.items()},
            "figurines": figs_in_zone(s, z) if s.figs else [],
        })
    window = None
    res = s.res
    if res is not None:
        dice = None
        if res.faces:
            dice = {"n": res.n, "colour": res.colour, "faces": list(res.faces),
                    "successes": successes(res.faces, res.colour)}
        window = {"stage": res.stage, "type": res.type, "actor": res.actor, "target": res.target,
                  "defender": res.defender, "dice": dice, "rerolled": res.rerolled,
                  "allowance": res.allowance}
    last_roll = None
    for e in s.last:
        if e["kind"] == "roll":
            last_roll = {k: e["data"][k] for k in ("n", "colour", "faces", "successes")}
    active = s.active
    return {
        "game": "associates", "players": s.n, "round": s.turn, "turn": s.turn, "phase": s.phase,
        "mode": s.options.mode, "figurines_per_guild": s.options.figurines,
        "turn_cap": s.options.turn_cap,
        "first_player": s.first_player,
        "pending": sorted({d.player for d in pending}),
        "pending_kinds": {str(d.player): d.kind.value for d in pending},
        "visited": seat_order(s)[s.visit] if s.phase == "activation" else None,
        "active": None if active is None else {"player": active.player, "figurine": active.fig,
                                               "actions_left": active.actions},
        "window": window,
        "guilds": guilds, "figurines": figs, "lairs": lairs, "zones": zones,
        # player -> guild title, the engine-wide key messages use to name a player's side
        "factions": {str(g["seat"]): g["title"] for g in guilds if g["title"]},
        "faction_ids": {str(g["seat"]): [g["guild"]] for g in guilds if g["title"]},
        "supply": dict(s.supply), "effects": {"war_cry": dict(s.effects.war_cry),
                                                 "ambush": list(s.effects.ambush)},
        "first_objective_guild": s.first_objective_guild,
        "scores": {str(seat): b["total"] for seat, b in sc.items()},
        "last": [_unnamed(e) for e in s.last], "last_roll": last_roll,
        "outcome": None,
    }


def _unnamed(event: dict[str, Any]) -> dict[str, Any]:
    """A stored event for pictures: player placeholders (`{p2}`) become "a player", never raw tokens."""
    text = fill_names(str(event["text"]), {})
    return {**event, "text": text[:1].upper() + text[1:]}


def draft_view(draft: Draft) -> dict[str, Any]:
    """An action being built as its owner sees it: `forge` shown only on a Craft made with Forge."""
    out: dict[str, Any] = {"kind": draft.kind, "source": draft.source, "steps": list(draft.steps)}
    if draft.forge:
        out["forge"] = True
    return out


def private_part(s: State, seat: int) -> dict[str, Any]:
    """What only `seat` may see: hand, drafts, last draw."""
    p = s.players[seat]
    draft: dict[str, Any] | None = None
    if s.active is not None and s.active.player == seat and s.draft is not None:
        draft = {"activation": draft_view(s.draft)}
    res = s.res
    if res is not None and res.picks and (res.asked == seat or
                                         (res.stage == "choose" and res.player == seat)):
        draft = {**(draft or {}), "picks": list(res.picks)}
    if p.keep is not None:
        draft = {**(draft or {}), "keep": list(p.keep.kept), "keep_done": p.keep.done}
    return {
        "seat": seat,
        "hand": [card_dict(c) for c in p.hand],
        "draft": draft,
        "drawn": [card_dict(c) for c in p.drawn],
    }
