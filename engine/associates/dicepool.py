"""The dice-pool algorithm of §8 as one pure function: how many dice, which colour."""

from __future__ import annotations

from dataclasses import dataclass

from engine.associates.components import KIND_STATS
from engine.associates.dice import darken

# §8: extra dice granted by the source of the action (None = normal action).
CARD_BONUS: dict[str | None, int] = {
    None: 0, "aggressiveness": 1, "petit_malin": 1, "burglary": 1, "bailiff": 1, "siege": 0, "improvisation": 0,
}


@dataclass(frozen=True, slots=True)
class PoolInput:
    """Everything §8 reads, already resolved from the state.

    Terrains are *effective* terrains (§1.2). `target_on_own_lair` is true when
    the target figurine stands on its own guild's intact lair (R-A9).
    """

    action: str  # "combat" | "theft"
    actor_kind: str  # gnome | troll | goblin | fairy
    actor_terrain: str  # effective terrain of the actor's zone
    target_is_lair: bool
    target_terrain: str = "plain"  # effective terrain of the target's zone
    target_on_own_lair: bool = False
    lair_neutral: bool = False
    lair_defended: bool = False
    alarm: bool = False
    source: str | None = None  # card type that started the action, None for a normal action
    war_cries: int = 0
    protections: int = 0
    storms: int = 0  # distinct Storm tokens on the actor's and the target's zones
    mode: str = "standard"


def dice_pool(p: PoolInput) -> tuple[int, str]:
    """(number of dice, colour) of a Combat or Theft roll, per §8."""
    terrain_on = p.mode != "even_simpler"
    stats = KIND_STATS[p.actor_kind]
    # 1. number of dice: from the actor's zone (R-A8)
    n = stats["combat"] if p.action == "combat" else stats["theft"]
    if terrain_on and p.action == "combat" and p.actor_terrain == "hill":
        n += 1
    if terrain_on and p.action == "theft" and p.actor_terrain == "forest":
        n += 1
    if p.action == "combat" and p.target_is_lair and p.actor_kind == "troll":
        n += 1  # Battering Ram
    n += CARD_BONUS.get(p.source, 0)
    if p.action == "combat":
        n += p.war_cries
    # 2. base colour: from the target's zone or lair (R-A8)
    if p.target_is_lair:
        if p.mode == "even_simpler":
            colour = "yellow"  # R-A45
        elif (not p.lair_neutral and p.source not in ("siege", "burglary")
              and (p.lair_defended or p.alarm)):
            colour = "red"
        else:
            colour = "yellow"
    else:
        colour = "green"
        if terrain_on:
            if p.target_on_own_lair:
                colour = "yellow"  # R-A9
            elif (p.action, p.target_terrain) in (("combat", "ruin"), ("theft", "stone_circle")):
                colour = "yellow"
    # 3. darkening: Protection cards and Storm tokens (R-A4)
    return darken(n, colour, p.protections + p.storms)
