"""The "Take my turn" picture: the current board above the player's private picture."""

from __future__ import annotations

import io

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
