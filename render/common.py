"""Drawing helpers shared by every game's renderer.

Pictures are palette ("P" mode) PNGs. A palette image is a third of the bytes
of an RGB one, so it encodes about four times faster; that is what lets a board
render cost little more than encoding a blank picture (the benchmark's floor).

The pipeline, per board:
  1. the static layer (map, names, links, loot icons) is drawn once in RGB with
     anti-aliasing, then quantised to at most ``STATIC_COLOURS`` palette entries
     and cached;
  2. each render copies that palette image and draws only what changes, using
     palette indices from the board's ``Palette`` (the static entries plus the
     dynamic colours, added on first use);
  3. text drawn at render time is a cached sprite: the glyph coverage quantised
     to four levels, each a palette entry blending the text colour into the known
     background colour, so dynamic text is anti-aliased too.
"""

from __future__ import annotations

import io
import logging
import math
from collections.abc import Callable, Iterable, Sequence
from functools import cache, lru_cache
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

from i18n import ENGLISH, Locale, catalogs, game_t
from render.png import BandedEncoder

log = logging.getLogger(__name__)

RGB = tuple[int, int, int]
Point = tuple[float, float]
Box = tuple[int, int, int, int]
Ink = int | tuple[int, ...]  # a palette index or an RGB colour

FONT_PATH = Path(__file__).with_name("fonts") / "DejaVuSans-Bold.ttf"

# zlib level 1: the pictures are large flat areas, so higher levels buy a few
# percent of bytes for a lot of time (and optimize=True would force level 9).
PNG_COMPRESS_LEVEL = 1

# Palette entries reserved for the quantised static layer; the rest (up to 256)
# hold the colours drawn at render time and the text blend levels.
STATIC_COLOURS = 128

# Shared ink colours.
INK: RGB = (26, 26, 26)
PAPER: RGB = (250, 246, 236)
MUTED: RGB = (96, 96, 96)
HIGHLIGHT: RGB = (230, 0, 126)  # magenta: stands out for every type of colour vision


# Readable on a phone: a picture is shown about 360 px wide there, so no text is
# drawn smaller than 20 px per 800 px of picture width (9 px on that screen).
REFERENCE_WIDTH = 800
MIN_TEXT_PX = 20
# Half-size of the smallest marker or icon (a clan marker in running text, a column
# icon): a marker shape of this half-size paints at least 20 px tall, the minimum.
MARK_R = 12
# Line height of wrapped text, as a multiple of the font size.
LINE_SPACING = 1.15


class RenderError(Exception):
    """A picture cannot be drawn as asked (the render layer's own failures)."""


class TextTooSmall(RenderError, ValueError):
    """Text asked for below the phone-readable minimum size."""


def min_text_size(image_width: int = REFERENCE_WIDTH) -> int:
    """The smallest font size allowed on a picture `image_width` pixels wide."""
    return math.ceil(MIN_TEXT_PX * image_width / REFERENCE_WIDTH)


def font(size: int, image_width: int = REFERENCE_WIDTH) -> ImageFont.FreeTypeFont:
    """The project font (DejaVu Sans Bold, shipped in render/fonts) at `size` pixels.

    The one gate of the minimum text size: every text drawn or measured gets its
    font here, and a size below `min_text_size(image_width)` raises TextTooSmall.
    """
    least = min_text_size(image_width)
    if size < least:
        raise TextTooSmall(f"text of {size} px on a {image_width}-px-wide picture (minimum {least})")
    return _font(size)


@cache
def _font(size: int) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(str(FONT_PATH), size)


def line_height(size: int) -> int:
    """Distance between the tops of two lines of wrapped text at `size`."""
    return round(size * LINE_SPACING)


def readable(identifier: str) -> str:
    """A player-facing name made from an engine identifier, for views that carry no name.

    'crows_knoll' -> 'Crows Knoll'; a card code 'c-bri-21-war_cry' -> 'War Cry';
    'steal:sacred_wood' -> 'Sacred Wood'.
    """
    word = identifier.rsplit(":", 1)[-1]
    if word.startswith("c-") and word.count("-") >= 3:
        word = word.split("-", 3)[3]
    return " ".join(part.capitalize() for part in word.replace("-", "_").split("_") if part)


def hex_to_rgb(value: str) -> RGB:
    """'#C62828' -> (198, 40, 40)."""
    value = value.lstrip("#")
    return (int(value[0:2], 16), int(value[2:4], 16), int(value[4:6], 16))


