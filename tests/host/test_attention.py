"""Each player's own settings at delivery: quiet hours hold mentions and DMs until they end (then one catch-up
message), `notify` sends "your turn" by DM, in the channel or both, and closed DMs fall back to the channel."""

from __future__ import annotations

from datetime import UTC, datetime

from host import attention
from host.notifier import RecordingNotifier, Undeliverable
from host.outbox import NoticeKind
from host.results import TableInfo, TableSettings
from tests.host.conftest import ALICE, HOST, FakeClock, open_service, started

HOUR = 3600.0


def _clock_words(moment: float) -> str:
    return datetime.fromtimestamp(moment, UTC).strftime("%H:%M")


def _pinged(notifier: RecordingNotifier, game_id: int) -> tuple[int, ...]:
    """The seats the game's "your turn" messages mentioned in the channel, in order."""
    return tuple(p.player for table, who, _ in notifier.turn_pings if table.game_id == game_id for p in who)


def _alice(notifier: RecordingNotifier) -> list[tuple[str, bool]]:
    return [(message, by_dm) for _, user, message, by_dm in notifier.nudges if user == ALICE]


async def test_quiet_hours_hold_the_mention_the_dms_and_the_reminder_then_one_catch_up(store_url):
    clock = FakeClock()
    notifier = RecordingNotifier()
    svc = await open_service(store_url, notifier, clock)
    try:
        # Alice's quiet hours began an hour ago and end in two hours (UTC: she chose no zone).
        await svc.players.set_quiet(ALICE, _clock_words(clock() - HOUR), _clock_words(clock() + 2 * HOUR))
        first = await started(svc, [HOST, ALICE], settings=TableSettings(reminder_delay=60, max_reminders=3))
        second = await started(svc, [HOST, ALICE], channel=888)
        for game in (first, second):
            assert _pinged(notifier, game.game_id) == (0,)  # the host is mentioned, Alice is not
        assert all(user != ALICE for _, user, _ in notifier.privates)
        assert all(user != ALICE for _, user, _ in notifier.prompts)
        clock.advance(61)
        await svc.run_due_deadlines()
        await svc.deliver()
        assert all(p.user_id != ALICE for _, who, _ in notifier.pings for p in who)
        assert _alice(notifier) == []
        assert (await svc.delivery_state(first.game_id)).oldest_age == 0.0  # held, not late
        clock.advance(2 * HOUR)
        await svc.deliver()
        (catch_up,) = _alice(notifier)
        assert catch_up[0].startswith("Your quiet hours are over: 2 games are waiting for you.")
        assert "<#777>" in catch_up[0] and "<#888>" in catch_up[0]
        assert not catch_up[1]  # her notify way is the channel
        # Her DM prompts went out: each shows all she holds, so no separate start DM repeats it.
        assert {table.game_id for table, user, _ in notifier.prompts if user == ALICE} == {first.game_id,
                                                                                          second.game_id}
        assert all(user != ALICE for _, user, _ in notifier.privates)
        await svc.deliver()
        assert len(_alice(notifier)) == 1  # once
    finally:
        await svc.close()


async def test_turning_quiet_hours_off_sends_what_they_held_at_once(store_url):
    clock = FakeClock()
    notifier = RecordingNotifier()
    svc = await open_service(store_url, notifier, clock)
    try:
        await svc.players.set_quiet(ALICE, _clock_words(clock() - HOUR), _clock_words(clock() + 2 * HOUR))
        game = await started(svc, [HOST, ALICE])
        await svc.release_held(ALICE)  # still quiet: nothing goes out
        await svc.deliver()
        assert _alice(notifier) == [] and all(user != ALICE for _, user, _ in notifier.prompts)
        await svc.players.set_quiet(ALICE, "off", "off")
        await svc.release_held(ALICE)
        await svc.deliver()
        ((message, _),) = _alice(notifier)
        assert message.startswith("Your quiet hours are over: a game is waiting for you.")
        assert any(user == ALICE and table.game_id == game.game_id for table, user, _ in notifier.prompts)
    finally:
        await svc.close()


async def test_notify_dm_tells_by_dm_instead_of_a_mention(store_url):
    notifier = RecordingNotifier()
    svc = await open_service(store_url, notifier)
    try:
        await svc.players.set_notify(ALICE, "dm")
        game = await started(svc, [HOST, ALICE])
        assert _pinged(notifier, game.game_id) == (0,)
        ((message, by_dm),) = _alice(notifier)
        assert by_dm and message.startswith("it is your turn:")
    finally:
        await svc.close()


async def test_notify_both_mentions_and_sends_a_dm(store_url):
    notifier = RecordingNotifier()
    svc = await open_service(store_url, notifier)
    try:
        await svc.players.set_notify(ALICE, "both")
        game = await started(svc, [HOST, ALICE])
        assert _pinged(notifier, game.game_id) == (0, 1)
        assert [by_dm for _, by_dm in _alice(notifier)] == [True]
    finally:
        await svc.close()


async def test_notify_dm_with_closed_dms_falls_back_to_the_channel_told_once(store_url):
    clock = FakeClock()
    notifier = RecordingNotifier()

    def dms_closed(kind: str, table: TableInfo) -> None:
        if kind == "nudge_dm":
            raise Undeliverable("the user does not accept DMs from the bot", dm_closed=True)

    notifier.fault = dms_closed
    svc = await open_service(store_url, notifier, clock)
    try:
        await svc.players.set_notify(ALICE, "dm")
        await started(svc, [HOST, ALICE], settings=TableSettings(reminder_delay=60, max_reminders=3))
        assert [by_dm for _, by_dm in _alice(notifier)] == [False]  # the refused DM went to the channel
        clock.advance(61)
        await svc.run_due_deadlines()
        await svc.deliver()
        # The reminder mentions her in the channel straight away (her DMs are known closed), told once.
        assert any(p.user_id == ALICE for _, who, _ in notifier.pings for p in who)
        assert [(n, u) for _, n, u in notifier.notices if u == ALICE] == [(NoticeKind.DM_CLOSED, ALICE)]
    finally:
        await svc.close()


def test_a_player_away_is_not_told_and_one_in_quiet_hours_is_held():
    from db.store import PlayerRow

    now = 1_800_000_000.0
    away = PlayerRow(ALICE, away_until=now + HOUR, notify="dm")
    assert attention.way_of(away, now, dm_closed=False) is attention.Way.SKIP
    assert attention.way_of(PlayerRow(ALICE, notify="dm"), now, dm_closed=True) is attention.Way.CHANNEL
    assert attention.way_of(PlayerRow(ALICE, notify="both"), now, dm_closed=False) is attention.Way.BOTH
    assert attention.way_of(None, now, dm_closed=False) is attention.Way.CHANNEL
