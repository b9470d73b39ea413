"""Shared stand-ins for the cogs tests: tables as the host returns them, interactions as discord.py builds them."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import discord

from host.results import SeatInfo, TableInfo, TableSettings, TableStatus
from host.service import TableService

GUILD = 1
CHANNEL = 50
PLAYER = 11


class ServiceStandIn(TableService):
    """Base of the cogs tests' stand-ins for the table service: no store, no notifier, no games.

    A subclass of the real TableService, so that mypy holds each stand-in method to the signature of the
    method it replaces (a stale one fails the type check instead of quietly testing something else), and a
    stand-in goes wherever the cogs expect the service. Only the methods a stand-in defines may be called.
    """

    def __init__(self) -> None:
        # The real __init__ is deliberately not called: it needs a store and a notifier these tests do without.
        pass


def make_table(game_id: int = 3, *, guild_id: int | None = GUILD, channel_id: int = CHANNEL,
               seated: tuple[int, ...] = (PLAYER,), status: TableStatus = TableStatus.ACTIVE) -> TableInfo:
    """A table as the host returns it: seated users play seats 0, 1, …"""
    seats = tuple(SeatInfo(n, user, False, n) for n, user in enumerate(seated))
    return TableInfo(
        game_id=game_id, game_name="vendetta", title="Test Game", guild_id=guild_id, channel_id=channel_id,
        host_user_id=seated[0] if seated else 10, status=status, options={}, seats=seats, min_players=2,
        max_players=4, version=5, settings=TableSettings(), created_at=0.0, updated_at=0.0,
    )


def make_interaction(*, kind: discord.InteractionType = discord.InteractionType.component,
                     guild_id: int | None = GUILD, channel_id: int = CHANNEL, user_id: int = PLAYER,
                     ephemeral: bool = False, **extra: Any) -> Any:
    """The attributes of a discord.Interaction that the scope rules read."""
    message = SimpleNamespace(flags=discord.MessageFlags(ephemeral=ephemeral))
    return SimpleNamespace(type=kind, guild_id=guild_id, channel_id=channel_id, user=SimpleNamespace(id=user_id),
                           message=message if kind is discord.InteractionType.component else None, **extra)