def mix(a: RGB, b: RGB, t: float) -> RGB:
    """The colour `t` of the way from `a` to `b` (0 = a, 1 = b)."""
    return (round(a[0] + (b[0] - a[0]) * t), round(a[1] + (b[1] - a[1]) * t), round(a[2] + (b[2] - a[2]) * t))


def luminance(c: RGB) -> float:
    """Relative luminance 0..1 (sRGB approximation), to choose readable ink."""
    return (0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2]) / 255


def ink_on(background: RGB) -> RGB:
    """Dark or light ink, whichever reads on `background`."""
    return INK if luminance(background) > 0.5 else (255, 255, 255)


@lru_cache(maxsize=8192)
def text_width(text: str, size: int) -> int:
    """Width in pixels of `text` in the project font at `size`."""
    return int(font(size).getlength(text))


SOFT_HYPHEN = "\u00ad"


def _fragments(text: str) -> list[tuple[str, str]]:
    """Split text into (piece, break) where break is "space", "hard" (after a '-') or "soft"."""
    out: list[tuple[str, str]] = []
    for word in text.split():
        piece = ""
        for ch in word:
            if ch == "-":
                out.append((piece + "-", "hard"))
                piece = ""
            elif ch == SOFT_HYPHEN:
                out.append((piece, "soft"))
                piece = ""
            else:
                piece += ch
        if piece:
            out.append((piece, "space"))
        elif out:
            out[-1] = (out[-1][0], "space") if out[-1][1] == "soft" else out[-1]
    return out


def unbroken_fit(text: str, size: int, max_width: int) -> bool:
    """Whether `text` wraps at `size` without cutting any word at an unmarked place."""
    return all(text_width(piece + ("-" if brk == "soft" else ""), size) <= max_width for piece, brk in _fragments(text))


def wrap(text: str, size: int, max_width: int) -> list[str]:
    """Greedy wrap at spaces, hyphens and soft hyphens; a piece still too wide is cut with a hyphen."""
    pieces: list[tuple[str, str]] = []
    for piece, brk in _fragments(text):
        # A piece ending at a soft hyphen needs room for the hyphen drawn there.
        while text_width(piece + ("-" if brk == "soft" else ""), size) > max_width and len(piece) > 3:
            cut = len(piece) // 2
            for i in range(len(piece) - 1, 1, -1):
                if text_width(piece[:i] + "-", size) <= max_width:
                    cut = i
                    break
            pieces.append((piece[:cut], "soft"))
            piece = piece[cut:]
        pieces.append((piece, brk))
    lines: list[str] = []
    line = ""
    prev = "space"
    for piece, brk in pieces:
        joined = line + (" " if prev == "space" and line else "") + piece
        if not line or text_width(joined, size) <= max_width:
            line = joined
        else:
            lines.append(line + ("-" if prev == "soft" else ""))
            line = piece
        prev = brk
    if line:
        lines.append(line)
    return lines


def fit_size(text: str, size: int, max_width: float, minimum: int = MIN_TEXT_PX) -> int:
    """The largest font size <= `size` (not below `minimum` nor the readable minimum) at which `text` fits."""
    minimum = max(minimum, MIN_TEXT_PX)
    while size > minimum and text_width(text, size) > max_width:
        size -= 1
    return size


def ellipsize(text: str, size: int, max_width: float) -> str:
    """`text`, shortened with an ellipsis if it is wider than `max_width` at `size` (for one-line labels)."""
    if text_width(text, size) <= max_width:
        return text
    cut = len(text)
    while cut > 1 and text_width(text[:cut].rstrip() + "…", size) > max_width:
        cut -= 1
    return text[:cut].rstrip() + "…"


def paragraph_height(text: str, size: int, max_width: int) -> int:
    """Height of `text` wrapped to `max_width` at `size` (see Canvas.paragraph)."""
    return len(wrap(text, size, max_width)) * line_height(size) if text else 0


def regular_polygon(cx: float, cy: float, r: float, sides: int, rotation: float = 0.0) -> list[Point]:
    """Vertices of a regular polygon; rotation in degrees, 0 puts a vertex at 12 o'clock."""
    import math

    out: list[Point] = []
    for i in range(sides):
        a = math.radians(rotation + 360 * i / sides - 90)
        out.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    return out


