"""Shared fixtures for the render tests: decoded pictures and engine sample games."""

from __future__ import annotations

import io
from functools import cache

from PIL import Image, ImageChops, ImageStat

from render import gallery
from render.common import Layer


def decode(png: bytes) -> Image.Image:
    """PNG bytes -> RGB image (palette resolved), for pixel comparisons."""
    image = Image.open(io.BytesIO(png))
    image.load()
    return image.convert("RGB")


def mean_difference(a: Image.Image, b: Image.Image) -> float:
    """Mean absolute difference per channel, 0..255."""
    assert a.size == b.size, f"sizes differ: {a.size} vs {b.size}"
    return sum(ImageStat.Stat(ImageChops.difference(a, b)).mean) / 3


@cache
def gallery_samples(game: str) -> tuple[gallery.Sample, ...]:
    """Every gallery sample of a game (`render.gallery.samples`), made once per test process: each is a seeded
    random game played through, with a view of every state, and several tests draw the same ones."""
    return tuple(gallery.samples(game))


@cache
def engine_samples(game: str) -> tuple[gallery.Sample, ...]:
    """Start-to-end samples of seeded random games at the smallest player count and at 4 players, made once."""
    from engine import registry

    low, high = registry.get(game).player_range
    counts = sorted({low, min(max(low, 4), high)})
    return tuple(s for n in counts for s in gallery.engine_samples(game, n))


def layer_rgb(layer: Layer) -> Image.Image:
    """A static layer as RGB, through its palette (the layer's image holds bare palette indices)."""
    image = layer.image.copy()
    image.putpalette(layer.palette.data())
    return image.convert("RGB")
