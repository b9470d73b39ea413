"""cogs.option_shape over the real command tree: option payloads discord.py cannot read are refused before it tries.

The tree is iterated, so a command added later is covered without touching this file.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from types import SimpleNamespace
from typing import Any

import discord
import pytest
from discord import AppCommandOptionType, app_commands

from app.settings import Settings
from cogs import errors, lobby, play
from cogs.client import GnomehostBot
from cogs.option_shape import shape_problem, values_problem

Command = app_commands.Command[Any, ..., Any]
# A value of the right shape for each option type, and values of other shapes.
FITTING: dict[AppCommandOptionType, Any] = {
    AppCommandOptionType.string: "x", AppCommandOptionType.integer: 1, AppCommandOptionType.boolean: True,
    AppCommandOptionType.number: 1.5, AppCommandOptionType.user: "123", AppCommandOptionType.channel: "123",
    AppCommandOptionType.role: "123", AppCommandOptionType.mentionable: "123", AppCommandOptionType.attachment: "1",
}
MISFITS: list[Any] = [None, {"a": 1}, [1], "x" * 30, 2**70, "not a number", True]


@pytest.fixture
async def tree_commands() -> AsyncIterator[list[Command]]:
    """Every slash command of the bot (cogs loaded as in production, no service needed)."""
    client = GnomehostBot(Settings(token="unused"))
    await client._async_setup_hook()
    await lobby.setup(client)
    await play.setup(client)
    yield [c for c in client.tree.walk_commands() if isinstance(c, app_commands.Command)]
    await client.close()


def payload(command: Command, options: list[dict[str, Any]]) -> dict[str, Any]:
    """The data of an invocation of `command` (a subcommand nested in its parents) with these leaf options."""
    parts = command.qualified_name.split()
    nested: list[dict[str, Any]] = options
    for part in reversed(parts[1:]):
        nested = [{"name": part, "type": 1, "options": nested}]
    return {"name": parts[0], "type": 1, "options": nested}


def option(parameter: app_commands.Parameter, value: Any, **extra: Any) -> dict[str, Any]:
    return {"name": parameter.display_name, "type": parameter.type.value, "value": value, **extra}


def misfits(kind: AppCommandOptionType) -> list[Any]:
    fitting = FITTING[kind]
    return [v for v in MISFITS if type(v) is not type(fitting) or (kind.value in (6, 7, 8, 9, 11) and v != fitting)]


async def test_every_option_refuses_a_value_of_another_shape_and_takes_one_of_its_own(
        tree_commands: list[Command]) -> None:
    checked = 0
    for command in tree_commands:
        for parameter in command.parameters:
            fitting = payload(command, [option(parameter, FITTING[parameter.type])])
            assert values_problem(command, fitting, autocomplete=False) is None, (command.qualified_name,
                                                                                   parameter.name)
            for value in misfits(parameter.type):
                data = payload(command, [option(parameter, value)])
                assert values_problem(command, data, autocomplete=False) is not None, (
                    command.qualified_name, parameter.name, value)
                checked += 1
    assert checked > 50


async def test_an_option_sent_as_another_type_than_its_parameter_is_refused(tree_commands: list[Command]) -> None:
    for command in tree_commands:
        for parameter in command.parameters:
            other = next(t for t in FITTING if t is not parameter.type)
            sent = {"name": parameter.display_name, "type": other.value, "value": FITTING[other]}
            assert values_problem(command, payload(command, [sent]), autocomplete=False) is not None


async def test_an_autocomplete_must_focus_one_option_that_has_completions(tree_commands: list[Command]) -> None:
    completed = [(c, p) for c in tree_commands for p in c.parameters if p.autocomplete]
    assert completed, "no command offers completions"
    for command, parameter in completed:
        focused = payload(command, [option(parameter, "", focused=True)])
        assert values_problem(command, focused, autocomplete=True) is None
        unfocused = payload(command, [option(parameter, FITTING[parameter.type])])
        assert values_problem(command, unfocused, autocomplete=True) is not None
    plain = [(c, p) for c in tree_commands for p in c.parameters if not p.autocomplete]
    for command, parameter in plain:
        assert values_problem(command, payload(command, [option(parameter, "", focused=True)]),
                              autocomplete=True) is not None


@pytest.mark.parametrize("options", ["not a list", [None], [{"type": 3}], [{"name": "x"}], {"name": "x"},
                                     [{"name": "status", "type": 1, "options": "x"}]], ids=repr)
def test_options_that_cannot_be_walked_are_refused(options: Any) -> None:
    assert shape_problem({"name": "game", "type": 1, "options": options}) is not None


def test_a_command_without_options_can_be_walked() -> None:
    assert shape_problem({"name": "hand", "type": 1}) is None


async def test_a_user_option_of_another_shape_is_refused_as_unreadable_before_the_command_runs(
        tree_commands: list[Command]) -> None:
    command, parameter = next((c, p) for c in tree_commands for p in c.parameters
                              if p.type is AppCommandOptionType.user)
    for value in ({"a": 1}, "x", None):
        interaction: Any = SimpleNamespace(type=discord.InteractionType.application_command, command=command,
                                           data=payload(command, [option(parameter, value)]))
        assert errors.command_problem(interaction) == errors.UNREADABLE.text()


class NoLookup:
    """An autocomplete whose options cannot be walked; looking its command up fails the test."""

    def __init__(self) -> None:
        self.type = discord.InteractionType.autocomplete
        self.data: dict[str, Any] = {"name": "game", "options": "x"}

    @property
    def command(self) -> None:
        raise AssertionError("the command was looked up")


def test_options_that_cannot_be_walked_are_refused_as_unreadable_before_the_command_is_looked_up() -> None:
    interaction: Any = NoLookup()
    assert errors.command_problem(interaction) == errors.UNREADABLE.text()