def shape_points(shape: str, cx: float, cy: float, r: float) -> list[Point] | None:
    """Outline of a faction marker shape centred on (cx, cy) with half-size `r`; None for a circle."""
    if shape == "circle":
        return None
    if shape == "square":
        k = r * 0.86
        return [(cx - k, cy - k), (cx + k, cy - k), (cx + k, cy + k), (cx - k, cy + k)]
    if shape == "triangle":
        # Drop the centroid a little so the count inside sits in the wide part.
        return regular_polygon(cx, cy + r * 0.18, r * 1.2, 3)
    if shape == "triangle_down":
        return regular_polygon(cx, cy - r * 0.18, r * 1.2, 3, rotation=180)
    if shape == "diamond":
        return regular_polygon(cx, cy, r * 1.12, 4)
    if shape == "hexagon":
        return regular_polygon(cx, cy, r * 1.02, 6, rotation=30)
    if shape == "pentagon":
        return regular_polygon(cx, cy, r * 1.05, 5)
    raise ValueError(f"unknown marker shape {shape!r}")


# Apothem (centre to edge) of each marker shape as a fraction of its half-size r.
_APOTHEM = {"square": 0.86, "triangle": 0.6, "triangle_down": 0.6, "diamond": 0.79, "hexagon": 0.88, "pentagon": 0.85}


def draw_shape(
    draw: ImageDraw.ImageDraw, shape: str, cx: float, cy: float, r: float, fill: Ink, outline: Ink, width: int
) -> None:
    """A faction marker shape, filled and outlined (colours are RGB or palette indices)."""
    pts = shape_points(shape, cx, cy, r)
    if pts is None:
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=fill, outline=outline, width=width)
    elif width <= 1:
        draw.polygon(pts, fill=fill, outline=outline)
    else:
        # Pillow draws a wide polygon outline through a mask the size of the whole
        # picture (about 0.1 ms each); an outline-coloured shape under an inset
        # fill-coloured one looks the same and costs two plain fills.
        draw.polygon(pts, fill=outline)
        inner = shape_points(shape, cx, cy, r - width / _APOTHEM[shape])
        if inner:
            draw.polygon(inner, fill=fill)


def shape_box(shape: str, cx: float, cy: float, r: float) -> Box:
    """The bounding box of a marker shape, for layout checks."""
    pts = shape_points(shape, cx, cy, r)
    if pts is None:
        return (int(cx - r), int(cy - r), int(cx + r + 1), int(cy + r + 1))
    xs = [p[0] for p in pts]
    ys = [p[1] for p in pts]
    return (int(min(xs)), int(min(ys)), int(max(xs) + 1), int(max(ys) + 1))


class Palette:
    """A board's palette: the static layer's entries, then colours added on first use.

    Indices never change once given, so a cached static image stays valid while
    later renders add colours; every render writes the current palette.
    """

    def __init__(self, colours: Sequence[RGB]) -> None:
        self._colours: list[RGB] = list(colours)
        self._index: dict[RGB, int] = {}
        self._levels: dict[tuple[RGB, RGB], tuple[int, int, int]] = {}
        for i, c in enumerate(self._colours):
            self._index.setdefault(c, i)

    def __len__(self) -> int:
        return len(self._colours)

    def index(self, colour: RGB) -> int:
        """The palette index of `colour`, adding it if there is room, else the nearest entry."""
        found = self._index.get(colour)
        if found is not None:
            return found
        if len(self._colours) < 256:
            self._colours.append(colour)
            self._index[colour] = len(self._colours) - 1
            return len(self._colours) - 1
        log.warning("palette full; drawing %s with the nearest colour", colour)

        def distance(i: int) -> int:
            return sum((a - b) ** 2 for a, b in zip(self._colours[i], colour, strict=True))

        best = min(range(len(self._colours)), key=distance)
        self._index[colour] = best
        return best

    def levels(self, fg: RGB, bg: RGB) -> tuple[int, int, int]:
        """Indices of the three anti-aliasing levels of `fg` text over `bg` (a third, two thirds, full)."""
        found = self._levels.get((fg, bg))
        if found is None:
            found = (self.index(mix(bg, fg, 0.33)), self.index(mix(bg, fg, 0.66)), self.index(fg))
            self._levels[(fg, bg)] = found
        return found

    def data(self) -> list[int]:
        """Flat RGB list for Image.putpalette."""
        return [v for c in self._colours for v in c]


