"""The shape of a command payload's options, checked before discord.py reads them.

discord.py finds the invoked subcommand by walking the options, then turns each option into a Python
value by the type the payload claims (a user option's value into an int id and a dict key); an
option that is not an object, a value of another shape or an autocomplete without its focused option
fails inside discord.py, after our error handlers, as an internal error. Discord never sends such a
payload, but a stale client or a crafted request can: it is refused up front as unreadable.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from discord import AppCommandOptionType, app_commands

SUBCOMMAND_TYPES = (AppCommandOptionType.subcommand.value, AppCommandOptionType.subcommand_group.value)
# Option types whose value is a snowflake given as a string of digits (user, channel, role, mentionable, file).
SNOWFLAKE_TYPES = (6, 7, 8, 9, 11)
VALUE_TYPES: dict[int, tuple[type, ...]] = {3: (str,), 4: (int,), 5: (bool,), 10: (int, float)}
SNOWFLAKE_DIGITS = 20
# Subcommand groups nest at most this deep (command > group > subcommand).
MAX_DEPTH = 3


def _named(option: object) -> bool:
    return isinstance(option, Mapping) and isinstance(option.get("name"), str) and type(option.get("type")) is int


def leaves(data: Mapping[str, Any]) -> list[Mapping[str, Any]] | None:
    """The options given to the invoked (sub)command, or None when any level is not a list of named, typed objects."""
    options: Any = data.get("options", [])
    for _ in range(MAX_DEPTH + 1):
        if not isinstance(options, list) or not all(_named(o) for o in options):
            return None
        nested = next((o for o in options if o["type"] in SUBCOMMAND_TYPES), None)
        if nested is None:
            return options
        options = nested.get("options", [])
    return None


def _value_fits(kind: int, value: object, *, focused: bool) -> bool:
    if focused:
        return isinstance(value, str)  # what is typed so far, whatever the option's type
    if kind in SNOWFLAKE_TYPES:
        return isinstance(value, str) and value.isascii() and value.isdigit() and len(value) <= SNOWFLAKE_DIGITS
    if kind in VALUE_TYPES:
        # bool is an int to Python, not to Discord: only a boolean option takes one.
        return isinstance(value, VALUE_TYPES[kind]) and (kind == 5 or not isinstance(value, bool))
    return False


def shape_problem(data: Mapping[str, Any]) -> str | None:
    """Why the options of a command payload cannot be walked (for the log), else None."""
    return "the options are not a list of named, typed objects" if leaves(data) is None else None


def values_problem(command: app_commands.Command[Any, ..., Any], data: Mapping[str, Any], *,
                   autocomplete: bool) -> str | None:
    """Why the option values of this payload are not what Discord sends for `command` (for the log), else None.

    Each value must fit the type it is sent as, and that type the parameter's; an autocomplete must
    name exactly one focused option, one that has completions.
    """
    options = leaves(data)
    if options is None:
        return "the options are not a list of named, typed objects"
    parameters = {p.display_name: p for p in command.parameters}
    focused = [o for o in options if o.get("focused") is True]
    for option in options:
        name, kind = option["name"], option["type"]
        parameter = parameters.get(name)
        if parameter is not None and kind != parameter.type.value:
            return f"option {name[:20]!r} sent as type {kind}"
        if not _value_fits(kind, option.get("value"), focused=option in focused):
            return f"option {name[:20]!r} has a value of another shape than type {kind}"
    if autocomplete:
        completed = parameters.get(focused[0]["name"]) if len(focused) == 1 else None
        if completed is None or not completed.autocomplete:
            return "an autocomplete without one focused option that has completions"
    return None
