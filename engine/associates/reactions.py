"""Reaction windows W1/W2/W3 of the defender (§12, R-A35-R-A37): what is legal, and submitting.

A window is a small private draft: each card is added one step at a time ("r:<card>"), then
"confirm" submits the whole list; "pass" (always legal) submits nothing; "malin:<gnome>" is its
own submission in W2.
"""

from __future__ import annotations

from typing import Any

from engine.associates.cards import card_name, card_type
from engine.associates.components import GUILD_INFO, fig_name, guild_of, treasure_size
from engine.associates.context import Ctx
from engine.associates.state import State, figs_of, guild_at, in_play, is_defended, lair_intact, mode, power_works
from engine.core.actions import CONFIRM_ID, UNDO_ID, Action
from engine.core.errors import IllegalAction

PASS_ID = "pass"


def spendable_gold(s: State, guild: str) -> int:
    """Gold a guild may spend (R-A47): safe, figurines in play, reserve."""
    total = s["lairs"][guild]["safe"]["gold"] if lair_intact(s, guild) else 0
    total += sum(s["figs"][f]["treasure"]["gold"] for f in figs_of(s, guild) if in_play(s, f))
    seat = next(i for i, p in enumerate(s["players"]) if p["guild"] == guild)
    return total + int(s["players"][seat]["reserve_gold"])


def spend_gold(s: State, guild: str, amount: int) -> int:
    """Take `amount` GP: safe, then figurines in roster order, then reserve (12.4); returns paid."""
    paid = 0
    sources: list[dict[str, int]] = []
    if lair_intact(s, guild):
        sources.append(s["lairs"][guild]["safe"])
    sources += [s["figs"][f]["treasure"] for f in figs_of(s, guild) if in_play(s, f)]
    for src in sources:
        k = min(amount - paid, src["gold"])
        src["gold"] -= k
        paid += k
    seat = next(i for i, p in enumerate(s["players"]) if p["guild"] == guild)
    k = min(amount - paid, s["players"][seat]["reserve_gold"])
    s["players"][seat]["reserve_gold"] -= k
    return paid + k


def _hand(s: State, seat: int) -> list[str]:
    return list(s["players"][seat]["hand"])


def w1_addable(s: State, res: dict[str, Any], picks: list[str] | None = None) -> list[str]:
    """Cards the defender may still add to the W1 submission (`picks` defaults to the current draft)."""
    seat = res["defender"]
    picks = res["picks"] if picks is None else picks
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


def alarm_ok(s: State, res: dict[str, Any]) -> bool:
    """Alarm: a lair target not Defended, not Siege/Burglary, not even-simpler (§11.3)."""
    return ("lair" in res["target"] and not is_defended(s, res["target"]["lair"])
            and res["source"] not in ("siege", "burglary") and mode(s) != "even_simpler")


def has_w1(s: State, res: dict[str, Any]) -> bool:
    """Whether the defender has any W1 response."""
    return bool(w1_addable(s, res, []))


def malin_gnomes(s: State, res: dict[str, Any]) -> list[str]:
    """Gnomes of the defending guild able to Malin this roll (3.1, R-A6)."""
    if res["rerolled"]:
        return []
    g = guild_at(s, res["defender"])
    return [f for f in figs_of(s, g)
            if s["figs"][f]["kind"] == "gnome" and power_works(s, f) and not s["figs"][f]["malin_used"]]


def w2_addable(s: State, res: dict[str, Any]) -> list[str]:
    """Shields the defender may still add (Combat only, R-A37)."""
    if res["type"] != "combat":
        return []
    return [c for c in _hand(s, res["defender"]) if card_type(c) == "shield" and c not in res["picks"]]


def has_w2(s: State, res: dict[str, Any]) -> bool:
    """Whether the defender can Malin or Shield this roll."""
    shields = res["type"] == "combat" and any(card_type(c) == "shield" for c in _hand(s, res["defender"]))
    return bool(malin_gnomes(s, res)) or shields


