"""Reaction windows W1/W2/W3 of the defender (§12, R-A35-R-A37): what is legal, and submitting.

A window is a small private draft: each card is added one step at a time ("r:<card>"), then
"confirm" submits the whole list; "pass" (always legal) submits nothing; "malin:<gnome>" is its
own submission in W2.
"""

from __future__ import annotations

from engine.associates import resolution as rz
from engine.associates import words
from engine.associates.cards import card_name, card_type
from engine.associates.components import GUILD_INFO, fig_name
from engine.associates.context import Ctx
from engine.associates.ids import PASS_ID, Command, Confirm, Malin, Pass, Play, React, Undo
from engine.associates.purse import spend_gold
from engine.associates.state import (
    Res,
    State,
    guild_at,
    mode,
    resolving,
)
from engine.associates.windows import NO_REACTION, NO_REACTION_SAID, malin_gnomes, tomb_cards, w1_addable, w2_addable
from engine.core.actions import CONFIRM_ID, UNDO_ID, Action
from engine.core.errors import IllegalAction
from engine.core.phrases import listed, phrase

__all__ = ["PASS_ID"]


# -- legal actions and apply ------------------------------------------------------------------

def pass_action() -> Action:
    """'pass': no reaction, as the window and its timeout offer it."""
    return Action(PASS_ID, "No reaction (pass)", phrase("label.pass"))


def legal(s: State) -> list[Action]:
    """The asked player's options in the open window."""
    res = resolving(s)
    stage = res.stage
    out: list[Action] = [pass_action()]
    if stage == "w1":
        for c in w1_addable(s, res):
            out.append(Action(f"r:{c}", f"Add {card_name(c)} to your reaction",
                              phrase("label.react", card=words.card(c))))
    elif stage == "w2":
        if not res.picks:
            for g in malin_gnomes(s, res):
                out.append(Action(f"malin:{g}", f"Malin: {fig_name(g)} makes the attacker re-roll",
                                  phrase("label.malin", figurine=words.figurine(g))))
        for c in w2_addable(s, res):
            out.append(Action(f"r:{c}", f"Add {card_name(c)} (-2 successes)",
                              phrase("label.react-after-roll", card=words.card(c))))
    elif stage == "w3":
        for c in tomb_cards(s, res.dying()):
            out.append(Action(f"r:{c}", f"Play {card_name(c)}: keep the treasure under your Tomb",
                              phrase("label.tomb", card=words.card(c))))
        return out
    if res.picks:
        out.append(Action(CONFIRM_ID, "Submit: " + ", ".join(card_name(c) for c in res.picks),
                          phrase("label.submit", cards=listed(words.card(c) for c in res.picks))))
        out.append(Action(UNDO_ID, "Remove the last card", phrase("label.remove-card")))
    return out


def _play(ctx: Ctx, cards: list[str], seat: int) -> None:
    s = ctx.s
    for c in cards:
        s.players[seat].hand.remove(c)
        s.played.append(c)


def check(s: State, seat: int, cmd: Command) -> None:
    """The §17.13 refusal of a window step, if any."""
    res = resolving(s)
    stage = res.stage
    match cmd:
        case Pass():
            return
        case Undo():
            if not res.picks:
                raise IllegalAction("Nothing to undo. You can add a reaction card or pass.", "E_NOTHING_TO_UNDO",
                                    phrase=phrase("refusal.nothing-undo-add"))
        case Confirm():
            if not res.picks:
                raise IllegalAction("Nothing selected. Add a card, or pass.", "E_EMPTY_SUBMISSION",
                                    phrase=phrase("refusal.nothing-selected-add"))
        case Malin(gnome):
            if stage != "w2" or res.picks or gnome not in malin_gnomes(s, res):
                raise IllegalAction("Malin is not available now: it needs your unused Gnome in play, after an "
                                    "adverse roll against you, once per roll. You can pass.", "E_MALIN",
                                    phrase=phrase("refusal.malin-not-available"))
        case React(card):
            _check_card(s, seat, res, card)
        case Play():
            raise IllegalAction("White, violet and red cards are played only in your own activation; here you may "
                                "react with the listed cards or pass.", "E_NOT_IN_ACTIVATION",
                                phrase=phrase("refusal.white-violet-red"))
        case _:
            raise IllegalAction("That is not a reaction. You can add a listed card, submit, or pass.",
                                "E_UNKNOWN_ACTION", phrase=phrase("refusal.not-reaction-add"))