class Layer:
    """A cached static picture and its palette; `canvas()` hands out a copy to draw on."""

    def __init__(self, rgb: Image.Image, key_colours: Sequence[RGB] = ()) -> None:
        # Median cut weighs colours by area, so a small icon's colour (a purple
        # berry) would merge into a neighbour: key colours get entries of their
        # own, and every pixel maps to its nearest entry.
        keys = list(dict.fromkeys(key_colours))
        adaptive = rgb.quantize(
            colors=max(16, STATIC_COLOURS - len(keys)), method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE
        )
        raw = adaptive.getpalette() or []
        extrema = adaptive.getextrema()
        used = max(int(extrema[1]), 0) + 1  # type: ignore[arg-type]  # a "P" picture's extrema are two ints
        colours = [(raw[3 * i], raw[3 * i + 1], raw[3 * i + 2]) for i in range(used)] + keys
        colours = list(dict.fromkeys(colours))[:256]
        target = Image.new("P", (1, 1))
        # Pad with copies of the first entry, and fold any pixel mapped to a copy back onto it.
        target.putpalette([v for c in colours + [colours[0]] * (256 - len(colours)) for v in c])
        mapped = rgb.quantize(palette=target, dither=Image.Dither.NONE)
        lut = bytes(list(range(len(colours))) + [0] * (256 - len(colours)))
        quantised = Image.frombytes("P", rgb.size, mapped.tobytes().translate(lut))
        self.image = quantised
        self.palette = Palette(colours)
        self.size = rgb.size
        self._encoder: BandedEncoder | None = None

    def canvas(self) -> Canvas:
        """A fresh drawable copy of the static picture."""
        return Canvas(self.image.copy(), self.palette, self)

    def encoder(self) -> BandedEncoder:
        """The PNG encoder holding this layer's pre-compressed bands (built on first use)."""
        if self._encoder is None:
            self._encoder = BandedEncoder(self.image)
        return self._encoder


