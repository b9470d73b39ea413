"""/game: open a table, run its lobby, and manage it (start, cancel, replace, undo, settings, info).

Thin: every command defers first (Discord's 3-second rule), calls the table service, and shows
the result. Errors go to cogs.errors.
"""

from __future__ import annotations

import io
import logging
from collections.abc import Sequence
from typing import Any, Literal

import discord
from discord import app_commands
from discord.ext import commands

from cogs import images
from cogs.client import GnomehostBot
from cogs.components import LOBBY_COG, lobby_view
from cogs.custom_ids import ComponentId, LobbyAction, LobbyId, RematchId, ReplayId
from cogs.errors import UserFacingError
from cogs.export import export_command
from cogs.limits import AUTOCOMPLETE_CHOICES, CHOICE_NAME, MESSAGE_CONTENT, THREAD_NAME, echo, fit_lines, trim
from cogs.locales import language_choices, reader_locale, server_locale
from cogs.new_command import loadable_games, make_new_command
from cogs.permissions import is_moderator, missing_bot_permissions, missing_permissions_message
from cogs.records import leaderboard_command, stats_command
from cogs.replay import handle_step, replay_command
from cogs.replies import edit_reply, reply
from cogs.rules import find_topics, rules_sections, send_rules
from cogs.scope import table_in_channel, table_in_scope
from engine import registry
from engine.core.decisions import DecisionKind
from engine.core.errors import IllegalAction
from engine.core.options import validate_options
from host.deadline_plan import DECISION_SETTING, REACTION_SETTING, table_timers, timer_seconds
from host.errors import InvalidOption, NotJoined, Said
from host.results import AfkPolicy, AiLevel, AwayPolicy, TableInfo, TableSettings, TableStatus
from i18n import ENGLISH, Locale, mark, t
from present import ending, settings_words, text
from present.delivery_words import delivery_lines
from present.me import away_line

log = logging.getLogger(__name__)

# Channels a public thread can be opened in (None: Discord did not say; trying is the way to find out).
THREAD_PARENTS = (discord.ChannelType.text, discord.ChannelType.news, None)

NO_PINGS = discord.AllowedMentions.none()
HISTORY_LENGTH = 10


def timers_text(table: TableInfo, locale: Locale = ENGLISH) -> str:
    """The rules' timers of a table in plain words in `locale`: how long each waits, and the range a host may
    set."""
    try:
        game = registry.get(table.game_name)
    except KeyError:
        return ""
    timers = table_timers(game)
    seconds = {kind: timer_seconds(timers, table.settings, kind) for kind in (DecisionKind.REACTION, DecisionKind.TURN)}
    return settings_words.timers_text(game.timeout_rules(), seconds, locale)


async def last_table_in_channel(interaction: discord.Interaction) -> TableInfo | None:
    """The open table of this channel or thread, else its last game (finished or cancelled), of this guild only."""
    if interaction.channel_id is None:
        return None
    table = await interaction.client.service.last_game_in_channel(interaction.channel_id)  # type: ignore[attr-defined]  # client is our GnomehostBot
    if table is None or table.guild_id != interaction.guild_id:
        return None
    return table


def plain_names(interaction: discord.Interaction, table: TableInfo, view: dict[str, Any] | None) -> dict[int, str]:
    """Player -> "alice (Red)" with display names instead of mentions (a text file shows no mentions)."""
    guild = interaction.guild
    names: dict[int, str] = {}
    factions = text.faction_names(view, table.game_name, reader_locale(interaction))
    for seat in table.seats:
        if seat.player is None:
            continue
        member = guild.get_member(seat.user_id) if guild is not None and seat.user_id is not None else None
        who = member.display_name if member is not None else text.seat_label(seat)
        names[seat.player] = f"{who} ({factions[seat.player]})" if seat.player in factions else who
    return names


def unknown_game_name(name: str) -> UserFacingError:
    """The refusal for a game name that is not one of the registered games, naming them."""
    return UserFacingError(Said(mark("cog.no-such-game"), {"name": echo(name), "games": ", ".join(registry.names())}))


def no_game_here() -> UserFacingError:
    """The refusal for a command that needs a table in this channel."""
    return UserFacingError(Said(mark("cog.no-game-here")))


