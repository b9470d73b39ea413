"""Helpers shared by the action modules: the active figurine, paying an action or a card."""

from __future__ import annotations

from engine.associates import words
from engine.associates.cards import card_name, card_type
from engine.associates.components import guild_title
from engine.associates.context import Ctx
from engine.associates.state import (
    State,
    active_of,
    guild_at,
)
from engine.core.errors import IllegalAction
from engine.core.phrases import phrase

VIOLET = ("trap", "mined_terrain", "safe", "bank")


def active_fig(s: State) -> str:
    """The active figurine's id."""
    return active_of(s).fig


def active_seat(s: State) -> int:
    """The seat whose activation is open."""
    return int(active_of(s).player)


def require_action(s: State) -> None:
    """Reject a normal action when none is left (§17.7)."""
    if active_of(s).actions <= 0:
        raise IllegalAction("This figurine has no action left. You can play cards or end the activation.",
                            "E_NO_ACTIONS_LEFT", phrase=phrase("refusal.figurine-has-no"))


def pay(ctx: Ctx, card: str | None) -> None:
    """Spend one action (normal action) or play the card that grants it (7.6)."""
    s = ctx.s
    if card is None:  # R-A14: card-granted actions are extra and free
        require_action(s)
        active_of(s).actions -= 1
    else:
        play_card(ctx, card)


def play_card(ctx: Ctx, card: str) -> None:
    """Move a card from the active player's hand into play (public); violet cards wait in play (R-A33)."""
    s = ctx.s
    seat = active_seat(s)
    hand = s.players[seat].hand
    if card not in hand:
        raise IllegalAction("That card is not in your hand.", "E_CARD_NOT_IN_HAND",
                            phrase=phrase("refusal.card-not-hand"))
    hand.remove(card)
    (s.violet if card_type(card) in VIOLET else s.played).append(card)
    ctx.say(f"The {guild_title(guild_at(s, seat))} play {card_name(card)}.", "card",
            phrase=phrase("play.card", guild=words.guild(guild_at(s, seat)), card=words.card(card)), seat=seat,
            card=card, type=card_type(card))