class Canvas:
    """A palette image being drawn on, with RGB-speaking helpers."""

    def __init__(self, image: Image.Image, palette: Palette, layer: Layer | None = None) -> None:
        self.image = image
        self.palette = palette
        self.layer = layer
        self.draw = ImageDraw.Draw(image)

    def png(self) -> bytes:
        """The picture as PNG bytes; only the bands drawn on since the static layer are compressed."""
        if self.layer is not None:
            return self.layer.encoder().encode(self.image, self.palette.data())
        return encode(self.image, self.palette)

    def c(self, colour: RGB) -> int:
        """Palette index of an RGB colour."""
        return self.palette.index(colour)

    def rect(self, box: Sequence[float], fill: RGB | None, outline: RGB | None = None, width: int = 1) -> None:
        """A filled and/or outlined rectangle."""
        self.draw.rectangle(
            tuple(box),
            fill=None if fill is None else self.c(fill),
            outline=None if outline is None else self.c(outline),
            width=width,
        )

    def rounded(
        self, box: Sequence[float], radius: int, fill: RGB | None, outline: RGB | None = None, width: int = 1
    ) -> None:
        """A rounded rectangle."""
        self.draw.rounded_rectangle(
            tuple(box),
            radius=radius,
            fill=None if fill is None else self.c(fill),
            outline=None if outline is None else self.c(outline),
            width=width,
        )

    def line(self, points: Sequence[Point], colour: RGB, width: int) -> None:
        """A polyline."""
        self.draw.line(list(points), fill=self.c(colour), width=width, joint="curve")

    def polygon(self, points: Sequence[Point], fill: RGB | None, outline: RGB | None = None, width: int = 1) -> None:
        """A polygon; a wide outline is stroked as a closed line, centred on the edge."""
        pts = list(points)
        if width <= 1 or outline is None:
            self.draw.polygon(
                pts, fill=None if fill is None else self.c(fill), outline=None if outline is None else self.c(outline)
            )
            return
        # Not Pillow's wide polygon outline: it builds a whole-picture mask per call.
        if fill is not None:
            self.draw.polygon(pts, fill=self.c(fill))
        self.draw.line([*pts, pts[0], pts[1]], fill=self.c(outline), width=width, joint="curve")

    def ellipse(self, box: Sequence[float], fill: RGB | None, outline: RGB | None = None, width: int = 1) -> None:
        """An ellipse."""
        self.draw.ellipse(
            tuple(box),
            fill=None if fill is None else self.c(fill),
            outline=None if outline is None else self.c(outline),
            width=width,
        )

    def shape(self, shape: str, cx: float, cy: float, r: float, fill: RGB, outline: RGB, width: int = 2) -> None:
        """A faction marker shape."""
        draw_shape(self.draw, shape, cx, cy, r, self.c(fill), self.c(outline), width)

    def text(
        self,
        xy: Point,
        text: str,
        size: int,
        fg: RGB,
        bg: RGB,
        anchor: str = "la",
        max_width: float | None = None,
        halo: RGB | None = None,
    ) -> int:
        """Anti-aliased text over a uniform `bg`; returns the drawn width.

        `anchor` is Pillow-like but limited: first letter l/m/r, second a/m (top/middle).
        With `max_width`, the font shrinks (never below the readable minimum) so the
        text fits, and a label still too wide ends in an ellipsis: for one-line
        labels only; captions go through `paragraph`, which wraps and never cuts.
        With `halo`, the text is ringed in that colour, to read over any background.
        """
        if not text:
            return 0
        font(size, self.image.width)  # the minimum size gate
        if max_width is not None:
            size = fit_size(text, size, max_width, minimum=int(size * 0.75))
            text = ellipsize(text, size, max_width)
        if halo is not None:
            sprite, mask, (ox, oy) = _halo_sprite(text, size, self._levels(fg, halo), self.c(halo))
        else:
            sprite, mask, (ox, oy) = self._sprite(text, size, fg, bg)
        full_w = text_width(text, size)
        x, y = xy
        if anchor[0] == "m":
            x -= full_w / 2
        elif anchor[0] == "r":
            x -= full_w
        if len(anchor) > 1 and anchor[1] == "m":
            y -= size * 0.58
        self.image.paste(sprite, (round(x + ox), round(y + oy)), mask)
        return full_w

    def paragraph(
        self,
        xy: Point,
        text: str,
        size: int,
        fg: RGB,
        bg: RGB,
        max_width: int,
        anchor: str = "la",
    ) -> int:
        """`text` wrapped to `max_width`, every line drawn (never cut); returns the height used.

        `anchor` applies to each line horizontally (l/m/r) and to the block's top.
        """
        x, y = xy
        step = line_height(size)
        lines = wrap(text, size, max_width) if text else []
        for i, line in enumerate(lines):
            self.text((x, y + i * step), line, size, fg, bg, anchor=anchor[0] + "a")
        return len(lines) * step

    def _levels(self, fg: RGB, bg: RGB) -> tuple[int, int, int]:
        return self.palette.levels(fg, bg)

    def _sprite(self, text: str, size: int, fg: RGB, bg: RGB) -> tuple[Image.Image, Image.Image, tuple[int, int]]:
        return _text_sprite(text, size, self._levels(fg, bg))


@lru_cache(maxsize=4096)
def _text_sprite(
    text: str, size: int, levels: tuple[int, int, int]
) -> tuple[Image.Image, Image.Image, tuple[int, int]]:
    """Glyph coverage as palette indices (3 blend levels) plus a 1-bit mask, and its offset."""
    f = font(size)
    left, top, right, bottom = (int(v) for v in f.getbbox(text))
    w, h = max(1, right - left), max(1, bottom - top)
    cover = Image.new("L", (w, h), 0)
    ImageDraw.Draw(cover).text((-left, -top), text, font=f, fill=255)
    # 0..255 coverage -> nothing / 1/3 / 2/3 / full ink, as palette indices.
    lut = [0] * 256
    for v in range(256):
        lut[v] = 0 if v < 43 else levels[0] if v < 128 else levels[1] if v < 213 else levels[2]
    sprite = Image.frombytes("P", (w, h), cover.point(lut).tobytes())
    mask = cover.point(lambda v: 255 if v >= 43 else 0, "1")
    return sprite, mask, (left, top)


HALO_PX = 2  # ring around text drawn over busy backgrounds


