"""A PNG writer for palette pictures drawn over a cached static layer.

Most of a board picture is the unchanged static layer (map, names, headings),
so compressing it again on every render is wasted work. The picture is cut into
bands of rows; each band of the static layer is compressed once, on its own
(a zlib full flush resets the compressor, so the band's deflate bytes do not
depend on what came before). A render compares each band with the static one
and compresses only the bands it changed; the rest are spliced in from the cache.
The Adler-32 check of the whole stream is combined from per-band checksums.

Output is a standard PNG (8-bit palette, filter 0 on every row, zlib level 1),
decoded by any reader; the tests decode every picture with Pillow.
"""

from __future__ import annotations

import struct
import zlib
from collections.abc import Sequence

from PIL import Image

BAND_ROWS = 16
LEVEL = 1  # low: flat pictures gain little from more effort (and never optimize=True)
_SIGNATURE = b"\x89PNG\r\n\x1a\n"
_ADLER_BASE = 65521


def adler32_combine(adler1: int, adler2: int, len2: int) -> int:
    """Adler-32 of A+B from adler(A), adler(B) and len(B) (zlib's adler32_combine)."""
    rem = len2 % _ADLER_BASE
    sum1 = adler1 & 0xFFFF
    sum2 = (rem * sum1) % _ADLER_BASE
    sum1 += (adler2 & 0xFFFF) + _ADLER_BASE - 1
    sum2 += ((adler1 >> 16) & 0xFFFF) + ((adler2 >> 16) & 0xFFFF) + _ADLER_BASE - rem
    sum1 %= _ADLER_BASE
    sum2 %= _ADLER_BASE
    return sum1 | (sum2 << 16)


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def _filtered(raw: memoryview, width: int, first: int, last: int) -> bytes:
    """Rows first..last-1 of a palette picture, each with its filter byte (0 = none)."""
    return b"".join(b"\x00" + raw[r * width : (r + 1) * width] for r in range(first, last))


class BandedEncoder:
    """Encodes pictures of one static layer, recompressing only the bands that differ from it."""

    def __init__(self, static: Image.Image) -> None:
        if static.mode != "P":
            raise ValueError("BandedEncoder needs a palette image")
        self.width, self.height = static.size
        self._raw = static.tobytes()
        self._bands: list[tuple[int, int]] = [
            (top, min(top + BAND_ROWS, self.height)) for top in range(0, self.height, BAND_ROWS)
        ]
        view = memoryview(self._raw)
        self._segments: list[bytes] = []
        self._adlers: list[int] = []
        self._lengths: list[int] = []
        for top, bottom in self._bands:
            data = _filtered(view, self.width, top, bottom)
            comp = zlib.compressobj(LEVEL, zlib.DEFLATED, -15)
            self._segments.append(comp.compress(data) + comp.flush(zlib.Z_FULL_FLUSH))
            self._adlers.append(zlib.adler32(data))
            self._lengths.append(len(data))

    def encode(self, image: Image.Image, palette: Sequence[int]) -> bytes:
        """PNG bytes of `image` (same size and mode as the static layer) with `palette` (flat RGB)."""
        if image.size != (self.width, self.height) or image.mode != "P":
            raise ValueError("picture does not match the static layer")
        data_all = image.tobytes()
        raw = memoryview(data_all)
        static = self._raw
        comp = zlib.compressobj(LEVEL, zlib.DEFLATED, -15)
        parts: list[bytes] = [b"\x78\x01"]  # zlib header: deflate, 32K window, fastest
        adler = 1
        pending = False  # the compressor holds output not yet flushed
        w = self.width
        for i, (top, bottom) in enumerate(self._bands):
            a, b = top * w, bottom * w
            # bytes slices compare with memcmp (memoryview equality goes item by item).
            if data_all[a:b] == static[a:b]:
                if pending:
                    parts.append(comp.flush(zlib.Z_FULL_FLUSH))
                    pending = False
                parts.append(self._segments[i])
                adler = adler32_combine(adler, self._adlers[i], self._lengths[i])
            else:
                data = _filtered(raw, w, top, bottom)
                parts.append(comp.compress(data))
                adler = adler32_combine(adler, zlib.adler32(data), len(data))
                pending = True
        parts.append(comp.flush(zlib.Z_FINISH))  # ends the stream with a final block
        parts.append(struct.pack(">I", adler))
        ihdr = struct.pack(">IIBBBBB", self.width, self.height, 8, 3, 0, 0, 0)
        plte = bytes(palette[: 3 * 256])
        return b"".join(
            (
                _SIGNATURE,
                _chunk(b"IHDR", ihdr),
                _chunk(b"PLTE", plte),
                _chunk(b"IDAT", b"".join(parts)),
                _chunk(b"IEND", b""),
            )
        )
