"""The outbox end to end: the real `python bot.py` while the loopback Discord fails on purpose.

Every channel and DM message of a change is stored with the change and delivered later by the
outbox sender. These tests inject Discord's failures (500 for 30 s, 503 around a SIGKILL, 50013,
429, 50007) and check what players see: acks that never wait for the channel, table messages that
arrive in order exactly once after an outage, lobby and start messages that survive a crash, lasting
failures given up once. The database is read read-only, as a player never could: to know who is
pending while the channel is stale, and to compare the channel with what the outbox stored.
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import sqlite3
import statistics
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from cogs.custom_ids import Kind, decode
from tests.e2e.fakediscord import Harness, InteractionRecord, LiveBot, Message
from tests.e2e.fakediscord.state import iter_components
from tests.e2e.test_scenarios import (
    FAST_OPTIONS,
    SETTLE,
    Table,
    db_path,
    finished,
    is_table_message,
    lobby_button,
    open_lobby,
    start_table,
    stored_when,
)

pytestmark = [pytest.mark.e2e, pytest.mark.timeout(180)]

MESSAGES = "/channels/{channel_id}/messages"
MESSAGE = "/channels/{channel_id}/messages/{message_id}"
OUTAGE = 30.0  # seconds of 500s in the fault run (the figure)
ACK_LIMIT = 1.0  # no ack may take longer than this, whatever the channel does
REPORT_ENV = "GNOMEHOST_FAULT_REPORT"


# -- the bot's database, read only ------------------------------------------------------------------


def connect_ro(path: Path) -> sqlite3.Connection:
    return sqlite3.connect(f"file:{path}?mode=ro", uri=True, timeout=2.0)


@dataclass(frozen=True)
class OutboxEntry:
    """One stored outbox row, as the bot wrote it."""

    id: int
    queue: str
    kind: str
    status: str
    attempts: int
    last_error: str | None
    payload: dict[str, Any]

    @property
    def version(self) -> int:
        """The state version a table post shows."""
        return int(self.payload["update"]["version"])

    @property
    def public(self) -> bool:
        """A table post that puts a message in the channel (a private draft step posts nothing)."""
        return bool(self.payload["update"].get("public_change", True))


def outbox(path: Path, game_id: int, kind: str | None = None) -> list[OutboxEntry]:
    """The game's outbox rows (of one kind), oldest first."""
    conn = connect_ro(path)
    try:
        rows = conn.execute(
            "SELECT id, queue, kind, status, attempts, last_error, payload FROM outbox WHERE game_id = ? ORDER BY id",
            (game_id,),
        ).fetchall()
    finally:
        conn.close()
    entries = [OutboxEntry(r[0], r[1], r[2], r[3], r[4], r[5], json.loads(r[6])) for r in rows]
    return [e for e in entries if kind is None or e.kind == kind]


def pending_rows(path: Path) -> int:
    """Outbox rows of any game not delivered (nor given up) yet."""
    conn = connect_ro(path)
    try:
        return int(conn.execute("SELECT COUNT(*) FROM outbox WHERE status = 'pending'").fetchone()[0])
    finally:
        conn.close()


def due_outside(path: Path, queue: str) -> int:
    """Rows due now in every queue but `queue` (the one an outage holds back on purpose)."""
    conn = connect_ro(path)
    try:
        row = conn.execute(
            "SELECT COUNT(*) FROM outbox WHERE status = 'pending' AND next_at <= ? AND queue != ?",
            (time.time(), queue),
        ).fetchone()
        return int(row[0])
    except sqlite3.Error:
        return 0
    finally:
        conn.close()


def pending_humans(path: Path, game_id: int) -> tuple[str, list[int]]:
    """The game's status and the users it waits for now (the channel may be stale, the file is not)."""
    conn = connect_ro(path)
    try:
        status, pending = conn.execute("SELECT status, pending FROM games WHERE id = ?", (game_id,)).fetchone()
        seats = dict(conn.execute("SELECT player, user_id FROM seats WHERE game_id = ?", (game_id,)).fetchall())
    finally:
        conn.close()
    users: list[int] = []
    for decision in json.loads(pending or "[]"):
        user = seats.get(decision["player"])
        if user is not None and user not in users:
            users.append(int(user))
    return status, users


