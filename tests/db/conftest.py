"""The end-to-end fixtures (fake Discord, the real bot.py) for the single-bot tests in this folder, and the
deselection of the tests that start a PostgreSQL server of their own where none can run."""

import pytest

from tests.conftest import _deselect, postgres_test_url
from tests.db.private_postgres import can_run_a_server
from tests.e2e.conftest import bot, bot_factory, fake

__all__ = ["bot", "bot_factory", "fake"]

_PRIVATE_SERVER_KEY = "gnomehost_private_server_deselected"
_private_deselected = pytest.StashKey[int]()


def _starts_a_server(item: pytest.Item) -> bool:
    return "private_postgres" in getattr(item, "fixturenames", ())


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Deselect (not skip) the tests needing a private server where CI has no PostgreSQL (no
    GNOMEHOST_TEST_DATABASE_URL) or this machine has no server binaries to start one with."""
    if postgres_test_url() is None or not can_run_a_server():
        _deselect(config, items, _starts_a_server, _private_deselected, _PRIVATE_SERVER_KEY)
