"""The phase table of Gnomes & Associates: one engine.core.phases row per decision a player can face.

The turn machine (flow.py) runs every automatic step inside the move that triggers it, so the table
has no automatic phases: after any move the state waits in one of these decisions or is over.
"""

from __future__ import annotations

from collections.abc import Callable

from engine.associates import activation, describe, ids, phases, reactions, words
from engine.associates.components import fig_name
from engine.associates.context import Ctx
from engine.associates.flow import activatable_figs, visited_seat
from engine.associates.ids import (
    DROPALL_ID,
    END_ID,
    GO_PREFIX,
    KEEPDEFAULT_ID,
    KEEPSET_PREFIX,
    TAKEALL_ID,
    TAKEMAX_ID,
    Command,
    parse,
)
from engine.associates.state import (
    State,
    active_of,
    reinforcing,
    resolving,
    seat_of,
)
from engine.core.actions import CLEAR_ID, CLEAR_LABEL, Action
from engine.core.decisions import DecisionKind
from engine.core.events import Event
from engine.core.phases import PhaseRules
from engine.core.phrases import phrase
from engine.core.words import counted

GUILD = "guild"
DESIGNATE = "designate"
CHOOSE = "choose_figurine"
ACT = "activation"
REACTION = "reaction"
THEFT = "theft_choice"
KEEP = "keep"
REINFORCE = "reinforce"
OVER = "over"

WINDOW_PROMPTS = {"w1": "React before the roll?", "w2": "React to the roll?",
                  "w3": "Your figurine is eliminated: play Tomb?"}
WINDOW_SAID = {"w1": phrase("prompt.before-roll"), "w2": phrase("prompt.after-roll"), "w3": phrase("prompt.tomb")}


def phase_of(s: State) -> str:
    """The decision the state waits for (a key of PHASE_TABLE), or "over"."""
    if s.phase != "activation":
        return str(s.phase)
    res = s.res
    if res is not None:
        return THEFT if res.stage == "choose" else REACTION
    return CHOOSE if s.active is None else ACT


def _run(step: Callable[[Ctx, int, Command], None]) -> Callable[[State, int, Action, list[Event]], None]:
    """A row's apply: parse the id once, let `step` change the state, keep the generator and events."""
    def run(s: State, player: int, action: Action, events: list[Event]) -> None:
        ctx = Ctx(s)
        step(ctx, player, parse(action.id))
        ctx.close()
        events.extend(ctx.events)
    return run


def _check(check: Callable[[State, int, Command], object]) -> Callable[[State, int, Action], None]:
    """A row's check: the refusal of a parsed command, changing nothing."""
    def run(s: State, player: int, action: Action) -> None:
        check(s, player, parse(action.id))
    return run


def _asked(waiting: Callable[[State], list[int]],
           legal: Callable[[State, int], list[Action]]) -> Callable[[State, int], list[Action]]:
    """A row's menu: `legal` for a player the phase waits for, nothing for the others."""
    return lambda s, p: legal(s, p) if p in waiting(s) else []


def _describe(s: State, player: int) -> list[str]:
    return describe.describe_private(s, player)


def _shortcuts(legal: Callable[[State, int], list[Action]]) -> Callable[[State, int], list[Action]]:
    return lambda s, p: describe.shortcuts(s, p, legal(s, p))


def _auto_step(legal: Callable[[State, int], list[Action]]) -> Callable[[State, int], Action | None]:
    return lambda s, p: describe.auto_step(s, p, legal(s, p))


def _guild_timeout(s: State, player: int) -> Action:
    return phases.guild_action(phases.free_guilds(s)[0])


def _idle_timeout(s: State, player: int) -> Action:
    return activation.idle_action(activatable_figs(s, visited_seat(s))[0])


def _guild_waiting(s: State) -> list[int]:
    return [] if s.guild_picker is None else [s.guild_picker]


def _usurers(s: State) -> list[int]:
    return [seat for seat in [seat_of(s, "usurers")] if seat is not None]


def _visited(s: State) -> list[int]:
    return [visited_seat(s)]


def _defender(s: State) -> list[int]:
    return [seat] if (seat := resolving(s).asked) is not None else []


def _thief(s: State) -> list[int]:
    return [resolving(s).seat()]


def _reinforcing(s: State) -> list[int]:
    return [reinforcing(s).chooser()]


# R-A57: a built draft is not thrown away by one tap; "Clear the draft" is offered in place of the tap.
def _clear(s: State, player: int) -> Action:
    return Action(CLEAR_ID, CLEAR_LABEL, phrase("label.clear"))


def _plans_steps(s: State, player: int) -> bool:
    """Whether the open activation's action being built holds steps that ending the activation would drop."""
    return s.draft is not None and bool(s.draft.steps)


def _keeps_some(s: State, player: int) -> bool:
    """Whether `player` kept cards one by one that the default five would replace."""
    keep = s.players[player].keep
    return keep is not None and bool(keep.kept)


def _steals_some(s: State, player: int) -> bool:
    """Whether the thief chose items that taking the most would replace."""
    return bool(resolving(s).picks)


_act_legal = _asked(_visited, lambda s, p: activation.legal(s))
_keep_legal = _asked(phases.keep_pending, phases.keep_legal)
_reinforce_legal = _asked(_reinforcing, lambda s, p: phases.reinforce_legal(s))


