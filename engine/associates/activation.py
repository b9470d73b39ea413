"""The open activation (§6.2): the top-level menu, drafts, and their dispatch."""

from __future__ import annotations

from typing import Any, cast

from engine.associates.actions import attack, cardplay, crafting, movement, transfer
from engine.associates.actions.common import active_fig, pay, require_action
from engine.associates.cards import card_type, is_card_id
from engine.associates.components import ARTEFACTS, ITEM_NAMES, fig_name
from engine.associates.context import Ctx
from engine.associates.flow import activatable_figs, close_activation, open_activation, visited_seat
from engine.associates.resolution import finish_theft, target_treasure, theft_default_picks
from engine.associates.state import State, guild_at
from engine.core.actions import CONFIRM_ID, UNDO_ID, Action
from engine.core.errors import IllegalAction

END_ID = "end"
GO_PREFIX = "go:"  # Movement to one adjacent zone, confirmed: one tap (a shortcut)
# A whole Transfer taking everything here / dropping everything carried, confirmed: one tap
TAKEALL_ID = "takeall"
DROPALL_ID = "dropall"
IDLE_ID = "idle"
TAKEMAX_ID = "takemax"


# -- choosing the figurine ---------------------------------------------------------------------

def choose_legal(s: State) -> list[Action]:
    """'activate:<fig>' per activatable figurine, plus 'idle' (the 12.4 timeout default)."""
    figs = activatable_figs(s, visited_seat(s))
    out = [Action(f"activate:{f}", f"Activate {fig_name(f)}") for f in figs]
    out.append(Action(IDLE_ID, f"Activate {fig_name(figs[0])} and end at once"))  # G-3, 12.4 default
    return out


def choose_apply(ctx: Ctx, action_id: str) -> None:
    """Open an activation, or reject with the §17.5/§17.6 reason."""
    s = ctx.s
    seat = visited_seat(s)
    figs = activatable_figs(s, seat)
    if action_id == IDLE_ID:
        open_activation(ctx, figs[0])
        close_activation(ctx)
        return
    if action_id == "pass":  # R-A50: no voluntary pass
        raise IllegalAction("You cannot pass while you have a figurine to activate; activate one (you may end it "
                            "at once).", "E_NO_PASS")
    if not action_id.startswith("activate:"):
        raise IllegalAction("Choose a figurine to activate.", "E_UNKNOWN_ACTION")
    fig = action_id[9:]
    if fig not in s["figs"]:
        raise IllegalAction("Unknown figurine (ringed figurines exist only with 4 figurines per guild).",
                            "E_UNKNOWN_FIGURINE")
    f = s["figs"][fig]
    if f["guild"] != guild_at(s, seat):
        raise IllegalAction("That figurine belongs to another guild.", "E_NOT_YOUR_FIGURINE")
    if f["zone"] is None:
        raise IllegalAction("That figurine is eliminated until the reinforcements.", "E_FIG_ELIMINATED")
    if f["pumpkin"]:
        raise IllegalAction("That figurine is under a Pumpkin and cannot be activated this turn.", "E_PUMPKIN")
    if f["activated"]:
        raise IllegalAction("That figurine was already activated this turn.", "E_ALREADY_ACTIVATED")
    open_activation(ctx, fig)


# -- the open activation -------------------------------------------------------------------------

