"""The end-to-end fixtures (fake Discord, the real bot.py) for the single-bot tests in this folder."""

from tests.e2e.conftest import bot, bot_factory, fake

__all__ = ["bot", "bot_factory", "fake"]
