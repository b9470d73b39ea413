"""/game: open a table, run its lobby, and manage it (start, cancel, replace, undo, settings, info).

Thin: every command checks where it is, defers when the service may be slow, calls the table
service, and shows the result. Errors go to cogs.errors.
"""

from __future__ import annotations

import inspect
import logging
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

import discord
from discord import app_commands
from discord.ext import commands

from cogs import images, text
from cogs.client import GnomehostBot
from cogs.components import lobby_view, set_handler
from cogs.custom_ids import ComponentId, Kind, LobbyAction
from cogs.errors import UserFacingError, send_ephemeral
from cogs.limits import AUTOCOMPLETE_CHOICES, CHOICE_NAME, THREAD_NAME, split_message, trim
from cogs.permissions import is_moderator, missing_bot_permissions, missing_permissions_message
from engine import registry
from engine.core.options import OptionSpec, validate_options
from host.results import AfkPolicy, TableInfo, TableStatus

log = logging.getLogger(__name__)

RULES_DIR = Path(__file__).resolve().parent.parent / "docs" / "rules"
NO_PINGS = discord.AllowedMentions.none()
# Names of /game new parameters that are not game options.
TABLE_PARAMS = ("game", "thread")
MAX_COMMAND_PARAMS = 25


def no_game_here() -> UserFacingError:
    """The refusal for a command that needs a table in this channel."""
    return UserFacingError("There is no open game in this channel. Start one with `/game new`.")


# -- /game new: parameters from every registered game's OptionSpecs ------------------------------


@dataclass
class OptionParam:
    """One /game new parameter made from the OptionSpecs of one or more games."""

    name: str
    annotation: Any
    description: str
    choices: list[app_commands.Choice[Any]]
    games: list[str]


def _spec_annotation(spec: OptionSpec) -> tuple[Any, list[app_commands.Choice[Any]]]:
    """The slash-command type of an option, and its choices when finite (≤ 25)."""
    if spec.type == "bool":
        return bool, []
    if spec.type == "int":
        if spec.choices and len(spec.choices) <= AUTOCOMPLETE_CHOICES:
            return int, [app_commands.Choice(name=str(c), value=int(c)) for c in spec.choices]
        if spec.minimum is not None or spec.maximum is not None:
            low = spec.minimum if spec.minimum is not None else -(2**53)
            high = spec.maximum if spec.maximum is not None else 2**53
            return app_commands.Range[int, low, high], []
        return int, []
    if spec.choices and len(spec.choices) <= AUTOCOMPLETE_CHOICES:
        return str, [app_commands.Choice(name=trim(str(c), CHOICE_NAME), value=str(c)) for c in spec.choices]
    return str, []


def option_params(game_names: Sequence[str]) -> list[OptionParam]:
    """The union of all games' options as /game new parameters (a name two games type differently becomes text)."""
    params: dict[str, OptionParam] = {}
    for game_name in game_names:
        for spec in registry.get(game_name).options():
            if spec.name in TABLE_PARAMS:
                log.warning("option %r of %s clashes with a /game new parameter; not offered", spec.name, game_name)
                continue
            annotation, choices = _spec_annotation(spec)
            known = params.get(spec.name)
            if known is None:
                default = "" if spec.default is None else f" (default {spec.default})"
                params[spec.name] = OptionParam(spec.name, annotation, spec.description + default, choices, [game_name])
            elif known.annotation == annotation and [c.value for c in known.choices] == [c.value for c in choices]:
                known.games.append(game_name)
            else:
                # The host coerces text into the chosen game's type and says what is allowed.
                known.annotation, known.choices = str, []
                known.games.append(game_name)
    result = list(params.values())
    for param in result:
        if len(game_names) > 1:
            param.description = f"[{', '.join(param.games)}] {param.description}"
        param.description = trim(param.description, 100)
    room = MAX_COMMAND_PARAMS - len(TABLE_PARAMS)
    if len(result) > room:
        log.warning("only the first %d game options fit in /game new; dropped: %s", room,
                    [p.name for p in result[room:]])
    return result[:room]


