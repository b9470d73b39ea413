"""cogs.errors: an unexpected exception becomes "something went wrong (ref XXXX)" plus a log line with the same ref.

Fake interaction objects stand in for discord.py's: they record what the user was told and how.
"""

from __future__ import annotations

import logging
import re
from types import SimpleNamespace
from typing import Any

import discord
import pytest
from discord import app_commands

from cogs import errors
from cogs.inflight import InFlight
from engine.core.errors import IllegalAction
from i18n import Locale

REF = re.compile(r"[Ss]omething went wrong \(ref ([0-9A-F]{4})\)")


class FakeResponse:
    def __init__(self, done: bool) -> None:
        self.done = done
        self.sent: list[tuple[str, dict[str, Any]]] = []

    def is_done(self) -> bool:
        return self.done

    async def send_message(self, content: str, **kwargs: Any) -> None:
        assert not self.done, "a second response to one interaction"
        self.done = True
        self.sent.append((content, kwargs))

    async def autocomplete(self, choices: list[Any]) -> None:
        self.done = True
        self.sent.append(("<autocomplete>", {"choices": choices}))


class FakeFollowup:
    def __init__(self) -> None:
        self.sent: list[tuple[str, dict[str, Any]]] = []

    async def send(self, content: str, **kwargs: Any) -> None:
        self.sent.append((content, kwargs))


def fake_interaction(*, deferred: bool = False, kind: discord.InteractionType = discord.InteractionType.component
                     ) -> Any:
    return SimpleNamespace(
        id=1234, type=kind, user=SimpleNamespace(id=11), guild_id=None, channel_id=55, command=None,
        data={"custom_id": "gh:A:3:7:0:x"}, response=FakeResponse(deferred), followup=FakeFollowup(),
        client=SimpleNamespace(inflight=InFlight()),
    )


def told(interaction: Any) -> list[tuple[str, dict[str, Any]]]:
    return interaction.response.sent + interaction.followup.sent


def error_records(caplog: pytest.LogCaptureFixture) -> list[logging.LogRecord]:
    return [r for r in caplog.records if r.name == "cogs.errors" and r.levelno >= logging.ERROR]


class Handler:
    """A component callback that fails the way a bug does."""

    def __init__(self, error: Exception, *, defer_first: bool = False) -> None:
        self.error = error
        self.defer_first = defer_first
        self.calls = 0

    @errors.guarded
    async def callback(self, interaction: Any) -> None:
        self.calls += 1
        if self.defer_first:
            interaction.response.done = True  # what interaction.response.defer() leaves behind
        raise self.error


def assert_reported_bug(interaction: Any, caplog: pytest.LogCaptureFixture, error_type: type[Exception],
                        text: str) -> str:
    """One ephemeral answer with a ref, one ERROR log line with the same ref and the traceback; returns the ref."""
    (content, kwargs), = told(interaction)
    assert kwargs.get("ephemeral") is True, kwargs
    match = REF.search(content)
    assert match, content
    ref = match.group(1)
    assert text not in content, "the exception text is for the log, not for the user"
    (record,) = error_records(caplog)
    message = record.getMessage()
    assert f"ref {ref}" in message, message
    assert record.exc_info is not None and record.exc_info[0] is error_type
    formatted = logging.Formatter("%(message)s").format(record)
    assert "Traceback (most recent call last)" in formatted and text in formatted, formatted
    return ref


async def test_bug_in_a_component_handler_answers_with_a_reference(caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG, logger="cogs.errors")
    interaction = fake_interaction()
    handler = Handler(KeyError("snapshot column missing"))
    await handler.callback(interaction)
    assert handler.calls == 1
    assert interaction.followup.sent == []  # nothing was sent before: the answer is the response itself
    assert_reported_bug(interaction, caplog, KeyError, "snapshot column missing")
    assert interaction.client.inflight.count == 0  # the failed click no longer counts as in flight


async def test_bug_after_defer_answers_by_followup(caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG, logger="cogs.errors")
    interaction = fake_interaction()
    await Handler(ZeroDivisionError("division by zero in scoring"), defer_first=True).callback(interaction)
    assert interaction.response.sent == []
    assert_reported_bug(interaction, caplog, ZeroDivisionError, "division by zero in scoring")


async def test_each_failure_gets_its_own_reference(caplog: pytest.LogCaptureFixture) -> None:
    refs = set()
    for _ in range(5):
        caplog.clear()
        interaction = fake_interaction()
        await Handler(RuntimeError("boom")).callback(interaction)
        refs.add(assert_reported_bug(interaction, caplog, RuntimeError, "boom"))
    assert len(refs) >= 4  # random 16-bit refs: a repeat among 5 is possible but rare


