"""The lobby and the table's administration: create, join, leave, AI seats, start, cancel,
replacing a player, settings."""

from __future__ import annotations

import dataclasses
import logging
from collections.abc import Callable, Mapping
from typing import Any

from db.errors import ChannelTaken, NotALobby, RevisionConflict, SeatsFull
from db.rows import SeatRow
from db.store import (
    CloseWrite,
    DeadlinePlan,
    HandOver,
    NewGame,
    SeatAdd,
    SeatRemove,
    SettingsWrite,
    StartWrite,
    Store,
)
from engine.core.errors import IllegalAction
from engine.core.events import public_event
from engine.core.options import validate_options
from host import announce, final
from host.ai_turns import AiTurns
from host.announce import Announcement, Applied, move_result, table_post
from host.away_ai import due_at_once
from host.commit import Committer
from host.deadline_plan import rules_deadlines, table_timers
from host.errors import (
    AlreadyJoined,
    AlreadyStarted,
    ChannelBusy,
    GameFull,
    GameNotActive,
    InvalidOption,
    NotAllowed,
    NotEnoughPlayers,
    NotHost,
    NotJoined,
    NotSeated,
    TableChanged,
    UnknownGame,
)
from host.live import LiveGame, random_start_order, snapshot_text
from host.outbox import LobbyClosed, LobbyPost, Outgoing, channel_queue
from host.results import (
    DEFAULT_AI_LEVEL,
    HEADLINE_EVENT,
    AfkPolicy,
    AiLevel,
    Headline,
    MoveResult,
    TableInfo,
    TableSettings,
    TableStatus,
    TableUpdate,
    UpdateKind,
)
from host.settings_check import check_settings, checked_settings
from host.tables import Tables, require_active
from i18n import mark

log = logging.getLogger(__name__)

def _require_lobby(live: LiveGame) -> None:
    if live.status == TableStatus.ACTIVE:
        raise AlreadyStarted()
    if live.status != TableStatus.LOBBY:
        raise AlreadyStarted(f"This game is {live.status.value}; its lobby is closed.")


def _require_host(live: LiveGame, user_id: int, what: str, moderator: bool = False) -> None:
    if user_id != live.host_user_id and not moderator:
        raise NotHost(what)


def rematch_seating(seed: int, seats: int) -> dict[int, int]:
    """join order -> player index that `start` (random order) gives a lobby of `seats` seats with this seed."""
    order = random_start_order(seed, list(range(seats)))
    return {join: player for player, join in enumerate(order)}


def rematch_table_options(live: LiveGame, seed: int) -> dict[str, Any]:
    """The finished table's options with the rules' rematch options laid over them (R-A29).

    The new lobby is seated in the old player order; an option naming a player ("first_player") is
    turned into that person's index in the new game, as the Start button will seat them with `seed`.
    """
    extra = final.rematch_options(live.game, live.state)
    first = final.rematch_first_player(live.game, live.state)
    names = {spec.name for spec in live.game.options()}
    if "first_player" not in extra and first is not None and "first_player" in names:
        extra = {**extra, "first_player": first}
    old = extra.get("first_player")
    if isinstance(old, int) and 0 <= old < len(live.seats):
        extra["first_player"] = rematch_seating(seed, len(live.seats))[old]
    return {**live.options, **{k: v for k, v in extra.items() if k in names}}


def _seating(live: LiveGame, join_order: bool) -> dict[int, int]:
    """join order -> player index for the start: random from the seed, or in join order; NotEnoughPlayers."""
    count = len(live.seats)
    low = live.game.player_range[0]
    if count < low:
        raise NotEnoughPlayers(count, low)
    order = [s.join_order for s in live.seats]
    if not join_order:
        order = random_start_order(live.seed, order)
    return {seat: player for player, seat in enumerate(order)}


def _started(live: LiveGame, assignment: dict[int, int], now: float) -> LiveGame:
    """A copy of the lobby as the started game at version 0 (the lobby itself is not touched); InvalidOption."""
    count = len(live.seats)
    try:
        state = live.game.new_game(count, live.seed, live.options)
    except IllegalAction as exc:
        raise InvalidOption.of(exc, live.game_name) from exc
    decisions = live.game.pending(state)
    seats = [dataclasses.replace(s, player=assignment[s.join_order]) for s in live.seats]
    return dataclasses.replace(
        live, seats=seats, players=count, status=TableStatus.ACTIVE, snapshot=snapshot_text(live.game, state),
        updated_at=now, state=state, version=0, since={d.player: 0 for d in decisions}, decisions=decisions,
    )


