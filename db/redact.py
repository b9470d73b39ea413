"""Store URLs made fit for logs and messages: the password is hidden."""

from __future__ import annotations

from pathlib import Path
from urllib.parse import urlsplit, urlunsplit


def redacted(url: str | Path) -> str:
    """The URL without its password, for logs and messages."""
    text = str(url)
    parts = urlsplit(text)
    if parts.password is None:
        return text
    netloc = parts.netloc.replace(f":{parts.password}@", ":***@", 1)
    return urlunsplit(parts._replace(netloc=netloc))
