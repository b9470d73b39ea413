from collections.abc import Awaitable, Callable
from typing import Any, cast

import discord

from cogs.new_command import TABLE_PARAMS, make_new_command, option_params
from cogs.rules import rules_sections
from engine import registry
from engine.core.options import OptionSpec


class RecordingHandler:
    """A /game new handler that notes each call's game, thread flag and options."""

    def __init__(self) -> None:
        self.calls: list[tuple[str, bool, dict[str, Any]]] = []

    async def __call__(
        self, interaction: discord.Interaction, game: str, thread: bool, options: dict[str, Any]
    ) -> None:
        self.calls.append((game, thread, options))


handler = RecordingHandler()


def test_every_option_of_every_game_becomes_a_parameter():
    names = registry.names()
    cmd = make_new_command(handler, names)
    params = {p.name: p for p in cmd.parameters}
    assert set(TABLE_PARAMS) <= set(params)
    assert params["game"].required and not params["thread"].required
    assert {c.value for c in params["game"].choices} == set(names)
    for name in names:
        for spec in registry.get(name).options():
            assert spec.name in params
            param = params[spec.name]
            assert not param.required
            assert len(param.description) <= 100
            if spec.choices:
                assert {c.value for c in param.choices} == {c if spec.type == "int" else str(c) for c in spec.choices}
    assert len(params) <= 25


def test_conflicting_option_types_fall_back_to_text(monkeypatch):
    games = {
        "a": [OptionSpec("size", "int", 3, "board size", minimum=1, maximum=9)],
        "b": [OptionSpec("size", "choice", "small", "board size", choices=("small", "large"))],
    }

    class Fake:
        def __init__(self, specs):
            self.specs = specs
            self.title = "x"

        def options(self):
            return self.specs

    monkeypatch.setattr(registry, "get", lambda name: Fake(games[name]))
    (param,) = option_params(["a", "b"])
    assert param.annotation is str and param.choices == []
    assert param.description.startswith("[a, b]")


async def test_callback_passes_only_given_options():
    cmd = make_new_command(handler, registry.names())
    handler.calls.clear()
    # The command wraps a plain function (no group or cog bound first), the second form of discord.py's
    # CommandCallback union; its options are keyword arguments made at run time, hence the loose Callable.
    callback = cast(Callable[..., Awaitable[None]], cmd.callback)
    await callback(object(), game="vendetta", thread=True, round_limit=12, scoring=None)
    assert handler.calls == [("vendetta", True, {"round_limit": 12})]


def test_rules_sections_split_at_headings():
    for name in registry.names():
        sections = rules_sections(name)
        assert sections, f"no rules text for {name}"
        assert all(len(title) <= 100 and body for title, body in sections.items())
    assert rules_sections("no_such_game") == {}


def test_a_default_is_said_in_words_a_player_reads(monkeypatch):
    """A yes/no option's default reads on or off (Discord's True and False are not the player's words)."""
    games = {"a": [OptionSpec("fast", "bool", False, "play fast"), OptionSpec("slow", "bool", True, "play slow"),
                   OptionSpec("size", "int", 3, "board size", minimum=1, maximum=9),
                   OptionSpec("mode", "choice", None, "how", choices=("x", "y"))]}

    class Fake:
        title = "x"

        def options(self):
            return games["a"]

    monkeypatch.setattr(registry, "get", lambda name: Fake())
    described = {p.name: p.description for p in option_params(["a"])}
    assert described == {"fast": "play fast (default: off)", "slow": "play slow (default: on)",
                         "size": "board size (default 3)", "mode": "how"}
