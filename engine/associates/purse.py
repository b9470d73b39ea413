"""Spending a guild's gold (R-A47): what it may spend, and taking it in the 12.4 order."""

from __future__ import annotations

from engine.associates.state import State, figs_of, in_play, lair_intact


def spendable_gold(s: State, guild: str) -> int:
    """Gold a guild may spend (R-A47): safe, figurines in play, reserve."""
    total = int(s.lairs[guild].safe["gold"]) if lair_intact(s, guild) else 0
    total += sum(int(s.figs[f].treasure["gold"]) for f in figs_of(s, guild) if in_play(s, f))
    seat = next(i for i, p in enumerate(s.players) if p.guild == guild)
    return total + int(s.players[seat].reserve_gold)


def spend_gold(s: State, guild: str, amount: int) -> int:
    """Take `amount` GP: safe, then figurines in roster order, then reserve (12.4); returns paid."""
    paid = 0
    sources: list[dict[str, int]] = []
    if lair_intact(s, guild):
        sources.append(s.lairs[guild].safe)
    sources += [s.figs[f].treasure for f in figs_of(s, guild) if in_play(s, f)]
    for src in sources:
        k = min(amount - paid, src["gold"])
        src["gold"] -= k
        paid += k
    seat = next(i for i, p in enumerate(s.players) if p.guild == guild)
    k = min(amount - paid, int(s.players[seat].reserve_gold))
    s.players[seat].reserve_gold -= k
    return paid + k
