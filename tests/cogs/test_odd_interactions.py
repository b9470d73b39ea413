"""Odd interactions: forged component types, clicks nothing routes, payloads without a user, expired interactions.

Each gets the refusal of an unreadable button, or (when Discord could not have sent it, or can no longer
be answered) nothing at all and one WARNING line; never "Something went wrong".
"""

from __future__ import annotations

import logging
import re
from types import SimpleNamespace
from typing import Any

import discord
import pytest
from discord.components import ActionRow
from discord.ui import Button, Select
from discord.utils import MISSING

from cogs import components, errors
from cogs.custom_ids import PickId, SelectId, TurnId
from tests.cogs.test_errors import Handler, fake_interaction, told

BUTTON, STRING_SELECT = 2, 3


def warnings_and_worse(caplog: pytest.LogCaptureFixture) -> list[logging.LogRecord]:
    return [r for r in caplog.records if r.name.startswith("cogs.") and r.levelno >= logging.WARNING]


def click(custom_id: str, component_type: int, *, values: Any = MISSING, message: Any = None,
          user: Any = None) -> Any:
    """A component interaction as discord.py builds it, with a client that has no table service at all."""
    interaction = fake_interaction()
    interaction.data = {"custom_id": custom_id, "component_type": component_type}
    if values is not MISSING:
        interaction.data["values"] = values
    interaction.message = message
    if user is not None:
        interaction.user = user
    return interaction


def message_with(custom_id: str, component_type: int) -> Any:
    """A clicked message carrying one component (a button, or a select) with `custom_id`."""
    item: dict[str, Any] = {"type": component_type, "custom_id": custom_id}
    item |= {"style": 2, "label": "x"} if component_type == BUTTON else {"options": [{"label": "a", "value": "a"}]}
    row: Any = {"type": 1, "components": [item]}  # a raw payload, as discord.py reads it from the gateway
    return SimpleNamespace(flags=discord.MessageFlags(), components=[ActionRow(row)])


async def rebuilt(cls: Any, interaction: Any, item: Any) -> Any:
    """The component discord.py rebuilds for this click (what its callback then runs on)."""
    custom_id = interaction.data["custom_id"]
    match = cls.__discord_ui_compiled_template__.fullmatch(custom_id)
    assert isinstance(match, re.Match)
    return await cls.from_custom_id(interaction, item, match)


def assert_refused_as_unreadable(interaction: Any, caplog: pytest.LogCaptureFixture) -> None:
    assert told(interaction) == [(components.UNREADABLE_BUTTON.text(), {"ephemeral": True})]
    assert warnings_and_worse(caplog) == []


async def test_a_select_id_clicked_as_a_button_gets_the_unreadable_button_refusal(
        caplog: pytest.LogCaptureFixture) -> None:
    custom_id = SelectId(3, 7, 0, 0).encode()
    interaction = click(custom_id, BUTTON)
    item = await rebuilt(components.ActionSelect, interaction, Button(custom_id=custom_id, label="Forged"))
    await item.callback(interaction)
    assert_refused_as_unreadable(interaction, caplog)


async def test_a_button_id_sent_as_a_select_gets_the_unreadable_button_refusal(
        caplog: pytest.LogCaptureFixture) -> None:
    custom_id = TurnId(3, 7).encode()
    interaction = click(custom_id, STRING_SELECT, values=["a"])
    item = await rebuilt(components.TurnButton, interaction, Select(custom_id=custom_id))
    await item.callback(interaction)
    assert_refused_as_unreadable(interaction, caplog)


@pytest.mark.parametrize("values", ["abc", 5, None, [1, 2], ["x" * 101], ["a"] * 26], ids=repr)
async def test_select_values_that_are_not_a_list_of_option_values_get_the_unreadable_button_refusal(
        values: Any, caplog: pytest.LogCaptureFixture) -> None:
    custom_id = PickId(3, 7, 0).encode()
    interaction = click(custom_id, STRING_SELECT, values=values)
    item = await rebuilt(components.PickSelect, interaction, Select(custom_id=custom_id))
    await item.callback(interaction)
    assert_refused_as_unreadable(interaction, caplog)


@pytest.mark.parametrize("custom_id", ["gh:Z:1:0:-:x", "gh:S:x", "gh:", "gh:T:1:0:-", "not ours", ""])
async def test_a_click_no_template_routes_gets_the_unreadable_button_refusal(
        custom_id: str, caplog: pytest.LogCaptureFixture) -> None:
    interaction = click(custom_id, BUTTON, message=message_with(custom_id, BUTTON))
    assert not components.is_routed(interaction)
    await components.answer_unrouted(interaction)
    assert_refused_as_unreadable(interaction, caplog)


