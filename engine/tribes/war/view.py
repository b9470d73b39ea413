"""The public "war" key of the Tribes view (docs: tribes_design.md): never a sealed choice."""

from __future__ import annotations

from typing import Any

from engine.tribes.cards import card_name
from engine.tribes.state import TribesState


def war_view(state: TribesState) -> dict[str, Any] | None:
    """The active player's war as everyone may see it, or None outside a war step.

    Attacks and supports appear once the plan is confirmed (public from then on); the defence once
    every defender has confirmed; cards, airlifts and Flak only after the reveal.
    """
    war = state.war
    if war is None:
        return None
    view: dict[str, Any] = {"active": war.active, "attacks": [], "supports": []}
    if not war.plan_done:
        return view
    view["attacks"] = [
        {"id": a.id, "source": a.source, "target": a.target, "armies": a.armies, "mode": a.mode,
         "card_name": card_name(a.card) if a.card else None, "defender": a.defender,
         "void": a.void, "result": a.result or None}
        for a in war.attacks
    ]
    view["supports"] = [{"territory": s.territory, "count": s.count, "attack": s.attack} for s in war.supports]
    if war.defence and all(d.done for d in war.defence.values()):
        view["defence"] = [
            {"player": p, "territory": s.territory, "count": s.count, "attack": s.attack}
            for p, d in war.defence.items() for s in d.supports
        ]
    if war.revealed:
        view["cards_played"] = {str(p): [card_name(c) for c in cards] for p, cards in war.played.items()}
        view["airlifts"] = [
            {"player": p, "card_name": card_name(lift.card), "source": lift.source, "count": lift.count,
             "attack": lift.attack, "cancelled": lift.card in war.cancelled}
            for p, d in war.cards.items() for lift in d.lifts
        ]
        view["cancelled"] = [card_name(c) for c in war.cancelled]
    return view
