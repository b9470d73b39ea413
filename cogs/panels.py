"""A player's private panel: their situation in words, the board with their private picture, their choices.

The same panel serves the "Take my turn" ephemeral message, /hand, and DM prompts. It is built
only from what the table service returns for that user; every word about the game comes from the
engine (its prompt, action labels and private description), never from a dump of the view.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass

import discord

from cogs import images
from cogs.components import actions_view
from cogs.limits import MESSAGE_CONTENT, fit_lines, trim
from host.results import ActionChoice, PanelDetails, PanelScreen, Recap, StepInfo, TableInfo
from host.service import TableService
from i18n import ENGLISH, Locale
from present import panel_words, text
from present import recap as recap_words
from present.choices import Choice
from present.titles import table_title

log = logging.getLogger(__name__)

SITUATION_LINE = 600
# The recap comes before the prompt: kept short enough that the prompt and the situation still fit.
RECAP_CHARS = 900


@dataclass
class Panel:
    """What to send or edit: content, components (None: remove them) and the pictures (one gallery)."""

    content: str
    view: discord.ui.View | None
    files: list[discord.File]
    step: StepInfo | None
    recap: Recap | None = None  # what happened since the player's last move (its lines are in `content`)


def as_choices(seat: int, actions: tuple[ActionChoice, ...], game: str = "", locale: Locale = ENGLISH) -> list[Choice]:
    """Actions as choices of `seat`, labelled in `locale` (from `game`'s catalog where they carry a phrase)."""
    return [Choice(seat, a.id, panel_words.choice_label(a.label, a.phrase if game else None, game, locale))
            for a in actions]


def step_choices(step: StepInfo, game: str = "", locale: Locale = ENGLISH) -> list[Choice]:
    """The step's actions as choices of its seat, labelled in `locale`."""
    return as_choices(step.player if step.player is not None else 0, step.actions, game, locale)


def headline(table: TableInfo, details: PanelDetails, public_view: dict[str, object] | None,
             locale: Locale = ENGLISH) -> str:
    """"**Vendetta** — game #3 · you play Dingleson": the panel's first line (no mention: it is the reader)."""
    if details.player is None:
        side = None
    elif locale != ENGLISH:  # the engine's names are English: the side is said from the game's catalog
        said = text.faction_names(public_view, table.game_name, locale).get(details.player)
        side = said or details.names.get(details.player)
    else:
        side = details.names.get(details.player) or text.faction_names(public_view).get(details.player)
    return panel_words.panel_headline(table_title(table, locale), table.game_id, side, locale)


def situation_lines(details: PanelDetails, locale: Locale = ENGLISH, game: str = "") -> list[str]:
    """The engine's sentences about the player's private situation in `locale` (said from `game`'s catalog where
    the engine gives them as phrases), under a heading (none: nothing)."""
    told = details.situation
    if game and details.situation_said:
        told = tuple(panel_words.choice_label(line, said, game, locale, details.names)
                     for line, said in zip(details.situation, details.situation_said, strict=True))
    # Long sentences are kept whole where they fit: panel_text stops at the message's limit.
    lines = [trim(line, SITUATION_LINE) for line in told if line.strip()]
    return ["", panel_words.private_heading(locale), *lines] if lines else []


def panel_text(head: list[str], situation: list[str], limit: int = MESSAGE_CONTENT, locale: Locale = ENGLISH) -> str:
    """The head lines, then as many situation sentences as fit, marked when some did not."""
    text = fit_lines(head, limit, locale=locale)
    marker = panel_words.more_in_picture(locale)
    for n, line in enumerate(situation):
        more = "\n" + marker if n < len(situation) - 1 else ""
        if len(text) + 1 + len(line) + len(more) > limit:
            return text + "\n" + marker if len(text) + 1 + len(marker) <= limit else text
        text += "\n" + line
    return text


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
    locale: Locale = ENGLISH,
) -> Panel:
    """The panel of `user_id` at table `game_id` (one seat: `player`, or the one the service picks).

    One service read (`TableService.panel`): every piece shown belongs to one version of the game.
    Raises the service's errors (NotSeated for a non-player).
    """
    return await panel_of(await service.panel(game_id, user_id, player=player, page=page),
                          note=note, file_limit=file_limit, with_image=with_image, locale=locale)


async def panel_of(screen: PanelScreen, *, note: str = "", file_limit: int | None = None,
                   with_image: bool = True, locale: Locale = ENGLISH) -> Panel:
    """The Discord message of a panel read by the service, in the reader's `locale`."""
    table, step, details = screen.table, screen.step, screen.details
    if step is None:
        return await _finished_panel(screen, note, file_limit, with_image, locale)
    assert details is not None  # a running game's panel always has its details
    head = [note] if note else []
    head.append(headline(table, details, screen.public_view, locale))
    if screen.recap is not None:
        reader = recap_words.Reader(text.player_names(table, screen.public_view, locale), table.game_name, locale)
        head.append(trim(recap_words.recap_text(screen.recap, reader), RECAP_CHARS))
    if step.can_act:
        prompt = panel_words.choice_label(step.prompt, step.prompt_phrase, table.game_name, locale)
        head.append(panel_words.your_choice(trim(prompt, 300), locale))
    else:
        waiting = text.pending_line(table, step.waiting_for, screen.public_view, locale)
        head.append(panel_words.nothing_to_decide(waiting, locale))
    if screen.private_view is not None and images.private_is_empty(table.game_name, screen.private_view):
        # The picture is then the board alone; the empty hand is said here instead.
        head.append(text.empty_private_text(locale))
    content = panel_text(head, situation_lines(details, locale, table.game_name), locale=locale)
    view = None
    if step.can_act and step.player is not None:
        view = actions_view(
            table.game_id, step.version, step.player, step_choices(step, table.game_name, locale), screen.page,
            shortcuts=as_choices(step.player, details.shortcuts, table.game_name, locale),
            pick=panel_words.worded_pick(details.pick, table.game_name, locale), locale=locale,
        )
    files = []
    if with_image and screen.public_view is not None and screen.private_view is not None:
        files = await images.panel_files(table.game_name, screen.public_view, screen.private_view, file_limit,
                                         locale=locale)
    return Panel(content=content, view=view, files=files, step=step, recap=screen.recap)


async def _finished_panel(screen: PanelScreen, note: str, file_limit: int | None, with_image: bool,
                          locale: Locale) -> Panel:
    """For a game no longer running: the player's final situation, no choices."""
    table = screen.table
    lines = [note] if note else []
    lines.append(panel_words.finished_line(table_title(table, locale), table.game_id, table.status, locale))
    situation = situation_lines(screen.details, locale, table.game_name) if screen.details is not None else []
    files = []
    if with_image and screen.details is not None and screen.public_view is not None \
            and screen.private_view is not None:
        files = await images.panel_files(table.game_name, screen.public_view, screen.private_view, file_limit,
                                         locale=locale)
    return Panel(content=panel_text(lines, situation, locale=locale), view=None, files=files, step=None)
