"""The words of /game export: the reply with the public record, the DM with the full one, for any front end."""

from __future__ import annotations

import logging

from i18n import ENGLISH, Locale, t

log = logging.getLogger(__name__)

REPLAY_COMMAND = "python -m engine.replay FILE"


def public_file_name(game_id: int) -> str:
    """The file name of a game's public record."""
    return f"game-{game_id}-record.json"


def full_file_name(game_id: int) -> str:
    """The file name of a game's full record."""
    return f"game-{game_id}-full-record.json"


def public_reply(title: str, game_id: int, locale: Locale = ENGLISH) -> str:
    """The channel reply that carries the public record: what the file holds, and that anyone may keep it."""
    return t(locale, "export.public-reply", game=game_id, title=title)


def full_dm(title: str, game_id: int, locale: Locale = ENGLISH) -> str:
    """The DM that carries a player's full record: what it adds and how to check it."""
    return t(locale, "export.full-dm", game=game_id, title=title, command=REPLAY_COMMAND)


def full_sent(game_id: int, locale: Locale = ENGLISH) -> str:
    """The private note to a player that their full record went out by DM."""
    return t(locale, "export.full-sent", game=game_id)


def full_not_sent(game_id: int, locale: Locale = ENGLISH) -> str:
    """The private note to a player whose DMs refused the full record."""
    return t(locale, "export.full-not-sent", game=game_id)


def too_large(game_id: int, locale: Locale = ENGLISH) -> str:
    """The refusal when a record is larger than the files Discord accepts here."""
    return t(locale, "export.too-large", game=game_id)
