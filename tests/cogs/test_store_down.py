"""cogs.errors: a store that cannot save is answered with the plain refusal, not "Something went wrong"."""

from __future__ import annotations

import logging

import pytest

from cogs import errors
from db.errors import StoreDown
from host.errors import CannotSave
from tests.cogs.test_errors import fake_interaction, told

MOVE_REFUSED = "Your move was not made: the bot cannot save games right now. Try again in a while."


async def test_a_move_the_store_could_not_save_is_answered_privately_with_exactly_the_plain_refusal(
    caplog: pytest.LogCaptureFixture,
) -> None:
    interaction = fake_interaction()
    try:
        raise CannotSave(move=True) from StoreDown("database or disk is full")
    except CannotSave as refused:
        await errors.report_error(interaction, refused)
    [(content, kwargs)] = told(interaction)
    assert content == MOVE_REFUSED
    assert kwargs.get("ephemeral") is True
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]
