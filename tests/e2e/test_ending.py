"""The end of a game end to end: a real ending, and a game you can find again.

The real bot.py against the loopback Discord: the final table message (winners, standings with
breakdowns, revealed secrets, reason, rounds, duration, board, Rematch), /game status, board, log and
history without a game number after the end, the log as a text file, and Rematch (same seats and
options, the clicker hosting, refusals for strangers and for a busy channel).
"""

from __future__ import annotations

import random
import re
import sqlite3
from pathlib import Path

import pytest

from cogs.custom_ids import Kind, decode
from tests.e2e.fakediscord import Harness, LiveBot, Message, User
from tests.e2e.test_scenarios import (
    FAST_OPTIONS,
    MAX_DECISIONS,
    SETTLE,
    Table,
    db_path,
    finished,
    finished_game,
    kind_of,
    latest_table_message,
    lobby_button,
    open_lobby,
    pending_user_ids,
    read_game,
)

pytestmark = [pytest.mark.e2e, pytest.mark.timeout(240)]

RAW_CODES = ("round_limit", "turn_cap", "(objectives)", "version ")


def is_final(msg: Message) -> bool:
    return "**Game over**" in msg.content and "**Final standings**" in msg.content


def seats_in_order(db: Path, game_id: int) -> list[int | None]:
    """The users of a table's seats (None for AI): in join order for a lobby, in player order once started."""
    conn = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    try:
        rows = conn.execute("SELECT join_order, player, user_id FROM seats WHERE game_id = ?", (game_id,)).fetchall()
    finally:
        conn.close()
    return [user for *_, user in sorted(rows, key=lambda r: (r[1] if r[1] is not None else r[0]))]


def rematch_button(msg: Message) -> str:
    found = [c for c in msg.custom_ids() if kind_of(c) is Kind.REMATCH]
    assert len(found) == 1, msg.custom_ids()
    return found[0]


def lobby_messages(fake: Harness, channel: int) -> list[Message]:
    """Every lobby message of the channel (open, or closed with its final text)."""
    return [m for m in fake.channel_messages(channel) if "\nHost: <@" in m.content]


async def all_ai_game(fake: Harness, host: User, ais: int = 2) -> tuple[int, Message]:
    """A vendetta table of AI players only (the host opens it, adds the AIs, leaves and starts it): the AI
    plays it to its end at the start. Returns its id and its final table message."""
    game_id, lobby = await open_lobby(fake, host, "vendetta", FAST_OPTIONS["vendetta"])
    for _ in range(ais):
        await finished(fake, await fake.click(host, lobby, lobby_button(lobby, "ai"), settle=SETTLE))
    await finished(fake, await fake.click(host, lobby, lobby_button(lobby, "leave"), settle=SETTLE))
    rec = await finished(fake, await fake.click(host, lobby, lobby_button(lobby, "start"), settle=SETTLE))
    final = await fake.wait_for_message(fake.channel, is_final, timeout=60)
    # The AI plays the whole game right after the start; the start's answer may come before its end (which is
    # rated, a store read more), so the lobby says the game started or that it is over, and keeps no button.
    assert rec.original is not None, rec.describe()
    assert "This game is over" in rec.original.content or "The game has started" in rec.original.content
    assert lobby.custom_ids() == []
    return game_id, final


