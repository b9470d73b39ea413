"""What a defender may answer in each reaction window (W1 before the roll, W2 after it, W3 at an elimination).

The resolution asks whether a window opens at all; the reactions module offers and checks the cards.
"""

from __future__ import annotations

from typing import Final

from engine.associates.cards import card_type
from engine.associates.components import guild_of, treasure_size
from engine.associates.purse import spendable_gold
from engine.associates.state import (
    Res,
    State,
    figs_of,
    guild_at,
    is_defended,
    mode,
    power_works,
    zone_of,
)
from engine.core.phrases import phrase

NO_REACTION = "No reaction."
NO_REACTION_SAID: Final = phrase("reaction.none")  # the words of NO_REACTION in any language


def _hand(s: State, seat: int) -> list[str]:
    return list(s.players[seat].hand)


def w1_addable(s: State, res: Res, picks: list[str] | None = None) -> list[str]:
    """Cards the defender may still add to the W1 submission (`picks` defaults to the current draft)."""
    seat = res.defending()
    picks = res.picks if picks is None else picks
    if any(card_type(c) == "bribe" for c in picks):
        return []  # Bribe must be alone
    out = []
    seen_alarm = any(card_type(c) == "alarm" for c in picks)
    for c in _hand(s, seat):
        if c in picks:
            continue
        t = card_type(c)
        ok_alarm = t == "alarm" and not seen_alarm and alarm_ok(s, res)
        ok_bribe = t == "bribe" and not picks and spendable_gold(s, guild_at(s, seat)) >= 2
        if t == "protection" or ok_alarm or ok_bribe:
            out.append(c)
    return out


def alarm_ok(s: State, res: Res) -> bool:
    """Alarm: a lair target not Defended, not Siege/Burglary, not even-simpler (§11.3)."""
    return ("lair" in res.target and not is_defended(s, res.target["lair"])
            and res.source not in ("siege", "burglary") and mode(s) != "even_simpler")


def has_w1(s: State, res: Res) -> bool:
    """Whether the defender has any W1 response."""
    return bool(w1_addable(s, res, []))


def malin_gnomes(s: State, res: Res) -> list[str]:
    """Gnomes of the defending guild able to Malin this roll (3.1, R-A6)."""
    if res.rerolled:
        return []
    g = guild_at(s, res.defending())
    return [f for f in figs_of(s, g)
            if s.figs[f].kind == "gnome" and power_works(s, f) and not s.figs[f].malin_used]


def w2_addable(s: State, res: Res) -> list[str]:
    """Shields the defender may still add (Combat only, R-A37)."""
    if res.type != "combat":
        return []
    return [c for c in _hand(s, res.defending()) if card_type(c) == "shield" and c not in res.picks]


def has_w2(s: State, res: Res) -> bool:
    """Whether the defender can Malin or Shield this roll."""
    shields = res.type == "combat" and any(card_type(c) == "shield" for c in _hand(s, res.defending()))
    return bool(malin_gnomes(s, res)) or shields


def tomb_cards(s: State, fig: str) -> list[str]:
    """Tomb cards the owner may play for this elimination (non-empty treasure, token available)."""
    g = guild_of(fig)
    seat = next(i for i, p in enumerate(s.players) if p.guild == g)
    f = s.figs[fig]
    if treasure_size(f.treasure) == 0:
        return []
    if s.supply["tomb"] <= 0 and g not in s.zones[zone_of(s, fig)].tombs:
        return []
    return [c for c in _hand(s, seat) if card_type(c) == "tomb"][:1]


def has_w3(s: State, fig: str) -> bool:
    """Whether the owner of a figurine about to be eliminated can play Tomb."""
    return bool(tomb_cards(s, fig))
