"""The banded PNG writer produces strictly valid PNGs (CRCs, Adler-32, exact pixels)."""

from __future__ import annotations

import random
import struct
import zlib

from PIL import Image, ImageDraw

import render
from render.png import BandedEncoder, adler32_combine
from render.vendetta import samples as vendetta_samples
from tests.render.conftest import decode


def _strict_decode(png: bytes) -> tuple[tuple[int, int], bytes, bytes]:
    """Parse chunk by chunk, checking every CRC; inflate IDAT with zlib (checks Adler-32)."""
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    pos, idat, plte, size = 8, b"", b"", (0, 0)
    while pos < len(png):
        (length,) = struct.unpack(">I", png[pos : pos + 4])
        kind = png[pos + 4 : pos + 8]
        data = png[pos + 8 : pos + 8 + length]
        (crc,) = struct.unpack(">I", png[pos + 8 + length : pos + 12 + length])
        assert zlib.crc32(kind + data) == crc, kind
        if kind == b"IHDR":
            w, h, depth, colour = struct.unpack(">IIBB", data[:10])
            assert (depth, colour) == (8, 3)
            size = (w, h)
        elif kind == b"PLTE":
            plte = data
        elif kind == b"IDAT":
            idat += data
        pos += 12 + length
    raw = zlib.decompress(idat)
    w, h = size
    assert len(raw) == h * (w + 1)
    rows = [raw[r * (w + 1) : (r + 1) * (w + 1)] for r in range(h)]
    assert all(row[0] == 0 for row in rows)
    return size, b"".join(row[1:] for row in rows), plte


def test_adler32_combine_matches_zlib():
    rng = random.Random(3)
    for _ in range(50):
        a = bytes(rng.randrange(256) for _ in range(rng.randrange(0, 300)))
        b = bytes(rng.randrange(256) for _ in range(rng.randrange(0, 300)))
        assert adler32_combine(zlib.adler32(a), zlib.adler32(b), len(b)) == zlib.adler32(a + b)


def test_banded_encoding_is_exact_for_any_dirty_pattern():
    static = Image.new("P", (97, 61), 3)
    ImageDraw.Draw(static).rectangle((10, 10, 50, 40), fill=7)
    encoder = BandedEncoder(static)
    palette = [i % 256 for i in range(3 * 16)]
    rng = random.Random(5)
    for _ in range(20):
        image = static.copy()
        draw = ImageDraw.Draw(image)
        for _ in range(rng.randrange(0, 4)):
            x, y = rng.randrange(97), rng.randrange(61)
            draw.rectangle((x, y, x + rng.randrange(20), y + rng.randrange(20)), fill=rng.randrange(16))
        size, pixels, plte = _strict_decode(encoder.encode(image, palette))
        assert size == image.size and pixels == image.tobytes() and plte == bytes(palette)


def test_game_pictures_are_strictly_valid():
    png = render.board("vendetta", vendetta_samples.crowded_view())
    size, pixels, _ = _strict_decode(png)
    assert decode(png).size == size and len(pixels) == size[0] * size[1]
