"""Persistent buttons and selects (discord.py DynamicItem) and the views that hold them.

Everything a click needs is in its custom_id (game id, state version, seat, argument), so the
components keep working after a restart without any live view. What a click does is decided
by the handler registered for its kind (cogs.lobby and cogs.play register theirs).
"""

from __future__ import annotations

import logging
import re
from collections.abc import Awaitable, Callable, Sequence
from typing import Any

import discord
from discord.ui import Button, DynamicItem, Select

from cogs.choices import Choice, Page, paginate
from cogs.custom_ids import ComponentId, Kind, LobbyAction, action_button, decode, template
from cogs.errors import UserFacingError, guarded
from cogs.limits import BUTTON_LABEL, BUTTONS_PER_ROW, COMPONENT_ROWS, SELECT_LABEL, SELECT_OPTIONS, trim
from engine.core.actions import CONFIRM_ID, UNDO_ID

log = logging.getLogger(__name__)

Handler = Callable[[discord.Interaction, ComponentId, Sequence[str]], Awaitable[None]]
_handlers: dict[Kind, Handler] = {}

# Actions shown as buttons rather than in the select, whatever the list looks like.
DRAFT_CONTROLS = (UNDO_ID, CONFIRM_ID)
# At most this many ordinary actions are offered as buttons; more go into a paged select menu.
MAX_ACTION_BUTTONS = 15


def set_handler(kind: Kind, handler: Handler) -> None:
    """Register what clicks of `kind` do (one handler per kind; a cog sets it when loaded)."""
    _handlers[kind] = handler


async def dispatch(interaction: discord.Interaction, cid: ComponentId, values: Sequence[str]) -> None:
    """Run the handler of a decoded click."""
    handler = _handlers.get(cid.kind)
    if handler is None:
        raise UserFacingError("This button is not available right now. Try again in a moment.")
    await handler(interaction, cid, values)


class GnomeButton(DynamicItem[Button[Any]], template=template("LTAP")):
    """A persistent button: lobby actions, "Take my turn", one game action, or a page turn."""

    def __init__(
        self,
        cid: ComponentId,
        label: str,
        style: discord.ButtonStyle = discord.ButtonStyle.secondary,
        row: int | None = None,
        disabled: bool = False,
    ) -> None:
        super().__init__(
            Button(label=trim(label, BUTTON_LABEL), style=style, custom_id=cid.encode(), row=row, disabled=disabled)
        )
        self.cid = cid

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: Button[Any], match: re.Match[str], /
    ) -> GnomeButton:
        """Rebuild the button from a clicked message (after a restart too)."""
        cid = decode(item.custom_id or "")
        if cid is None:
            raise ValueError(f"not a Gnomehost custom_id: {item.custom_id!r}")
        return cls(cid, item.label or "…", item.style)

    @guarded
    async def callback(self, interaction: discord.Interaction) -> None:
        """Hand the click to the handler of its kind."""
        await dispatch(interaction, self.cid, ())


class GnomeSelect(DynamicItem[Select[Any]], template=template("S")):
    """A persistent select menu of actions (one page of at most 25)."""

    def __init__(self, cid: ComponentId, options: Sequence[discord.SelectOption], placeholder: str,
                 row: int | None = None) -> None:
        super().__init__(
            Select(custom_id=cid.encode(), options=list(options), placeholder=trim(placeholder, 150), row=row,
                   min_values=1, max_values=1)
        )
        self.cid = cid

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: Select[Any], match: re.Match[str], /
    ) -> GnomeSelect:
        """Rebuild the select from a clicked message (after a restart too)."""
        cid = decode(item.custom_id or "")
        if cid is None:
            raise ValueError(f"not a Gnomehost custom_id: {item.custom_id!r}")
        return cls(cid, item.options, item.placeholder or "")

    @guarded
    async def callback(self, interaction: discord.Interaction) -> None:
        """Hand the chosen value to the select handler."""
        await dispatch(interaction, self.cid, list(self.item.values))


DYNAMIC_ITEMS: tuple[type[DynamicItem[Any]], ...] = (GnomeButton, GnomeSelect)


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
        view.add_item(GnomeButton(ComponentId(Kind.LOBBY, game_id, arg=action.value), label, style, row))
    return view


def table_view(game_id: int, version: int) -> discord.ui.View:
    """The table message's single "Take my turn" button (bound to the version the message shows)."""
    view = discord.ui.View(timeout=None)
    view.add_item(GnomeButton(ComponentId(Kind.TURN, game_id, version), "Take my turn", discord.ButtonStyle.primary))
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
            view.add_item(GnomeButton(cid, choice.label, discord.ButtonStyle.secondary, row))
        row = (len(ordinary) - 1) // BUTTONS_PER_ROW + 1 if ordinary else 0
    else:
        shown: Page = paginate(ordinary, page, SELECT_OPTIONS)
        options = [
            discord.SelectOption(label=trim(c.label, SELECT_LABEL), value=c.action_id) for c in shown.items
        ]
        placeholder = "Choose…" if shown.count == 1 else f"Choose… (page {shown.number + 1}/{shown.count})"
        select_id = ComponentId(Kind.SELECT, game_id, version, seat, str(shown.number))
        view.add_item(GnomeSelect(select_id, options, placeholder, row=0))
        row = 1
        if shown.count > 1:
            if shown.has_previous:
                cid = ComponentId(Kind.PAGE, game_id, version, seat, str(shown.number - 1))
                view.add_item(GnomeButton(cid, "◀ Previous", discord.ButtonStyle.secondary, row))
            if shown.has_next:
                cid = ComponentId(Kind.PAGE, game_id, version, seat, str(shown.number + 1))
                view.add_item(GnomeButton(cid, "Next ▶", discord.ButtonStyle.secondary, row))
            row += 1
    for choice in controls:
        cid = action_button(game_id, version, seat, choice.action_id, index_of[choice.action_id])
        style = discord.ButtonStyle.success if choice.action_id == CONFIRM_ID else discord.ButtonStyle.secondary
        view.add_item(GnomeButton(cid, choice.label, style, min(row, COMPONENT_ROWS - 1)))
    return view
