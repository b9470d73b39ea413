"""The board guides of /help: each game's start board with numbered marks and a legend naming them."""

from __future__ import annotations

import io
from importlib import import_module

import pytest
from PIL import Image

from engine import registry
from render.guide import MAX_RATIO, Callout, compose

# Words each game's legend must name: what a newcomer sees first on that board.
LEGEND_WORDS = {
    "vendetta": ("marker", "home", "loot", "statue", "Grand Gnome Isle", "paths"),
    "associates": ("Figurine", "gold", "lair", "components", "terrain", "Keep"),
    "tribes": ("Army", "city", "Gnomlab", "plains", "swamp", "sea"),
}


@pytest.mark.parametrize("name", registry.names())
def test_the_guide_renders_the_start_board_with_a_legend_naming_each_mark(name: str) -> None:
    guide = import_module(f"render.{name}.guide").guide()
    image = Image.open(io.BytesIO(guide.png))
    assert image.format == "PNG" and image.size == (guide.width, guide.height)
    assert guide.height <= MAX_RATIO * guide.width, image.size
    legend = " ".join(guide.legend)
    for word in LEGEND_WORDS[name]:
        assert word in legend, (name, word)
    assert len(guide.legend) >= 5


@pytest.mark.parametrize("name", registry.names())
def test_the_guide_shows_pieces_on_the_board_not_an_empty_setup(name: str) -> None:
    """The start board is after setup: the first pieces stand on it, so the legend's marks can be seen."""
    from render.guide import start_view

    phase = import_module(f"render.{name}.guide").PHASE
    view = start_view(name, 3, phase)
    assert view["phase"] == phase and view["phase"] not in {"objectives", "guild", "tribe"}


def test_each_callout_is_a_numbered_disc_on_the_map() -> None:
    blank = Image.new("RGB", (200, 200), (40, 120, 40))
    out = io.BytesIO()
    blank.save(out, format="PNG")
    guide = compose(out.getvalue(), 200, [Callout((50, 50), "first mark"), Callout((150, 150), "second mark")])
    picture = Image.open(io.BytesIO(guide.png)).convert("RGB")
    assert guide.legend == ("first mark", "second mark")
    assert picture.width == 200 and picture.height > 200
    # The disc's magenta covers the map where the callout points; the map elsewhere is untouched.
    assert picture.getpixel((50, 50 - 12)) != (40, 120, 40)
    assert picture.getpixel((100, 100)) == (40, 120, 40)
