"""Since your last move, end to end: the real bot.py against the loopback Discord.

Two people and an AI play Vendetta. When a player's movement turn comes round again, the channel's "your turn"
message says what happened since their own last move and carries the animation of it (a GIF Discord plays inline,
at most 12 frames, at most 2 MB); their panel opens with the same lines. Nothing hidden reaches the channel.
"""

from __future__ import annotations

import io
import random
import re
from typing import Any

import pytest
from PIL import Image, ImageSequence

from cogs.recap import FILENAME, MAX_BYTES
from host.recap import MAX_FRAMES
from tests.e2e.fakediscord import Harness, LiveBot
from tests.e2e.test_scenarios import (
    SETTLE,
    Table,
    assert_scenario_5,
    db_path,
    hidden_items,
    latest_table_message,
    read_game,
    start_table,
    turn_button,
)

pytestmark = [pytest.mark.e2e, pytest.mark.timeout(240)]

MESSAGES = "/channels/{channel_id}/messages"
MAX_STEPS = 120
SINCE = re.compile(r"^Since <@(\d+)>'s last move:$", re.MULTILINE)


def recap_pings(fake: Harness) -> list[tuple[str, bytes | None]]:
    """(content, GIF bytes or None) of every channel post that told someone what happened since their move."""
    out = []
    for q in fake.requests_to("POST", MESSAGES):
        body: Any = q.body if isinstance(q.body, dict) else {}
        content = str(body.get("content") or "")
        if q.params.get("channel_id") == str(fake.channel.id) and SINCE.search(content) and 200 <= q.status < 300:
            gif = next((f.data for f in q.files if f.filename == FILENAME), None)
            out.append((content, gif))
    return out


async def test_the_turn_ping_and_the_panel_say_what_happened_since_the_players_last_move(
    fake: Harness, bot: LiveBot
) -> None:
    alice, bob = fake.user("alice"), fake.user("bob")
    game_id, _ = await start_table(fake, alice, [bob], ais=1)
    table = Table(fake, game_id, fake.channel.id, {u.id: u for u in (alice, bob)}, random.Random(5))
    for _ in range(MAX_STEPS):
        if any(gif for _, gif in recap_pings(fake)):
            break
        msg = latest_table_message(fake, fake.channel.id)
        pending = [uid for uid in re.findall(r"<@(\d+)>", msg.content) if int(uid) in table.users]
        if "**Game over**" in msg.content or not pending:
            break
        await table.act(table.users[int(table.rng.choice(pending))])
    await fake.wait_idle()
    pings = recap_pings(fake)
    shown = [(content, gif) for content, gif in pings if gif is not None]
    assert shown, [c for c, _ in pings] or "no turn ping told a recap"
    content, gif = shown[0]
    assert gif is not None and len(gif) <= MAX_BYTES
    picture = Image.open(io.BytesIO(gif))
    frames = sum(1 for _ in ImageSequence.Iterator(picture))
    assert picture.format == "GIF" and 1 <= frames <= MAX_FRAMES
    lines = content.splitlines()
    told = lines[lines.index(next(line for line in lines if SINCE.match(line))) + 1:]
    assert 1 <= len(told) <= 6 and all(line.startswith("• ") for line in told), content
    assert "{p" not in content and "(s)" not in content

    # The player named opens their panel: the same recap heads it (only they see it).
    named = SINCE.search(content)
    assert named is not None
    user = next(u for u in (alice, bob) if str(u.id) == named.group(1))
    # The loop stopped as soon as the ping went out: it is still that player's turn.
    msg = latest_table_message(fake, fake.channel.id)
    rec = await fake.click(user, msg, turn_button(msg) or "", settle=SETTLE)
    await fake.server.wait_until(lambda: rec.original is not None, 20.0, "the panel")
    assert rec.original is not None and rec.original.ephemeral
    assert "Since your last move:" in rec.original.content, rec.original.content

    # Nothing only a player's own view holds reached the channel, its attachments or the INFO log.
    assert_scenario_5(fake, bot, hidden_items("vendetta", read_game(db_path(bot), game_id)))
    assert bot.log_errors() == [], bot.log_tail()
