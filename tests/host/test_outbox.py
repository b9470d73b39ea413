"""The outbox: every message a change causes is stored with the change and delivered later, in order, once."""

from __future__ import annotations

import asyncio
import logging
import time

import pytest

from host.notifier import RecordingNotifier, RetryLater, Undeliverable
from host.outbox import NoticeKind
from host.results import TableInfo, TableSettings, UpdateKind
from host.service import TableService
from tests.fixtures.db import raw
from tests.host import toygame
from tests.host.conftest import ALICE, CHANNEL, GUILD, HOST, FakeClock, open_service, started


async def plain_service(store_url, notifier, clock=None) -> TableService:
    """The service as the bot runs it: nothing is delivered until the sender runs."""
    return await TableService.open(
        store_url, notifier, clock=clock, games=toygame.resolve, game_names=toygame.names,
        seed_source=lambda: 12345, synchronous="NORMAL",
    )


async def outbox_rows(store_url) -> list[tuple[str, str, str]]:
    return await raw.query(store_url, "SELECT queue, kind, status FROM outbox ORDER BY id")


class Outage:
    """Discord failing for the channel until `until` (a FakeClock time), counting the attempts."""

    def __init__(self, clock: FakeClock, until: float, error: Exception | None = None) -> None:
        self.clock = clock
        self.until = until
        self.error = error or RetryLater("Discord answered 500")
        self.attempts = 0

    def __call__(self, kind: str, table: TableInfo) -> None:
        if kind in ("post", "ping", "lobby", "notice", "close_lobby") and self.clock() < self.until:
            self.attempts += 1
            raise self.error


async def test_a_move_is_stored_with_its_messages_in_one_transaction(store_url):
    svc = await plain_service(store_url, RecordingNotifier())
    try:
        result = await started(svc, [HOST, ALICE])
        await svc.submit(result.game_id, HOST, "bid:2", result.version)
    finally:
        await svc._watched.close()  # a crash: nothing delivered
    rows = await outbox_rows(store_url)
    assert ("channel:777", "lobby", "pending") in rows
    # The start pings both players (their turn began); the bid asks the sender to delete that ping once nobody it
    # named still owes a choice (the sender keeps it: alice does).
    assert [k for q, k, _ in rows if q == "channel:777"] == [
        "lobby", "lobby_closed", "table", "turn_ping", "table", "turn_ping"
    ]
    assert {q for q, k, _ in rows if k in ("private", "prompt")} == {f"user:{HOST}", f"user:{ALICE}"}


async def test_the_acknowledgement_never_waits_for_the_channel(store_url):
    release = asyncio.Event()

    class Hanging(RecordingNotifier):
        async def post_to_table(self, table, update, previous):
            await release.wait()  # Discord is hanging
            return await super().post_to_table(table, update, previous)

    notifier = Hanging()
    svc = await plain_service(store_url, notifier)
    svc.start_scheduler()
    try:
        result = await started(svc, [HOST, ALICE])
        began = time.perf_counter()
        moved = await svc.submit(result.game_id, HOST, "bid:2", result.version)
        assert time.perf_counter() - began < 1.0
        assert moved.version == result.version + 1
        assert notifier.posts == []  # still hanging: the move was acknowledged anyway
        release.set()
        await svc.deliver()
        assert [u.version for u in notifier.posts_for(result.game_id)] == [0, 1]
    finally:
        release.set()
        await svc.close()


async def test_messages_refused_during_an_outage_go_out_in_order_exactly_once_when_discord_is_back(store_url):
    clock = FakeClock()
    notifier = RecordingNotifier()
    svc = await open_service(store_url, notifier, clock)
    try:
        outage = Outage(clock, until=clock.now + 30)
        notifier.fault = outage
        result = await started(svc, [HOST, ALICE])
        version = result.version
        for bid in ("bid:2", "bid:1"):
            player = HOST if bid == "bid:2" else ALICE
            version = (await svc.submit(result.game_id, player, bid, version)).version
        assert notifier.posts == [] and outage.attempts >= 1
        # Private DMs are not held up by the channel's trouble.
        assert {user for _, user, _ in notifier.prompts} == {HOST, ALICE}
        for _ in range(40):
            clock.advance(1.0)
            await svc.deliver()
        posts = notifier.posts_for(result.game_id)
        assert [p.kind for p in posts] == [UpdateKind.STARTED, UpdateKind.MOVES, UpdateKind.MOVES]
        assert [p.version for p in posts] == sorted(p.version for p in posts)
        assert notifier.calls.index(f"lobby:{result.game_id}") < notifier.calls.index(f"post:{result.game_id}:started")
        assert [s for _, _, s in await outbox_rows(store_url)].count("pending") == 0
    finally:
        await svc.close()


