"""/game leaderboard and /game stats: a server's record (the words are present/records.py's and present/stats.py's;
this is Discord only). A leaderboard longer than a page carries ◀ ▶ buttons (cogs.custom_ids LeaderboardId),
answered by `turn_leaderboard_page` through cogs/components.py's LeaderboardButton.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands

from cogs.custom_ids import LeaderboardId
from cogs.errors import UserFacingError
from cogs.limits import CHOICE_NAME, trim
from cogs.locales import reader_locale
from cogs.replies import reply, reply_long
from engine import registry
from host.errors import Said
from i18n import ENGLISH, Locale, mark
from present import records as words
from present import stats as stats_words
from present.fit import fit_lines
from present.titles import game_title

if TYPE_CHECKING:
    from cogs.client import GnomehostBot
    from host.service import TableService

log = logging.getLogger(__name__)

NO_PINGS = discord.AllowedMentions.none()
PREVIOUS, NEXT = "\u25c0", "\u25b6"


def _game_choices() -> list[app_commands.Choice[str]]:
    return [app_commands.Choice(name=trim(registry.get(g).title or g, CHOICE_NAME), value=g) for g in registry.names()]


def _title(game: str, locale: Locale = ENGLISH) -> str:
    if locale != ENGLISH and (said := game_title(game, locale)) != "title":
        return said
    return registry.get(game).title or game


def _check_game(game: str) -> None:
    if game not in registry.names():
        raise UserFacingError(Said(mark("cog.no-game-of-name"), {"games": ", ".join(registry.names())}))


def leaderboard_view(game: str, page: int, pages: int) -> discord.ui.View | None:
    """◀ ▶ buttons around page `page` (0-based) of `pages`; None when everything fits on one page."""
    if pages <= 1:
        return None
    view = discord.ui.View(timeout=None)
    for label, target, disabled in ((PREVIOUS, page - 1, page <= 0), (NEXT, page + 1, page >= pages - 1)):
        view.add_item(discord.ui.Button(label=label, style=discord.ButtonStyle.secondary, disabled=disabled,
                                        custom_id=LeaderboardId(game, max(0, min(target, pages - 1))).encode()))
    return view


async def leaderboard_page(service: TableService, guild_id: int, game: str, user_id: int,
                           page: int, locale: Locale = ENGLISH) -> tuple[str, discord.ui.View | None]:
    """The text and buttons of page `page` (0-based, clamped) of a server's leaderboard for `user_id`."""
    board = await service.leaderboard(guild_id, game, user_id, page)
    # Mentions show each person's name as this server knows it; NO_PINGS keeps them from notifying.
    names = {e.user_id: f"<@{e.user_id}>" for e in board.entries}
    text = "\n".join(words.leaderboard_lines(board, names, _title(game, locale), locale))
    return text, leaderboard_view(game, board.page, board.pages)


async def turn_leaderboard_page(interaction: discord.Interaction, cid: LeaderboardId) -> None:
    """A ◀ or ▶ click: the clicked leaderboard message shows the page the button names (this server's)."""
    if interaction.guild_id is None:
        raise UserFacingError(Said(mark("cog.ratings-server")))
    _check_game(cid.game_name)
    await interaction.response.defer()
    service: TableService = interaction.client.service  # type: ignore[attr-defined]  # typed discord.Client; ours is GnomehostBot
    text, view = await leaderboard_page(service, interaction.guild_id, cid.game_name, interaction.user.id, cid.page,
                                      reader_locale(interaction))
    await interaction.edit_original_response(content=text, view=view, allowed_mentions=NO_PINGS)


def leaderboard_command(bot: GnomehostBot) -> app_commands.Command[Any, ..., None]:
    """The /game leaderboard command (added to the /game group by cogs/lobby.py's setup)."""

    @app_commands.command(name="leaderboard", description="This server's best players of a game, and your place")
    @app_commands.describe(game="Which game", page="Which page of ten (default: the first)")
    @app_commands.choices(game=_game_choices())
    async def leaderboard(
        interaction: discord.Interaction, game: str, page: app_commands.Range[int, 1, 10_000] = 1
    ) -> None:
        """The leaderboard page, the caller's place and the AI levels (ephemeral), with ◀ ▶ beyond ten."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        if interaction.guild_id is None:
            raise UserFacingError(Said(mark("cog.ratings-server")))
        _check_game(game)
        text, view = await leaderboard_page(bot.service, interaction.guild_id, game, interaction.user.id, page - 1,
                                            reader_locale(interaction))
        if view is None:
            await reply(interaction, text, allowed_mentions=NO_PINGS)
        else:
            await reply(interaction, text, allowed_mentions=NO_PINGS, view=view)

    return leaderboard


def stats_command(bot: GnomehostBot) -> app_commands.Command[Any, ..., None]:
    """The /game stats command (added to the /game group by cogs/lobby.py's setup)."""

    @app_commands.command(name="stats", description="A player's record, or this server's (no player given)")
    @app_commands.describe(user="Whose record (yourself: every server; someone else: this server's games)",
                           game="Only this game (default: every game)")
    @app_commands.choices(game=_game_choices())
    async def stats(interaction: discord.Interaction, user: discord.User | None = None,
                    game: str | None = None) -> None:
        """A person's stats card, or the server's stats (ephemeral)."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        if game is not None:
            _check_game(game)
        locale = reader_locale(interaction)
        title = _title(game, locale) if game is not None else None
        if user is None:
            if interaction.guild_id is None:
                raise UserFacingError(Said(mark("cog.stats-server")))
            found = await bot.service.stats.server(interaction.guild_id, game)
            people = [s.user_id for s in found.slowest + found.fastest]
            titles = {g: _title(g, locale) for g in registry.names()}
            text = stats_words.server_text(found, {u: f"<@{u}>" for u in people}, titles, locale)
            # Every game's figures together pass one message's 2,000 characters: cut at line breaks.
            await reply_long(interaction, text, allowed_mentions=NO_PINGS)
            return
        own = user.id == interaction.user.id
        if not own and interaction.guild_id is None:
            raise UserFacingError(Said(mark("cog.stats-other")))
        # Your own record covers every server; someone else's only what this server saw.
        record = await bot.service.stats.player(user.id, None if own else interaction.guild_id, game)
        names = {} if record.opponent is None else {record.opponent: f"<@{record.opponent}>"}
        card = fit_lines(stats_words.player_lines(record, f"<@{user.id}>", names, title, locale))
        await reply(interaction, card, allowed_mentions=NO_PINGS)

    return stats
