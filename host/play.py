"""Playing: a user's submit, the AI seats that follow it, and undo."""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, TypeVar

from db.rows import effective_moves
from engine.core.actions import Action
from engine.core.decisions import DecisionKind
from engine.core.errors import IllegalAction
from engine.core.events import Event, public_event
from engine.core.game import Game, reveals_information
from engine.core.picks import MultiPick
from host.ai_worker import AiJob, decide_action
from host.batch import Batch, ai_seed
from host.core import Announcement, Applied, Conflict, Core
from host.errors import CannotSave, GameNotActive, IllegalMove, NotSeated, NotYourTurn, StaleVersion, UndoNotAllowed
from host.live import LiveGame, replay_log
from host.results import (
    ActionChoice,
    AiLevel,
    MoveResult,
    MoveSource,
    PostMode,
    TableStatus,
    TableUpdate,
    UpdateKind,
)

log = logging.getLogger(__name__)

T = TypeVar("T")

# An all-AI game plays to its end inside one call; this only stops a game that never ends.
MAX_AI_MOVES = 50_000
# AI moves stored per transaction.
AI_BATCH = 500
# How an ordinary run of moves is announced.
MOVES = Announcement(UpdateKind.MOVES)
# A quick-level AI decision slower than this (seconds) is logged: it held up every table.
SLOW_INLINE = 0.1
# How often a submit re-checks after losing a race against another process.
MAX_CONFLICT_RETRIES = 3


def _who(core: Core, live: LiveGame, player: int) -> str:
    seat = live.seat_of_player(player)
    return core.user_label(seat.user_id) if seat and seat.user_id is not None else f"AI player {player}"


def situation(core: Core, live: LiveGame) -> str:
    """A short public description of what the game waits for now (who, and for what)."""
    if live.status != TableStatus.ACTIVE:
        return f"the game is {live.status.value}."
    names = [f"{_who(core, live, d.player)}: {d.prompt}" for d in live.decisions]
    return ("waiting for " + "; ".join(names) + ".") if names else "nothing is pending."


def waiting_for(core: Core, live: LiveGame) -> str:
    """Who the game waits for, for a NotYourTurn message."""
    return ", ".join(_who(core, live, d.player) for d in live.decisions) or "nobody"


def seats_of(live: LiveGame, user_id: int, player: int | None) -> list[int]:
    """The player indexes the user acts for: all they hold, or the one named; NotSeated otherwise."""
    mine = live.players_of(user_id)
    if not mine:
        raise NotSeated()
    if player is None:
        return mine
    if player not in mine:
        raise NotSeated("You do not hold that seat.")
    return [player]


def pick_player(core: Core, live: LiveGame, user_id: int, expected_version: int, player: int | None) -> int:
    """The pending player this click acts for, after the seat, stale-click and turn checks.

    A button stays valid while the decision it was built for is still open: a
    simultaneous choice is not made stale by the other players' choices, but a
    player's own earlier buttons are stale once they moved.
    """
    mine = seats_of(live, user_id, player)
    pending = [d.player for d in live.decisions if d.player in mine]
    if expected_version != live.version:
        fresh = [p for p in pending if live.since.get(p, live.version) <= expected_version <= live.version]
        if not fresh:
            raise StaleVersion(expected_version, live.version, situation(core, live))
        return fresh[0]
    if not pending:
        raise NotYourTurn(waiting_for(core, live))
    return pending[0]


