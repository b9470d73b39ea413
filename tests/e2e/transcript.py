"""A game's transcript: everything the bot showed anyone, in the order it was first shown, as plain text.

For reading a whole game as its players did (the words, not the pictures): channel and thread messages with
every earlier version of an edited one, DMs, ephemeral answers (panels, refusals), each with its buttons and
menu options. The whole-game tests write one when GNOMEHOST_TRANSCRIPT_DIR names a folder:
`GNOMEHOST_TRANSCRIPT_DIR=/tmp/t pytest tests/e2e/test_table_experience.py -k vendetta`.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from tests.e2e.fakediscord import Harness
from tests.e2e.fakediscord.state import DM, Message, iter_components

TRANSCRIPT_ENV = "GNOMEHOST_TRANSCRIPT_DIR"


def _where(fake: Harness, message: Message) -> str:
    channel = fake.get_channel(message.channel_id)
    if message.ephemeral_to is not None:
        return f"only for {fake.state.users[message.ephemeral_to].name}"
    if channel.type == DM:
        recipient = next((fake.state.users[u].name for u, c in fake.state.dm_by_user.items() if c == channel.id), "?")
        return f"DM to {recipient}"
    return f"#{channel.name}"


def _version_text(version: dict[str, Any]) -> list[str]:
    lines = [str(version.get("content") or "")]
    for embed in version.get("embeds") or []:
        lines += [str(embed.get(k)) for k in ("title", "description") if embed.get(k)]
        lines += [f"{f.get('name')}: {f.get('value')}" for f in embed.get("fields") or []]
    for comp in iter_components(version.get("components") or []):
        if comp.get("type") == 2 and comp.get("label"):
            lines.append(f"  [button] {comp['label']}")
        elif comp.get("options"):
            options = "; ".join(str(o.get("label")) + (f" ({o['description']})" if o.get("description") else "")
                                for o in comp["options"])
            lines.append(f"  [menu] {comp.get('placeholder') or ''}: {options}")
        elif comp.get("type") == 10 and comp.get("content"):  # a text display of a components-v2 message
            lines.append(str(comp["content"]))
    return [line for line in lines if line]


def transcript(fake: Harness) -> str:
    """Every message the bot sent (every version of it), oldest first."""
    out: list[str] = []
    for message in sorted(fake.state.messages.values(), key=lambda m: m.id):
        if message.author.id != fake.bot_user.id and message.webhook_id is None:
            continue
        current = {"content": message.content, "embeds": message.embeds, "components": message.components}
        versions = [*message.history, current]
        for n, version in enumerate(versions):
            edit = f" (version {n + 1} of {len(versions)})" if len(versions) > 1 else ""
            gone = " (deleted later)" if message.deleted and n == len(versions) - 1 else ""
            out.append(f"--- {_where(fake, message)}, message {message.id}{edit}{gone}")
            out.extend(_version_text(version))
    return "\n".join(out) + "\n"


def write_transcript(fake: Harness, name: str) -> Path | None:
    """Write the transcript to $GNOMEHOST_TRANSCRIPT_DIR/<name>.txt when that variable is set; its path."""
    folder = os.environ.get(TRANSCRIPT_ENV)
    if not folder:
        return None
    path = Path(folder) / f"{name}.txt"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(transcript(fake), encoding="utf-8")
    return path
