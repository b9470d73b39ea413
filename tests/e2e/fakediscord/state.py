"""In-memory model of the fake Discord: users, guilds (one by default), channels, DMs, threads, messages.

Everything here is plain data plus the JSON shapes discord.py expects. The REST and gateway
modules mutate it; the harness reads it.
"""

from __future__ import annotations

import itertools
import time
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

DISCORD_EPOCH_MS = 1420070400000

# Channel types (Discord API).
GUILD_TEXT = 0
DM = 1
PUBLIC_THREAD = 11
PRIVATE_THREAD = 12

# Permission bits used by the fake.
PERM = {
    "create_instant_invite": 1 << 0,
    "kick_members": 1 << 1,
    "ban_members": 1 << 2,
    "administrator": 1 << 3,
    "manage_channels": 1 << 4,
    "manage_guild": 1 << 5,
    "add_reactions": 1 << 6,
    "view_channel": 1 << 10,
    "send_messages": 1 << 11,
    "manage_messages": 1 << 13,
    "embed_links": 1 << 14,
    "attach_files": 1 << 15,
    "read_message_history": 1 << 16,
    "mention_everyone": 1 << 17,
    "use_external_emojis": 1 << 18,
    "use_application_commands": 1 << 31,
    "manage_threads": 1 << 34,
    "create_public_threads": 1 << 35,
    "create_private_threads": 1 << 36,
    "send_messages_in_threads": 1 << 38,
}

EVERYONE_PERMISSIONS = (
    PERM["view_channel"]
    | PERM["send_messages"]
    | PERM["read_message_history"]
    | PERM["add_reactions"]
    | PERM["use_application_commands"]
    | PERM["embed_links"]
    | PERM["attach_files"]
    | PERM["send_messages_in_threads"]
    | PERM["create_public_threads"]
)

BOT_PERMISSIONS = (
    EVERYONE_PERMISSIONS
    | PERM["manage_messages"]
    | PERM["manage_threads"]
    | PERM["create_private_threads"]
    | PERM["use_external_emojis"]
)

DEFAULT_ATTACHMENT_SIZE_LIMIT = 10 * 1024 * 1024


def iso_now() -> str:
    """Current time as an ISO 8601 string, the way Discord writes timestamps."""
    return datetime.now(UTC).isoformat()


class SnowflakeGen:
    """Generates increasing, time-based snowflake ids (as ints)."""

    def __init__(self) -> None:
        self._counter = itertools.count()
        self._last = 0

    def next(self) -> int:
        """Return a new unique snowflake."""
        ms = int(time.time() * 1000) - DISCORD_EPOCH_MS
        value = (ms << 22) | (next(self._counter) % (1 << 12))
        if value <= self._last:
            value = self._last + 1
        self._last = value
        return value

    def skip_past(self, value: int) -> None:
        """Make every later id larger than ``value`` (an id made by hand, e.g. a guild placed on a shard)."""
        self._last = max(self._last, value)


@dataclass
class User:
    """A Discord user (and, in the guild, a member)."""

    id: int
    name: str
    bot: bool = False
    dms_closed: bool = False
    permissions: int = EVERYONE_PERMISSIONS
    roles: list[int] = field(default_factory=list)
    in_guild: bool = True
    locale: str = "en-US"  # the language of the user's Discord client, sent with each of their interactions

    def to_json(self) -> dict[str, Any]:
        """User object as Discord sends it."""
        data: dict[str, Any] = {
            "id": str(self.id),
            "username": self.name,
            "discriminator": "0",
            "global_name": self.name,
            "avatar": None,
            "public_flags": 0,
            "flags": 0,
        }
        if self.bot:
            data["bot"] = True
        return data

    def member_json(self, *, with_user: bool = True, with_permissions: bool = False) -> dict[str, Any]:
        """Guild member object."""
        data: dict[str, Any] = {
            "roles": [str(r) for r in self.roles],
            "joined_at": "2024-01-01T00:00:00+00:00",
            "deaf": False,
            "mute": False,
            "flags": 0,
            "nick": None,
            "avatar": None,
            "pending": False,
            "communication_disabled_until": None,
        }
        if with_user:
            data["user"] = self.to_json()
        if with_permissions:
            data["permissions"] = str(self.permissions)
        return data


