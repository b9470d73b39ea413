"""Vacation through the real bot (`/me away`, `/me back`) at both kinds of table.

`away: wait` (the default): the table waits for the player on vacation: nobody mentions them, nothing is
played for them (their reminders, when due, are held until the vacation ends: tests/host), and every table message says
until when they are away. Back, they are told it is their turn and play it themselves.
`away: ai`: the AI plays their seat at once while they are away, and gives it back when they return.
"""

from __future__ import annotations

import random
import sqlite3
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from cogs.custom_ids import Kind
from tests.e2e.fakediscord import Harness, LiveBot, User
from tests.e2e.test_quiet_hours import _pinged
from tests.e2e.test_scenarios import (
    SETTLE,
    Table,
    db_path,
    finished,
    kind_of,
    latest_table_message,
    lobby_button,
    offers,
    open_lobby,
    pending_user_ids,
    stored_when,
)

pytestmark = pytest.mark.e2e

# Decisions Alice takes at most while the AI plays Bob's seat: a Vendetta round is a handful of them.
ALICE_DECISIONS = 40


def _vacation_end() -> tuple[str, int]:
    """A date three days from now (as typed in `/me away`) and its start in UTC (the default zone)."""
    day = datetime.now(UTC).date() + timedelta(days=3)
    return day.isoformat(), int(datetime(day.year, day.month, day.day, tzinfo=UTC).timestamp())


def _turn_due(bot: LiveBot, game_id: int, seat: int) -> float | None:
    """When the reminder clock of a seat's pending turn runs out, as the bot stored it (None: no turn)."""
    conn = sqlite3.connect(f"file:{db_path(bot)}?mode=ro", uri=True)
    try:
        row = conn.execute(
            "SELECT due_at FROM deadlines WHERE game_id = ? AND player = ? AND kind = 'turn'", (game_id, seat)
        ).fetchone()
    finally:
        conn.close()
    return None if row is None else float(row[0])


async def _two_player_table(fake: Harness, alice: User, bob: User, away: str) -> int:
    """Alice's Vendetta table with Bob seated second, its vacation setting chosen, started by its button."""
    game_id, lobby = await open_lobby(fake, alice, "vendetta", {})
    await finished(fake, await fake.click(bob, lobby, lobby_button(lobby, "join"), settle=SETTLE))
    rec = await fake.slash(alice, "game", subcommand="settings", options={"away": away}, settle=SETTLE)
    assert rec.ephemeral and rec.content, rec.describe()
    day, _ = _vacation_end()
    rec = await fake.slash(bob, "me", subcommand="away", options={"until": day})
    assert rec.ephemeral and "away" in rec.content, rec.describe()
    rec = await finished(fake, await fake.click(alice, lobby, lobby_button(lobby, "start"), settle=SETTLE))
    assert rec.original is not None and "started" in rec.original.content, rec.describe()
    await fake.wait_idle()
    return game_id


def _sources(stored: Any, user: User) -> list[str]:
    """How each stored move of the user's seats came: "human", "ai", "timeout"."""
    seats = {player for player, uid in stored.seats.items() if uid == user.id}
    return [source for player, _, source in stored.actions if player in seats]


async def _bob_not_pending(fake: Harness, bob: User) -> None:
    """Wait (the deadline scheduler runs an away player's due turn within moments) until Bob is not awaited."""

    def done() -> bool | None:
        msgs = [m for m in fake.channel_messages(fake.channel.id) if pending_user_ids(m) or "Game over" in m.content]
        return True if msgs and bob.id not in pending_user_ids(latest_table_message(fake, fake.channel.id)) else None

    await fake.server.wait_until(done, 10.0, "the AI took Bob's turn")
    await fake.wait_idle()


