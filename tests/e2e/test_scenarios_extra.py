"""More scenarios end to end: DM prompts for secret choices, SIGINT, bugs answered with a reference.

Helpers come from test_scenarios (the same way of playing as people do).
"""

from __future__ import annotations

import asyncio
import os
import re
import signal
import sqlite3
from functools import partial
from pathlib import Path
from typing import Any

import pytest

from engine import registry
from engine.core.actions import CONFIRM_ID
from present.text import faction_names
from tests.e2e.fakediscord import Harness, LiveBot, Message, User
from tests.e2e.test_scenarios import (
    SETTLE,
    HeldRequests,
    applied,
    db_path,
    finished,
    latest_table_message,
    offers,
    read_game,
    refusal,
    start_table,
    stored_when,
    string_leaves,
    turn_button,
)

pytestmark = [pytest.mark.e2e, pytest.mark.timeout(120)]

REPO = Path(__file__).resolve().parents[2]
REF = re.compile(r"Something went wrong \(ref ([0-9A-F]{4})\)")


def dm_prompts(fake: Harness, user: User) -> list[Message]:
    """The user's DMs that carry choices (buttons or a select)."""
    return [m for m in fake.dm_messages(user) if offers(m)]


async def pick(fake: Harness, user: User, msg: Message, custom_id: str, value: str | None) -> Any:
    if value is None:
        rec = await fake.click(user, msg, custom_id, settle=SETTLE)
    else:
        rec = await fake.select(user, msg, custom_id, [value], settle=SETTLE)
    return await finished(fake, rec)


def private_strings(game_name: str, seed: int, players: int, options: dict[str, Any],
                    actions: list[tuple[int, str, str]], player: int) -> set[str]:
    """Strings in `player`'s private view (after each stored move) that the public view never shows."""
    game = registry.get(game_name)
    state = game.new_game(players, seed, options)
    public_blob: list[str] = []
    mine: set[str] = set()
    for step in [None, *actions]:
        if step is not None:
            p, action_id, _ = step
            state, _events = game.apply(state, p, game.parse_action(state, p, action_id))
        public = game.view(state, None)
        public_blob += sorted(string_leaves(public))
        private = game.view(state, player)
        mine |= string_leaves({k: v for k, v in private.items() if public.get(k) != v})
    blob = "\n".join(public_blob)
    return {s for s in mine if len(s) >= 4 and s not in blob}


# -- DM prompts for a simultaneous secret choice, and SIGINT -------------------------------------------------