@dataclass
class Attachment:
    """A stored file; ``data`` holds the bytes the bot uploaded."""

    id: int
    filename: str
    data: bytes
    content_type: str | None = None
    description: str | None = None

    @property
    def size(self) -> int:
        """Size in bytes."""
        return len(self.data)

    def to_json(self) -> dict[str, Any]:
        """Attachment object as Discord sends it."""
        url = f"https://cdn.fake.invalid/attachments/{self.id}/{self.filename}"
        data: dict[str, Any] = {
            "id": str(self.id),
            "filename": self.filename,
            "size": self.size,
            "url": url,
            "proxy_url": url,
        }
        if self.content_type:
            data["content_type"] = self.content_type
        if self.description:
            data["description"] = self.description
        return data


@dataclass
class Message:
    """A message in a channel (guild channel, thread or DM).

    ``ephemeral_to`` is set for ephemeral interaction responses: only that user sees it.
    ``interaction_id`` links interaction responses and followups to their interaction.
    """

    id: int
    channel_id: int
    author: User
    content: str = ""
    embeds: list[dict[str, Any]] = field(default_factory=list)
    components: list[dict[str, Any]] = field(default_factory=list)
    attachments: list[Attachment] = field(default_factory=list)
    flags: int = 0
    guild_id: int | None = None
    ephemeral_to: int | None = None
    interaction_id: int | None = None
    webhook_id: int | None = None
    deleted: bool = False
    edits: int = 0
    created_at: str = field(default_factory=iso_now)
    edited_at: str | None = None
    mentions: list[int] = field(default_factory=list)
    thread_id: int | None = None
    reactions: list[str] = field(default_factory=list)
    history: list[dict[str, Any]] = field(default_factory=list)

    @property
    def ephemeral(self) -> bool:
        """True for an ephemeral message (flag 64)."""
        return bool(self.flags & 64)

    def attachment(self, filename: str) -> Attachment:
        """Return the attachment with this filename (AssertionError if absent)."""
        for att in self.attachments:
            if att.filename == filename:
                return att
        names = [a.filename for a in self.attachments]
        raise AssertionError(f"message {self.id} has no attachment {filename!r}; it has {names}")

    def custom_ids(self) -> list[str]:
        """All custom_ids of the message's components, in order."""
        return [c["custom_id"] for c in iter_components(self.components) if "custom_id" in c]

    def labels(self) -> list[str]:
        """Labels of the message's buttons, in order."""
        return [str(c.get("label") or "") for c in iter_components(self.components) if c.get("type") == 2]

    def custom_id_for(self, label: str) -> str:
        """custom_id of the button labelled ``label`` (exact, else case-insensitive substring)."""
        buttons = [c for c in iter_components(self.components) if c.get("type") == 2 and c.get("custom_id")]
        for comp in buttons:
            if comp.get("label") == label:
                return str(comp["custom_id"])
        for comp in buttons:
            if label.lower() in str(comp.get("label") or "").lower():
                return str(comp["custom_id"])
        raise AssertionError(f"message {self.id} has no button labelled {label!r}; labels: {self.labels()}")

    def find_component(self, custom_id: str) -> dict[str, Any] | None:
        """The component dict with this custom_id, or None."""
        for comp in iter_components(self.components):
            if comp.get("custom_id") == custom_id:
                return comp
        return None

    def text(self) -> str:
        """Content plus embed titles/descriptions/fields, for searching."""
        parts = [self.content]
        for emb in self.embeds:
            parts.extend(str(emb.get(k, "")) for k in ("title", "description"))
            for fld in emb.get("fields", []) or []:
                parts.extend([str(fld.get("name", "")), str(fld.get("value", ""))])
            if emb.get("footer"):
                parts.append(str(emb["footer"].get("text", "")))
            if emb.get("author"):
                parts.append(str(emb["author"].get("name", "")))
        return "\n".join(p for p in parts if p)

    def to_json(self) -> dict[str, Any]:
        """Message object as Discord sends it."""
        data: dict[str, Any] = {
            "id": str(self.id),
            "channel_id": str(self.channel_id),
            "author": self.author.to_json(),
            "content": self.content,
            "timestamp": self.created_at,
            "edited_timestamp": self.edited_at,
            "tts": False,
            "mention_everyone": False,
            "mentions": [],
            "mention_roles": [],
            "attachments": [a.to_json() for a in self.attachments],
            "embeds": self.embeds,
            "components": self.components,
            "pinned": False,
            "type": 0,
            "flags": self.flags,
        }
        if self.guild_id is not None:
            data["guild_id"] = str(self.guild_id)
        if self.webhook_id is not None:
            data["webhook_id"] = str(self.webhook_id)
            data["application_id"] = str(self.webhook_id)
        if self.interaction_id is not None:
            data["type"] = 20
        return data


