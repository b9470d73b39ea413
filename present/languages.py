"""The languages a table may be read in, each named in its own words ("English", "Français")."""

from __future__ import annotations

from i18n import resolve, supported, t


def language_name(tag: str) -> str:
    """The name of the language `tag` resolves to, in that language itself (so a reader finds their own)."""
    return t(resolve(tag), "language.name")


def table_languages() -> list[tuple[str, str]]:
    """(tag, own name) of every language the bot speaks, English first: the choices for a table's language."""
    return [(str(lang), language_name(lang)) for lang in supported()]
