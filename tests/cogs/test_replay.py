"""cogs/replay.py: the animation of a replay (sampled to 60 frames, fitted to the byte cap) and the viewer's buttons."""

from __future__ import annotations

import io

import discord
from discord.ui import DynamicItem
from PIL import Image, ImageSequence

from cogs.custom_ids import ReplayId, ReplayStep, parse
from cogs.replay import animate, step_view
from engine import registry
from engine.core.events import public_event
from host.results import GameReplay, ReplayRound, TableStatus
from tests.present.test_text import make_table


def _long_replay(rounds: int) -> GameReplay:
    game = registry.get("vendetta")
    view = game.view(game.new_game(3, 1, {}), None)
    entries = tuple(ReplayRound(n, view, (public_event(f"Round {n} begins.", "round"),)) for n in range(1, rounds + 1))
    return GameReplay(make_table(TableStatus.FINISHED), entries)


def test_a_long_game_is_sampled_to_sixty_frames_and_a_tight_cap_is_met() -> None:
    data, shown = animate(_long_replay(70))
    assert shown == 60
    assert sum(1 for _ in ImageSequence.Iterator(Image.open(io.BytesIO(data)))) == 60
    small, _ = animate(_long_replay(3), max_bytes=120_000)
    assert len(small) <= 120_000


def _buttons(view: discord.ui.View) -> dict[object, bool]:
    """Each button's parsed id and whether it is disabled (the view holds our DynamicItems around buttons)."""
    out: dict[object, bool] = {}
    for child in view.children:
        assert isinstance(child, DynamicItem) and isinstance(child.item, discord.ui.Button)
        assert child.item.custom_id is not None
        out[parse(child.item.custom_id)] = child.item.disabled
    return out


def test_the_viewer_buttons_lead_to_their_rounds_and_the_dead_ends_are_disabled() -> None:
    view = step_view(7, 0, 5)
    buttons = _buttons(view)
    assert buttons == {
        ReplayId(7, 0, ReplayStep.FIRST): True, ReplayId(7, 0, ReplayStep.PREVIOUS): True,
        ReplayId(7, 1, ReplayStep.NEXT): False, ReplayId(7, 4, ReplayStep.LAST): False,
    }
    at_end = _buttons(step_view(7, 4, 5))
    assert at_end[ReplayId(7, 3, ReplayStep.PREVIOUS)] is False and at_end[ReplayId(7, 4, ReplayStep.NEXT)] is True
