"""A player's private panel: their view as text and picture, plus the choices of their current step.

The same panel serves the "Take my turn" ephemeral message, /hand, and DM prompts. It is built
only from what the table service returns for that user.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass

import discord

from cogs import images, text
from cogs.choices import Choice
from cogs.components import actions_view
from cogs.limits import MESSAGE_CONTENT, fit_lines, trim
from host.results import StepInfo, TableInfo, TableStatus
from host.service import TableService

log = logging.getLogger(__name__)


@dataclass
class Panel:
    """What to send or edit: content, components (None: remove them) and the private picture."""

    content: str
    view: discord.ui.View | None
    file: discord.File | None
    step: StepInfo | None


def step_choices(step: StepInfo) -> list[Choice]:
    """The step's actions as choices of its seat."""
    seat = step.player if step.player is not None else 0
    return [Choice(seat, a.id, a.label) for a in step.actions]


async def build_panel(
    service: TableService,
    game_id: int,
    user_id: int,
    *,
    player: int | None = None,
    page: int = 0,
    note: str = "",
    file_limit: int | None = None,
    with_image: bool = True,
) -> Panel:
    """The panel of `user_id` at table `game_id` (one seat: `player`, or the one the service picks).

    Raises the service's errors (NotSeated for a non-player, GameNotActive in the lobby).
    """
    table = await service.get_table(game_id)
    if table.status is not TableStatus.ACTIVE:
        return await _finished_panel(service, table, user_id, note, file_limit, with_image)
    step = await service.legal_actions_for(game_id, user_id, player=player)
    mine = await service.view_for(game_id, user_id, player=step.player)
    public = await service.view_for(game_id, None)
    seat_name = text.player_label(table, step.player, public.view) if step.player is not None else "you"
    head = [note] if note else []
    head.append(f"**{table.title}** — game #{table.game_id} · {seat_name}")
    if step.can_act:
        head.append(f"**{trim(step.prompt, 300)}**" if step.prompt else "**Your choice:**")
    else:
        waiting = text.pending_line(table, step.waiting_for, public.view) or "Nothing to decide right now."
        head.append(f"Nothing to decide right now. {waiting}")
    secret = text.secret_part(mine.view, public.view)
    body = text.describe(secret) if secret else ""
    lines = [*head, *(["", "Your private view:", body] if body else [])]
    content = fit_lines(lines, MESSAGE_CONTENT)
    view = None
    if step.can_act and step.player is not None:
        view = actions_view(game_id, step.version, step.player, step_choices(step), page)
    file = await images.private_file(table.game_name, mine.view, file_limit) if with_image else None
    return Panel(content=content, view=view, file=file, step=step)


async def _finished_panel(
    service: TableService, table: TableInfo, user_id: int, note: str, file_limit: int | None, with_image: bool
) -> Panel:
    """For a game no longer running: the final view of the player, no choices."""
    lines = [note] if note else []
    lines.append(f"**{table.title}** — game #{table.game_id} is {table.status.value}.")
    file = None
    if table.status is TableStatus.FINISHED and table.is_seated(user_id):
        mine = await service.view_for(table.game_id, user_id)
        public = await service.view_for(table.game_id, None)
        body = text.describe(text.secret_part(mine.view, public.view))
        if body:
            lines += ["", "Your private view:", body]
        if with_image:
            file = await images.private_file(table.game_name, mine.view, file_limit)
    return Panel(content=fit_lines(lines, MESSAGE_CONTENT), view=None, file=file, step=None)
