""""Since your last move": what a player may know of the moves made since their own last one.

A game's effective log is replayed once into a `Tape` and then advanced move by move as the game goes on, so a
recap at each turn start costs the moves since the last one, not the whole game. The tape holds every
audience's events and the spectator's view after each move; it keeps only the moves since the oldest "last
move" of any player (nobody's recap reaches further back). What leaves this module is a `Recap`: public views,
public events and the one reader's own private events, never anyone else's secret. Pure CPU work given the
stored rows: the service runs it in a worker thread.
"""

from __future__ import annotations

import asyncio
import logging
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any

from db.rows import ActionRow, effective_moves
from db.store import Store
from engine.core.events import Event
from engine.core.game import Game
from engine.core.spacing import evenly_spaced
from host.live import LiveGame
from host.results import Recap, RecapFrame, RecapMove, TableStatus

log = logging.getLogger(__name__)

# A recap's animation shows at most this many boards: enough to follow a round, small enough for a phone.
MAX_FRAMES = 12


def thin(count: int, limit: int = MAX_FRAMES) -> list[int]:
    """Indices of `count` frames to keep at most `limit` of: evenly spaced, the first and the last always kept."""
    return evenly_spaced(count, limit)


@dataclass(frozen=True, slots=True)
class _Entry:
    """One replayed move: its events for every audience and the spectator's view after it."""

    seq: int
    player: int
    events: tuple[Event, ...]
    public_view: dict[str, Any]

    @property
    def public_change(self) -> bool:
        """Whether the move told everyone something (a frame of the animation)."""
        return any(e.public for e in self.events)


@dataclass
class Tape:
    """A game's log replayed up to `version`, with the moves since the oldest last move of any player.

    Holds hidden state: only `recap` reads it, and it filters what it returns by the reader.
    """

    game: Game[Any]
    players: int
    seed: int
    options: dict[str, Any]
    version: int = 0
    state: Any = None
    applied: list[int] = field(default_factory=list)  # the seqs of the effective moves replayed, in order
    last_move: dict[int, int] = field(default_factory=dict)  # player -> seq of their last effective move
    entries: list[_Entry] = field(default_factory=list)

    @classmethod
    def build(cls, game: Game[Any], players: int, seed: int, options: dict[str, Any], rows: list[ActionRow]) -> Tape:
        """A tape of the whole stored log (undone moves left out)."""
        tape = cls(game, players, seed, dict(options))
        tape.state = game.new_game(players, seed, tape.options)
        moves = effective_moves(rows)
        # Moves before everybody's last one are never shown: replay them without keeping their views.
        last: dict[int, int] = {}
        for row in moves:
            last[row.player] = row.seq
        keep_from = min(last.values(), default=0)
        tape._apply(moves, keep_from)
        tape.version = rows[-1].seq if rows else 0
        return tape

    def advance(self, rows: list[ActionRow]) -> bool:
        """Replay the stored log entries after `version` (`rows`, in seq order); False (nothing changed) when one
        of them takes a move back: build a new tape then."""
        if any(r.source == "undo" for r in rows) or [r.seq for r in rows] != list(
                range(self.version + 1, self.version + 1 + len(rows))):
            return False
        self._apply(rows, 0)
        self.version = rows[-1].seq if rows else self.version
        return True

    def _apply(self, moves: list[ActionRow], keep_from: int) -> None:
        game = self.game
        for row in moves:
            action = game.parse_action(self.state, row.player, row.action_id)
            self.state, events = game.apply(self.state, row.player, action)
            self.applied.append(row.seq)
            self.last_move[row.player] = row.seq
            if row.seq >= keep_from:
                self.entries.append(_Entry(row.seq, row.player, tuple(events), game.view(self.state, None)))
        self._trim()

    def _trim(self) -> None:
        """Forget the moves before the oldest last move of any player: no recap starts earlier."""
        oldest = min(self.last_move.values(), default=0)
        cut = next((i for i, e in enumerate(self.entries) if e.seq >= oldest), len(self.entries))
        if cut:
            del self.entries[:cut]

    def recap(self, game_id: int, game_name: str, player: int) -> Recap | None:
        """What `player` may know of the moves since their own last one; None on their first turn (no earlier
        move) or when nothing they may see happened since."""
        since = self.last_move.get(player)
        if since is None:
            return None
        start = next((i for i, e in enumerate(self.entries) if e.seq == since), None)
        if start is None:  # cannot happen while the trim keeps every last move; said plainly if it ever does
            log.warning("game %s: the recap tape lost the last move of player %s", game_id, player)
            return None
        moves: list[RecapMove] = []
        frames = [RecapFrame(since, self.entries[start].public_view)]
        for entry in self.entries[start + 1:]:
            seen = tuple(e for e in entry.events if e.visible_for(player))
            if seen:
                moves.append(RecapMove(entry.seq, entry.player, seen))
            if entry.public_change:
                frames.append(RecapFrame(entry.seq, entry.public_view, tuple(e for e in entry.events if e.public)))
        if not moves:
            return None
        return Recap(game_id, game_name, player, self.version, since, tuple(moves), thinned(frames), len(frames) - 1)