async def test_a_waiting_table_holds_the_away_players_turn_then_they_play_it_on_return(
        fake: Harness, bot: LiveBot) -> None:
    alice, bob = fake.user("alice"), fake.user("bob")
    _, back_at = _vacation_end()
    game_id = await _two_player_table(fake, alice, bob, "wait")
    table = Table(fake, game_id, fake.channel.id, {alice.id: alice, bob.id: bob}, random.Random(5))
    msg = latest_table_message(fake, fake.channel.id)
    for _ in range(ALICE_DECISIONS):  # Alice keeps her clans' objectives; the round then waits for Bob's
        if alice.id not in pending_user_ids(msg):
            break
        await table.act(alice)
        await fake.wait_idle()
        msg = latest_table_message(fake, fake.channel.id)
    assert pending_user_ids(msg) == [bob.id], msg.content
    assert f"<@{bob.id}> until <t:{back_at}:f>" in msg.content, msg.content
    stored = await stored_when(fake, bot, game_id, lambda g: bool(g.actions), "Alice's choice stored")
    assert _sources(stored, bob) == [], "nothing was played for Bob"
    assert _pinged(fake, bob) == 0, "a player on vacation is not mentioned"
    bob_seat = next(player for player, uid in stored.seats.items() if uid == bob.id)
    assert _turn_due(bot, game_id, bob_seat) is not None, "his turn is kept for him (its reminders are held when due)"

    rec = await fake.slash(bob, "me", subcommand="back")
    assert rec.ephemeral and "no longer away" in rec.content, rec.describe()
    # Nobody called him while he was away: the answer to his return says where he is awaited, with its button.
    assert "1 waiting for you" in rec.content, rec.describe()
    assert rec.original is not None and any(kind_of(c) is Kind.TURN for c in rec.original.custom_ids()), rec.describe()
    await fake.wait_idle()
    due = _turn_due(bot, game_id, bob_seat)
    assert due is not None and due < back_at, "his reminders run from his return, not from his vacation's end"
    panel = await fake.click(bob, rec.original, next(c for c in rec.original.custom_ids() if kind_of(c) is Kind.TURN),
                             settle=SETTLE)
    assert panel.original is not None and panel.original.ephemeral and offers(panel.original), panel.describe()
    table.panels[bob.id] = panel.original
    await table.act(bob)
    await fake.wait_idle()
    stored = await stored_when(fake, bot, game_id, lambda g: bool(_sources(g, bob)), "Bob's choice stored")
    assert _sources(stored, bob) == ["human"], stored.actions
    assert bot.log_errors() == []
    fake.assert_valid()


async def test_an_ai_table_plays_the_away_players_seat_and_gives_it_back(fake: Harness, bot: LiveBot) -> None:
    alice, bob = fake.user("alice"), fake.user("bob")
    game_id = await _two_player_table(fake, alice, bob, "ai")
    table = Table(fake, game_id, fake.channel.id, {alice.id: alice}, random.Random(7))
    for _ in range(ALICE_DECISIONS):
        stored = await stored_when(fake, bot, game_id, lambda g: True, "the game stored")
        if len(_sources(stored, bob)) >= 3:
            break
        await _bob_not_pending(fake, bob)
        await table.act(alice)
        await fake.wait_idle()
    assert set(_sources(stored, bob)) == {"ai"} and len(_sources(stored, bob)) >= 3, stored.actions
    assert _pinged(fake, bob) == 0, "the AI plays Bob's seat: Bob is not called to it"

    rec = await fake.slash(bob, "me", subcommand="back")
    assert rec.ephemeral and "no longer away" in rec.content and "waiting for you" not in rec.content, rec.describe()
    ai_moves = len(_sources(stored, bob))
    for _ in range(ALICE_DECISIONS):
        await fake.wait_idle()
        msg = latest_table_message(fake, fake.channel.id)
        if bob.id in pending_user_ids(msg):
            break
        assert "**Game over**" not in msg.content, "the game ended before Bob's seat came round again"
        await table.act(alice)
    else:
        raise AssertionError("Bob's turn did not come back to him")
    stored = await stored_when(fake, bot, game_id, lambda g: True, "the game stored")
    assert _sources(stored, bob) == ["ai"] * ai_moves, "back, the AI no longer plays his seat"
    assert _pinged(fake, bob) >= 1, "his seat is his again: he is told it is his turn"
    table.users[bob.id] = bob
    await table.act(bob)
    stored = await stored_when(fake, bot, game_id, lambda g: len(_sources(g, bob)) > ai_moves, "Bob's move stored")
    assert _sources(stored, bob)[-1] == "human", stored.actions
    assert bot.log_errors() == []
    fake.assert_valid()