def legal(s: State) -> list[Action]:
    """Top-level menu or the current draft step."""
    draft = s["draft"]
    fig = active_fig(s)
    if draft is not None:
        kind = draft["kind"]
        if kind == "move":
            out = movement.legal(s, draft)
        elif kind == "transfer":
            out = transfer.legal(s, draft)
        elif kind in ("combat", "theft"):
            out = attack.legal(s, draft)
        else:
            out = cardplay.draft_legal(s, draft)
        out.append(Action(UNDO_ID, "Undo the last step" if draft["steps"] else "Cancel"))
        out.append(Action(END_ID, "End the activation"))
        return out
    out = []
    if s["active"]["actions"] > 0:
        if movement.can_move(s, fig):
            out.append(Action("move", "Movement"))
        if transfer.possible(s, fig):
            out.append(Action("transfer", "Transfer"))
        if attack.targets(s, "combat", None):
            out.append(Action("combat", "Combat"))
        if attack.targets(s, "theft", None):
            out.append(Action("theft", "Theft"))
        for a in ARTEFACTS:
            if crafting.feasible(s, a, False):
                out.append(Action(f"craft:{a}", f"Craft a {ITEM_NAMES[a]}"))
    out += cardplay.playable(s)
    out.append(Action(END_ID, f"End {fig_name(fig)}'s activation ({s['active']['actions']} action(s) left)"))
    return out


def apply(ctx: Ctx, action_id: str) -> None:
    """Apply one command of the open activation."""
    s = ctx.s
    if not (action_id.startswith("play:") and is_card_id(action_id[5:]) and card_type(action_id[5:]) == "ransom"):
        s["ransom"] = None  # G-6: Ransom only as the very next command (§7.7 step 7)
    if action_id == END_ID:
        close_activation(ctx)
        return
    if action_id.startswith(GO_PREFIX):
        if s["draft"] is not None:
            raise IllegalAction("Finish or undo the action you are building first.", "E_DRAFT_OPEN")
        apply(ctx, "move")  # exactly the three steps a player would take
        opened = cast(dict[str, Any], s["draft"])  # "move" just opened it (mypy keeps the narrowing above)
        _draft_apply(ctx, opened, "to:" + action_id[len(GO_PREFIX):])
        _draft_apply(ctx, opened, CONFIRM_ID)
        return
    if action_id in (TAKEALL_ID, DROPALL_ID):
        if s["draft"] is not None:
            raise IllegalAction("Finish or undo the action you are building first.", "E_DRAFT_OPEN")
        mode = "take" if action_id == TAKEALL_ID else "drop"
        apply(ctx, "transfer")  # exactly the steps a player would take, each checked as usual
        building = cast(dict[str, Any], s["draft"])
        _draft_apply(ctx, building, f"mode:{mode}")
        for item_step in transfer.everything_steps(s, active_fig(s), mode):
            _draft_apply(ctx, building, item_step)
        _draft_apply(ctx, building, CONFIRM_ID)
        return
    draft = s["draft"]
    fig = active_fig(s)
    if draft is not None:
        _draft_apply(ctx, draft, action_id)
        return
    if action_id in ("move", "transfer", "combat", "theft"):
        require_action(s)
        if action_id == "move" and not movement.can_move(s, fig):
            raise IllegalAction("This figurine is Rooted and cannot move this turn.", "E_ROOTED")
        if action_id == "transfer" and not transfer.possible(s, fig):
            raise IllegalAction("There is nothing to transfer here.", "E_EMPTY_TRANSFER")
        if action_id in ("combat", "theft") and not attack.targets(s, action_id, None):
            raise IllegalAction(f"No legal {action_id} target in reach.", "E_NO_TARGET")
        s["draft"] = {"kind": action_id, "source": None, "steps": []}
        return
    if action_id.startswith("craft:"):
        a = action_id[6:]
        require_action(s)
        crafting.check(s, a, False)
        pay(ctx, None)
        crafting.craft(ctx, a, False)
        return
    if action_id.startswith("play:"):
        card = action_id[5:]
        if not is_card_id(card) or card not in s["players"][s["active"]["player"]]["hand"]:
            raise IllegalAction("That card is not in your hand.", "E_CARD_NOT_IN_HAND")
        cardplay.play(ctx, card)
        return
    if action_id.startswith("sprint:"):
        raise IllegalAction("Sprint is played while declaring a Movement: choose Movement first.", "E_NO_MOVEMENT")
    if action_id.startswith("activate:"):
        raise IllegalAction("An activation is already open; end it first.", "E_ACTIVATION_OPEN")
    if action_id == UNDO_ID:
        raise IllegalAction("Nothing to undo.", "E_NOTHING_TO_UNDO")
    if action_id.startswith("to:"):
        raise IllegalAction("Choose Movement first.", "E_NO_MOVEMENT")
    raise IllegalAction("Unknown command: choose an action, a card, or end the activation.", "E_UNKNOWN_ACTION")


