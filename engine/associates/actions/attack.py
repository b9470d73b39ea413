"""Declaring Combat and Theft (§7.3, §7.5, §9.1, R-A48, R-A52): the legal targets and their checks."""

from __future__ import annotations

from engine.associates import board, ids, words
from engine.associates.actions.common import active_fig, pay, require_action
from engine.associates.cards import card_type
from engine.associates.components import fig_name, guild_of
from engine.associates.context import Ctx
from engine.associates.resolution import declare
from engine.associates.state import (
    Draft,
    State,
    carries,
    designated,
    figs_in_zone,
    zone_of,
)
from engine.core.actions import Action
from engine.core.errors import IllegalAction
from engine.core.phrases import phrase

LAIR_ONLY = ("siege", "burglary")


def targets(s: State, kind: str, source: str | None) -> list[dict[str, str]]:
    """Legal targets of a Combat/Theft by the active figurine for this source card type."""
    fig = active_fig(s)
    g = guild_of(fig)
    zone = zone_of(s, fig)
    out: list[dict[str, str]] = []
    if source not in LAIR_ONLY:
        zones = [zone]
        if kind == "combat" and carries(s, fig, "tromblon"):
            zones += list(board.adjacent(zone))  # R-A48: figurines only
        for z in zones:
            for f in figs_in_zone(s, z):
                if guild_of(f) != g and (source != "bailiff" or guild_of(f) == designated(s)):
                    out.append({"fig": f})
    if source != "bailiff":  # R-A52: lairs only from their own zone
        for lg, lair in s.lairs.items():
            if lg != g and lair.zone == zone and lair.state == "intact":
                out.append({"lair": lg})
    return out


def target_id(t: dict[str, str]) -> str:
    """Action id of a target step."""
    return ids.target_id(ids.Target(fig=t["fig"]) if "fig" in t else ids.Target(lair=t["lair"]))


def legal(s: State, draft: Draft) -> list[Action]:
    """One step: pick the target (the declaration happens at once)."""
    kind = draft.kind
    source = card_type(draft.source) if draft.source else None
    verb = "Attack" if kind == "combat" else "Rob"
    out = []
    for t in targets(s, kind, source):
        name = fig_name(t["fig"]) if "fig" in t else f"the {t['lair']} lair"
        # Literal ids, so the catalog's extraction finds each one.
        if "fig" in t:
            said = (phrase("label.attack-figurine", figurine=words.figurine(t["fig"])) if kind == "combat"
                    else phrase("label.rob-figurine", figurine=words.figurine(t["fig"])))
        else:
            said = (phrase("label.attack-lair", lair=words.mission_lair(t["lair"])) if kind == "combat"
                    else phrase("label.rob-lair", lair=words.mission_lair(t["lair"])))
        out.append(Action(target_id(t), f"{verb} {name}", said))
    return out


def parse_target(s: State, cmd: ids.Command) -> dict[str, str]:
    """The target a 'tgt:f:<fig>' / 'tgt:l:<guild>' step names, or IllegalAction for anything else."""
    match cmd:
        case ids.Target(fig=str(fig)):
            if fig not in s.figs:
                raise IllegalAction("Unknown figurine.", "E_UNKNOWN_FIGURINE",
                                    phrase=phrase("refusal.unknown-figurine"))
            return {"fig": fig}
        case ids.Target(lair=str(lair)):
            if lair not in s.lairs:
                raise IllegalAction("That lair is not in this game.", "E_NO_SUCH_LAIR",
                                    phrase=phrase("refusal.lair-not-game"))
            return {"lair": lair}
    raise IllegalAction("Choose one of the listed targets.", "E_UNKNOWN_ACTION",
                        phrase=phrase("refusal.choose-one-listed"))


def check_target(s: State, kind: str, source: str | None, t: dict[str, str]) -> None:
    """Raise the precise §17.10 rejection for an illegal target."""
    fig = active_fig(s)
    g = guild_of(fig)
    zone = zone_of(s, fig)
    if t in targets(s, kind, source):
        return
    if "fig" in t:
        other = t["fig"]
        if guild_of(other) == g:
            raise IllegalAction("You cannot target your own guild's figurines.", "E_OWN_TARGET",
                                phrase=phrase("refusal.cannot-target-own"))
        if s.figs[other].zone is None:
            raise IllegalAction("That figurine is not on the board.", "E_OUT_OF_REACH",
                                phrase=phrase("refusal.figurine-not-board"))
        if source in LAIR_ONLY:
            raise IllegalAction("This card targets an adverse lair only.", "E_LAIR_ONLY",
                                phrase=phrase("refusal.card-targets-adverse"))
        if source == "bailiff":
            raise IllegalAction("Bailiff targets a figurine of the guild you designated this turn.", "E_BAILIFF",
                                phrase=phrase("refusal.bailiff-targets-figurine-guild"))
        if kind == "theft" and s.figs[other].zone in board.adjacent(zone):
            raise IllegalAction("A Theft is never made at range, even with a Tromblon.", "E_OUT_OF_REACH",
                                phrase=phrase("refusal.theft-never-made"))
        raise IllegalAction("That figurine is out of reach: same zone only (Tromblon: adjacent zone, Combat).",
                            "E_OUT_OF_REACH", phrase=phrase("refusal.figurine-out-reach"))
    lg = t["lair"]
    if lg == g:
        raise IllegalAction("You never target your own lair; use Transfer on it.", "E_OWN_TARGET",
                            phrase=phrase("refusal.never-target-own"))
    lair = s.lairs[lg]
    if lair.state != "intact":
        raise IllegalAction("That lair is destroyed.", "E_LAIR_DESTROYED", phrase=phrase("refusal.lair-destroyed"))
    if source == "bailiff":
        raise IllegalAction("Bailiff targets a figurine, never a lair.", "E_BAILIFF",
                            phrase=phrase("refusal.bailiff-targets-figurine"))
    if lair.zone in board.adjacent(zone) and kind == "combat" and carries(s, fig, "tromblon"):
        raise IllegalAction("A Tromblon shoots figurines only, never a lair.", "E_TROMBLON_LAIR",
                            phrase=phrase("refusal.tromblon-shoots-figurines"))
    raise IllegalAction("Lairs are attacked or robbed only from their own zone.", "E_OUT_OF_REACH",
                        phrase=phrase("refusal.lairs-attacked-robbed"))


def check_choice(s: State, draft: Draft, cmd: ids.Command) -> dict[str, str]:
    """The target `cmd` names, or its §17.10 refusal (also: no action left to pay, §17.7)."""
    source = card_type(draft.source) if draft.source else None
    t = parse_target(s, cmd)
    check_target(s, draft.kind, source, t)
    if draft.source is None:
        require_action(s)
    return t


def choose(ctx: Ctx, draft: Draft, cmd: ids.Command) -> None:
    """Validate the target, pay, and declare the Combat/Theft."""
    s = ctx.s
    kind = draft.kind
    t = check_choice(s, draft, cmd)
    s.draft = None
    pay(ctx, draft.source)
    declare(ctx, kind, active_fig(s), t, draft.source)
