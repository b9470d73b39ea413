"""The test-facing API of the loopback Discord.

Typical use (see tests/e2e/README.md)::

    h = Harness()
    alice = h.add_user("alice")
    await h.start()
    bot = LiveBot(h, BotProcess(h.env(tmp_path), tmp_path / "bot.log"))
    await bot.start()                      # subprocess + wait until identified and commands synced
    rec = await h.slash(alice, "game", subcommand="new", options={"game": "vendetta"})
    lobby = h.latest_message(h.channel.id)
    rec = await h.click(alice, lobby, lobby.custom_ids()[0])
    assert not h.validate_all()

Every wait has a timeout and fails with an AssertionError saying what it waited for.
"""

from __future__ import annotations

from .injection import HarnessFaults
from .inspection import HarnessInspection
from .interactions import OPTION_TYPES, HarnessInteractions

__all__ = ["OPTION_TYPES", "Harness"]


class Harness(HarnessInteractions, HarnessInspection, HarnessFaults):
    """Drives the fake Discord from tests: users, interactions, messages, request log, validation.

    The API is split over four modules: :mod:`.base` (lifecycle, users, channels, readiness,
    commands), :mod:`.interactions` (slash, autocomplete, click, select, answer waits),
    :mod:`.inspection` (messages, DMs, requests, timings, validation, leak checks) and
    :mod:`.injection` (injected REST failures: 429, 5xx, 50013, 50007).
    """
