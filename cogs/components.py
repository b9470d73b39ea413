"""Persistent buttons and selects: one discord.py DynamicItem class per component kind, and the views holding them.

Everything a click needs is in its custom_id (game id, state version, seat, argument), so the
components keep working after a restart without any live view. Each class's `from_custom_id`
reads the click (its own template, the component type and chosen values Discord reports) into a
typed `Click` (cogs.custom_ids) once; its callback then checks that the game may be acted on from
where the click came (cogs.scope) and hands the typed id to the cog that owns that kind (found
through discord.py's `get_cog`, so nothing is registered as a side effect of loading a cog).

discord.py runs none of these for a click it cannot route (a custom_id matching no template, a
component missing from the clicked message) and sends nothing; `answer_unrouted` gives such a
click the same refusal as an unreadable button, so Discord never shows "This interaction failed".
"""

from __future__ import annotations

import logging
import re
from collections.abc import Sequence
from typing import Any, ClassVar, Protocol

import discord
from discord.ui import Button, DynamicItem, Select

from cogs import records
from cogs.custom_ids import (
    INDEX_MARK,
    TEMPLATES,
    ActionId,
    Click,
    ComponentId,
    IdType,
    Kind,
    LeaderboardId,
    LobbyAction,
    LobbyId,
    PageId,
    PickId,
    RematchId,
    ReplayId,
    ReplayStep,
    SelectId,
    TableId,
    TurnId,
    Unreadable,
    action_button,
    read_click,
)
from cogs.errors import (
    UserFacingError,
    answer_refusal,
    describe_interaction,
    guarded,
    ignore_senderless,
    refuse_restarting,
    user_id,
)
from cogs.limits import (
    BUTTON_LABEL,
    BUTTONS_PER_ROW,
    COMPONENT_ROWS,
    SELECT_LABEL,
    SELECT_OPTIONS,
    SELECT_PLACEHOLDER,
    trim,
)
from cogs.locales import reader_locale
from cogs.scope import table_in_scope
from engine.core.actions import CLEAR_ID, CONFIRM_ID, UNDO_ID
from engine.core.picks import MultiPick
from host.errors import Said
from host.results import AiLevel, TableInfo
from i18n import ENGLISH, Locale, mark
from present import buttons as buttons_words
from present import panel_words
from present.choices import Choice, Page, paginate

log = logging.getLogger(__name__)

# The cogs that act on clicks (their discord.py cog names).
LOBBY_COG = "GameCog"
PLAY_COG = "PlayCog"

# Actions shown as buttons rather than in the select, whatever the list looks like.
DRAFT_CONTROLS = (UNDO_ID, CLEAR_ID, CONFIRM_ID)
# At most this many ordinary actions are offered as buttons (four rows, the fifth keeps the draft controls);
# more go into a paged select menu. A button is one tap, a menu two (open it, choose).
MAX_ACTION_BUTTONS = 20
# The page number that tells the select of shortcuts apart from the select of the step's actions.
QUICK_PAGE = 9999

UNREADABLE_BUTTON = Said(mark("error.unreadable-button"))
NOT_AVAILABLE = Said(mark("error.button-not-available"))


class ClickHandler(Protocol):
    """A cog that acts on clicks of the component kinds it owns."""

    async def handle_click(self, interaction: discord.Interaction, cid: TableId, table: TableInfo,
                           values: Sequence[str]) -> None:
        """Act on one click on table `table` (already checked to be in scope)."""


async def run_click(interaction: discord.Interaction, click: Click | Unreadable, *, handled_by: str,
                    private_panel: bool, any_viewer: bool = False) -> None:
    """Refuse an unreadable click, check the game is in scope for it, then let the owning cog act."""
    if isinstance(click, Unreadable):
        log.info("unreadable custom_id from user %s (%s)", user_id(interaction), click.reason)
        raise UserFacingError(UNREADABLE_BUTTON)
    if isinstance(click.cid, LeaderboardId):  # its own button answers it (LeaderboardButton); never routed here
        raise UserFacingError(UNREADABLE_BUTTON)
    table = await table_in_scope(interaction, click.cid.game, private_panel=private_panel, any_viewer=any_viewer)
    handler: ClickHandler | None = interaction.client.get_cog(handled_by)  # type: ignore[attr-defined]  # typed discord.Client; ours is a commands.Bot
    if handler is None:
        raise UserFacingError(NOT_AVAILABLE)
    await handler.handle_click(interaction, click.cid, table, click.values)