async def test_a_click_on_a_component_missing_from_its_message_gets_the_unreadable_button_refusal(
        caplog: pytest.LogCaptureFixture) -> None:
    custom_id = TurnId(3, 7).encode()
    for message in (None, message_with(TurnId(3, 8).encode(), BUTTON), message_with(custom_id, STRING_SELECT)):
        interaction = click(custom_id, BUTTON, message=message)
        await components.answer_unrouted(interaction)
        assert_refused_as_unreadable(interaction, caplog)


async def test_a_click_its_component_will_run_is_left_to_that_component() -> None:
    custom_id = TurnId(3, 7).encode()
    interaction = click(custom_id, BUTTON, message=message_with(custom_id, BUTTON))
    assert components.is_routed(interaction)
    await components.answer_unrouted(interaction)
    assert told(interaction) == []


async def test_a_click_without_a_user_is_not_answered_and_logged_once_at_warning(
        caplog: pytest.LogCaptureFixture) -> None:
    custom_id = TurnId(3, 7).encode()
    for cls, message in ((components.TurnButton, message_with(custom_id, BUTTON)), (None, None)):
        caplog.clear()
        interaction = click(custom_id, BUTTON, message=message, user=MISSING)
        if cls is None:
            await components.answer_unrouted(interaction)
        else:
            await (await rebuilt(cls, interaction, Button(custom_id=custom_id, label="x"))).callback(interaction)
        assert told(interaction) == []
        (record,) = warnings_and_worse(caplog)
        assert record.levelno == logging.WARNING and record.exc_info is None and "no user" in record.getMessage()


async def test_a_command_without_a_user_is_not_run_nor_answered_and_logged_once_at_warning(
        caplog: pytest.LogCaptureFixture) -> None:
    interaction = fake_interaction(kind=discord.InteractionType.application_command)
    interaction.user = MISSING
    interaction.data = {"name": "game", "type": 1}
    tree: Any = SimpleNamespace()  # interaction_check reads nothing of its tree
    assert await errors.GuardedTree.interaction_check(tree, interaction) is False
    assert told(interaction) == []
    (record,) = warnings_and_worse(caplog)
    assert record.levelno == logging.WARNING and "no user" in record.getMessage()


def http_error(status: int, code: int, text: str) -> discord.HTTPException:
    response: Any = SimpleNamespace(status=status, reason=text)  # stands in for an aiohttp response
    kind = discord.NotFound if status == 404 else discord.HTTPException
    return kind(response, {"code": code, "message": text})


GONE = [(404, 10062, "Unknown interaction"), (400, 40060, "Interaction has already been acknowledged.")]


@pytest.mark.parametrize(("status", "code", "text"), GONE, ids=["expired", "already-answered"])
async def test_an_interaction_that_can_no_longer_be_answered_is_one_warning_line_and_no_reply(
        status: int, code: int, text: str, caplog: pytest.LogCaptureFixture) -> None:
    interaction = fake_interaction()
    await Handler(http_error(status, code, text)).callback(interaction)
    assert told(interaction) == []
    (record,) = warnings_and_worse(caplog)
    assert record.levelno == logging.WARNING and record.exc_info is None and text in record.getMessage()


async def test_an_expired_command_is_one_warning_line_and_no_reply(caplog: pytest.LogCaptureFixture) -> None:
    interaction = fake_interaction(kind=discord.InteractionType.application_command)
    interaction.data = {"name": "play", "type": 1}
    command: Any = SimpleNamespace(name="play", qualified_name="play")
    wrapped = discord.app_commands.CommandInvokeError(command, http_error(*GONE[0]))
    wrapped.__cause__ = wrapped.original
    await errors.report_error(interaction, wrapped)
    assert told(interaction) == []
    (record,) = warnings_and_worse(caplog)
    assert record.levelno == logging.WARNING and record.exc_info is None



async def test_a_click_without_a_channel_still_gets_the_unreadable_button_refusal(
        caplog: pytest.LogCaptureFixture) -> None:
    # The answer goes back by the interaction's token: a payload without a channel can still be told.
    custom_id = SelectId(3, 7, 0, 0).encode()
    routed = click(custom_id, BUTTON)
    routed.channel_id = None
    await (await rebuilt(components.ActionSelect, routed, Button(custom_id=custom_id, label="x"))).callback(routed)
    unrouted = click("gh:Z:1:0:-:x", BUTTON, message=None)
    unrouted.channel_id = None
    await components.answer_unrouted(unrouted)
    for interaction in (routed, unrouted):
        assert_refused_as_unreadable(interaction, caplog)