def iter_components(components: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Flatten a component tree (action rows, containers, sections) into a list."""
    out: list[dict[str, Any]] = []
    stack = list(reversed(components or []))
    while stack:
        comp = stack.pop()
        out.append(comp)
        children = comp.get("components") or []
        if comp.get("accessory"):
            children = [*children, comp["accessory"]]
        stack.extend(reversed(children))
    return out


@dataclass
class Channel:
    """A guild text channel, a thread, or a DM channel."""

    id: int
    type: int
    name: str = ""
    guild_id: int | None = None
    parent_id: int | None = None
    recipient: User | None = None
    owner_id: int | None = None
    messages: list[Message] = field(default_factory=list)
    permission_overwrites: list[dict[str, Any]] = field(default_factory=list)
    archived: bool = False

    @property
    def is_thread(self) -> bool:
        """True for public/private threads."""
        return self.type in (PUBLIC_THREAD, PRIVATE_THREAD)

    def to_json(self) -> dict[str, Any]:
        """Channel object as Discord sends it."""
        last = self.messages[-1].id if self.messages else None
        data: dict[str, Any] = {
            "id": str(self.id),
            "type": self.type,
            "last_message_id": str(last) if last else None,
            "flags": 0,
        }
        if self.type == DM:
            assert self.recipient is not None
            data["recipients"] = [self.recipient.to_json()]
            return data
        data.update(
            {
                "name": self.name,
                "guild_id": str(self.guild_id),
                "position": 0,
                "permission_overwrites": self.permission_overwrites,
                "nsfw": False,
                "rate_limit_per_user": 0,
                "topic": None,
                "parent_id": str(self.parent_id) if self.parent_id else None,
            }
        )
        if self.is_thread:
            data.update(
                {
                    "owner_id": str(self.owner_id) if self.owner_id else None,
                    "member_count": 1,
                    "message_count": len(self.messages),
                    "total_message_sent": len(self.messages),
                    "thread_metadata": {
                        "archived": self.archived,
                        "auto_archive_duration": 1440,
                        "archive_timestamp": iso_now(),
                        "locked": False,
                    },
                }
            )
        return data


def shard_of(guild_id: int, shard_count: int) -> int:
    """The shard Discord delivers a guild's events on (written out again here: the fake imports no bot code)."""
    return (guild_id >> 22) % shard_count


@dataclass
class Guild:
    """A guild the fake hosts (every user is a member of every guild; the bot has its own role in each)."""

    id: int
    name: str
    owner_id: int
    everyone_permissions: int = EVERYONE_PERMISSIONS
    bot_role_id: int = 0
    bot_permissions: int = BOT_PERMISSIONS
    locale: str = "en-US"  # the server's language ("preferred locale"), sent as guild_locale with interactions

    def roles_json(self) -> list[dict[str, Any]]:
        """The @everyone role and the bot's managed role."""

        def role(rid: int, name: str, perms: int, position: int, managed: bool) -> dict[str, Any]:
            return {
                "id": str(rid),
                "name": name,
                "color": 0,
                "colors": {"primary_color": 0, "secondary_color": None, "tertiary_color": None},
                "hoist": False,
                "icon": None,
                "unicode_emoji": None,
                "position": position,
                "permissions": str(perms),
                "managed": managed,
                "mentionable": False,
                "flags": 0,
            }

        return [
            role(self.id, "@everyone", self.everyone_permissions, 0, False),
            role(self.bot_role_id, "Gnomehost", self.bot_permissions, 1, True),
        ]


@dataclass
class AppCommand:
    """An application command as synced by the bot (the PUT body plus assigned ids)."""

    id: int
    data: dict[str, Any]
    guild_id: int | None = None

    @property
    def name(self) -> str:
        """Command name."""
        return str(self.data["name"])


class State:
    """All fake-Discord state for one server instance."""

    def __init__(self) -> None:
        self.ids = SnowflakeGen()
        self.bot_user = User(id=self.ids.next(), name="Gnomehost", bot=True, permissions=BOT_PERMISSIONS)
        self.application_id = self.bot_user.id
        self.owner = User(id=self.ids.next(), name="owner")
        self.guild = Guild(id=self.ids.next(), name="Gnome Tavern", owner_id=self.owner.id)
        self.guild.bot_role_id = self.ids.next()
        self.bot_user.roles = [self.guild.bot_role_id]
        self.guilds: dict[int, Guild] = {self.guild.id: self.guild}
        self.users: dict[int, User] = {self.owner.id: self.owner}
        self.channels: dict[int, Channel] = {}
        self.dm_by_user: dict[int, int] = {}
        self.messages: dict[int, Message] = {}
        self.commands: dict[tuple[int | None, str], AppCommand] = {}
        self.attachment_size_limit = DEFAULT_ATTACHMENT_SIZE_LIMIT
        self.main_channel = self.add_channel("gnome-games")

    # -- guilds -----------------------------------------------------------
    def add_guild(self, name: str, *, shard: tuple[int, int] | None = None) -> tuple[Guild, Channel]:
        """Create another guild with its own bot role and a ``#gnome-games`` channel; returns both.

        ``shard=(id, count)`` picks the guild id so that the guild lands on that shard of ``count``.
        """
        guild_id = self.ids.next()
        if shard is not None:
            shard_id, count = shard
            assert 0 <= shard_id < count, f"shard {shard_id} is not one of {count}"
            # Move the timestamp part forward to the next value on that shard, and keep later ids above it.
            stamp = (guild_id >> 22) + (shard_id - (guild_id >> 22)) % count
            guild_id = (stamp << 22) | (guild_id & ((1 << 22) - 1))
            self.ids.skip_past(guild_id)
        guild = Guild(id=guild_id, name=name, owner_id=self.owner.id, bot_role_id=self.ids.next())
        self.guilds[guild.id] = guild
        return guild, self.add_channel("gnome-games", guild=guild)

    def guild_of(self, channel: Channel) -> Guild | None:
        """The guild a channel or thread is in (None for a DM)."""
        return self.guilds.get(channel.guild_id) if channel.guild_id is not None else None

    def guilds_on_shard(self, shard_id: int, shard_count: int) -> list[Guild]:
        """The guilds Discord would deliver on one shard."""
        return [g for g in self.guilds.values() if shard_of(g.id, shard_count) == shard_id]

    # -- users ------------------------------------------------------------
    def add_user(self, name: str, *, user_id: int | None = None, dms_closed: bool = False,
                 manage_channels: bool = False, in_guild: bool = True) -> User:
        """Create a guild member (or a user outside the guild)."""
        perms = EVERYONE_PERMISSIONS | (PERM["manage_channels"] if manage_channels else 0)
        user = User(id=user_id or self.ids.next(), name=name, dms_closed=dms_closed, permissions=perms,
                    in_guild=in_guild)
        self.users[user.id] = user
        return user

    def get_user(self, user_id: int) -> User | None:
        """Look a user up by id (the bot user included)."""
        if user_id == self.bot_user.id:
            return self.bot_user
        return self.users.get(user_id)

    # -- channels ---------------------------------------------------------
    def add_channel(self, name: str, *, guild: Guild | None = None) -> Channel:
        """Create a guild text channel (in the first guild unless ``guild`` is given)."""
        ch = Channel(id=self.ids.next(), type=GUILD_TEXT, name=name, guild_id=(guild or self.guild).id)
        self.channels[ch.id] = ch
        return ch

    def add_thread(self, parent: Channel, name: str, *, owner_id: int, thread_id: int | None = None,
                   private: bool = False) -> Channel:
        """Create a thread under a guild channel."""
        ch = Channel(
            id=thread_id or self.ids.next(),
            type=PRIVATE_THREAD if private else PUBLIC_THREAD,
            name=name,
            guild_id=parent.guild_id,
            parent_id=parent.id,
            owner_id=owner_id,
        )
        self.channels[ch.id] = ch
        return ch

    def dm_channel(self, user: User) -> Channel:
        """The DM channel between the bot and ``user`` (created on first use)."""
        cid = self.dm_by_user.get(user.id)
        if cid is None:
            ch = Channel(id=self.ids.next(), type=DM, recipient=user)
            self.channels[ch.id] = ch
            self.dm_by_user[user.id] = ch.id
            return ch
        return self.channels[cid]

    def guild_channels(self, guild: Guild | None = None) -> list[Channel]:
        """Guild text channels (not threads, not DMs) of one guild (the first unless ``guild`` is given)."""
        gid = (guild or self.guild).id
        return [c for c in self.channels.values() if c.type == GUILD_TEXT and c.guild_id == gid]

    # -- messages ---------------------------------------------------------
    def add_message(self, channel: Channel, author: User, **kwargs: Any) -> Message:
        """Create a message in ``channel``."""
        msg = Message(id=self.ids.next(), channel_id=channel.id, author=author, guild_id=channel.guild_id, **kwargs)
        channel.messages.append(msg)
        self.messages[msg.id] = msg
        return msg

    def guild_create_json(self, *, all_members: bool = True, guild: Guild | None = None) -> dict[str, Any]:
        """GUILD_CREATE payload of one guild (the first unless ``guild`` is given): channels, threads, members, roles.

        Like Discord, ``members`` lists every member only for a bot with the GUILD_MEMBERS intent
        (``all_members``); otherwise just the bot's own member.
        """
        guild = guild or self.guild
        everyone = [u.member_json() for u in self.users.values() if u.in_guild]
        members = everyone if all_members else []
        members.append({**self.bot_user.member_json(), "roles": [str(guild.bot_role_id)]})
        return {
            "id": str(guild.id),
            "name": guild.name,
            "icon": None,
            "splash": None,
            "discovery_splash": None,
            "owner_id": str(guild.owner_id),
            "afk_channel_id": None,
            "afk_timeout": 300,
            "verification_level": 0,
            "default_message_notifications": 0,
            "explicit_content_filter": 0,
            "roles": guild.roles_json(),
            "emojis": [],
            "stickers": [],
            "features": [],
            "mfa_level": 0,
            "application_id": None,
            "system_channel_id": None,
            "system_channel_flags": 0,
            "rules_channel_id": None,
            "vanity_url_code": None,
            "description": None,
            "banner": None,
            "premium_tier": 0,
            "premium_subscription_count": 0,
            "preferred_locale": guild.locale,
            "public_updates_channel_id": None,
            "nsfw_level": 0,
            "premium_progress_bar_enabled": False,
            "joined_at": "2024-01-01T00:00:00+00:00",
            "large": False,
            "unavailable": False,
            "member_count": len(everyone) + 1,
            "voice_states": [],
            "members": members,
            "channels": [c.to_json() for c in self.guild_channels(guild)],
            "threads": [c.to_json() for c in self.channels.values() if c.is_thread and c.guild_id == guild.id],
            "presences": [],
            "stage_instances": [],
            "guild_scheduled_events": [],
            "soundboard_sounds": [],
        }
