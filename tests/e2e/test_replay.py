"""/game replay end to end: a finished all-AI game replayed as an animation, and stepped through round by round.

The real bot.py against the loopback Discord. Anyone may watch (bob never sat at the table); the viewer's buttons
carry the game and the round to show, so they go on working after the bot restarts.
"""

from __future__ import annotations

import io

import pytest
from PIL import Image, ImageSequence

from cogs.custom_ids import Kind, ReplayStep, decode
from tests.e2e.fakediscord import Harness, LiveBot, Message
from tests.e2e.test_ending import all_ai_game
from tests.e2e.test_scenarios import SETTLE

pytestmark = [pytest.mark.e2e, pytest.mark.timeout(240)]


def replay_button(msg: Message, step: ReplayStep) -> str:
    """The custom_id of one replay button on `msg`."""
    found = [c for c in msg.custom_ids() if (w := decode(c)) is not None and w.kind is Kind.REPLAY
             and w.arg == step.value]
    assert len(found) == 1, msg.custom_ids()
    return found[0]


def disabled(msg: Message, step: ReplayStep) -> bool:
    """Whether that replay button on `msg` is greyed out (it leads nowhere from this round)."""
    component = msg.find_component(replay_button(msg, step))
    assert component is not None
    return bool(component.get("disabled"))


async def test_a_finished_game_replays_as_an_animation_and_step_by_step_after_a_restart(
    fake: Harness, bot: LiveBot
) -> None:
    alice, bob = fake.user("alice"), fake.user("bob")
    early = await fake.slash(bob, "game", subcommand="replay", channel=fake.channel, settle=SETTLE)
    assert early.ephemeral and "replay" in early.content, early.describe()  # a refusal stays private
    game_id, final = await all_ai_game(fake, alice)

    rec = await fake.slash(bob, "game", subcommand="replay", options={"game": game_id}, settle=SETTLE)
    shown = [m for m in rec.messages if m.attachments]
    assert shown and not rec.ephemeral, rec.describe()
    gif = shown[0].attachment("replay.gif")
    frames = sum(1 for _ in ImageSequence.Iterator(Image.open(io.BytesIO(gif.data))))
    # One frame per round of an all-AI game: how many rounds depends on the AI's choices, so only the bounds.
    assert Image.open(io.BytesIO(gif.data)).format == "GIF" and 3 <= frames <= 60
    assert f"Replay of game #{game_id}" in shown[0].content and (gif.description or "").startswith("Animated replay")

    # "Watch the replay" on the final message: a viewer only bob sees, at the first round.
    rec = await fake.click(bob, final, replay_button(final, ReplayStep.OPEN), settle=SETTLE)
    await fake.server.wait_until(lambda: any(m.custom_ids() for m in rec.messages), 20.0, "the replay viewer")
    viewer = next(m for m in rec.messages if m.custom_ids())
    assert viewer.ephemeral and viewer.attachments, rec.describe()
    assert f"(1 of {frames})" in viewer.content, viewer.content
    assert disabled(viewer, ReplayStep.PREVIOUS) and disabled(viewer, ReplayStep.FIRST)
    assert not disabled(viewer, ReplayStep.NEXT)

    rec = await fake.click(bob, viewer, replay_button(viewer, ReplayStep.NEXT), settle=SETTLE)
    await fake.server.wait_until(lambda: f"(2 of {frames})" in viewer.content, 20.0, "the second round")
    assert viewer.attachments and "{p" not in viewer.content

    await bot.restart()
    rec = await fake.click(bob, viewer, replay_button(viewer, ReplayStep.LAST), settle=SETTLE)
    await fake.server.wait_until(lambda: f"({frames} of {frames}), the end" in viewer.content, 20.0, "the end")
    assert disabled(viewer, ReplayStep.NEXT) and not disabled(viewer, ReplayStep.PREVIOUS)
    assert bot.log_errors() == [], bot.log_tail()
