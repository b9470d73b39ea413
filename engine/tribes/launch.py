"""Phase 3, first half (spec §7.1-7.3): secret launch orders, then assassinations and espionage.

Draft steps (§15.1): espionage target or none · assassination target then post, or none · undo · confirm ·
pass. Only players with a bill on their espionage or assassination post are asked (R-T41); nobody is
asked in turns 1-4 of a standard game (R-T11).
"""

from __future__ import annotations

from engine.core.actions import CLEAR_ID, CLEAR_LABEL, CONFIRM_ID, UNDO_ID, Action
from engine.core.decisions import DecisionKind
from engine.core.errors import IllegalAction
from engine.core.events import Event, private_event, public_event
from engine.core.phrases import Arg, Phrase, listed, phrase
from engine.core.rng import Rng
from engine.tribes import phases, words
from engine.tribes.actions import (
    LAUNCH_POSTS,
    PASS_ID,
    WHOLE_LAUNCH,
    Clear,
    Confirm,
    Kill,
    KillPost,
    Pass,
    Spy,
    Undo,
    WholeLaunch,
    parse,
    step_id,
)
from engine.tribes.cards import card_name
from engine.tribes.common import POST_NAMES, empty_post, possessive, real, side, side_start
from engine.tribes.research import queue_researchers
from engine.tribes.state import Draft, LaunchOrder, TribesState

FIRST_LAUNCH_TURN = 5  # R-T11
MIN_LAUNCH = 5  # GG a launching post must hold (§7.2)
SPY_VP = 4  # R-T15


def launches_open(state: TribesState) -> bool:
    """Whether espionage and assassination may be launched this turn (R-T11; turboGnom from turn 1)."""
    return state.options.turbo or state.turn >= FIRST_LAUNCH_TURN


def asked(state: TribesState) -> list[int]:
    """Players asked for a launch order this turn: a bill on espionage or assassination (R-T41)."""
    if not launches_open(state):
        return []
    return [p for p in state.turn_order()
            if state.players[p].posts["espionage"] or state.players[p].posts["assassination"]]


def _draft(state: TribesState, player: int) -> Draft:
    return state.drafts.get(player) or Draft()


def waiting(state: TribesState) -> list[int]:
    """Asked players whose launch order is not sealed yet."""
    return [p for p in asked(state) if not _draft(state, p).done]


def prompt(state: TribesState, player: int) -> str:
    """The pending decision's prompt."""
    return "Send your secret launch order: espionage, assassination, or nothing."


def prompt_phrase(state: TribesState, player: int) -> Phrase:
    """`prompt` as catalog words."""
    return phrase("prompt.launch")


def _refuse_launch(state: TribesState, player: int, post: str) -> None:
    if not launches_open(state):
        raise IllegalAction(f"Espionage and assassination cannot be launched before turn {FIRST_LAUNCH_TURN}.",
                            "E_TOO_EARLY", phrase=phrase("refuse.launch-too-early", turn=FIRST_LAUNCH_TURN))
    value = real(state.players[player].posts[post])
    if value < MIN_LAUNCH:
        raise IllegalAction(f"Your {POST_NAMES[post]} post holds {value} GG; a launch needs at least {MIN_LAUNCH} GG.",
                            "E_POST_TOO_LOW",
                            phrase=phrase("refuse.post-too-low", post=words.post(post), gold=value, least=MIN_LAUNCH))


def _refuse_target(state: TribesState, player: int, target: int) -> None:
    if target == player:
        raise IllegalAction("You cannot target yourself: choose another tribe.", "E_SELF_TARGET",
                            phrase=phrase("refuse.cannot-target-yourself-choose-another"))
    if not 0 <= target < state.player_count:
        raise IllegalAction("There is no such player at this table.", "E_UNKNOWN_PLAYER",
                            phrase=phrase("refuse.there-such-player-table"))


def _others(state: TribesState, player: int) -> list[int]:
    return [p for p in state.turn_order() if p != player]


