"""Every registered game renders both pictures; the API is pure and keeps secrets out of the board."""

from __future__ import annotations

import copy
import io

import pytest
from PIL import Image

import render
from engine import registry
from tests.render.conftest import decode, engine_samples

MAX_BYTES = 1_000_000
GAMES = registry.names()


@pytest.mark.parametrize("game", GAMES)
def test_every_registered_game_has_a_renderer(game):
    # Deliberately not skipped: a game registered without render/<game>.py must fail here.
    module = render.module_for(game)
    assert callable(module.board) and callable(module.private)


def test_unknown_game_is_a_key_error():
    with pytest.raises(KeyError):
        render.board("no_such_game", {})
    with pytest.raises(KeyError):
        render.private("common", {})
    with pytest.raises(KeyError):
        render.board("png", {})


@pytest.mark.parametrize("game", GAMES)
def test_pictures_at_every_stage_are_small_pngs(game):
    for sample in engine_samples(game):
        png = render.board(game, sample.public)
        assert png.startswith(b"\x89PNG") and len(png) <= MAX_BYTES, sample.label
        image = Image.open(io.BytesIO(png))
        assert image.width == 800, sample.label
        for player, view in sample.players.items():
            png = render.private(game, view)
            assert png.startswith(b"\x89PNG") and len(png) <= MAX_BYTES, (sample.label, player)


@pytest.mark.parametrize("game", GAMES)
def test_board_from_a_player_view_equals_the_public_board(game):
    # A player's view is the public view plus that player's secrets: the board
    # picture must not change by a pixel whichever player's view it is drawn from.
    for sample in engine_samples(game):
        public = decode(render.board(game, sample.public)).tobytes()
        for player, view in sample.players.items():
            assert decode(render.board(game, view)).tobytes() == public, (sample.label, player)


@pytest.mark.parametrize("game", GAMES)
def test_rendering_does_not_change_the_view(game):
    for sample in engine_samples(game):
        for view in [sample.public, *sample.players.values()]:
            before = copy.deepcopy(view)
            render.board(game, view)
            if "me" in view:
                render.private(game, view)
            assert view == before, sample.label