async def submit(
    core: Core, game_id: int, user_id: int, action_id: str, expected_version: int, player: int | None
) -> MoveResult:
    """See TableService.submit."""
    async with core.locked(game_id):
        live = await core.load_locked(game_id)
        for attempt in range(MAX_CONFLICT_RETRIES + 1):
            if expected_version > live.version:
                # The click saw a newer game than our cache: another process moved it.
                live = await core.load_locked(game_id, fresh=True)
            core.require_active(live)
            acting = pick_player(core, live, user_id, expected_version, player)
            before = live.public_state()
            try:
                action = live.game.parse_action(live.state, acting, action_id)
            except IllegalAction as exc:
                raise IllegalMove(exc) from exc
            batch = Batch(live)
            batch.apply(acting, action, MoveSource.HUMAN, user_id)
            applied: list[Applied] = []
            try:
                # The AI seats that follow are stored with the move: one transaction, one announcement.
                await play_ai(core, live, applied, batch)
            except Conflict:
                log.info("game %s: lost a race to another writer (attempt %s)", game_id, attempt + 1)
                live = await core.load_locked(game_id, fresh=True)
                continue
            # A player who acts again is no longer played for by the AFK policy.
            core.ai.absent.get(game_id, set()).discard(acting)
            result = core.result(live, applied)
            public = bool(result.public_events) or live.public_state() != before
            return replace(result, submitted=ActionChoice(action.id, action.label), public_change=public)
        core.require_active(live)
        raise StaleVersion(expected_version, live.version, situation(core, live))


async def play_ai(
    core: Core,
    live: LiveGame,
    applied: list[Applied],
    first: Batch | None = None,
    announcement: Announcement = MOVES,
) -> None:
    """Play pending AI seats and auto-passed reaction windows until a human must decide; each move is logged.

    `first` is a batch already holding moves (a human's submit): the AI moves that
    follow join it and it is stored even when no AI moves; a Conflict storing it
    is raised (the submit re-checks). Every stored batch is announced with
    `announcement`. The moves of one AI run are stored in one transaction (one
    disk sync): none of them was acknowledged to anyone, and after a crash
    recovery plays them again identically (the AI's choice depends only on the
    seed and the state). A failure here never undoes what is already committed:
    it is logged, the game keeps its ai_pending mark, and startup recovery tries again.

    Only quick levels (host.ai_worker.QUICK_LEVELS) are decided here, on the loop. When the
    game then waits on a slow one (hard), the batch is stored as it stands and the game's
    background AI turn (`ai_turn`) takes over: the caller (a human's ✅) never waits for a search.
    """
    total = 0
    batch = first
    while total < MAX_AI_MOVES:
        if batch is None:
            batch = Batch(live)
        failed = False
        while len(batch.steps) < AI_BATCH and live.status == TableStatus.ACTIVE:
            waiting = [d for d in batch.decisions if live.is_ai(d.player) or live.auto_passes(d)]
            if not waiting or live.game.outcome(batch.state) is not None:
                break
            inline = [d for d in waiting if not (live.is_ai(d.player) and core.ai.in_worker(live.ai_level(d.player)))]
            if not inline:
                break  # only slow decisions are left: the background AI turn takes them once this is stored
            player = inline[0].player
            try:
                if live.is_ai(player):
                    seed = ai_seed(live.seed, batch.seq + 1, player)
                    started = time.perf_counter()
                    action = decide_action(live.game, batch.state, player, live.ai_level(player), seed, None)
                    took = time.perf_counter() - started
                    core.metrics.ai_decided(live.game_name, live.ai_level(player).value, took)
                    if took > SLOW_INLINE:
                        # Every other table waited this long: a quick level should stay in milliseconds.
                        log.warning("game %s: a %s AI decision took %.3fs on the event loop", live.id,
                                    live.ai_level(player).value, took)
                    batch.apply(player, action, MoveSource.AI, None)
                else:
                    # "Never ask me": the window closes as a pass, the game's timeout default (R-A36).
                    batch.apply(player, live.game.timeout_action(batch.state, player), MoveSource.TIMEOUT, None)
            except Exception:
                log.exception("game %s: the AI failed to move for player %s", live.id, player)
                failed = True
                break
        if not batch.steps:
            break
        try:
            stored = await core.store(batch, announcement)
        except Conflict:
            if batch is first:
                raise
            log.warning("game %s: another writer moved during an AI turn; leaving it to them", live.id)
            core.forget(live.id)
            return
        except CannotSave:
            if batch is first:
                raise
            # What came before is stored and answered; these AI moves wait (ai_pending) for the next try.
            log.info("game %s: AI moves not stored, the store cannot save right now", live.id)
            return
        applied.extend(stored)
        total += len(stored)
        batch = None
        if failed:
            return
    else:
        log.error("game %s: stopped after %s AI moves in a row", live.id, MAX_AI_MOVES)
        return
    plan_ai_turn(core, live)


