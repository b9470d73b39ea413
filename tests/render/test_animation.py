"""render/animation.py: frames of PNG bytes and hold times in, one looping GIF out, shrunk to fit its byte cap."""

from __future__ import annotations

import io
import itertools
import random

import pytest
from PIL import Image, ImageSequence

from render import animation
from render.animation import Frame


def _png(seed: int, size: tuple[int, int] = (320, 240), noisy: bool = False) -> bytes:
    """A palette picture (as boards are): flat colour blocks, or noise that compresses badly."""
    rng = random.Random(seed)
    image = Image.new("RGB", size, (rng.randrange(256), rng.randrange(256), rng.randrange(256)))
    if noisy:
        image = Image.frombytes("RGB", size, rng.randbytes(size[0] * size[1] * 3))
    else:
        for _ in range(8):
            x, y = rng.randrange(size[0] - 40), rng.randrange(size[1] - 40)
            image.paste((rng.randrange(256), 0, rng.randrange(256)), (x, y, x + 40, y + 40))
    buf = io.BytesIO()
    image.quantize(200).save(buf, "PNG")
    return buf.getvalue()


def _count(gif: Image.Image) -> int:
    return sum(1 for _ in ImageSequence.Iterator(gif))


def _frames(count: int, noisy: bool = False) -> list[Frame]:
    return [Frame(_png(i, noisy=noisy), f"Round {i + 1}: something happened", 1000 if i < count - 1 else 4000)
            for i in range(count)]


def test_every_frame_is_played_in_order_for_its_time_and_the_caption_sits_above_the_board() -> None:
    data = animation.encode_gif(_frames(5))
    gif = Image.open(io.BytesIO(data))
    assert gif.format == "GIF" and _count(gif) == 5
    assert [f.info["duration"] for f in ImageSequence.Iterator(gif)] == [1000, 1000, 1000, 1000, 4000]
    assert gif.info.get("loop") == 0
    # The caption band adds rows above the board; the board keeps its width.
    assert gif.size[0] == 320 and gif.size[1] > 240


def test_a_frame_without_a_caption_is_the_board_alone() -> None:
    data = animation.encode_gif([Frame(_png(1), "", 500)])
    assert Image.open(io.BytesIO(data)).size == (320, 240)


def test_the_animation_shrinks_until_it_fits_the_byte_cap() -> None:
    frames = _frames(6, noisy=True)
    whole = animation.encode_gif(frames)
    cap = len(whole) // 2
    shrunk = animation.encode_gif(frames, max_bytes=cap)
    assert len(shrunk) <= cap < len(whole)
    small = Image.open(io.BytesIO(shrunk))
    assert _count(small) == 6 and small.size[0] < 320
    with pytest.raises(animation.TooLarge):
        animation.encode_gif(frames, max_bytes=1000)


def test_more_frames_than_allowed_or_none_are_refused() -> None:
    with pytest.raises(ValueError, match="sample them first"):
        animation.encode_gif(_frames(4), max_frames=3)
    with pytest.raises(ValueError, match="at least one frame"):
        animation.encode_gif([])


@pytest.mark.parametrize("count", [61, 84, 200, 1000])
def test_sampling_keeps_the_limit_evenly_spaced_with_both_ends(count: int) -> None:
    kept = animation.sample(count, 60)
    assert len(kept) == 60 == len(set(kept))
    assert kept[0] == 0 and kept[-1] == count - 1 and kept == sorted(kept)
    gaps = {b - a for a, b in itertools.pairwise(kept)}
    assert max(gaps) - min(gaps) <= 1, gaps


def test_short_games_keep_every_round() -> None:
    assert animation.sample(60, 60) == list(range(60))
    assert animation.sample(3) == [0, 1, 2]
    assert animation.sample(5, 1) == [4]
    with pytest.raises(ValueError):
        animation.sample(5, 0)