async def test_a_rate_limit_is_waited_out_for_at_least_retry_after(store_url):
    clock = FakeClock()
    notifier = RecordingNotifier()
    svc = await open_service(store_url, notifier, clock)
    try:
        calls: list[float] = []

        def limited(kind: str, table: TableInfo) -> None:
            if kind == "lobby":
                calls.append(clock())
                if len(calls) == 1:
                    raise RetryLater("rate limited", after=20.0)

        notifier.fault = limited
        await svc.create_table("dash", {}, HOST, GUILD, CHANNEL)
        clock.advance(19.0)
        await svc.deliver()
        assert len(calls) == 1
        clock.advance(1.5)
        await svc.deliver()
        assert len(calls) == 2 and calls[1] - calls[0] >= 20.0
        assert notifier.lobbies
    finally:
        await svc.close()


async def test_a_lasting_failure_is_given_up_logged_once_and_shown_in_the_delivery_state(store_url, caplog):
    clock = FakeClock()
    notifier = RecordingNotifier()
    svc = await open_service(store_url, notifier, clock)
    try:
        notifier.fault = Outage(clock, until=clock.now + 1e9, error=Undeliverable("missing permissions (50013)"))
        with caplog.at_level(logging.WARNING, logger="host.sender"):
            result = await started(svc, [HOST, ALICE])
            await svc.submit(result.game_id, HOST, "bid:2", result.version)
        state = await svc.delivery_state(result.game_id)
        assert state.pending == 0
        assert state.failures and all("50013" in f for f in state.failures)
        lines = [r for r in caplog.records if "cannot be delivered" in r.getMessage()]
        assert len(lines) == 1
        assert {user for _, user, _ in notifier.prompts} == {HOST, ALICE}  # DMs still went out
    finally:
        await svc.close()


async def test_a_failing_channel_does_not_hold_up_another_channel(store_url):
    clock = FakeClock()
    notifier = RecordingNotifier()
    svc = await open_service(store_url, notifier, clock)
    try:
        def broken_777(kind: str, table: TableInfo) -> None:
            if table.channel_id == CHANNEL:
                raise RetryLater("Discord answered 503")

        notifier.fault = broken_777
        await svc.create_table("dash", {}, HOST, GUILD, CHANNEL)
        await svc.create_table("dash", {}, HOST, GUILD, 888)
        assert [t.channel_id for t in notifier.lobbies] == [888]
    finally:
        await svc.close()


async def test_undelivered_messages_survive_a_restart_and_go_out_after_it(store_url):
    clock = FakeClock()
    first = RecordingNotifier()
    svc = await open_service(store_url, first, clock)
    first.fault = Outage(clock, until=clock.now + 1e9)
    result = await started(svc, [HOST, ALICE])
    await svc.close()
    assert first.posts == []
    second = RecordingNotifier()
    svc = await open_service(store_url, second, clock)
    try:
        clock.advance(60)
        await svc.deliver()
        assert [p.kind for p in second.posts_for(result.game_id)] == [UpdateKind.STARTED]
        assert second.lobbies and second.edits[0][0] == "lobby"
    finally:
        await svc.close()


async def test_a_lobby_whose_message_was_never_posted_is_posted_after_a_restart(store_url):
    svc = await plain_service(store_url, RecordingNotifier())
    table = await svc.create_table("dash", {}, HOST, GUILD, CHANNEL)
    await svc._watched.close()  # killed right after the lobby row was written
    notifier = RecordingNotifier()
    svc = await open_service(store_url, notifier)
    try:
        await svc.deliver()
        assert [t.game_id for t in notifier.lobbies] == [table.game_id]
        joined = await svc.join(table.game_id, ALICE)  # the lobby works: people can join
        assert len(joined.seats) == 2
    finally:
        await svc.close()


async def test_a_start_whose_post_was_killed_closes_the_lobby_buttons_after_a_restart(store_url):
    svc = await plain_service(store_url, RecordingNotifier())
    table = await svc.create_table("dash", {}, HOST, GUILD, CHANNEL)
    await svc.deliver()  # the lobby message went out
    await svc.join(table.game_id, ALICE)
    await svc.start(table.game_id, HOST)
    await svc._watched.close()  # killed before the start was posted
    notifier = RecordingNotifier()
    svc = await open_service(store_url, notifier)
    try:
        await svc.deliver()
        assert notifier.lobbies == []  # posted once, before the kill
        assert [kind for kind, _ in notifier.edits] == ["lobby"]
        assert [p.kind for p in notifier.posts_for(table.game_id)] == [UpdateKind.STARTED]
    finally:
        await svc.close()


