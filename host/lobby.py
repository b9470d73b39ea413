"""The lobby and the table's administration: create, join, leave, AI seats, start, cancel,
replacing a player, settings."""

from __future__ import annotations

import dataclasses
import logging
from collections.abc import Callable, Mapping
from typing import Any

from db.errors import ChannelTaken, NotALobby, RevisionConflict, SeatsFull
from db.store import CloseWrite, DeadlinePlan, HandOver, NewGame, SeatAdd, SeatRemove, SettingsWrite, StartWrite
from engine.core.errors import IllegalAction
from engine.core.events import public_event
from engine.core.options import validate_options
from engine.core.rng import Rng
from engine.core.timeouts import TimeoutRules
from host import final
from host.core import Announcement, Applied, Core
from host.deadline_plan import DECISION_SETTING, REACTION_SETTING, rules_deadlines, table_timers
from host.errors import (
    AlreadyJoined,
    AlreadyStarted,
    ChannelBusy,
    GameFull,
    GameNotActive,
    InvalidOption,
    InvalidSettings,
    NotAllowed,
    NotEnoughPlayers,
    NotHost,
    NotJoined,
    NotSeated,
    TableChanged,
    UnknownGame,
)
from host.live import LiveGame, snapshot_text
from host.outbox import LobbyClosed, LobbyPost, Outgoing, channel_queue
from host.play import play_ai
from host.results import (
    DEFAULT_AI_LEVEL,
    AfkPolicy,
    AiLevel,
    MoveResult,
    TableInfo,
    TableSettings,
    TableStatus,
    TableUpdate,
    UpdateKind,
)

log = logging.getLogger(__name__)

MAX_REMINDER_DELAY = 30 * 24 * 3600.0
# Seat shuffling draws from its own stream so it never shifts the game's own dice.
SEAT_STREAM = 0x5EA7_0DE5


async def create_table(
    core: Core,
    game_names: Callable[[], list[str]],
    game_name: str,
    options: Mapping[str, Any] | None,
    host_user_id: int,
    guild_id: int | None,
    channel_id: int,
    settings: TableSettings,
    host_joins: bool,
    seed: int,
) -> TableInfo:
    """See TableService.create_table."""
    try:
        game = core.resolve(game_name)
    except KeyError:
        raise UnknownGame(game_name, game_names()) from None
    try:
        checked = validate_options(game.options(), dict(options or {}))
    except IllegalAction as exc:
        raise InvalidOption(exc.message) from exc
    settings = check_settings(settings, table_timers(game))  # the rules' timers within the rules' ranges
    seats: list[tuple[int | None, AiLevel]] = [(host_user_id, DEFAULT_AI_LEVEL)] if host_joins else []
    game_id = await _open_lobby(
        core, game_name, checked, seed, host_user_id, guild_id, channel_id, settings, seats
    )
    log.info("game %s: %s lobby opened in channel %s", game_id, game_name, channel_id)
    async with core.locked(game_id):
        live = await core.load_locked(game_id, fresh=True)
    return live.info()


