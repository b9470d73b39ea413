"""The "Take my turn" picture: the current board with the player's private picture under it.

A player opening the panel should not have to scroll back to the table message to
see the board, so both pictures are stacked into one, board first, with a band
between them saying the lower part is secret. Both keep their 800-px width, so the
text in them stays at the phone-readable size.
"""

from __future__ import annotations

import io
import logging

from PIL import Image, ImageDraw

from render.common import MUTED, PAPER, PNG_COMPRESS_LEVEL, rgb_text

log = logging.getLogger(__name__)

BAND_H = 40
BAND_TEXT = 20
BAND_COLOUR = (232, 224, 206)
SECRET_NOTE = "Below: your secret view, only you see it"


def _open(png: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(png))
    image.load()
    return image


def _colours(image: Image.Image) -> list[tuple[int, int, int]]:
    """The palette of a "P" picture as RGB triples."""
    raw = image.getpalette() or []
    return [(raw[i], raw[i + 1], raw[i + 2]) for i in range(0, len(raw), 3)]


def _merged(parts: list[Image.Image]) -> tuple[list[Image.Image], list[tuple[int, int, int]]] | None:
    """The palette pictures re-indexed onto one shared palette, or None if it would pass 256 colours."""
    palette: dict[tuple[int, int, int], int] = {}
    out = []
    for image in parts:
        colours = _colours(image)
        lut = bytearray(256)
        for _, found in image.getcolors(256) or []:
            index = int(found)  # type: ignore[arg-type]  # a palette picture's colours are indices
            colour = colours[index] if index < len(colours) else (0, 0, 0)
            lut[index] = palette.setdefault(colour, len(palette))
        if len(palette) > 256:
            return None
        out.append(Image.frombytes("P", image.size, image.tobytes().translate(bytes(lut))))
    return out, list(palette)


def stack(board_png: bytes, private_png: bytes) -> bytes:
    """One PNG: the board picture, a labelled band, then the private picture (widths matched)."""
    board, mine = _open(board_png), _open(private_png)
    width = max(board.width, mine.width)
    height = board.height + BAND_H + mine.height
    band = Image.new("RGB", (width, BAND_H), BAND_COLOUR)
    rgb_text(ImageDraw.Draw(band), (width / 2, BAND_H / 2), SECRET_NOTE, BAND_TEXT, MUTED, anchor="mm")
    band_p = band.quantize(colors=16, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE)
    merged = None
    if board.mode == "P" and mine.mode == "P":
        merged = _merged([board, band_p, mine])
    if merged is not None:
        # Both pictures are palette PNGs: one shared palette keeps the panel as small
        # and as fast to encode as the board itself.
        (board, band_p, mine), colours = merged
        out = Image.new("P", (width, height), 0)
        out.putpalette([v for c in colours for v in c])
        fill = colours.index(PAPER) if PAPER in colours else 0
        out.paste(fill, (0, 0, width, height))
    else:
        # More than 256 colours between them: an RGB PNG (still far under Discord's limit).
        board, band_p, mine = board.convert("RGB"), band, mine.convert("RGB")
        out = Image.new("RGB", (width, height), PAPER)
    out.paste(board, ((width - board.width) // 2, 0))
    out.paste(band_p, (0, board.height))
    out.paste(mine, ((width - mine.width) // 2, board.height + BAND_H))
    buf = io.BytesIO()
    out.save(buf, "PNG", compress_level=PNG_COMPRESS_LEVEL)
    log.debug("panel picture %dx%d %s, %d bytes", out.width, out.height, out.mode, buf.tell())
    return buf.getvalue()
