"""Pictures read on a phone: no small text, captions wrapped whole, no engine identifiers.

Text drawing is instrumented at Pillow's ImageDraw.text, below render/common.py's
own size gate, so these tests would catch a renderer that went around the gate.
"""

from __future__ import annotations

import io
import re
import sys
from collections.abc import Iterator
from typing import Any

import pytest
from PIL import Image, ImageDraw

import render
from engine import registry
from render import common
from render.associates import samples as associates_samples
from render.common import (
    MIN_TEXT_PX,
    REFERENCE_WIDTH,
    Layer,
    TextTooSmall,
    encode,
    font,
    line_height,
    min_text_size,
    readable,
    rgb_text,
    wrap,
)
from render.vendetta import samples as vendetta_samples
from render.vendetta.style import CLOCKWISE
from render.vendetta.words import combat_text
from tests.render.conftest import gallery_samples
from tests.render.drawn import DrawnSizes

GAMES = registry.names()


def _clear_render_caches() -> None:
    """Forget every cached layer, sprite and layout of render/, so that all text is drawn afresh."""
    for name, module in list(sys.modules.items()):
        if name == "render" or name.startswith("render."):
            for value in list(vars(module).values()):
                clear = getattr(value, "cache_clear", None)
                if callable(clear):
                    clear()


class TextSpy:
    """Records every ImageDraw.text call: its text and font size."""

    def __init__(self) -> None:
        self.calls: list[tuple[str, int | None]] = []

    def texts(self) -> list[str]:
        """Every string drawn."""
        return [t for t, _ in self.calls]

    def words(self) -> set[str]:
        """Every word drawn (a trailing hyphen of a wrapped line removed)."""
        return {w.rstrip("-") for t in self.texts() for w in t.split()}


@pytest.fixture
def spy(monkeypatch: pytest.MonkeyPatch) -> Iterator[TextSpy]:
    """Instrument Pillow's text drawing, with render's caches emptied before and after."""
    found = TextSpy()
    original = ImageDraw.ImageDraw.text

    def recording(self: ImageDraw.ImageDraw, xy: Any, text: Any, *args: Any, **kwargs: Any) -> Any:
        font_arg = kwargs.get("font", args[1] if len(args) > 1 else None)
        found.calls.append((str(text), getattr(font_arg, "size", None)))
        return original(self, xy, text, *args, **kwargs)

    monkeypatch.setattr(ImageDraw.ImageDraw, "text", recording)
    _clear_render_caches()
    yield found
    _clear_render_caches()


def _every_picture(game: str) -> Iterator[bytes]:
    """Every gallery picture of a game (boards and private views), and its turn panels."""
    for sample in gallery_samples(game):
        yield render.board(game, sample.public)
        for view in sample.players.values():
            yield render.private(game, view)
            yield from render.panel_images(game, sample.public, view)


@pytest.mark.parametrize("game", GAMES)
def test_no_text_smaller_than_20_px_per_800_px_on_any_gallery_picture(game, spy):
    widths = {Image.open(io.BytesIO(png)).width for png in _every_picture(game)}
    assert spy.calls, "no text was drawn at all"
    sizes = [size for _, size in spy.calls]
    assert None not in sizes, "text drawn without the project font"
    required = max(min_text_size(w) for w in widths)
    smallest = min(s for s in sizes if s is not None)
    small = sorted({t for t, s in spy.calls if s is not None and s < required})
    assert smallest >= required, f"{game}: text at {smallest} px on {widths}-px pictures: {small[:10]}"


