"""Discord's payload limits for components and files; the text limits and helpers live in present.fit.

The text ones are re-exported here so the Discord code reads every limit from one place.
"""

from __future__ import annotations

from present.fit import (
    AUTOCOMPLETE_CHOICES,
    CHOICE_NAME,
    CHOICE_VALUE,
    ECHO,
    ELLIPSIS,
    MESSAGE_CONTENT,
    SELECT_OPTIONS,
    THREAD_NAME,
    echo,
    fit_lines,
    fit_message,
    split_message,
    trim,
)

__all__ = [
    "AUTOCOMPLETE_CHOICES",
    "BUTTONS_PER_ROW",
    "BUTTON_LABEL",
    "CHOICE_NAME",
    "CHOICE_VALUE",
    "COMPONENT_ROWS",
    "CUSTOM_ID",
    "ECHO",
    "ELLIPSIS",
    "MESSAGE_CONTENT",
    "SELECT_LABEL",
    "SELECT_OPTIONS",
    "SELECT_PLACEHOLDER",
    "THREAD_NAME",
    "echo",
    "fit_lines",
    "fit_message",
    "fits_attachment",
    "split_message",
    "trim",
]

SELECT_LABEL = 100
BUTTON_LABEL = 80
CUSTOM_ID = 100
COMPONENT_ROWS = 5
BUTTONS_PER_ROW = 5
SELECT_PLACEHOLDER = 150


def fits_attachment(size: int, limit: int | None) -> bool:
    """Whether a file of `size` bytes may be attached under `limit` (None: Discord's smallest, 10 MiB)."""
    return size <= (limit if limit is not None else 10 * 1024 * 1024)