async def test_a_reminder_counted_is_a_reminder_sent_once(store_url):
    clock = FakeClock()
    notifier = RecordingNotifier()
    svc = await open_service(store_url, notifier, clock)
    try:
        await started(svc, [HOST, ALICE], settings=TableSettings(reminder_delay=60, max_reminders=3))
        clock.advance(61)
        assert await svc.run_due_deadlines() == 2
        assert await svc.run_due_deadlines() == 0  # nothing due twice
        assert len(notifier.pings) == 2
        (_, who, message), _ = notifier.pings
        assert [p.user_id for p in who] == [HOST] or [p.user_id for p in who] == [ALICE]
        assert message.startswith("the game is waiting for you") and ".." not in message
    finally:
        await svc.close()


async def test_closed_dms_get_one_notice_and_are_tried_again_after_hand_or_a_while(store_url):
    clock = FakeClock()
    notifier = RecordingNotifier()
    svc = await open_service(store_url, notifier, clock)
    attempts: list[int] = []
    closed = {ALICE}

    def dms_closed(kind: str, table: TableInfo) -> None:
        pass

    async def send_private(table, user_id, update):
        attempts.append(user_id)
        if user_id in closed:
            raise Undeliverable("the user does not accept DMs from the bot", dm_closed=True)
        notifier.privates.append((table, user_id, update))

    async def send_prompt(table, user_id, player, previous, news=()):
        attempts.append(user_id)
        if user_id in closed:
            raise Undeliverable("the user does not accept DMs from the bot", dm_closed=True)
        notifier.prompts.append((table, user_id, player))
        return None

    notifier.fault = dms_closed
    notifier.send_private = send_private  # type: ignore[method-assign]  # DMs fail on purpose
    notifier.send_prompt = send_prompt  # type: ignore[method-assign]  # DMs fail on purpose
    try:
        result = await started(svc, [HOST, ALICE])
        assert attempts.count(ALICE) == 1
        assert [(n, u) for _, n, u in notifier.notices] == [(NoticeKind.DM_CLOSED, ALICE)]
        version = (await svc.submit(result.game_id, HOST, "bid:2", result.version)).version
        await svc.submit(result.game_id, ALICE, "bid:1", version)  # private news for ALICE: not tried, closed
        assert attempts.count(ALICE) == 1
        closed.clear()
        svc.dm_reopened(ALICE)  # she ran /hand
        result2 = await started(svc, [HOST, ALICE], channel=888)
        assert attempts.count(ALICE) == 2 and (ALICE in [u for _, u, _ in notifier.prompts])
        assert len(notifier.notices) == 1  # told once
        assert result2.game_id != result.game_id
    finally:
        await svc.close()


async def test_dms_are_tried_again_after_the_closed_dm_pause(store_url):
    from host import sender as sender_module

    clock = FakeClock()
    notifier = RecordingNotifier()
    svc = await open_service(store_url, notifier, clock)
    attempts: list[int] = []

    async def send_private(table, user_id, update):
        attempts.append(user_id)
        if user_id == ALICE and clock() < START_OPEN:
            raise Undeliverable("closed", dm_closed=True)

    async def send_prompt(table, user_id, player, previous, news=()):
        await send_private(table, user_id, None)

    START_OPEN = clock.now + sender_module.DM_CLOSED_RETRY / 2  # noqa: N806 - a time of this test
    notifier.send_private = send_private  # type: ignore[method-assign]  # DMs fail on purpose
    notifier.send_prompt = send_prompt  # type: ignore[method-assign]  # DMs fail on purpose
    try:
        await started(svc, [HOST, ALICE])
        assert attempts.count(ALICE) == 1
        clock.advance(sender_module.DM_CLOSED_RETRY + 1)
        await started(svc, [HOST, ALICE], channel=888)
        assert attempts.count(ALICE) == 2
    finally:
        await svc.close()