@pytest.mark.parametrize("game", GAMES)
def test_every_text_and_token_is_drawn_at_least_20_px_per_800_px_of_picture_width(game, monkeypatch):
    # Measured on what reaches the finished picture (ink boxes, painted pixels, resizes), see tests/render/drawn.py.
    drawn = DrawnSizes()
    _clear_render_caches()
    try:
        with drawn.recording(monkeypatch):
            for sample in gallery_samples(game):
                drawn.picture(render.board(game, sample.public))
                for view in sample.players.values():
                    drawn.picture(render.private(game, view))
                    for page in render.panel_images(game, sample.public, view):
                        drawn.picture(page)
    finally:
        _clear_render_caches()
    kinds = {d.kind for d in drawn.drawn}
    assert kinds == {"text", "token"}, f"{game}: nothing recorded of {({'text', 'token'} - kinds)}"
    small = sorted({f"{d.kind} {d.what!r}: {d.height:.1f} px, least {d.least:.1f}" for d in drawn.too_small()})
    assert not small, f"{game}: {len(small)} drawn under 20 px per 800 px: {small[:10]}"


def test_the_recorder_sees_a_token_drawn_too_small_and_text_shrunk_by_a_resize(monkeypatch):
    drawn = DrawnSizes()
    with drawn.recording(monkeypatch):
        big = Image.new("RGB", (1600, 200), (255, 255, 255))
        rgb_text(ImageDraw.Draw(big), (10, 10), "Halved", 40, (0, 0, 0))
        small = big.resize((800, 100))
        common.draw_shape(ImageDraw.Draw(small), "circle", 50, 50, 6, 0, 0, 1)
        drawn.picture(encode(small))
    by_kind = {d.kind: d for d in drawn.drawn}
    assert by_kind["text"].height == pytest.approx(by_kind["text"].least, abs=1)  # 40 px drawn, shown at 20
    assert by_kind["token"].height == 13 and by_kind["token"] in drawn.too_small()


# Engine identifiers a player must never read: snake_case ids, card codes, seat numbers.
_IDENTIFIERS = (
    re.compile(r"\b[a-z]+_[a-z0-9_]+\b"),  # crows_knoll, red_3, gnome_any
    re.compile(r"\bc-[a-z]{3}-\d+"),  # c-bri-21-war_cry
    re.compile(r"\b[a-z]{1,3}\d+\b"),  # n16
    re.compile(r"\b[Ss]eat \d+\b"),
    re.compile(r"\b[Pp]layer \d+\b"),
    re.compile(r"\bP\d\b"),
)


@pytest.mark.parametrize("game", GAMES)
def test_no_engine_identifier_is_drawn_on_any_gallery_picture(game, spy):
    for _ in _every_picture(game):
        pass
    bad = sorted({t for t in spy.texts() for pattern in _IDENTIFIERS if pattern.search(t)})
    assert not bad, f"{game}: engine identifiers drawn: {bad[:10]}"


def test_the_font_refuses_text_below_the_phone_minimum():
    assert font(MIN_TEXT_PX).size == MIN_TEXT_PX
    with pytest.raises(TextTooSmall):
        font(MIN_TEXT_PX - 1)
    # The minimum scales with the picture: 40 px on a 1600-px-wide picture reads like 20 on 800.
    assert min_text_size(2 * REFERENCE_WIDTH) == 2 * MIN_TEXT_PX
    with pytest.raises(TextTooSmall):
        font(2 * MIN_TEXT_PX - 1, image_width=2 * REFERENCE_WIDTH)


def test_canvas_text_never_shrinks_a_label_below_the_minimum(spy):
    cv = Layer(Image.new("RGB", (800, 100), (255, 255, 255))).canvas()
    cv.text((0, 0), "Westdingledongleson of the very long name", 24, (0, 0, 0), (255, 255, 255), max_width=120)
    assert all(size is not None and size >= MIN_TEXT_PX for _, size in spy.calls)


LONG_CAPTION = (
    "Combat at Fishing Gnome Rockery: Dingleson rolled six dice at Von Dingle, who answered with four at "
    "Schnitzel, while McDingle and O'Dingle each put three dice on the Westdingledongleson gnomes."
)