async def test_command_error_is_unwrapped_and_logged_with_the_original_traceback(
        caplog: pytest.LogCaptureFixture) -> None:
    """The command tree's on_error: discord.py wraps the bug in CommandInvokeError; the log shows the bug."""
    caplog.set_level(logging.DEBUG, logger="cogs.errors")
    interaction = fake_interaction(kind=discord.InteractionType.application_command)
    try:
        raise ValueError("bad snapshot")
    except ValueError as bug:
        wrapped = app_commands.CommandInvokeError.__new__(app_commands.CommandInvokeError)
        Exception.__init__(wrapped, "Command raised an exception")
        wrapped.original = bug
        wrapped.__cause__ = bug
    tree = errors.GuardedTree.__new__(errors.GuardedTree)
    await tree.on_error(interaction, wrapped)
    assert_reported_bug(interaction, caplog, ValueError, "bad snapshot")


@pytest.mark.parametrize("refusal", [IllegalAction("You cannot pass now; you can play a card."),
                                     errors.UserFacingError("Only the host can do that.")])
async def test_expected_refusal_is_shown_as_is_without_reference(caplog: pytest.LogCaptureFixture,
                                                                 refusal: IllegalAction | errors.UserFacingError
                                                                 ) -> None:
    caplog.set_level(logging.DEBUG, logger="cogs.errors")
    interaction = fake_interaction()
    await Handler(refusal).callback(interaction)
    (content, kwargs), = told(interaction)
    assert content == refusal.message
    assert kwargs.get("ephemeral") is True
    assert not REF.search(content)
    assert error_records(caplog) == []


async def test_bug_in_autocomplete_offers_nothing_and_is_logged(caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG, logger="cogs.errors")
    interaction = fake_interaction(kind=discord.InteractionType.autocomplete)
    await errors.report_error(interaction, RuntimeError("autocomplete bug"))
    assert told(interaction) == [("<autocomplete>", {"choices": []})]
    (record,) = error_records(caplog)
    assert re.search(r"ref [0-9A-F]{4}", record.getMessage()) and record.exc_info is not None


async def test_failure_to_tell_the_user_is_logged_not_raised(caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG, logger="cogs.errors")
    interaction = fake_interaction()

    async def unreachable(content: str, **kwargs: Any) -> None:
        raise discord.NotFound(SimpleNamespace(status=404, reason="Not Found"),
                               {"code": 10062, "message": "Unknown interaction"})

    interaction.response.send_message = unreachable
    await Handler(RuntimeError("boom")).callback(interaction)  # must not raise
    assert len(error_records(caplog)) == 1
    assert any("could not tell user 11" in r.getMessage() for r in caplog.records if r.levelno == logging.WARNING)


def test_the_command_tree_uses_only_discord_pys_public_hooks() -> None:
    """interaction_check and on_error, not an override of the private CommandTree._call."""
    overridden = {name for name in set(vars(errors.GuardedTree)) & set(vars(app_commands.CommandTree))
                  if not name.startswith("__")}
    assert overridden == {"interaction_check", "on_error"}, overridden


@pytest.mark.parametrize("error", [app_commands.CommandNotFound("gone", []),
                                   app_commands.CommandNotFound("explode", ["game"])])
async def test_a_stale_command_is_a_refusal_not_a_bug(caplog: pytest.LogCaptureFixture, error: Exception) -> None:
    caplog.set_level(logging.DEBUG, logger="cogs.errors")
    interaction = fake_interaction(kind=discord.InteractionType.application_command)
    await errors.report_error(interaction, error)
    (content, _), = told(interaction)
    assert content == errors.STALE_COMMAND.text() and error_records(caplog) == []


async def test_a_refusal_of_any_length_is_sent_within_discords_limit() -> None:
    interaction = fake_interaction(deferred=True)
    await errors.report_error(interaction, errors.UserFacingError("no " * 3000))
    (content, _), = told(interaction)
    assert len(content) <= 2000


async def test_a_bug_and_a_stale_command_are_told_in_the_readers_language(caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG, logger="cogs.errors")
    interaction = fake_interaction()
    interaction.locale = "fr"
    await Handler(KeyError("boom")).callback(interaction)
    (content, _), = told(interaction)
    assert content.startswith("Quelque chose s'est mal passé (réf. ") and "/partie état" in content, content
    stale = fake_interaction(kind=discord.InteractionType.application_command)
    stale.locale = "fr"
    await errors.report_error(stale, app_commands.CommandNotFound("old", []))
    (content, _), = told(stale)
    assert content == errors.STALE_COMMAND.text(Locale("fr")) and content.startswith("Cette commande n'est plus")