async def test_secret_choice_dm_prompts_and_sigint(fake: Harness, bot: LiveBot) -> None:
    """Every human gets a DM prompt with components at the start (Vendetta's simultaneous objective choice);
    a player choosing through it makes the channel learn who has chosen, never what. Then SIGINT during a
    move: the move finishes, the database is closed, exit code 0."""
    alice, bob, carol = fake.user("alice"), fake.user("bob"), fake.user("carol")
    game_id, _lobby = await start_table(fake, alice, [bob, carol], ais=0)
    start_msg = latest_table_message(fake, fake.channel.id)
    assert start_msg.content.splitlines()[-1].startswith("Waiting for a secret choice from:"), start_msg.content
    for user in (alice, bob, carol):
        await fake.server.wait_until(partial(dm_prompts, fake, user), 10.0, f"a DM prompt for {user.name}")
        (prompt,) = dm_prompts(fake, user)
        assert prompt.components and not prompt.ephemeral
        assert f"game #{game_id}" in prompt.content or "secret choice" in prompt.content, prompt.content
        assert all(o.seat == offers(prompt)[0].seat for o in offers(prompt))
    seats = {u.id: offers(dm_prompts(fake, u)[0])[0].seat for u in (alice, bob, carol)}
    assert sorted(seats.values()) == [0, 1, 2]

    # Bob makes his whole choice through the DM prompt; the channel stays silent until he confirms.
    before = len(fake.channel_messages(fake.channel))
    prompt = dm_prompts(fake, bob)[0]
    chosen_labels: list[str] = []
    for _ in range(20):
        options = offers(prompt)
        confirm = next((o for o in options if o.action_id == CONFIRM_ID), None)
        choice = confirm or options[0]
        if choice.value is None:
            comp = prompt.find_component(choice.custom_id) or {}
            label = comp.get("label", "")
        else:
            comp = prompt.find_component(choice.custom_id) or {}
            label = next(o["label"] for o in comp.get("options", []) if o["value"] == choice.value)
        if confirm is None:
            chosen_labels.append(label)
        rec = await pick(fake, bob, prompt, choice.custom_id, choice.value)
        assert rec.original is not None and applied(rec.original), rec.describe()
        dm = fake.dm_channel(bob)
        assert dm is not None and rec.original.channel_id == dm.id  # the answer edits the DM prompt itself
        if confirm is not None:
            break
        assert len(fake.channel_messages(fake.channel)) == before, "a private pick was posted in the channel"
        prompt = rec.original
    else:
        raise AssertionError("bob's DM prompt never offered Confirm")
    assert chosen_labels, "bob confirmed without choosing anything"
    await fake.wait_idle(quiet=0.2)
    # Quiet channel: alice and carol still choose, so the live status message is edited, not a new one.
    assert fake.channel_messages(fake.channel)[before:] == []
    news = [latest_table_message(fake, fake.channel.id)]
    stored = read_game(db_path(bot), game_id)
    vendetta = registry.get("vendetta")
    public = vendetta.view(vendetta.new_game(stored.players, stored.seed, stored.options), None)
    bob_side = faction_names(public)[seats[bob.id]]
    text = news[0].content
    assert f"{bob_side} has chosen" in text, text  # who has chosen ...
    waiting = text.splitlines()[-1]
    assert f"<@{alice.id}>" in waiting and f"<@{carol.id}>" in waiting and f"<@{bob.id}>" not in waiting, waiting
    # ... never what: none of his picks (labels, action ids) nor anything of his private view.
    bob_ids = {a for p, a, _ in stored.actions if p == seats[bob.id] and a != CONFIRM_ID}
    secrets = set(chosen_labels) | private_strings("vendetta", stored.seed, stored.players, stored.options,
                                                   stored.actions, seats[bob.id])
    secrets = {s for s in secrets if s not in vendetta.title}  # e.g. the objective "Vendetta"
    assert secrets and bob_ids
    for secret in secrets | bob_ids:
        assert secret not in text, f"bob's secret {secret!r} in the channel: {text!r}"
    assert fake.find_leaks(secrets, case_sensitive=True) == []
    # The still pending players keep their one prompt; bob's own prompt now offers nothing more.
    assert len(dm_prompts(fake, alice)) == 1 and len(dm_prompts(fake, carol)) == 1
    assert dm_prompts(fake, bob) == []

    # SIGINT while alice's move is being handled (the fake holds the edit of her prompt): the move is
    # answered and stored, then the database is closed and the process exits 0.
    version = stored.version
    prompt = dm_prompts(fake, alice)[0]
    move = offers(prompt)[0]
    seen = len(fake.interactions)
    answer = HeldRequests(fake, "PATCH", "/webhooks/{webhook_id}/{webhook_token}/messages/@original",
                          lambda q: fake.server.interactions_by_token[q.params["webhook_token"]].id
                          == fake.interactions[seen].id)
    click = asyncio.create_task(pick(fake, alice, prompt, move.custom_id, move.value))
    await asyncio.wait_for(answer.reached.wait(), 10.0)
    bot._watching = False  # the process is about to exit on purpose: harness waits must not fail on that
    os.kill(bot.process.pid or 0, signal.SIGINT)
    await fake.server.wait_until(lambda: "stop signal received" in bot.log_text(), 10.0, "the SIGINT", poll=0.02)
    await asyncio.sleep(0.3)
    assert bot.running, "the bot must wait for the move being handled"
    answer.release.set()
    rec = await click
    code = await asyncio.to_thread(bot.process.wait_exit, 30.0)
    assert code == 0, bot.log_tail()
    assert rec.original is not None and rec.original.content.startswith("✅"), rec.describe()
    assert read_game(db_path(bot), game_id).version == version + 1
    log = bot.log_text()
    assert "database closed" in log and "stopped cleanly" in log, bot.log_tail()
    assert "Traceback" not in log and "KeyboardInterrupt" not in log, bot.log_tail()
    fake.assert_valid()


# -- a bug while a move is stored: a reference, the same ref in the log, nothing half-applied ---------------

