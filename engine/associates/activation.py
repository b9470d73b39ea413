"""The open activation (§6.2): the top-level menu, drafts, and their dispatch."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Final

from engine.associates import words
from engine.associates.actions import attack, cardplay, crafting, movement, transfer
from engine.associates.actions.common import active_fig, pay, require_action
from engine.associates.cards import card_type, is_card_id
from engine.associates.components import ARTEFACTS, ITEM_NAMES, fig_name
from engine.associates.context import Ctx
from engine.associates.flow import activatable_figs, close_activation, open_activation, visited_seat
from engine.associates.ids import (
    DROPALL_ID,
    END_ID,
    GO_PREFIX,
    IDLE_ID,
    TAKEALL_ID,
    TAKEMAX_ID,
    Activate,
    Clear,
    Command,
    Confirm,
    Craft,
    DraftStep,
    DropAll,
    End,
    Go,
    Idle,
    Open,
    Pass,
    Play,
    Sprint,
    Steal,
    TakeAll,
    TakeMax,
    To,
    TransferMode,
    Undo,
    step_id,
)
from engine.associates.resolution import finish_theft, target_treasure, theft_default_picks
from engine.associates.state import (
    Draft,
    State,
    active_of,
    drafting,
    guild_at,
    resolving,
)
from engine.core.actions import CONFIRM_ID, UNDO_ID, Action
from engine.core.errors import IllegalAction
from engine.core.phrases import phrase
from engine.core.words import counted

__all__ = ["DROPALL_ID", "END_ID", "GO_PREFIX", "IDLE_ID", "TAKEALL_ID", "TAKEMAX_ID"]


# -- choosing the figurine ---------------------------------------------------------------------

def choose_legal(s: State) -> list[Action]:
    """'activate:<fig>' per activatable figurine, plus 'idle' (the 12.4 timeout default)."""
    figs = activatable_figs(s, visited_seat(s))
    out = [Action(f"activate:{f}", f"Activate {fig_name(f)}", phrase("label.activate", figurine=words.figurine(f)))
           for f in figs]
    out.append(idle_action(figs[0]))  # G-3, 12.4 default
    return out


def idle_action(fig: str) -> Action:
    """'idle': activate `fig` and end its activation at once (the 12.4 default of the figurine choice)."""
    return Action(IDLE_ID, f"Activate {fig_name(fig)} and end at once",
                  phrase("label.activate-idle", figurine=words.figurine(fig)))


def end_action() -> Action:
    """'end' the open activation, as a draft and the phase's timeout offer it."""
    return Action(END_ID, "End the activation", phrase("label.end-activation"))


def choose_check(s: State, cmd: Command) -> None:
    """The §17.5/§17.6 refusal of a figurine choice, if any."""
    match cmd:
        case Idle():
            return
        case Pass():  # R-A50: no voluntary pass
            raise IllegalAction("You cannot pass while you have a figurine to activate; activate one (you may end "
                                "it at once).", "E_NO_PASS", phrase=phrase("refusal.cannot-pass-while"))
        case Activate(fig):
            pass
        case _:
            raise IllegalAction("Choose a figurine to activate.", "E_UNKNOWN_ACTION",
                                phrase=phrase("refusal.choose-figurine-activate"))
    if fig not in s.figs:
        raise IllegalAction("Unknown figurine (ringed figurines exist only with 4 figurines per guild).",
                            "E_UNKNOWN_FIGURINE", phrase=phrase("refusal.unknown-figurine-ringed"))
    f = s.figs[fig]
    if f.guild != guild_at(s, visited_seat(s)):
        raise IllegalAction("That figurine belongs to another guild.", "E_NOT_YOUR_FIGURINE",
                            phrase=phrase("refusal.figurine-belongs-another"))
    if f.zone is None:
        raise IllegalAction("That figurine is eliminated until the reinforcements.", "E_FIG_ELIMINATED",
                            phrase=phrase("refusal.figurine-eliminated-until"))
    if f.pumpkin:
        raise IllegalAction("That figurine is under a Pumpkin and cannot be activated this turn.", "E_PUMPKIN",
                            phrase=phrase("refusal.figurine-under-pumpkin"))
    if f.activated:
        raise IllegalAction("That figurine was already activated this turn.", "E_ALREADY_ACTIVATED",
                            phrase=phrase("refusal.figurine-was-already"))


