"""Consistency checks of a state: conservation of gold, components, artefacts, tokens and cards."""

from __future__ import annotations

from engine.associates.cards import sorted_deck
from engine.associates.components import ARTEFACTS, COMPONENTS, SUPPLY_TOTALS, roster
from engine.associates.state import (
    State,
    active_of,
    guilds_in_game,
    stats,
)


def _holders(s: State) -> list[dict[str, int]]:
    out = [f.treasure for f in s.figs.values()]
    out += [lair.safe for lair in s.lairs.values()]
    for z in s.zones.values():
        out.append(z.loose)
        out += list(z.tombs.values())
    return out


def check(s: State) -> list[str]:
    """Broken invariants, as messages (empty when sound)."""
    errors: list[str] = []
    if s.phase == "guild":
        return errors
    holders = _holders(s)
    gold = sum(h["gold"] for h in holders) + sum(p.reserve_gold for p in s.players)
    if gold != s.gold_minted:
        errors.append(f"gold not conserved: {gold} on board vs {s.gold_minted} minted")
    for item in (*COMPONENTS, *ARTEFACTS):
        total = sum(h[item] for h in holders) + s.supply[item]
        if total != SUPPLY_TOTALS[item]:
            errors.append(f"{item}: {total} counted, {SUPPLY_TOTALS[item]} expected")
        if s.supply[item] < 0:
            errors.append(f"{item} supply negative")
    if any(v < 0 for h in holders for v in h.values()):
        errors.append("negative treasure count")
    tokens = {
        "trap": sum(1 for z in s.zones.values() if z.trap),
        "storm": sum(1 for z in s.zones.values() if z.storm is not None),
        "tomb": sum(len(z.tombs) for z in s.zones.values()),
        "root": sum(1 for f in s.figs.values() if f.rooted),
        "pumpkin": sum(1 for f in s.figs.values() if f.pumpkin),
        "safe_bank": sum((1 if lair.safe_token else 0) + (1 if lair.bank_token else 0)
                         for lair in s.lairs.values()),
    }
    for name, used in tokens.items():
        if used + s.supply[name] != SUPPLY_TOTALS[name] or s.supply[name] < 0:
            errors.append(f"{name} tokens: {used} used + {s.supply[name]} supply != {SUPPLY_TOTALS[name]}")
    for g in guilds_in_game(s):
        seat = next(i for i, p in enumerate(s.players) if p.guild == g)
        p = s.players[seat]
        expected = list(sorted_deck(g, s.options.mode))
        mine = [c for c in s.played + s.violet if c.split("-")[1] == expected[0].split("-")[1]]
        have = sorted(p.hand + p.deck + p.discard + mine)
        if have != expected:
            errors.append(f"{g}: cards not conserved ({len(have)} of {len(expected)})")
        if s.phase != "keep" and len(p.hand) > 5:
            errors.append(f"{g}: hand of {len(p.hand)} outside keep-5")
        figs = roster(g, s.options.figurines)
        if sorted(f for f in s.figs if s.figs[f].guild == g) != sorted(figs):
            errors.append(f"{g}: wrong figurines")
        for f in figs:
            fig = s.figs[f]
            if fig.zone is None and fig.stuns:
                errors.append(f"{f}: eliminated with stuns")
            dying = s.res is not None and s.res.stage == "w3" and s.res.fig == f
            limit = stats(f)["spaces"] + (1 if dying else 0)  # full while its owner answers W3
            if fig.zone is not None and not 0 <= fig.stuns < limit:
                errors.append(f"{f}: {fig.stuns} stuns out of range")
    for g, lair in s.lairs.items():
        if lair.state == "intact" and not 0 <= lair.stuns < 3:
            errors.append(f"{g} lair: {lair.stuns} stuns")
        if lair.state == "destroyed" and (lair.stuns or sum(lair.safe.values())):
            errors.append(f"{g} lair destroyed but not empty")
    if s.phase == "activation" and s.active is not None:
        if s.figs[s.active.fig].zone is None:
            errors.append("active figurine is off the board")
        if active_of(s).actions < 0:
            errors.append("negative actions left")
    return errors
