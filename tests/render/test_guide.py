"""The board guides of /help: each game's start board with numbered marks and a legend naming them."""

from __future__ import annotations

import io
from importlib import import_module

import pytest
from PIL import Image, ImageDraw

from engine import registry
from i18n import Locale
from render.guide import MAX_RATIO, Callout, _wrap, compose

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


# Words each game's French legend must name, as its catalog says them (and the board shows them).
FRENCH_LEGEND_WORDS = {
    "vendetta": ("Marqueur de clan", "base", "butin", "statue", "Île du grand gnome", "chemins"),
    "associates": ("Figurine", "Fé\u00a0fée", "repaire", "composants", "terrain", "Donjon abandonné"),
    "tribes": ("Jeton d'armée", "ville", "Gnomlab", "Plaine", "marécage", "mer"),
}


@pytest.mark.parametrize("name", registry.names())
def test_the_french_guide_says_every_callout_in_french_on_the_french_board(name: str) -> None:
    module = import_module(f"render.{name}.guide")
    english, french = module.guide(), module.guide(Locale("fr"))
    legend = " ".join(french.legend)
    for word in FRENCH_LEGEND_WORDS[name]:
        assert word in legend, (name, word)
    # No English label is left in the French legend, and the map under it is the French board.
    assert len(french.legend) == len(english.legend)
    assert not set(french.legend) & set(english.legend), set(french.legend) & set(english.legend)
    assert french.png != english.png
    assert french.width == english.width and french.height <= MAX_RATIO * french.width


def test_a_no_break_space_keeps_a_letter_and_its_word_on_one_legend_line() -> None:
    draw = ImageDraw.Draw(Image.new("RGB", (1, 1)))
    # At this width a plain space lets "Gb" end a line without its word; a no-break space carries it down.
    assert _wrap(draw, "Gn gnome, Tr troll, Gb gobelin", 250) == ["Gn gnome, Tr troll, Gb", "gobelin"]
    assert _wrap(draw, "Gn\u00a0gnome, Tr\u00a0troll, Gb\u00a0gobelin", 250) == [
        "Gn\u00a0gnome, Tr\u00a0troll,", "Gb\u00a0gobelin"]
