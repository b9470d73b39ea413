"""Stunned tokens, the Amulet, elimination and lair destruction (§7.3, §7.9, §9.4, §10)."""

from __future__ import annotations

from engine.associates import board, words
from engine.associates.components import GUILD_INFO, ITEMS, empty_treasure, fig_name, guild_of
from engine.associates.context import Ctx
from engine.associates.flow import discard_violet
from engine.associates.missions import record_stun, sow_terror
from engine.associates.state import State, carries, figs_in_zone, stats, zone_of
from engine.associates.words import Clause
from engine.core.phrases import phrase


def amulet_covers(s: State, fig: str) -> bool:
    """An Amulet carried by the figurine or a same-guild figurine in its zone (R-A10, R-A11)."""
    zone = zone_of(s, fig)
    g = guild_of(fig)
    return any(guild_of(o) == g and carries(s, o, "amulet") for o in figs_in_zone(s, zone))


def stun_figure(ctx: Ctx, fig: str, amount: int, source_guild: str | None, cause: Clause,
                actor: str | None = None) -> tuple[int, bool]:
    """One stunning event: Amulet cancels one token (R-A10), tokens fill free spaces.

    Returns (tokens placed, figurine now full). Debts is recorded here (R-A21).
    """
    s = ctx.s
    f = s.figs[fig]
    if amount >= 1 and amulet_covers(s, fig):
        amount -= 1
        ctx.say(f"An Amulet cancels one Stunned token on {fig_name(fig)}.", "amulet",
                phrase=phrase("stun.amulet", figurine=words.figurine(fig)), figurine=fig)
    spaces = stats(fig)["spaces"]
    placed = max(0, min(amount, spaces - f.stuns))  # R-A15: tokens stay; surplus successes are lost
    f.stuns += placed
    if placed:
        said = phrase("stun.placed", n=placed, figurine=words.figurine(fig), cause=cause.said, stuns=f.stuns,
                      spaces=spaces)
        ctx.say(f"{fig_name(fig)} receives {placed} Stunned token(s) ({cause.text}) — {f.stuns}/{spaces}.", "stun",
                phrase=said, figurine=fig, tokens=placed, stuns=f.stuns)
        if source_guild:
            record_stun(ctx, fig, source_guild, actor)
    else:
        ctx.say(f"{fig_name(fig)} receives no Stunned token ({cause.text}).", "stun",
                phrase=phrase("stun.none", figurine=words.figurine(fig), cause=cause.said), figurine=fig, tokens=0,
                stuns=f.stuns)
    return placed, f.stuns >= spaces


def move_treasure(src: dict[str, int], dst: dict[str, int]) -> None:
    """Move a whole treasure into another."""
    for k in ITEMS:
        dst[k] += src[k]
        src[k] = 0


def eliminate(ctx: Ctx, fig: str, tomb_card: str | None) -> None:
    """§7.9 steps 3-4: drop the treasure (or put it under a Tomb), remove the figurine."""
    s = ctx.s
    f = s.figs[fig]
    zone = zone_of(s, fig)
    g = guild_of(fig)
    if tomb_card is not None:
        tombs = s.zones[zone].tombs
        if g not in tombs:
            s.supply["tomb"] -= 1
            tombs[g] = empty_treasure()
        move_treasure(f.treasure, tombs[g])
        ctx.say(f"{fig_name(fig)}'s treasure goes under the {GUILD_INFO[g]['title']} Tomb on "
                f"{board.zone_name(zone)}.", "tomb",
                phrase=phrase("tomb.treasure", figurine=words.figurine(fig), guild=words.guild(g),
                              zone=words.zone(zone)))
    else:
        move_treasure(f.treasure, s.zones[zone].loose)
    f.zone = None
    f.stuns = 0
    f.eliminated_this_turn = True
    if f.rooted:
        f.rooted = False
        s.supply["root"] += 1
    if f.pumpkin:
        f.pumpkin = False
        s.supply["pumpkin"] += 1
    ctx.say(f"{fig_name(fig)} is eliminated on {board.zone_name(zone)}.", "eliminated",
            phrase=phrase("elimination.done", figurine=words.figurine(fig), zone=words.zone(zone)), figurine=fig,
            zone=zone)


def destroy_lair(ctx: Ctx, guild: str, actor: str | None) -> None:
    """§9.4 / R-A18: the lair is destroyed for good and its safe spills loose."""
    s = ctx.s
    lair = s.lairs[guild]
    lair.state = "destroyed"
    lair.stuns = 0
    move_treasure(lair.safe, s.zones[lair.zone].loose)  # R-A18
    for card in (lair.safe_token, lair.bank_token):
        if card:
            s.supply["safe_bank"] += 1
            discard_violet(ctx, card)
    lair.safe_token = lair.bank_token = None
    title = "neutral" if guild == "neutral" else GUILD_INFO[guild]["title"]
    ctx.say(f"The {title} lair is destroyed; its safe spills onto {board.zone_name(lair.zone)}.",
            "lair_destroyed", phrase=phrase("destroyed.lair", lair=words.lair(guild), zone=words.zone(lair.zone)),
            guild=guild)
    sow_terror(ctx, guild, actor)
