"""Crafting (§7.4, R-A49) and the Forge card's pooled crafting."""

from __future__ import annotations

from engine.associates import words
from engine.associates.actions.common import active_fig
from engine.associates.components import ARTEFACTS, ITEM_NAMES, RECIPES, fig_name, guild_of
from engine.associates.context import Ctx
from engine.associates.missions import add_objective
from engine.associates.state import (
    State,
    figs_in_zone,
    zone_of,
)
from engine.associates.words import Clause
from engine.core.actions import Action
from engine.core.errors import IllegalAction
from engine.core.phrases import phrase


def craft_action(action_id: str, artefact: str) -> Action:
    """The choice to craft `artefact`, as the activation's menu and the Forge's recipe step offer it."""
    return Action(action_id, f"Craft a {ITEM_NAMES[artefact]}", phrase("label.craft", item=words.crafted(artefact)))


def pool_figs(s: State, forge: bool) -> list[str]:
    """Figurines whose components may be spent: the crafter, plus friends in its zone with Forge."""
    fig = active_fig(s)
    if not forge:
        return [fig]
    zone = zone_of(s, fig)
    return [fig] + [f for f in figs_in_zone(s, zone) if f != fig and guild_of(f) == guild_of(fig)]


def feasible(s: State, artefact: str, forge: bool) -> bool:
    """Components available (own, or pooled with Forge) and the artefact supply not empty."""
    if artefact not in RECIPES or s.supply[artefact] <= 0:
        return False
    figs = pool_figs(s, forge)
    return all(sum(s.figs[f].treasure[c] for f in figs) >= k for c, k in RECIPES[artefact].items())


def check(s: State, artefact: str, forge: bool) -> None:
    """The precise §17.12 rejection."""
    if artefact not in ARTEFACTS:
        raise IllegalAction("Unknown recipe: amulet (2 Moonstone), broom (2 Sacred Wood) or tromblon (1 + 1).",
                            "E_UNKNOWN_RECIPE", phrase=phrase("refusal.unknown-recipe-amulet"))
    if s.supply[artefact] <= 0:
        raise IllegalAction(f"No {ITEM_NAMES[artefact]} is left in the supply.", "E_SUPPLY_EMPTY",
                            phrase=phrase("refusal.supply-empty", item=words.item(artefact)))
    if not feasible(s, artefact, forge):
        raise IllegalAction(f"The crafting figurine itself must hold the components of a {ITEM_NAMES[artefact]}"
                            + (" (Forge: with friends in its zone)." if forge else " (Forge lifts this)."),
                            "E_MISSING_COMPONENTS",
                            phrase=phrase("refusal.components-forge", item=words.item(artefact)) if forge
                            else phrase("refusal.components", item=words.item(artefact)))


def craft(ctx: Ctx, artefact: str, forge: bool) -> None:
    """Spend the components (crafter first) and give the artefact to the active figurine."""
    s = ctx.s
    fig = active_fig(s)
    for comp, k in RECIPES[artefact].items():
        need = k
        for f in pool_figs(s, forge):
            take = min(need, s.figs[f].treasure[comp])
            s.figs[f].treasure[comp] -= take
            s.supply[comp] += take
            need -= take
    s.supply[artefact] -= 1
    s.figs[fig].treasure[artefact] += 1
    ctx.say(f"{fig_name(fig)} crafts a {ITEM_NAMES[artefact]}.", "craft",
            phrase=phrase("craft.done", figurine=words.figurine(fig), artefact=words.crafted(artefact)), figurine=fig,
            artefact=artefact)
    if guild_of(fig) == "artisans":
        add_objective(ctx, "artisans", fig, Clause(f"Manufacture: {ITEM_NAMES[artefact]}",  # R-A24
                                                   phrase("objective.manufacture", artefact=words.item(artefact))))
