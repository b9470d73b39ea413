"""Animated pictures: frames of PNG bytes and how long each is held in, one GIF out.

Pure like the rest of render/: it draws only what it is given (frames already drawn from public views, and
a caption per frame). Discord plays a GIF attachment inline, which an animated PNG it does not. The encoder
shrinks the frames step by step until the file fits the byte cap, so a long game still goes out in one file.
"""

from __future__ import annotations

import io
import logging
from collections.abc import Sequence
from dataclasses import dataclass

from PIL import Image, ImageDraw

from engine.core.spacing import evenly_spaced
from render.common import font, line_height, wrap

log = logging.getLogger(__name__)

MAX_BYTES = 8 * 1024 * 1024  # Discord's attachment limit for a server without boosts
MAX_FRAMES = 60
# Each step shrinks both sides; below a quarter of the width a board is unreadable, so we stop there.
SCALES = (1.0, 0.8, 0.65, 0.5, 0.4, 0.3, 0.25)
CAPTION_PX = 22
CAPTION_PAD = 8
CAPTION_INK = (255, 255, 255)
CAPTION_BAND = (34, 34, 40)
GIF_COLOURS = 254  # a picture that is not a palette one yet leaves room for the caption's two colours


class TooLarge(ValueError):
    """No scale of the frames fits the byte cap."""


@dataclass(frozen=True, slots=True)
class Frame:
    """One picture of an animation: its PNG bytes, the caption drawn over it and how long it is shown."""

    png: bytes
    caption: str
    hold_ms: int


def sample(count: int, limit: int = MAX_FRAMES) -> list[int]:
    """Indices of `count` items to keep at most `limit` of: evenly spaced, the first and the last always kept."""
    return evenly_spaced(count, limit)


def _nearest(palette: Sequence[int], colour: tuple[int, int, int]) -> int:
    """The index of the palette entry closest to `colour`."""
    entries = [tuple(palette[i:i + 3]) for i in range(0, len(palette) - 2, 3)]
    return min(range(len(entries)), key=lambda i: sum((a - b) ** 2 for a, b in zip(entries[i], colour, strict=True)))


def _colour_index(palette: list[int], colour: tuple[int, int, int]) -> int:
    """The index of `colour` in `palette`, appended when there is room, else the nearest entry."""
    count = len(palette) // 3
    for i in range(count):
        if tuple(palette[3 * i:3 * i + 3]) == colour:
            return i
    if count < 256:
        palette.extend(colour)
        return count
    return _nearest(palette, colour)


def _captioned(png: bytes, caption: str) -> Image.Image:
    """The frame as a palette picture with its caption in a dark band above it (the board itself is left whole).

    Boards are palette pictures already: keeping their palette is exact and much faster than quantizing
    each frame again. The caption is drawn in two palette colours, without anti-aliasing, for that reason.
    """
    board: Image.Image = Image.open(io.BytesIO(png))
    if board.mode != "P":
        board = board.convert("RGB").quantize(GIF_COLOURS, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    palette = list(board.getpalette() or [])
    width = board.width
    size = CAPTION_PX
    lines = wrap(caption, size, width - 2 * CAPTION_PAD)[:2] if caption else []
    band = (len(lines) * line_height(size) + 2 * CAPTION_PAD) if lines else 0
    background = _colour_index(palette, CAPTION_BAND)
    ink = _colour_index(palette, CAPTION_INK)
    out = Image.new("P", (width, board.height + band), background)
    out.putpalette(palette)
    if lines:
        draw = ImageDraw.Draw(out)
        draw.fontmode = "1"  # no anti-aliasing: its in-between shades have no palette entries
        face = font(size, width)
        y = CAPTION_PAD
        for text in lines:
            draw.text((CAPTION_PAD, y), text, font=face, fill=ink)
            y += line_height(size)
    out.paste(board, (0, band))
    return out


def _encode(images: Sequence[Image.Image], holds: Sequence[int], scale: float) -> bytes:
    # One size for every frame (a GIF has one logical screen): the largest, so no frame is cut.
    width = max(i.width for i in images)
    height = max(i.height for i in images)
    target = (max(1, round(width * scale)), max(1, round(height * scale)))
    frames: list[Image.Image] = []
    for image in images:
        canvas = image
        if image.size != (width, height):
            canvas = Image.new("P", (width, height), 0)
            canvas.putpalette(image.getpalette() or [])
            canvas.paste(image, (0, 0))
        if scale != 1.0:
            # Smaller frames stay palette pictures: a box filter would need colours the palette lacks.
            canvas = canvas.resize(target, Image.Resampling.NEAREST)
        frames.append(canvas)
    buf = io.BytesIO()
    frames[0].save(buf, "GIF", save_all=True, append_images=frames[1:], duration=list(holds), loop=0,
                   disposal=1, optimize=False)
    return buf.getvalue()


def encode_gif(frames: Sequence[Frame], max_bytes: int = MAX_BYTES, max_frames: int = MAX_FRAMES,
               scales: Sequence[float] = SCALES) -> bytes:
    """The GIF playing `frames` in order, each held its time, looping; shrunk until it is at most `max_bytes`,
    trying `scales` (fractions of the frames' size) in order.

    ValueError when there are no frames or more than `max_frames` (sample them first), TooLarge when even the
    smallest scale does not fit.
    """
    if not frames:
        raise ValueError("an animation needs at least one frame")
    if len(frames) > max_frames:
        raise ValueError(f"{len(frames)} frames, more than {max_frames}: sample them first")
    images = [_captioned(f.png, f.caption) for f in frames]
    holds = [max(20, f.hold_ms) for f in frames]  # browsers treat shorter GIF delays as 100 ms
    for scale in scales:
        data = _encode(images, holds, scale)
        if len(data) <= max_bytes:
            if scale != 1.0:
                log.debug("animation of %d frames shrunk to %.0f%% to fit %d bytes", len(frames), scale * 100,
                          max_bytes)
            return data
    raise TooLarge(f"{len(frames)} frames do not fit {max_bytes} bytes even at {scales[-1]:.0%} size")
