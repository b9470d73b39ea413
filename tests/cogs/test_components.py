"""cogs.components: views within Discord's limits, one DynamicItem class per kind, clicks scoped then handed over."""

from __future__ import annotations

import re
from types import SimpleNamespace
from typing import Any

import discord
import pytest
from discord.ui import Button, DynamicItem

from cogs import components
from cogs.components import MAX_ACTION_BUTTONS, QUICK_PAGE, actions_view, lobby_view, table_view
from cogs.custom_ids import (
    TYPES,
    ActionId,
    Click,
    Kind,
    LobbyAction,
    LobbyId,
    PageId,
    PickId,
    SelectId,
    TurnId,
    Unreadable,
    WireFields,
    decode,
)
from cogs.errors import UserFacingError
from cogs.limits import BUTTON_LABEL, COMPONENT_ROWS, CUSTOM_ID, SELECT_LABEL, SELECT_OPTIONS
from cogs.scope import unknown_game
from engine.core.picks import MultiPick, PickOption
from host.results import TableInfo
from present.choices import Choice
from tests.cogs.fakes import ServiceStandIn, make_interaction, make_table


def rows(view):
    return view.to_components()


def fields(custom_id: str) -> WireFields:
    """The raw fields of one of our custom_ids; fails the test for anything else."""
    wire = decode(custom_id)
    assert wire is not None, f"not a Gnomehost custom_id: {custom_id!r}"
    return wire


def check_limits(view):
    comps = rows(view)
    assert len(comps) <= COMPONENT_ROWS
    ids = []
    for row in comps:
        items = row["components"]
        assert len(items) <= 5
        if any(i["type"] == 3 for i in items):
            assert len(items) == 1
        for item in items:
            ids.append(item["custom_id"])
            assert len(item["custom_id"]) <= CUSTOM_ID
            assert decode(item["custom_id"]) is not None
            if item["type"] == 2:
                assert len(item["label"]) <= BUTTON_LABEL
            else:
                assert len(item["options"]) <= SELECT_OPTIONS
                assert all(len(o["label"]) <= SELECT_LABEL and len(o["value"]) <= 100 for o in item["options"])
    assert len(ids) == len(set(ids))
    return comps


def test_lobby_view():
    comps = check_limits(lobby_view(3))
    labels = [i["label"] for r in comps for i in r["components"]]
    assert labels == ["Join", "Leave", "Add AI: easy", "Add AI: normal", "Add AI: hard", "Remove AI", "Start",
                      "Cancel"]
    ids = [fields(i["custom_id"]) for r in comps for i in r["components"]]
    # The default level keeps the bare "ai" of earlier releases: lobby messages already posted still work.
    assert [c.arg for c in ids] == ["join", "leave", "ai:easy", "ai", "ai:hard", "rmai", "start", "cancel"]


def test_table_view_has_take_my_turn():
    comps = check_limits(table_view(3, 17))
    (item,) = comps[0]["components"]
    assert item["label"] == "Take my turn"
    cid = fields(item["custom_id"])
    assert (cid.kind, cid.game, cid.version) == (Kind.TURN, 3, 17)


def test_few_short_actions_become_buttons_with_draft_controls():
    choices = [Choice(1, f"a{i}", f"Action {i}") for i in range(7)] + [Choice(1, "undo", "Undo step"),
                                                                      Choice(1, "confirm", "Confirm")]
    comps = check_limits(actions_view(9, 4, 1, choices))
    labels = [[i["label"] for i in r["components"]] for r in comps]
    assert labels[-1] == ["Undo step", "Confirm"]
    assert sum(len(r) for r in labels) == 9


def test_many_actions_become_a_paged_select():
    choices = [Choice(0, f"act{i}", f"Action {i}") for i in range(60)] + [Choice(0, "confirm", "Confirm")]
    comps = check_limits(actions_view(9, 4, 0, choices, page=1))
    select = comps[0]["components"][0]
    assert select["type"] == 3 and select["options"][0]["value"] == "act25"
    # The page buttons share the last row with the draft controls.
    last = [i["label"] for i in comps[1]["components"]]
    assert last == ["◀ Previous", "Next ▶", "Confirm"]


def test_long_labels_go_to_a_select_and_long_ids_to_indexes():
    choices = [Choice(0, "x" * 80, "L" * 100), Choice(0, "y", "short")]
    comps = check_limits(actions_view(10**8, 10**6, 0, choices))
    assert comps[0]["components"][0]["type"] == 3
    few = [Choice(0, "z" * 80, "Zed")]
    comps = check_limits(actions_view(10**15, 10**12, 0, few))
    assert fields(comps[0]["components"][0]["custom_id"]).action_index == 0


def test_button_count_boundary():
    choices = [Choice(0, f"a{i}", f"A{i}") for i in range(MAX_ACTION_BUTTONS)]
    comps = check_limits(actions_view(1, 1, 0, choices))
    assert all(i["type"] == 2 for r in comps for i in r["components"])


