"""Combat strength (§8.6 standard, §8.7 Gnomicide) of one attack, from the fixed plan, defence and cards."""

from __future__ import annotations

from dataclasses import dataclass

from engine.tribes.cards import FOG, card_of, weapon_bonus
from engine.tribes.state import TribesState
from engine.tribes.war.common import board, tribe_of
from engine.tribes.war_state import Attack, War


@dataclass(frozen=True, slots=True)
class Strength:
    """Both sides of one combat: totals and the parts the narration names."""

    att: int
    dfn: int
    att_support: int
    def_support: int

    @property
    def margin(self) -> int:
        """ATT − DEF."""
        return self.att - self.dfn


def live_cards(war: War, player: int | None) -> list[str]:
    """The cards `player` played in this phase that Flak did not cancel."""
    if player is None:
        return []
    return [c for c in war.played.get(player, []) if c not in war.cancelled]


def _fog(war: War, player: int | None) -> bool:
    return any(card_of(c).kind == FOG for c in live_cards(war, player))


def attacker_support(war: War, attack: Attack) -> int:
    """The active player's support and live airlifts for `attack` (before Gnomfog)."""
    lifts = war.cards.get(war.active)
    return sum(s.count for s in war.supports if s.attack == attack.id) + sum(
        lift.count for lift in (lifts.lifts if lifts else []) if lift.attack == attack.id
        and lift.card not in war.cancelled
    )


def defender_support(war: War, attack: Attack) -> int:
    """The defender's compulsory support and live airlifts for `attack` (before Gnomfog)."""
    if attack.defender is None:
        return 0
    draft = war.defence.get(attack.defender)
    lifts = war.cards.get(attack.defender)
    return sum(s.count for s in (draft.supports if draft else []) if s.attack == attack.id) + sum(
        lift.count for lift in (lifts.lifts if lifts else []) if lift.attack == attack.id
        and lift.card not in war.cancelled
    )


def strength(state: TribesState, war: War, attack: Attack) -> Strength:
    """ATT and DEF of `attack` (R-T29, R-T30, R-T31)."""
    kind = board().type_of(attack.target)
    black = board().territories[attack.target].black
    att_cards = live_cards(war, war.active)
    def_cards = live_cards(war, attack.defender)
    # R-T29: a Gnomfog of one side makes every support army of the other side count 0
    att_support = 0 if _fog(war, attack.defender) else attacker_support(war, attack)
    def_support = 0 if _fog(war, war.active) else defender_support(war, attack)
    att_bonus = sum(weapon_bonus(c, kind) for c in att_cards)  # R-T30: 0 on a city or the Gnomlab
    if black:
        att_bonus += sum(card_of(c).siege for c in att_cards)  # R-T30: siege helps the attacker only
    def_bonus = sum(weapon_bonus(c, kind) for c in def_cards)
    home = 1 if attack.defender is not None and kind == tribe_of(state, attack.defender) else 0
    fort = 1 if black and attack.defending >= 1 else 0  # R-T31: flat, also in Gnomicide
    if state.options.gnomicide:  # §8.7: card and home bonuses count per army standing in the battle
        att = attack.armies * (1 + att_bonus) + att_support
        dfn = attack.defending * (1 + def_bonus + home) + def_support + fort
    else:
        att = attack.armies + att_support + att_bonus
        dfn = attack.defending + def_support + def_bonus + home + fort
    return Strength(att, dfn, att_support, def_support)