# -- the cog ------------------------------------------------------------------------------------------------


class GameCog(commands.GroupCog, name=LOBBY_COG, group_name="game",
              group_description="Host and manage gnome board games"):
    """The /game commands and the lobby buttons."""

    def __init__(self, bot: GnomehostBot) -> None:
        self.bot = bot
        super().__init__()

    async def table_here(self, interaction: discord.Interaction, game_id: int | None = None) -> TableInfo:
        """The table named by id (if visible from here, see cogs.scope), else the open table in this channel."""
        if game_id is not None:
            return await table_in_scope(interaction, game_id)
        table = await table_in_channel(interaction)
        if table is None:
            raise no_game_here()
        return table

    async def table_to_read(self, interaction: discord.Interaction, game_id: int | None = None) -> TableInfo:
        """Like `table_here`, but after the end the channel's last game stands in (status, board, log, players)."""
        if game_id is not None:
            return await table_in_scope(interaction, game_id)
        table = await last_table_in_channel(interaction)
        if table is None:
            raise UserFacingError(Said(mark("cog.no-game-ever")))
        return table

    # /game new -----------------------------------------------------------------------------------------

    async def new_game(
        self, interaction: discord.Interaction, game: str, thread: bool, options: dict[str, Any]
    ) -> None:
        """Open a lobby (in a new thread when asked) and post it with its buttons."""
        # Ephemeral: a refusal (channel busy, bad option) must reach only the user; the lobby is posted below.
        await interaction.response.defer(ephemeral=True, thinking=True)
        if interaction.guild_id is None or interaction.channel is None:
            raise UserFacingError(Said(mark("cog.not-in-dm")))
        note = ""
        if thread and isinstance(interaction.channel, discord.Thread):
            thread = False  # already in a thread: the game opens right here
        elif thread and (
            getattr(interaction.channel, "type", None) not in THREAD_PARENTS
            or missing_bot_permissions(interaction, create_thread=True) != missing_bot_permissions(interaction)
        ):
            thread = False
            note = t(reader_locale(interaction), "cog.no-thread-here")
        missing = missing_bot_permissions(interaction, create_thread=thread)
        if missing:
            raise UserFacingError(missing_permissions_message(missing, reader_locale(interaction)))
        if game not in registry.names():
            raise unknown_game_name(game)
        spec = registry.get(game)
        try:
            validate_options(spec.options(), options)  # refuse bad options before a thread is made for them
        except IllegalAction as exc:
            raise InvalidOption.of(exc, game) from exc
        channel_id = interaction.channel_id or 0
        # The channel a thread belongs to, so that /game history there lists the thread's games too.
        parent_id = interaction.channel.parent_id if isinstance(interaction.channel, discord.Thread) else None
        if thread:
            parent = interaction.channel
            if not isinstance(parent, discord.TextChannel):
                parent = await self.bot.fetch_channel(channel_id)  # type: ignore[assignment]  # any channel kind; Discord refuses a thread below on others
            name = trim(f"{spec.title or game} — {interaction.user.display_name}", THREAD_NAME)
            created = await parent.create_thread(  # type: ignore[union-attr, call-overload]  # not every channel kind has create_thread
                name=name, type=discord.ChannelType.public_thread, auto_archive_duration=10080
            )
            parent_id, channel_id = channel_id, created.id
        # The channel reads the table in the server's language until the host picks another (/game settings).
        table = await self.bot.service.create_table(
            game, options, interaction.user.id, interaction.guild_id, channel_id, parent_channel_id=parent_id,
            settings=TableSettings(language=server_locale(interaction)),
        )
        # The lobby message itself goes out through the service's outbox (stored with the table, so a crash
        # right now still ends with a lobby people can see and join).
        log.info("game %s (%s) opened in channel %s by %s", table.game_id, game, channel_id, interaction.user.id)
        locale = reader_locale(interaction)
        opened = t(locale, "cog.lobby-open-in", game=table.game_id, channel=f"<#{channel_id}>") if thread \
            else t(locale, "cog.lobby-open", game=table.game_id)
        await reply(interaction, f"{opened} {note}".strip())

    # lobby buttons -------------------------------------------------------------------------------------

    async def handle_click(self, interaction: discord.Interaction, cid: ComponentId, table: TableInfo,
                           values: Sequence[str]) -> None:
        """Join / Leave / Add AI (a level) / Remove AI / Start / Cancel pressed on a lobby message; it shows the result.

        `table` was checked to live in this message's channel (cogs.scope). Once the game started or
        was cancelled the lobby message keeps its final text and loses its buttons.
        """
        if isinstance(cid, RematchId):
            await self._rematch(interaction, table)
            return
        if isinstance(cid, ReplayId):
            await handle_step(self.bot, interaction, cid, table)
            return
        if not isinstance(cid, LobbyId):
            raise TypeError(f"the lobby cog does not handle {type(cid).__name__}")
        await interaction.response.defer()
        service, user, game = self.bot.service, interaction.user.id, table.game_id
        match cid.action:
            case LobbyAction.JOIN:
                table = await service.join(game, user)
            case LobbyAction.LEAVE:
                table = await service.leave(game, user)
            case LobbyAction.ADD_AI:
                table = await service.add_ai(game, user, cid.level)
            case LobbyAction.REMOVE_AI:
                table = await self._remove_ai(game, user)
            case LobbyAction.START:
                table = (await service.start(game, user)).table
            case LobbyAction.CANCEL:
                table = await service.cancel(game, user, moderator=is_moderator(interaction))
        log.info("game %s lobby: %s by %s", game, cid.action.value, user)
        view = lobby_view(table.game_id, text.table_language(table)) if table.status is TableStatus.LOBBY else None
        await edit_reply(interaction, text.lobby_text(table), view=view, allowed_mentions=NO_PINGS)

    async def _rematch(self, interaction: discord.Interaction, table: TableInfo) -> None:
        """Rematch pressed on a final message: a new lobby here with the same seats and options, the clicker hosting.

        The final message keeps its text and button (anyone may look back at it); the answer is private.
        """
        await interaction.response.defer(ephemeral=True, thinking=True)
        if missing := missing_bot_permissions(interaction):
            raise UserFacingError(missing_permissions_message(missing, reader_locale(interaction)))
        new = await self.bot.service.rematch(table.game_id, interaction.user.id)
        log.info("game %s: rematch %s opened by %s", table.game_id, new.game_id, interaction.user.id)
        await reply(interaction, t(reader_locale(interaction), "cog.rematch-open", game=new.game_id))

    async def _remove_ai(self, game_id: int, user_id: int) -> TableInfo:
        try:
            return await self.bot.service.remove_ai(game_id, user_id)
        except NotJoined:
            # The host's refusal speaks of the user's own seat; here it means no AI sits at the table.
            raise UserFacingError(Said(mark("cog.no-ai-to-remove"))) from None

    # /game start, cancel ---------------------------------------------------------------------------------

    @app_commands.command(name="start", description="Start the game in this channel (host only)")
    @app_commands.describe(order="Seat order: random from the game's seed (default) or the order players joined")
    async def start(self, interaction: discord.Interaction, order: Literal["random", "join"] = "random") -> None:
        """Start the lobby in this channel; its lobby message then says so and loses its buttons."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        if missing := missing_bot_permissions(interaction):
            raise UserFacingError(missing_permissions_message(missing, reader_locale(interaction)))
        table = await self.table_here(interaction)
        await self.bot.service.start(table.game_id, interaction.user.id, join_order=order == "join")
        await reply(interaction, t(reader_locale(interaction), "cog.started", game=table.game_id))

    @app_commands.command(name="cancel", description="Cancel the game in this channel (host or Manage Channels)")
    async def cancel(self, interaction: discord.Interaction) -> None:
        """Cancel the open table here; a lobby's message then says so and loses its buttons (through the outbox)."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        table = await self.table_here(interaction)
        await self.bot.service.cancel(table.game_id, interaction.user.id, moderator=is_moderator(interaction))
        await reply(interaction, t(reader_locale(interaction), "cog.cancelled", game=table.game_id))

    # /game status, board, log, players, rules ----------------------------------------------------------------

    async def _public_view(self, table: TableInfo) -> dict[str, Any] | None:
        if table.status in (TableStatus.LOBBY, TableStatus.CANCELLED):
            return None
        return (await self.bot.service.view_for(table.game_id, None)).view

    @app_commands.command(name="status", description="Where the game stands: round, phase, who is pending")
    @app_commands.describe(game="A game number (default: the game in this channel)")
    async def status(self, interaction: discord.Interaction, game: int | None = None) -> None:
        """Show the table's public status (ephemeral): a finished game's whole result, and any delivery trouble."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        table = await self.table_to_read(interaction, game)
        view = await self._public_view(table)
        if table.status is TableStatus.LOBBY:
            content = text.lobby_text(table)
        elif table.status is TableStatus.FINISHED and table.outcome is not None:
            content = ending.finished_status(table, view, await self.bot.service.final_report(table.game_id),
                                             reader_locale(interaction))
        else:
            content = text.status_text(table, view, reader_locale(interaction))
        if table.is_open:
            away = away_line(await self.bot.service.players.away_until([s.user_id for s in table.seats if s.user_id]))
            if away:
                content = fit_lines([content, away], MESSAGE_CONTENT)
        trouble = delivery_lines(await self.bot.service.delivery_state(table.game_id), reader_locale(interaction))
        if trouble:
            content = fit_lines([*trouble, content], MESSAGE_CONTENT)
        await reply(interaction, content, allowed_mentions=NO_PINGS)

    @app_commands.command(name="board", description="Show the current board")
    @app_commands.describe(game="A game number (default: the game in this channel)")
    async def board(self, interaction: discord.Interaction, game: int | None = None) -> None:
        """The board picture from the public view (ephemeral); after the end, the final board."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        table = await self.table_to_read(interaction, game)
        view = await self._public_view(table)
        if view is None:
            raise UserFacingError(Said(mark("cog.no-board-yet")))
        file = await images.board_file(table.game_name, view, interaction.filesize_limit, text.table_language(table))
        content = text.status_text(table, view, reader_locale(interaction))
        if file is None:
            await reply(interaction, content, allowed_mentions=NO_PINGS)
        else:
            await reply(interaction, content, file=file, allowed_mentions=NO_PINGS)

    @app_commands.command(name="log", description="The game's history (your own private lines included, only for you)")
    @app_commands.describe(game="A game number (default: the game in this channel)")
    async def log(self, interaction: discord.Interaction, game: int | None = None) -> None:
        """The narration visible to the invoking user (ephemeral); the whole of it as a text file when long.

        The service filters the lines for this viewer: a spectator gets public lines only, a player also
        their own private ones (never anyone else's), in the message and in the file alike.
        """
        await interaction.response.defer(ephemeral=True, thinking=True)
        table = await self.table_to_read(interaction, game)
        lines = await self.bot.service.log(table.game_id, interaction.user.id)
        view = await self._public_view(table)
        locale = reader_locale(interaction)
        names = text.player_names(table, view, locale)
        # Room for the line that says the whole log is attached.
        shown = text.log_text(lines, limit=MESSAGE_CONTENT - 80, names=names, game=table.game_name, locale=locale)
        content = "\n".join(shown)
        if lines and shown != text.log_line_texts(lines, names, table.game_name, locale):
            # Some lines were left out or cut: the file holds them all.
            every = text.log_line_texts(lines, plain_names(interaction, table, view), table.game_name, locale)
            whole = "\n".join([f"{table.title} — game #{table.game_id}", "", *every]) + "\n"
            name = f"game-{table.game_id}-log.txt"
            file = discord.File(io.BytesIO(whole.encode("utf-8")), filename=name)
            content += "\n" + text.log_attached(len(lines), locale)
            await reply(interaction, content, file=file, allowed_mentions=NO_PINGS)
            return
        await reply(interaction, content, allowed_mentions=NO_PINGS)

    @app_commands.command(name="history", description="This channel's recent games, with their numbers and winners")
    async def history(self, interaction: discord.Interaction) -> None:
        """The channel's (or thread's) recent games, newest first (ephemeral)."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        if interaction.channel_id is None or interaction.guild_id is None:
            raise UserFacingError(Said(mark("cog.history-where")))
        games = await self.bot.service.history(interaction.channel_id, HISTORY_LENGTH)
        # Only this guild's games (a channel id never moves between guilds, but scope is checked everywhere).
        games = [t for t in games if t.guild_id == interaction.guild_id]
        content = ending.history_text(games, interaction.channel_id, reader_locale(interaction))
        await reply(interaction, content, allowed_mentions=NO_PINGS)

    @app_commands.command(name="players", description="Who plays which seat")
    @app_commands.describe(game="A game number (default: the game in this channel)")
    async def players(self, interaction: discord.Interaction, game: int | None = None) -> None:
        """The seats of the table (ephemeral)."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        table = await self.table_to_read(interaction, game)
        content = text.players_text(table, await self._public_view(table), reader_locale(interaction))
        away = away_line(await self.bot.service.players.away_until([s.user_id for s in table.seats if s.user_id]))
        await reply(interaction, f"{content}\n{away}" if away else content, allowed_mentions=NO_PINGS)

    @app_commands.command(name="rules", description="The rules of a game, or one topic of them")
    @app_commands.describe(topic="A section of the rules", game="Which game (default: the game in this channel)")
    async def rules(self, interaction: discord.Interaction, topic: str | None = None, game: str | None = None) -> None:
        """The players' rules of the game (ephemeral), its overview or one topic; the help without a game."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        if game is not None and game not in registry.names():
            # Only a registered name ever becomes a file name (cogs.rules); anything else is refused here.
            raise unknown_game_name(game)
        # No game named and none here: the help answers, naming the games and how to start one.
        table = None if game is not None else await last_table_in_channel(interaction)
        await send_rules(interaction, game or (table.game_name if table is not None else None), topic)

    async def _game_name_here(self, interaction: discord.Interaction) -> str:
        table = await last_table_in_channel(interaction)
        if table is not None:
            return table.game_name
        names = registry.names()
        if len(names) == 1:
            return names[0]
        raise UserFacingError(Said(mark("cog.which-game"), {"games": ", ".join(names)}))

    @rules.autocomplete("topic")
    async def rules_topic_autocomplete(self, interaction: discord.Interaction, current: str
                                       ) -> list[app_commands.Choice[str]]:
        """Section names of the rules matching what was typed."""
        try:
            name = interaction.namespace.game or await self._game_name_here(interaction)
            sections = rules_sections(name, reader_locale(interaction))
        except Exception:
            return []
        return [app_commands.Choice(name=trim(t, CHOICE_NAME), value=trim(t, 100))
                for t in find_topics(sections, current)][:AUTOCOMPLETE_CHOICES]

    @rules.autocomplete("game")
    async def rules_game_autocomplete(self, interaction: discord.Interaction, current: str
                                      ) -> list[app_commands.Choice[str]]:
        """Registered game names."""
        return [app_commands.Choice(name=n, value=n) for n in registry.names() if current.casefold() in n][:25]

    # /game replace, undo, settings --------------------------------------------------------------------------

    @app_commands.command(name="replace", description="Give an absent player's seats to the AI or another member")
    @app_commands.describe(user="The player to replace", by="Who takes over (default: an AI)")
    async def replace(self, interaction: discord.Interaction, user: discord.User,
                      by: discord.User | None = None) -> None:
        """Host or Manage Channels: hand a player's seats to an AI or another member."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        if by is not None and by.bot:
            raise UserFacingError(Said(mark("cog.no-bot-seat")))
        table = await self.table_here(interaction)
        # The service announces the replacement in the table's channel.
        await self.bot.service.replace_player(
            table.game_id, user.id, by.id if by else None,
            by_user_id=interaction.user.id, moderator=is_moderator(interaction),
        )
        locale = reader_locale(interaction)
        if by is not None:
            said = t(locale, "cog.replaced-by", player=user.mention, game=table.game_id, by=by.mention)
        else:
            said = t(locale, "cog.replaced-by-ai", player=user.mention, game=table.game_id)
        await reply(interaction, said, allowed_mentions=NO_PINGS)

    @app_commands.command(name="undo", description="Take back your last move (where the table allows it)")
    async def undo(self, interaction: discord.Interaction) -> None:
        """Undo the invoking player's last move."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        table = await self.table_here(interaction)
        await self.bot.service.undo(table.game_id, interaction.user.id)
        await reply(interaction, t(reader_locale(interaction), "cog.undone"))

    @app_commands.command(name="autopass", description="Never ask me to react: my reaction windows close as a pass")
    @app_commands.describe(on="True: pass every reaction window at once; False: ask me again")
    async def autopass(self, interaction: discord.Interaction, on: bool) -> None:
        """Turn the invoking player's "never ask me" on or off at this table."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        table = await self.table_here(interaction)
        await self.bot.service.set_auto_pass(table.game_id, interaction.user.id, on)
        locale = reader_locale(interaction)
        await reply(interaction, t(locale, "cog.autopass-on") if on else t(locale, "cog.autopass-off"))

    @app_commands.command(name="settings", description="Change this table's settings (host or Manage Channels)")
    @app_commands.describe(
        undo="Allow /game undo",
        reminder_minutes="Remind pending players after this many minutes (0: never)",
        afk="What happens to a player who lets reminders pass",
        afk_after="How many reminders before the AFK rule acts",
        reaction_minutes="Close an unanswered reaction window as a pass after this many minutes (range: the rules')",
        turn_minutes="The rules' turn timer: after this many minutes the rules' default is played (0: off)",
        afk_level="How strongly the AI plays for an absent player or a seat handed to it",
        away="While a player is on vacation (/me away): wait for them, or let the AI play their seat",
        language="The language the channel reads this table in: its posts and pictures",
    )
    @app_commands.choices(language=language_choices())
    async def settings(
        self,
        interaction: discord.Interaction,
        undo: bool | None = None,
        reminder_minutes: app_commands.Range[int, 0, 10080] | None = None,
        afk: Literal["remind", "ai", "skip"] | None = None,
        afk_after: app_commands.Range[int, 1, 20] | None = None,
        reaction_minutes: app_commands.Range[int, 0, 43200] | None = None,
        turn_minutes: app_commands.Range[int, 0, 43200] | None = None,
        afk_level: Literal["easy", "normal", "hard"] | None = None,
        away: Literal["wait", "ai"] | None = None,
        language: str | None = None,
    ) -> None:
        """Update the table's settings and show them."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        table = await self.table_here(interaction)
        changes: dict[str, Any] = {}
        if undo is not None:
            changes["undo"] = undo
        if reminder_minutes is not None:
            changes["reminder_delay"] = float(reminder_minutes * 60)
        if afk is not None:
            changes["afk_policy"] = AfkPolicy(afk)
        if afk_after is not None:
            changes["afk_after"] = afk_after
        # The timers' names and ranges are the game's (TimeoutRules); the service refuses a value out of range.
        if reaction_minutes is not None:
            changes[REACTION_SETTING] = float(reaction_minutes * 60)
        if turn_minutes is not None:
            changes[DECISION_SETTING] = float(turn_minutes * 60)
        if afk_level is not None:
            changes["afk_level"] = AiLevel(afk_level)
        if away is not None:
            changes["away"] = AwayPolicy(away)
        if language is not None:
            changes["language"] = language
        if changes:
            table = await self.bot.service.update_settings(
                table.game_id, interaction.user.id, moderator=is_moderator(interaction), **changes
            )
        locale = reader_locale(interaction)
        await reply(interaction, settings_words.settings_text(table, timers_text(table, locale), locale))


async def setup(bot: GnomehostBot) -> None:
    """Load the /game commands, with /game new built from the registered games' options."""
    cog = GameCog(bot)
    games = loadable_games()
    if games:
        cog.app_command.add_command(make_new_command(cog.new_game, games))  # type: ignore[union-attr]  # a GroupCog always has its app_command group
    else:
        log.error("no game could be loaded: /game new is not available")
    cog.app_command.add_command(leaderboard_command(bot))  # type: ignore[union-attr]  # a GroupCog always has its app_command group
    cog.app_command.add_command(stats_command(bot))  # type: ignore[union-attr]  # as above
    cog.app_command.add_command(replay_command(bot))  # type: ignore[union-attr]  # a GroupCog always has its app_command group
    cog.app_command.add_command(export_command(bot))  # type: ignore[union-attr]  # a GroupCog always has its app_command group
    await bot.add_cog(cog)