def _start_write(after: LiveGame, messages: list[Outgoing], now: float, early: dict[int, float]) -> StartWrite:
    """The one store write of a start: seating, first snapshot, deadlines and the opening messages."""
    assert after.snapshot is not None and after.players is not None
    humans = [d.player for d in after.decisions if not after.is_ai(d.player)]
    delay = after.settings.reminder_delay
    return StartWrite(
        game_id=after.id,
        assignment={s.join_order: s.player for s in after.seats if s.player is not None},
        players=after.players,
        snapshot=after.snapshot,
        pending=after.pending_json(),
        ai_pending=any(after.is_ai(d.player) for d in after.decisions),
        deadlines=DeadlinePlan(
            pending=frozenset(humans),
            reset=frozenset(),
            due_at=now + delay if delay > 0 else None,
            version=0,
            timers=rules_deadlines(after.game, after.decisions, after.is_ai, after.settings, now),
            early=early,
        ),
        messages=tuple(m.to_row() for m in messages),
        now=now,
    )


def _settle_start(live: LiveGame, after: LiveGame) -> None:
    """Move the cached lobby to the started game just stored (one synchronous step)."""
    live.revision += 1
    live.seats = after.seats
    live.players = after.players
    live.status = TableStatus.ACTIVE
    live.snapshot = after.snapshot
    live.updated_at = after.updated_at
    live.set_state(after.state, 0, after.since, after.decisions)
    live.announced = live.announced_stored = 0
    live.public_version = 0
    live.status_events = after.status_events


def _moved(seats: list[SeatRow]) -> tuple[int, ...]:
    """The player indexes these seats play."""
    return tuple(s.player for s in seats if s.player is not None)


def _hand_over(
    live: LiveGame, seats: list[SeatRow], new_user_id: int | None, now: float
) -> tuple[HandOver, list[SeatRow]]:
    """The store write giving `seats` to `new_user_id` (None: the AI), and the table's seats after it."""
    old = {s.join_order for s in seats}
    # A seat handed to the AI plays at the table's level for absent players.
    level = live.settings.afk_level.value if new_user_id is None else None
    new_seats = [
        dataclasses.replace(s, user_id=new_user_id, ai_level=level or s.ai_level) if s.join_order in old else s
        for s in live.seats
    ]
    ai_after = {s.player for s in new_seats if s.user_id is None}
    change = HandOver(
        game_id=live.id,
        revision=live.revision,
        join_orders=tuple(seat.join_order for seat in seats),
        user_id=new_user_id,
        ai_level=level,
        ai_pending=any(d.player in ai_after for d in live.decisions),
        drop_deadlines_of=_moved(seats) if new_user_id is None else (),
        now=now,
        status=TableStatus.ACTIVE.value,
    )
    return change, new_seats


def _replanned(live: LiveGame, settings: TableSettings, now: float) -> DeadlinePlan:
    """The deadlines of a running game under new settings: a new delay restarts every reminder clock."""
    # Only a change of the timers themselves restarts them: other changes give nobody more time.
    timers_changed = (settings.reaction_timeout, settings.decision_timeout) != (
        live.settings.reaction_timeout,
        live.settings.decision_timeout,
    )
    humans = [d.player for d in live.decisions if not live.is_ai(d.player)]
    delay = settings.reminder_delay
    return DeadlinePlan(
        pending=frozenset(humans),
        reset=frozenset(humans),
        due_at=now + delay if delay > 0 else None,
        version=live.version,
        timers=rules_deadlines(live.game, live.decisions, live.is_ai, settings, now),
        keep_timers=not timers_changed,
    )


