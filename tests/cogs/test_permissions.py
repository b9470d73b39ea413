from types import SimpleNamespace

import discord

from cogs.permissions import INVITE_PERMISSIONS, is_moderator, missing_bot_permissions, missing_permissions_message


def interaction(perms: discord.Permissions, guild_id=1, user_perms=None):
    return SimpleNamespace(app_permissions=perms, guild_id=guild_id, channel=object(),
                           permissions=user_perms or discord.Permissions.none())


def test_invite_asks_exactly_what_the_bot_uses():
    expected = discord.Permissions(view_channel=True, send_messages=True, send_messages_in_threads=True,
                                   create_public_threads=True, attach_files=True, read_message_history=True)
    assert expected == INVITE_PERMISSIONS
    assert not INVITE_PERMISSIONS.administrator and not INVITE_PERMISSIONS.manage_messages


def test_nothing_missing_with_invite_permissions():
    assert missing_bot_permissions(interaction(INVITE_PERMISSIONS), create_thread=True) == []


def test_names_each_missing_permission():
    perms = discord.Permissions(view_channel=True, send_messages=True)
    missing = missing_bot_permissions(interaction(perms), create_thread=True)
    assert missing == ["Attach Files", "Create Public Threads"]
    message = missing_permissions_message(missing)
    assert "**Attach Files**" in message and "**Create Public Threads**" in message


def test_threads_only_checked_when_asked():
    perms = discord.Permissions(view_channel=True, send_messages=True, attach_files=True)
    assert missing_bot_permissions(interaction(perms)) == []


def test_dms_need_no_channel_permission():
    assert missing_bot_permissions(interaction(discord.Permissions.none(), guild_id=None)) == []


def test_moderator_is_manage_channels():
    assert is_moderator(interaction(INVITE_PERMISSIONS, user_perms=discord.Permissions(manage_channels=True)))
    assert not is_moderator(interaction(INVITE_PERMISSIONS))
    assert not is_moderator(interaction(INVITE_PERMISSIONS, guild_id=None,
                                        user_perms=discord.Permissions(manage_channels=True)))


def test_the_missing_permissions_are_named_as_discord_names_them_in_the_readers_language():
    from i18n import Locale

    message = missing_permissions_message(["Attach Files", "Create Public Threads"], Locale("fr"))
    assert message.startswith("Je ne peux pas héberger de partie ici : il me manque la permission ")
    assert "**Joindre des fichiers**, **Créer des fils publics**" in message
