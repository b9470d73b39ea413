"""Evenly spaced picks: which of many frames (boards, rounds) a short animation keeps."""

from __future__ import annotations


def evenly_spaced(count: int, limit: int) -> list[int]:
    """Indices of `count` items to keep at most `limit` of: evenly spaced, the first and the last always kept.

    ValueError when `limit` is below 1 (an animation keeps at least one frame).
    """
    if limit < 1:
        raise ValueError("at least one frame must be kept")
    if count <= limit:
        return list(range(count))
    if limit == 1:
        return [count - 1]
    # Rounded positions along the whole range: distinct because count > limit, and both ends included.
    return [round(i * (count - 1) / (limit - 1)) for i in range(limit)]