def legal(state: TribesState, player: int) -> list[Action]:
    """The current step of `player`'s launch order."""
    if player not in waiting(state):
        return []
    draft = _draft(state, player)
    order = draft.launch
    out: list[Action] = []
    match draft.path:
        case ["spy"]:
            out += [Action(step_id(Spy(t)), f"Spy on {side(state, t)}",
                           phrase=phrase("label.spy", side=words.side(state, t))) for t in _others(state, player)]
            out.append(Action(UNDO_ID, "Back", phrase=phrase("label.back")))
        case ["kill"]:
            out += [Action(step_id(Kill(t)), f"Send the assassins to {side(state, t)}",
                           phrase=phrase("label.kill", side=words.side(state, t))) for t in _others(state, player)]
            out.append(Action(UNDO_ID, "Back", phrase=phrase("label.back")))
        case ["kill", _target]:
            out += [Action(step_id(KillPost(post)), f"Wreck their {POST_NAMES[post]} post",
                           phrase=phrase("label.wreck", post=words.post(post))) for post in LAUNCH_POSTS]
            out.append(Action(UNDO_ID, "Back", phrase=phrase("label.back")))
        case _:
            if order.espionage is None and _can_launch(state, player, "espionage"):
                out.append(Action(step_id(Spy(None)), "Launch espionage…", phrase=phrase("label.launch-spy")))
            if order.assassination is None and _can_launch(state, player, "assassination"):
                out.append(Action(step_id(Kill(None)), "Launch an assassination…", phrase=phrase("label.launch-kill")))
            if draft.history:
                out.append(Action(UNDO_ID, "Take back the last launch", phrase=phrase("label.take-back-launch")))
                out.append(Action(CONFIRM_ID, "Confirm and seal this order", phrase=phrase("label.confirm-seal")))
    out.append(Action(PASS_ID, "Pass: launch nothing", phrase=phrase("label.pass-launch")))
    return out


def _can_launch(state: TribesState, player: int, post: str) -> bool:
    try:
        _refuse_launch(state, player, post)
    except IllegalAction:
        return False
    return True


def apply(state: TribesState, player: int, action: Action, events: list[Event]) -> None:
    """Take one step of the launch order (validated before anything changes)."""
    step = parse(action.id)
    draft = state.drafts.setdefault(player, Draft())
    order = draft.launch
    match step:
        case Spy(None):
            _top(draft)
            if order.espionage is not None:
                raise IllegalAction("You already launch one espionage this turn.", "E_TWICE",
                                    phrase=phrase("refuse.already-launch-espionage-turn"))
            _refuse_launch(state, player, "espionage")
            draft.path = ["spy"]
        case Spy(target) if target is not None:
            if draft.path != ["spy"]:
                raise IllegalAction("Choose to launch espionage first.", "E_STEP",
                                    phrase=phrase("refuse.choose-launch-espionage"))
            _refuse_target(state, player, target)
            order.espionage = target
            draft.history.append("spy")
            draft.path = []
        case Kill(None):
            _top(draft)
            if order.assassination is not None:
                raise IllegalAction("You already launch one assassination this turn.", "E_TWICE",
                                    phrase=phrase("refuse.already-launch-assassination-turn"))
            _refuse_launch(state, player, "assassination")
            draft.path = ["kill"]
        case Kill(target) if target is not None:
            if draft.path != ["kill"]:
                raise IllegalAction("Choose to launch an assassination first.", "E_STEP",
                                    phrase=phrase("refuse.choose-launch-assassination"))
            _refuse_target(state, player, target)
            draft.path = ["kill", str(target)]
        case KillPost(post):
            if len(draft.path) != 2 or draft.path[0] != "kill":
                raise IllegalAction("Choose the target of the assassination first.", "E_STEP",
                                    phrase=phrase("refuse.choose-target-assassination"))
            if post not in LAUNCH_POSTS:
                raise IllegalAction("An assassination wrecks the Research, Espionage or Assassination post.",
                                    "E_UNKNOWN_POST",
                                    phrase=phrase("refuse.assassination-wrecks-research-espionage-assassination"))
            order.assassination = int(draft.path[1])
            order.assassination_post = post
            draft.history.append("kill")
            draft.path = []
        case Undo():
            if draft.path:
                draft.path = draft.path[:-1] if draft.path[0] == "kill" and len(draft.path) == 2 else []
            elif draft.history:
                if draft.history.pop() == "spy":
                    order.espionage = None
                else:
                    order.assassination = None
                    order.assassination_post = None
            else:
                raise IllegalAction("There is nothing to take back.", "E_NOTHING_TO_UNDO",
                                    phrase=phrase("refuse.there-nothing-take-back"))
        case Confirm():
            _top(draft)
            if not draft.history:
                raise IllegalAction("Your order is empty: launch something or pass.", "E_EMPTY_ORDER",
                                    phrase=phrase("refuse.order-empty-launch-something-pass"))
            draft.done = True
            _sealed(state, player, order, events)
        case WholeLaunch(spy, kill, post):
            if draft.history or draft.path:  # R-T46: a whole order never replaces steps already built
                raise IllegalAction("Your order already holds a launch: confirm it, or clear the draft before "
                                    "sending a whole order.", "E_STEP",
                                    phrase=phrase("refuse.order-already-holds-launch-confirm"))
            whole = Draft()
            if spy is not None:
                _refuse_launch(state, player, "espionage")
                _refuse_target(state, player, spy)
                whole.launch.espionage = spy
                whole.history.append("spy")
            if kill is not None and post is not None:
                _refuse_launch(state, player, "assassination")
                _refuse_target(state, player, kill)
                if post not in LAUNCH_POSTS:
                    raise IllegalAction("An assassination wrecks the Research, Espionage or Assassination post.",
                                        "E_UNKNOWN_POST",
                                        phrase=phrase("refuse.assassination-wrecks-research-espionage-assassination"))
                whole.launch.assassination = kill
                whole.launch.assassination_post = post
                whole.history.append("kill")
            whole.done = True
            state.drafts[player] = whole
            _sealed(state, player, whole.launch, events)
        case Clear():
            if not draft.history:
                raise IllegalAction("Your order is empty already.", "E_NOTHING_TO_UNDO",
                                    phrase=phrase("refuse.order-empty-already"))
            state.drafts[player] = Draft()
        case Pass():
            state.drafts[player] = Draft(done=True)
            events.append(private_event(player, "You launch nothing this turn.", "info",
                                        phrase=phrase("launch.nothing")))
            events.append(public_event(f"{side_start(state, player)} have sent their launch order.", "info",
                                       phrase=phrase("launch.sent", tribe=words.tribe(state, player)),
                                       player=player))
        case _:
            raise IllegalAction("That is not a choice of the launch order. Launch espionage or an assassination, "
                                "confirm or pass.", "E_PHASE", phrase=phrase("refuse.not-choice-launch-order-launch"))


