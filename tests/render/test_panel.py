"""The "Take my turn" picture: the current board above the player's private picture."""

from __future__ import annotations

import io
from typing import Any

import pytest
from PIL import Image

import render
from engine import registry
from tests.render.conftest import decode, engine_samples


@pytest.mark.parametrize("game", registry.names())
def test_panel_stacks_the_board_above_the_private_picture(game):
    sample = next(s for s in engine_samples(game) if s.label.endswith("_mid"))
    view = sample.players[min(sample.players)]
    board = decode(render.board(game, sample.public))
    mine = decode(render.private(game, view))
    panel = decode(render.panel_image(game, sample.public, view))
    assert panel.width == board.width == 800
    assert panel.height > board.height + mine.height
    assert panel.crop((0, 0, board.width, board.height)).tobytes() == board.tobytes()
    bottom = panel.crop((0, panel.height - mine.height, mine.width, panel.height))
    assert bottom.tobytes() == mine.tobytes()


@pytest.mark.parametrize("game", registry.names())
def test_panel_from_the_player_view_alone_is_the_same(game):
    sample = next(s for s in engine_samples(game) if s.label.endswith("_mid"))
    view = sample.players[min(sample.players)]
    assert decode(render.panel_image(game, None, view)).tobytes() == decode(
        render.panel_image(game, sample.public, view)
    ).tobytes()


def test_panel_is_a_small_png():
    from render.associates import samples

    png = render.panel_image("associates", None, samples.crowded_private())
    assert png.startswith(b"\x89PNG") and len(png) <= 1_000_000
    assert Image.open(io.BytesIO(png)).mode in ("P", "RGB")


def test_panel_of_an_unknown_game_is_a_key_error():
    with pytest.raises(KeyError):
        render.panel_image("no_such_game", None, {})


def test_an_empty_private_view_is_no_picture_and_the_panel_is_the_board_alone():
    # The first Associates view of a player holds no card yet: a picture of "0 cards" says nothing.
    start = next(s for s in engine_samples("associates") if s.label.endswith("_start"))
    view = start.players[min(start.players)]
    assert not view["hand"] and render.private_is_empty("associates", view)
    assert render.panel_image("associates", start.public, view) == render.board("associates", start.public)


@pytest.mark.parametrize("game", registry.names())
def test_every_game_draws_the_private_part_of_a_seated_player_mid_game(game):
    sample = next(s for s in engine_samples(game) if s.label.endswith("_mid"))
    assert all(not render.private_is_empty(game, v) for v in sample.players.values())
    empty_of: dict[str, dict[str, Any]] = {
        "vendetta": {"me": {"player": 0, "clans": []}},
        "associates": {"hand": [], "draft": None},
        "tribes": {"you": {"player": 0, "purse": 0, "zeros": 0, "posts": {}, "hand": [], "draft": []}},
    }
    assert render.private_is_empty(game, empty_of[game])