async def outbox_drained(fake: Harness, path: Path, timeout: float) -> float:
    """Wait until nothing is pending in the outbox; returns the monotonic time it was first seen empty."""
    await fake.server.wait_until(lambda: pending_rows(path) == 0 and fake.outbox_due() == 0, timeout,
                                 "the bot's outbox to be empty", poll=0.05)
    return time.monotonic()


# -- what the players see -------------------------------------------------------------------------------


def shown_version(msg: Message) -> int | None:
    """The state version of a table message: its "Take my turn" button's, even after a newer message retired it."""
    versions = [msg.components, *(old.get("components") or [] for old in msg.history)]
    for components in versions:
        for comp in iter_components(components):
            cid = decode(str(comp.get("custom_id", "")))
            if cid is not None and cid.kind is Kind.TURN:
                return int(cid.version)  # type: ignore[union-attr]
    return None


def table_messages(fake: Harness, channel_id: int) -> list[Message]:
    return [m for m in fake.channel_messages(channel_id) if is_table_message(m)]


def ack_latency(rec: InteractionRecord) -> float:
    """Dispatch -> the answer the user sees: the callback, or after a defer the first edit/followup that went out."""
    assert rec.callback_at is not None, rec.describe()
    if rec.callback_type not in (5, 6):
        return rec.callback_at - rec.dispatched_at
    answered = [q.at for q in rec.requests if q.method in ("POST", "PATCH") and (q.route or "").startswith("/webhooks/")
                and 200 <= q.status < 300]
    assert answered, f"no visible answer to {rec.describe()}"
    return min(answered) - rec.dispatched_at


def move_confirmations(fake: Harness, since: int) -> list[InteractionRecord]:
    """The interactions since index `since` whose answer confirmed a move ("✅ …")."""
    return [rec for rec in fake.interactions[since:] if any(m.content.startswith("✅") for m in rec.messages)
            or (rec.original is not None and rec.original.ephemeral and rec.original.content.startswith("✅"))]


async def play(table: Table, path: Path, *, moves: int | None = None, until: float | None = None,
               max_decisions: int = 200) -> int:
    """Pending humans act (one chosen at random, as the file says) until `moves` more moves were applied,
    `until` (monotonic) passed or the game is over; returns how many moves were applied."""
    first = len(table.moves)
    for _ in range(max_decisions):
        if moves is not None and len(table.moves) - first >= moves:
            break
        if until is not None and time.monotonic() >= until:
            break
        status, pending = pending_humans(path, table.game_id)
        pending = [u for u in pending if u in table.users]
        if status != "active" or not pending:
            break
        await table.act(table.users[table.rng.choice(pending)])
    return len(table.moves) - first


def report(figures: dict[str, Any]) -> None:
    """Print the figures (shown with -s) and append them as one JSON line to $GNOMEHOST_FAULT_REPORT."""
    print("fault run:", json.dumps(figures))
    target = os.environ.get(REPORT_ENV)
    if target:
        with open(target, "a", encoding="utf-8") as out:
            out.write(json.dumps(figures) + "\n")


def assert_channel_matches_outbox(fake: Harness, channel_id: int, posts: list[OutboxEntry]) -> None:
    """The channel's table messages are the outbox's public table posts: same versions, same order, each once."""
    shown = table_messages(fake, channel_id)
    expected = [e for e in posts if e.public]
    assert [shown_version(m) for m in shown] == [e.version for e in expected], (
        [shown_version(m) for m in shown], [e.version for e in expected])
    for msg, entry in zip(shown, expected, strict=True):
        headline = entry.payload["update"]["headline"]
        first = msg.history[0]["content"] if msg.history else msg.content
        assert not headline or first.startswith(f"**{headline[:200]}"), (headline, first[:300])
    contents = [m.history[0]["content"] if m.history else m.content for m in shown]
    assert len(set(contents)) == len(contents), "a table message was posted twice"
    delivered = [q for q in fake.requests_to("POST", MESSAGES)
                 if int(q.params["channel_id"]) == channel_id and q.status == 200 and q.fault is None
                 and any(kind_is_turn(c) for c in iter_components((q.body or {}).get("components") or []))]
    versions = [v for q in delivered for v in request_versions(q.body)]
    assert len(versions) == len(set(versions)), f"a version was posted twice: {versions}"