@lru_cache(maxsize=2048)
def _halo_sprite(
    text: str, size: int, levels: tuple[int, int, int], halo: int
) -> tuple[Image.Image, Image.Image, tuple[int, int]]:
    """Like _text_sprite, with a solid `halo`-index ring of HALO_PX around the glyphs."""
    f = font(size)
    left, top, right, bottom = (int(v) for v in f.getbbox(text, stroke_width=HALO_PX))
    w, h = max(1, right - left), max(1, bottom - top)
    cover = Image.new("L", (w, h), 0)
    ImageDraw.Draw(cover).text((-left, -top), text, font=f, fill=255)
    ring = Image.new("L", (w, h), 0)
    ImageDraw.Draw(ring).text((-left, -top), text, font=f, fill=255, stroke_width=HALO_PX, stroke_fill=255)
    lut = [halo if v < 43 else levels[0] if v < 128 else levels[1] if v < 213 else levels[2] for v in range(256)]
    sprite = Image.frombytes("P", (w, h), cover.point(lut).tobytes())
    mask = ring.point(lambda v: 255 if v >= 96 else 0, "1")
    return sprite, mask, (left, top)


def encode(image: Image.Image, palette: Palette | None = None) -> bytes:
    """PNG bytes at a low compression level (never optimize=True: it forces level 9)."""
    if palette is not None:
        image.putpalette(palette.data())
    buf = io.BytesIO()
    image.save(buf, "PNG", compress_level=PNG_COMPRESS_LEVEL)
    return buf.getvalue()


def rgb_text(
    draw: ImageDraw.ImageDraw, xy: Point, text: str, size: int, fill: RGB, anchor: str = "la", stroke: RGB | None = None
) -> None:
    """Anti-aliased text on an RGB image (static layers), optionally with a halo for contrast."""
    draw.text(
        xy,
        text,
        font=font(size, draw.im.size[0]),
        fill=fill,
        anchor=anchor,
        stroke_width=HALO_PX if stroke else 0,
        stroke_fill=stroke,
    )


Stamp = tuple[tuple[int, int], Image.Image, Image.Image]


def make_stamps(layer: Layer, mask: Image.Image, boxes: Iterable[Box]) -> tuple[Stamp, ...]:
    """Pieces of a static layer to paste back over what a render drew: per box, its pixels and `mask` there.

    Used for labels drawn in the static layer (with a halo) that arrows and outlines
    may cross: pasted after them, the labels are on top, pixel for pixel as in the
    static layer, so the bands they restore still match it for the encoder.
    """
    pad = HALO_PX + 2
    out = []
    for x0, y0, x1, y1 in boxes:
        box = (x0 - pad, y0 - pad, x1 + pad, y1 + pad)
        out.append(((box[0], box[1]), layer.image.crop(box), mask.crop(box)))
    return tuple(out)


def paste_stamps(cv: Canvas, stamps: Iterable[Stamp]) -> None:
    """Paste stamps made by make_stamps back onto a canvas of the same layer."""
    for corner, pixels, mask in stamps:
        cv.image.paste(pixels, corner, mask)


def text_mask(size: tuple[int, int], draw: Callable[[ImageDraw.ImageDraw], None]) -> Image.Image:
    """A 1-bit mask of the text `draw` puts on a blank "L" image (draw it with fill and halo 255)."""
    mask = Image.new("L", size, 0)
    draw(ImageDraw.Draw(mask))
    return mask.point(lambda v: 255 if v else 0, "1")


def boxes_overlap(a: Box, b: Box) -> bool:
    """Whether two (x0, y0, x1, y1) boxes share any pixel."""
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def inside(box: Box, size: tuple[int, int]) -> bool:
    """Whether a box lies wholly within an image of `size`."""
    return box[0] >= 0 and box[1] >= 0 and box[2] <= size[0] and box[3] <= size[1]


def flatten(items: Iterable[Iterable[Point]]) -> list[Point]:
    """All points of several point lists."""
    return [p for pts in items for p in pts]


@cache
def catalog_has(game: str, msgid: str) -> bool:
    """Whether `game`'s English catalog (the reference every language follows) has `msgid`: a picture says a
    name from the catalog only where it knows it, else the word its view gives."""
    english = catalogs().catalog(game, ENGLISH)
    return english is not None and msgid in english.messages


@cache
def catalog_word(game: str, locale: Locale, msgid: str) -> str | None:
    """`game`'s catalog's `msgid` (a name, no placeholders) in `locale`; None for an id the catalog lacks."""
    return game_t(locale, game, msgid) if catalog_has(game, msgid) else None
