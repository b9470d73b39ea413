"""Settings of the bot process: read from real environment variables and a .env file."""

from __future__ import annotations

import logging
import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from dotenv import dotenv_values

from db.backup import DEFAULT_BACKUP_DIR, DEFAULT_BACKUP_KEEP, DEFAULT_BACKUP_MINUTES
from db.lease import LEASE_TIMEOUT_SECONDS
from db.url import sqlite_url
from host.shards import InvalidShards, ShardSet

DEFAULT_DATABASE_PATH = "./gnomehost.db"
DEFAULT_METRICS_HOST = "127.0.0.1"  # only this machine can scrape unless METRICS_HOST says otherwise
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
    database_url: str | None = None  # DATABASE_URL; None: the SQLite file at database_path
    dev_guild_id: int | None = None
    log_level: str = "INFO"
    api_base: str | None = None
    gateway_url: str | None = None
    backup_minutes: int = DEFAULT_BACKUP_MINUTES  # 0: no automatic backups
    backup_dir: str = DEFAULT_BACKUP_DIR
    backup_keep: int = DEFAULT_BACKUP_KEEP
    lease_timeout_seconds: int = int(LEASE_TIMEOUT_SECONDS)
    shards: ShardSet | None = None  # SHARD_COUNT / SHARD_IDS; None: one unsharded connection, as before
    metrics_port: int | None = None  # METRICS_PORT; None: no metrics endpoint at all
    metrics_host: str = DEFAULT_METRICS_HOST  # METRICS_HOST: the address the endpoint listens on

    @property
    def store_url(self) -> str:
        """The store this bot uses: DATABASE_URL, else the SQLite file DATABASE_PATH names."""
        return self.database_url or sqlite_url(self.database_path)


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
    try:
        shards = ShardSet.parse(values.get("SHARD_COUNT"), values.get("SHARD_IDS"))
    except InvalidShards as error:
        raise ConfigError(
            f"Gnomehost cannot start: {error.message} Fix SHARD_COUNT / SHARD_IDS in .env (see .env.example), "
            "or leave both empty to run unsharded."
        ) from error
    return Settings(
        token=token,
        database_path=values.get("DATABASE_PATH", "").strip() or DEFAULT_DATABASE_PATH,
        database_url=values.get("DATABASE_URL", "").strip() or None,
        dev_guild_id=dev_guild,
        log_level=level,
        api_base=values.get("DISCORD_API_BASE", "").strip().rstrip("/") or None,
        gateway_url=values.get("DISCORD_GATEWAY_URL", "").strip() or None,
        backup_minutes=_whole_number(values, "BACKUP_MINUTES", DEFAULT_BACKUP_MINUTES, 0, "0 turns backups off"),
        backup_dir=values.get("BACKUP_DIR", "").strip() or DEFAULT_BACKUP_DIR,
        backup_keep=_whole_number(values, "BACKUP_KEEP", DEFAULT_BACKUP_KEEP, 1, "how many backups to keep"),
        lease_timeout_seconds=_whole_number(
            values, "LEASE_TIMEOUT_SECONDS", int(LEASE_TIMEOUT_SECONDS), 10, "when a silent lease is taken over"
        ),
        shards=shards,
        metrics_port=_metrics_port(values),
        metrics_host=values.get("METRICS_HOST", "").strip() or DEFAULT_METRICS_HOST,
    )


def _metrics_port(values: Mapping[str, str]) -> int | None:
    """METRICS_PORT as a port number (None when empty); ConfigError when it is not one."""
    raw = values.get("METRICS_PORT", "").strip()
    if not raw:
        return None
    if not raw.isdigit() or not 1 <= int(raw) <= 65535:
        raise ConfigError(
            f"Gnomehost cannot start: METRICS_PORT must be a port number from 1 to 65535, not {raw!r}. "
            "Fix it in .env (see .env.example) or leave it empty to serve no metrics."
        )
    return int(raw)


def _whole_number(values: Mapping[str, str], key: str, default: int, minimum: int, meaning: str) -> int:
    """A whole-number setting (default when empty); ConfigError when it is not a number >= minimum."""
    raw = values.get(key, "").strip()
    if not raw:
        return default
    if not raw.isdigit() or int(raw) < minimum:
        raise ConfigError(
            f"Gnomehost cannot start: {key} must be a whole number of at least {minimum} ({meaning}), not {raw!r}. "
            f"Fix it in .env (see .env.example) or leave it empty for the default, {default}."
        )
    return int(raw)


def setup_logging(level: str) -> None:
    """One stderr handler for every logger, at `level`."""
    logging.basicConfig(
        level=getattr(logging, level, logging.INFO),
        format="%(asctime)s %(levelname)-7s %(name)s: %(message)s",
    )