def _sealed(state: TribesState, player: int, order: LaunchOrder, events: list[Event]) -> None:
    events.append(private_event(player, "Your launch order is sealed: " + launch_text(state, order) + ".", "info",
                                phrase=phrase("launch.sealed", order=launch_said(state, order))))
    events.append(public_event(f"{side_start(state, player)} have sent their launch order.", "info",
                               phrase=phrase("launch.sent", tribe=words.tribe(state, player)), player=player))


def shortcuts(state: TribesState, player: int) -> list[Action]:
    """Whole launch orders in one tap, sealed at once, while the order is empty: espionage against one tribe,
    or an assassination of one tribe wrecking one post."""
    draft = _draft(state, player)
    if player not in waiting(state) or draft.history or draft.path:
        return []
    out: list[Action] = []
    if _can_launch(state, player, "espionage"):
        out += [Action(step_id(WholeLaunch(t, None, None)), f"Spy on {side(state, t)} and seal",
                       phrase=phrase("label.spy-seal", side=words.side(state, t)))
                for t in _others(state, player)]
    if _can_launch(state, player, "assassination"):
        out += [Action(step_id(WholeLaunch(None, t, post)),
                       f"Assassins to {side(state, t)}, wrecking {POST_NAMES[post]}, and seal",
                       phrase=phrase("label.kill-seal", side=words.side(state, t), post=words.post(post)))
                for t in _others(state, player) for post in LAUNCH_POSTS]
    return out


def _top(draft: Draft) -> None:
    if draft.path:
        raise IllegalAction("Finish the current step first (or go back).", "E_STEP",
                            phrase=phrase("refuse.finish-current-step-go-back"))


