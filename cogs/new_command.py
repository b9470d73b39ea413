"""The /game new command, its parameters generated from the OptionSpecs of every registered game."""

from __future__ import annotations

import inspect
import logging
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from typing import Any

import discord
from discord import app_commands

from cogs.limits import AUTOCOMPLETE_CHOICES, CHOICE_NAME, trim
from engine import registry
from engine.core.options import OptionSpec
from present.titles import short_title

log = logging.getLogger(__name__)

# Names of /game new parameters that are not game options.
TABLE_PARAMS = ("game", "thread")
MAX_COMMAND_PARAMS = 25


@dataclass
class OptionParam:
    """One /game new parameter made from the OptionSpecs of one or more games."""

    name: str
    annotation: Any
    description: str
    choices: list[app_commands.Choice[Any]]
    games: list[str]


def _spec_annotation(spec: OptionSpec) -> tuple[Any, list[app_commands.Choice[Any]]]:
    """The slash-command type of an option, and its choices when finite (≤ 25)."""
    if spec.type == "bool":
        return bool, []
    if spec.type == "int":
        if spec.choices and len(spec.choices) <= AUTOCOMPLETE_CHOICES:
            return int, [app_commands.Choice(name=str(c), value=int(c)) for c in spec.choices]
        if spec.minimum is not None or spec.maximum is not None:
            low = spec.minimum if spec.minimum is not None else -(2**53)
            high = spec.maximum if spec.maximum is not None else 2**53
            return app_commands.Range[int, low, high], []
        return int, []
    if spec.choices and len(spec.choices) <= AUTOCOMPLETE_CHOICES:
        return str, [app_commands.Choice(name=trim(str(c), CHOICE_NAME), value=str(c)) for c in spec.choices]
    return str, []


def option_params(game_names: Sequence[str]) -> list[OptionParam]:
    """The union of all games' options as /game new parameters (a name two games type differently becomes text)."""
    params: dict[str, OptionParam] = {}
    for game_name in game_names:
        for spec in registry.get(game_name).options():
            if spec.name in TABLE_PARAMS:
                log.warning("option %r of %s clashes with a /game new parameter; not offered", spec.name, game_name)
                continue
            annotation, choices = _spec_annotation(spec)
            known = params.get(spec.name)
            if known is None:
                default = "" if spec.default is None else f" (default {spec.default})"
                params[spec.name] = OptionParam(spec.name, annotation, spec.description + default, choices, [game_name])
            elif known.annotation == annotation and [c.value for c in known.choices] == [c.value for c in choices]:
                known.games.append(game_name)
            else:
                # The host coerces text into the chosen game's type and says what is allowed.
                known.annotation, known.choices = str, []
                known.games.append(game_name)
    result = list(params.values())
    for param in result:
        if len(game_names) > 1:
            param.description = f"[{', '.join(short_title(g) for g in param.games)}] {param.description}"
        param.description = trim(param.description, 100)
    room = MAX_COMMAND_PARAMS - len(TABLE_PARAMS)
    if len(result) > room:
        log.warning("only the first %d game options fit in /game new; dropped: %s", room,
                    [p.name for p in result[room:]])
    return result[:room]


def loadable_games() -> list[str]:
    """Registered games that load (a broken game must not stop the bot)."""
    names = []
    for name in registry.names():
        try:
            registry.get(name)
        except Exception:
            log.exception("game %s failed to load; it is not offered", name)
            continue
        names.append(name)
    return names


NewHandler = Callable[[discord.Interaction, str, bool, dict[str, Any]], Awaitable[None]]


def make_new_command(handler: NewHandler, game_names: Sequence[str]) -> app_commands.Command[Any, ..., None]:
    """The /game new command, its parameters generated from the games' OptionSpecs."""
    params = option_params(game_names)

    async def new(interaction: discord.Interaction, **values: Any) -> None:
        game = values.pop("game")
        thread = bool(values.pop("thread", True))
        options = {k: v for k, v in values.items() if v is not None}
        await handler(interaction, game, thread, options)

    signature = [
        inspect.Parameter("interaction", inspect.Parameter.POSITIONAL_OR_KEYWORD, annotation=discord.Interaction),
        inspect.Parameter("game", inspect.Parameter.KEYWORD_ONLY, annotation=str),
        # Games open in their own thread by default: the channel stays readable, several games fit in it.
        inspect.Parameter("thread", inspect.Parameter.KEYWORD_ONLY, annotation=bool, default=True),
    ]
    signature += [
        inspect.Parameter(p.name, inspect.Parameter.KEYWORD_ONLY, annotation=p.annotation | None, default=None)
        for p in params
    ]
    new.__signature__ = inspect.Signature(signature)  # type: ignore[attr-defined]  # discord.py reads it for the options
    descriptions = {
        "game": "Which game",
        "thread": "Play in a new thread (default: yes; no = right here in this channel)",
    }
    descriptions.update({p.name: p.description for p in params})
    choices: dict[str, list[app_commands.Choice[Any]]] = {
        "game": [app_commands.Choice(name=trim(registry.get(g).title or g, CHOICE_NAME), value=g) for g in game_names]
    }
    choices.update({p.name: p.choices for p in params if p.choices})
    app_commands.describe(**descriptions)(new)
    app_commands.choices(**choices)(new)
    return app_commands.Command(name="new", description="Open a lobby for a new game in this channel", callback=new)
