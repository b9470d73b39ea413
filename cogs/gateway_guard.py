"""Survive malformed gateway events: log them and carry on instead of letting the bot process die.

Why this touches discord.py internals: discord.py 2.7 parses every gateway event in
``ConnectionState.parse_*`` methods, called straight from the websocket's read loop; an
exception there (e.g. an INTERACTION_CREATE without ``data``, or a component without
``custom_id``: ``KeyError``) ends ``Client.connect`` and with it ``bot.py`` (exit code 1). No public
hook runs before those parsers, so the parser table (``ConnectionState.parsers``, the dict the
websocket looks events up in) is wrapped here, in this one module, and nowhere else.
"""

from __future__ import annotations

import functools
import logging
from collections.abc import Callable, Mapping, MutableMapping
from typing import Any

log = logging.getLogger(__name__)

Parser = Callable[[Any], None]

# Failing to read these means the session itself is broken: discord.py must see the error and reconnect.
SESSION_EVENTS = frozenset({"READY", "RESUMED"})
COMMAND_TYPES = (2, 4)  # application command, autocomplete
COMPONENT_TYPE = 3
MODAL_TYPE = 5


def interaction_problem(payload: Any) -> str | None:
    """Why an INTERACTION_CREATE payload cannot be handled (a short reason for the log), or None."""
    if not isinstance(payload, Mapping):
        return "the payload is not an object"
    for key in ("id", "token", "type", "application_id"):
        if key not in payload:
            return f"no {key!r}"
    kind = payload["type"]
    if kind not in (*COMMAND_TYPES, COMPONENT_TYPE, MODAL_TYPE):
        return None  # a ping or a future type: discord.py reads only the common fields
    data = payload.get("data")
    if not isinstance(data, Mapping):
        return "no 'data'"
    if kind in COMMAND_TYPES and not isinstance(data.get("name"), str):
        return "a command without a name"
    if kind in (COMPONENT_TYPE, MODAL_TYPE) and not isinstance(data.get("custom_id"), str):
        return "no 'custom_id'"
    if kind == COMPONENT_TYPE and not isinstance(data.get("component_type"), int):
        return "no 'component_type'"
    if kind == MODAL_TYPE and not isinstance(data.get("components"), list):
        return "a modal without 'components'"
    return None


def _ids(payload: Any) -> str:
    if not isinstance(payload, Mapping):
        return "?"
    return f"id={str(payload.get('id'))[:24]} type={str(payload.get('type'))[:8]}"


def guard_interactions(parse: Parser) -> Parser:
    """Wrap the INTERACTION_CREATE parser: drop payloads it cannot read, and log any failure instead of raising."""

    @functools.wraps(parse)
    def guarded(payload: Any) -> None:
        problem = interaction_problem(payload)
        if problem is not None:
            log.warning("ignored a malformed interaction from Discord (%s): %s", problem, _ids(payload))
            return
        try:
            parse(payload)
        except Exception:
            log.exception("could not read an interaction from Discord; ignored: %s", _ids(payload))

    return guarded


def guard_event(event: str, parse: Parser) -> Parser:
    """Wrap one event parser so that a payload it cannot read is logged and skipped."""

    @functools.wraps(parse)
    def guarded(payload: Any) -> None:
        try:
            parse(payload)
        except Exception:
            log.exception("could not read a %s event from Discord; ignored", event)

    return guarded


def guard_parsers(parsers: MutableMapping[str, Parser]) -> None:
    """Wrap every event parser in place (the websocket reads this same dict when it connects)."""
    for event, parse in list(parsers.items()):
        if event in SESSION_EVENTS or getattr(parse, "__gnomehost_guarded__", False):
            continue
        wrapped = guard_interactions(parse) if event == "INTERACTION_CREATE" else guard_event(event, parse)
        wrapped.__gnomehost_guarded__ = True  # type: ignore[attr-defined]  # a marker on the function: never wrapped twice
        parsers[event] = wrapped


def install(client: Any) -> None:
    """Guard the event parsers of a discord.py client (call once, before it connects)."""
    guard_parsers(client._connection.parsers)