def tomb_cards(s: State, fig: str) -> list[str]:
    """Tomb cards the owner may play for this elimination (non-empty treasure, token available)."""
    g = guild_of(fig)
    seat = next(i for i, p in enumerate(s["players"]) if p["guild"] == g)
    f = s["figs"][fig]
    if treasure_size(f["treasure"]) == 0:
        return []
    if s["supply"]["tomb"] <= 0 and g not in s["zones"][f["zone"]]["tombs"]:
        return []
    return [c for c in _hand(s, seat) if card_type(c) == "tomb"][:1]


def has_w3(s: State, fig: str) -> bool:
    """Whether the owner of a figurine about to be eliminated can play Tomb."""
    return bool(tomb_cards(s, fig))


# -- legal actions and apply ------------------------------------------------------------------

def legal(s: State) -> list[Action]:
    """The asked player's options in the open window."""
    res = s["res"]
    stage = res["stage"]
    out: list[Action] = [Action(PASS_ID, "No reaction (pass)")]
    if stage == "w1":
        for c in w1_addable(s, res):
            out.append(Action(f"r:{c}", f"Add {card_name(c)} to your reaction"))
    elif stage == "w2":
        if not res["picks"]:
            for g in malin_gnomes(s, res):
                out.append(Action(f"malin:{g}", f"Malin: {fig_name(g)} makes the attacker re-roll"))
        for c in w2_addable(s, res):
            out.append(Action(f"r:{c}", f"Add {card_name(c)} (-2 successes)"))
    elif stage == "w3":
        for c in tomb_cards(s, res["fig"]):
            out.append(Action(f"r:{c}", f"Play {card_name(c)}: keep the treasure under your Tomb"))
        return out
    if res["picks"]:
        out.append(Action(CONFIRM_ID, "Submit: " + ", ".join(card_name(c) for c in res["picks"])))
        out.append(Action(UNDO_ID, "Remove the last card"))
    return out


def _play(ctx: Ctx, cards: list[str], seat: int) -> None:
    s = ctx.s
    for c in cards:
        s["players"][seat]["hand"].remove(c)
        s["played"].append(c)


def apply(ctx: Ctx, seat: int, action_id: str) -> None:
    """Apply one window step; raises IllegalAction (E_*) for anything not allowed."""
    # local import: the turn machine and the resolution call each other
    from engine.associates import resolution as rz

    s = ctx.s
    res = s["res"]
    stage = res["stage"]
    hand = s["players"][seat]["hand"]
    if action_id == PASS_ID:
        ctx.say(rz.NO_REACTION, "reaction", window=stage.upper())
        res["picks"] = []
        _close(ctx, stage, [])
        return
    if action_id == UNDO_ID:
        if not res["picks"]:
            raise IllegalAction("Nothing to undo. You can add a reaction card or pass.", "E_NOTHING_TO_UNDO")
        res["picks"].pop()
        return
    if action_id == CONFIRM_ID:
        if not res["picks"]:
            raise IllegalAction("Nothing selected. Add a card, or pass.", "E_EMPTY_SUBMISSION")
        picks = list(res["picks"])
        res["picks"] = []
        _close(ctx, stage, picks)
        return
    if action_id.startswith("malin:"):
        gnome = action_id.split(":", 1)[1]
        if stage != "w2" or res["picks"] or gnome not in malin_gnomes(s, res):
            raise IllegalAction("Malin is not available now: it needs your unused Gnome in play, after an adverse "
                                "roll against you, once per roll. You can pass.", "E_MALIN")
        rz.malin_reroll(ctx, gnome)
        return
    if action_id.startswith("r:"):
        card = action_id[2:]
        if card not in hand:
            raise IllegalAction("That card is not in your hand.", "E_CARD_NOT_IN_HAND")
        t = card_type(card)
        if stage == "w1":
            if t not in ("protection", "alarm", "bribe"):
                raise IllegalAction(f"{card_name(card)} cannot be played before the roll; W1 allows Protection, "
                                    "Alarm or Bribe.", "E_WRONG_WINDOW")
            if card not in w1_addable(s, res):
                raise _w1_reason(s, res, card)
            res["picks"].append(card)
            return
        if stage == "w2":
            if t != "shield":
                raise IllegalAction(f"{card_name(card)} cannot be played after the roll; W2 allows Malin or Shield.",
                                    "E_WRONG_WINDOW")
            if res["type"] != "combat":
                raise IllegalAction("Shield works only against a Combat, not a Theft. You can pass.",
                                    "E_SHIELD_THEFT")
            if card in res["picks"]:
                raise IllegalAction("That Shield is already in your reaction.", "E_DUPLICATE")
            res["picks"].append(card)
            return
        if stage == "w3":
            if t != "tomb":
                raise IllegalAction("Only Tomb can be played when your figurine is eliminated. You can pass.",
                                    "E_WRONG_WINDOW")
            if card not in tomb_cards(s, res["fig"]):
                raise IllegalAction("Tomb needs a treasure to keep and a Tomb token. You can pass.", "E_TOMB")
            _play(ctx, [card], seat)
            ctx.say(f"{GUILD_INFO[guild_at(s, seat)]['title']} play Tomb.", "reaction", window="W3", cards=[card])
            rz.finish_elimination(ctx, card)
            return
    if action_id.startswith("play:"):
        raise IllegalAction("White, violet and red cards are played only in your own activation; here you may "
                            "react with the listed cards or pass.", "E_NOT_IN_ACTIVATION")
    raise IllegalAction("That is not a reaction. You can add a listed card, submit, or pass.", "E_UNKNOWN_ACTION")