class _Clickable:
    """What every Gnomehost component does: parse its own template once, then run the click (see run_click)."""

    id_type: ClassVar[IdType]
    handled_by: ClassVar[str]
    private_panel: ClassVar[bool] = False  # part of a player's own panel or DM prompt
    any_viewer: ClassVar[bool] = False  # shows only what anyone may see: usable wherever the game's guild is

    def __init__(self, cid: ComponentId | Click | Unreadable, item: Any) -> None:
        super().__init__(item)  # type: ignore[call-arg]  # DynamicItem.__init__, next in the MRO
        self.click: Click | Unreadable = cid if isinstance(cid, Click | Unreadable) else Click(cid)

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: Any, match: re.Match[str], /) -> Any:
        """Rebuild the component from a clicked message (after a restart too); never raises for a match.

        discord.py drops a click silently when this raises, so everything that does not fit the kind
        (its fields, the component type, the chosen values) becomes `Unreadable` and the callback
        answers it. The values are read here, from the payload, not from `item`: for a forged click
        `item` may be another kind of component than this class holds.
        """
        return cls(read_click(cls.id_type.kind, match, interaction.data), item)

    def _refresh_state(self, interaction: discord.Interaction, data: dict[str, Any]) -> None:
        """Nothing to refresh: the click was read from the payload when the item was built.

        discord.py calls this (a private hook of its items) between building the item and running its
        callback, and would let a wrapped select read the chosen values itself: on values that are not
        a list that raises where no handler answers the click. `from_custom_id` already read them.
        """

    async def callback(self, interaction: discord.Interaction) -> None:
        """Run the click (refused as restarting after the stop signal; errors answered by cogs.errors)."""
        await self._click(interaction)

    @guarded
    async def _click(self, interaction: discord.Interaction) -> None:
        await run_click(interaction, self.click, handled_by=self.handled_by, private_panel=self.private_panel,
                        any_viewer=self.any_viewer)


def new_button(cid: ComponentId, label: str, style: discord.ButtonStyle, row: int | None = None) -> Button[Any]:
    """A button carrying `cid`."""
    return Button(label=trim(label, BUTTON_LABEL), style=style, custom_id=cid.encode(), row=row)


class LobbyButton(_Clickable, DynamicItem[Button[Any]], template=TEMPLATES[Kind.LOBBY]):
    """Join / Leave / Add AI / Remove AI / Start / Cancel on a lobby message."""

    id_type = LobbyId
    handled_by = LOBBY_COG


class TurnButton(_Clickable, DynamicItem[Button[Any]], template=TEMPLATES[Kind.TURN]):
    """"Take my turn" on a table message, and on a player's own /games list (a private message: its player only)."""

    id_type = TurnId
    handled_by = PLAY_COG
    private_panel = True


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


class PickSelect(_Clickable, DynamicItem[Select[Any]], template=TEMPLATES[Kind.PICK]):
    """The 'pick k of n' multi-select (keep five cards, choose objectives): one choice of several options."""

    id_type = PickId
    handled_by = PLAY_COG
    private_panel = True


class ActionSelect(_Clickable, DynamicItem[Select[Any]], template=TEMPLATES[Kind.SELECT]):
    """A select menu of actions (one page of at most 25)."""

    id_type = SelectId
    handled_by = PLAY_COG
    private_panel = True


class RematchButton(_Clickable, DynamicItem[Button[Any]], template=TEMPLATES[Kind.REMATCH]):
    """"Rematch" on a finished game's final message: a new lobby in the same channel with the same seats."""

    id_type = RematchId
    handled_by = LOBBY_COG


class LeaderboardButton(_Clickable, DynamicItem[Button[Any]], template=TEMPLATES[Kind.LEADERBOARD]):
    """◀ or ▶ on a leaderboard: the same message shows another page. It names no table (the server is the
    click's own), so it skips the table scope check and goes to cogs/records.py."""

    id_type = LeaderboardId
    handled_by = ""

    @guarded
    async def _click(self, interaction: discord.Interaction) -> None:
        click = self.click
        if isinstance(click, Unreadable) or not isinstance(click.cid, LeaderboardId):
            reason = click.reason if isinstance(click, Unreadable) else "not a leaderboard id"
            log.info("unreadable leaderboard custom_id from user %s (%s)", user_id(interaction), reason)
            raise UserFacingError(UNREADABLE_BUTTON)
        await records.turn_leaderboard_page(interaction, click.cid)


