"""Objectives, mission rewards and their gold destination (§4, §13.3, R-A21..R-A26, R-A43)."""

from __future__ import annotations

from engine.associates import words
from engine.associates.components import GUILD_INFO, SECONDARY_GP, fig_name, guild_of
from engine.associates.context import Ctx
from engine.associates.state import figs_of, in_play, lair_intact, seat_of
from engine.associates.words import Clause
from engine.core.phrases import phrase


def pay_reward(ctx: Ctx, guild: str, amount: int, acting_fig: str | None) -> Clause:
    """Mint `amount` GP for `guild` to where R-A26 says; returns where it went, in words."""
    s = ctx.s
    if amount <= 0:
        return Clause("nowhere", phrase("reward.nowhere"))
    s.gold_minted += amount
    # R-A26: acting figurine, intact lair safe, first figurine in play, reserve.
    if acting_fig and guild_of(acting_fig) == guild and in_play(s, acting_fig):
        s.figs[acting_fig].treasure["gold"] += amount
        return Clause(fig_name(acting_fig), words.figurine(acting_fig))
    if lair_intact(s, guild):
        s.lairs[guild].safe["gold"] += amount
        return Clause(f"the {GUILD_INFO[guild]['title']} safe", phrase("reward.safe", guild=words.guild(guild)))
    for f in figs_of(s, guild):
        if in_play(s, f):
            s.figs[f].treasure["gold"] += amount
            return Clause(fig_name(f), words.figurine(f))
    seat = seat_of(s, guild)
    assert seat is not None
    s.players[seat].reserve_gold += amount
    return Clause(f"the {GUILD_INFO[guild]['title']} reserve", phrase("reward.reserve", guild=words.guild(guild)))


def add_objective(ctx: Ctx, guild: str, acting_fig: str | None, why: Clause) -> None:
    """Record one Objective for `guild` and pay its main-mission reward (R-A25, R-A43, R-A53)."""
    s = ctx.s
    seat = seat_of(s, guild)
    if seat is None:
        return
    player = s.players[seat]
    player.objectives += 1  # R-A53: Objectives keep counting past the threshold
    player.objective_turns.append(s.turn)
    if s.first_objective_guild is None:
        s.first_objective_guild = guild  # R-A43: events resolve one at a time
    reward = int(GUILD_INFO[guild]["reward"])  # type: ignore[call-overload]  # GUILD_INFO values are typed object; reward is an int  # R-A25
    dest = pay_reward(ctx, guild, reward, acting_fig)
    said = phrase("objective.gained", guild=words.guild(guild), why=why.said, objectives=player.objectives,
                  gold=reward, destination=dest.said)
    ctx.say(f"{GUILD_INFO[guild]['title']} gain an Objective ({why.text}) — now {player.objectives}; "
            f"+{reward} GP to {dest.text}.", "objective", phrase=said, guild=guild, objectives=player.objectives,
            gold=reward)


def secondary(ctx: Ctx, guild: str, acting_fig: str | None, why: Clause) -> None:
    """Pay a secondary-mission reward (§4.2)."""
    if seat_of(ctx.s, guild) is None:
        return
    amount = SECONDARY_GP[guild]
    dest = pay_reward(ctx, guild, amount, acting_fig)
    said = phrase("reward.secondary", mission=words.secondary(guild), gold=amount, destination=dest.said,
                  why=why.said)
    ctx.say(f"{GUILD_INFO[guild]['secondary']}: +{amount} GP to {dest.text} ({why.text}).", "reward", phrase=said,
            guild=guild, gold=amount)


def record_stun(ctx: Ctx, target: str, source_guild: str, actor: str | None) -> None:
    """Debts (R-A21): a Usurers source stunned a figurine of the designated guild."""
    s = ctx.s
    if source_guild != "usurers":
        return
    seat = seat_of(s, "usurers")
    if seat is None:
        return
    if guild_of(target) != s.players[seat].designated or target in s.debts_counted:
        return
    s.debts_counted.append(target)
    # R-A26 / G-4: the attacker, else safe
    add_objective(ctx, "usurers", actor, Clause(f"Debts: stunned the {fig_name(target)}",
                                                phrase("objective.debts", figurine=words.figurine(target))))


def sow_terror(ctx: Ctx, lair_guild: str, actor: str | None) -> None:
    """R-A23: any destroyed lair but the Brigands' own gives them an Objective (R-A26: to the destroyer if theirs)."""
    if lair_guild != "brigands" and seat_of(ctx.s, "brigands") is not None:
        why = Clause(f"Sow Terror: {lair_guild} lair destroyed",
                     phrase("objective.sow-terror", lair=words.mission_lair(lair_guild)))
        add_objective(ctx, "brigands", actor, why)


def thieves_theft(ctx: Ctx, thief: str, lair_guild: str, success: bool) -> None:
    """R-A22: a successful Theft on a lair other than the last Objective lair scores."""
    s = ctx.s
    seat = seat_of(s, "thieves")
    if seat is None or not success:
        return
    player = s.players[seat]
    lair_zone = s.lairs[lair_guild].zone
    if player.last_objective_lair == lair_zone:
        ctx.say("Neither Seen Nor Known: same lair as the last Objective, no Objective.",
                phrase=phrase("objective.same-lair"))
        return
    player.last_objective_lair = lair_zone
    add_objective(ctx, "thieves", thief, Clause(f"Neither Seen Nor Known: robbed the {lair_guild} lair",
                                                phrase("objective.robbed", lair=words.mission_lair(lair_guild))))