def _w1_reason(s: State, res: dict[str, Any], card: str) -> IllegalAction:
    t = card_type(card)
    if t == "bribe":
        if res["picks"]:
            return IllegalAction("Bribe must be the only card of the reaction.", "E_BRIBE_ALONE")
        return IllegalAction("Bribe needs 2 GP (figurines, safe and reserve together). You can pass.",
                             "E_NOT_ENOUGH_GOLD")
    if t == "alarm":
        if "lair" not in res["target"]:
            return IllegalAction("Alarm protects your lair only.", "E_ALARM")
        if res["source"] in ("siege", "burglary"):
            return IllegalAction("Alarm cannot answer a Siege or a Burglary. You can play Protection or pass.",
                                 "E_ALARM_SIEGE")
        if mode(s) == "even_simpler":
            return IllegalAction("Alarm is not used in even-simpler mode.", "E_ALARM")
        return IllegalAction("Alarm only works on a lair that is not already Defended. You can pass.",
                             "E_ALARM_DEFENDED")
    return IllegalAction("Another card already fills that role (Bribe must be alone).", "E_BRIBE_ALONE")


def _close(ctx: Ctx, stage: str, picks: list[str]) -> None:
    from engine.associates import resolution as rz

    s = ctx.s
    res = s["res"]
    seat = res["asked"]
    res["asked"] = None
    if stage == "w3":
        rz.finish_elimination(ctx, None)
        return
    if picks:
        _play(ctx, picks, seat)
        ctx.say("Reaction: " + ", ".join(card_name(c) for c in picks) + ".", "reaction", window=stage.upper(),
                cards=list(picks))
    if stage == "w1":
        if any(card_type(c) == "bribe" for c in picks):
            paid = spend_gold(s, guild_at(s, seat), 2)
            s["figs"][res["actor"]]["treasure"]["gold"] += paid  # R-A55
            ctx.say(f"Bribe: {paid} GP paid to {fig_name(res['actor'])}; the action is cancelled.", "bribe", gold=paid)
            s["res"] = None
            return
        res["protections"] = sum(1 for c in picks if card_type(c) == "protection")
        res["alarm"] = any(card_type(c) == "alarm" for c in picks)
        rz.do_roll(ctx)
        return
    res["shields"] += sum(1 for c in picks if card_type(c) == "shield")
    rz.apply_roll(ctx)
