"""Playing: a user's submit (with the AI seats that follow it) and undo."""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from db.rows import ActionRow, effective_moves
from db.store import Store
from engine.core.actions import Action
from engine.core.decisions import DecisionKind
from engine.core.errors import IllegalAction
from engine.core.events import Event, public_event
from engine.core.game import Game, reveals_information
from host.ai_turns import AiTurns
from host.announce import Announcement, Applied, move_result
from host.batch import Batch
from host.commit import Committer, Conflict
from host.errors import IllegalMove, NotYourTurn, StaleVersion, UndoNotAllowed
from host.live import LiveGame, replay_log
from host.results import ActionChoice, MoveResult, MoveSource, UpdateKind
from host.screens import seats_of, situation, waiting_for, who_plays
from host.tables import Tables, require_active

log = logging.getLogger(__name__)

UserLabel = Callable[[int], str]

# How often a submit re-checks after losing a race against another process.
MAX_CONFLICT_RETRIES = 3


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
                submitted = ActionChoice(action.id, action.label, action.phrase)
                return replace(result, submitted=submitted, public_change=public)
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
            who = who_plays(self._user_label, live, last.player)
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
        raise IllegalMove(exc, live.game_name) from exc


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
