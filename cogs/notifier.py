"""The table service's Notifier on Discord: table messages, private DMs, DM prompts, pings, lobby messages.

The outbox sender calls these methods one message at a time, outside every game
lock; each either delivers, or raises `RetryLater` (Discord is down or rate
limits us: the same message is tried again later) or `Undeliverable` (missing
permission, unknown channel, closed DMs: the message is given up). Channel
messages are built from TableUpdate (public data only); private data goes by DM.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable, Sequence
from functools import partial
from typing import TYPE_CHECKING, Protocol, TypeVar

import aiohttp
import discord
from discord.utils import MISSING

from cogs import images
from cogs.components import lobby_view, rematch_view, table_view
from cogs.limits import MESSAGE_CONTENT, fit_lines, split_message
from cogs.panels import build_panel
from cogs.recap import recap_file
from engine.core.events import Event
from engine.core.phrases import Phrase
from engine.core.picks import FinalReport
from host.notifier import RetryLater, Undeliverable, Worded
from host.outbox import NoticeKind
from host.results import (
    MessageRef,
    PendingPlayer,
    PostMode,
    PrivateUpdate,
    Recap,
    Reminder,
    TableInfo,
    TableUpdate,
    UpdateKind,
)
from i18n import ENGLISH, Locale, resolve, t
from present import attention, delivery_words, ending, panel_words, records, text
from present import recap as recap_words
from present.titles import table_title

if TYPE_CHECKING:
    from host.service import TableService

log = logging.getLogger(__name__)

CANNOT_DM = 50007
MISSING_ACCESS = 50001
NO_BUTTON_KINDS = (UpdateKind.ENDED, UpdateKind.CANCELLED, UpdateKind.QUARANTINED)
NO_PINGS = discord.AllowedMentions.none()

T = TypeVar("T")
# What a failed Discord request raises (TimeoutError is asyncio's too since Python 3.11).
REQUEST_FAILURES = (discord.HTTPException, discord.RateLimited, aiohttp.ClientError, TimeoutError, OSError)


def delivery_error(error: Exception) -> RetryLater | Undeliverable:
    """What a failed Discord request means for the message: try again later, or never."""
    if isinstance(error, discord.RateLimited):
        return RetryLater("rate limited", after=error.retry_after)
    if isinstance(error, discord.Forbidden):
        if error.code == CANNOT_DM:
            return Undeliverable("the player does not accept direct messages from me", dm_closed=True)
        if error.code == MISSING_ACCESS:
            return Undeliverable("I cannot see that channel")
        return Undeliverable("I am missing a permission there")
    if isinstance(error, discord.NotFound):
        return Undeliverable("the channel (or the message to edit) no longer exists")
    if isinstance(error, discord.HTTPException):
        if error.status == 429 or error.status >= 500:
            return RetryLater(f"Discord answered {error.status}")
        return Undeliverable(f"Discord refused the message (HTTP {error.status}, code {error.code})")
    # Connection trouble (aiohttp, a timeout, a dropped socket): Discord may be back soon.
    return RetryLater(f"no answer from Discord ({type(error).__name__})")


async def delivered(request: Callable[[], Awaitable[T]]) -> T:
    """Run one Discord request, turning its failure into RetryLater or Undeliverable."""
    try:
        return await request()
    except REQUEST_FAILURES as error:
        raise delivery_error(error) from error


def _prompt_note(table: TableInfo, news: Sequence[Event], locale: Locale) -> str:
    """The first lines of a DM prompt in `locale`: the player's private news of the same change, then what the
    DM is."""
    return "\n".join([*text.private_events_text(news, table, locale=locale), text.secret_prompt_note(locale)])


class NotifierBot(Protocol):
    """What the notifier needs of the bot: discord.py's REST helpers and the open table service.

    A protocol rather than the bot class itself, so the bot's module can build its notifier without the two
    modules importing each other.
    """

    @property
    def service(self) -> TableService:
        """The open table service (final reports and DM panels are read from it)."""
        ...

    def get_partial_messageable(
        self, id: int, *, guild_id: int | None = None, type: discord.ChannelType | None = None
    ) -> discord.PartialMessageable:
        """A channel handle by id, without fetching it."""
        ...

    def get_guild(self, id: int, /) -> discord.Guild | None:
        """The cached guild of that id, if any."""
        ...

    async def create_dm(self, user: discord.abc.Snowflake) -> discord.DMChannel:
        """The DM channel with that user."""
        ...


class DiscordNotifier:
    """Implements host.notifier.Notifier with the bot's REST client."""

    def __init__(self, bot: NotifierBot) -> None:
        self.bot = bot

    def _channel(self, table: TableInfo) -> discord.PartialMessageable:
        return self.bot.get_partial_messageable(table.channel_id, guild_id=table.guild_id)

    def _file_limit(self, table: TableInfo) -> int | None:
        guild = self.bot.get_guild(table.guild_id) if table.guild_id else None
        return guild.filesize_limit if guild is not None else None

    async def _retire(self, table: TableInfo, message: MessageRef) -> None:
        """Take the buttons off a message that a newer one replaces; a failure here never blocks the new one."""
        partial = self.bot.get_partial_messageable(message.channel_id).get_partial_message(message.message_id)
        try:
            await partial.edit(view=None)
        except discord.HTTPException as error:
            log.info("game %s: could not retire message %s: %s", table.game_id, message.message_id, error)

    async def _away(self, table: TableInfo) -> dict[int, float]:
        """The table's players on vacation now, with when it ends (read when the post goes out: it changes
        without any move)."""
        users = {s.user_id for s in table.seats if s.user_id is not None}
        return await self.bot.service.players.away_until(users) if users else {}

    async def post_to_table(
        self, table: TableInfo, update: TableUpdate, previous: MessageRef | None
    ) -> MessageRef | None:
        """The table message: headline and public narration, board picture, who is pending, "Take my turn".

        A NEW update is a new message (the previous status message loses its buttons); an EDIT update
        rewrites the live status message in place (the same players keep acting), or posts it anew when
        that message is gone. Only players for whom a decision newly became theirs are mentioned. A private
        step (nothing public changed) posts nothing.
        """
        if not update.public_change:
            return None
        away = await self._away(table) if update.outcome is None else {}
        content = text.table_message(table, update, away)
        file = await images.board_file(table.game_name, update.public_view, self._file_limit(table),
                                              text.table_language(table))
        mentioned = [u for p in update.pending if p.player in update.mention and (u := p.user_id) is not None]
        allowed = discord.AllowedMentions(everyone=False, roles=False, users=[discord.Object(u) for u in mentioned])
        live = update.kind not in NO_BUTTON_KINDS and update.pending
        view = table_view(table.game_id, update.version, text.table_language(table)) if live else None
        if update.kind is UpdateKind.ENDED and update.outcome is not None:
            # The whole result (winners, breakdowns, revealed secrets) and a Rematch button.
            content = ending.ended_message(table, update, await self._final_report(table), await self._ratings(table))
            view = rematch_view(table.game_id, text.table_language(table))
        if update.mode is PostMode.EDIT and previous is not None:
            edited = await self._edit_status(table, previous, content, file, view, allowed)
            if edited:
                return previous
            file = await images.board_file(table.game_name, update.public_view, self._file_limit(table),
                                              text.table_language(table))
        channel = self._channel(table)
        posted = await delivered(
            lambda: channel.send(content, file=file or MISSING, view=view or MISSING, allowed_mentions=allowed)
        )
        log.info("game %s: posted %s update at version %s", table.game_id, update.kind.value, update.version)
        if previous is not None and previous.message_id != posted.id:
            await self._retire(table, previous)
        return MessageRef(posted.channel.id, posted.id)

    async def _ratings(self, table: TableInfo) -> list[str]:
        """Each player's rating change at the end, as lines (none when the game was not rated or they fail)."""
        try:
            changes = await self.bot.service.rating_changes(table.game_id)
        except Exception:
            log.exception("game %s: no rating changes; the final message shows none", table.game_id)
            return []
        return records.rating_change_lines(changes, {s.user_id: text.mention(s.user_id) for s in table.seats
                                                     if s.user_id is not None}, text.table_language(table))

    async def _final_report(self, table: TableInfo) -> FinalReport | None:
        """The engine's final report of a finished table; None (the outcome alone is shown) if it fails."""
        try:
            return await self.bot.service.final_report(table.game_id)
        except Exception:
            log.exception("game %s: no final report; the final message shows the outcome alone", table.game_id)
            return None

    async def _edit_status(
        self,
        table: TableInfo,
        message: MessageRef,
        content: str,
        file: discord.File | None,
        view: discord.ui.View | None,
        allowed: discord.AllowedMentions,
    ) -> bool:
        """Rewrite the live status message; False when it no longer exists (then a new one is posted)."""
        partial = self.bot.get_partial_messageable(message.channel_id).get_partial_message(message.message_id)
        kwargs: dict[str, object] = {"content": content, "view": view, "allowed_mentions": allowed}
        if file is not None:
            kwargs["attachments"] = [file]
        try:
            await partial.edit(**kwargs)  # type: ignore[arg-type]  # one dict for edit()'s differently typed keywords
        except discord.NotFound:
            log.info("game %s: status message %s is gone; posting a new one", table.game_id, message.message_id)
            return False
        except REQUEST_FAILURES as error:
            raise delivery_error(error) from error
        log.info("game %s: status message edited", table.game_id)
        return True

    async def send_prompt(
        self, table: TableInfo, user_id: int, player: int, previous: MessageRef | None, news: Sequence[Event] = ()
    ) -> MessageRef | None:
        """DM the buttons of a secret choice that became the player's, after their private news of the same
        change; nothing when it is no longer theirs."""
        locale = await self._dm_locale(user_id, table)
        panel = await build_panel(
            self.bot.service, table.game_id, user_id, player=player, note=_prompt_note(table, news, locale),
            file_limit=None, locale=locale,
        )
        if panel.view is None:
            return None
        if previous is not None:
            await self._retire(table, previous)
        # The prompt carries the panel picture (board above the secret view): nothing to scroll back for; a
        # secret choice's turn start has its one animation here, where only the player sees it.
        extra = await recap_file(table, panel.recap, locale=locale) if panel.recap is not None else None
        message = await self._send_dm(user_id, panel.content, view=panel.view, files=panel.files, extra=extra)
        return MessageRef(message.channel.id, message.id)

    async def edit_prompt(
        self, table: TableInfo, user_id: int, player: int, message: MessageRef, news: Sequence[Event] = ()
    ) -> MessageRef | None:
        """Rewrite this round's DM prompt with the buttons of the player's next secret choice (one DM a round);
        None when that message is gone (the sender then DMs a new prompt)."""
        locale = await self._dm_locale(user_id, table)
        panel = await build_panel(
            self.bot.service, table.game_id, user_id, player=player, note=_prompt_note(table, news, locale),
            file_limit=None, locale=locale,
        )
        if panel.view is None:
            return message  # the decision is no longer theirs: the prompt stays as it is
        partial = self.bot.get_partial_messageable(message.channel_id).get_partial_message(message.message_id)
        kwargs: dict[str, object] = {"content": panel.content, "view": panel.view}
        if panel.files:
            kwargs["attachments"] = list(panel.files)
        try:
            await partial.edit(**kwargs)  # type: ignore[arg-type]  # one dict for edit()'s differently typed keywords
        except discord.NotFound:
            log.info("game %s: DM prompt %s is gone; sending a new one", table.game_id, message.message_id)
            return None
        except REQUEST_FAILURES as error:
            raise delivery_error(error) from error
        return message

    async def _dm_locale(self, user_id: int, table: TableInfo | None = None) -> Locale:
        """The language of a DM to that user: the one last seen from them (never seen: the language `table`
        is read in, else English)."""
        try:
            seen = await self.bot.service.players.locale_of(user_id)
            if seen is None and table is not None:
                return text.table_language(table)
            return resolve(seen)
        except Exception:  # a language is never worth a lost message: the store may be down for a moment
            log.warning("the language of user %s could not be read; their DM is in English", user_id, exc_info=True)
            return ENGLISH

    async def close_prompt(
        self, table: TableInfo, user_id: int, message: MessageRef, chosen: str, timed_out: bool,
        said: Phrase | None = None,
    ) -> None:
        """The DM prompt of a choice that is made says what was chosen and loses its buttons."""
        locale = await self._dm_locale(user_id)
        chosen = panel_words.choice_label(chosen, said, table.game_name, locale)
        if timed_out:
            content = t(locale, "dm.choice-timed-out", title=table_title(table, locale))
        elif chosen:
            content = t(locale, "dm.choice-in-chosen", title=table_title(table, locale), chosen=chosen)
        else:
            content = t(locale, "dm.choice-in", title=table_title(table, locale))
        partial = self.bot.get_partial_messageable(message.channel_id).get_partial_message(message.message_id)
        try:
            await delivered(lambda: partial.edit(content=content, view=None))
        except Undeliverable as error:
            log.info("game %s: DM prompt %s not closed: %s", table.game_id, message.message_id, error.reason)

    async def send_private(self, table: TableInfo, user_id: int, update: PrivateUpdate) -> None:
        """DM a player their private events and view picture."""
        locale = await self._dm_locale(user_id, table)
        lines = [
            t(locale, "dm.private-heading", title=table_title(table, locale), number=table.game_id),
            *text.private_events_text(update.events, table, update.view, locale),
        ]
        empty = images.private_is_empty(table.game_name, update.view)
        if empty:
            # An empty hand is a sentence, not a picture of "0 cards".
            lines.append(text.empty_private_text(locale))
        elif not update.events:
            lines.append(t(locale, "dm.private-hint"))
        content = fit_lines(lines, MESSAGE_CONTENT)
        file = None if empty else await images.private_file(table.game_name, update.view, locale=locale)
        await self._send_dm(user_id, content, files=[file] if file is not None else [])

    async def _send_dm(
        self, user_id: int, content: str, *, files: Sequence[discord.File] = (),
        view: discord.ui.View | None = None, extra: discord.File | None = None,
    ) -> discord.Message:
        channel = await delivered(lambda: self.bot.create_dm(discord.Object(id=user_id)))
        files = [*files, *([extra] if extra is not None else [])]
        if len(files) > 1:
            return await delivered(lambda: channel.send(content, files=files, view=view or MISSING))
        return await delivered(lambda: channel.send(content, file=files[0] if files else MISSING,
                                                    view=view or MISSING))

    async def ping_pending(
        self, table: TableInfo, pending: Sequence[PendingPlayer], message: str, reminder: Reminder | None = None
    ) -> None:
        """A reminder in the table's channel mentioning the pending humans, in the table's language."""
        users = text.pending_mentions(pending)
        if not users:
            return
        if reminder is not None and pending:
            locale = text.table_language(table)
            prompt = panel_words.choice_label(pending[0].prompt, pending[0].said, table.game_name, locale)
            message = attention.reminder_text(prompt, reminder, locale)
        content = " ".join(text.mention(u) for u in users) + " — " + message
        mentions = discord.AllowedMentions(users=[discord.Object(u) for u in users])
        channel = self._channel(table)
        for chunk in split_message(content):
            await delivered(partial(channel.send, chunk, allowed_mentions=mentions))

    async def nudge(
        self, table: TableInfo, user_id: int, message: str, by_dm: bool, worded: Worded | None = None
    ) -> None:
        """Tell one player a game waits for them: by DM in their language, or mentioning them in the table's
        channel in the table's."""
        if by_dm:
            locale = await self._dm_locale(user_id)
            said = worded(locale) if worded is not None else message
            nudge = attention.direct_nudge(table_title(table, locale), table.channel_id, said, locale)
            await self._send_dm(user_id, fit_lines([nudge], MESSAGE_CONTENT, locale=locale))
            return
        said = worded(text.table_language(table)) if worded is not None else message
        content = f"{text.mention(user_id)} — {attention.channel_nudge(said)}"
        mentions = discord.AllowedMentions(users=[discord.Object(user_id)])
        channel = self._channel(table)
        for chunk in split_message(content):
            await delivered(partial(channel.send, chunk, allowed_mentions=mentions))

    async def post_turn_ping(
        self, table: TableInfo, pending: Sequence[PendingPlayer], recaps: Sequence[Recap] = ()
    ) -> MessageRef | None:
        """A short "your turn" message mentioning only the players whose turn began (edits do not notify), with
        what happened since their last move: the public lines, and the animation of one whose turn is played
        in the channel (a secret choice gets its animation in the DM prompt)."""
        users = text.pending_mentions(pending)
        if not users:
            return None
        mentions = discord.AllowedMentions(everyone=False, roles=False, users=[discord.Object(u) for u in users])
        channel = self._channel(table)
        content = recap_words.with_recap(text.turn_ping_text(table, users),
                                         recap_words.ping_recap_text(table, recaps))
        played_here = {p.player for p in pending if p.kind not in text.SECRET_KINDS}
        shown = next((r for r in recaps if r.player in played_here), None)
        file = await recap_file(table, shown) if shown is not None else None
        posted = await delivered(lambda: channel.send(content, allowed_mentions=mentions, file=file or MISSING))
        return MessageRef(posted.channel.id, posted.id)

    async def delete_ping(self, table: TableInfo, message: MessageRef) -> None:
        """Delete a "your turn" message whose turn is taken or that a newer one replaces."""
        partial = self.bot.get_partial_messageable(message.channel_id).get_partial_message(message.message_id)
        try:
            await partial.delete()
        except discord.NotFound:
            log.info("game %s: turn ping %s was already gone", table.game_id, message.message_id)
        except REQUEST_FAILURES as error:
            raise delivery_error(error) from error

    async def post_lobby(self, table: TableInfo) -> MessageRef | None:
        """The lobby message with Join/Leave/AI/Start/Cancel; nothing if the lobby closed before it went out."""
        channel = self._channel(table)
        view = (lobby_view(table.game_id, text.table_language(table))
                if table.is_open and table.status.value == "lobby" else None)
        content = text.lobby_text(table)
        posted = await delivered(lambda: channel.send(content, view=view or MISSING, allowed_mentions=NO_PINGS))
        return MessageRef(posted.channel.id, posted.id)

    async def close_lobby(self, table: TableInfo, message: MessageRef) -> None:
        """The lobby message shows how the lobby ended and loses its buttons."""
        partial = self.bot.get_partial_messageable(message.channel_id).get_partial_message(message.message_id)
        await delivered(lambda: partial.edit(content=text.lobby_text(table), view=None, allowed_mentions=NO_PINGS))

    async def post_notice(self, table: TableInfo, notice: NoticeKind, user_id: int) -> None:
        """A short notice about one user in the table's channel, in the table's language."""
        locale = text.table_language(table)
        match notice:
            case NoticeKind.DM_CLOSED:
                content = t(locale, "notice.dm-closed", player=text.mention(user_id))
        mentions = discord.AllowedMentions(users=[discord.Object(user_id)])
        channel = self._channel(table)
        await delivered(lambda: channel.send(content, allowed_mentions=mentions))

    async def alert_host(self, table: TableInfo, user_id: int, reason: str) -> None:
        """DM the host: the table's channel refuses the bot's messages (what to fix, in plain words)."""
        locale = await self._dm_locale(user_id)
        content = t(locale, "dm.host-alert", channel=f"<#{table.channel_id}>", title=table_title(table, locale),
                    reason=delivery_words.reason_words(reason, locale))
        await self._send_dm(user_id, content)