FAULTY_BOT = """\
import os, runpy, sys
sys.path.insert(0, {repo!r})
from db import deadlines

real_replan = deadlines.replan
FLAG = {flag!r}

def replan(*args, **kwargs):
    # The last statement of a move's transaction: the game row and the action row are already written.
    if os.path.exists(FLAG):
        os.remove(FLAG)
        raise RuntimeError("injected failure while storing a move")
    return real_replan(*args, **kwargs)

deadlines.replan = replan
sys.argv = [{bot!r}]
runpy.run_path({bot!r}, run_name="__main__")
"""


def count_actions(db: Path, game_id: int) -> int:
    conn = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    try:
        return conn.execute("SELECT COUNT(*) FROM actions WHERE game_id = ?", (game_id,)).fetchone()[0]
    finally:
        conn.close()


async def test_bug_while_storing_a_move_is_reported_with_a_reference(fake: Harness, bot_factory: Any,
                                                                     tmp_path: Path) -> None:
    """A move whose storage fails midway: the player gets "something went wrong (ref XXXX)", the log has the
    traceback under the same ref, the stored game is unchanged, and the same click then works."""
    flag = tmp_path / "fail-next-store"
    script = tmp_path / "faulty_bot.py"
    script.write_text(FAULTY_BOT.format(repo=str(REPO), flag=str(flag), bot=str(REPO / "bot.py")))
    bot = bot_factory(script)
    await bot.start(timeout=30.0)
    try:
        alice, bob = fake.user("alice"), fake.user("bob")
        game_id, _ = await start_table(fake, alice, [bob], ais=0)
        table_msg = latest_table_message(fake, fake.channel.id)
        rec = await fake.click(alice, table_msg, turn_button(table_msg) or "", settle=SETTLE)
        panel = rec.original
        assert panel is not None and offers(panel), rec.describe()
        move = offers(panel)[0]
        await fake.wait_idle(quiet=0.2)
        db = db_path(bot)
        before = read_game(db, game_id)
        actions_before = count_actions(db, game_id)

        posted = len(fake.channel_messages(fake.channel))
        flag.touch()
        rec = await pick(fake, alice, panel, move.custom_id, move.value)
        answer = await refusal(fake, rec)
        match = REF.search(answer)
        assert match, answer
        ref = match.group(1)
        assert "injected failure" not in answer
        assert not flag.exists(), "the injected failure did not run"
        await fake.wait_idle(quiet=0.2)
        log = bot.log_text()
        line = next((ln for ln in log.splitlines() if f"(ref {ref})" in ln), None)
        assert line is not None and " ERROR " in line, bot.log_tail()
        after_line = log[log.index(line):]
        assert "Traceback (most recent call last)" in after_line, bot.log_tail()
        assert "RuntimeError: injected failure while storing a move" in after_line, bot.log_tail()
        after = read_game(db, game_id)
        assert (after.version, after.actions) == (before.version, before.actions), "a half-applied move"
        assert count_actions(db, game_id) == actions_before
        assert len(fake.channel_messages(fake.channel)) == posted, "a failed move was announced"

        # Nothing was left behind, in the database or in the bot's memory: the same click now applies once.
        rec = await pick(fake, alice, panel, move.custom_id, move.value)
        assert rec.original is not None and rec.original.content.startswith("✅"), rec.describe()
        stored = await stored_when(fake, bot, game_id, lambda g: g.version > before.version, "the retried move")
        assert stored.version == before.version + 1
        assert stored.actions[:len(before.actions)] == before.actions
        assert stored.actions[len(before.actions)][:2] == (move.seat, move.action_id)
    finally:
        code = await bot.stop()
    assert code == 0, bot.log_tail()


async def test_the_vendetta_start_sends_each_player_one_dm_with_their_offered_objectives(fake: Harness,
                                                                                          bot: LiveBot) -> None:
    """The deal and the choice it asks for come in one DM: the prompt, whose panel names the offered cards."""
    alice, bob, carol = fake.user("alice"), fake.user("bob"), fake.user("carol")
    await start_table(fake, alice, [bob, carol], ais=0)
    await fake.wait_idle()
    for user in (alice, bob, carol):
        dms = fake.dm_messages(user)
        assert len(dms) == 1, [m.content for m in dms]
        (prompt,) = dms
        assert "is offered 8 objectives and keeps 3" in prompt.content
        assert "Choose your secret objectives." in prompt.content
        # The cards are named once, in what only they see, not again in a news line.
        assert prompt.content.count("Home Harvest (") == 1, prompt.content
        assert prompt.custom_ids(), "the DM is the prompt, with its menus"
    assert bot.log_errors() == []
    fake.assert_valid()