def choose_apply(ctx: Ctx, cmd: Command) -> None:
    """Open an activation, or reject with the §17.5/§17.6 reason."""
    s = ctx.s
    choose_check(s, cmd)
    match cmd:
        case Activate(fig):
            open_activation(ctx, fig)
        case _:  # Idle
            open_activation(ctx, activatable_figs(s, visited_seat(s))[0])
            close_activation(ctx)


# -- the open activation -------------------------------------------------------------------------

def legal(s: State) -> list[Action]:
    """Top-level menu or the current draft step."""
    draft = s.draft
    fig = active_fig(s)
    if draft is not None:
        out = DRAFT_KINDS[draft.kind].legal(s, draft)
        out.append(Action(UNDO_ID, "Undo the last step", phrase("label.undo-step")) if draft.steps
                   else Action(UNDO_ID, "Cancel", phrase("label.cancel")))
        out.append(end_action())
        return out
    out = []
    if active_of(s).actions > 0:
        if movement.can_move(s, fig):
            out.append(Action("move", "Movement", phrase("label.movement")))
        if transfer.possible(s, fig):
            out.append(Action("transfer", "Transfer", phrase("label.transfer")))
        if attack.targets(s, "combat", None):
            out.append(Action("combat", "Combat", phrase("label.combat")))
        if attack.targets(s, "theft", None):
            out.append(Action("theft", "Theft", phrase("label.theft")))
        for a in ARTEFACTS:
            if crafting.feasible(s, a, False):
                out.append(crafting.craft_action(f"craft:{a}", a))
    out += cardplay.playable(s)
    left = active_of(s).actions
    out.append(Action(END_ID, f"End {fig_name(fig)}'s activation ({counted(left, 'action')} left)",
                      phrase("label.end-figurine", n=left, figurine=words.figurine(fig))))
    return out


def _check_open(s: State, kind: str) -> None:
    """The refusal of starting a Movement, Transfer, Combat or Theft now (§17.7-§17.10), if any."""
    require_action(s)
    fig = active_fig(s)
    if kind == "move" and not movement.can_move(s, fig):
        raise IllegalAction("This figurine is Rooted and cannot move this turn.", "E_ROOTED",
                            phrase=phrase("refusal.figurine-rooted-cannot"))
    if kind == "transfer" and not transfer.possible(s, fig):
        raise IllegalAction("There is nothing to transfer here.", "E_EMPTY_TRANSFER",
                            phrase=phrase("refusal.there-nothing-transfer"))
    if kind in ("combat", "theft") and not attack.targets(s, kind, None):
        raise IllegalAction(f"No legal {kind} target in reach.", "E_NO_TARGET",
                            phrase=phrase("refusal.no-combat-target") if kind == "combat"
                            else phrase("refusal.no-theft-target"))


def _new_draft(kind: str) -> Draft:
    return Draft(kind=kind)


def _everything(s: State, mode: TransferMode) -> list[DraftStep]:
    """The steps of a whole Transfer (its mode, then every item), each checked on a scratch draft."""
    draft = _new_draft("transfer")
    steps: list[DraftStep] = [mode, *transfer.everything_steps(s, active_fig(s), mode.mode)]
    for step in steps:
        draft.steps.append(step_id(transfer.check_step(s, draft, step)))
    transfer.check_confirm(s, draft)
    return steps


def check(s: State, cmd: Command) -> None:
    """The §17 refusal of a command of the open activation, if any (a whole order is checked step by step)."""
    draft = s.draft
    match cmd:
        case End():
            return
        case Clear():
            if draft is None or not draft.steps:
                raise IllegalAction("There is nothing to clear.", "E_NOTHING_TO_UNDO",
                                    phrase=phrase("refusal.there-nothing-clear"))
            return
        case Go(zone):
            if draft is not None:
                raise IllegalAction("Finish or undo the action you are building first.", "E_DRAFT_OPEN",
                                    phrase=phrase("refusal.finish-undo-action"))
            _check_open(s, "move")
            movement.check_step(s, _new_draft("move"), To(zone))
            return
        case TakeAll() | DropAll():
            if draft is not None:
                raise IllegalAction("Finish or undo the action you are building first.", "E_DRAFT_OPEN",
                                    phrase=phrase("refusal.finish-undo-action"))
            _check_open(s, "transfer")
            _everything(s, TransferMode("take" if isinstance(cmd, TakeAll) else "drop"))
            return
    if draft is not None:
        _check_draft_step(s, draft, cmd)
        return
    match cmd:
        case Open(kind):
            _check_open(s, kind)
        case Craft(a):
            require_action(s)
            crafting.check(s, a, False)
        case Play(card):
            if not is_card_id(card) or card not in s.players[active_of(s).player].hand:
                raise IllegalAction("That card is not in your hand.", "E_CARD_NOT_IN_HAND",
                                    phrase=phrase("refusal.card-not-hand"))
            cardplay.check_play(s, card)
        case Sprint():
            raise IllegalAction("Sprint is played while declaring a Movement: choose Movement first.",
                                "E_NO_MOVEMENT", phrase=phrase("refusal.sprint-played-while"))
        case Activate():
            raise IllegalAction("An activation is already open; end it first.", "E_ACTIVATION_OPEN",
                                phrase=phrase("refusal.activation-already-open"))
        case Undo():
            raise IllegalAction("Nothing to undo.", "E_NOTHING_TO_UNDO", phrase=phrase("refusal.nothing-undo"))
        case To():
            raise IllegalAction("Choose Movement first.", "E_NO_MOVEMENT",
                                phrase=phrase("refusal.choose-movement-first"))
        case _:
            raise IllegalAction("Unknown command: choose an action, a card, or end the activation.",
                                "E_UNKNOWN_ACTION", phrase=phrase("refusal.unknown-command-choose"))