# -- slow AI decisions, off the event loop -------------------------------------------------------


@dataclass(frozen=True, slots=True)
class WorkerDecision:
    """A pending decision the worker takes: whose, at which level, and whether for an absent human."""

    player: int
    level: AiLevel
    absent: bool = False


def worker_decision(core: Core, live: LiveGame) -> WorkerDecision | None:
    """The first pending decision of the game that the worker must take, or None (a human's turn, the end)."""
    if live.status != TableStatus.ACTIVE or live.state is None or live.game.outcome(live.state) is not None:
        return None
    absent = core.ai.absent.get(live.id, set())
    for d in live.decisions:
        if live.is_ai(d.player):
            level = live.ai_level(d.player)
            if core.ai.in_worker(level):
                return WorkerDecision(d.player, level)
        elif d.player in absent:
            return WorkerDecision(d.player, live.settings.afk_level, absent=True)
    return None


def plan_ai_turn(core: Core, live: LiveGame) -> None:
    """Start the game's background AI turn if it waits on a slow AI decision (no-op when one runs)."""
    if worker_decision(core, live) is not None:
        game_id = live.id
        core.ai.schedule(game_id, lambda: ai_turn(core, game_id))


def _forget_absent(core: Core, live: LiveGame) -> None:
    """Stop playing for absent humans whose decision closed (their next one is theirs again)."""
    absent = core.ai.absent.get(live.id)
    if absent is None:
        return
    pending = {d.player for d in live.decisions} if live.status == TableStatus.ACTIVE else set()
    absent &= pending
    if not absent:
        core.ai.absent.pop(live.id, None)


def absent_announcement(core: Core, live: LiveGame, player: int) -> Announcement:
    """How moves the AFK policy's AI makes for an absent player are announced (the table hears why)."""
    seat = live.seat_of_player(player)
    user = seat.user_id if seat else None
    who = core.user_label(user) if user is not None else "An AI player"
    return Announcement(UpdateKind.AFK, f"{who} was away: the AI played for them.")


async def ai_turn(core: Core, game_id: int) -> None:
    """The game's background AI turn: slow decisions computed in the worker, each stored under the lock.

    The state is read without the lock and the worker thinks while humans go on clicking (their
    simultaneous choices included). The chosen move is stored only if the game is still at the version
    the worker saw; otherwise the decision is dropped and planned again from the new state. Quick AI
    seats that follow are played inline (`play_ai`). Ends when no slow decision is pending; a restart
    plans an interrupted one again (recovery, the games.ai_pending mark).
    """
    loop = asyncio.get_running_loop()
    while not core.ai.closed:
        live = await core.get(game_id)
        _forget_absent(core, live)
        wanted = worker_decision(core, live)
        if wanted is None:
            return  # no await since the check: nobody can have asked for a turn in between
        job = AiJob(
            game_id=game_id,
            version=live.version,
            game_name=live.game_name,
            state_dump=live.game.dump(live.state),
            player=wanted.player,
            level=wanted.level,
            seed=ai_seed(live.seed, live.version + 1, wanted.player),
            absent=wanted.absent,
        )
        thinking = loop.call_later(core.ai.thinking_after, _show_thinking_soon, core, job)
        started = time.perf_counter()
        action_id: str | None
        try:
            action_id = await core.ai.compute(core.resolve, job)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("game %s: the %s AI failed for player %s; a normal decision stands in", game_id,
                          job.level.value, job.player)
            action_id = None
        finally:
            thinking.cancel()
        log.debug("game %s: %s AI decided for player %s in %.3fs", game_id, job.level.value, job.player,
                  time.perf_counter() - started)
        core.metrics.ai_decided(job.game_name, job.level.value, time.perf_counter() - started)
        async with core.locked(game_id):
            live = await core.load_locked(game_id)
            if live.status != TableStatus.ACTIVE:
                return  # cancelled, finished or set aside while the AI thought
            if live.version != job.version or job.player not in {d.player for d in live.decisions}:
                log.info("game %s: the game moved on while the AI thought; planning again", game_id)
                continue
            action = _chosen_action(live, job, action_id)
            if action is None:
                return  # logged; the game keeps its ai_pending mark and a restart tries again
            batch = Batch(live)
            batch.apply(job.player, action, MoveSource.AI, None)
            announcement = absent_announcement(core, live, job.player) if job.absent else MOVES
            try:
                await play_ai(core, live, [], batch, announcement)
            except Conflict:
                log.info("game %s: another writer moved while the AI thought; planning again", game_id)
                core.forget(game_id)


