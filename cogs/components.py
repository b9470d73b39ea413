"""Persistent buttons and selects: one discord.py DynamicItem class per component kind, and the views holding them.

Everything a click needs is in its custom_id (game id, state version, seat, argument), so the
components keep working after a restart without any live view. Each class's `from_custom_id`
parses its own template into its typed id (cogs.custom_ids) once; its callback then checks that
the game may be acted on from where the click came (cogs.scope) and hands the typed id to the
cog that owns that kind (found through discord.py's `get_cog`, so nothing is registered as a
side effect of loading a cog).
"""

from __future__ import annotations

import logging
import re
from collections.abc import Sequence
from typing import Any, ClassVar, Protocol

import discord
from discord.ui import Button, DynamicItem, Select

from cogs.choices import Choice, Page, paginate
from cogs.custom_ids import (
    TEMPLATES,
    ActionId,
    BadField,
    ComponentId,
    Kind,
    LobbyAction,
    LobbyId,
    PageId,
    SelectId,
    TurnId,
    Unreadable,
    action_button,
)
from cogs.errors import UserFacingError, guarded
from cogs.limits import (
    BUTTON_LABEL,
    BUTTONS_PER_ROW,
    COMPONENT_ROWS,
    SELECT_LABEL,
    SELECT_OPTIONS,
    SELECT_PLACEHOLDER,
    trim,
)
from cogs.scope import table_in_scope
from engine.core.actions import CONFIRM_ID, UNDO_ID
from host.results import TableInfo

log = logging.getLogger(__name__)

# The cogs that act on clicks (their discord.py cog names).
LOBBY_COG = "GameCog"
PLAY_COG = "PlayCog"

# Actions shown as buttons rather than in the select, whatever the list looks like.
DRAFT_CONTROLS = (UNDO_ID, CONFIRM_ID)
# At most this many ordinary actions are offered as buttons; more go into a paged select menu.
MAX_ACTION_BUTTONS = 15

UNREADABLE_BUTTON = ("I can't read this button (it comes from an older or altered message). "
                     "Use the newest table message, `/hand` or `/game status`.")
NOT_AVAILABLE = "This button is not available right now. Try again in a moment."


class ClickHandler(Protocol):
    """A cog that acts on clicks of the component kinds it owns."""

    async def handle_click(self, interaction: discord.Interaction, cid: ComponentId, table: TableInfo,
                           values: Sequence[str]) -> None:
        """Act on one click on table `table` (already checked to be in scope)."""


async def run_click(interaction: discord.Interaction, cid: ComponentId | Unreadable, values: Sequence[str], *,
                    handled_by: str, private_panel: bool) -> None:
    """Refuse an unreadable id, check the game is in scope for this click, then let the owning cog act."""
    if isinstance(cid, Unreadable):
        log.info("unreadable custom_id from user %s (%s)", interaction.user.id, cid.reason)
        raise UserFacingError(UNREADABLE_BUTTON)
    table = await table_in_scope(interaction, cid.game, private_panel=private_panel)
    handler: ClickHandler | None = interaction.client.get_cog(handled_by)  # type: ignore[attr-defined]
    if handler is None:
        raise UserFacingError(NOT_AVAILABLE)
    await handler.handle_click(interaction, cid, table, values)


class _Clickable:
    """What every Gnomehost component does: parse its own template once, then run the click (see run_click)."""

    id_type: ClassVar[type[LobbyId] | type[TurnId] | type[ActionId] | type[SelectId] | type[PageId]]
    handled_by: ClassVar[str]
    private_panel: ClassVar[bool] = False  # part of a player's own panel or DM prompt

    def __init__(self, cid: ComponentId | Unreadable, item: Any) -> None:
        super().__init__(item)  # type: ignore[call-arg]  # DynamicItem.__init__, next in the MRO
        self.cid = cid

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: Any, match: re.Match[str], /) -> Any:
        """Rebuild the component from a clicked message (after a restart too); never raises for a match.

        discord.py drops a click silently when this raises, so unreadable fields become `Unreadable`
        and the callback answers them.
        """
        try:
            cid: ComponentId | Unreadable = cls.id_type.from_match(match)
        except BadField as error:
            cid = Unreadable(match.string, str(error))
        return cls(cid, item)

    def chosen(self) -> Sequence[str]:
        """The values chosen in a select (nothing for a button)."""
        return ()

    async def callback(self, interaction: discord.Interaction) -> None:
        """Run the click (refused as restarting after the stop signal; errors answered by cogs.errors)."""
        await self._click(interaction)

    @guarded
    async def _click(self, interaction: discord.Interaction) -> None:
        await run_click(interaction, self.cid, self.chosen(), handled_by=self.handled_by,
                        private_panel=self.private_panel)


def new_button(cid: ComponentId, label: str, style: discord.ButtonStyle, row: int | None = None) -> Button[Any]:
    """A button carrying `cid`."""
    return Button(label=trim(label, BUTTON_LABEL), style=style, custom_id=cid.encode(), row=row)


class LobbyButton(_Clickable, DynamicItem[Button[Any]], template=TEMPLATES[Kind.LOBBY]):
    """Join / Leave / Add AI / Remove AI / Start / Cancel on a lobby message."""

    id_type = LobbyId
    handled_by = LOBBY_COG


class TurnButton(_Clickable, DynamicItem[Button[Any]], template=TEMPLATES[Kind.TURN]):
    """"Take my turn" on a table message."""

    id_type = TurnId
    handled_by = PLAY_COG


