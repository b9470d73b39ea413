"""The "Take my turn" pictures: the current board with the player's private picture under it.

A player opening the panel should not have to scroll back to the table message to
see the board, so both pictures are stacked, board first, with a band between them
saying the lower part is secret. Both keep their 800-px width, so the text in them
stays at the phone-readable size. A phone shows a picture that is no taller than
about 1.3 times its width without scrolling, so the stack is cut into pages that
Discord shows as one gallery: each cut falls in an empty band between two parts of
the picture (never through a line of text), the fewest pages, and among those the
cuts through the widest empty bands (the edge of the map, the secret band).
"""

from __future__ import annotations

import io
import itertools
import logging
from collections.abc import Sequence

from PIL import Image, ImageDraw

from render.common import MUTED, PAPER, PNG_COMPRESS_LEVEL, rgb_text

log = logging.getLogger(__name__)

BAND_H = 40
BAND_TEXT = 20
BAND_COLOUR = (232, 224, 206)
SECRET_NOTE = "Below: your secret view, only you see it"
# A page is at most this many times as tall as it is wide: what a phone shows whole.
MAX_TALL = 1.3
# An empty band this many rows high separates two parts of a picture; thinner ones are
# the spaces between the lines of one paragraph, used only when nothing else fits.
SECTION_GAP = 8
# The secret band is the best place to cut: above it all is public, below it all is secret.
BAND_CUT = 10_000


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


def _stacked(board_png: bytes, private_png: bytes) -> tuple[Image.Image, int]:
    """The board picture, a labelled band, then the private picture (widths matched); and the band's top row."""
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
    return out, board.height


def empty_bands(image: Image.Image) -> list[tuple[int, int]]:
    """Each run of rows drawn in one colour from edge to edge, as (first row, number of rows)."""
    step = 1 if image.mode in ("P", "L") else len(image.mode)
    row_bytes = image.width * step
    data = image.tobytes()
    bands: list[tuple[int, int]] = []
    start: int | None = None
    for y in range(image.height):
        row = data[y * row_bytes:(y + 1) * row_bytes]
        if row == row[:step] * image.width:
            start = y if start is None else start
        elif start is not None:
            bands.append((start, y - start))
            start = None
    if start is not None:
        bands.append((start, image.height - start))
    return bands


def _best_cuts(height: int, limit: int, cuts: dict[int, int]) -> list[int] | None:
    """The rows to cut at (from `cuts`, row -> how good a cut it is) so that no page passes `limit` rows:
    the fewest pages, then the best worst cut, then the best cuts in all. None when those cuts cannot do it."""
    rows = sorted(r for r in cuts if 0 < r < height)
    # best[j]: (pages, -worst cut, -all cuts) of the best way to end a page at points[j]; before[j]: its cut.
    points = [0, *rows, height]
    best: list[tuple[int, int, int] | None] = [None] * len(points)
    before: list[int] = [0] * len(points)
    best[0] = (0, -BAND_CUT * 2, 0)
    for j in range(1, len(points)):
        for i in range(j - 1, -1, -1):
            if points[j] - points[i] > limit:
                break
            found = best[i]
            if found is None:
                continue
            worth = cuts.get(points[j], BAND_CUT * 2) if j < len(points) - 1 else BAND_CUT * 2
            score = (found[0] + 1, max(found[1], -worth), found[2] - worth)
            if best[j] is None or score < best[j]:  # type: ignore[operator]  # checked just before
                best[j], before[j] = score, i
    if best[-1] is None:
        return None
    chosen, j = [], len(points) - 1
    while j > 0:
        j = before[j]
        if j > 0:
            chosen.append(points[j])
    return sorted(chosen)


def page_cuts(image: Image.Image, preferred: Sequence[int] = ()) -> list[int]:
    """The rows where a tall picture is cut into pages no taller than `MAX_TALL` times its width.

    Cuts fall in the middle of empty bands, wide ones (between parts) before thin ones (between
    lines); `preferred` rows are the best cuts of all. Only a picture with no empty band where one is
    needed is cut at the page height.
    """
    limit = int(image.width * MAX_TALL)
    if image.height <= limit:
        return []
    bands = empty_bands(image)
    wide = {start + rows // 2: rows for start, rows in bands if rows >= SECTION_GAP}
    wide.update({row: BAND_CUT for row in preferred})
    for cuts in (wide, {**{start + rows // 2: rows for start, rows in bands}, **wide}):
        found = _best_cuts(image.height, limit, cuts)
        if found is not None:
            return found
    return list(range(limit, image.height, limit))


def _encoded(image: Image.Image) -> bytes:
    buf = io.BytesIO()
    image.save(buf, "PNG", compress_level=PNG_COMPRESS_LEVEL)
    return buf.getvalue()


def paged(image: Image.Image, preferred: Sequence[int] = ()) -> list[bytes]:
    """A picture as PNG pages, top to bottom, each at most `MAX_TALL` times as tall as wide."""
    rows = [0, *page_cuts(image, preferred), image.height]
    pages = [_encoded(image.crop((0, top, image.width, bottom))) for top, bottom in itertools.pairwise(rows)]
    log.debug("panel picture %dx%d %s in %d pages, %d bytes", image.width, image.height, image.mode, len(pages),
              sum(len(p) for p in pages))
    return pages


def pages(board_png: bytes, private_png: bytes | None) -> list[bytes]:
    """The panel as PNG pages: the board, a labelled band and the private picture, cut to phone-sized pages.

    Without a private picture the pages are the board's alone.
    """
    if private_png is None:
        return paged(_open(board_png))
    stacked, band_top = _stacked(board_png, private_png)
    return paged(stacked, preferred=(band_top,))