async def test_final_message_has_the_whole_result_and_the_game_stays_findable(fake: Harness, bot: LiveBot) -> None:
    alice, bob = fake.user("alice"), fake.user("bob")
    game_id, final = await all_ai_game(fake, alice)
    stored = await finished_game(fake, bot, game_id)

    # The final message: winners by name, reason in words, rounds and time, standings with breakdowns,
    # every clan's objectives revealed, the final board, and one Rematch button.
    text = final.content
    assert "wins!" in text or "share the win!" in text, text
    assert "**Final standings**" in text and re.search(r"^1st: AI \d", text, re.M), text
    assert re.search(r"rounds? played in ", text), text
    assert "**Revealed at the end**" in text and "objectives were" in text, text
    assert "  · " in text  # a breakdown line under each player
    assert not any(code in text for code in RAW_CODES), text
    assert final.attachments, "the final board is attached"
    # The final board says in words what it shows (screen readers, pictures that do not load), public facts only.
    described = final.attachments[0].description or ""
    assert described.startswith("Vendetta") and len(described) <= 1024, described
    assert "game over" in described and "Winner:" in described, described
    assert rematch_button(final)
    assert len(text) <= 2000

    # After the end, the channel's commands find the game without its number.
    rec = await fake.slash(bob, "game", subcommand="status", settle=SETTLE)
    assert f"game #{game_id}, ended" in rec.content and "**Final standings**" in rec.content, rec.describe()
    assert "There is no open game" not in rec.content and "version" not in rec.content
    rec = await fake.slash(bob, "game", subcommand="board", settle=SETTLE)
    assert rec.original is not None and rec.original.attachments, rec.describe()
    rec = await fake.slash(bob, "game", subcommand="log", settle=SETTLE)
    assert rec.original is not None, rec.describe()
    # An AI game of 10 rounds is longer than a message: the whole log comes as a text file.
    log_file = rec.original.attachment(f"game-{game_id}-log.txt")
    lines = log_file.data.decode("utf-8").splitlines()
    assert lines[0].endswith(f"Vendetta — game #{game_id}") and len(lines) > 40
    assert not any(line.startswith("🔒") for line in lines), "a spectator's log holds no private line"
    assert "is attached" in rec.content

    rec = await fake.slash(bob, "game", subcommand="history", settle=SETTLE)
    assert f"#{game_id} Garden Gnomes" in rec.content and "won by AI" in rec.content, rec.describe()
    assert stored.status == "finished"


async def test_rematch_opens_a_lobby_with_the_same_seats_and_options(fake: Harness, bot: LiveBot) -> None:
    alice, bob = fake.user("alice"), fake.user("bob")
    game_id, final = await all_ai_game(fake, alice, ais=3)
    old = read_game(db_path(bot), game_id)

    # Nobody who sat at the table or hosted it cannot start a rematch.
    rec = await fake.click(bob, final, rematch_button(final), settle=SETTLE)
    await fake.server.wait_until(lambda: rec.followups or rec.edits, 10.0, "bob's refusal")
    assert rec.ephemeral and "Only a player of game" in rec.all_text, rec.describe()
    assert len(lobby_messages(fake, fake.channel.id)) == 1

    # The old host starts it: a new lobby in the same channel, the same three AI seats and options.
    rec = await fake.click(alice, final, rematch_button(final), settle=SETTLE)
    await fake.server.wait_until(lambda: rec.followups or rec.edits, 10.0, "alice's rematch answer")
    assert rec.ephemeral and "Rematch: game #" in rec.all_text, rec.describe()
    found = re.search(r"game #(\d+)", rec.all_text)
    assert found is not None, rec.describe()
    new_id = int(found.group(1))
    lobby = await fake.wait_for_message(
        fake.channel, lambda m: any((d := decode(c)) is not None and d.kind is Kind.LOBBY and d.game == new_id
                                    for c in m.custom_ids()))
    assert f"game #{new_id}" in lobby.content and f"Host: <@{alice.id}>" in lobby.content
    assert "Lobby: 3/" in lobby.content and lobby.content.count("AI ") >= 3, lobby.content
    # Options are named and explained in words, not engine names.
    assert "• Round limit: 10 — the game ends after round 10 at the latest." in lobby.content, lobby.content
    assert ("• Scoring: basic — the first to complete their objectives wins; if nobody has by the round limit, "
            "points decide.") in lobby.content, lobby.content
    assert "round limit 10" not in lobby.content and "scoring basic" not in lobby.content
    new = read_game(db_path(bot), new_id)
    assert new.options == old.options and new.status == "lobby"
    assert seats_in_order(db_path(bot), new_id) == [None, None, None]

    # A second Rematch while that lobby is open is refused, naming it.
    rec = await fake.click(alice, final, rematch_button(final), settle=SETTLE)
    await fake.server.wait_until(lambda: rec.followups or rec.edits, 10.0, "the busy refusal")
    assert f"already has game #{new_id} open" in rec.all_text, rec.describe()

    # The rematch is an ordinary lobby: its host starts it and the AI plays it to the end.
    rec = await finished(fake, await fake.click(alice, lobby, lobby_button(lobby, "start"), settle=SETTLE))
    assert rec.original is not None, rec.describe()
    assert "This game is over" in rec.original.content or "The game has started" in rec.original.content
    await finished_game(fake, bot, new_id)
    rec = await fake.slash(bob, "game", subcommand="history", settle=SETTLE)
    assert rec.content.index(f"#{new_id} ") < rec.content.index(f"#{game_id} "), rec.content
    fake.assert_valid()