def _check_draft_step(s: State, draft: Draft, cmd: Command) -> None:
    if not isinstance(cmd, Undo):  # undo is always open while a draft is
        DRAFT_KINDS[draft.kind].check(s, draft, cmd)


def apply(ctx: Ctx, cmd: Command) -> None:
    """Apply one command of the open activation."""
    s = ctx.s
    check(s, cmd)
    if not (isinstance(cmd, Play) and is_card_id(cmd.card) and card_type(cmd.card) == "ransom"):
        s.ransom = None  # G-6: Ransom only as the very next command (§7.7 step 7)
    draft = s.draft
    match cmd:
        case End():
            close_activation(ctx)
        case Clear():  # R-A57: the action being built is dropped, the activation stays open
            s.draft = None
        case Go(zone):  # exactly the three steps a player would take
            apply(ctx, Open("move"))
            _draft_apply(ctx, drafting(s), To(zone))
            _draft_apply(ctx, drafting(s), Confirm())
        case TakeAll() | DropAll():  # exactly the steps a player would take
            steps = _everything(s, TransferMode("take" if isinstance(cmd, TakeAll) else "drop"))
            apply(ctx, Open("transfer"))
            building = drafting(s)
            for step in steps:
                _draft_apply(ctx, building, step)
            _draft_apply(ctx, building, Confirm())
        case _ if draft is not None:
            _draft_apply(ctx, draft, cmd)
        case Open(kind):
            s.draft = _new_draft(kind)
        case Craft(a):
            pay(ctx, None)
            crafting.craft(ctx, a, False)
        case Play(card):
            cardplay.play(ctx, card)


def _draft_apply(ctx: Ctx, draft: Draft, cmd: Command) -> None:
    if isinstance(cmd, Undo):  # the same for every kind: the last step back, or the draft dropped
        if draft.steps:
            draft.steps.pop()
        else:
            ctx.s.draft = None
        return
    DRAFT_KINDS[draft.kind].apply(ctx, draft, cmd)


# -- the draft kinds: one row each (its menu, its refusal of a step, the step applied) ------------

@dataclass(frozen=True)
class DraftKind:
    """How one kind of draft is built: the menu of its next step, the refusal of a step, and the step taken.

    `check` and `apply` receive every command but Undo (handled the same for every kind); a Confirm is
    one of their commands, so a kind that confirms differently says so in its own row.
    """

    legal: Callable[[State, Draft], list[Action]]
    check: Callable[[State, Draft, Command], None]
    apply: Callable[[Ctx, Draft, Command], None]


def _move_check(s: State, draft: Draft, cmd: Command) -> None:
    if isinstance(cmd, Confirm):
        movement.check_confirm(s, draft)
    else:
        movement.check_step(s, draft, cmd)


def _move_apply(ctx: Ctx, draft: Draft, cmd: Command) -> None:
    if isinstance(cmd, Confirm):
        movement.confirm(ctx, draft)
    else:
        movement.step(ctx.s, draft, cmd)


def _transfer_check(s: State, draft: Draft, cmd: Command) -> None:
    if isinstance(cmd, Confirm):
        transfer.check_confirm(s, draft)
    else:
        transfer.check_step(s, draft, cmd)