def _chosen_action(live: LiveGame, job: AiJob, action_id: str | None) -> Action | None:
    """The worker's choice as an engine action; a normal-level decision when it failed or is not legal."""
    if action_id is not None:
        try:
            return live.game.parse_action(live.state, job.player, action_id)
        except IllegalAction:
            log.error("game %s: the worker chose %r, which is not legal; a normal decision stands in",
                      live.id, action_id)
    try:
        return decide_action(live.game, live.state, job.player, AiLevel.NORMAL, job.seed, None)
    except Exception:
        log.exception("game %s: no AI decision for player %s", live.id, job.player)
        return None


THINKING = "🤖 {name} is thinking…"


def _show_thinking_soon(core: Core, job: AiJob) -> None:
    """The decision is taking longer than `thinking_after`: tell the channel (in a task of its own)."""
    if not core.ai.closed:
        core.ai.background(show_thinking(core, job))


async def show_thinking(core: Core, job: AiJob) -> bool:
    """Edit the table's live status message to add "🤖 … is thinking…"; False when there is nothing to edit.

    Through the outbox like every message, under the game's lock and only while the game is still at the
    job's version, so the line can never arrive after the move it announces. The line is not kept in the
    message's narration: the AI's move, edited in next, replaces it.
    """
    async with core.locked(job.game_id):
        live = core.cache.get(job.game_id)
        if live is None or live.version != job.version or live.status != TableStatus.ACTIVE:
            return False
        if live.status_events is None:
            return False  # the live status message is unknown (after a restart): say nothing rather than post anew
        line = public_event(THINKING.format(name=f"{{p{job.player}}}"), "thinking", player=job.player)
        update = TableUpdate(
            game_id=live.id,
            kind=UpdateKind.MOVES,
            headline="",
            version=live.version,
            public_events=(*live.status_events, line),
            public_view=live.game.view(live.state, None),
            pending=live.pending_players(),
            mode=PostMode.EDIT,
        )
        await core.enqueue(live, [core.table_post(live, update)])
        log.info("game %s: the %s AI is thinking for player %s", live.id, job.level.value, job.player)
        return True


def undo_refusal(game: Game[Any], state_after: Any, events: list[Event]) -> str | None:
    """Why the move that produced `events` and `state_after` cannot be taken back, or None if it can."""
    if reveals_information(events):
        return "That move revealed something (a roll, a card, a secret), so it cannot be taken back."
    # A reaction window opens only when the defender holds a legal response, so its
    # opening already told the mover something about a hidden hand.
    if any(d.kind == DecisionKind.REACTION for d in game.pending(state_after)):
        return (
            "That move gave an opponent a chance to react, which tells you something about their hand, "
            "so it cannot be taken back."
        )
    return None