class Lobby:
    """The table's life outside its moves: lobby seats, start, cancel, hand-overs, settings, rematch.

    `tables` gives the games and their locks, `store` writes each change (with its outbox messages),
    `committer` stores messages that belong to no write, `ai` plays the AI seats a change makes pending,
    `clock` dates the writes, `wake_sender` is told of new outbox messages, `user_label` names people in
    announcements and `game_names` lists what can be hosted (for an unknown game's refusal).
    """

    def __init__(
        self,
        tables: Tables,
        store: Store,
        committer: Committer,
        ai: AiTurns,
        clock: Callable[[], float],
        wake_sender: Callable[[], None],
        user_label: Callable[[int], str],
        game_names: Callable[[], list[str]],
    ) -> None:
        self._tables = tables
        self._store = store
        self._committer = committer
        self._ai = ai
        self._clock = clock
        self._wake_sender = wake_sender
        self._user_label = user_label
        self._game_names = game_names

    async def create_table(
        self,
        game_name: str,
        options: Mapping[str, Any] | None,
        host_user_id: int,
        guild_id: int | None,
        channel_id: int,
        settings: TableSettings,
        host_joins: bool,
        seed: int,
        parent_channel_id: int | None = None,
    ) -> TableInfo:
        """See TableService.create_table."""
        try:
            game = self._tables.resolve(game_name)
        except KeyError:
            raise UnknownGame(game_name, self._game_names()) from None
        try:
            checked = validate_options(game.options(), dict(options or {}))
        except IllegalAction as exc:
            raise InvalidOption.of(exc, game_name) from exc
        settings = check_settings(settings, table_timers(game))  # the rules' timers within the rules' ranges
        seats: list[tuple[int | None, AiLevel]] = [(host_user_id, DEFAULT_AI_LEVEL)] if host_joins else []
        if parent_channel_id is not None and parent_channel_id != channel_id:
            # Before the game: a game stored without its thread's parent would be missing from the
            # channel's history; a parent stored for a lobby that was then refused is harmless.
            await self._store.set_thread_parent(channel_id, parent_channel_id)
        game_id = await self._open_lobby(
            game_name, checked, seed, host_user_id, guild_id, channel_id, settings, seats
        )
        log.info("game %s: %s lobby opened in channel %s", game_id, game_name, channel_id)
        async with self._tables.locked(game_id):
            live = await self._tables.load_locked(game_id, fresh=True)
        return live.info()

    async def _open_lobby(
        self, game_name: str,
        options: dict[str, Any],
        seed: int,
        host_user_id: int,
        guild_id: int | None,
        channel_id: int,
        settings: TableSettings,
        seats: list[tuple[int | None, AiLevel]],
    ) -> int:
        """Store a new lobby with its seats ((user, AI level); user None: an AI seat) and its lobby message in the
        outbox, in one transaction; ChannelBusy when the channel already has an open game. Returns the new game's id."""
        now = self._clock()
        # The lobby message goes out through the outbox: a crash now cannot leave a lobby nobody sees.
        # (Its game id is the new row's: the store fills it in.)
        lobby_post = Outgoing(0, channel_queue(channel_id), LobbyPost())
        new = NewGame(
            guild_id=guild_id,
            channel_id=channel_id,
            game_name=game_name,
            options=options,
            seed=seed,
            host_user_id=host_user_id,
            settings=settings.to_json(),
            seats=tuple((user, level.value) for user, level in seats),
            messages=(lobby_post.to_row(),),
            now=now,
        )
        try:
            game_id = await self._store.create_game(new)
        except ChannelTaken as taken:
            # Also when another process opened a game in this channel between the check and the insert.
            raise ChannelBusy(taken.game_id) from None
        self._wake_sender()
        return game_id

    async def join(self, game_id: int, user_id: int) -> TableInfo:
        """See TableService.join."""
        async with self._tables.locked(game_id):
            live = await self._tables.load_locked(game_id)
            _require_lobby(live)
            if any(s.user_id == user_id for s in live.seats) and not live.settings.multiseat:
                raise AlreadyJoined()
            await self._add_seat(live, user_id)
            return live.info()

    async def add_ai(self, game_id: int, by_user_id: int, level: AiLevel = DEFAULT_AI_LEVEL) -> TableInfo:
        """See TableService.add_ai."""
        async with self._tables.locked(game_id):
            live = await self._tables.load_locked(game_id)
            _require_lobby(live)
            _require_host(live, by_user_id, "add AI players")
            await self._add_seat(live, None, level)
            return live.info()

    def _outdated(self, live: LiveGame) -> TableChanged:
        """The stored table is not the one we hold (another process or a cancelled lobby changed it): drop our copy."""
        self._tables.forget(live.id)
        return TableChanged()

    async def _add_seat(
        self, live: LiveGame, user_id: int | None, level: AiLevel = DEFAULT_AI_LEVEL
    ) -> None:
        high = live.game.player_range[1]
        # Counted by the store inside its write: a second process cannot overfill the table.
        change = SeatAdd(live.id, live.revision, user_id, level.value, max_seats=high, now=self._clock())
        try:
            seats = await self._store.add_seat(change)
        except RevisionConflict:
            raise self._outdated(live) from None
        except SeatsFull:
            raise GameFull(high) from None
        live.revision += 1
        live.seats = seats

    async def leave(self, game_id: int, user_id: int) -> TableInfo:
        """See TableService.leave."""
        async with self._tables.locked(game_id):
            live = await self._tables.load_locked(game_id)
            _require_lobby(live)
            mine = [s for s in live.seats if s.user_id == user_id]
            if not mine:
                raise NotJoined()
            await self._remove_seat(live, mine[-1].join_order)
            return live.info()

    async def remove_ai(self, game_id: int, by_user_id: int) -> TableInfo:
        """See TableService.remove_ai."""
        async with self._tables.locked(game_id):
            live = await self._tables.load_locked(game_id)
            _require_lobby(live)
            _require_host(live, by_user_id, "remove AI players")
            ai = [s for s in live.seats if s.user_id is None]
            if not ai:
                raise NotJoined()
            await self._remove_seat(live, ai[-1].join_order)
            return live.info()

    async def _remove_seat(self, live: LiveGame, join_order: int) -> None:
        try:
            seats = await self._store.remove_seat(SeatRemove(live.id, live.revision, join_order, now=self._clock()))
        except RevisionConflict:
            raise self._outdated(live) from None
        live.revision += 1
        live.seats = seats

    async def start(self, game_id: int, by_user_id: int, join_order: bool) -> MoveResult:
        """See TableService.start."""
        async with self._tables.locked(game_id):
            live = await self._tables.load_locked(game_id)
            _require_lobby(live)
            _require_host(live, by_user_id, "start the game")
            now = self._clock()
            after = _started(live, _seating(live, join_order), now)
            opening = tuple(live.game.setup_events(after.state))
            begins = Announcement(UpdateKind.STARTED, Headline(mark("headline.begins")), everyone_private=True,
                                  opening=opening)
            news = announce.compose(live, after, [], begins)
            messages = [Outgoing(game_id, channel_queue(live.channel_id), LobbyClosed()), *news]
            early = await due_at_once(self._store, after, after.decisions, now)
            try:
                await self._store.start_game(_start_write(after, messages, now, early))
            except NotALobby:
                self._tables.forget(game_id)
                raise AlreadyStarted() from None
            _settle_start(live, after)
            self._tables.mark_verified(game_id)
            self._wake_sender()
            log.info("game %s: started with %s players", game_id, after.players)
            applied: list[Applied] = []
            await self._ai.play(live, applied)
            return move_result(live, applied, opening)

    async def cancel(self, game_id: int, by_user_id: int, moderator: bool) -> TableInfo:
        """See TableService.cancel."""
        async with self._tables.locked(game_id):
            live = await self._tables.load_locked(game_id)
            if live.status not in (TableStatus.LOBBY, TableStatus.ACTIVE):
                raise GameNotActive(live.status.value)
            _require_host(live, by_user_id, "cancel the game", moderator)
            was_running = live.status == TableStatus.ACTIVE
            now = self._clock()
            reason = "cancelled by a moderator" if by_user_id != live.host_user_id else "cancelled by the host"
            if was_running:
                said = Headline(mark("headline.cancelled-by-moderator") if by_user_id != live.host_user_id
                                else mark("headline.cancelled-by-host"))
                ended = TableUpdate(game_id, UpdateKind.CANCELLED, f"The game was {reason}.", live.version,
                                    headline_said=said)
                news = table_post(live, ended)
            else:
                news = Outgoing(game_id, channel_queue(live.channel_id), LobbyClosed())
            close = CloseWrite(game_id, TableStatus.CANCELLED.value, reason, (news.to_row(),), now)
            if not await self._store.close_game(close):
                self._tables.forget(game_id)
                raise GameNotActive("cancelled")
            live.revision += 1
            live.status = TableStatus.CANCELLED
            live.status_reason = reason
            live.updated_at = now
            self._wake_sender()
            log.info("game %s: %s", game_id, reason)
            return live.info()

    async def replace_player(
        self, game_id: int, old_user_id: int, new_user_id: int | None, by_user_id: int, moderator: bool
    ) -> TableInfo:
        """See TableService.replace_player."""
        async with self._tables.locked(game_id):
            live = await self._tables.load_locked(game_id)
            require_active(live)
            _require_host(live, by_user_id, "replace players", moderator)
            seats = [s for s in live.seats if s.user_id == old_user_id]
            if not seats:
                raise NotSeated(f"{self._user_label(old_user_id)} is not playing in this game.")
            taken = new_user_id is not None and any(s.user_id == new_user_id for s in live.seats)
            if taken and not live.settings.multiseat:
                raise AlreadyJoined()
            now = self._clock()
            change, new_seats = _hand_over(live, seats, new_user_id, now)
            try:
                await self._store.hand_over_seats(change)
            except RevisionConflict:
                raise self._outdated(live) from None
            live.revision += 1
            live.seats = new_seats
            live.updated_at = now
            log.info("game %s: seats of a player handed over (%s)", game_id, "AI" if new_user_id is None else "user")
            await self._announce_replacement(live, old_user_id, new_user_id, _moved(seats))
            applied: list[Applied] = []
            await self._ai.play(live, applied)
            return live.info()

    async def _announce_replacement(
        self, live: LiveGame, old_user_id: int, new_user_id: int | None, moved: tuple[int, ...]
    ) -> None:
        """Post who replaced whom; the AI moves that follow edit this new status message."""
        who = self._user_label(new_user_id) if new_user_id is not None else "the AI"
        headline = f"{self._user_label(old_user_id)} was replaced by {who}."
        pending = live.pending_players()
        replaced = TableUpdate(
            live.id,
            UpdateKind.REPLACED,
            headline,
            live.version,
            public_view=live.game.view(live.state, None),
            pending=pending,
            mention=tuple(p.player for p in pending if p.player in moved and new_user_id is not None),
        )
        await self._committer.enqueue([table_post(live, replaced)])
        # The status message keeps the replacement as its first line.
        live.status_events = (public_event(headline, HEADLINE_EVENT),)

    async def set_auto_pass(self, game_id: int, user_id: int, on: bool) -> TableInfo:
        """See TableService.set_auto_pass."""
        async with self._tables.locked(game_id):
            live = await self._tables.load_locked(game_id)
            if live.status not in (TableStatus.LOBBY, TableStatus.ACTIVE):
                raise GameNotActive(live.status.value)
            if not any(s.user_id == user_id for s in live.seats):
                raise NotSeated("You are not playing in this game, so there is nothing to react to.")
            chosen = set(live.settings.auto_pass)
            chosen = chosen | {user_id} if on else chosen - {user_id}
            settings = dataclasses.replace(live.settings, auto_pass=tuple(sorted(chosen)))
            now = self._clock()

            try:
                # Only over the table as we know it.
                await self._store.set_settings(SettingsWrite(game_id, live.revision, settings.to_json(), now))
            except RevisionConflict:
                raise self._outdated(live) from None
            live.revision += 1
            live.settings = settings
            live.updated_at = now
            if live.status == TableStatus.ACTIVE:
                # A window already open for this player closes now.
                applied: list[Applied] = []
                await self._ai.play(live, applied)
            return live.info()

    async def update_settings(
        self, game_id: int, by_user_id: int, moderator: bool, changes: Mapping[str, Any]
    ) -> TableInfo:
        """See TableService.update_settings."""
        async with self._tables.locked(game_id):
            live = await self._tables.load_locked(game_id)
            if live.status not in (TableStatus.LOBBY, TableStatus.ACTIVE):
                raise GameNotActive(live.status.value)
            _require_host(live, by_user_id, "change the table settings", moderator)
            settings = checked_settings(live.settings, changes, table_timers(live.game))
            now = self._clock()
            plan = _replanned(live, settings, now) if live.status == TableStatus.ACTIVE else None
            try:
                # Only over the table as we know it.
                await self._store.set_settings(SettingsWrite(game_id, live.revision, settings.to_json(), now, plan))
            except RevisionConflict:
                raise self._outdated(live) from None
            live.revision += 1
            live.settings = settings
            live.updated_at = now
            if settings.afk_policy != AfkPolicy.AI:
                self._tables.absence.clear(game_id)  # nobody is played for any more
            return live.info()

    async def rematch(
        self, game_id: int, by_user_id: int, seed: int
    ) -> TableInfo:
        """See TableService.rematch."""
        live = await self._tables.get(game_id)
        if live.status != TableStatus.FINISHED:
            raise NotAllowed("Only a finished game can be played again. This one is not over.")
        if by_user_id != live.host_user_id and not any(s.user_id == by_user_id for s in live.seats):
            raise NotSeated(f"Only a player of game #{game_id} or its host can start a rematch.")
        old_seats = sorted(live.seats, key=lambda s: (s.player is None, s.player, s.join_order))
        users = [(s.user_id, AiLevel(s.ai_level)) for s in old_seats]
        options = rematch_table_options(live, seed)
        try:
            checked = validate_options(live.game.options(), options)
        except IllegalAction as exc:
            raise InvalidOption.of(exc, live.game_name) from exc
        # Everyone seated before sits again (humans and AI), in the old player order.
        new_id = await self._open_lobby(
            live.game_name, checked, seed, by_user_id, live.guild_id, live.channel_id, live.settings, users
        )
        log.info("game %s: rematch of game %s opened by user %s", new_id, game_id, by_user_id)
        async with self._tables.locked(new_id):
            new = await self._tables.load_locked(new_id, fresh=True)
        return new.info()