def loadable_games() -> list[str]:
    """Registered games that load (a broken game must not stop the bot)."""
    names = []
    for name in registry.names():
        try:
            registry.get(name)
        except Exception:
            log.exception("game %s failed to load; it is not offered", name)
            continue
        names.append(name)
    return names


NewHandler = Callable[[discord.Interaction, str, bool, dict[str, Any]], Awaitable[None]]


def make_new_command(handler: NewHandler, game_names: Sequence[str]) -> app_commands.Command[Any, ..., None]:
    """The /game new command, its parameters generated from the games' OptionSpecs."""
    params = option_params(game_names)

    async def new(interaction: discord.Interaction, **values: Any) -> None:
        game = values.pop("game")
        thread = bool(values.pop("thread", False))
        options = {k: v for k, v in values.items() if v is not None}
        await handler(interaction, game, thread, options)

    signature = [
        inspect.Parameter("interaction", inspect.Parameter.POSITIONAL_OR_KEYWORD, annotation=discord.Interaction),
        inspect.Parameter("game", inspect.Parameter.KEYWORD_ONLY, annotation=str),
        inspect.Parameter("thread", inspect.Parameter.KEYWORD_ONLY, annotation=bool, default=False),
    ]
    signature += [
        inspect.Parameter(p.name, inspect.Parameter.KEYWORD_ONLY, annotation=p.annotation | None, default=None)
        for p in params
    ]
    new.__signature__ = inspect.Signature(signature)  # type: ignore[attr-defined]
    descriptions = {"game": "Which game", "thread": "Open a thread for this game (several games per channel)"}
    descriptions.update({p.name: p.description for p in params})
    choices: dict[str, list[app_commands.Choice[Any]]] = {
        "game": [app_commands.Choice(name=trim(registry.get(g).title or g, CHOICE_NAME), value=g) for g in game_names]
    }
    choices.update({p.name: p.choices for p in params if p.choices})
    app_commands.describe(**descriptions)(new)
    app_commands.choices(**choices)(new)
    return app_commands.Command(name="new", description="Open a lobby for a new game in this channel", callback=new)


# -- the cog ------------------------------------------------------------------------------------------------