async def undo(core: Core, game_id: int, user_id: int) -> MoveResult:
    """See TableService.undo."""
    async with core.locked(game_id):
        live = await core.load_locked(game_id)
        core.require_active(live)
        if not live.settings.undo:
            raise UndoNotAllowed("Undo is off at this table (the host can turn it on).")
        rows = await core.db.list_actions(game_id)
        moves = effective_moves(rows)
        if not moves:
            raise UndoNotAllowed("There is no move to take back.")
        last = moves[-1]
        if last.source != MoveSource.HUMAN or last.user_id != user_id:
            raise UndoNotAllowed("Only the player who made the last move can take it back, before anyone else acts.")
        refusal = undo_refusal(live.game, live.state, [Event.from_json(e) for e in last.events])
        if refusal:
            raise UndoNotAllowed(refusal)
        assert live.players is not None
        kept = [r for r in rows if r.seq <= last.seq]  # the log up to the move, undo markers included
        state = replay_log(live.game, live.players, live.seed, live.options, kept[:-1])
        note = public_event(f"{_who(core, live, last.player)} took back their last move.", "undo", player=last.player)
        try:
            applied = await core.commit_state(
                live,
                state,
                player=last.player,
                source=MoveSource.UNDO,
                user_id=user_id,
                undoes=last.seq,
                events=[note],
                announcement=Announcement(UpdateKind.UNDO),
            )
        except Conflict:
            core.forget(game_id)
            raise UndoNotAllowed("The game moved on while you asked; nothing was taken back.") from None
        return core.result(live, [applied])


# -- the private panel's extras ---------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PanelDetails:
    """What a player's panel shows beside the step's choices, all in words from the engine.

    `situation`: their private situation in short sentences; `names`: the side each player plays;
    `pick`: the step as one 'pick k of n' menu; `shortcuts`: whole compound orders in one action;
    `auto`: the single forward choice of a private draft step, which the front end takes for them;
    `pick_action`: the one action making the pick asked for (when `pick_ids` were given).
    """

    player: int | None
    version: int
    situation: tuple[str, ...] = ()
    names: Mapping[int, str] = field(default_factory=dict)
    pick: MultiPick | None = None
    shortcuts: tuple[ActionChoice, ...] = ()
    auto: ActionChoice | None = None
    pick_action: ActionChoice | None = None


def _engine_extra(live: LiveGame, what: str, call: Callable[[], T], default: T) -> T:
    """One optional engine description; a failing one is logged and left out, so the panel still opens."""
    try:
        return call()
    except Exception:
        log.exception("game %s: the engine's %s failed", live.id, what)
        return default


async def panel_details(
    core: Core, game_id: int, user_id: int, player: int | None, pick_ids: Sequence[str] | None = None
) -> PanelDetails:
    """See TableService.panel_details."""
    live = await core.get(game_id)
    if live.state is None:
        raise GameNotActive(live.status.value)
    mine = seats_of(live, user_id, player)
    pending = [d.player for d in live.decisions if d.player in mine] if live.status == TableStatus.ACTIVE else []
    seat = pending[0] if pending else mine[0]
    game, state = live.game, live.state
    players = live.players or 0
    names: dict[int, str] = _engine_extra(
        live, "player names", lambda: {p: game.player_name(state, p) for p in range(players)}, {}
    )
    described: list[str] = _engine_extra(live, "private description", lambda: game.describe_private(state, seat), [])
    situation = tuple(described)
    if not pending:
        return PanelDetails(seat, live.version, situation, names)
    pick = _engine_extra(live, "pick menu", lambda: game.multi_pick(state, seat), None)
    orders: list[Action] = _engine_extra(live, "shortcuts", lambda: game.shortcuts(state, seat), [])
    shortcuts = tuple(ActionChoice(a.id, a.label) for a in orders)
    auto_action = _engine_extra(live, "single step", lambda: game.auto_step(state, seat), None)
    auto = ActionChoice(auto_action.id, auto_action.label) if auto_action is not None else None
    chosen = None
    if pick_ids is not None:
        try:
            action = game.pick_action(state, seat, list(pick_ids))
        except IllegalAction as exc:
            raise IllegalMove(exc) from exc
        chosen = ActionChoice(action.id, action.label)
    return PanelDetails(seat, live.version, situation, names, pick, shortcuts, auto, chosen)
