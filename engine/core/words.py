"""Counted words for what players read: "1 action", "2 actions", never "action(s)"."""

from __future__ import annotations


def counted(n: int, one: str, many: str | None = None) -> str:
    """`n` with the word in the number it needs: "1 zone", "3 zones", "0 items" ("many" for irregular plurals)."""
    return f"{n} {one}" if n == 1 else f"{n} {many or one + 's'}"