@pytest.mark.parametrize(
    "kind", ["table", "table_said", "private", "prompt", "prompt_of_round", "ping", "turn_ping", "lobby",
             "lobby_closed", "notice", "nudge", "catch_up", "prompt_closed", "prompt_closed_said",
             "ping_reminder", "nudge_turn"]
)
def test_every_message_kind_survives_its_json_round_trip(kind):
    from engine.core.decisions import DecisionKind
    from engine.core.events import private_event, public_event
    from engine.core.outcome import Outcome
    from engine.core.phrases import name, phrase
    from host import outbox
    from host.results import Headline, PendingPlayer, PrivateUpdate, Reminder, TableUpdate

    pending = (
        PendingPlayer(1, 11, DecisionKind.REACTION, "React?"),
        PendingPlayer(2, None, DecisionKind.TURN, "", True),
    )
    payloads: dict[str, outbox.Payload] = {
        "table": outbox.TablePost(TableUpdate(3, UpdateKind.ENDED, "End", 9, (public_event("x", "k", a=1),),
                                              {"board": [1, 2]}, pending, Outcome(((1,), (0, 2)), {0: 1, 1: 3, 2: 1},
                                                                                  "round_limit"))),
        "table_said": outbox.TablePost(TableUpdate(3, UpdateKind.AFK, "<@5> was away: the AI played for them.", 9,
                                                   headline_said=Headline("headline.away-ai", {"player": "<@5>"}))),
        "private": outbox.PrivatePost(11, PrivateUpdate(3, 1, 9, (private_event(1, "secret"),), {"hand": ["a"]})),
        "prompt": outbox.PromptPost(11, 1, 9),
        "prompt_of_round": outbox.PromptPost(11, 1, 9, 4, (private_event(1, "You draw a card."),)),
        "ping": outbox.Ping(pending, "the game is waiting for you"),
        "turn_ping": outbox.TurnPing(pending[:1], (1, 2)),
        "lobby": outbox.LobbyPost(),
        "lobby_closed": outbox.LobbyClosed(),
        "notice": outbox.Notice(NoticeKind.DM_CLOSED, 11),
        "nudge": outbox.Nudge(11, "it is your turn: bid."),
        "catch_up": outbox.CatchUp(11),
        "prompt_closed": outbox.PromptClosed(11, 1, "Keep Trap"),
        "ping_reminder": outbox.Ping(pending[:1], "the game is waiting for you", Reminder(rules_due=1234.0)),
        "nudge_turn": outbox.Nudge(11, "it is your turn: react.", "Since your last move: …",
                                   PendingPlayer(1, 11, DecisionKind.REACTION, "React?", said=phrase("prompt.react")),
                                   Reminder(left=1, then="skip")),
        "prompt_closed_said": outbox.PromptClosed(11, 1, "Seal: Mud Stompers", False,
                                                  phrase("label.seal", tribe=name("tribe", "mud"))),
    }
    payload = payloads[kind]
    stored_kind, data = outbox.encode(payload)
    import json

    assert outbox.decode(stored_kind.value, json.loads(json.dumps(data))) == payload


def test_a_prompt_stored_before_rounds_were_kept_reads_as_of_no_round():
    """A prompt row written by an older release has no round: it is sent as a new DM, never an edit."""
    from host import outbox

    assert outbox.decode("prompt", {"user_id": 11, "player": 1, "version": 9}) == outbox.PromptPost(11, 1, 9, -1)


async def test_an_unreadable_outbox_row_is_given_up_without_blocking_its_channel(store_url):
    notifier = RecordingNotifier()
    svc = await open_service(store_url, notifier)
    try:
        table = await svc.create_table("dash", {}, HOST, GUILD, CHANNEL)
        await raw.execute(
            store_url,
            (
                "INSERT INTO outbox (game_id, queue, kind, payload, next_at, created_at) "
                "VALUES (?, ?, 'table', '{}', 0, 0)",
                (table.game_id, f"channel:{CHANNEL}"),
            ),
        )
        await svc.join(table.game_id, ALICE)
        await svc.start(table.game_id, HOST)
        assert [p.kind for p in notifier.posts_for(table.game_id)] == [UpdateKind.STARTED]
    finally:
        await svc.close()


async def test_the_host_is_told_once_by_dm_when_the_channel_refuses_the_bot(store_url):
    clock = FakeClock()
    notifier = RecordingNotifier()
    svc = await open_service(store_url, notifier, clock)
    try:
        notifier.fault = Outage(clock, until=clock.now + 1e9, error=Undeliverable("I am missing a permission there"))
        result = await started(svc, [HOST, ALICE])
        version = (await svc.submit(result.game_id, HOST, "bid:2", result.version)).version
        await svc.submit(result.game_id, ALICE, "bid:1", version)
        assert [(user, reason) for _, user, reason in notifier.alerts] == [(HOST, "I am missing a permission there")]
    finally:
        await svc.close()