class ReplayButton(_Clickable, DynamicItem[Button[Any]], template=TEMPLATES[Kind.REPLAY]):
    """A step of a finished game's replay viewer (an ephemeral message), or "Watch the replay" opening it."""

    id_type = ReplayId
    handled_by = LOBBY_COG
    any_viewer = True


DYNAMIC_ITEMS: tuple[type[DynamicItem[Any]], ...] = (
    LobbyButton, TurnButton, ActionButton, PageButton, ActionSelect, PickSelect, RematchButton, LeaderboardButton,
    ReplayButton,
)


def handles_component(custom_id: str) -> bool:
    """Whether a clicked custom_id is routed by discord.py to one of our persistent components."""
    return any(item.__discord_ui_compiled_template__.fullmatch(custom_id) for item in DYNAMIC_ITEMS)


def _custom_id(interaction: discord.Interaction) -> tuple[str, object]:
    """The clicked custom_id and the component type Discord reported ("" and None when absent)."""
    data: dict[str, Any] = interaction.data if isinstance(interaction.data, dict) else {}  # type: ignore[assignment]  # TypedDicts in discord.py
    custom_id = data.get("custom_id")
    return (custom_id if isinstance(custom_id, str) else ""), data.get("component_type")


def is_routed(interaction: discord.Interaction) -> bool:
    """Whether discord.py runs one of our components for this click.

    It does so only when the custom_id fits one of our templates and the clicked message carries a
    component of the reported type with that custom_id (the same test discord.py makes).
    """
    custom_id, component_type = _custom_id(interaction)
    message = interaction.message
    if not handles_component(custom_id) or message is None:
        return False
    view_type = discord.ui.LayoutView if message.flags.components_v2 else discord.ui.View
    view = view_type.from_message(message, timeout=None)
    return any(item.type.value == component_type and getattr(item, "custom_id", None) == custom_id
               for item in view.walk_children())


async def answer_unrouted(interaction: discord.Interaction) -> None:
    """Give a click that none of our components will handle the refusal of an unreadable button.

    A click without a sender gets nothing (logged once): Discord never sends one. Every component the
    bot posts is one of DYNAMIC_ITEMS; a view with callbacks of its own would have to count as routed
    in `is_routed`, or its clicks would be refused here too.
    """
    if interaction.type is not discord.InteractionType.component or is_routed(interaction):
        return
    inflight = interaction.client.inflight  # type: ignore[attr-defined]  # interaction.client is typed discord.Client; ours is GnomehostBot
    async with inflight.handling(interaction.id) as allowed:
        if ignore_senderless(interaction):
            return
        if not allowed:
            await refuse_restarting(interaction)
            return
        log.info("click on no component of ours: %s", describe_interaction(interaction))
        await answer_refusal(interaction, UNREADABLE_BUTTON.text(reader_locale(interaction)))


def lobby_view(game_id: int, locale: Locale = ENGLISH) -> discord.ui.View:
    """The lobby buttons in `locale`: Join, Leave; Add AI at each level (one tap each), Remove AI; Start, Cancel."""
    view = discord.ui.View(timeout=None)
    ai_buttons = [
        (LobbyId(game_id, LobbyAction.ADD_AI, level), buttons_words.add_ai(level, locale),
         discord.ButtonStyle.secondary, 1)
        for level in AiLevel
    ]
    buttons = [
        (LobbyId(game_id, LobbyAction.JOIN), buttons_words.join(locale), discord.ButtonStyle.success, 0),
        (LobbyId(game_id, LobbyAction.LEAVE), buttons_words.leave(locale), discord.ButtonStyle.secondary, 0),
        *ai_buttons,
        (LobbyId(game_id, LobbyAction.REMOVE_AI), buttons_words.remove_ai(locale), discord.ButtonStyle.secondary, 1),
        (LobbyId(game_id, LobbyAction.START), buttons_words.start(locale), discord.ButtonStyle.primary, 2),
        (LobbyId(game_id, LobbyAction.CANCEL), buttons_words.cancel(locale), discord.ButtonStyle.danger, 2),
    ]
    for cid, label, style, row in buttons:
        view.add_item(LobbyButton(cid, new_button(cid, label, style, row)))
    return view