def _transfer_apply(ctx: Ctx, draft: Draft, cmd: Command) -> None:
    if isinstance(cmd, Confirm):
        transfer.confirm(ctx, draft)
    else:
        transfer.step(ctx.s, draft, cmd)


def _attack_check(s: State, draft: Draft, cmd: Command) -> None:
    attack.check_choice(s, draft, cmd)


_MOVE = DraftKind(movement.legal, _move_check, _move_apply)
_TRANSFER = DraftKind(transfer.legal, _transfer_check, _transfer_apply)
_ATTACK = DraftKind(attack.legal, _attack_check, attack.choose)
_CARD = DraftKind(cardplay.draft_legal, cardplay.check_draft_step, cardplay.draft_step)
DRAFT_KINDS: Final[Mapping[str, DraftKind]] = MappingProxyType({
    "move": _MOVE, "transfer": _TRANSFER, "combat": _ATTACK, "theft": _ATTACK,
    # the drafts a card opens (Improvisation's and Forge's Craft, a zone or a figurine to name)
    "craft": _CARD, "improv": _CARD, "zone": _CARD, "fig": _CARD,
})
"""Every kind of draft of the open activation and its row."""


# -- theft choice --------------------------------------------------------------------------------

def picks_of(s: State) -> dict[str, int]:
    """Items chosen so far in the theft choice."""
    out: dict[str, int] = {}
    for item in resolving(s).picks:
        out[item] = out.get(item, 0) + 1
    return out


def theft_legal(s: State) -> list[Action]:
    """'steal:<item>' up to the allowance, confirm, undo, takemax (12.4 default)."""
    res = resolving(s)
    t = target_treasure(s, res.target)
    chosen = picks_of(s)
    out = []
    if len(res.picks) < res.allowance:
        for item, k in t.items():
            if k - chosen.get(item, 0) > 0:
                out.append(Action(f"steal:{item}", f"Steal 1 {ITEM_NAMES[item]}",
                                  phrase("label.steal", items=words.counted(item, 1))))
    out.append(Action(CONFIRM_ID, f"Confirm the theft ({len(res.picks)}/{res.allowance} items)",
                      phrase("label.confirm-theft", n=res.allowance, picked=len(res.picks))))
    if res.picks:
        out.append(Action(UNDO_ID, "Undo the last item", phrase("label.undo-item")))
    out.append(Action(TAKEMAX_ID, "Take the most (gold first)", phrase("label.take-most")))
    return out


def theft_check(s: State, cmd: Command) -> None:
    """The §17.11 refusal of a theft-choice step, if any."""
    res = resolving(s)
    match cmd:
        case TakeMax() | Confirm():
            return
        case Undo() | Clear():
            if not res.picks:
                raise IllegalAction("Nothing to undo.", "E_NOTHING_TO_UNDO", phrase=phrase("refusal.nothing-undo"))
        case Steal(item):
            t = target_treasure(s, res.target)
            if item not in t:
                raise IllegalAction("Unknown item.", "E_UNKNOWN_ITEM", phrase=phrase("refusal.unknown-item"))
            if len(res.picks) >= res.allowance:
                capped = "lair" in res.target and s.lairs[res.target["lair"]].safe_token
                cap = " (the Safe lets a Theft take only 1)" if capped else ""
                raise IllegalAction(f"Your allowance is {counted(res.allowance, 'item')}{cap}. Confirm or undo.",
                                    "E_THEFT_ALLOWANCE",
                                    phrase=phrase("refusal.allowance-safe", n=res.allowance) if capped
                                    else phrase("refusal.allowance", n=res.allowance))
            if t[item] - picks_of(s).get(item, 0) <= 0:
                raise IllegalAction(f"The target holds no more {ITEM_NAMES[item]}.", "E_ITEM_NOT_PRESENT",
                                    phrase=phrase("refusal.target-holds-no-more", item=words.item(item)))
        case _:
            raise IllegalAction("Choose items to steal, then confirm.", "E_UNKNOWN_ACTION",
                                phrase=phrase("refusal.choose-items-steal"))


def theft_apply(ctx: Ctx, cmd: Command) -> None:
    """A theft-choice step (§7.5, §17.11)."""
    s = ctx.s
    theft_check(s, cmd)
    match cmd:
        case TakeMax():
            finish_theft(ctx, theft_default_picks(s))
        case Confirm():
            finish_theft(ctx, picks_of(s))
        case Undo():
            resolving(s).picks.pop()
        case Clear():
            resolving(s).picks.clear()
        case Steal(item):
            resolving(s).picks.append(item)