def _check_card(s: State, seat: int, res: Res, card: str) -> None:
    if card not in s.players[seat].hand:
        raise IllegalAction("That card is not in your hand.", "E_CARD_NOT_IN_HAND",
                            phrase=phrase("refusal.card-not-hand"))
    t = card_type(card)
    stage = res.stage
    if stage == "w1":
        if t not in ("protection", "alarm", "bribe"):
            raise IllegalAction(f"{card_name(card)} cannot be played before the roll; W1 allows Protection, "
                                "Alarm or Bribe.", "E_WRONG_WINDOW",
                                phrase=phrase("refusal.not-before-roll", card=words.card(card)))
        if card not in w1_addable(s, res):
            raise _w1_reason(s, res, card)
    elif stage == "w2":
        if t != "shield":
            raise IllegalAction(f"{card_name(card)} cannot be played after the roll; W2 allows Malin or Shield.",
                                "E_WRONG_WINDOW", phrase=phrase("refusal.not-after-roll", card=words.card(card)))
        if res.type != "combat":
            raise IllegalAction("Shield works only against a Combat, not a Theft. You can pass.", "E_SHIELD_THEFT",
                                phrase=phrase("refusal.shield-works-against"))
        if card in res.picks:
            raise IllegalAction("That Shield is already in your reaction.", "E_DUPLICATE",
                                phrase=phrase("refusal.shield-already-reaction"))
    else:
        if t != "tomb":
            raise IllegalAction("Only Tomb can be played when your figurine is eliminated. You can pass.",
                                "E_WRONG_WINDOW", phrase=phrase("refusal.tomb-played-when"))
        if card not in tomb_cards(s, res.dying()):
            raise IllegalAction("Tomb needs a treasure to keep and a Tomb token. You can pass.", "E_TOMB",
                                phrase=phrase("refusal.tomb-needs-treasure"))


def apply(ctx: Ctx, seat: int, cmd: Command) -> None:
    """Apply one window step; raises IllegalAction (E_*) for anything not allowed."""
    s = ctx.s
    check(s, seat, cmd)
    res = resolving(s)
    stage = res.stage
    match cmd:
        case Pass():
            ctx.say(NO_REACTION, "reaction", phrase=NO_REACTION_SAID, window=stage.upper())
            res.picks = []
            _close(ctx, stage, [])
        case Undo():
            res.picks.pop()
        case Confirm():
            picks = list(res.picks)
            res.picks = []
            _close(ctx, stage, picks)
        case Malin(gnome):
            rz.malin_reroll(ctx, gnome)
        case React(card) if stage == "w3":
            _play(ctx, [card], seat)
            ctx.say(f"{GUILD_INFO[guild_at(s, seat)]['title']} play Tomb.", "reaction",
                    phrase=phrase("reaction.tomb", guild=words.guild(guild_at(s, seat)), card=words.card(card)),
                    window="W3", cards=[card])
            rz.finish_elimination(ctx, card)
        case React(card):
            res.picks.append(card)


def _w1_reason(s: State, res: Res, card: str) -> IllegalAction:
    t = card_type(card)
    if t == "bribe":
        if res.picks:
            return IllegalAction("Bribe must be the only card of the reaction.", "E_BRIBE_ALONE",
                                 phrase=phrase("refusal.bribe-must-card"))
        return IllegalAction("Bribe needs 2 GP (figurines, safe and reserve together). You can pass.",
                             "E_NOT_ENOUGH_GOLD", phrase=phrase("refusal.bribe-needs-2"))
    if t == "alarm":
        if "lair" not in res.target:
            return IllegalAction("Alarm protects your lair only.", "E_ALARM",
                                 phrase=phrase("refusal.alarm-protects-lair"))
        if res.source in ("siege", "burglary"):
            return IllegalAction("Alarm cannot answer a Siege or a Burglary. You can play Protection or pass.",
                                 "E_ALARM_SIEGE", phrase=phrase("refusal.alarm-cannot-answer"))
        if mode(s) == "even_simpler":
            return IllegalAction("Alarm is not used in even-simpler mode.", "E_ALARM",
                                 phrase=phrase("refusal.alarm-not-used"))
        return IllegalAction("Alarm only works on a lair that is not already Defended. You can pass.",
                             "E_ALARM_DEFENDED", phrase=phrase("refusal.alarm-works-lair"))
    return IllegalAction("Another card already fills that role (Bribe must be alone).", "E_BRIBE_ALONE",
                         phrase=phrase("refusal.another-card-already"))


def _close(ctx: Ctx, stage: str, picks: list[str]) -> None:
    s = ctx.s
    res = resolving(s)
    seat = res.asked
    assert seat is not None, "no window is open"
    res.asked = None
    if stage == "w3":
        rz.finish_elimination(ctx, None)
        return
    if picks:
        _play(ctx, picks, seat)
        ctx.say("Reaction: " + ", ".join(card_name(c) for c in picks) + ".", "reaction",
                phrase=phrase("reaction.cards", cards=listed(map(words.card, picks))), window=stage.upper(),
                cards=list(picks))
    if stage == "w1":
        if any(card_type(c) == "bribe" for c in picks):
            paid = spend_gold(s, guild_at(s, seat), 2)
            s.figs[res.attacker()].treasure["gold"] += paid  # R-A55
            ctx.say(f"Bribe: {paid} GP paid to {fig_name(res.attacker())}; the action is cancelled.", "bribe",
                    phrase=phrase("reaction.bribe", gold=paid, actor=words.figurine(res.attacker())), gold=paid)
            s.res = None
            return
        res.protections = sum(1 for c in picks if card_type(c) == "protection")
        res.alarm = any(card_type(c) == "alarm" for c in picks)
        rz.do_roll(ctx)
        return
    res.shields += sum(1 for c in picks if card_type(c) == "shield")
    rz.apply_roll(ctx)