def rematch_view(game_id: int, locale: Locale = ENGLISH) -> discord.ui.View:
    """The final message's buttons in `locale`: "Rematch", and "Watch the replay" (the step viewer, for anyone)."""
    view = discord.ui.View(timeout=None)
    cid = RematchId(game_id)
    view.add_item(RematchButton(cid, new_button(cid, buttons_words.rematch(locale), discord.ButtonStyle.success)))
    watch = ReplayId(game_id, 0, ReplayStep.OPEN)
    view.add_item(ReplayButton(watch, new_button(watch, buttons_words.watch_replay(locale),
                                                 discord.ButtonStyle.secondary)))
    return view


def table_view(game_id: int, version: int, locale: Locale = ENGLISH) -> discord.ui.View:
    """The table message's single "Take my turn" button in `locale` (bound to the version the message shows)."""
    view = discord.ui.View(timeout=None)
    cid = TurnId(game_id, version)
    view.add_item(TurnButton(cid, new_button(cid, buttons_words.take_turn(locale), discord.ButtonStyle.primary)))
    return view


def _action_buttons(view: discord.ui.View, game_id: int, version: int, seat: int, items: Sequence[Choice],
                    index_of: dict[str, int], style: discord.ButtonStyle, first_row: int) -> None:
    """`items` as buttons, five to a row from `first_row`."""
    for n, choice in enumerate(items):
        cid = action_button(game_id, version, seat, choice.action_id, index_of.get(choice.action_id, -1))
        view.add_item(ActionButton(cid, new_button(cid, choice.label, style, first_row + n // BUTTONS_PER_ROW)))


def _select(game_id: int, version: int, seat: int, items: Sequence[Choice], page: int, placeholder: str,
            row: int) -> ActionSelect:
    """A one-choice select of actions (`page` tells apart the selects of one message)."""
    options = [discord.SelectOption(label=trim(c.label, SELECT_LABEL), value=c.action_id) for c in items]
    select_id = SelectId(game_id, version, seat, page)
    select: Select[Any] = Select(custom_id=select_id.encode(), options=options, row=row, min_values=1,
                                 max_values=1, placeholder=trim(placeholder, SELECT_PLACEHOLDER))
    return ActionSelect(select_id, select)


def pick_select(game_id: int, version: int, seat: int, pick: MultiPick, row: int = 0,
                locale: Locale = ENGLISH) -> PickSelect:
    """The 'pick k of n' multi-select: every option, the suggested ones preselected, min/max from the pick."""
    suggested = set(pick.suggested)
    options = [
        discord.SelectOption(label=trim(o.label, SELECT_LABEL), value=o.id, default=o.id in suggested)
        for o in pick.options[:SELECT_OPTIONS]
    ]
    most = max(1, min(pick.max, len(options)))
    cid = PickId(game_id, version, seat)
    select: Select[Any] = Select(custom_id=cid.encode(), options=options, row=row, min_values=min(pick.min, most),
                                 max_values=most,
                                 placeholder=trim(pick.prompt or panel_words.choose(locale), SELECT_PLACEHOLDER))
    return PickSelect(cid, select)


def _fits_buttons(items: Sequence[Choice], limit: int) -> bool:
    return len(items) <= limit and all(len(c.label) <= BUTTON_LABEL for c in items)


def _rows(count: int) -> int:
    return -(-count // BUTTONS_PER_ROW)


def actions_view(game_id: int, version: int, seat: int, choices: Sequence[Choice], page: int = 0, *,
                 shortcuts: Sequence[Choice] = (), pick: MultiPick | None = None,
                 locale: Locale = ENGLISH) -> discord.ui.View:
    """A player's choices for one step, fewest taps first, in at most 5 rows.

    From the top: the engine's shortcuts (whole orders in one tap) as buttons, the 'pick k of n'
    multi-select, the step's other actions (buttons when few, else a paged select), then one row with
    the draft controls (Undo step / Confirm) and the page buttons.
    """
    view = discord.ui.View(timeout=None)
    controls = [c for c in choices if c.action_id in DRAFT_CONTROLS]
    # A shortcut id that does not fit a custom_id cannot be a button (an index means a legal action).
    quick = [c for c in shortcuts if c.action_id not in DRAFT_CONTROLS and _fits_id(game_id, version, seat, c)]
    quick_ids = {c.action_id for c in quick}
    ordinary = [c for c in choices if c.action_id not in DRAFT_CONTROLS and c.action_id not in quick_ids]
    index_of = {c.action_id: i for i, c in enumerate(choices)}
    pick_rows = 1 if pick is not None else 0
    free = COMPONENT_ROWS - pick_rows - (1 if controls else 0) - (1 if quick else 0)
    # Beside a pick menu, its one-at-a-time steps stay within reach but out of the way (one select).
    most = BUTTONS_PER_ROW if pick is not None else MAX_ACTION_BUTTONS
    as_buttons = _fits_buttons(ordinary, min(most, free * BUTTONS_PER_ROW))
    shown: Page = paginate(ordinary, page, SELECT_OPTIONS)
    ordinary_rows = _rows(len(ordinary)) if as_buttons else (1 if ordinary else 0)
    last_row = bool(controls) or (not as_buttons and shown.count > 1)
    quick_room = COMPONENT_ROWS - pick_rows - ordinary_rows - (1 if last_row else 0)
    if quick and controls and not _fits_buttons(quick, quick_room * BUTTONS_PER_ROW):
        # Many shortcuts: the step-by-step choices and the draft controls share one menu, so that every
        # shortcut (the common whole order) stays one tap.
        merged: Page = paginate([*ordinary, *controls], page, SELECT_OPTIONS)
        room = COMPONENT_ROWS - pick_rows - 1 - (1 if merged.count > 1 else 0)
        if _fits_buttons(quick, room * BUTTONS_PER_ROW):
            ordinary, controls, shown, as_buttons = [*ordinary, *controls], [], merged, False
            ordinary_rows, quick_room = 1, room
    row = 0
    if quick and _fits_buttons(quick, quick_room * BUTTONS_PER_ROW):
        _action_buttons(view, game_id, version, seat, quick, index_of, discord.ButtonStyle.primary, row)
        row += _rows(len(quick))
    elif quick:
        view.add_item(_select(game_id, version, seat, quick[:SELECT_OPTIONS], QUICK_PAGE,
                              panel_words.quick_orders(locale), row))
        row += 1
    if pick is not None:
        view.add_item(pick_select(game_id, version, seat, pick, row, locale))
        row += 1
    if as_buttons:
        _action_buttons(view, game_id, version, seat, ordinary, index_of, discord.ButtonStyle.secondary, row)
        row += ordinary_rows
    elif ordinary:
        word = panel_words.step_by_step(locale) if quick or pick is not None else panel_words.choose(locale)
        placeholder = word if shown.count == 1 else panel_words.paged(word, shown.number + 1, shown.count, locale)
        view.add_item(_select(game_id, version, seat, shown.items, shown.number, placeholder, row))
        row += 1
    last = min(row, COMPONENT_ROWS - 1)
    if not as_buttons and shown.count > 1:
        if shown.has_previous:
            page_id = PageId(game_id, version, seat, shown.number - 1)
            button = new_button(page_id, panel_words.previous_page(locale), discord.ButtonStyle.secondary, last)
            view.add_item(PageButton(page_id, button))
        if shown.has_next:
            page_id = PageId(game_id, version, seat, shown.number + 1)
            button = new_button(page_id, panel_words.next_page(locale), discord.ButtonStyle.secondary, last)
            view.add_item(PageButton(page_id, button))
    for choice in controls:
        cid = action_button(game_id, version, seat, choice.action_id, index_of[choice.action_id])
        style = discord.ButtonStyle.success if choice.action_id == CONFIRM_ID else discord.ButtonStyle.secondary
        view.add_item(ActionButton(cid, new_button(cid, choice.label, style, last)))
    return view


def _fits_id(game_id: int, version: int, seat: int, choice: Choice) -> bool:
    try:
        ActionId(game_id, version, seat, choice.action_id).encode()
    except ValueError:
        return False
    return bool(choice.action_id) and not choice.action_id.startswith(INDEX_MARK)