async def test_a_made_secret_choice_closes_its_dm_prompt_saying_what_was_chosen(store_url):
    notifier = RecordingNotifier()
    svc = await open_service(store_url, notifier)
    try:
        result = await started(svc, [HOST, ALICE])
        prompts = {user: ref for ref, (_, user, _) in zip(range(len(notifier.prompts)), notifier.prompts, strict=True)}
        assert set(prompts) == {HOST, ALICE}
        await svc.submit(result.game_id, HOST, "bid:2", result.version)
        ((message, chosen, timed_out),) = notifier.closed_prompts
        assert message.channel_id == HOST and "2" in chosen and timed_out is False
    finally:
        await svc.close()


async def test_two_rounds_reading_the_heads_at_once_deliver_each_message_once(store_url, monkeypatch):
    """A clean stop's drain and the sender's own loop may look at the outbox together: one queue, one worker."""
    notifier = RecordingNotifier()
    svc = await plain_service(store_url, notifier)
    try:
        result = await started(svc, [HOST, ALICE])
        sender = svc._sender
        read_heads = sender._db.queue_heads

        async def slow_heads(exclude=()):
            heads = await read_heads(exclude)
            await asyncio.sleep(0.05)  # both rounds have read before either starts a worker
            return heads

        monkeypatch.setattr(sender._db, "queue_heads", slow_heads)
        await asyncio.gather(sender.run_once(), sender.run_once())
        assert [u.version for u in notifier.posts_for(result.game_id)] == [0]
    finally:
        await svc.close()


def closed_dms(kind: str, table: TableInfo) -> None:
    if kind in ("private", "prompt"):
        raise Undeliverable("the player does not accept direct messages from me", dm_closed=True)


async def dare_each_other(svc, game_id: int) -> None:
    """Both bid (a player's own choice sends them no DM), then each dares the other once: a dare is a secret
    reaction of the other player's, so each of them is sent a DM prompt."""
    for user in (HOST, ALICE):
        step = await svc.legal_actions_for(game_id, user)
        await svc.submit(game_id, user, step.actions[0].id, step.version)
    for _ in range(2):
        mover = (await svc.get_table(game_id)).pending[0].user_id
        step = await svc.legal_actions_for(game_id, mover)
        await svc.submit(game_id, mover, "dare", step.version)
        dared = (await svc.get_table(game_id)).pending[0].user_id
        step = await svc.legal_actions_for(game_id, dared)
        await svc.submit(game_id, dared, "decline", step.version)


async def test_a_dm_failure_is_no_longer_shown_once_a_later_dm_to_that_player_goes_through(store_url):
    clock = FakeClock()
    notifier = RecordingNotifier()
    svc = await open_service(store_url, notifier, clock)
    try:
        notifier.fault = closed_dms
        result = await started(svc, [HOST, ALICE])
        await svc.deliver()
        assert (await svc.delivery_state(result.game_id)).failures, "closed DMs are shown while they are closed"
        # Both open their DMs and use the bot; the next move's DMs reach them.
        notifier.fault = None
        svc.dm_reopened(HOST)
        svc.dm_reopened(ALICE)
        clock.advance(5)
        await dare_each_other(svc, result.game_id)
        await svc.deliver()
        assert {user for _, user, _ in notifier.privates} | {user for _, user, _ in notifier.prompts} == {HOST, ALICE}
        assert (await svc.delivery_state(result.game_id)).failures == ()
    finally:
        await svc.close()


async def test_dm_failures_are_not_shown_after_the_game_is_over(store_url):
    clock = FakeClock()
    notifier = RecordingNotifier()
    svc = await open_service(store_url, notifier, clock)
    try:
        notifier.fault = closed_dms
        result = await started(svc, [HOST, ALICE])
        await svc.deliver()
        assert (await svc.delivery_state(result.game_id)).failures
        await svc.cancel(result.game_id, HOST)
        assert (await svc.delivery_state(result.game_id)).failures == ()
    finally:
        await svc.close()


async def test_a_player_who_used_the_bot_again_gets_dms_again_while_the_others_stay_held_back(store_url):
    clock = FakeClock()
    notifier = RecordingNotifier()
    svc = await open_service(store_url, notifier, clock)
    try:
        notifier.fault = closed_dms
        result = await started(svc, [HOST, ALICE])
        await svc.deliver()
        # Both open their DMs; only alice uses the bot (any interaction calls dm_reopened).
        notifier.fault = None
        clock.advance(5)
        svc.dm_reopened(ALICE)
        await dare_each_other(svc, result.game_id)
        await svc.deliver()
        reached = {user for _, user, _ in notifier.privates} | {user for _, user, _ in notifier.prompts}
        assert reached == {ALICE}, "the host's DMs stay held back until they use the bot or the wait ends"
    finally:
        await svc.close()
