"""The metrics endpoint of the real bot: scraped during a game, off without METRICS_PORT, refused on a taken port."""

from __future__ import annotations

import asyncio
import random
import socket
from collections.abc import Callable
from pathlib import Path

import aiohttp
import pytest
from prometheus_client.parser import text_string_to_metric_families

from tests.e2e.fakediscord import Harness, LiveBot
from tests.e2e.test_scenarios import (
    FAST_OPTIONS,
    SETTLE,
    Table,
    db_path,
    finished,
    latest_table_message,
    lobby_button,
    open_lobby,
    pending_user_ids,
    read_game,
    refusal,
)

pytestmark = [pytest.mark.e2e, pytest.mark.timeout(120)]

Samples = dict[tuple[str, tuple[tuple[str, str], ...]], float]


def free_port() -> int:
    """A TCP port nothing listens on right now (the kernel's pick)."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


async def scrape(port: int) -> Samples:
    """Every sample of the bot's /metrics, by name and sorted labels."""
    async with aiohttp.ClientSession() as session, session.get(f"http://127.0.0.1:{port}/metrics") as response:
        assert response.status == 200
        assert response.headers["Content-Type"].startswith("text/plain")
        text = await response.text()
    samples: Samples = {}
    for family in text_string_to_metric_families(text):
        for sample in family.samples:
            samples[(sample.name, tuple(sorted(sample.labels.items())))] = sample.value
    return samples


def total(samples: Samples, name: str) -> float:
    """The sum of a metric's samples over all its labels."""
    return sum(value for (sample, _labels), value in samples.items() if sample == name)


def moves(samples: Samples, game: str) -> float:
    """The moves counted for one game."""
    return samples.get(("gnomehost_moves_applied_total", (("game", game),)), 0.0)


def listening_ports(pid: int) -> set[int]:
    """The TCP ports process `pid` itself holds a listening socket on (read from /proc, Linux)."""
    inodes = set()
    for fd in Path(f"/proc/{pid}/fd").iterdir():
        try:
            target = fd.readlink().as_posix()
        except OSError:
            continue  # closed meanwhile
        if target.startswith("socket:["):
            inodes.add(target[len("socket:["):-1])
    ports = set()
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        for line in Path(table).read_text().splitlines()[1:]:
            fields = line.split()
            local, state, inode = fields[1], fields[3], fields[9]
            if state == "0A" and inode in inodes:  # 0A: LISTEN
                ports.add(int(local.rsplit(":", 1)[1], 16))
    return ports


async def test_a_scrape_during_a_game_shows_its_moves_answers_refusal_and_outbox(
    fake: Harness, bot_factory: Callable[..., LiveBot]
) -> None:
    port = free_port()
    bot = bot_factory("bot.py", env={"METRICS_PORT": str(port)})
    await bot.start(timeout=30.0)
    alice, bob, carol = fake.user("alice"), fake.user("bob"), fake.user("carol")
    game_id, lobby = await open_lobby(fake, alice, "vendetta", FAST_OPTIONS["vendetta"])
    await finished(fake, await fake.click(bob, lobby, lobby_button(lobby, "join"), settle=SETTLE))
    before_refusal = await scrape(port)
    # Carol is not the host: her Start is refused.
    rec = await finished(fake, await fake.click(carol, lobby, lobby_button(lobby, "start"), settle=SETTLE))
    assert "host" in (await refusal(fake, rec)).lower()
    await finished(fake, await fake.click(alice, lobby, lobby_button(lobby, "start"), settle=SETTLE))
    await fake.wait_idle(quiet=0.2)

    started = await scrape(port)
    stored_at_start = len(read_game(db_path(bot), game_id).actions)
    table = Table(fake, game_id, fake.channel.id, {alice.id: alice, bob.id: bob}, random.Random(5))
    for _ in range(4):
        await table_act_pending(table)
    await fake.wait_idle(quiet=0.2)
    later = await scrape(port)
    stored_later = len(read_game(db_path(bot), game_id).actions)

    assert stored_later > stored_at_start, "no move was stored"
    assert moves(later, "vendetta") - moves(started, "vendetta") == stored_later - stored_at_start
    assert total(later, "gnomehost_refusals_total") == total(before_refusal, "gnomehost_refusals_total") + 1
    assert later[("gnomehost_refusals_total", (("kind", "NotHost"),))] >= 1
    assert later[("gnomehost_interaction_answer_seconds_count", ())] > started[
        ("gnomehost_interaction_answer_seconds_count", ())] > 0
    for kind in ("channel", "user"):
        assert ("gnomehost_outbox_backlog", (("kind", kind),)) in later
        assert ("gnomehost_outbox_oldest_undelivered_seconds", (("kind", kind),)) in later
    assert later[("gnomehost_games_live", ())] >= 1
    assert later[("gnomehost_store_write_seconds_count", ())] >= stored_later - stored_at_start > 0
    assert bot.log_errors() == [], bot.log_tail()
    await bot.stop()
    with pytest.raises(aiohttp.ClientConnectionError):  # stopped with the bot
        await scrape(port)


async def table_act_pending(table: Table) -> None:
    """One decision by one of the humans the newest table message names as pending."""
    msg = latest_table_message(table.fake, table.channel_id)
    pending = [uid for uid in pending_user_ids(msg) if uid in table.users]
    assert pending, f"table message names no pending player: {msg.content!r}"
    await table.act(table.users[table.rng.choice(pending)])


async def test_without_metrics_port_the_bot_listens_on_no_port(bot: LiveBot) -> None:
    pid = bot.process.pid
    assert pid is not None
    assert listening_ports(pid) == set()
    assert "metrics served" not in bot.log_text()


async def test_a_taken_metrics_port_stops_the_bot_with_a_paragraph_and_exit_code_2(
    bot_factory: Callable[..., LiveBot]
) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = int(taken.getsockname()[1])
        bot = bot_factory("bot.py", env={"METRICS_PORT": str(port)})
        bot.process.start()
        code = await asyncio.to_thread(bot.process.wait_exit, 30.0)
    assert code == 2, bot.log_tail()
    text = bot.log_text()
    assert f"Gnomehost cannot start: it could not serve metrics on 127.0.0.1:{port}" in text
    assert "Traceback" not in text