class GameCog(commands.GroupCog, group_name="game", group_description="Host and manage gnome board games"):
    """The /game commands and the lobby buttons."""

    def __init__(self, bot: GnomehostBot) -> None:
        self.bot = bot
        super().__init__()

    async def table_here(self, interaction: discord.Interaction, game_id: int | None = None) -> TableInfo:
        """The table named by id, else the open table in this channel or thread."""
        if game_id is not None:
            return await self.bot.service.get_table(game_id)
        table = await self.bot.service.table_for_channel(interaction.channel_id or 0)
        if table is None:
            raise no_game_here()
        return table

    # /game new -----------------------------------------------------------------------------------------

    async def new_game(
        self, interaction: discord.Interaction, game: str, thread: bool, options: dict[str, Any]
    ) -> None:
        """Open a lobby (in a new thread when asked) and post it with its buttons."""
        if interaction.guild_id is None or interaction.channel is None:
            raise UserFacingError("Games are played in a server channel, not in DMs.")
        missing = missing_bot_permissions(interaction, create_thread=thread)
        if missing:
            raise UserFacingError(missing_permissions_message(missing))
        if thread and isinstance(interaction.channel, discord.Thread):
            raise UserFacingError("This is already a thread: run `/game new` without `thread` here.")
        spec = registry.get(game)
        validate_options(spec.options(), options)  # refuse bad options before a thread is made for them
        async with self.bot.inflight.track():
            # Ephemeral: a refusal (channel busy, bad option) must reach only the user; the lobby is posted below.
            await interaction.response.defer(ephemeral=True, thinking=True)
            channel_id = interaction.channel_id or 0
            if thread:
                parent = interaction.channel
                if not isinstance(parent, discord.TextChannel):
                    parent = await self.bot.fetch_channel(channel_id)  # type: ignore[assignment]
                name = trim(f"{spec.title or game} — {interaction.user.display_name}", THREAD_NAME)
                created = await parent.create_thread(  # type: ignore[union-attr]
                    name=name, type=discord.ChannelType.public_thread, auto_archive_duration=10080
                )
                channel_id = created.id
            table = await self.bot.service.create_table(
                game, options, interaction.user.id, interaction.guild_id, channel_id
            )
            log.info("game %s (%s) opened in channel %s by %s", table.game_id, game, channel_id, interaction.user.id)
            target = self.bot.get_partial_messageable(channel_id, guild_id=interaction.guild_id)
            try:
                await target.send(text.lobby_text(table), view=lobby_view(table.game_id), allowed_mentions=NO_PINGS)
            except discord.HTTPException as error:
                # A lobby nobody can see would hold the channel: give it back, then say why.
                await self.bot.service.cancel(table.game_id, interaction.user.id)
                raise UserFacingError(f"I could not post the lobby here ({error.text or error.status}); "
                                      "check my permissions in this channel and try again.") from error
            where = f" in <#{channel_id}>" if thread else ""
            await interaction.followup.send(f"Lobby for game #{table.game_id} is open{where}.", ephemeral=True)

    # lobby buttons -------------------------------------------------------------------------------------

    async def lobby_click(self, interaction: discord.Interaction, cid: ComponentId, values: Sequence[str]) -> None:
        """Join / Leave / Add AI / Start / Cancel pressed on a lobby message."""
        await interaction.response.defer()
        service, user = self.bot.service, interaction.user.id
        action = LobbyAction(cid.arg)
        if action is LobbyAction.JOIN:
            table = await service.join(cid.game, user)
        elif action is LobbyAction.LEAVE:
            table = await service.leave(cid.game, user)
        elif action is LobbyAction.ADD_AI:
            table = await service.add_ai(cid.game, user)
        elif action is LobbyAction.START:
            result = await service.start(cid.game, user)
            table = result.table
        else:
            table = await service.cancel(cid.game, user, moderator=is_moderator(interaction))
        log.info("game %s lobby: %s by %s", cid.game, action.value, user)
        view = lobby_view(table.game_id) if table.status is TableStatus.LOBBY else None
        await interaction.edit_original_response(content=text.lobby_text(table), view=view, allowed_mentions=NO_PINGS)

    # /game start, cancel ---------------------------------------------------------------------------------

    @app_commands.command(name="start", description="Start the game in this channel (host only)")
    @app_commands.describe(order="Seat order: random from the game's seed (default) or the order players joined")
    async def start(self, interaction: discord.Interaction, order: Literal["random", "join"] = "random") -> None:
        """Start the lobby in this channel."""
        table = await self.table_here(interaction)
        if missing := missing_bot_permissions(interaction):
            raise UserFacingError(missing_permissions_message(missing))
        async with self.bot.inflight.track():
            await interaction.response.defer(ephemeral=True, thinking=True)
            await self.bot.service.start(table.game_id, interaction.user.id, join_order=order == "join")
            await interaction.followup.send(f"Game #{table.game_id} started.", ephemeral=True)

    @app_commands.command(name="cancel", description="Cancel the game in this channel (host or Manage Channels)")
    async def cancel(self, interaction: discord.Interaction) -> None:
        """Cancel the open table here."""
        table = await self.table_here(interaction)
        async with self.bot.inflight.track():
            await interaction.response.defer(ephemeral=True, thinking=True)
            result = await self.bot.service.cancel(
                table.game_id, interaction.user.id, moderator=is_moderator(interaction)
            )
            if table.status is TableStatus.LOBBY:  # a running game's cancellation is announced by the service
                channel = self.bot.get_partial_messageable(table.channel_id, guild_id=table.guild_id)
                await channel.send(f"Game #{table.game_id} ({table.title}) was {result.status_reason or 'cancelled'}.",
                                   allowed_mentions=NO_PINGS)
            await interaction.followup.send(f"Game #{table.game_id} was cancelled.", ephemeral=True)

    # /game status, board, log, players, rules ----------------------------------------------------------------

    async def _public_view(self, table: TableInfo) -> dict[str, Any] | None:
        if table.status in (TableStatus.LOBBY, TableStatus.CANCELLED):
            return None
        return (await self.bot.service.view_for(table.game_id, None)).view

    @app_commands.command(name="status", description="Where the game stands: round, phase, who is pending")
    @app_commands.describe(game="A game number (default: the game in this channel)")
    async def status(self, interaction: discord.Interaction, game: int | None = None) -> None:
        """Show the table's public status (ephemeral)."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        table = await self.table_here(interaction, game)
        content = text.lobby_text(table) if table.status is TableStatus.LOBBY else text.status_text(
            table, await self._public_view(table)
        )
        await interaction.followup.send(content, ephemeral=True, allowed_mentions=NO_PINGS)

    @app_commands.command(name="board", description="Show the current board")
    @app_commands.describe(game="A game number (default: the game in this channel)")
    async def board(self, interaction: discord.Interaction, game: int | None = None) -> None:
        """The board picture from the public view (ephemeral)."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        table = await self.table_here(interaction, game)
        view = await self._public_view(table)
        if view is None:
            raise UserFacingError("The game has not started yet: there is no board to show.")
        file = await images.board_file(table.game_name, view, interaction.filesize_limit)
        content = text.status_text(table, view)
        if file is None:
            await interaction.followup.send(content, ephemeral=True, allowed_mentions=NO_PINGS)
        else:
            await interaction.followup.send(content, file=file, ephemeral=True, allowed_mentions=NO_PINGS)

    @app_commands.command(name="log", description="The game's history (your own private lines included, only for you)")
    @app_commands.describe(game="A game number (default: the game in this channel)")
    async def log(self, interaction: discord.Interaction, game: int | None = None) -> None:
        """The narration visible to the invoking user (ephemeral)."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        table = await self.table_here(interaction, game)
        lines = await self.bot.service.log(table.game_id, interaction.user.id)
        content = "\n".join(text.log_text(lines))
        await interaction.followup.send(content, ephemeral=True, allowed_mentions=NO_PINGS)

    @app_commands.command(name="players", description="Who plays which seat")
    @app_commands.describe(game="A game number (default: the game in this channel)")
    async def players(self, interaction: discord.Interaction, game: int | None = None) -> None:
        """The seats of the table (ephemeral)."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        table = await self.table_here(interaction, game)
        content = text.players_text(table, await self._public_view(table))
        await interaction.followup.send(content, ephemeral=True, allowed_mentions=NO_PINGS)

    @app_commands.command(name="rules", description="The rules of a game, or one topic of them")
    @app_commands.describe(topic="A section of the rules", game="Which game (default: the game in this channel)")
    async def rules(self, interaction: discord.Interaction, topic: str | None = None, game: str | None = None) -> None:
        """Rules text from docs/rules/<game>.md (ephemeral), whole or one section."""
        name = game or await self._game_name_here(interaction)
        sections = rules_sections(name)
        if not sections:
            raise UserFacingError(f"I have no rules text for {name!r} yet.")
        if topic is None:
            body = "**Topics:** " + ", ".join(sections) + "\nUse `/game rules topic:<name>`."
            first = next(iter(sections.values()))
            chunks = split_message(first + "\n\n" + body)
        else:
            key = next((k for k in sections if k.casefold() == topic.casefold()), None)
            if key is None:
                raise UserFacingError(f"No rules topic {topic!r}. Topics: {', '.join(sections)}")
            chunks = split_message(sections[key])
        await send_ephemeral(interaction, chunks[0])
        for chunk in chunks[1:4]:
            await interaction.followup.send(chunk, ephemeral=True)

    async def _game_name_here(self, interaction: discord.Interaction) -> str:
        table = await self.bot.service.table_for_channel(interaction.channel_id or 0)
        if table is not None:
            return table.game_name
        names = registry.names()
        if len(names) == 1:
            return names[0]
        raise UserFacingError(f"Which game? Use `/game rules game:<name>` ({', '.join(names)}).")

    @rules.autocomplete("topic")
    async def rules_topic_autocomplete(self, interaction: discord.Interaction, current: str
                                       ) -> list[app_commands.Choice[str]]:
        """Section names of the rules matching what was typed."""
        try:
            name = interaction.namespace.game or await self._game_name_here(interaction)
            topics = list(rules_sections(name))
        except Exception:
            return []
        folded = current.casefold()
        return [app_commands.Choice(name=trim(t, CHOICE_NAME), value=trim(t, 100))
                for t in topics if folded in t.casefold()][:AUTOCOMPLETE_CHOICES]

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
        table = await self.table_here(interaction)
        if by is not None and by.bot:
            raise UserFacingError("A bot cannot take a seat; leave `by` empty to let the AI play.")
        async with self.bot.inflight.track():
            await interaction.response.defer(ephemeral=True, thinking=True)
            # The service announces the replacement in the table's channel.
            await self.bot.service.replace_player(
                table.game_id, user.id, by.id if by else None,
                by_user_id=interaction.user.id, moderator=is_moderator(interaction),
            )
            who = by.mention if by else "the AI"
            await interaction.followup.send(f"{user.mention}'s seats in game #{table.game_id} now go to {who}.",
                                            ephemeral=True, allowed_mentions=NO_PINGS)

    @app_commands.command(name="undo", description="Take back your last move (where the table allows it)")
    async def undo(self, interaction: discord.Interaction) -> None:
        """Undo the invoking player's last move."""
        table = await self.table_here(interaction)
        async with self.bot.inflight.track():
            await interaction.response.defer(ephemeral=True, thinking=True)
            await self.bot.service.undo(table.game_id, interaction.user.id)
            await interaction.followup.send("Your last move was taken back.", ephemeral=True)

    @app_commands.command(name="settings", description="Change this table's settings (host or Manage Channels)")
    @app_commands.describe(
        undo="Allow /game undo",
        reminder_minutes="Remind pending players after this many minutes (0: never)",
        afk="What happens to a player who lets reminders pass",
        afk_after="How many reminders before the AFK rule acts",
    )
    async def settings(
        self,
        interaction: discord.Interaction,
        undo: bool | None = None,
        reminder_minutes: app_commands.Range[int, 0, 10080] | None = None,
        afk: Literal["remind", "ai", "skip"] | None = None,
        afk_after: app_commands.Range[int, 1, 20] | None = None,
    ) -> None:
        """Update the table's settings and show them."""
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
        async with self.bot.inflight.track():
            await interaction.response.defer(ephemeral=True, thinking=True)
            if changes:
                table = await self.bot.service.update_settings(
                    table.game_id, interaction.user.id, moderator=is_moderator(interaction), **changes
                )
            s = table.settings
            content = (
                f"Game #{table.game_id} settings: undo {'on' if s.undo else 'off'}, "
                f"reminders every {s.reminder_delay / 60:.0f} min, AFK rule {s.afk_policy.value} "
                f"after {s.afk_after} reminder(s)."
            )
            await interaction.followup.send(content, ephemeral=True)


def rules_sections(game_name: str) -> dict[str, str]:
    """The rules of a game from docs/rules/<game>.md, split at its `##` headings (title -> text)."""
    path = RULES_DIR / f"{game_name}.md"
    if not path.is_file():
        return {}
    sections: dict[str, str] = {}
    title, lines = "Overview", []
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("## "):
            if any(x.strip() for x in lines):
                sections[title] = "\n".join(lines).strip()
            title, lines = line[3:].strip(), [line]
        else:
            lines.append(line)
    if any(x.strip() for x in lines):
        sections[title] = "\n".join(lines).strip()
    return {trim(k, 100): v for k, v in sections.items()}


async def setup(bot: GnomehostBot) -> None:
    """Load the /game commands, with /game new built from the registered games' options."""
    cog = GameCog(bot)
    games = loadable_games()
    if games:
        cog.app_command.add_command(make_new_command(cog.new_game, games))
    else:
        log.error("no game could be loaded: /game new is not available")
    set_handler(Kind.LOBBY, cog.lobby_click)
    await bot.add_cog(cog)