def _draft_apply(ctx: Ctx, draft: dict[str, Any], action_id: str) -> None:
    s = ctx.s
    if action_id == UNDO_ID:
        if draft["steps"]:
            draft["steps"].pop()
        else:
            s["draft"] = None
        return
    kind = draft["kind"]
    if kind == "move":
        if action_id == CONFIRM_ID:
            movement.confirm(ctx, draft)
        else:
            movement.step(s, draft, action_id)
        return
    if kind == "transfer":
        if action_id == CONFIRM_ID:
            transfer.confirm(ctx, draft)
        else:
            transfer.step(s, draft, action_id)
        return
    if kind in ("combat", "theft"):
        attack.choose(ctx, draft, action_id)
        return
    cardplay.draft_step(ctx, draft, action_id)


# -- theft choice --------------------------------------------------------------------------------

def picks_of(s: State) -> dict[str, int]:
    """Items chosen so far in the theft choice."""
    out: dict[str, int] = {}
    for item in s["res"]["picks"]:
        out[item] = out.get(item, 0) + 1
    return out


def theft_legal(s: State) -> list[Action]:
    """'steal:<item>' up to the allowance, confirm, undo, takemax (12.4 default)."""
    res = s["res"]
    t = target_treasure(s, res["target"])
    chosen = picks_of(s)
    out = []
    if len(res["picks"]) < res["allowance"]:
        for item, k in t.items():
            if k - chosen.get(item, 0) > 0:
                out.append(Action(f"steal:{item}", f"Steal 1 {ITEM_NAMES[item]}"))
    out.append(Action(CONFIRM_ID, f"Confirm the theft ({len(res['picks'])}/{res['allowance']} items)"))
    if res["picks"]:
        out.append(Action(UNDO_ID, "Undo the last item"))
    out.append(Action(TAKEMAX_ID, "Take the most (gold first)"))
    return out


def theft_apply(ctx: Ctx, action_id: str) -> None:
    """A theft-choice step (§7.5, §17.11)."""
    s = ctx.s
    res = s["res"]
    if action_id == TAKEMAX_ID:
        finish_theft(ctx, theft_default_picks(s))
        return
    if action_id == CONFIRM_ID:
        finish_theft(ctx, picks_of(s))
        return
    if action_id == UNDO_ID:
        if not res["picks"]:
            raise IllegalAction("Nothing to undo.", "E_NOTHING_TO_UNDO")
        res["picks"].pop()
        return
    if action_id.startswith("steal:"):
        item = action_id[6:]
        t = target_treasure(s, res["target"])
        if item not in t:
            raise IllegalAction("Unknown item.", "E_UNKNOWN_ITEM")
        if len(res["picks"]) >= res["allowance"]:
            capped = "lair" in res["target"] and s["lairs"][res["target"]["lair"]]["safe_token"]
            raise IllegalAction(f"Your allowance is {res['allowance']} item(s)" + (" (Safe cap)" if capped else "")
                                + ". Confirm or undo.", "E_THEFT_ALLOWANCE")
        if t[item] - picks_of(s).get(item, 0) <= 0:
            raise IllegalAction(f"The target holds no more {ITEM_NAMES[item]}.", "E_ITEM_NOT_PRESENT")
        res["picks"].append(item)
        return
    raise IllegalAction("Choose items to steal, then confirm.", "E_UNKNOWN_ACTION")
