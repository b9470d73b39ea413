"""The "Take my turn" picture: the current board above the player's private picture."""

from __future__ import annotations

import io
import itertools
from typing import Any

import pytest
from PIL import Image, ImageDraw

import render
from engine import registry
from render import panel
from tests.render.conftest import decode, engine_samples


def joined(pages: list[bytes]) -> Image.Image:
    """The pages put back one under the other, as one RGB picture."""
    pictures = [decode(p) for p in pages]
    out = Image.new("RGB", (pictures[0].width, sum(p.height for p in pictures)))
    top = 0
    for picture in pictures:
        out.paste(picture, (0, top))
        top += picture.height
    return out


def every_panel(game: str) -> list[tuple[str, list[bytes]]]:
    """The panel pages of every seated player of every engine sample of a game."""
    return [
        (f"{sample.label} player {player}", render.panel_images(game, sample.public, view))
        for sample in engine_samples(game)
        for player, view in sample.players.items()
    ]


@pytest.mark.parametrize("game", registry.names())
def test_panel_stacks_the_board_above_the_private_picture(game):
    sample = next(s for s in engine_samples(game) if s.label.endswith("_mid"))
    view = sample.players[min(sample.players)]
    board = decode(render.board(game, sample.public))
    mine = decode(render.private(game, view))
    panel = joined(render.panel_images(game, sample.public, view))
    assert panel.width == board.width == 800
    assert panel.height > board.height + mine.height
    assert panel.crop((0, 0, board.width, board.height)).tobytes() == board.tobytes()
    bottom = panel.crop((0, panel.height - mine.height, mine.width, panel.height))
    assert bottom.tobytes() == mine.tobytes()


@pytest.mark.parametrize("game", registry.names())
def test_every_panel_page_is_at_most_1_3_times_as_tall_as_wide_and_cut_between_lines(game):
    # A phone at 360 px shows a page whole; a cut through a line of text would halve its letters.
    for who, pages in every_panel(game):
        pictures = [decode(p) for p in pages]
        assert all(p.width == 800 for p in pictures), who
        assert all(p.height <= 1.3 * p.width for p in pictures), f"{who}: {[p.size for p in pictures]}"
        for above, below in itertools.pairwise(pictures):
            last = above.crop((0, above.height - 1, above.width, above.height))
            first = below.crop((0, 0, below.width, 1))
            # getcolors(1) is None when a row holds more than one colour (a large limit costs 0.1 s a row).
            assert last.getcolors(1) is not None, f"{who}: a page ends inside a drawing"
            assert first.getcolors(1) is not None, f"{who}: a page starts inside a drawing"


def _blocks(*rows: tuple[int, int]) -> Image.Image:
    """A white picture 100 px wide (pages of at most 130 rows) with black blocks over the given rows."""
    image = Image.new("L", (100, 250), 255)
    draw = ImageDraw.Draw(image)
    for top, bottom in rows:
        draw.rectangle((10, top, 90, bottom - 1), fill=0)
    return image


def test_page_cuts_fall_in_the_middle_of_a_wide_empty_band_not_between_close_lines():
    # Empty: rows 60-63 (thin), 110-129 (wide), 190-193 (thin); two pages are needed.
    image = _blocks((0, 60), (64, 110), (130, 190), (194, 250))
    assert panel.page_cuts(image) == [120]


def test_a_preferred_row_is_the_best_cut_where_it_costs_no_page():
    image = _blocks((0, 60), (64, 110), (130, 190), (194, 250))
    assert panel.page_cuts(image, preferred=(125,)) == [125]
    # A preferred row that would need a third page is not taken.
    assert panel.page_cuts(image, preferred=(20,)) == [120]


def test_thin_bands_are_cut_only_when_no_wide_one_fits():
    image = _blocks((0, 118), (122, 250))  # one empty band of 4 rows
    assert panel.page_cuts(image) == [120]


def test_a_picture_with_no_empty_band_is_cut_at_the_page_height():
    image = Image.linear_gradient("L").rotate(90).resize((100, 300))  # every row shades left to right
    assert panel.page_cuts(image) == [130, 260]


def test_a_short_picture_is_one_page():
    image = Image.new("P", (800, 1040), 3)
    assert panel.page_cuts(image) == []
    assert len(panel.paged(image)) == 1


@pytest.mark.parametrize("game", registry.names())
def test_panel_from_the_player_view_alone_is_the_same(game):
    sample = next(s for s in engine_samples(game) if s.label.endswith("_mid"))
    view = sample.players[min(sample.players)]
    assert joined(render.panel_images(game, None, view)).tobytes() == joined(
        render.panel_images(game, sample.public, view)
    ).tobytes()


def test_panel_is_small_pngs():
    from render.associates import samples

    pages = render.panel_images("associates", None, samples.crowded_private())
    assert all(p.startswith(b"\x89PNG") for p in pages) and sum(len(p) for p in pages) <= 1_000_000
    assert all(Image.open(io.BytesIO(p)).mode in ("P", "RGB") for p in pages)


def test_panel_of_an_unknown_game_is_a_key_error():
    with pytest.raises(KeyError):
        render.panel_images("no_such_game", None, {})


def test_an_empty_private_view_is_no_picture_and_the_panel_is_the_board_alone():
    # The first Associates view of a player holds no card yet: a picture of "0 cards" says nothing.
    start = next(s for s in engine_samples("associates") if s.label.endswith("_start"))
    view = start.players[min(start.players)]
    assert not view["hand"] and render.private_is_empty("associates", view)
    pages = render.panel_images("associates", start.public, view)
    assert joined(pages).tobytes() == decode(render.board("associates", start.public)).tobytes()


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