async def test_a_player_who_played_to_the_end_starts_the_rematch_in_their_seat(fake: Harness, bot: LiveBot) -> None:
    alice, bob = fake.user("alice"), fake.user("bob")
    game_id, lobby = await open_lobby(fake, alice, "vendetta", FAST_OPTIONS["vendetta"])
    await finished(fake, await fake.click(bob, lobby, lobby_button(lobby, "join"), settle=SETTLE))
    rec = await finished(fake, await fake.click(alice, lobby, lobby_button(lobby, "start"), settle=SETTLE))
    assert rec.original is not None and "started" in rec.original.content, rec.describe()
    users = {u.id: u for u in (alice, bob)}
    table = Table(fake, game_id, fake.channel.id, users, random.Random(4))
    waiting_lines: list[str] = []
    for _ in range(MAX_DECISIONS):
        msg = latest_table_message(fake, fake.channel.id)
        if "**Game over**" in msg.content:
            break
        pending = [uid for uid in pending_user_ids(msg) if uid in users]
        idle = [u for uid, u in users.items() if uid not in pending]
        if idle and len(waiting_lines) < 3 and not msg.content.splitlines()[-1].startswith("Waiting for"):
            # /play autocomplete is never silently empty: one line says whose turn it is.
            choices = await fake.autocomplete(idle[0], "play", options={"action": ""}, focused="action")
            assert len(choices) == 1 and choices[0]["value"] == "-", choices
            assert choices[0]["name"].startswith("Not your turn — waiting for"), choices
            waiting_lines.append(choices[0]["name"])
            rec = await fake.slash(idle[0], "play", options={"action": "-"}, settle=SETTLE)
            assert "nothing to decide right now" in rec.content, rec.describe()
        await table.act(users[table.rng.choice(pending)])
    final = latest_table_message(fake, fake.channel.id)
    assert is_final(final), final.content
    assert waiting_lines, "the game never waited for one player only"
    for user in (alice, bob):
        assert f"<@{user.id}>" in final.content
    old_order = seats_in_order(db_path(bot), game_id)

    rec = await fake.click(bob, final, rematch_button(final), settle=SETTLE)
    await fake.server.wait_until(lambda: rec.followups or rec.edits, 10.0, "bob's rematch")
    assert "Rematch: game #" in rec.all_text, rec.describe()
    found = re.search(r"game #(\d+)", rec.all_text)
    assert found is not None, rec.describe()
    new_id = int(found.group(1))
    # Everyone seated before sits again, in the old player order; bob (who clicked) hosts.
    assert seats_in_order(db_path(bot), new_id) == old_order and set(old_order) == {alice.id, bob.id}
    lobby2 = await fake.wait_for_message(
        fake.channel, lambda m: f"game #{new_id}" in m.content and "Lobby" in m.content)
    assert f"Host: <@{bob.id}>" in lobby2.content
