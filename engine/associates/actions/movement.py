"""Movement (§7.1, R-A12, R-A13, R-A38): a path built zone by zone, Sprints, Traps on the way."""

from __future__ import annotations

from engine.associates import board, words
from engine.associates.actions.common import active_fig, active_seat, pay, play_card, require_action
from engine.associates.cards import card_name, card_type, is_listed_copy
from engine.associates.components import fig_name, guild_of
from engine.associates.context import Ctx
from engine.associates.flow import card_owner, discard_violet
from engine.associates.harm import stun_figure
from engine.associates.ids import Command, Sprint, To, parse, step_id
from engine.associates.resolution import start_elimination
from engine.associates.state import (
    Draft,
    State,
    carries,
    guild_at,
    power_works,
    zone_of,
)
from engine.associates.words import Clause
from engine.core.actions import CONFIRM_ID, Action
from engine.core.errors import IllegalAction
from engine.core.phrases import phrase
from engine.core.words import counted


def path_of(draft: Draft) -> list[str]:
    """Zones chosen so far."""
    return [step.zone for step in map(parse, draft.steps) if isinstance(step, To)]


def sprints_of(draft: Draft) -> list[str]:
    """Sprint cards added to this Movement."""
    return [step.card for step in map(parse, draft.steps) if isinstance(step, Sprint)]


def allowance(s: State, fig: str, sprints: int) -> int:
    """1 (Fairy's Flight: 2) + Magic Broom + Sprints (R-A12)."""
    base = 2 if s.figs[fig].kind == "fairy" and power_works(s, fig) else 1
    return base + (1 if carries(s, fig, "broom") else 0) + sprints


def can_move(s: State, fig: str) -> bool:
    """A Rooted figurine cannot move."""
    return not s.figs[fig].rooted


def legal(s: State, draft: Draft) -> list[Action]:
    """Next zones, Sprint cards, confirm."""
    fig = active_fig(s)
    start = zone_of(s, fig)
    path = path_of(draft)
    sprints = sprints_of(draft)
    out: list[Action] = []
    if len(path) < allowance(s, fig, len(sprints)):
        last = path[-1] if path else start
        for z in board.adjacent(last):
            if z != start and z not in path:
                out.append(Action(step_id(To(z)), f"Move to {board.zone_name(z)}",
                                  phrase("label.move-to", zone=words.zone(z))))
    seen_types = False
    for c in s.players[active_seat(s)].hand:
        if card_type(c) == "sprint" and c not in sprints and not seen_types:
            out.append(Action(step_id(Sprint(c)), "Add Sprint: +1 zone", phrase("label.add-sprint")))
            seen_types = True  # one Sprint offered at a time keeps the list short
    if path:
        out.append(Action(CONFIRM_ID, "Confirm path: " + " → ".join(board.zone_name(z) for z in path),
                          phrase("label.confirm-path", route=words.route(path))))
    return out


def check_step(s: State, draft: Draft, cmd: Command) -> To | Sprint:
    """The path step or Sprint `cmd` adds, or its §17.8 refusal."""
    fig = active_fig(s)
    start = zone_of(s, fig)
    path = path_of(draft)
    sprints = sprints_of(draft)
    if isinstance(cmd, To):
        z = cmd.zone
        if not board.is_zone(z):
            raise IllegalAction("Unknown zone.", "E_UNKNOWN_ZONE", phrase=phrase("refusal.unknown-zone"))
        if len(path) >= allowance(s, fig, len(sprints)):
            raise IllegalAction(f"This Movement covers at most {counted(allowance(s, fig, len(sprints)), 'zone')}. "
                                "Confirm the path, add a Sprint, or undo.", "E_PATH_TOO_LONG",
                                phrase=phrase("refusal.path-too-long", n=allowance(s, fig, len(sprints))))
        last = path[-1] if path else start
        if z not in board.adjacent(last):
            raise IllegalAction(f"{board.zone_name(z)} is not adjacent to {board.zone_name(last)}.", "E_NOT_ADJACENT",
                                phrase=phrase("refusal.not-adjacent", zone=words.zone(z), last=words.zone(last)))
        if z == start or z in path:
            raise IllegalAction("A path may not visit a zone twice or return to its start.", "E_PATH_REPEAT",
                                phrase=phrase("refusal.path-not-visit"))
        return cmd
    if isinstance(cmd, Sprint):
        c = cmd.card
        hand = s.players[active_seat(s)].hand
        if c not in hand or card_type(c) != "sprint" or c in sprints:
            raise IllegalAction("That Sprint is not in your hand.", "E_CARD_NOT_IN_HAND",
                                phrase=phrase("refusal.sprint-not-hand"))
        if not is_listed_copy([h for h in hand if h not in sprints], c):
            raise IllegalAction("Add Sprints with the listed choice, one at a time.", "E_UNKNOWN_ACTION",
                                phrase=phrase("refusal.add-sprints-listed"))
        return cmd
    raise IllegalAction("Choose the next zone, add a Sprint, confirm or undo.", "E_UNKNOWN_ACTION",
                        phrase=phrase("refusal.choose-next-zone"))


def step(s: State, draft: Draft, cmd: Command) -> None:
    """Validate and record one path step or Sprint."""
    draft.steps.append(step_id(check_step(s, draft, cmd)))


def check_confirm(s: State, draft: Draft) -> None:
    """Refuse an empty path, or a Movement with no action left to pay (§17.7)."""
    if not path_of(draft):
        raise IllegalAction("The path is empty: choose at least one zone.", "E_EMPTY_PATH",
                            phrase=phrase("refusal.path-empty-choose"))
    if draft.source is None:
        require_action(s)


def confirm(ctx: Ctx, draft: Draft) -> None:
    """Pay, play the Sprints, walk the path checking Traps at each border (R-A38)."""
    s = ctx.s
    fig = active_fig(s)
    path = path_of(draft)
    check_confirm(s, draft)
    s.draft = None
    pay(ctx, draft.source)
    for c in sprints_of(draft):
        play_card(ctx, c)
    route = " → ".join(board.zone_name(z) for z in path)
    start = zone_of(s, fig)
    ctx.say(f"{fig_name(fig)} moves: {route}.", "move",
            phrase=phrase("move.moves", figurine=words.figurine(fig), route=words.route(path)), figurine=fig,
            path=path, **{"from": start})
    for z in path:
        if _trap_check(ctx, fig, zone_of(s, fig)):
            return
        s.figs[fig].zone = z
        if _trap_check(ctx, fig, z):
            return


def _trap_check(ctx: Ctx, fig: str, zone: str) -> bool:
    """Trigger an adverse Trap/Mined Terrain on `zone`; True if the figurine is being eliminated."""
    s = ctx.s
    trap = s.zones[zone].trap
    if trap is None:
        return False
    owner_guild = guild_at(s, card_owner(s, trap.card))
    if owner_guild == guild_of(fig):
        return False  # own figurines never trigger it
    amount = 2 if trap.kind == "mined_terrain" else 1
    ctx.say(f"{card_name(trap.card)} on {board.zone_name(zone)} triggers on {fig_name(fig)}!", "trap",
            phrase=phrase("trap.triggers", card=words.card(trap.card), zone=words.zone(zone),
                          figurine=words.figurine(fig)), zone=zone)
    s.zones[zone].trap = None
    s.supply["trap"] += 1
    discard_violet(ctx, trap.card)
    _placed, full = stun_figure(ctx, fig, amount, owner_guild, Clause(card_name(trap.card), words.card(trap.card)))
    if full:
        start_elimination(ctx, fig, "trap")
        return True
    return False
