"""The storage seam: `Store`, everything host/ stores or reads, one domain-level call per transaction or read.

host/ talks only to a Store (never to SQL, a connection or a driver), so the same table service runs
on SQLite (db/sqlite_store.py) and on PostgreSQL (db/postgres/). Each method is ONE transaction or one
consistent read. Guarded writes that find the stored data other than expected raise a
`db.errors.WriteConflict` subclass and write nothing; no driver exception ever leaves a store for a
conflict. Arguments and results are the plain dataclasses below and in db/rows.py.

`open_store(url)` (db/url.py) picks the implementation from a `sqlite:///…` or `postgresql://…` URL.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from db.rating_rows import FinishedGame, RatingWrite, SeatRating, SkillRow, Subject, TurnCount
from db.rows import TURN, ActionRow, DeadlineRow, GameRow, MessageRef, NewMessage, OutboxRow, SeatRow
from db.stat_rows import StatsFilter, StatsGame, TurnTime

# -- arguments ---------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class DeadlinePlan:
    """How a write re-plans a game's deadlines (see `replan` in db/deadlines.py for the exact rule).

    Deadlines of players no longer `pending` are dropped, new ones added; players in `reset` (the
    one who just moved) start afresh. `due_at` None: turn deadlines (reminders, AFK policy) are off.
    `timers` maps each player whose decision has a rules timer to (REACTION or RULES, when it runs
    out). `keep_timers` restarts only the turn rows of `reset` (the rules' timers keep running).
    `early` gives some pending players a turn row due sooner than `due_at`, even when turn deadlines are
    off (a player on vacation at a table whose AI plays for them: at once). New rows carry `version`.
    """

    pending: frozenset[int]
    reset: frozenset[int]
    due_at: float | None
    version: int
    timers: Mapping[int, tuple[str, float]] = field(default_factory=dict)
    keep_timers: bool = False
    early: Mapping[int, float] = field(default_factory=dict)

    def planned(self) -> dict[tuple[int, str], float]:
        """Every row the plan asks for, (player, kind) -> when it falls due: each pending player's rules
        timer, and their turn row when turns have one (or when they are due early)."""
        planned = {(p, kind): due for p, (kind, due) in self.timers.items() if p in self.pending}
        for player in self.pending:
            due = self.early.get(player, self.due_at)
            if due is not None:
                planned[(player, TURN)] = due if self.due_at is None else min(due, self.due_at)
        return planned


@dataclass(frozen=True, slots=True)
class NewGame:
    """A new lobby: the game row, its first seats ((user id or None for an AI, AI level) in join order)
    and the messages announcing it (stored under the new game's id: their own game_id is ignored)."""

    guild_id: int | None
    channel_id: int
    game_name: str
    options: dict[str, Any]
    seed: int
    host_user_id: int
    settings: dict[str, Any]
    seats: tuple[tuple[int | None, str], ...]
    messages: tuple[NewMessage, ...]
    now: float


@dataclass(frozen=True, slots=True)
class SeatAdd:
    """One more lobby seat (user, or AI for None), only over the row at `revision` and with `status`,
    and only while the table has fewer than `max_seats` seats."""

    game_id: int
    revision: int
    user_id: int | None
    ai_level: str
    max_seats: int
    now: float
    status: str = "lobby"


@dataclass(frozen=True, slots=True)
class SeatRemove:
    """Remove the lobby seat `join_order`, only over the row at `revision` and with `status`."""

    game_id: int
    revision: int
    join_order: int
    now: float
    status: str = "lobby"


@dataclass(frozen=True, slots=True)
class StartWrite:
    """Lobby -> running: each seat's player index (join order -> player), the opening snapshot at version 0,
    its pending decisions, the first deadlines and the start's messages."""

    game_id: int
    assignment: Mapping[int, int]
    players: int
    snapshot: str
    pending: list[dict[str, Any]]
    ai_pending: bool
    deadlines: DeadlinePlan
    messages: tuple[NewMessage, ...]
    now: float


@dataclass(frozen=True, slots=True)
class MoveWrite:
    """One committed batch of moves: the game row from `expected_version` to `new_version`, the log
    entries, the re-planned deadlines and the messages that announce it; with `rating`, the ratings the
    game's end changes, in the same transaction (a RatingConflict then writes nothing at all)."""

    game_id: int
    expected_version: int
    new_version: int
    snapshot: str
    pending: list[dict[str, Any]]
    ai_pending: bool
    finished: bool
    outcome: dict[str, Any] | None
    announced_version: int
    actions: tuple[ActionRow, ...]
    deadlines: DeadlinePlan
    messages: tuple[NewMessage, ...]
    now: float
    rating: RatingWrite | None = None


@dataclass(frozen=True, slots=True)
class CloseWrite:
    """End a game (cancel, quarantine): new `status` and `reason`, only from a status in `only_from`."""

    game_id: int
    status: str
    reason: str | None
    messages: tuple[NewMessage, ...]
    now: float
    only_from: tuple[str, ...] = ("lobby", "active")


@dataclass(frozen=True, slots=True)
class HandOver:
    """Hand the seats `join_orders` of a running game to `user_id` (None: the AI, playing at `ai_level`
    when given), only over the row at `revision` and with `status`; drop the deadlines of
    `drop_deadlines_of` (players now played by the AI) and store whether an AI seat must move."""

    game_id: int
    revision: int
    join_orders: tuple[int, ...]
    user_id: int | None
    ai_level: str | None
    ai_pending: bool
    drop_deadlines_of: tuple[int, ...]
    now: float
    status: str = "active"


@dataclass(frozen=True, slots=True)
class SettingsWrite:
    """New table settings, only over the row at `revision`; with `deadlines`, re-planned in the same write."""

    game_id: int
    revision: int
    settings: dict[str, Any]
    now: float
    deadlines: DeadlinePlan | None = None


# -- results -----------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class StoredGame:
    """A game row with its seats (join order) and, when asked for and running, its whole log (seq order)."""

    game: GameRow
    seats: list[SeatRow]
    actions: list[ActionRow] | None


@dataclass(frozen=True, slots=True)
class RecoveryScan:
    """What startup recovery looks at, read at one moment: running games, those where an AI seat must
    move, those stored further than announced, and the log entries of running games in all."""

    running: list[int]
    ai_pending: list[int]
    unannounced: list[int]
    running_moves: int


@dataclass(frozen=True, slots=True)
class OutboxState:
    """A game's delivery state: undelivered messages, the oldest of them, the latest given up (newest first)."""

    pending: int
    oldest_pending: OutboxRow | None
    failures: list[OutboxRow]


# -- a player's own settings -----------------------------------------------------------------------------

NOTIFY_WAYS = ("channel", "dm", "both")


@dataclass(frozen=True, slots=True)
class PlayerRow:
    """One user's own settings, the same on every server: IANA `timezone` (None: none chosen), daily
    quiet hours as minutes after midnight in that zone (both None: off), how "your turn" reaches them
    (one of NOTIFY_WAYS), the end of their vacation in epoch seconds (None: not away) and whether their
    turn times are left out of the server stats' slowest and fastest lists (`stats_hidden`), and the language
    tag last seen from their Discord client (`locale`, None: never seen), which their direct messages use."""

    user_id: int
    timezone: str | None = None
    quiet_from: int | None = None
    quiet_to: int | None = None
    notify: str = "channel"
    away_until: float | None = None
    updated_at: float = 0.0
    stats_hidden: bool = False
    locale: str | None = None


# -- the protocol ------------------------------------------------------------------------------------------


class Store(Protocol):
    """Everything the table service stores or reads. One method = one transaction or one consistent read."""

    @property
    def description(self) -> str:
        """Where the data lives, for log lines and messages (a path or a URL without its password)."""
        ...

    async def close(self) -> None:
        """Finish the writes queued so far and release the database (idempotent); later calls raise
        DatabaseError."""
        ...

    # -- games: reads --

    async def load_game(self, game_id: int, *, with_actions: bool) -> StoredGame | None:
        """The game and its seats, read at one moment with its whole log when `with_actions` and the game is
        running (status active; otherwise `actions` is None); None if there is no such game."""
        ...

    async def get_game(self, game_id: int) -> GameRow | None:
        """The game row with this id, or None."""
        ...

    async def list_seats(self, game_id: int) -> list[SeatRow]:
        """The seats of a game in join order."""
        ...

    async def list_actions(self, game_id: int, after: int = 0) -> list[ActionRow]:
        """The log entries of a game after seq `after` (all by default), in seq order."""
        ...

    async def open_game_in_channel(self, channel_id: int) -> GameRow | None:
        """The lobby or running game in this channel or thread, or None (there is at most one)."""
        ...

    async def recent_in_channel(self, channel_id: int, limit: int) -> list[GameRow]:
        """The `limit` newest games of this channel or thread and of the threads opened from it (see
        `set_thread_parent`), whatever their status, newest first."""
        ...

    async def open_game_ids_for_user(self, user_id: int) -> list[int]:
        """Ids of lobby or running games where this user holds a seat, newest first."""
        ...

    async def recovery_scan(self) -> RecoveryScan:
        """What startup recovery needs, read at one moment (ids oldest first)."""
        ...

    # -- games: writes --

    async def set_thread_parent(self, thread_id: int, parent_id: int) -> None:
        """Remember the channel a game thread was opened from (idempotent; a later parent replaces an earlier)."""
        ...

    async def create_game(self, new: NewGame) -> int:
        """Store a lobby with its seats and messages; its id. Raises ChannelTaken when the channel already has
        an open game (also when one appears concurrently: one open game per channel is a constraint)."""
        ...

    async def add_seat(self, change: SeatAdd) -> list[SeatRow]:
        """Append a seat and move the row's revision on; the seats after it. Raises RevisionConflict (the row
        is not at that revision and status) or SeatsFull, writing nothing."""
        ...

    async def remove_seat(self, change: SeatRemove) -> list[SeatRow]:
        """Remove a lobby seat and move the row's revision on; the seats after it. Raises RevisionConflict."""
        ...

    async def start_game(self, start: StartWrite) -> None:
        """Seat the players, store the opening state at version 0 (status active, revision moved on), plan the
        deadlines and enqueue the messages, in one transaction. Raises NotALobby if it is no longer a lobby."""
        ...

    async def commit_move(self, move: MoveWrite) -> None:
        """Store a batch of moves in one transaction: the versioned update of the game (only if it is running
        at `expected_version`; status finished when `finished`; announced_version never moves back; revision
        moves on), the log entries, the deadline plan and the messages. Raises VersionConflict when the
        game is not at that version or a seq is taken; nothing is then written. Once it returns, the move
        is durable. Cancelled while waiting, it may or may not have been stored: re-read."""
        ...

    async def close_game(self, close: CloseWrite) -> bool:
        """Set the game's status and reason if its status is in `only_from` (ai_pending cleared, revision moved
        on), drop its deadlines and enqueue the messages; False (nothing written) otherwise."""
        ...

    async def hand_over_seats(self, change: HandOver) -> None:
        """Give seats to another user or the AI (see HandOver) in one transaction. Raises RevisionConflict."""
        ...

    async def set_settings(self, change: SettingsWrite) -> None:
        """Store the table settings (revision moved on) and re-plan deadlines if asked. Raises
        RevisionConflict when the row is no longer at that revision."""
        ...

    async def set_announced(self, versions: Mapping[int, int]) -> None:
        """Record that these games were posted up to these versions (a stored value never moves back)."""
        ...

    # -- the outbox --

    async def enqueue(self, messages: Sequence[NewMessage], now: float) -> None:
        """Store messages for delivery, in the order given, due at `now` (one transaction)."""
        ...

    async def queue_heads(self, exclude: Collection[str] = ()) -> list[OutboxRow]:
        """The oldest pending message of every queue not in `exclude` (due or not), oldest first."""
        ...

    async def next_in_queue(self, queue: str) -> OutboxRow | None:
        """The oldest pending message of one queue, or None."""
        ...

    async def get_message(self, game_id: int, slot: str) -> MessageRef | None:
        """The posted message a table keeps editing in `slot`, if any."""
        ...

    async def mark_delivered(self, row: OutboxRow, refs: Mapping[str, MessageRef | None], now: float) -> None:
        """In one transaction: the message is sent, and each slot of its game remembers its posted message
        (None: forget the slot)."""
        ...

    async def mark_retry(self, row_id: int, next_at: float, error: str) -> None:
        """An attempt failed for a passing reason: one more attempt counted, tried again at `next_at`."""
        ...

    async def mark_failed(self, row_id: int, now: float, error: str) -> None:
        """The message can never be delivered: stop trying (status failed, the reason kept)."""
        ...

    async def prune(self, before: float) -> int:
        """Forget messages delivered or given up before `before`; how many."""
        ...

    async def outbox_state(self, game_id: int) -> OutboxState:
        """A game's delivery state (see OutboxState), read at one moment."""
        ...

    # -- deadlines --

    async def due_deadlines(self, now: float, limit: int) -> list[DeadlineRow]:
        """At most `limit` deadlines due at `now`, earliest first."""
        ...

    async def deadlines_for(self, game_id: int) -> list[DeadlineRow]:
        """Every deadline of a game (by player, then kind)."""
        ...

    async def next_due_at(self) -> float | None:
        """When the earliest deadline falls, or None when there is none."""
        ...

    async def remind(self, row: DeadlineRow, next_due: float, messages: Sequence[NewMessage], now: float) -> bool:
        """Count one reminder on `row` (due again at `next_due`) and enqueue its messages, in one transaction,
        only if the stored deadline still has the `reminders` and `due_at` of `row`; False (nothing written)
        when it changed meanwhile (re-planned, or reminded by someone else): a reminder is sent once."""
        ...

    async def postpone(self, row: DeadlineRow, due_at: float) -> bool:
        """Move one deadline to `due_at` without counting a reminder (a player's quiet hours or vacation), only
        if the stored deadline still has the `reminders` and `due_at` of `row`; False (nothing written) otherwise."""
        ...

    async def drop_deadline(self, row: DeadlineRow) -> None:
        """Forget one deadline (one kind of one player), leaving the player's other clocks alone."""
        ...

    async def drop_deadlines(self, game_id: int, player: int | None = None) -> None:
        """Forget every deadline of a game, or of one of its players."""
        ...

    # -- players' own settings (one row per Discord user, across every server) --

    async def get_player(self, user_id: int) -> PlayerRow | None:
        """The user's own settings, or None when they never chose any (the defaults apply)."""
        ...

    async def get_players(self, user_ids: Collection[int]) -> dict[int, PlayerRow]:
        """The settings of those of these users who have a row, by user id (one read)."""
        ...

    async def put_player(self, row: PlayerRow) -> None:
        """Store the user's settings, replacing any earlier row (`updated_at` is the write's time)."""
        ...

    async def set_player_locale(self, user_id: int, locale: str, at: float) -> None:
        """Remember the language last seen from the user, creating their row with the defaults if they have
        none; their other settings are left as they are."""
        ...

    # -- ratings (each server's openskill ratings per game; a cache of the finished games) --

    async def ratings_of(self, guild_id: int, game_name: str, subjects: Sequence[Subject]) -> list[SkillRow]:
        """The stored ratings of these people or AI levels on a server's game (those never rated left out)."""
        ...

    async def rating_board(self, guild_id: int, game_name: str) -> list[SkillRow]:
        """Every rating of a server's game, people and AI levels, in no particular order."""
        ...

    async def seat_ratings(self, game_id: int) -> list[SeatRating]:
        """Each seat's rating before and after a rated game, by player (empty when it was not rated)."""
        ...

    async def turn_counts(self, game_id: int) -> dict[int, TurnCount]:
        """Each player's moves of a game so far: their own and those the AFK policy made for them."""
        ...

    async def finished_games(self) -> list[FinishedGame]:
        """Every finished game of every server, in the order they ended, with what rating it needs."""
        ...

    async def replace_ratings(self, ratings: Sequence[RatingWrite]) -> None:
        """Forget every stored rating and store these games' ratings instead, in order, in one transaction."""
        ...

    # stats

    async def stats_games(self, scope: StatsFilter) -> list[StatsGame]:
        """The finished games of `scope` (a server, a game, the games a user sat in), by id, with every seat."""
        ...

    async def turn_times(self, scope: StatsFilter) -> list[TurnTime]:
        """The turn times of people's own moves in the games of `scope` (the user's own moves when it names
        one); moves without a stored turn time are left out."""
        ...
