"""Settings of the bot process: read from real environment variables and a .env file."""

from __future__ import annotations

import logging
import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from dotenv import dotenv_values

DEFAULT_DATABASE_PATH = "./gnomehost.db"
LOG_LEVELS = ("CRITICAL", "ERROR", "WARNING", "INFO", "DEBUG")

MISSING_TOKEN_MESSAGE = (
    "Gnomehost cannot start: DISCORD_TOKEN is not set. The bot needs the token of a Discord "
    "application's bot user to log in. Copy .env.example to .env in the folder you start the bot "
    "from, put the token after DISCORD_TOKEN= (Discord Developer Portal -> your application -> Bot -> "
    "Reset Token), or export DISCORD_TOKEN in the environment, then run `python bot.py` again."
)

REJECTED_TOKEN_MESSAGE = (
    "Gnomehost cannot start: Discord rejected the DISCORD_TOKEN it was given (401 Unauthorized). "
    "The token is wrong, was reset, or belongs to another application. Get a fresh one from the "
    "Discord Developer Portal (your application -> Bot -> Reset Token), put it after DISCORD_TOKEN= "
    "in .env (copy .env.example to .env if you have none) or in the environment, then run "
    "`python bot.py` again."
)


class ConfigError(Exception):
    """The settings cannot start the bot; the message is one paragraph meant for a person."""


@dataclass(frozen=True, slots=True)
class Settings:
    """Everything the bot reads from its environment."""

    token: str
    database_path: str = DEFAULT_DATABASE_PATH
    dev_guild_id: int | None = None
    log_level: str = "INFO"
    api_base: str | None = None
    gateway_url: str | None = None


def read_environment(env_file: Path | None, environ: Mapping[str, str] | None = None) -> dict[str, str]:
    """The merged key/values of `env_file` and `environ`; real environment variables win."""
    merged: dict[str, str] = {}
    if env_file is not None and env_file.is_file():
        merged.update({k: v for k, v in dotenv_values(env_file).items() if v is not None})
    merged.update(os.environ if environ is None else environ)
    return merged


def parse_settings(values: Mapping[str, str]) -> Settings:
    """Settings from raw key/values; ConfigError with a human paragraph when they cannot work."""
    token = values.get("DISCORD_TOKEN", "").strip()
    if not token:
        raise ConfigError(MISSING_TOKEN_MESSAGE)
    guild_raw = values.get("DEV_GUILD_ID", "").strip()
    dev_guild: int | None = None
    if guild_raw:
        if not guild_raw.isdigit():
            raise ConfigError(
                f"Gnomehost cannot start: DEV_GUILD_ID must be a server id (digits only), not {guild_raw!r}. "
                "Fix it in .env (see .env.example) or leave it empty to sync commands globally."
            )
        dev_guild = int(guild_raw)
    level = values.get("LOG_LEVEL", "INFO").strip().upper() or "INFO"
    if level not in LOG_LEVELS:
        raise ConfigError(
            f"Gnomehost cannot start: LOG_LEVEL must be one of {', '.join(LOG_LEVELS)}, not {level!r}. "
            "Fix it in .env (see .env.example)."
        )
    return Settings(
        token=token,
        database_path=values.get("DATABASE_PATH", "").strip() or DEFAULT_DATABASE_PATH,
        dev_guild_id=dev_guild,
        log_level=level,
        api_base=values.get("DISCORD_API_BASE", "").strip().rstrip("/") or None,
        gateway_url=values.get("DISCORD_GATEWAY_URL", "").strip() or None,
    )


def setup_logging(level: str) -> None:
    """One stderr handler for every logger, at `level`."""
    logging.basicConfig(
        level=getattr(logging, level, logging.INFO),
        format="%(asctime)s %(levelname)-7s %(name)s: %(message)s",
    )