def test_a_long_caption_is_drawn_whole_over_several_lines(spy):
    width = 400
    cv = Layer(Image.new("RGB", (800, 400), (255, 255, 255))).canvas()
    height = cv.paragraph((10, 10), LONG_CAPTION, 20, (0, 0, 0), (255, 255, 255), max_width=width)
    lines = spy.texts()
    assert len(lines) >= 3
    assert height == len(lines) * line_height(20)
    assert " ".join(lines).split() == LONG_CAPTION.split()
    assert all(len(line) < len(LONG_CAPTION) for line in lines)


def test_wrap_breaks_only_between_words_when_every_word_fits():
    lines = wrap(LONG_CAPTION, 20, 300)
    assert " ".join(lines) == LONG_CAPTION
    assert not any(line.endswith("-") for line in lines)


def test_a_long_fight_caption_is_drawn_whole_under_the_vendetta_table(spy):
    view = vendetta_samples.crowded_view()
    declarations = [[c, [[t, 3] for t in CLOCKWISE if t != c][:3]] for c in CLOCKWISE[:5]]
    view["combat"] = {**view["combat"], "declarations": declarations}
    text = combat_text(view)
    assert len(wrap(text, 20, 776)) >= 3, "the caption must be long enough to need several lines"
    short = {**vendetta_samples.crowded_view(), "combat": {**view["combat"], "declarations": []}}
    tall = Image.open(io.BytesIO(render.board("vendetta", view))).height
    assert tall > Image.open(io.BytesIO(render.board("vendetta", short))).height
    missing = {w.rstrip(".,;:") for w in text.split()} - {w.rstrip(".,;:") for w in spy.words()}
    assert not missing, f"words of the fight caption not drawn: {missing}"


def test_long_event_captions_are_drawn_whole_under_the_associates_table(spy):
    view = associates_samples.crowded_view()
    long_event = "Brigands Troll moves: Crow's Knoll → Fallen Chapel → Windy Tor, and +2 GP to the Brigands' safe."
    view["last"] = [{"text": long_event, "kind": "move", "data": {}} for _ in range(3)]
    render.board("associates", view)
    missing = {w.rstrip(".,:") for w in long_event.split()} - {w.rstrip(".,:") for w in spy.words()}
    assert not missing, f"words of the last events not drawn: {missing}"


def test_seat_numbers_in_engine_messages_become_guild_titles():
    from render.associates.words import player_facing

    view = associates_samples.crowded_view()
    assert player_facing("Seat 2 activates Usurers Troll.", view) == "Usurers activates Usurers Troll."
    assert player_facing("Seat 3 plays the Thieves.", view) == "Thieves chosen."
    view["guilds"][1]["title"] = None
    assert player_facing("Seat 1 draws 2 card(s).", view) == "A player draws 2 card(s)."


def test_identifiers_without_a_name_are_drawn_as_readable_words():
    assert readable("crows_knoll") == "Crows Knoll"
    assert readable("c-bri-21-war_cry") == "War Cry"
    assert readable("steal:sacred_wood") == "Sacred Wood"


def test_a_mark_inside_a_token_is_measured_too(monkeypatch):
    # A gnome token's clan mark is what tells it apart: a small mark on a big coin is too small.
    from render.vendetta import style

    drawn = DrawnSizes()
    with drawn.recording(monkeypatch):
        image = Image.new("RGB", (800, 100), (255, 255, 255))
        common.draw_shape(ImageDraw.Draw(image), "circle", 50, 50, 20, 0, 0, 1)
        style.draw_icon(ImageDraw.Draw(image), "gnome_white", 150, 50, 12)  # the recorder's wrapped copy
        drawn.picture(encode(image))
    inner = [d for d in drawn.drawn if " > " in d.what]
    assert inner and all(d.height >= d.least - 1 for d in inner), inner


def test_the_vendetta_score_table_heads_its_gnome_columns_in_words(spy):
    _clear_render_caches()
    render.board("vendetta", vendetta_samples.crowded_view())
    drawn = set(spy.texts())
    assert {"Reserve", "On map"} <= drawn and not {"Res", "Map"} & drawn
