"""Whole numbers read from text a player typed: ASCII digits only, and never huge.

`str.isdigit()` and `int()` both accept far more than 0-9: superscripts and circled numbers
('²', '①') pass isdigit() yet make int() raise ValueError, and other scripts' digits ('٣',
'０') pass both and silently become numbers. A typed order must not crash the engine nor
mean something its menu never offered, so every number in user text goes through here.
"""

from __future__ import annotations

import re

# No count, die total or option in any game needs more; longer text is refused before int().
MAX_DIGITS = 6

_WHOLE = re.compile(r"[+-]?[0-9]+", re.ASCII)
_CANONICAL = re.compile(r"0|-?[1-9][0-9]*", re.ASCII)


def parse_int(text: str, *, canonical: bool = False, max_digits: int = MAX_DIGITS) -> int | None:
    """The whole number `text` spells in ASCII digits with an optional sign, or None.

    None for anything else: unicode digits, blanks, underscores, decimals, more than
    `max_digits` digits. With `canonical` only the exact spelling str(n) is taken (no '+',
    no leading zeros), so an id that names a number names it one way only.
    """
    pattern = _CANONICAL if canonical else _WHOLE
    if not isinstance(text, str) or pattern.fullmatch(text) is None:
        return None
    if len(text.lstrip("+-")) > max_digits:
        return None
    return int(text)
