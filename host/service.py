"""The table service: the one place where a move is validated, applied, stored and announced.

Public API used by the Discord layer (cogs). Nothing here imports discord.
Every method is a coroutine; errors the user should see are `host.errors.HostError`.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
from collections import OrderedDict
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

from db.rows import GameRow, OutboxRow
from db.store import Store
from db.url import open_store
from engine import registry
from engine.core.game import Game
from engine.core.picks import FinalReport
from host import deadlines, export, forced, history, lobby, my_games, play, ratings, recovery, replay, screens
from host.ai_turns import AiTurns
from host.ai_worker import AiWorker
from host.commit import Committer
from host.errors import GameNotFound, InvalidSettings, NotAllowed, ServiceClosed
from host.metrics import Metrics, outbox_probe
from host.my_games import MyGame
from host.notifier import Notifier
from host.outbox import dm_user_of
from host.players import Players
from host.rating_results import Leaderboard, RatingChange
from host.recap import Recaps
from host.results import (
    ActionChoice,
    AiLevel,
    DeliveryState,
    EndReport,
    GameReplay,
    GameView,
    LogLine,
    MoveResult,
    PanelDetails,
    PanelScreen,
    Recap,
    RecoveryReport,
    StepInfo,
    TableInfo,
    TableMessage,
    TableSettings,
    TableStatus,
)
from host.sender import QUIET_HOURS, OutboxSender
from host.stats import Stats
from host.store_watch import WatchedStore
from host.tables import Tables

log = logging.getLogger(__name__)

Clock = Callable[[], float]
SeedSource = Callable[[], int]
GameResolver = Callable[[str], Game[Any]]


# How many finished games' replays stay in memory for their step viewers.
REPLAYS_KEPT = 8


def _mention(user_id: int) -> str:
    """A user named as a Discord mention (the default way announcements name people)."""
    return f"<@{user_id}>"


def default_seed() -> int:
    """A fresh random game seed (63 bits, so it fits SQLite's signed INTEGER)."""
    return secrets.randbits(63)


class TableService:
    """Lobby, moves, AI seats, deadlines, recovery, history and undo for every table.

    Open it with `await TableService.open(database_url, notifier)`; call `start_scheduler()`
    once the bot is ready and `await close()` on shutdown.
    """

    def __init__(
        self,
        db: Store,
        notifier: Notifier,
        *,
        clock: Clock | None = None,
        seed_source: SeedSource | None = None,
        games: GameResolver | None = None,
        game_names: Callable[[], list[str]] | None = None,
        verify_all_limit: int = 200,
        verify_all_moves: int = recovery.VERIFY_ALL_MOVES,
        user_label: Callable[[int], str] | None = None,
        ai_worker: AiWorker | None = None,
        metrics: Metrics | None = None,
    ) -> None:
        """A service over an already opened store (see `open`, which also runs recovery).

        `ai_worker` computes slow AI decisions (default: a process pool, one worker per core).
        `metrics` hears of moves, AI decisions, store writes and deliveries (default: nowhere).
        """
        # A store that cannot save becomes the refusal CannotSave here, once for every path (store_watch).
        watched = WatchedStore.over(db)
        clock = clock or time.time
        label = user_label or _mention
        self._store = db
        self._clock = clock
        self._sender = OutboxSender(db, notifier, self._table_for_sender, clock, user_tables=self.tables_for_user,
                                    recaps=self.recap)
        wake = self._sender.wake
        # The loaded games: the one place to read a LiveGame from (`self._tables.get(game_id)`).
        self._games = games or registry.get
        self._tables = Tables(watched, clock, self._games, wake)
        self._committer = Committer(watched, clock, self._tables.forget, wake, metrics)
        self._ai_worker = ai_worker or AiWorker()
        self._ai = AiTurns(self._tables, self._committer, self._ai_worker, self._committer.metrics, label)
        self._moves = play.Moves(self._tables, self._committer, self._ai, watched, label)
        self._game_names = game_names or registry.names
        self._lobby = lobby.Lobby(self._tables, watched, self._committer, self._ai, clock, wake, label,
                                  self._game_names)
        self._deadlines = deadlines.Deadlines(self._tables, watched, self._ai, clock, wake, label)
        self._recovery = recovery.Recovery(self._tables, watched, self._ai, self._committer)
        # Reads for screens go through the watched store too: one refusal when the store is away.
        self._watched: Store = watched
        self._players = Players(watched, clock)
        self._user_label = label
        if metrics is not None:
            self._sender.metrics = metrics
            metrics.watch_games(lambda: len(self._tables.cache))
            metrics.watch_outbox(outbox_probe(db, clock))
        self._seed_source = seed_source or default_seed
        self._verify_all_limit = verify_all_limit
        self._verify_all_moves = verify_all_moves
        self._scheduler = deadlines.Scheduler(self._deadlines, 5.0)
        self._closed = False
        # Moves between their entry and their game lock: close() waits for them too (a move that has not
        # taken its lock yet, e.g. still loading its game from PostgreSQL, is in flight all the same).
        self._moves_entering = 0
        self._no_move_entering = asyncio.Event()
        self._no_move_entering.set()
        # The last few finished games' replays (see `replay`).
        self._replays: OrderedDict[int, GameReplay] = OrderedDict()
        # Each running game's log replayed for "since your last move" (see `recap`).
        self._recaps = Recaps(watched)
        # Held by a `deliver` call: close waits for it before closing the store under it.
        self._draining = asyncio.Lock()

    def _check_open(self) -> None:
        if self._closed:
            raise ServiceClosed("The bot is restarting; try again in a moment.")

    @property
    def store(self) -> Store:
        """The open store (for tools and tests)."""
        return self._store

    def game_names(self) -> list[str]:
        """The names of the games this service can host."""
        return self._game_names()

    @classmethod
    async def open(
        cls,
        database: str | Path,
        notifier: Notifier,
        *,
        clock: Clock | None = None,
        seed_source: SeedSource | None = None,
        games: GameResolver | None = None,
        game_names: Callable[[], list[str]] | None = None,
        verify_all_limit: int = 200,
        verify_all_moves: int = recovery.VERIFY_ALL_MOVES,
        recover: bool = True,
        synchronous: str = "FULL",
        ai_worker: AiWorker | None = None,
        metrics: Metrics | None = None,
    ) -> TableService:
        """Open (creating or upgrading) the store `database` names and run startup recovery.

        `database` is a DATABASE_URL (`sqlite:///file.db`, `postgresql://...`) or a SQLite file path.

        `clock` returns the time in epoch seconds (default time.time), `seed_source`
        makes new game seeds (default secrets.randbits(63)), `games`/`game_names`
        replace the engine registry (tests). Running games are verified against replay
        at once when there are at most `verify_all_limit` of them with at most
        `verify_all_moves` moves in all, else lazily on first touch. `synchronous` FULL
        makes each acknowledged move survive a power cut too; NORMAL (faster) survives a
        crash of the bot process only (SQLite; PostgreSQL always commits durably). `recover` False skips
        recovery (call `recover()` yourself later). `ai_worker` computes slow AI decisions
        (default: a process pool). Raises db.errors.SchemaTooNew for a database written by a newer version
        (and the store's other DatabaseErrors). `metrics`: where the service reports (default: nowhere).
        """
        service = cls(
            await open_store(database, synchronous=synchronous),
            notifier,
            clock=clock,
            seed_source=seed_source,
            games=games,
            game_names=game_names,
            verify_all_limit=verify_all_limit,
            verify_all_moves=verify_all_moves,
            ai_worker=ai_worker,
            metrics=metrics,
        )
        if recover:
            try:
                await service.recover()
            except BaseException:
                await service.close()
                raise
        return service

    async def close(self) -> None:
        """Stop the scheduler and the sender, wait for in-flight moves, close the database.

        Messages not yet delivered stay in the outbox and go out after the next start.
        """
        self._closed = True
        await self._scheduler.stop()
        # AI decisions still thinking are dropped (a restart plans them again); one being stored finishes.
        await self._ai_worker.close()
        await self._sender.stop()
        async with self._draining:
            pass
        # Wait for every in-flight change: each holds its game's lock until stored and announced.
        await self._no_move_entering.wait()
        await self._tables.wait_unlocked()
        try:
            await self._committer.flush_announced(self._tables.cache.values())
        except Exception:
            log.exception("could not record the last announcements; a few games will be posted again at start")
        await self._watched.close()

    def set_notifier(self, notifier: Notifier) -> None:
        """Replace the notifier (the Discord layer may build it after the service)."""
        self._sender.notifier = notifier

    # -- delivery ---------------------------------------------------------------------------

    async def _table_for_sender(self, game_id: int) -> TableInfo:
        return (await self._tables.get(game_id)).info()

    def start_sender(self) -> None:
        """Start delivering the outbox in the background (messages stored while stopped go out now)."""
        self._check_open()
        self._sender.start()

    async def stop_sender(self) -> None:
        """Stop delivering after the messages in flight; the rest wait in the outbox."""
        await self._sender.stop()

    async def deliver(self, timeout: float = 10.0) -> int:
        """Deliver every message that is due now, waiting up to `timeout` seconds; returns how many remain.

        For tests and tools; the bot uses `start_sender`. A `close` waits for a delivery under way.
        """
        self._check_open()
        async with self._draining:
            return await self._sender.drain(timeout)

    def dm_reopened(self, user_id: int) -> None:
        """The user may accept DMs again (they used the bot): the next DM to them is tried."""
        self._sender.dm_reopened(user_id)

    async def player_away(self, user_id: int) -> None:
        """The user went on vacation (/me away): the AI takes their waiting turns where the table says so."""
        await self._deadlines.player_away(await self._watched.open_game_ids_for_user(user_id), user_id)

    async def player_back(self, user_id: int) -> None:
        """The user ended their vacation (/me back): their tables remind them from now again."""
        await self._deadlines.player_back(await self._watched.open_game_ids_for_user(user_id), user_id)

    async def release_held(self, user_id: int) -> None:
        """The user changed their quiet hours: the messages held for their end go out now if no longer quiet."""
        await self._sender.release_held(user_id)

    def wake_sender(self) -> None:
        """Look at the outbox now (e.g. this process just took over the messages of more games)."""
        self._sender.wake()

    async def game_changed(self, game_id: int, revision: int | None = None) -> None:
        """A change notice for this game (another process may have written it): drop the cached copy when the
        stored row is newer than it, and look at the outbox now.

        `revision` is the row's revision when the notice carries it; without it the row is read. Our own
        writes keep the cached copy (its revision is already the stored one), so their notices cost no reload.
        """
        live = self._tables.cache.get(game_id)
        if live is not None:
            if revision is None:
                row = await self._watched.get_game(game_id)
                revision = row.revision if row is not None else None
            if revision is None or revision > live.revision:
                self._tables.forget(game_id)
        self._sender.wake()

    async def delivery_state(self, game_id: int) -> DeliveryState:
        """How this table's messages are getting out (undelivered count, oldest age, lasting failures)."""
        state = await self._watched.outbox_state(game_id)
        oldest = state.oldest_pending
        age = max(self._clock() - oldest.created_at, 0.0) if oldest is not None else 0.0
        if oldest is not None and oldest.last_error == QUIET_HOURS:
            age = 0.0  # held for a player's quiet hours: on time, not late

        ended = (await self._tables.get(game_id)).info().status not in (TableStatus.LOBBY, TableStatus.ACTIVE)
        failures = tuple(row.last_error or "unknown" for row in state.failures if not self._dm_failure_past(row, ended))
        return DeliveryState(state.pending, age, failures)

    def _dm_failure_past(self, row: OutboxRow, ended: bool) -> bool:
        """Whether a DM that could not be delivered no longer needs saying: the game is over (nothing is left
        to decide in secret), or a later DM to that player went through (their DMs are open again)."""
        user = dm_user_of(row.queue)
        return user is not None and (ended or self._sender.dm_works_since(user, row.created_at))

    # -- lobby ------------------------------------------------------------------------------

    async def create_table(
        self,
        game_name: str,
        options: Mapping[str, Any] | None,
        host_user_id: int,
        guild_id: int | None,
        channel_id: int,
        *,
        settings: TableSettings | None = None,
        host_joins: bool = True,
        seed: int | None = None,
        parent_channel_id: int | None = None,
    ) -> TableInfo:
        """Open a lobby for `game_name` in `channel_id` (a channel or thread id).

        `parent_channel_id`: when `channel_id` is a thread, the channel it belongs to; that channel's
        history and last game then include this thread's games.

        Options are validated against the game's OptionSpecs (defaults filled in).
        The seed is drawn now (or given, for tests) and stored. Raises UnknownGame,
        InvalidOption, ChannelBusy.
        """
        self._check_open()
        return await self._lobby.create_table(
            game_name,
            options,
            host_user_id,
            guild_id,
            channel_id,
            settings or TableSettings(),
            host_joins,
            self._seed_source() if seed is None else seed,
            parent_channel_id,
        )

    async def join(self, game_id: int, user_id: int) -> TableInfo:
        """Take a seat in the lobby. Raises GameNotFound, AlreadyStarted, AlreadyJoined, GameFull."""
        self._check_open()
        return await self._lobby.join(game_id, user_id)

    async def leave(self, game_id: int, user_id: int) -> TableInfo:
        """Give up a lobby seat. Raises GameNotFound, AlreadyStarted, NotJoined."""
        self._check_open()
        return await self._lobby.leave(game_id, user_id)

    async def add_ai(self, game_id: int, by_user_id: int, level: AiLevel | str = AiLevel.NORMAL) -> TableInfo:
        """Seat an AI player of `level` (easy, normal, hard; host only).

        Raises GameNotFound, AlreadyStarted, NotHost, GameFull, InvalidSettings (an unknown level).
        """
        self._check_open()
        try:
            chosen = AiLevel(level)
        except ValueError:
            levels = ", ".join(a.value for a in AiLevel)
            raise InvalidSettings(f"There is no AI level {str(level)[:20]!r}. Levels: {levels}.") from None
        return await self._lobby.add_ai(game_id, by_user_id, chosen)

    async def remove_ai(self, game_id: int, by_user_id: int) -> TableInfo:
        """Remove the last-added AI seat (host only). Raises GameNotFound, AlreadyStarted, NotHost, NotJoined."""
        self._check_open()
        return await self._lobby.remove_ai(game_id, by_user_id)

    async def start(self, game_id: int, by_user_id: int, *, join_order: bool = False) -> MoveResult:
        """Start the game (host only): seats get player indexes, random from the seed or in join order.

        AI seats that are pending at once are played before returning; the opening
        table message and each human's private view are sent through the notifier.
        Raises GameNotFound, AlreadyStarted, NotHost, NotEnoughPlayers, InvalidOption.
        """
        self._check_open()
        return await self._lobby.start(game_id, by_user_id, join_order)

    async def cancel(self, game_id: int, by_user_id: int, *, moderator: bool = False) -> TableInfo:
        """Cancel a lobby or running game (the host, or anyone the caller vouches for as moderator).

        Frees the channel. Raises GameNotFound, NotHost, GameNotActive (already over).
        """
        self._check_open()
        return await self._lobby.cancel(game_id, by_user_id, moderator)

    # -- reading ----------------------------------------------------------------------------

    async def get_table(self, game_id: int) -> TableInfo:
        """The table with this id, whatever its status. Raises GameNotFound."""
        return (await self._tables.get(game_id)).info()

    async def table_for_channel(self, channel_id: int) -> TableInfo | None:
        """The open (lobby or running) table in this channel or thread, if any."""
        row = await self._watched.open_game_in_channel(channel_id)
        return await self._info_or_none(row)

    async def _info_or_none(self, row: GameRow | None) -> TableInfo | None:
        """The table of a stored row; None for no row or a game this bot cannot load."""
        if row is None:
            return None
        try:
            return (await self._tables.get(row.id)).info()
        except GameNotFound:
            return None

    async def tables_for_user(self, user_id: int) -> list[TableInfo]:
        """Open tables where this user holds a seat, newest first (for /hand without a channel)."""
        ids = await self._watched.open_game_ids_for_user(user_id)
        tables: list[TableInfo] = []
        for game_id in ids:
            try:
                tables.append((await self._tables.get(game_id)).info())
            except Exception:
                # One broken table must not hide the user's others (it is logged and set aside).
                log.exception("game %s could not be read for user %s's tables", game_id, user_id)
        return [t for t in tables if t.is_open]

    async def legal_actions_for(self, game_id: int, user_id: int, *, player: int | None = None) -> StepInfo:
        """The user's current step: choices (id, label), decision kind, prompt and version.

        When none of the user's players is pending, the choices are empty and
        `waiting_for` names who the game waits for. `player` picks one seat when the
        user holds several. Raises GameNotFound, NotSeated, GameNotActive.
        """
        return screens.step_of(await self._tables.get(game_id), user_id, player, self._user_label)

    async def view_for(self, game_id: int, user_id: int | None, *, player: int | None = None) -> GameView:
        """The public view (user_id None, or a user not seated) or the user's private view.

        Works for finished games too. Raises GameNotFound, GameNotActive (lobby).
        """
        return screens.view_of(await self._tables.get(game_id), user_id, player)

    async def log(self, game_id: int, viewer_user_id: int | None) -> list[LogLine]:
        """The narration of the game as this viewer may see it: public lines, plus their own private lines.

        A spectator (None or not seated) sees public lines only. Raises GameNotFound.
        """
        return await history.log_lines(self._watched, await self._tables.get(game_id), viewer_user_id)

    # -- playing ----------------------------------------------------------------------------

    async def submit(
        self,
        game_id: int,
        user_id: int,
        action_id: str,
        expected_version: int,
        *,
        player: int | None = None,
        forced_steps: bool = False,
    ) -> MoveResult:
        """Play `action_id` for the user's pending player, then any AI seats now pending at a quick level.

        With `forced_steps`, the single forward steps of the player's private draft that follow are taken for
        them too (host/forced.py), each as its own submit; `MoveResult.forced` lists them.

        The move is committed (log entry + snapshot + version, one transaction) before
        this returns; the announcement goes through the notifier. Easy and normal AI seats
        that follow are played in the same transaction; a hard one is left to the game's
        background AI turn (host/ai_worker.py), so this never waits for a search. `expected_version`
        is the version the user's button or menu was built from.
        Raises GameNotFound, GameNotActive, NotSeated, NotYourTurn, StaleVersion,
        IllegalMove (also an engine IllegalAction).
        """
        self._check_open()
        self._moves_entering += 1
        self._no_move_entering.clear()
        try:
            result = await self._moves.submit(game_id, user_id, action_id, expected_version, player)
        finally:
            self._moves_entering -= 1
            if self._moves_entering == 0:
                self._no_move_entering.set()
        if not forced_steps:
            return result
        return replace(result, forced=await self.take_forced_steps(game_id, user_id, player=player))

    async def take_forced_steps(
        self, game_id: int, user_id: int, *, player: int | None = None
    ) -> tuple[ActionChoice, ...]:
        """Take the single forward steps of the user's private draft (their pending seat, or `player`) for them.

        Each goes through `submit`, with every check of a click; what was taken, in order and in words.
        Raises GameNotFound, GameNotActive (lobby), NotSeated.
        """

        async def read() -> PanelDetails:
            return await self.panel_details(game_id, user_id, player=player)

        async def step(auto: ActionChoice, details: PanelDetails) -> MoveResult:
            return await self.submit(game_id, user_id, auto.id, details.version, player=details.player)

        return await forced.take_forced_steps(read, step)

    async def undo(self, game_id: int, user_id: int) -> MoveResult:
        """Take back the last move: only its mover, only if no one acted since, only if it revealed nothing.

        Stored as an undo entry (the log stays append-only); the state is the replay
        without the undone move. Raises GameNotFound, GameNotActive, UndoNotAllowed.
        """
        self._check_open()
        return await self._moves.undo(game_id, user_id)

    async def replace_player(
        self,
        game_id: int,
        old_user_id: int,
        new_user_id: int | None,
        *,
        by_user_id: int,
        moderator: bool = False,
    ) -> TableInfo:
        """Give every seat of `old_user_id` to `new_user_id` (None = an AI takes over).

        Host or moderator only. If the AI now holds a pending seat it plays at once.
        Raises GameNotFound, GameNotActive, NotHost, NotSeated, AlreadyJoined.
        """
        self._check_open()
        return await self._lobby.replace_player(game_id, old_user_id, new_user_id, by_user_id, moderator)

    async def update_settings(
        self,
        game_id: int,
        by_user_id: int,
        *,
        moderator: bool = False,
        **changes: Any,
    ) -> TableInfo:
        """Change table settings (fields of TableSettings: reminder_delay, afk_policy, afk_after, undo, ...).

        Host or moderator only. Deadlines of pending players are re-planned.
        Raises GameNotFound, NotHost, InvalidSettings.
        """
        self._check_open()
        return await self._lobby.update_settings(game_id, by_user_id, moderator, changes)

    async def set_auto_pass(self, game_id: int, user_id: int, on: bool) -> TableInfo:
        """Turn "never ask me" on or off for a seated user: their reaction windows close as a pass at once.

        Any seated player may set it for themselves. Raises GameNotFound, NotSeated, GameNotActive.
        """
        self._check_open()
        return await self._lobby.set_auto_pass(game_id, user_id, on)

    # -- time -------------------------------------------------------------------------------

    async def run_due_deadlines(self, now: float | None = None) -> int:
        """Fire every deadline due at `now` (default: the clock): reminders, AFK moves. Returns how many fired."""
        return await self._deadlines.run_due(self._clock() if now is None else now)

    def start_scheduler(self, interval: float = 5.0) -> None:
        """Start the background loops: due deadlines (at most `interval` seconds apart) and the outbox sender."""
        self._check_open()
        self._sender.start()
        if not self._scheduler.running:
            self._scheduler = deadlines.Scheduler(self._deadlines, interval)
            self._scheduler.start()

    async def stop_scheduler(self) -> None:
        """Stop the background loops and wait for them to finish their current round."""
        await self._scheduler.stop()
        await self._sender.stop()

    async def ai_idle(self, timeout: float = 30.0) -> bool:
        """Wait until no background AI turn is running (for tests and tools); False on timeout."""
        return await self._ai_worker.idle(timeout)

    async def recover(self) -> RecoveryReport:
        """Startup recovery: verify running games, quarantine failures, resume interrupted AI turns.

        Never raises for a broken game (it is quarantined and its channel told).
        """
        return await self._recovery.recover(self._verify_all_limit, self._verify_all_moves)

    # -- the end of a game and the channel's history ----------------------------------------

    async def final_report(self, game_id: int) -> FinalReport | None:
        """The end of a finished game in words (reason, breakdowns, revealed secrets); None while it runs.

        Raises GameNotFound.
        """
        end = screens.end_report(await self._tables.get(game_id))
        return end.report if end is not None else None

    async def rematch(self, game_id: int, by_user_id: int) -> TableInfo:
        """Open a new lobby in a finished game's channel with the same seats (humans and AI), options and settings.

        `by_user_id` (a player of that game, or its host) becomes the new host. Where the rules name who
        starts a rematch, the new table's options say so (R-A29). Raises GameNotFound, NotAllowed (not
        finished), NotSeated, ChannelBusy (the channel has an open game), InvalidOption.
        """
        self._check_open()
        return await self._lobby.rematch(game_id, by_user_id, self._seed_source())

    async def last_game_in_channel(self, channel_id: int) -> TableInfo | None:
        """The open table of this channel or thread, else the newest game of any status of it or of its threads
        (None: never a game)."""
        current = await self.table_for_channel(channel_id)
        if current is not None:
            return current
        newest = await self._watched.recent_in_channel(channel_id, 1)
        return await self._info_or_none(newest[0] if newest else None)

    async def history(self, channel_id: int, limit: int = 10) -> list[TableInfo]:
        """The channel's (or thread's) most recent games, its threads' included, newest first, with their status
        and outcome."""
        rows = await self._watched.recent_in_channel(channel_id, limit)
        tables: list[TableInfo] = []
        for row in rows:
            try:
                tables.append((await self._tables.get(row.id)).info())
            except Exception:
                # One unreadable game must not hide the rest of the channel's history.
                log.exception("game %s could not be read for the history of channel %s", row.id, channel_id)
        return tables

    # -- the private panel's extras --------------------------------------------------------

    async def panel_details(
        self, game_id: int, user_id: int, *, player: int | None = None, pick: Sequence[str] | None = None
    ) -> PanelDetails:
        """The words, 'pick k of n' menu, shortcuts and single forward step of the user's panel (see PanelDetails).

        For the user's pending seat (or `player`); with `pick` (option ids of the pick menu) it also names
        the one action making that pick, to submit like any other. Works for finished games (their
        situation only). Raises GameNotFound, GameNotActive (lobby), NotSeated, IllegalMove (a bad pick).
        """
        return screens.details_of(await self._tables.get(game_id), user_id, player, pick)

    # -- one read per screen -----------------------------------------------------------------

    async def panel(self, game_id: int, user_id: int, *, player: int | None = None, page: int = 0) -> PanelScreen:
        """Everything the user's panel shows, read at one version: the step and its words, the private
        description and extras, and the public and private views its picture is drawn from.

        For the user's pending seat (or `player`). A game not running (a lobby, an ended game) gives no step,
        and a seated player of a finished game their final situation. Raises GameNotFound, NotSeated.
        """
        live = await self._tables.get(game_id)
        screen = screens.panel(live, user_id, player, page, self._user_label)
        step = screen.step
        if step is None or not step.can_act or step.player is None:
            return screen
        # The recap is read at the screen's version: a move landing while it is read leaves it out.
        recap = await self._recaps.recap(live, step.player)
        return replace(screen, recap=recap) if recap is not None and recap.version == screen.version else screen

    async def recap(self, game_id: int, player: int) -> Recap | None:
        """What `player` may know of the moves since their own last one, at the game's current version (see
        host/recap.py): public events, their own private events and one public board per public change.

        None on their first turn, when nothing happened since, or when the game does not run. Raises GameNotFound.
        """
        return await self._recaps.recap(await self._tables.get(game_id), player)

    async def table_message(self, game_id: int) -> TableMessage:
        """What the public table post shows now: the table, its public view and who is pending. Raises GameNotFound."""
        message = screens.table_message(await self._tables.get(game_id))
        users = {s.user_id for s in message.table.seats if s.user_id is not None}
        return replace(message, away=await self._players.away_until(users)) if users else message

    async def end_report(self, game_id: int) -> EndReport | None:
        """The end of a finished game (table, last public view, final report in words); None while it runs.

        Raises GameNotFound.
        """
        return screens.end_report(await self._tables.get(game_id))

    async def replay(self, game_id: int) -> GameReplay:
        """A finished game replayed from its stored log, round by round, from public views and events only.

        Anyone may watch it (nothing hidden is in it). Raises GameNotFound, NotAllowed (the game is not over).
        """
        cached = self._replays.get(game_id)
        if cached is not None:
            self._replays.move_to_end(game_id)
            return cached
        live = await self._tables.get(game_id)
        if live.status != TableStatus.FINISHED or live.players is None:
            raise NotAllowed("A replay can be watched once the game is over.")
        rows = await self._watched.list_actions(game_id)
        # Replaying a long log is pure CPU work: a worker thread keeps the event loop answering clicks.
        rounds = await asyncio.to_thread(replay.replay_rounds, live.game, live.players, live.seed, live.options, rows)
        built = GameReplay(live.info(), rounds)
        # A finished game never changes: each step of a viewer reads the same replay, so keep the last few.
        self._replays[game_id] = built
        while len(self._replays) > REPLAYS_KEPT:
            self._replays.popitem(last=False)
        return built

    async def export_records(
        self, game_id: int, user_id: int, user_name: Callable[[int], str] | None = None
    ) -> export.GameRecords:
        """A finished game's public record, and its full record (seed and every move) when the user played in it.

        `user_name` names people in the records (default: how announcements name them). Raises GameNotFound,
        GameNotActive (not finished).
        """
        return await export.game_records(self._watched, await self._tables.get(game_id), user_id,
                                         user_name or self._user_label)

    # -- ratings ---------------------------------------------------------------------------------------

    async def rating_changes(self, game_id: int) -> list[RatingChange]:
        """Each seat's rating change at the game's end, by player (empty: the game was not rated)."""
        return ratings.changes_of(await self.store.seat_ratings(game_id))

    async def leaderboard(self, guild_id: int, game_name: str, user_id: int, page: int = 0) -> Leaderboard:
        """A page of the server's leaderboard for a game, with the caller's own place and the AI levels."""
        rows = await self.store.rating_board(guild_id, game_name)
        return ratings.leaderboard_of(game_name, rows, user_id, page)

    # -- each user's own settings (/me) ----------------------------------------------------------

    @property
    def stats(self) -> Stats:
        """People's and servers' records (/game stats)."""
        return Stats(self._watched, self._games, self._game_names)

    @property
    def players(self) -> Players:
        """Each user's own settings (time zone, quiet hours, how told, vacation)."""
        return self._players

    async def games_of_user(self, user_id: int) -> list[MyGame]:
        """Every open game of the user on every server, those waiting for them first (see host.my_games)."""
        return await my_games.games_of(self._watched, await self.tables_for_user(user_id), user_id)
