"""A tiny discord.py bot used by the harness self-tests (tests/e2e/test_fake_discord.py).

It exercises what bot.py will need from the fake: command sync, a slash command group with
autocomplete, a persistent DynamicItem button, an ephemeral answer, a deferred answer with a file
followup, a DM (with the 50007 fallback), a select menu, and a thread.

Run: ``DISCORD_TOKEN=.. DISCORD_API_BASE=.. DISCORD_GATEWAY_URL=.. python demo_bot.py``.
"""

from __future__ import annotations

import asyncio
import io
import logging
import os
import re
import sys
from typing import Any

import discord
import yarl
from discord import app_commands

ACTIONS = [f"move-{i:02d}" for i in range(40)]


def redirect() -> None:
    """Point discord.py at the API base / gateway from the environment (what bot.py does)."""
    base = os.environ.get("DISCORD_API_BASE")
    if base:
        discord.http.Route.BASE = base.rstrip("/")
    gw = os.environ.get("DISCORD_GATEWAY_URL")
    if gw:
        discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(gw)


class CounterButton(discord.ui.DynamicItem[discord.ui.Button], template=r"demo:count:(?P<n>\d+)"):
    """A persistent counter button; its state lives in its custom_id."""

    def __init__(self, n: int) -> None:
        super().__init__(discord.ui.Button(label=f"Count {n}", custom_id=f"demo:count:{n}",
                                           style=discord.ButtonStyle.primary))
        self.n = n

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> CounterButton:
        """Rebuild the button from its custom_id."""
        return cls(int(match["n"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        """Increment: edit the message in place (callback type 7)."""
        view = discord.ui.View(timeout=None)
        view.add_item(CounterButton(self.n + 1))
        view.add_item(PickSelect())
        await interaction.response.edit_message(content=f"count={self.n + 1}", view=view)


class PickSelect(discord.ui.DynamicItem[discord.ui.Select], template=r"demo:pick"):
    """A persistent select menu."""

    def __init__(self) -> None:
        options = [discord.SelectOption(label=a, value=a) for a in ACTIONS[:25]]
        super().__init__(discord.ui.Select(custom_id="demo:pick", options=options, placeholder="Pick"))

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> PickSelect:
        """Rebuild from the custom_id."""
        return cls()

    async def callback(self, interaction: discord.Interaction) -> None:
        """Answer ephemerally with the picked values."""
        data: dict[str, Any] = dict(interaction.data or {})
        values = [str(v) for v in data.get("values", [])]
        await interaction.response.send_message(f"picked {','.join(values)}", ephemeral=True)


class DemoBot(discord.Client):
    """Client with one command tree."""

    def __init__(self) -> None:
        super().__init__(intents=discord.Intents.default())
        self.tree = app_commands.CommandTree(self)
        self.tree.add_command(demo)

    async def setup_hook(self) -> None:
        """Register persistent items and sync commands."""
        self.add_dynamic_items(CounterButton, PickSelect)
        await self.tree.sync()
        logging.getLogger("demo").info("synced")


demo = app_commands.Group(name="demo", description="Harness self-test commands")


@demo.command(name="play", description="Play an action")
@app_commands.describe(action="The action", times="How many times")
async def play(interaction: discord.Interaction, action: str, times: int = 1) -> None:
    """Echo the action publicly with a counter button and a select."""
    view = discord.ui.View(timeout=None)
    view.add_item(CounterButton(0))
    view.add_item(PickSelect())
    await interaction.response.send_message(f"{interaction.user.mention} played {action} x{times}", view=view)


@play.autocomplete("action")
async def play_autocomplete(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    """Up to 25 actions containing what was typed."""
    return [app_commands.Choice(name=a, value=a) for a in ACTIONS if current in a][:25]


@demo.command(name="secret", description="Ephemeral answer")
async def secret(interaction: discord.Interaction) -> None:
    """An ephemeral reply."""
    await interaction.response.send_message("only you can see this", ephemeral=True)


@demo.command(name="file", description="Deferred answer with a file")
async def file_cmd(interaction: discord.Interaction) -> None:
    """Defer, then send a followup with an attachment."""
    await interaction.response.defer(thinking=True)
    await asyncio.sleep(0.05)
    data = b"\x89PNG\r\n\x1a\n" + bytes(range(256)) * 4
    await interaction.followup.send("here is the board", file=discord.File(io.BytesIO(data), filename="board.png"))


@demo.command(name="dm", description="DM me")
async def dm_cmd(interaction: discord.Interaction) -> None:
    """DM the user; on 50007, say so in the channel."""
    await interaction.response.send_message("sending you a DM", ephemeral=True)
    view = discord.ui.View(timeout=None)
    view.add_item(CounterButton(100))
    try:
        await interaction.user.send("your secret hand: 3 gnomes", view=view)
    except discord.Forbidden as exc:
        if exc.code == 50007 and interaction.channel is not None:
            await interaction.channel.send(f"{interaction.user.mention}, I can't DM you — use /hand")  # type: ignore[union-attr]  # a command's channel can send


@demo.command(name="thread", description="Open a thread")
async def thread_cmd(interaction: discord.Interaction) -> None:
    """Answer, then open a thread on a channel message and post in it."""
    await interaction.response.send_message("opening a thread", ephemeral=True)
    channel = interaction.channel
    assert isinstance(channel, discord.TextChannel)
    msg = await channel.send("Game #1 lobby")
    thread = await msg.create_thread(name="game-1")
    await thread.send("welcome to game 1")


class RenameModal(discord.ui.Modal, title="Rename your gnome"):
    """A modal with one text input."""

    name: discord.ui.TextInput = discord.ui.TextInput(label="New name", custom_id="demo:name", max_length=40)

    async def on_submit(self, interaction: discord.Interaction) -> None:
        """Confirm the new name ephemerally."""
        await interaction.response.send_message(f"renamed to {self.name.value}", ephemeral=True)


@demo.command(name="rename", description="Open a modal")
async def rename(interaction: discord.Interaction) -> None:
    """Answer with a modal (callback type 9)."""
    await interaction.response.send_modal(RenameModal())


admin = app_commands.Group(name="admin", description="Nested group", parent=demo)


@admin.command(name="poke", description="Poke a member (user option, nested group)")
async def poke(interaction: discord.Interaction, target: discord.Member, loud: bool = False) -> None:
    """Mention the target; checks resolved members and the subcommand group path."""
    name = target.display_name.upper() if loud else target.display_name
    await interaction.response.send_message(f"poked {name} ({target.id}) member={isinstance(target, discord.Member)}")


def main() -> int:
    """Run the demo bot."""
    logging.basicConfig(level=logging.INFO, stream=sys.stderr,
                        format="%(asctime)s %(levelname)-7s %(name)s: %(message)s")  # bot.py's format
    redirect()
    token = os.environ["DISCORD_TOKEN"]
    DemoBot().run(token, log_handler=None)
    return 0


if __name__ == "__main__":
    sys.exit(main())
