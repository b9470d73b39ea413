"""Command option values checked against what each command declares, before any command code runs.

Discord enforces ranges and choices in its client, but discord.py passes on whatever the payload
says (a stale client, a crafted request): an integer ≥ 2^63 would reach SQLite and fail as a bug.
Every command is covered by reading its declared parameters, so new commands need nothing here.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from discord import AppCommandOptionType, app_commands

from i18n import ENGLISH, Locale, t

# Discord's own bounds for integer and number options.
DISCORD_MIN = -(2**53)
DISCORD_MAX = 2**53
SUBCOMMAND_TYPES = (AppCommandOptionType.subcommand.value, AppCommandOptionType.subcommand_group.value)
SHOWN_CHOICES = 10


class MalformedOptions(ValueError):
    """The options of a command payload are not the shape Discord sends."""


def leaf_options(data: Mapping[str, Any]) -> Iterator[Mapping[str, Any]]:
    """The options given to the invoked (sub)command itself."""
    options: Any = data.get("options") or []
    while True:
        if not isinstance(options, list) or not all(isinstance(o, Mapping) for o in options):
            raise MalformedOptions("options are not a list of objects")
        nested = next((o for o in options if o.get("type") in SUBCOMMAND_TYPES), None)
        if nested is None:
            yield from options
            return
        options = nested.get("options") or []


def _bounds(parameter: app_commands.Parameter) -> tuple[float, float]:
    low = parameter.min_value if parameter.min_value is not None else DISCORD_MIN
    high = parameter.max_value if parameter.max_value is not None else DISCORD_MAX
    return max(low, DISCORD_MIN), min(high, DISCORD_MAX)


def _show(number: float) -> str:
    return str(int(number)) if float(number).is_integer() else str(number)


def _choice_list(choices: Sequence[app_commands.Choice[Any]]) -> str:
    shown = ", ".join(f"`{c.value}`" for c in choices[:SHOWN_CHOICES])
    return shown + (", …" if len(choices) > SHOWN_CHOICES else "")


def option_problem(parameter: app_commands.Parameter, value: Any, locale: Locale = ENGLISH) -> str | None:
    """Why `value` is not allowed for `parameter` (a sentence for the user in `locale`), or None when it is."""
    name = f"`{parameter.display_name}`"
    if parameter.type in (AppCommandOptionType.integer, AppCommandOptionType.number):
        numeric = int if parameter.type is AppCommandOptionType.integer else (int, float)
        low, high = _bounds(parameter)
        if isinstance(value, bool) or not isinstance(value, numeric) or not low <= value <= high:
            if parameter.type is AppCommandOptionType.integer:
                return t(locale, "option-check.whole-number", name=name, low=_show(low), high=_show(high))
            return t(locale, "option-check.number", name=name, low=_show(low), high=_show(high))
    if parameter.choices and value not in [c.value for c in parameter.choices]:
        return t(locale, "option-check.one-of", name=name, choices=_choice_list(parameter.choices))
    return None


def options_problem(command: app_commands.Command[Any, ..., Any], data: Mapping[str, Any],
                    locale: Locale = ENGLISH) -> str | None:
    """The first option value of this invocation that the command does not allow, as a refusal in `locale`;
    else None."""
    parameters = {p.display_name: p for p in command.parameters}
    for option in leaf_options(data):
        parameter = parameters.get(str(option.get("name")))
        if parameter is None:
            continue  # an option this version no longer has: discord.py ignores it too
        problem = option_problem(parameter, option.get("value"), locale)
        if problem is not None:
            return problem
    return None
