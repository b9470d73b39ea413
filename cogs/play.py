"""Taking turns: /play with autocomplete, /hand, and the clicks of panels, DM prompts and table messages.

Thin: a click or command is translated into one table-service call; the answer is the user's
refreshed panel. Refusals (stale button, not your turn, illegal move) go to cogs.errors, except
a stale click, which also refreshes the panel so the player sees the current choices.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from cogs.client import GnomehostBot
from cogs.components import PLAY_COG, answer_unrouted
from cogs.custom_ids import INDEX_MARK, ActionId, ComponentId, PageId, PickId, SelectId, TurnId
from cogs.errors import UserFacingError
from cogs.limits import CHOICE_NAME, echo, trim
from cogs.locales import reader_locale
from cogs.panels import Panel, as_choices, build_panel
from cogs.replies import edit_reply, reply
from cogs.scope import table_in_channel, table_in_scope, visible_tables
from engine.core.actions import Action
from engine.core.game import summarise_actions
from engine.core.phrases import Phrase
from host.errors import Said, StaleVersion
from host.forced import played_label
from host.results import ActionChoice, PanelScreen, PendingPlayer, StepInfo, TableInfo
from i18n import ENGLISH, Locale, mark, t
from present import panel_words, text
from present.choices import (
    NOTHING_TO_CHOOSE,
    Choice,
    choice_name,
    encode_value,
    filter_choices,
    resolve_value,
    waiting_name,
    waiting_who,
)

log = logging.getLogger(__name__)



def panel_kwargs(panel: Panel, *, editing: bool) -> dict[str, Any]:
    """Keyword arguments to send or edit a panel message (edits replace components and picture)."""
    kwargs: dict[str, Any] = {"content": panel.content, "allowed_mentions": discord.AllowedMentions.none()}
    if editing:
        kwargs["view"] = panel.view
        kwargs["attachments"] = list(panel.files)
    else:
        if panel.view is not None:
            kwargs["view"] = panel.view
        if panel.files:
            kwargs["files"] = list(panel.files)
    return kwargs


def is_outdated(cid: TurnId | PageId, table: TableInfo) -> bool:
    """Whether the message holding this component shows an older public state than the game's now.

    Private steps (a pick in someone's draft) do not make messages outdated: nothing they show changed.
    """
    return cid.version < table.public_version or cid.version > table.version


def offered_choice(screen: PanelScreen, action_id: str) -> ActionChoice:
    """The choice the panel showed for `action_id` (a step's action or a shortcut), with its words; "Done" when
    unknown."""
    shortcuts = screen.details.shortcuts if screen.details is not None else ()
    actions = screen.step.actions if screen.step is not None else ()
    for action in (*shortcuts, *actions):
        if action.id == action_id:
            return action
    return ActionChoice(action_id, "Done")



class PlayCog(commands.Cog, name=PLAY_COG):
    """/play, /hand and the turn components."""

    def __init__(self, bot: GnomehostBot) -> None:
        self.bot = bot

    @commands.Cog.listener()
    async def on_interaction(self, interaction: discord.Interaction) -> None:
        """Answer the clicks no component of ours will run (see cogs.components.answer_unrouted).

        Every interaction of a user may follow their opening their DMs again: the next DM to them is tried.
        """
        # A malformed interaction may come with no user at all (cogs.errors.ignore_senderless).
        user_id = getattr(getattr(interaction, "user", None), "id", None)
        if isinstance(user_id, int):
            self.bot.service.dm_reopened(user_id)
        await answer_unrouted(interaction)

    # -- finding the user's table ---------------------------------------------------------------------

    async def table_for_user(self, interaction: discord.Interaction, game_id: int | None) -> TableInfo:
        """The game named, else this channel's game when the user plays in it, else their only/most urgent game.

        Only games visible from here count (this server's; in a DM, the user's own: cogs.scope).
        """
        service, user = self.bot.service, interaction.user.id
        if game_id is not None:
            return await table_in_scope(interaction, game_id)
        here = await table_in_channel(interaction)
        if here is not None and (here.is_seated(user) or interaction.guild_id is not None):
            return here
        tables = visible_tables(interaction, await service.tables_for_user(user))
        if not tables:
            raise UserFacingError(Said(mark("cog.not-playing")))
        pending = [t for t in tables if any(p.user_id == user for p in t.pending)]
        return (pending or tables)[0]

    async def user_steps(self, table: TableInfo, user_id: int) -> list[StepInfo]:
        """The current step of each of the user's seats that has something to choose."""
        players = table.players_of(user_id)
        if not players:
            return [await self.bot.service.legal_actions_for(table.game_id, user_id)]
        steps = [await self.bot.service.legal_actions_for(table.game_id, user_id, player=p) for p in players]
        return [s for s in steps if s.can_act]

    # -- /play ---------------------------------------------------------------------------------------

    @app_commands.command(name="play", description="Take one of your legal actions for the current step")
    @app_commands.describe(action="Start typing to filter your choices", game="A game number (default: this channel's)")
    async def play(self, interaction: discord.Interaction, action: str, game: int | None = None) -> None:
        """Apply the chosen action for the invoking player."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        table = await self.table_for_user(interaction, game)
        user = interaction.user.id
        steps = await self.user_steps(table, user)
        choices = await self.step_choices(table, user, steps, reader_locale(interaction))
        if not choices:
            waiting = steps[0].waiting_for if steps else table.pending
            waits = text.pending_line(table, waiting, None, reader_locale(interaction))
            raise UserFacingError(Said(mark("cog.nothing-to-decide"), {"waiting": waits}))
        chosen = resolve_value(action, choices)
        if chosen is None:
            allowed = summarise_actions([_as_action(c) for c in choices])
            raise UserFacingError(Said(mark("cog.not-a-choice"), {"typed": echo(action), "allowed": allowed}))
        step = next(s for s in steps if (s.player or 0) == chosen.seat)
        result = await self.bot.service.submit(table.game_id, user, chosen.action_id, step.version,
                                               player=step.player, forced_steps=True)
        log.info("game %s: /play by %s applied", table.game_id, user)
        locale = reader_locale(interaction)
        panel = await build_panel(self.bot.service, table.game_id, user, player=step.player,
                                  note=move_note(chosen.label, result.forced, table.game_name, locale),
                                  file_limit=interaction.filesize_limit, with_image=False, locale=locale)
        await reply(interaction, **panel_kwargs(panel, editing=False))

    async def step_choices(self, table: TableInfo, user_id: int, steps: Sequence[StepInfo],
                           locale: Locale = ENGLISH) -> list[Choice]:
        """Every choice of the user's steps for /play, labelled in `locale`: the engine's shortcuts (whole
        orders) first."""
        choices: list[Choice] = []
        for step in steps:
            seat = step.player or 0
            if step.actions:
                details = await self.bot.service.panel_details(table.game_id, user_id, player=step.player)
                if details.version == step.version:
                    choices += as_choices(seat, details.shortcuts, table.game_name, locale)
            known = {c.action_id for c in choices if c.seat == seat}
            fresh = tuple(a for a in step.actions if a.id not in known)
            choices += as_choices(seat, fresh, table.game_name, locale)
        return choices

    @play.autocomplete("action")
    async def play_autocomplete(self, interaction: discord.Interaction, current: str
                                ) -> list[app_commands.Choice[str]]:
        """The invoking user's legal actions now, filtered by what they typed (≤ 25).

        Never silently empty: when there is nothing to choose, one line says whose turn it
        is (or why nothing can be played); choosing it is refused politely by /play.
        """
        try:
            table = await self.table_for_user(interaction, interaction.namespace.game)
            steps = await self.user_steps(table, interaction.user.id)
        except Exception as error:  # autocomplete has no error channel: say why in the one line shown
            message = getattr(error, "message", None)
            if not isinstance(message, str):
                log.exception("autocomplete failed")
                return []
            return [app_commands.Choice(name=trim(message, CHOICE_NAME), value=NOTHING_TO_CHOOSE)]
        if not any(s.can_act for s in steps):
            waiting = steps[0].waiting_for if steps else table.pending
            return [app_commands.Choice(name=await self._waiting_name(interaction, table, waiting),
                                        value=NOTHING_TO_CHOOSE)]
        several = len(steps) > 1
        public = None
        if several:
            public = (await self.bot.service.view_for(table.game_id, None)).view
        choices = await self.step_choices(table, interaction.user.id, steps, reader_locale(interaction))
        result = []
        locale = reader_locale(interaction)
        for c in filter_choices(choices, current):
            seat = (text.faction_names(public, table.game_name, locale).get(c.seat)
                    or t(locale, "choices.side", number=c.seat + 1)) if several else None
            result.append(app_commands.Choice(name=choice_name(c, seat), value=encode_value(c, several)))
        return result

    async def _waiting_name(self, interaction: discord.Interaction, table: TableInfo,
                            waiting: Sequence[PendingPlayer]) -> str:
        """"Not your turn — waiting for alice (Red)": display names, since an autocomplete line shows no mentions."""
        public = (await self.bot.service.view_for(table.game_id, None)).view
        locale = reader_locale(interaction)
        factions = text.faction_names(public, table.game_name, locale)
        guild = interaction.guild
        names = []
        for p in waiting:
            member = guild.get_member(p.user_id) if guild is not None and p.user_id is not None else None
            seat = next((s for s in table.seats if s.player == p.player), None)
            who: str | None = (member.display_name if member is not None
                               else text.seat_label(seat, locale) if seat else None)
            if p.user_id is not None and member is None:
                who = None  # a mention would show as raw text here
            names.append(waiting_who(who, factions.get(p.player), locale))
        return waiting_name(names, bool(waiting) and all(p.kind in text.SECRET_KINDS for p in waiting), locale)

    # -- /hand ---------------------------------------------------------------------------------------

    @app_commands.command(name="hand", description="Your private view and choices, only for you")
    @app_commands.describe(game="A game number (default: this channel's, or your current game)")
    async def hand(self, interaction: discord.Interaction, game: int | None = None) -> None:
        """The user's panel, ephemeral; works in any channel and with DMs closed."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        # Asking for one's hand may mean DMs were opened again: the next DM to this user is tried.
        self.bot.service.dm_reopened(interaction.user.id)
        table = await self.table_for_user(interaction, game)
        forced = await self.bot.service.take_forced_steps(table.game_id, interaction.user.id)
        panel = await build_panel(self.bot.service, table.game_id, interaction.user.id,
                                  note=move_note("", forced, table.game_name, reader_locale(interaction)),
                                  file_limit=interaction.filesize_limit,
                                  locale=reader_locale(interaction))
        await reply(interaction, **panel_kwargs(panel, editing=False))

    # -- components ------------------------------------------------------------------------------------

    async def handle_click(self, interaction: discord.Interaction, cid: ComponentId, table: TableInfo,
                           values: Sequence[str]) -> None:
        """A click on a table message, panel or DM prompt; `table` was checked to be in scope (cogs.scope)."""
        match cid:
            case TurnId():
                await self.turn_click(interaction, cid, table)
            case ActionId():
                await self.action_click(interaction, cid.game, cid.version, cid.seat, cid.action)
            case SelectId(game=game, version=version, seat=seat):
                if not values:
                    raise UserFacingError(Said(mark("cog.choose-in-menu")))
                await self.action_click(interaction, game, version, seat, values[0])
            case PickId():
                await self.pick_click(interaction, cid, values)
            case PageId():
                await self.page_click(interaction, cid, table)
            case _:
                raise TypeError(f"the play cog does not handle {type(cid).__name__}")

    async def turn_click(self, interaction: discord.Interaction, cid: TurnId, table: TableInfo) -> None:
        """"Take my turn": open the clicking player's ephemeral panel."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        if not table.is_seated(interaction.user.id):
            raise UserFacingError(Said(mark("cog.no-turn-to-take")))
        note = outdated_note(reader_locale(interaction)) if is_outdated(cid, table) else ""
        forced = await self.bot.service.take_forced_steps(cid.game, interaction.user.id)
        locale = reader_locale(interaction)
        taken = move_note("", forced, table.game_name, locale)
        panel = await build_panel(self.bot.service, cid.game, interaction.user.id,
                                  note="\n".join(n for n in (note, taken) if n),
                                  file_limit=interaction.filesize_limit, locale=locale)
        await reply(interaction, **panel_kwargs(panel, editing=False))

    async def action_click(self, interaction: discord.Interaction, game: int, version: int, seat: int,
                           action: str | int) -> None:
        """An action button or select choice in a panel or DM prompt: submit it, then refresh the panel.

        `action` is an action id, or an index into the seat's legal actions at `version`.
        """
        await interaction.response.defer()
        service, user = self.bot.service, interaction.user.id
        # One read gives both the meaning of an index and the words the panel showed for the action.
        screen = await service.panel(game, user, player=seat)
        if isinstance(action, int):
            # An index means nothing at another version: the submit below then refuses it as stale.
            action_id = f"{INDEX_MARK}{action}"
            step = screen.step
            if step is not None and step.version == version and action < len(step.actions):
                action_id = step.actions[action].id
        else:
            action_id = action
        offered = offered_choice(screen, action_id)
        await self.apply_and_show(interaction, game, version, seat, action_id, offered.label, offered.phrase)

    async def pick_click(self, interaction: discord.Interaction, cid: PickId, values: Sequence[str]) -> None:
        """The 'pick k of n' menu was closed on a choice: make the whole pick with the engine's one action.

        Closing a multi-select on exactly the options wanted is the player's explicit choice, so the pick is
        made at once (one select, no further Confirm).
        """
        await interaction.response.defer()
        service, user = self.bot.service, interaction.user.id
        details = await service.panel_details(cid.game, user, player=cid.seat, pick=list(values))
        if details.pick_action is None or details.version < cid.version:
            locale = reader_locale(interaction)
            panel = await build_panel(service, cid.game, user, player=cid.seat, note=outdated_note(locale),
                                      file_limit=interaction.filesize_limit, locale=locale)
            await edit_reply(interaction, **panel_kwargs(panel, editing=True))
            return
        await self.apply_and_show(interaction, cid.game, cid.version, cid.seat, details.pick_action.id,
                                  details.pick_action.label, details.pick_action.phrase)

    async def _stale_words(self, game_id: int, locale: Locale) -> str:
        """The private answer to a click the game had moved past: that it was out of date, and who plays now."""
        table = await self.bot.service.get_table(game_id)
        return panel_words.stale(text.pending_line(table, table.pending, None, locale), locale)

    async def apply_and_show(self, interaction: discord.Interaction, game: int, version: int, seat: int,
                             action_id: str, label: str, offered: Phrase | None = None) -> None:
        """Submit one choice of a panel (deferred already), take the forced steps after it, refresh the panel."""
        service, user = self.bot.service, interaction.user.id
        try:
            result = await service.submit(game, user, action_id, version, player=seat, forced_steps=True)
        except StaleVersion:
            locale = reader_locale(interaction)
            panel = await build_panel(service, game, user, player=seat, note=outdated_note(locale),
                                      file_limit=interaction.filesize_limit, locale=locale)
            await edit_reply(interaction, **panel_kwargs(panel, editing=True))
            await reply(interaction, await self._stale_words(game, reader_locale(interaction)))
            return
        log.info("game %s: move by %s applied, now version %s", game, user, result.version)
        locale, game_name = reader_locale(interaction), result.table.game_name
        # The words the player read on the panel where the engine's own answer has none (a whole order typed).
        said = result.submitted.phrase if result.submitted is not None and result.submitted.phrase else offered
        shown = panel_words.choice_label(played_label(result, label), said, game_name, locale)
        note = move_note(shown, result.forced, game_name, locale)
        panel = await build_panel(service, game, user, player=seat, note=note, file_limit=interaction.filesize_limit,
                                  locale=reader_locale(interaction))
        await edit_reply(interaction, **panel_kwargs(panel, editing=True))

    async def page_click(self, interaction: discord.Interaction, cid: PageId, table: TableInfo) -> None:
        """Previous/Next in a long list of choices: show that page."""
        await interaction.response.defer()
        note = outdated_note(reader_locale(interaction)) if is_outdated(cid, table) else ""
        panel = await build_panel(self.bot.service, cid.game, interaction.user.id, player=cid.seat, page=cid.page,
                                  note=note, file_limit=interaction.filesize_limit, with_image=False,
                                  locale=reader_locale(interaction))
        kwargs = panel_kwargs(panel, editing=True)
        kwargs.pop("attachments")  # turning a page keeps the picture already shown
        await edit_reply(interaction, **kwargs)


def outdated_note(locale: Locale = ENGLISH) -> str:
    """The note atop a panel refreshed after a click on an outdated message."""
    return panel_words.outdated(locale)


def move_note(label: str, forced: Sequence[ActionChoice], game: str = "", locale: Locale = ENGLISH) -> str:
    """"✅ Move from Home" plus the steps taken for the player because they were the only choice, in `locale`."""
    lines = [f"✅ {label}"] if label else []
    if forced:
        steps = [panel_words.choice_label(step.label, step.phrase if game else None, game, locale) for step in forced]
        lines.append(panel_words.forced_steps(steps, locale))
    return "\n".join(lines)


def _as_action(choice: Choice) -> Action:
    return Action(id=choice.action_id, label=choice.label)


async def setup(bot: GnomehostBot) -> None:
    """Load /play, /hand and the clicks of table messages, panels and DM prompts."""
    await bot.add_cog(PlayCog(bot))