def launch_text(state: TribesState, order: LaunchOrder) -> str:
    """A launch order in words."""
    parts = []
    if order.espionage is not None:
        parts.append(f"espionage against {side(state, order.espionage)}")
    if order.assassination is not None and order.assassination_post is not None:
        parts.append(f"assassination against {side(state, order.assassination)}, wrecking their "
                     f"{POST_NAMES[order.assassination_post]} post")
    return " and ".join(parts) or "nothing"


def launch_said(state: TribesState, order: LaunchOrder) -> Arg:
    """A launch order as a catalog phrase, as `launch_text` says it."""
    parts: list[Phrase] = []
    if order.espionage is not None:
        parts.append(phrase("launch.spy", target=words.tribe(state, order.espionage)))
    if order.assassination is not None and order.assassination_post is not None:
        parts.append(phrase("launch.kill", target=words.tribe(state, order.assassination),
                            post=words.post(order.assassination_post)))
    return listed(parts, "and") if parts else phrase("order.nothing")


def timeout(state: TribesState, player: int) -> Action:
    """§15.1: a silent player launches nothing."""
    return Action(PASS_ID, "Pass: launch nothing", phrase=phrase("label.pass-launch"))


def describe(state: TribesState, player: int) -> list[str]:
    """`player`'s launch order so far."""
    return words.english(describe_said(state, player))


def describe_phrases(state: TribesState, player: int) -> list[Phrase]:
    """`describe`'s lines as catalog phrases."""
    return words.phrases(describe_said(state, player))


def describe_said(state: TribesState, player: int) -> list[words.Said]:
    """`describe`'s lines, each with its phrase."""
    draft = _draft(state, player)
    if draft.done:
        return [("Your launch order is sealed; it is carried out when every order is in.",
                 phrase("launch.draft-sealed"))]
    lines = [(f"Your launch order so far: {launch_text(state, draft.launch)}.",
              phrase("launch.draft", order=launch_said(state, draft.launch)))]
    match draft.path:
        case ["spy"]:
            lines.append(("Espionage: choose the tribe to spy on.", phrase("launch.draft-spy")))
        case ["kill"]:
            lines.append(("Assassination: choose the target tribe.", phrase("launch.draft-kill")))
        case ["kill", target]:
            lines.append((f"Assassination of {side(state, int(target))}: choose the post to wreck.",
                          phrase("launch.draft-kill-post", target=words.side(state, int(target)))))
    return lines


def auto_step(state: TribesState, player: int) -> Action | None:
    """The sole target of an espionage or assassination being drafted (a 2-player game): a private step."""
    if player not in waiting(state):
        return None
    others = _others(state, player)
    path = _draft(state, player).path
    if len(others) != 1:
        return None
    if path == ["spy"]:
        return Action(step_id(Spy(others[0])), f"Spy on {side(state, others[0])}",
                      phrase=phrase("label.spy", side=words.side(state, others[0])))
    if path == ["kill"]:
        return Action(step_id(Kill(others[0])), f"Send the assassins to {side(state, others[0])}",
                      phrase=phrase("label.kill", side=words.side(state, others[0])))
    return None


def resolve(state: TribesState, events: list[Event]) -> None:
    """Assassinations all at once, then espionage in turn order (§7.2-7.3, R-T18); research follows."""
    orders = {p: _draft(state, p).launch for p in asked(state) if _draft(state, p).done}
    _assassinations(state, orders, events)
    for spy in state.turn_order():
        order = orders.get(spy)
        if order is not None and order.espionage is not None:
            _espionage(state, spy, order.espionage, events)
    state.drafts = {}
    state.research_queue = []
    state.phase = phases.RESEARCH
    queue_researchers(state)