class ActionButton(_Clickable, DynamicItem[Button[Any]], template=TEMPLATES[Kind.ACTION]):
    """One action of a player's current step, on their panel or DM prompt."""

    id_type = ActionId
    handled_by = PLAY_COG
    private_panel = True


class PageButton(_Clickable, DynamicItem[Button[Any]], template=TEMPLATES[Kind.PAGE]):
    """Previous / Next page of a long list of actions."""

    id_type = PageId
    handled_by = PLAY_COG
    private_panel = True


class ActionSelect(_Clickable, DynamicItem[Select[Any]], template=TEMPLATES[Kind.SELECT]):
    """A select menu of actions (one page of at most 25)."""

    id_type = SelectId
    handled_by = PLAY_COG
    private_panel = True

    def chosen(self) -> Sequence[str]:
        """The chosen action ids."""
        return list(self.item.values)


DYNAMIC_ITEMS: tuple[type[DynamicItem[Any]], ...] = (LobbyButton, TurnButton, ActionButton, PageButton, ActionSelect)


def handles_component(custom_id: str) -> bool:
    """Whether a clicked custom_id is routed by discord.py to one of our persistent components."""
    return any(item.__discord_ui_compiled_template__.fullmatch(custom_id) for item in DYNAMIC_ITEMS)


def lobby_view(game_id: int) -> discord.ui.View:
    """The lobby buttons: Join, Leave, Add AI, Remove AI, Start, Cancel."""
    view = discord.ui.View(timeout=None)
    buttons = [
        (LobbyAction.JOIN, "Join", discord.ButtonStyle.success, 0),
        (LobbyAction.LEAVE, "Leave", discord.ButtonStyle.secondary, 0),
        (LobbyAction.ADD_AI, "Add AI", discord.ButtonStyle.secondary, 0),
        (LobbyAction.REMOVE_AI, "Remove AI", discord.ButtonStyle.secondary, 0),
        (LobbyAction.START, "Start", discord.ButtonStyle.primary, 1),
        (LobbyAction.CANCEL, "Cancel", discord.ButtonStyle.danger, 1),
    ]
    for action, label, style, row in buttons:
        cid = LobbyId(game_id, action)
        view.add_item(LobbyButton(cid, new_button(cid, label, style, row)))
    return view


def table_view(game_id: int, version: int) -> discord.ui.View:
    """The table message's single "Take my turn" button (bound to the version the message shows)."""
    view = discord.ui.View(timeout=None)
    cid = TurnId(game_id, version)
    view.add_item(TurnButton(cid, new_button(cid, "Take my turn", discord.ButtonStyle.primary)))
    return view


def actions_view(game_id: int, version: int, seat: int, choices: Sequence[Choice], page: int = 0) -> discord.ui.View:
    """A player's choices for one step: buttons when few, else a paged select; Undo step / Confirm as buttons.

    Uses at most 5 rows: up to 3 rows of action buttons or 1 select + 1 row of page buttons,
    then 1 row of draft controls.
    """
    view = discord.ui.View(timeout=None)
    controls = [c for c in choices if c.action_id in DRAFT_CONTROLS]
    ordinary = [c for c in choices if c.action_id not in DRAFT_CONTROLS]
    index_of = {c.action_id: i for i, c in enumerate(choices)}
    as_buttons = len(ordinary) <= MAX_ACTION_BUTTONS and all(len(c.label) <= BUTTON_LABEL for c in ordinary)
    row = 0
    if as_buttons:
        for n, choice in enumerate(ordinary):
            row = n // BUTTONS_PER_ROW
            cid = action_button(game_id, version, seat, choice.action_id, index_of[choice.action_id])
            view.add_item(ActionButton(cid, new_button(cid, choice.label, discord.ButtonStyle.secondary, row)))
        row = (len(ordinary) - 1) // BUTTONS_PER_ROW + 1 if ordinary else 0
    else:
        shown: Page = paginate(ordinary, page, SELECT_OPTIONS)
        options = [
            discord.SelectOption(label=trim(c.label, SELECT_LABEL), value=c.action_id) for c in shown.items
        ]
        placeholder = "Choose…" if shown.count == 1 else f"Choose… (page {shown.number + 1}/{shown.count})"
        select_id = SelectId(game_id, version, seat, shown.number)
        select: Select[Any] = Select(custom_id=select_id.encode(), options=options, row=0, min_values=1,
                                     max_values=1, placeholder=trim(placeholder, SELECT_PLACEHOLDER))
        view.add_item(ActionSelect(select_id, select))
        row = 1
        if shown.count > 1:
            if shown.has_previous:
                page_id = PageId(game_id, version, seat, shown.number - 1)
                previous = new_button(page_id, "◀ Previous", discord.ButtonStyle.secondary, row)
                view.add_item(PageButton(page_id, previous))
            if shown.has_next:
                page_id = PageId(game_id, version, seat, shown.number + 1)
                view.add_item(PageButton(page_id, new_button(page_id, "Next ▶", discord.ButtonStyle.secondary, row)))
            row += 1
    for choice in controls:
        cid = action_button(game_id, version, seat, choice.action_id, index_of[choice.action_id])
        style = discord.ButtonStyle.success if choice.action_id == CONFIRM_ID else discord.ButtonStyle.secondary
        view.add_item(ActionButton(cid, new_button(cid, choice.label, style, min(row, COMPONENT_ROWS - 1))))
    return view