def thinned(frames: list[RecapFrame]) -> tuple[RecapFrame, ...]:
    """At most MAX_FRAMES of `frames`, evenly spaced; a kept frame carries the events of those dropped before it,
    so its caption still tells everything that led to it."""
    kept: list[RecapFrame] = []
    waiting: list[Event] = []
    chosen = set(thin(len(frames)))
    for i, frame in enumerate(frames):
        waiting.extend(frame.events)
        if i in chosen:
            kept.append(RecapFrame(frame.seq, frame.public_view, tuple(waiting)))
            waiting = []
    return tuple(kept)


# How many games' tapes stay in memory (each holds about one round of views); the oldest is replayed again.
TAPES_KEPT = 256


class Recaps:
    """The tapes of the games recaps were asked of, advanced as their games go on (see `recap`)."""

    def __init__(self, store: Store, keep: int = TAPES_KEPT) -> None:
        self._store = store
        self._keep = keep
        self._tapes: OrderedDict[int, Tape] = OrderedDict()
        self._locks: dict[int, asyncio.Lock] = {}

    def forget(self, game_id: int) -> None:
        """Drop a game's tape (it ended, or its stored log was replaced)."""
        self._tapes.pop(game_id, None)
        self._locks.pop(game_id, None)

    async def recap(self, live: LiveGame, player: int) -> Recap | None:
        """`player`'s recap of the game as it stands in `live` (see `Tape.recap`); None when the game does not
        run, or when the stored log is at another version than `live` (a move landed meanwhile: the next read
        gives it). A log that no longer replays gives no recap (logged): it never stops a screen."""
        if live.status is not TableStatus.ACTIVE or live.players is None or live.state is None:
            return None
        lock = self._locks.setdefault(live.id, asyncio.Lock())
        async with lock:
            tape = self._tapes.get(live.id)
            if tape is not None and (tape.game is not live.game or tape.seed != live.seed):
                tape = None
            if tape is None or tape.version < live.version:
                try:
                    tape = await self._caught_up(live, tape)
                except Exception:
                    log.exception("game %s: the recap could not replay the log", live.id)
                    self._tapes.pop(live.id, None)
                    return None
                self._tapes[live.id] = tape
            self._tapes.move_to_end(live.id)
            while len(self._tapes) > self._keep:
                old, _ = self._tapes.popitem(last=False)
                self._locks.pop(old, None)
            if tape.version != live.version:
                return None
            return tape.recap(live.id, live.game_name, player)

    async def _caught_up(self, live: LiveGame, tape: Tape | None) -> Tape:
        """`tape` advanced to the stored log's end, or a new tape of the whole log (in a worker thread: a long
        game's first replay is pure CPU work)."""
        if tape is not None:
            rows = await self._store.list_actions(live.id, after=tape.version)
            if await asyncio.to_thread(tape.advance, rows):
                return tape
        players = live.players or 0
        rows = await self._store.list_actions(live.id)
        return await asyncio.to_thread(Tape.build, live.game, players, live.seed, live.options, rows)
