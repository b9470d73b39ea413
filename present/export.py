"""The words of /game export: the reply with the public record, the DM with the full one, for any front end."""

from __future__ import annotations

import logging

log = logging.getLogger(__name__)

REPLAY_COMMAND = "python -m engine.replay FILE"


def public_file_name(game_id: int) -> str:
    """The file name of a game's public record."""
    return f"game-{game_id}-record.json"


def full_file_name(game_id: int) -> str:
    """The file name of a game's full record."""
    return f"game-{game_id}-full-record.json"


def public_reply(title: str, game_id: int) -> str:
    """The channel reply that carries the public record: what the file holds, and that anyone may keep it."""
    return (f"The record of game #{game_id} ({title}) is attached: the options, the players and their sides, "
            "the public log with its times and the outcome. Anyone here may keep it.")


def full_dm(title: str, game_id: int) -> str:
    """The DM that carries a player's full record: what it adds and how to check it."""
    return (f"The full record of game #{game_id} ({title}) is attached: its seed and every move, so "
            f"`{REPLAY_COMMAND}` can replay the game and check its outcome. It also shows what the rules never "
            "revealed (hidden choices, cards nobody drew), so only the game's players receive it.")


def full_sent(game_id: int) -> str:
    """The private note to a player that their full record went out by DM."""
    return f"You played in game #{game_id}: I sent you its full record (seed and every move) by DM."


def full_not_sent(game_id: int) -> str:
    """The private note to a player whose DMs refused the full record."""
    return (f"You played in game #{game_id}, but I could not send you its full record: your DMs are closed "
            "to me. Open them (Privacy Settings of this server) and run `/game export` again.")


def too_large(game_id: int) -> str:
    """The refusal when a record is larger than the files Discord accepts here."""
    return f"The record of game #{game_id} is larger than the files I may attach here, so it cannot be sent."
