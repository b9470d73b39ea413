"""Counted words for what players read: "1 action", "2 actions", never "action(s)"."""

from __future__ import annotations


def counted(n: int, one: str, many: str | None = None) -> str:
    """`n` with the word in the number it needs: "1 zone", "3 zones", "0 items" ("many" for irregular plurals)."""
    return f"{n} {one}" if n == 1 else f"{n} {many or one + 's'}"


def each_once(names: list[str]) -> list[str]:
    """Each name once, in order of first appearance, counted when repeated: ["Root", "Shield", "Root"] ->
    ["Root ×2", "Shield"] (a hand holds copies of one card)."""
    counts: dict[str, int] = {}
    for name in names:
        counts[name] = counts.get(name, 0) + 1
    return [name if n == 1 else f"{name} ×{n}" for name, n in counts.items()]
