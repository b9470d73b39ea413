"""Test-only recording of what the renderers draw: every text's and token's drawn height.

`DrawnSizes` wraps Pillow's `ImageDraw.text` and the games' token painters (marker
shapes, loot and treasure icons) for the length of a test. A text's height is the
ink box of its glyphs as the font draws them; a token's is the box of the pixels it
paints, found by painting it again on a blank scratch picture. Both are then
scaled by any `Image.resize` the drawn-on picture goes through (the maps are drawn
supersampled and shrunk), and set against the width of the finished picture, so
what is checked is what reaches the screen, not the size a helper was asked for.
"""

from __future__ import annotations

import io
import math
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from PIL import Image, ImageDraw

from render.common import MIN_TEXT_PX, REFERENCE_WIDTH, _font

# The token painters of render/: (module, function name); each paints on the `draw` it is given first.
TOKEN_PAINTERS = (
    ("render.common", "draw_shape"),
    ("render.vendetta.style", "draw_icon"),
    ("render.associates.style", "draw_item"),
)


@dataclass(frozen=True)
class Drawn:
    """One text or token as it reaches the finished picture."""

    kind: str  # "text" or "token"
    what: str  # the text, or the token painter and its token
    height: float  # drawn height in the finished picture's pixels
    picture_width: int
    # For a text, the height the same string's ink would have in the minimum font on that
    # picture (text glyph boxes differ: "ace" is lower than "Ag"); for a token, the minimum itself.
    least: float

    @property
    def per_reference(self) -> float:
        """The drawn height as it would be on a picture REFERENCE_WIDTH wide (what a phone shrinks it to)."""
        return self.height * REFERENCE_WIDTH / self.picture_width


def _ink_height(text: str, size: float) -> float:
    """Height of the ink of `text` in the project font at `size` px (fractional sizes interpolated)."""
    low = _font(max(1, math.floor(size)))
    high = _font(max(1, math.ceil(size)))
    a = low.getbbox(text)
    b = high.getbbox(text)
    t = size - math.floor(size)
    return (a[3] - a[1]) * (1 - t) + (b[3] - b[1]) * t


@dataclass
class _Mark:
    kind: str
    what: str
    height: int
    image: Image.Image | None  # the picture drawn on, to follow its resizes


class DrawnSizes:
    """Every text and token drawn while recording, per finished picture."""

    def __init__(self) -> None:
        self._marks: list[_Mark] = []
        self._scale: dict[int, float] = {}  # id of a resized picture -> its resize factor
        self._keep: list[Image.Image] = []  # keeps ids stable while recording
        self.drawn: list[Drawn] = []
        self._scratch = 0  # > 0 while a token is painted again on a scratch picture (not recorded)
        self._within: list[str] = []  # the tokens being painted, outermost first

    def picture(self, png: bytes) -> bytes:
        """Close one finished picture: what was drawn since the last one is measured against its width."""
        width = Image.open(io.BytesIO(png)).width
        for mark in self._marks:
            scale = self._scale.get(id(mark.image), 1.0) if mark.image is not None else 1.0
            minimum = MIN_TEXT_PX * width / REFERENCE_WIDTH
            least = _ink_height(mark.what, minimum) if mark.kind == "text" else minimum
            self.drawn.append(Drawn(mark.kind, mark.what, mark.height * scale, width, least))
        self._marks.clear()
        return png

    def smallest(self, kind: str) -> Drawn:
        """The item of a kind drawn smallest for what it is (drawn height over its least height)."""
        return min((d for d in self.drawn if d.kind == kind), key=lambda d: d.height / d.least)

    def too_small(self) -> list[Drawn]:
        """Every item drawn lower than its least height (one pixel of rounding allowed)."""
        return [d for d in self.drawn if d.height < d.least - 1]

    # -- the wrappers ---------------------------------------------------------------------

    def _text(self, original: Callable[..., Any]) -> Callable[..., Any]:
        def text(draw: ImageDraw.ImageDraw, xy: Any, text: Any, *args: Any, **kwargs: Any) -> Any:
            font = kwargs.get("font", args[1] if len(args) > 1 else None)
            if font is not None and str(text).strip() and self._scratch == 0:
                # The ink of the glyphs alone: a halo's stroke is no part of the letters.
                _, top, _, bottom = font.getbbox(str(text))
                self._mark("text", str(text), int(bottom - top), draw)
            return original(draw, xy, text, *args, **kwargs)

        return text

    def _token(self, name: str, original: Callable[..., Any]) -> Callable[..., Any]:
        def painter(draw: ImageDraw.ImageDraw, *args: Any, **kwargs: Any) -> Any:
            # A mark painted inside a token (the clan shape on a gnome-token coin, a letter on an item) is
            # what tells the token apart: it is measured too, not only the token's outline.
            if self._scratch == 0:
                inside = f"{self._within[-1]} > " if self._within else ""
                what = f"{inside}{name}({args[0]!r})"
                self._mark("token", what, self._painted_height(original, draw, args, kwargs), draw)
            self._within.append(f"{name}({args[0]!r})")
            try:
                return original(draw, *args, **kwargs)
            finally:
                self._within.pop()

        return painter

    def _painted_height(
        self, original: Callable[..., Any], draw: ImageDraw.ImageDraw, args: tuple[Any, ...], kwargs: dict[str, Any]
    ) -> int:
        """Height of the pixels `original` paints, painted again in white on a black scratch picture."""
        image = getattr(draw, "_image", None)
        size = image.size if image is not None else (4000, 4000)
        scratch = Image.new("L", size, 0)
        call = list(args)
        if original.__name__ == "draw_shape":
            call[4], call[5] = 255, 255  # fill, outline
        else:
            kwargs = {**kwargs, "pick": lambda _rgb: 255}
            call = call[:4]
        self._scratch += 1
        try:
            original(ImageDraw.Draw(scratch), *call, **kwargs)
        finally:
            self._scratch -= 1
        box = scratch.getbbox()
        return 0 if box is None else box[3] - box[1]

    def _mark(self, kind: str, what: str, height: int, draw: ImageDraw.ImageDraw) -> None:
        image = getattr(draw, "_image", None)
        if image is not None:
            self._keep.append(image)
        self._marks.append(_Mark(kind, what, height, image))

    def _resize(self, original: Callable[..., Any]) -> Callable[..., Any]:
        def resize(image: Image.Image, size: Any, *args: Any, **kwargs: Any) -> Any:
            out = original(image, size, *args, **kwargs)
            self._keep.append(image)
            self._scale[id(image)] = self._scale.get(id(image), 1.0) * size[1] / image.height
            return out

        return resize

    @contextmanager
    def recording(self, monkeypatch: Any) -> Iterator[DrawnSizes]:
        """Wrap the drawing calls for the block (monkeypatch undoes it)."""
        monkeypatch.setattr(ImageDraw.ImageDraw, "text", self._text(ImageDraw.ImageDraw.text))
        monkeypatch.setattr(Image.Image, "resize", self._resize(Image.Image.resize))
        for module_name, name in TOKEN_PAINTERS:
            __import__(module_name)
            original = getattr(sys.modules[module_name], name)
            wrapped = self._token(name, original)
            # `from x import f` copies the function: replace every render module's copy.
            for mod_name, module in list(sys.modules.items()):
                if (mod_name == "render" or mod_name.startswith("render.")) and getattr(module, name, None) is original:
                    monkeypatch.setattr(module, name, wrapped)
        yield self