def test_shortcuts_come_first_as_buttons_and_are_not_repeated_below():
    choices = [Choice(0, "from:home", "Move from Home"), Choice(0, "pass", "Pass")]
    quick = [Choice(0, "all:home:isle", "All 4 gnomes to Grand Gnome Isle"), Choice(0, "pass", "Pass")]
    comps = check_limits(actions_view(9, 4, 0, choices, shortcuts=quick))
    labels = [[i["label"] for i in r["components"]] for r in comps]
    assert labels == [["All 4 gnomes to Grand Gnome Isle", "Pass"], ["Move from Home"]]
    assert comps[0]["components"][0]["style"] == discord.ButtonStyle.primary.value
    assert fields(comps[0]["components"][0]["custom_id"]).arg == "all:home:isle"


def test_many_shortcuts_go_into_their_own_select():
    choices = [Choice(0, f"s{i}", f"Step {i}") for i in range(30)] + [Choice(0, "undo", "Undo step")]
    quick = [Choice(0, f"q{i}", f"Quick {i}") for i in range(30)]
    comps = check_limits(actions_view(9, 4, 0, choices, shortcuts=quick))
    first, second = comps[0]["components"][0], comps[1]["components"][0]
    assert first["type"] == second["type"] == 3
    assert fields(first["custom_id"]).arg == str(QUICK_PAGE) and first["options"][0]["value"] == "q0"
    assert second["options"][0]["value"] == "s0"
    assert [i["label"] for i in comps[-1]["components"]] == ["Next ▶", "Undo step"]


def test_a_shortcut_too_long_for_a_custom_id_is_left_out_never_sent_as_an_index():
    quick = [Choice(0, "q" * 95, "Too long"), Choice(0, "ok", "Fine")]
    comps = check_limits(actions_view(9, 4, 0, [Choice(0, "a", "A")], shortcuts=quick))
    labels = [i["label"] for r in comps for i in r["components"]]
    assert labels == ["Fine", "A"]


PICK = MultiPick("Keep 5 cards.", tuple(PickOption(f"c{i}", f"Card {i}") for i in range(9)), 5, 5, ("c0", "c2"))


def test_a_pick_is_one_multi_select_with_its_bounds_and_suggestion_preselected():
    choices = [Choice(2, f"keep:c{i}", f"Keep Card {i}") for i in range(9)] + [Choice(2, "undo", "Undo step")]
    comps = check_limits(actions_view(9, 4, 2, choices, pick=PICK))
    menu = comps[0]["components"][0]
    cid = fields(menu["custom_id"])
    assert (cid.kind, cid.game, cid.version, cid.seat) == (Kind.PICK, 9, 4, 2)
    assert (menu["min_values"], menu["max_values"]) == (5, 5)
    assert [o["value"] for o in menu["options"]] == [f"c{i}" for i in range(9)]
    assert [o["value"] for o in menu["options"] if o.get("default")] == ["c0", "c2"]
    # The one-at-a-time actions stay available, under the pick.
    assert comps[1]["components"][0]["type"] == 3 and comps[-1]["components"][0]["label"] == "Undo step"


def test_everything_at_once_stays_within_five_rows():
    choices = [Choice(0, f"s{i}", f"Step {i}") for i in range(14)] + [Choice(0, "undo", "Undo"),
                                                                      Choice(0, "confirm", "Confirm")]
    quick = [Choice(0, f"q{i}", f"Quick {i}") for i in range(7)]
    comps = check_limits(actions_view(9, 4, 0, choices, shortcuts=quick, pick=PICK))
    kinds = [[i["type"] for i in r["components"]] for r in comps]
    assert kinds[0] == [2] * 5 and kinds[1] == [2] * 2 and kinds[2] == [3] and kinds[3] == [3] and kinds[4] == [2, 2]


# -- one DynamicItem class per kind; clicks parsed once, scoped, then handed to the owning cog ---------------

SAMPLES = [LobbyId(3, LobbyAction.JOIN), TurnId(3, 7), ActionId(3, 7, 0, "pass"), ActionId(3, 7, 1, 4),
           SelectId(3, 7, 0, 1), PageId(3, 7, 0, 2), PickId(3, 7, 1)]


def owner_of(custom_id: str) -> list[type[DynamicItem[Any]]]:
    return [item for item in components.DYNAMIC_ITEMS if item.__discord_ui_compiled_template__.fullmatch(custom_id)]


@pytest.mark.parametrize("cid", SAMPLES, ids=lambda c: type(c).__name__)
async def test_each_kind_has_its_own_class_that_parses_its_own_template(cid: Any) -> None:
    (cls,) = owner_of(cid.encode())
    match = cls.__discord_ui_compiled_template__.fullmatch(cid.encode())
    assert match is not None
    data: dict[str, Any] = {"custom_id": cid.encode(), "component_type": cid.component.value, "values": []}
    item = await cls.from_custom_id(make_interaction(data=data), Button(custom_id=cid.encode(), label="x"), match)
    assert type(item) is cls and isinstance(item, components._Clickable) and item.click == Click(cid)


@pytest.mark.parametrize("custom_id", ["gh:L:1:0:-:explode", "gh:L:" + "z" * 40 + ":0:-:join", "gh:A:1:1:-:pass",
                                       "gh:S:1:1:0:two", "gh:P:1:1:0:", "gh:T:1:" + "z" * 60 + ":-:"])