PHASE_TABLE: dict[str, PhaseRules[State]] = {
    GUILD: PhaseRules(
        kind=DecisionKind.SETUP,
        waiting=_guild_waiting,
        prompt=lambda s, p: phases.guild_prompt(s)[0],
        prompt_phrase=lambda s, p: phases.guild_prompt(s)[1],
        legal=_asked(_guild_waiting, lambda s, p: phases.guild_legal(s)),
        apply=_run(phases.guild_apply),
        timeout=_guild_timeout,
        describe=_describe,
        describe_phrases=describe.describe_said,
        parse=ids.parse_known,
        check=_check(lambda s, p, cmd: phases.guild_check(s, cmd)),
    ),
    DESIGNATE: PhaseRules(
        kind=DecisionKind.SETUP,
        waiting=_usurers,
        prompt=lambda s, p: "Designate an adverse guild.",
        prompt_phrase=lambda s, p: phrase("prompt.designate"),
        legal=_asked(_usurers, lambda s, p: phases.designate_legal(s)),
        apply=_run(lambda ctx, p, cmd: phases.designate_apply(ctx, cmd)),
        timeout=lambda s, p: Action(phases.designate_default(s), "Default designation",
                                    phrase("label.designate-default")),
        describe=_describe,
        describe_phrases=describe.describe_said,
        parse=ids.parse_known,
        check=_check(lambda s, p, cmd: phases.designate_check(s, cmd)),
    ),
    CHOOSE: PhaseRules(
        kind=DecisionKind.TURN,
        waiting=_visited,
        prompt=lambda s, p: "Activate a figurine.",
        prompt_phrase=lambda s, p: phrase("prompt.choose-figurine"),
        legal=_asked(_visited, lambda s, p: activation.choose_legal(s)),
        apply=_run(lambda ctx, p, cmd: activation.choose_apply(ctx, cmd)),
        timeout=_idle_timeout,
        describe=_describe,
        describe_phrases=describe.describe_said,
        parse=ids.parse_known,
        check=_check(lambda s, p, cmd: activation.choose_check(s, cmd)),
    ),
    ACT: PhaseRules(
        kind=DecisionKind.TURN,
        waiting=_visited,
        prompt=lambda s, p: f"{fig_name(active_of(s).fig)}: act, play cards or end.",
        prompt_phrase=lambda s, p: phrase("prompt.activation", figurine=words.figurine(active_of(s).fig)),
        legal=_act_legal,
        apply=_run(lambda ctx, p, cmd: activation.apply(ctx, cmd)),
        timeout=lambda s, p: activation.end_action(),
        describe=_describe,
        describe_phrases=describe.describe_said,
        parse=ids.parse_known,
        auto_step=_auto_step(_act_legal),
        shortcuts=_shortcuts(_act_legal),
        typed_prefixes=(GO_PREFIX, TAKEALL_ID, DROPALL_ID),
        check=_check(lambda s, p, cmd: activation.check(s, cmd)),
        draft_built=_plans_steps, discards=lambda s, p, a: a.id == END_ID, clear=_clear,
    ),
    REACTION: PhaseRules(
        kind=DecisionKind.REACTION,
        waiting=_defender,
        prompt=lambda s, p: WINDOW_PROMPTS[resolving(s).stage],
        prompt_phrase=lambda s, p: WINDOW_SAID[resolving(s).stage],
        legal=_asked(_defender, lambda s, p: reactions.legal(s)),
        apply=_run(reactions.apply),
        timeout=lambda s, p: reactions.pass_action(),
        describe=_describe,
        describe_phrases=describe.describe_said,
        parse=ids.parse_known,
        check=_check(reactions.check),
    ),
    THEFT: PhaseRules(
        kind=DecisionKind.TURN,
        waiting=_thief,
        prompt=lambda s, p: f"Choose up to {counted(resolving(s).allowance, 'item')}.",
        prompt_phrase=lambda s, p: phrase("prompt.theft", n=resolving(s).allowance),
        legal=_asked(_thief, lambda s, p: activation.theft_legal(s)),
        apply=_run(lambda ctx, p, cmd: activation.theft_apply(ctx, cmd)),
        timeout=lambda s, p: Action(TAKEMAX_ID, "Take the most", phrase("label.take-most-short")),
        describe=_describe,
        describe_phrases=describe.describe_said,
        parse=ids.parse_known,
        check=_check(lambda s, p, cmd: activation.theft_check(s, cmd)),
        draft_built=_steals_some, discards=lambda s, p, a: a.id == TAKEMAX_ID, clear=_clear,
    ),
    KEEP: PhaseRules(
        kind=DecisionKind.SIMULTANEOUS,
        waiting=phases.keep_pending,
        prompt=lambda s, p: "Keep 5 cards.",
        prompt_phrase=lambda s, p: phrase("prompt.keep"),
        legal=_keep_legal,
        apply=_run(phases.keep_apply),
        timeout=lambda s, p: Action(KEEPDEFAULT_ID, "Keep the default five", phrase("label.keep-default-short")),
        describe=_describe,
        describe_phrases=describe.describe_said,
        parse=ids.parse_known,
        multi_pick=describe.multi_pick,
        pick_action=describe.pick_action,
        shortcuts=_shortcuts(_keep_legal),
        typed_prefixes=(KEEPSET_PREFIX,),
        check=_check(phases.keep_check),
        draft_built=_keeps_some, discards=lambda s, p, a: a.id == KEEPDEFAULT_ID, clear=_clear,
    ),
    REINFORCE: PhaseRules(
        kind=DecisionKind.TURN,
        waiting=_reinforcing,
        prompt=lambda s, p: "Place a reinforcement.",
        prompt_phrase=lambda s, p: phrase("prompt.reinforce"),
        legal=_reinforce_legal,
        apply=_run(phases.reinforce_apply),
        timeout=lambda s, p: phases.auto_action(),
        describe=_describe,
        describe_phrases=describe.describe_said,
        parse=ids.parse_known,
        auto_step=_auto_step(_reinforce_legal),
        check=_check(phases.reinforce_check),
    ),
}
