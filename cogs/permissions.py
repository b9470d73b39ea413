"""Who may do what: the bot's own channel permissions, and host-or-moderator checks."""

from __future__ import annotations

import discord

from i18n import ENGLISH, Locale, mark, t

# Exactly what the bot needs, and what its invite URL asks for.
INVITE_PERMISSIONS = discord.Permissions(
    view_channel=True,
    send_messages=True,
    send_messages_in_threads=True,
    create_public_threads=True,
    attach_files=True,
    # Only to find a lobby message again after a restart (to mark it started or cancelled).
    read_message_history=True,
)

# Human names of the permissions the bot checks, as Discord's settings screen shows them.
PERMISSION_NAMES = {
    "view_channel": "View Channel",
    "send_messages": "Send Messages",
    "send_messages_in_threads": "Send Messages in Threads",
    "create_public_threads": "Create Public Threads",
    "attach_files": "Attach Files",
    "read_message_history": "Read Message History",
}


def missing_bot_permissions(interaction: discord.Interaction, *, create_thread: bool = False) -> list[str]:
    """The names of permissions the bot lacks in the interaction's channel to host a table there."""
    if interaction.guild_id is None:
        return []
    perms = interaction.app_permissions
    in_thread = isinstance(interaction.channel, discord.Thread)
    needed = ["view_channel", "send_messages_in_threads" if in_thread else "send_messages", "attach_files"]
    if create_thread:
        needed.append("create_public_threads")
    return [PERMISSION_NAMES[name] for name in needed if not getattr(perms, name)]


# Each permission's name as Discord shows it in a language (English: PERMISSION_NAMES), by its English name.
PERMISSION_WORDS = {
    "View Channel": mark("permission.view-channel"),
    "Send Messages": mark("permission.send-messages"),
    "Send Messages in Threads": mark("permission.send-in-threads"),
    "Create Public Threads": mark("permission.create-threads"),
    "Attach Files": mark("permission.attach-files"),
    "Read Message History": mark("permission.read-history"),
}


def missing_permissions_message(missing: list[str], locale: Locale = ENGLISH) -> str:
    """The refusal shown when the bot lacks channel permissions (`missing`: their English names), in `locale`."""
    names = t(locale, "list.comma").join(
        f"**{t(locale, PERMISSION_WORDS[name]) if name in PERMISSION_WORDS else name}**" for name in missing)
    return t(locale, "cog.missing-permissions", names=names)


def is_moderator(interaction: discord.Interaction) -> bool:
    """Whether the user may manage tables they do not host (Manage Channels here)."""
    return interaction.guild_id is not None and interaction.permissions.manage_channels