async def test_an_unreadable_custom_id_still_builds_its_item_so_the_click_can_be_answered(custom_id: str) -> None:
    (cls,) = owner_of(custom_id)
    match = cls.__discord_ui_compiled_template__.fullmatch(custom_id)
    assert isinstance(match, re.Match)
    sent_as = TYPES[fields(custom_id).kind].component.value
    data: dict[str, Any] = {"custom_id": custom_id, "component_type": sent_as, "values": []}
    item = await cls.from_custom_id(make_interaction(data=data), Button(custom_id=custom_id, label="x"), match)
    assert isinstance(item, components._Clickable) and isinstance(item.click, Unreadable)


class Recorder:
    """A cog that records the clicks handed to it."""

    def __init__(self) -> None:
        self.clicks: list[tuple[Any, Any, tuple[str, ...]]] = []

    async def handle_click(self, interaction: Any, cid: Any, table: Any, values: Any) -> None:
        self.clicks.append((cid, table, tuple(values)))


class OneTable(ServiceStandIn):
    """Stands in for the table service: every game id is the one table."""

    def __init__(self, table: TableInfo) -> None:
        super().__init__()
        self.table = table

    async def get_table(self, game_id: int) -> TableInfo:
        return self.table


def clicked(cog: Recorder | None, table: TableInfo, **where: Any) -> Any:
    interaction = make_interaction(**where)
    cogs = {components.LOBBY_COG: cog, components.PLAY_COG: cog}
    interaction.client = SimpleNamespace(service=OneTable(table), get_cog=cogs.get)
    return interaction


async def test_a_click_in_scope_reaches_the_owning_cog_with_its_typed_id() -> None:
    cog, table = Recorder(), make_table(3)
    await components.run_click(clicked(cog, table), Click(SelectId(3, 7, 0, 1), ("pass",)),
                               handled_by=components.PLAY_COG, private_panel=True)
    assert cog.clicks == [(SelectId(3, 7, 0, 1), table, ("pass",))]


async def test_a_click_from_another_guild_is_refused_like_a_missing_game_and_reaches_no_cog() -> None:
    cog = Recorder()
    with pytest.raises(UserFacingError) as caught:
        await components.run_click(clicked(cog, make_table(3), guild_id=2), Click(LobbyId(3, LobbyAction.CANCEL)),
                                   handled_by=components.LOBBY_COG, private_panel=False)
    assert caught.value.message == unknown_game(3).message
    assert cog.clicks == []


async def test_a_lobby_button_on_a_message_in_another_channel_is_refused() -> None:
    cog = Recorder()
    with pytest.raises(UserFacingError):
        await components.run_click(clicked(cog, make_table(3), channel_id=60), Click(LobbyId(3, LobbyAction.JOIN)),
                                   handled_by=components.LOBBY_COG, private_panel=False)
    assert cog.clicks == []


async def test_an_unreadable_click_is_refused_before_any_lookup() -> None:
    interaction = make_interaction()
    interaction.client = SimpleNamespace()  # no service, no cogs: nothing may be asked
    with pytest.raises(UserFacingError) as caught:
        await components.run_click(interaction, Unreadable("gh:L:1:0:-:x", "unknown lobby action"),
                                   handled_by=components.LOBBY_COG, private_panel=False)
    assert caught.value.message == components.UNREADABLE_BUTTON.text()


async def test_a_click_whose_cog_is_not_loaded_is_refused() -> None:
    with pytest.raises(UserFacingError) as caught:
        await components.run_click(clicked(None, make_table(3)), Click(TurnId(3, 7)),
                                   handled_by=components.PLAY_COG, private_panel=False)
    assert caught.value.message == components.NOT_AVAILABLE.text()


def test_no_module_level_handler_table_remains() -> None:
    assert not hasattr(components, "_handlers") and not hasattr(components, "set_handler")
    assert isinstance(components.DYNAMIC_ITEMS[0].__discord_ui_compiled_template__, re.Pattern)
    assert discord.ui.DynamicItem in components.LobbyButton.__mro__


def test_many_shortcuts_stay_one_tap_buttons_when_the_steps_and_controls_can_share_a_menu():
    # Vendetta after "Move from": "All N gnomes to X" for 17 destinations, the 17 "… to X" steps, Pass, Undo.
    quick = [Choice(0, f"decl:{i}", f"All 8 gnomes to Place {i}, end of move") for i in range(17)]
    choices = [Choice(0, f"to:{i}", f"… to Place {i}") for i in range(17)] + [Choice(0, "pass", "Pass"),
                                                                            Choice(0, "undo", "Undo step")]
    comps = check_limits(actions_view(9, 4, 0, choices, shortcuts=quick))
    buttons = [i for r in comps[:-1] for i in r["components"]]
    assert len(buttons) == 17 and all(i["type"] == 2 and i["style"] == 1 for i in buttons)
    menu = comps[-1]["components"][0]
    assert menu["type"] == 3 and {"pass", "undo"} <= {o["value"] for o in menu["options"]}
