"""cogs.option_check over the real command tree: every integer and choice option of every command is bounded.

The tree is iterated, so a command added later is covered without touching this file.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import pytest
from discord import AppCommandOptionType, app_commands

from app.settings import Settings
from cogs import lobby, play
from cogs.client import GnomehostBot
from cogs.option_check import MalformedOptions, leaf_options, option_problem, options_problem

HUGE = [2**53 + 1, 2**63, 2**64, -(2**63) - 1, 10**30]


@pytest.fixture
async def tree_commands() -> AsyncIterator[list[app_commands.Command[Any, ..., Any]]]:
    """Every slash command of the bot (cogs loaded as in production, no service needed)."""
    client = GnomehostBot(Settings(token="unused"))
    await client._async_setup_hook()
    await lobby.setup(client)
    await play.setup(client)
    yield [c for c in client.tree.walk_commands() if isinstance(c, app_commands.Command)]
    await client.close()


def params_of(commands: list[app_commands.Command[Any, ..., Any]], kind: AppCommandOptionType
              ) -> list[tuple[app_commands.Command[Any, ..., Any], app_commands.Parameter]]:
    return [(c, p) for c in commands for p in c.parameters if p.type is kind]


async def test_every_integer_option_refuses_numbers_beyond_its_range_or_discords(
        tree_commands: list[app_commands.Command[Any, ..., Any]]) -> None:
    integers = params_of(tree_commands, AppCommandOptionType.integer)
    assert len(integers) >= 5  # game: on status/board/log/players/play/hand, settings ranges
    for command, parameter in integers:
        for value in HUGE:
            problem = option_problem(parameter, value)
            assert problem is not None, (command.qualified_name, parameter.name, value)
            assert f"`{parameter.display_name}`" in problem and len(problem) < 400
        allowed = parameter.choices[0].value if parameter.choices else (parameter.min_value or 1)
        assert option_problem(parameter, allowed) is None, (command.qualified_name, parameter.name)
        assert option_problem(parameter, True) is not None  # a JSON true is not a number


async def test_every_choice_option_refuses_values_it_does_not_offer(
        tree_commands: list[app_commands.Command[Any, ..., Any]]) -> None:
    with_choices = [(c, p) for c in tree_commands for p in c.parameters if p.choices]
    names = {f"{c.qualified_name}:{p.name}" for c, p in with_choices}
    assert {"game new:game", "game start:order", "game settings:afk"} <= names
    for command, parameter in with_choices:
        assert option_problem(parameter, "x" * 5000) is not None, (command.qualified_name, parameter.name)
        assert option_problem(parameter, parameter.choices[0].value) is None
        assert len(option_problem(parameter, "x" * 5000) or "") < 1000


async def test_a_whole_invocation_is_checked_down_to_the_subcommand(
        tree_commands: list[app_commands.Command[Any, ..., Any]]) -> None:
    status = next(c for c in tree_commands if c.qualified_name == "game status")
    sub = {"name": "status", "type": 1, "options": [{"name": "game", "type": 4, "value": 2**63}]}
    data: dict[str, Any] = {"name": "game", "type": 1, "options": [sub]}
    assert "`game`" in (options_problem(status, data) or "")
    sub["options"] = [{"name": "game", "type": 4, "value": 12}]
    assert options_problem(status, data) is None
    sub["options"] = [{"name": "no_longer_exists", "type": 3, "value": "x"}]
    assert options_problem(status, data) is None  # ignored, as discord.py does


@pytest.mark.parametrize("options", ["nope", [1, 2], [{"type": 1, "options": "x"}]])
def test_options_that_are_not_discords_shape_are_malformed(options: Any) -> None:
    with pytest.raises(MalformedOptions):
        list(leaf_options({"name": "game", "options": options}))

