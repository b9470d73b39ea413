"""Playing: a user's submit (with the AI seats that follow it), undo, and the private panel's extras."""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, TypeVar

from db.rows import ActionRow, effective_moves
from db.store import Store
from engine.core.actions import Action
from engine.core.decisions import DecisionKind
from engine.core.errors import IllegalAction
from engine.core.events import Event, public_event
from engine.core.game import Game, reveals_information
from engine.core.picks import MultiPick
from host.ai_turns import AiTurns
from host.announce import Announcement, Applied, move_result
from host.batch import Batch
from host.commit import Committer, Conflict
from host.errors import GameNotActive, IllegalMove, NotSeated, NotYourTurn, StaleVersion, UndoNotAllowed
from host.live import LiveGame, replay_log
from host.results import ActionChoice, MoveResult, MoveSource, TableStatus, UpdateKind
from host.tables import Tables, require_active

log = logging.getLogger(__name__)

T = TypeVar("T")

UserLabel = Callable[[int], str]

# How often a submit re-checks after losing a race against another process.
MAX_CONFLICT_RETRIES = 3


def _who(user_label: UserLabel, live: LiveGame, player: int) -> str:
    seat = live.seat_of_player(player)
    return user_label(seat.user_id) if seat and seat.user_id is not None else f"AI player {player}"


def situation(user_label: UserLabel, live: LiveGame) -> str:
    """A short public description of what the game waits for now (who, and for what)."""
    if live.status != TableStatus.ACTIVE:
        return f"the game is {live.status.value}."
    names = [f"{_who(user_label, live, d.player)}: {d.prompt}" for d in live.decisions]
    return ("waiting for " + "; ".join(names) + ".") if names else "nothing is pending."


def waiting_for(user_label: UserLabel, live: LiveGame) -> str:
    """Who the game waits for, for a NotYourTurn message."""
    return ", ".join(_who(user_label, live, d.player) for d in live.decisions) or "nobody"


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


def pick_player(user_label: UserLabel, live: LiveGame, user_id: int, expected_version: int, player: int | None) -> int:
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
            raise StaleVersion(expected_version, live.version, situation(user_label, live))
        return fresh[0]
    if not pending:
        raise NotYourTurn(waiting_for(user_label, live))
    return pending[0]


class Moves:
    """A user's moves: submit and undo, each checked, stored and announced under the game's lock.

    `tables` gives the games, `committer` stores the moves, `ai` plays the AI seats that follow,
    `store` reads a game's log (undo), `user_label` names players in refusals and notes.
    """

    def __init__(
        self, tables: Tables, committer: Committer, ai: AiTurns, store: Store, user_label: UserLabel
    ) -> None:
        self._tables = tables
        self._committer = committer
        self._ai = ai
        self._store = store
        self._user_label = user_label

    async def submit(
        self, game_id: int, user_id: int, action_id: str, expected_version: int, player: int | None
    ) -> MoveResult:
        """See TableService.submit."""
        tables = self._tables
        async with tables.locked(game_id):
            live = await tables.load_locked(game_id)
            for attempt in range(MAX_CONFLICT_RETRIES + 1):
                if expected_version > live.version:
                    # The click saw a newer game than our cache: another process moved it.
                    live = await tables.load_locked(game_id, fresh=True)
                require_active(live)
                acting = pick_player(self._user_label, live, user_id, expected_version, player)
                before = live.public_state()
                action = _parsed(live, acting, action_id)
                batch = Batch(live)
                batch.apply(acting, action, MoveSource.HUMAN, user_id)
                applied: list[Applied] = []
                try:
                    # The AI seats that follow are stored with the move: one transaction, one announcement.
                    await self._ai.play(live, applied, batch)
                except Conflict:
                    log.info("game %s: lost a race to another writer (attempt %s)", game_id, attempt + 1)
                    live = await tables.load_locked(game_id, fresh=True)
                    continue
                # A player who acts again is no longer played for by the AFK policy.
                tables.absence.returned(game_id, acting)
                result = move_result(live, applied)
                public = bool(result.public_events) or live.public_state() != before
                return replace(result, submitted=ActionChoice(action.id, action.label), public_change=public)
            require_active(live)
            raise StaleVersion(expected_version, live.version, situation(self._user_label, live))

    async def undo(self, game_id: int, user_id: int) -> MoveResult:
        """See TableService.undo."""
        async with self._tables.locked(game_id):
            live = await self._tables.load_locked(game_id)
            require_active(live)
            if not live.settings.undo:
                raise UndoNotAllowed("Undo is off at this table (the host can turn it on).")
            rows = await self._store.list_actions(game_id)
            last = _undoable(live, rows, user_id)
            assert live.players is not None
            kept = [r for r in rows if r.seq <= last.seq]  # the log up to the move, undo markers included
            state = replay_log(live.game, live.players, live.seed, live.options, kept[:-1])
            who = _who(self._user_label, live, last.player)
            note = public_event(f"{who} took back their last move.", "undo", player=last.player)
            try:
                applied = await self._committer.commit_state(
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
                self._tables.forget(game_id)
                raise UndoNotAllowed("The game moved on while you asked; nothing was taken back.") from None
            return move_result(live, [applied])


def _undoable(live: LiveGame, rows: list[ActionRow], user_id: int) -> ActionRow:
    """The last effective move of the log if this user may take it back; UndoNotAllowed says why not."""
    moves = effective_moves(rows)
    if not moves:
        raise UndoNotAllowed("There is no move to take back.")
    last = moves[-1]
    if last.source != MoveSource.HUMAN or last.user_id != user_id:
        raise UndoNotAllowed("Only the player who made the last move can take it back, before anyone else acts.")
    refusal = undo_refusal(live.game, live.state, [Event.from_json(e) for e in last.events])
    if refusal:
        raise UndoNotAllowed(refusal)
    return last


def _parsed(live: LiveGame, player: int, action_id: str) -> Action:
    """The engine's action for this id; IllegalMove when it is not one."""
    try:
        return live.game.parse_action(live.state, player, action_id)
    except IllegalAction as exc:
        raise IllegalMove(exc) from exc


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


def panel_details(
    live: LiveGame, user_id: int, player: int | None, pick_ids: Sequence[str] | None = None
) -> PanelDetails:
    """See TableService.panel_details (for the game as it stands in `live`)."""
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