def kind_is_turn(comp: dict[str, Any]) -> bool:
    cid = decode(str(comp.get("custom_id", "")))
    return cid is not None and cid.kind is Kind.TURN


def request_versions(body: Any) -> list[int]:
    return [int(decode(str(c["custom_id"])).version)  # type: ignore[union-attr]
            for c in iter_components((body or {}).get("components") or []) if kind_is_turn(c)]


# -- 1. the fault run -------------------------------------------------------------------------------------


async def test_a_30s_outage_of_channel_posts_mid_game_delays_no_ack_and_every_table_message_arrives_once_in_order(
    fake: Harness, bot: LiveBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Discord answers 500 to every post in the game's channel for 30 s mid-game while players keep moving:
    no ack takes 1 s, and afterwards the channel has every move's table message, in order, exactly once."""
    path = db_path(bot)
    channel = fake.channel
    alice, bob, carol = fake.user("alice"), fake.user("bob"), fake.user("carol")
    game_id, _ = await start_table(fake, alice, [bob, carol], ais=0)
    table = Table(fake, game_id, channel.id, {u.id: u for u in (alice, bob, carol)}, random.Random(30))
    first_interaction = len(fake.interactions)
    await play(table, path, moves=3)
    await fake.wait_idle(quiet=0.2)
    posted_before = len(table_messages(fake, channel.id))

    fault = fake.inject_5xx(500, MESSAGES, method="POST", channel=channel, count=None, duration=OUTAGE)
    assert fault.until is not None
    discord_back = fault.until
    outage_interaction = len(fake.interactions)
    # While the channel is down its queue is held back on purpose: "settled" means every other queue
    # (the players' DMs) is delivered, not the channel's.
    monkeypatch.setattr(fake, "outbox_due", lambda: due_outside(path, f"channel:{channel.id}"))
    # Players go on during the outage (their panels, /hand, /play; the table message in view is stale).
    moves_in_outage = await play(table, path, until=discord_back - 2.0)
    outage_recs = fake.interactions[outage_interaction:]
    assert moves_in_outage >= 3, f"only {moves_in_outage} moves during the outage"
    assert len(table_messages(fake, channel.id)) == posted_before, "a post went through during the outage"
    assert fault.hits, "the outage refused nothing: no table post was attempted"
    monkeypatch.undo()

    await asyncio.sleep(max(0.0, discord_back - time.monotonic()))
    empty_at = await outbox_drained(fake, path, timeout=45.0)
    recovery = empty_at - discord_back
    last_post = max(q.at for q in fake.requests_to("POST", MESSAGES) if q.status == 200)
    refused = len(fault.hits)

    # The game goes on normally once Discord is back.
    moves_after = await play(table, path, moves=2)
    await fake.wait_idle(quiet=0.2)

    posts = outbox(path, game_id, "table")
    assert posts and all(e.status == "sent" for e in posts), [(e.id, e.status, e.last_error) for e in posts]
    assert_channel_matches_outbox(fake, channel.id, posts)
    latencies = [ack_latency(rec) for rec in fake.interactions[first_interaction:]]
    outage_latencies = [ack_latency(rec) for rec in outage_recs]
    confirmations = move_confirmations(fake, outage_interaction)
    assert len(confirmations) >= moves_in_outage
    figures = {
        "outage_s": OUTAGE,
        "moves_before": 3,
        "moves_during_outage": moves_in_outage,
        "moves_after": moves_after,
        "interactions_during_outage": len(outage_recs),
        "ack_max_s": round(max(latencies), 3),
        "ack_median_s": round(statistics.median(latencies), 3),
        "outage_ack_max_s": round(max(outage_latencies), 3),
        "outage_ack_median_s": round(statistics.median(outage_latencies), 3),
        "attempts_refused": refused,
        "discord_back_to_outbox_empty_s": round(recovery, 2),
        "discord_back_to_last_post_s": round(last_post - discord_back, 2),
        "table_messages": len(table_messages(fake, channel.id)),
        "table_rows": len(posts),
        "table_rows_public": len([e for e in posts if e.public]),
    }
    report(figures)
    assert max(latencies) < ACK_LIMIT, figures
    assert recovery < 30.0, figures
    assert bot.log_errors() == [], bot.log_tail()


# -- 2. SIGKILL before the lobby message got out ---------------------------------------------------------


async def test_a_bot_killed_before_its_lobby_message_got_out_posts_it_once_after_the_restart(
    fake: Harness, bot: LiveBot
) -> None:
    """/game new answers "open" while Discord refuses the lobby post; SIGKILL, restart: the lobby appears once,
    Join works, and the channel counts as busy because of that very lobby."""
    alice, bob = fake.user("alice"), fake.user("bob")
    channel = fake.channel
    fault = fake.inject_5xx(503, MESSAGES, method="POST", channel=channel, count=None)
    rec = await fake.slash(alice, "game", subcommand="new", options={"game": "vendetta", **FAST_OPTIONS["vendetta"]},
                           settle=0)
    assert rec.ephemeral and "is open" in rec.content, rec.describe()
    assert ack_latency(rec) < ACK_LIMIT, rec.describe()
    await fake.wait_fault_hit(fault)  # the bot tried to post the lobby and Discord refused
    assert fake.channel_messages(channel) == []
    await bot.kill()
    fake.clear_faults()
    await bot.start()

    lobby = await fake.wait_for_message(channel, lambda m: any(decode(c) is not None for c in m.custom_ids()),
                                        timeout=15.0)
    await fake.wait_idle(quiet=0.3)
    assert fake.channel_messages(channel) == [lobby], [m.content for m in fake.channel_messages(channel)]
    game_id = decode(lobby.custom_ids()[0]).game  # type: ignore[union-attr]
    assert f"game #{game_id}" in lobby.content and "Lobby" in lobby.content, lobby.content
    await finished(fake, await fake.click(bob, lobby, lobby_button(lobby, "join"), settle=SETTLE))
    assert f"<@{bob.id}>" in lobby.content or bob.name in lobby.content, lobby.content
    busy = await fake.slash(bob, "game", subcommand="new", options={"game": "vendetta"}, settle=SETTLE)
    assert busy.ephemeral and f"already has game #{game_id} open" in busy.content, busy.describe()
    await fake.wait_idle(quiet=0.2)
    assert len(fake.channel_messages(channel)) == 1
    assert bot.log_errors() == [], bot.log_tail()


# -- 3. SIGKILL while the start was being posted ----------------------------------------------------------


async def test_a_bot_killed_while_its_start_was_being_posted_closes_the_lobby_and_posts_the_start_once_after_restart(
    fake: Harness, bot: LiveBot
) -> None:
    """Start is pressed while Discord refuses every post and edit in the channel (the click's own edit of the
    lobby message too); SIGKILL, restart: the lobby loses its buttons and says it started, one start message."""
    alice, bob = fake.user("alice"), fake.user("bob")
    channel = fake.channel
    game_id, lobby = await open_lobby(fake, alice, "vendetta", FAST_OPTIONS["vendetta"])
    await finished(fake, await fake.click(bob, lobby, lobby_button(lobby, "join"), settle=SETTLE))
    await fake.wait_idle(quiet=0.2)
    posts = fake.inject_5xx(503, MESSAGES, method="POST", channel=channel, count=None)
    edits = fake.inject_5xx(503, MESSAGE, method="PATCH", channel=channel, count=None)
    # The click's own answer edits the lobby message through the interaction webhook: refused too, so only
    # the stored LobbyClosed can take the buttons off.
    answers = fake.inject_5xx(503, "/webhooks/*", method="PATCH", channel=channel, count=None)
    rec = await fake.click(alice, lobby, lobby_button(lobby, "start"), settle=0)
    assert rec.callback_type == 6 and rec.callback_latency is not None and rec.callback_latency < ACK_LIMIT, (
        rec.describe())
    await stored_when(fake, bot, game_id, lambda g: g.status == "active", "the start stored")
    await fake.wait_fault_hit(edits)  # the sender tried to close the lobby message and was refused
    assert answers.hits, "the click's answer was not attempted"
    assert lobby.custom_ids(), "the lobby lost its buttons although every edit was refused"
    assert table_messages(fake, channel.id) == []
    await bot.kill()
    killed_at = time.monotonic()
    fake.clear_faults()
    await bot.start()

    await fake.server.wait_until(lambda: lobby.custom_ids() == [] and "has started" in lobby.content, 15.0,
                                 "the lobby message to be closed")
    start = await fake.wait_for_message(channel, is_table_message, timeout=15.0)
    await fake.wait_idle(quiet=0.3)
    assert "The game begins" in start.content, start.content
    assert table_messages(fake, channel.id) == [start], [m.content for m in table_messages(fake, channel.id)]
    delivered = [q for q in fake.requests_to("POST", MESSAGES) if q.status == 200 and q.at > killed_at
                 and int(q.params["channel_id"]) == channel.id]
    assert len(delivered) == 1, [str(q) for q in delivered]  # the start message, once
    assert all(q.status == 503 for q in posts.hits + edits.hits)
    sent = outbox(db_path(bot), game_id)
    assert all(e.status == "sent" for e in sent), [(e.id, e.kind, e.status) for e in sent]
    assert bot.log_errors() == [], bot.log_tail()


# -- 4. missing permissions: given up, logged once ---------------------------------------------------------


async def test_missing_permissions_for_table_posts_are_given_up_and_logged_once_without_delaying_any_ack(
    fake: Harness, bot: LiveBot
) -> None:
    """50013 on every post in the game's channel: moves are acknowledged at once, each table post is given
    up (status 'failed'), the bot logs the failure once."""
    path = db_path(bot)
    channel = fake.channel
    alice, bob = fake.user("alice"), fake.user("bob")
    game_id, _ = await start_table(fake, alice, [bob], ais=0)
    table = Table(fake, game_id, channel.id, {u.id: u for u in (alice, bob)}, random.Random(40))
    await fake.wait_idle(quiet=0.2)
    before = len(table_messages(fake, channel.id))
    last_row = max(e.id for e in outbox(path, game_id))
    fault = fake.inject_50013(MESSAGES, method="POST", channel=channel, count=None)
    since = len(fake.interactions)
    for _ in range(12):
        await play(table, path, moves=1)
        if len([e for e in outbox(path, game_id, "table") if e.id > last_row and e.public]) >= 2:
            break
    await outbox_drained(fake, path, timeout=15.0)
    await fake.wait_idle(quiet=0.2)

    refused = [e for e in outbox(path, game_id, "table") if e.id > last_row and e.public]
    assert len(refused) >= 2, "the moves caused fewer than two table posts"
    assert all(e.status == "failed" and "missing permissions" in (e.last_error or "") for e in refused), (
        [(e.id, e.status, e.last_error) for e in refused])
    assert len(fault.hits) == len(refused)  # given up at the first refusal: no retry of a lasting failure
    assert len(table_messages(fake, channel.id)) == before
    logged = [line for line in bot.log_text().splitlines() if "cannot be delivered" in line and "50013" in line]
    assert len(logged) == 1, logged
    latencies = [ack_latency(rec) for rec in fake.interactions[since:]]
    assert max(latencies) < ACK_LIMIT, latencies
    assert len(move_confirmations(fake, since)) >= len(refused)
    # The table goes on: the players still see the state through /game status.
    status = await fake.slash(bob, "game", subcommand="status", settle=SETTLE)
    assert status.ephemeral and f"game #{game_id}" in status.content, status.describe()
    assert bot.log_errors() == [], bot.log_tail()


# -- 5. 429: waited out, posted once --------------------------------------------------------------------------


async def test_a_rate_limited_table_post_goes_out_once_after_retry_after_and_the_ack_does_not_wait(
    fake: Harness, bot: LiveBot
) -> None:
    """429 with retry_after=2 s on the channel's next post: the move is acknowledged at once, its table message
    goes out after retry_after, exactly once."""
    retry_after = 2.0
    path = db_path(bot)
    channel = fake.channel
    alice, bob = fake.user("alice"), fake.user("bob")
    game_id, _ = await start_table(fake, alice, [bob], ais=0)
    table = Table(fake, game_id, channel.id, {u.id: u for u in (alice, bob)}, random.Random(50))
    await fake.wait_idle(quiet=0.2)
    fault = fake.inject_429(MESSAGES, method="POST", channel=channel, retry_after=retry_after, count=1)
    since = len(fake.interactions)
    for _ in range(12):  # a private draft step posts nothing: act until a move's table post meets the 429
        await play(table, path, moves=1)
        if fault.hits:
            break
    assert fault.hits, "no table post was attempted"
    limited = fault.hits[0]
    await fake.wait_idle(quiet=0.3, timeout=15.0)

    after = [q for q in fake.requests_to("POST", MESSAGES) if q.at > limited.at
             and int(q.params["channel_id"]) == channel.id]
    assert after and after[0].status == 200 and after[0].body == limited.body, [str(q) for q in after]
    assert after[0].at - limited.at >= retry_after - 0.05, after[0].at - limited.at
    version = request_versions(limited.body)
    assert version, "the rate-limited post was not a table message"
    shown = [m for m in table_messages(fake, channel.id) if shown_version(m) == version[0]]
    assert len(shown) == 1, [m.content for m in shown]
    assert [q.body for q in after].count(limited.body) == 1, "the rate-limited post went out twice"
    # The move whose post was held back was confirmed long before its post went out.
    confirmations = move_confirmations(fake, since)
    assert confirmations and max(ack_latency(rec) for rec in confirmations) < ACK_LIMIT
    moved = [rec for rec in confirmations if rec.dispatched_at <= limited.at]
    assert moved and ack_latency(moved[-1]) + moved[-1].dispatched_at < after[0].at - 1.0
    assert all(e.status == "sent" for e in outbox(path, game_id, "table"))
    assert bot.log_errors() == [], bot.log_tail()


# -- 6. closed DMs (50007): one notice, the game goes on --------------------------------------------------


async def test_a_player_whose_dms_are_refused_gets_one_channel_notice_to_use_hand_and_the_game_goes_on(
    fake: Harness, bot: LiveBot
) -> None:
    """50007 on every DM to bob from the start (and the channel down for a moment as the game starts):
    one channel notice tells bob to use /hand, he plays through /hand, the game goes on."""
    path = db_path(bot)
    channel = fake.channel
    alice, bob = fake.user("alice"), fake.user("bob")
    game_id, lobby = await open_lobby(fake, alice, "vendetta", FAST_OPTIONS["vendetta"])
    await finished(fake, await fake.click(bob, lobby, lobby_button(lobby, "join"), settle=SETTLE))
    await fake.wait_idle(quiet=0.2)
    dms = fake.inject_50007(MESSAGES, method="POST", user=bob, count=None)
    # The channel is briefly down when the notice is due: a stored notice still goes out once it is back.
    outage = fake.inject_5xx(503, MESSAGES, method="POST", channel=channel, count=None, duration=1.5)
    await finished(fake, await fake.click(alice, lobby, lobby_button(lobby, "start"), settle=SETTLE))
    await fake.wait_fault_hit(dms)
    table = Table(fake, game_id, channel.id, {u.id: u for u in (alice, bob)}, random.Random(60), hand_only={bob.id})
    moved = await play(table, path, moves=6)
    assert moved == 6 or pending_humans(path, game_id)[0] != "active"
    await outbox_drained(fake, path, timeout=20.0)
    await fake.wait_idle(quiet=0.2)

    assert outage.hits, "the channel outage refused nothing"
    notices = [m for m in fake.channel_messages(channel) if "can't DM you" in m.content]
    assert len(notices) == 1, [m.content for m in notices]
    assert f"<@{bob.id}>" in notices[0].content and "/hand" in notices[0].content, notices[0].content
    assert fake.dm_messages(bob) == []
    assert fake.dm_messages(alice), "alice (DMs open) got no DM"
    assert table.surfaces.get("hand", 0) > 0
    bobs = [e for e in outbox(path, game_id) if e.queue == f"user:{bob.id}"]
    assert bobs and all(e.status == "failed" for e in bobs), [(e.id, e.kind, e.status) for e in bobs]
    assert any(table.seats.get(bob.id) == player for player, _ in table.moves), "bob never moved"
    assert bot.log_errors() == [], bot.log_tail()