async def _open_lobby(
    core: Core,
    game_name: str,
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
    now = core.clock()
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
        game_id = await core.db.create_game(new)
    except ChannelTaken as taken:
        # Also when another process opened a game in this channel between the check and the insert.
        raise ChannelBusy(taken.game_id) from None
    core.wake_sender()
    return game_id


def _require_lobby(live: LiveGame) -> None:
    if live.status == TableStatus.ACTIVE:
        raise AlreadyStarted()
    if live.status != TableStatus.LOBBY:
        raise AlreadyStarted(f"This game is {live.status.value}; its lobby is closed.")


def _require_host(live: LiveGame, user_id: int, what: str, moderator: bool = False) -> None:
    if user_id != live.host_user_id and not moderator:
        raise NotHost(what)


async def join(core: Core, game_id: int, user_id: int) -> TableInfo:
    """See TableService.join."""
    async with core.locked(game_id):
        live = await core.load_locked(game_id)
        _require_lobby(live)
        if any(s.user_id == user_id for s in live.seats) and not live.settings.multiseat:
            raise AlreadyJoined()
        await _add_seat(core, live, user_id)
        return live.info()


async def add_ai(core: Core, game_id: int, by_user_id: int, level: AiLevel = DEFAULT_AI_LEVEL) -> TableInfo:
    """See TableService.add_ai."""
    async with core.locked(game_id):
        live = await core.load_locked(game_id)
        _require_lobby(live)
        _require_host(live, by_user_id, "add AI players")
        await _add_seat(core, live, None, level)
        return live.info()


def _outdated(core: Core, live: LiveGame) -> TableChanged:
    """The stored table is not the one we hold (another process or a cancelled lobby changed it): drop our copy."""
    core.forget(live.id)
    return TableChanged()


async def _add_seat(
    core: Core, live: LiveGame, user_id: int | None, level: AiLevel = DEFAULT_AI_LEVEL
) -> None:
    high = live.game.player_range[1]
    # Counted by the store inside its write: a second process cannot overfill the table.
    change = SeatAdd(live.id, live.revision, user_id, level.value, max_seats=high, now=core.clock())
    try:
        seats = await core.db.add_seat(change)
    except RevisionConflict:
        raise _outdated(core, live) from None
    except SeatsFull:
        raise GameFull(high) from None
    live.revision += 1
    live.seats = seats


async def leave(core: Core, game_id: int, user_id: int) -> TableInfo:
    """See TableService.leave."""
    async with core.locked(game_id):
        live = await core.load_locked(game_id)
        _require_lobby(live)
        mine = [s for s in live.seats if s.user_id == user_id]
        if not mine:
            raise NotJoined()
        await _remove_seat(core, live, mine[-1].join_order)
        return live.info()


async def remove_ai(core: Core, game_id: int, by_user_id: int) -> TableInfo:
    """See TableService.remove_ai."""
    async with core.locked(game_id):
        live = await core.load_locked(game_id)
        _require_lobby(live)
        _require_host(live, by_user_id, "remove AI players")
        ai = [s for s in live.seats if s.user_id is None]
        if not ai:
            raise NotJoined()
        await _remove_seat(core, live, ai[-1].join_order)
        return live.info()


async def _remove_seat(core: Core, live: LiveGame, join_order: int) -> None:
    try:
        seats = await core.db.remove_seat(SeatRemove(live.id, live.revision, join_order, now=core.clock()))
    except RevisionConflict:
        raise _outdated(core, live) from None
    live.revision += 1
    live.seats = seats


async def start(core: Core, game_id: int, by_user_id: int, join_order: bool) -> MoveResult:
    """See TableService.start."""
    async with core.locked(game_id):
        live = await core.load_locked(game_id)
        _require_lobby(live)
        _require_host(live, by_user_id, "start the game")
        count = len(live.seats)
        low = live.game.player_range[0]
        if count < low:
            raise NotEnoughPlayers(count, low)
        order = [s.join_order for s in live.seats]
        if not join_order:
            Rng.from_seed(live.seed ^ SEAT_STREAM).shuffle(order)
        assignment = {seat: player for player, seat in enumerate(order)}
        try:
            state = live.game.new_game(count, live.seed, live.options)
        except IllegalAction as exc:
            raise InvalidOption(exc.message) from exc
        decisions = live.game.pending(state)
        snapshot = snapshot_text(live.game, state)
        ai_seats = {s.join_order for s in live.seats if s.user_id is None}
        ai_players = {assignment[j] for j in ai_seats}
        humans = [d.player for d in decisions if d.player not in ai_players]
        now = core.clock()
        since = {d.player: 0 for d in decisions}
        delay = live.settings.reminder_delay
        seats = [dataclasses.replace(s, player=assignment[s.join_order]) for s in live.seats]
        after = dataclasses.replace(
            live, seats=seats, players=count, status=TableStatus.ACTIVE, snapshot=snapshot, updated_at=now,
            state=state, version=0, since=since, decisions=decisions,
        )
        opening = tuple(live.game.setup_events(state))
        begins = Announcement(UpdateKind.STARTED, "The game begins.", everyone_private=True, opening=opening)
        start_news = core.compose(live, after, [], begins)
        messages = [Outgoing(game_id, channel_queue(live.channel_id), LobbyClosed()), *start_news]

        write = StartWrite(
            game_id=game_id,
            assignment=assignment,
            players=count,
            snapshot=snapshot,
            pending=[{**d.to_json(), "since": 0} for d in decisions],
            ai_pending=any(d.player in ai_players for d in decisions),
            deadlines=DeadlinePlan(
                pending=frozenset(humans),
                reset=frozenset(),
                due_at=now + delay if delay > 0 else None,
                version=0,
                timers=rules_deadlines(live.game, decisions, ai_players.__contains__, live.settings, now),
            ),
            messages=tuple(m.to_row() for m in messages),
            now=now,
        )
        try:
            await core.db.start_game(write)
        except NotALobby:
            core.forget(game_id)
            raise AlreadyStarted() from None
        live.revision += 1
        live.seats = seats
        live.players = count
        live.status = TableStatus.ACTIVE
        live.snapshot = snapshot
        live.updated_at = now
        live.set_state(state, 0, since, decisions)
        live.announced = live.announced_stored = 0
        live.public_version = 0
        live.status_events = after.status_events
        core.verified.add(game_id)
        core.wake_sender()
        log.info("game %s: started with %s players", game_id, count)
        applied: list[Applied] = []
        await play_ai(core, live, applied)
        return core.result(live, applied, opening)


async def cancel(core: Core, game_id: int, by_user_id: int, moderator: bool) -> TableInfo:
    """See TableService.cancel."""
    async with core.locked(game_id):
        live = await core.load_locked(game_id)
        if live.status not in (TableStatus.LOBBY, TableStatus.ACTIVE):
            raise GameNotActive(live.status.value)
        _require_host(live, by_user_id, "cancel the game", moderator)
        was_running = live.status == TableStatus.ACTIVE
        now = core.clock()
        reason = "cancelled by a moderator" if by_user_id != live.host_user_id else "cancelled by the host"
        if was_running:
            ended = TableUpdate(game_id, UpdateKind.CANCELLED, f"The game was {reason}.", live.version)
            news = core.table_post(live, ended)
        else:
            news = Outgoing(game_id, channel_queue(live.channel_id), LobbyClosed())
        close = CloseWrite(game_id, TableStatus.CANCELLED.value, reason, (news.to_row(),), now)
        if not await core.db.close_game(close):
            core.forget(game_id)
            raise GameNotActive("cancelled")
        live.revision += 1
        live.status = TableStatus.CANCELLED
        live.status_reason = reason
        live.updated_at = now
        core.wake_sender()
        log.info("game %s: %s", game_id, reason)
        return live.info()


async def replace_player(
    core: Core, game_id: int, old_user_id: int, new_user_id: int | None, by_user_id: int, moderator: bool
) -> TableInfo:
    """See TableService.replace_player."""
    async with core.locked(game_id):
        live = await core.load_locked(game_id)
        core.require_active(live)
        _require_host(live, by_user_id, "replace players", moderator)
        seats = [s for s in live.seats if s.user_id == old_user_id]
        if not seats:
            raise NotSeated(f"{core.user_label(old_user_id)} is not playing in this game.")
        taken = new_user_id is not None and any(s.user_id == new_user_id for s in live.seats)
        if taken and not live.settings.multiseat:
            raise AlreadyJoined()
        now = core.clock()
        moved = [s.player for s in seats if s.player is not None]
        # A seat handed to the AI plays at the table's level for absent players.
        level = live.settings.afk_level.value if new_user_id is None else None
        new_seats = [
            dataclasses.replace(s, user_id=new_user_id, ai_level=level or s.ai_level) if s.user_id == old_user_id else s
            for s in live.seats
        ]
        ai_after = {s.player for s in new_seats if s.user_id is None}
        ai_pending = any(d.player in ai_after for d in live.decisions)
        change = HandOver(
            game_id=game_id,
            revision=live.revision,
            join_orders=tuple(seat.join_order for seat in seats),
            user_id=new_user_id,
            ai_level=level,
            ai_pending=ai_pending,
            drop_deadlines_of=tuple(moved) if new_user_id is None else (),
            now=now,
            status=TableStatus.ACTIVE.value,
        )
        try:
            await core.db.hand_over_seats(change)
        except RevisionConflict:
            raise _outdated(core, live) from None
        live.revision += 1
        live.seats = new_seats
        live.updated_at = now
        who = core.user_label(new_user_id) if new_user_id is not None else "the AI"
        log.info("game %s: seats of a player handed over (%s)", game_id, "AI" if new_user_id is None else "user")
        headline = f"{core.user_label(old_user_id)} was replaced by {who}."
        replaced = TableUpdate(
            game_id,
            UpdateKind.REPLACED,
            headline,
            live.version,
            public_view=live.game.view(live.state, None),
            pending=live.pending_players(),
            mention=tuple(p.player for p in live.pending_players() if p.player in moved and new_user_id is not None),
        )
        await core.enqueue(live, [core.table_post(live, replaced)])
        # The AI moves that follow edit this new status message: it keeps the replacement as its first line.
        live.status_events = (public_event(headline, "headline"),)
        applied: list[Applied] = []
        await play_ai(core, live, applied)
        return live.info()


async def set_auto_pass(core: Core, game_id: int, user_id: int, on: bool) -> TableInfo:
    """See TableService.set_auto_pass."""
    async with core.locked(game_id):
        live = await core.load_locked(game_id)
        if live.status not in (TableStatus.LOBBY, TableStatus.ACTIVE):
            raise GameNotActive(live.status.value)
        if not any(s.user_id == user_id for s in live.seats):
            raise NotSeated("You are not playing in this game, so there is nothing to react to.")
        chosen = set(live.settings.auto_pass)
        chosen = chosen | {user_id} if on else chosen - {user_id}
        settings = dataclasses.replace(live.settings, auto_pass=tuple(sorted(chosen)))
        now = core.clock()

        try:
            # Only over the table as we know it.
            await core.db.set_settings(SettingsWrite(game_id, live.revision, settings.to_json(), now))
        except RevisionConflict:
            raise _outdated(core, live) from None
        live.revision += 1
        live.settings = settings
        live.updated_at = now
        if live.status == TableStatus.ACTIVE:
            # A window already open for this player closes now.
            applied: list[Applied] = []
            await play_ai(core, live, applied)
        return live.info()


def _checked_settings(
    current: TableSettings, changes: Mapping[str, Any], timers: TimeoutRules | None = None
) -> TableSettings:
    """`current` with `changes`, every value checked; the rules' timers also against `timers` (the game's).

    Only the timers being changed are held to the rules' range: a value stored before the range
    was enforced still loads (and is clamped when deadlines are planned, host/deadline_plan.py).
    """
    known = {f.name for f in dataclasses.fields(TableSettings)}
    unknown = sorted(set(changes) - known)
    if unknown:
        raise InvalidSettings(f"Unknown setting {unknown[0]}. Settings: {', '.join(sorted(known))}.")
    try:
        merged = TableSettings.from_json({**current.to_json(), **changes})
    except (TypeError, ValueError):
        policies = ", ".join(p.value for p in AfkPolicy)
        levels = ", ".join(level.value for level in AiLevel)
        raise InvalidSettings(
            f"Invalid setting value. The AFK policy is one of {policies}; the AI level one of {levels}."
        ) from None
    if not 0 <= merged.reminder_delay <= MAX_REMINDER_DELAY:
        raise InvalidSettings("The reminder delay must be between 0 (off) and 30 days.")
    if not 0 <= merged.afk_after <= 20:
        raise InvalidSettings("The number of reminders before the AFK policy acts must be between 0 and 20.")
    if not 1 <= merged.max_reminders <= 50:
        raise InvalidSettings("The maximum number of reminders must be between 1 and 50.")
    if merged.reaction_timeout is not None and not 0 <= merged.reaction_timeout <= MAX_REMINDER_DELAY:
        raise InvalidSettings("The reaction timeout must be between 0 (wait forever) and 30 days.")
    if merged.decision_timeout is not None and not 0 <= merged.decision_timeout <= MAX_REMINDER_DELAY:
        raise InvalidSettings("The decision timeout must be between 0 (off) and 30 days.")
    if timers is not None:
        _check_rules_timers(merged, changes, timers)
    return merged


def _check_rules_timers(merged: TableSettings, changes: Mapping[str, Any], timers: TimeoutRules) -> None:
    """Refuse a changed timer outside the range the game's rules allow (R-A36, R-V34, §12.4)."""
    checks = (
        (REACTION_SETTING, merged.reaction_timeout, timers.reaction, "reaction timeout"),
        (DECISION_SETTING, merged.decision_timeout, timers.decision, None),
    )
    for key, value, timer, label in checks:
        if key not in changes or value is None:
            continue
        if timer is None:
            raise InvalidSettings(
                "This game's rules have no turn timer: absent players follow the reminders and the AFK rule."
            )
        if not timer.allows(value):
            rule = f" ({timer.ruling})" if timer.ruling else ""
            raise InvalidSettings(
                f"In this game the {label or timer.name} must be from {timer.describe_range()}{rule}."
            )


def check_settings(settings: TableSettings, timers: TimeoutRules | None = None) -> TableSettings:
    """The settings if every value is in range (the timers also in the rules' range, given `timers`)."""
    return _checked_settings(settings, {}, timers)


async def update_settings(
    core: Core, game_id: int, by_user_id: int, moderator: bool, changes: Mapping[str, Any]
) -> TableInfo:
    """See TableService.update_settings."""
    async with core.locked(game_id):
        live = await core.load_locked(game_id)
        if live.status not in (TableStatus.LOBBY, TableStatus.ACTIVE):
            raise GameNotActive(live.status.value)
        _require_host(live, by_user_id, "change the table settings", moderator)
        timers = table_timers(live.game)
        settings = _checked_settings(live.settings, changes, timers)
        # Only a change of the timers themselves restarts them: other changes give nobody more time.
        timers_changed = (settings.reaction_timeout, settings.decision_timeout) != (
            live.settings.reaction_timeout,
            live.settings.decision_timeout,
        )
        now = core.clock()
        humans = [d.player for d in live.decisions if not live.is_ai(d.player)]
        running = live.status == TableStatus.ACTIVE

        plan: DeadlinePlan | None = None
        if running:
            # A new delay restarts every clock.
            delay = settings.reminder_delay
            plan = DeadlinePlan(
                pending=frozenset(humans),
                reset=frozenset(humans),
                due_at=now + delay if delay > 0 else None,
                version=live.version,
                timers=rules_deadlines(live.game, live.decisions, live.is_ai, settings, now),
                keep_timers=not timers_changed,
            )
        try:
            # Only over the table as we know it.
            await core.db.set_settings(SettingsWrite(game_id, live.revision, settings.to_json(), now, plan))
        except RevisionConflict:
            raise _outdated(core, live) from None
        live.revision += 1
        live.settings = settings
        live.updated_at = now
        if settings.afk_policy != AfkPolicy.AI:
            core.ai.absent.pop(game_id, None)  # nobody is played for any more
        return live.info()


# -- rematch ---------------------------------------------------------------------------------


def rematch_seating(seed: int, seats: int) -> dict[int, int]:
    """join order -> player index that `start` (random order) gives a lobby of `seats` seats with this seed."""
    order = list(range(seats))
    Rng.from_seed(seed ^ SEAT_STREAM).shuffle(order)
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


async def rematch(
    core: Core, game_names: Callable[[], list[str]], game_id: int, by_user_id: int, seed: int
) -> TableInfo:
    """See TableService.rematch."""
    live = await core.get(game_id)
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
        raise InvalidOption(exc.message) from exc
    # Everyone seated before sits again (humans and AI), in the old player order.
    new_id = await _open_lobby(
        core, live.game_name, checked, seed, by_user_id, live.guild_id, live.channel_id, live.settings, users
    )
    log.info("game %s: rematch of game %s opened by user %s", new_id, game_id, by_user_id)
    async with core.locked(new_id):
        new = await core.load_locked(new_id, fresh=True)
    return new.info()