def _assassinations(state: TribesState, orders: dict[int, LaunchOrder], events: list[Event]) -> None:
    """Every assassination compares values as they stand at the start of this step (R-T16, R-T17)."""
    launched = [(p, o.assassination, o.assassination_post) for p, o in orders.items()
                if o.assassination is not None and o.assassination_post is not None]
    if not launched:
        return
    value = {p: real(state.players[p].posts["assassination"]) for p, _t, _post in launched}
    guards = {t: real(state.players[t].posts["guards"]) for _p, t, _post in launched}
    results = []
    for killer, target, post in sorted(launched, key=lambda x: state.turn_order().index(x[0])):
        ok = value[killer] > guards[target]
        results.append((killer, target, post, ok))
        verdict = "succeeds" if ok else "fails"
        who, whom = words.tribe(state, killer), words.tribe(state, target)
        said = (phrase("assassination.succeeds", killer=who, target=whom, value=value[killer], guards=guards[target])
                if ok else
                phrase("assassination.fails", killer=who, target=whom, value=value[killer], guards=guards[target]))
        # G-T1: both compared values are told to everyone, win or lose
        events.append(public_event(
            f"{side_start(state, killer)} send assassins against {side(state, target)} ({value[killer]} GG against "
            f"guards of {guards[target]} GG): the assassination {verdict}.",
            "reveal", phrase=said, killer=killer, target=target, post=post, success=ok))
    for killer, _target, _post, _ok in results:
        empty_post(state, killer, "assassination", "used", events)  # R-T19
    for _killer, target, post, ok in results:
        if ok:
            empty_post(state, target, "guards", "destroyed", events)
            empty_post(state, target, post, "destroyed", events)


def _espionage(state: TribesState, spy: int, target: int, events: list[Event]) -> None:
    """One espionage against the guards as they stand now (R-T15); a wrecked post cannot spy."""
    bills = state.players[spy].posts["espionage"]
    who, whom = words.tribe(state, spy), words.tribe(state, target)
    if not bills:
        events.append(public_event(f"{possessive(side_start(state, spy))} espionage against {side(state, target)} is "
                                   "cancelled: their Espionage post was wrecked.", "info",
                                   phrase=phrase("espionage.cancelled", spy=who, target=whom), spy=spy, target=target))
        return
    value = real(bills)
    guards = real(state.players[target].posts["guards"])
    ok = value > guards  # R-T17: a tie favours the guards; G-T1: both values are told
    said = (phrase("espionage.succeeds", spy=who, target=whom, value=value, guards=guards) if ok else
            phrase("espionage.fails", spy=who, target=whom, value=value, guards=guards))
    events.append(public_event(
        f"{side_start(state, spy)} spy on {side(state, target)} ({value} GG against guards of {guards} GG): "
        f"the espionage {'succeeds' if ok else 'fails'}.", "reveal", phrase=said, spy=spy, target=target, success=ok))
    empty_post(state, spy, "espionage", "used", events)
    if not ok:
        return
    empty_post(state, target, "guards", "destroyed", events)
    hand = state.players[target].hand
    if not hand:
        events.append(public_event(f"{side_start(state, target)} hold no card: nothing is stolen.", "info",
                                   phrase=phrase("espionage.no-card", target=whom)))
        return
    rng = Rng(state.rng)
    card = hand.pop(rng.randbelow(len(hand)))
    state.rng = rng.state
    state.players[spy].hand.append(card)
    state.players[spy].vp += SPY_VP
    events.append(public_event(f"{side_start(state, spy)} steal a card from {side(state, target)} (+{SPY_VP} VP).",
                               "draw", phrase=phrase("espionage.steals", spy=who, target=whom, vp=SPY_VP),
                               spy=spy, target=target))
    events.append(private_event({spy, target}, f"The stolen card is {card_name(card)}.", "draw",
                                phrase=phrase("espionage.stolen-card", card=words.card(card)), card=card))


def draft_built(state: TribesState, player: int) -> bool:
    """Whether `player`'s launch order holds a launch that a pass would throw away."""
    return bool(_draft(state, player).history)


def discards(state: TribesState, player: int, action: Action) -> bool:
    """Whether `action` drops the launch order built so far: the pass (R-T46)."""
    return action.id == PASS_ID


def clear(state: TribesState, player: int) -> Action:
    """The step that empties the launch order (R-T46)."""
    return Action(CLEAR_ID, CLEAR_LABEL, phrase=phrase("label.clear"))


RULES = phases.PhaseRules(
    parse=parse,
    kind=DecisionKind.SIMULTANEOUS, waiting=waiting, prompt=prompt,
    prompt_phrase=prompt_phrase, legal=legal, apply=apply, timeout=timeout,
    describe=describe, describe_phrases=describe_phrases, auto_step=auto_step, complete=resolve,
    label="Phase 3: launch orders",
    draft_built=draft_built, discards=discards, clear=clear, shortcuts=shortcuts, typed_prefixes=(WHOLE_LAUNCH,),
)
