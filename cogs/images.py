"""Board and private-view pictures as Discord files, rendered in a worker thread, each with its alt text.

The alt text (the attachment's description, read aloud by screen readers and shown when a picture does
not load) is one sentence from render.alt_text: public facts only on a public picture.

Each picture and its alt text are in the `locale` the caller gives (English when it gives none): a board posted
in a channel in the table's language (present.text.table_language), a private picture in its reader's
(cogs.locales.reader_locale of the interaction, else the table's language).
"""

from __future__ import annotations

import asyncio
import io
import logging
from typing import Any

import discord

import render
from cogs.limits import fits_attachment
from i18n import ENGLISH, Locale, t
from render import alt_text

log = logging.getLogger(__name__)


async def _render(kind: str, game_name: str, view: dict[str, Any], locale: Locale) -> bytes | None:
    """PNG bytes in `locale`, or None when the game has no renderer or drawing failed (the text still goes out)."""
    draw = render.board if kind == "board" else render.private
    try:
        # Pillow releases the GIL while encoding: a worker thread keeps the event loop (and heartbeats) alive.
        return await asyncio.to_thread(draw, game_name, view, locale)
    except KeyError:
        log.debug("no %s renderer for %s", kind, game_name)
    except Exception:
        log.exception("drawing the %s of a %s game failed", kind, game_name)
    return None


def _described(describe: Any, game_name: str, locale: Locale, *views: dict[str, Any] | None) -> str | None:
    """The picture's alt text in `locale`, or None when the game has none or it could not be made (the picture
    still goes)."""
    try:
        # The locale goes last and by position: every describe_* takes it after its views.
        text: str = describe(game_name, *views, locale)
    except (KeyError, ModuleNotFoundError):
        log.debug("no alt text for %s pictures", game_name)
        return None
    except Exception:
        log.exception("the alt text of a %s picture could not be made", game_name)
        return None
    return text or None


def _file(data: bytes | None, filename: str, limit: int | None, description: str | None) -> discord.File | None:
    if data is None:
        return None
    if not fits_attachment(len(data), limit):
        log.warning("%s is %d bytes, over the %s byte attachment limit: sent without it", filename, len(data), limit)
        return None
    return discord.File(io.BytesIO(data), filename=filename, description=description)


async def board_file(
    game_name: str, public_view: dict[str, Any] | None, limit: int | None = None, locale: Locale = ENGLISH
) -> discord.File | None:
    """The board picture of a public view as `board.png`, drawn and described in `locale` (the table's
    language), or None."""
    if public_view is None:
        return None
    described = _described(alt_text.describe_board, game_name, locale, public_view)
    return _file(await _render("board", game_name, public_view, locale), "board.png", limit, described)


async def panel_files(
    game_name: str,
    public_view: dict[str, Any] | None,
    player_view: dict[str, Any],
    limit: int | None = None,
    locale: Locale = ENGLISH,
) -> list[discord.File]:
    """The "Take my turn" pictures as `panel-<n>.png`: the board with the player's private picture under it,
    in pages a phone shows whole (one gallery), drawn and described in `locale` (the reader's language).

    Ephemeral or DM only (they hold the player's secrets). Falls back to the private picture alone when the
    game draws no board or the pages together pass `limit`, and to no picture when it draws nothing.
    """
    try:
        # Every page in one worker thread: the board is the larger part to draw.
        pages: list[bytes] = await asyncio.to_thread(render.panel_images, game_name, public_view, player_view, locale)
    except KeyError:
        log.debug("no panel renderer for %s", game_name)
        return []
    except Exception:
        log.exception("drawing the panel of a %s game failed", game_name)
        data = await _render("private", game_name, player_view, locale)
        alone = _file(data, "hand.png", limit, _described(alt_text.describe_private, game_name, locale, player_view))
        return [alone] if alone is not None else []
    if not fits_attachment(sum(len(p) for p in pages), limit):
        # Too big with the board: the private picture alone still tells the player their hand.
        alone = await private_file(game_name, player_view, limit, locale)
        return [alone] if alone is not None else []
    if private_is_empty(game_name, player_view):
        # The pictures are the board alone: described as the board.
        described = _described(alt_text.describe_board, game_name, locale, public_view or player_view)
    else:
        described = _described(alt_text.describe_panel, game_name, locale, public_view, player_view)
    files = []
    for number, page in enumerate(pages, start=1):
        said = described if len(pages) == 1 or described is None else \
            t(locale, "picture.part", part=number, parts=len(pages), described=described)
        if said is not None and len(said) > alt_text.MAX_CHARS:  # the part's prefix pushed it past Discord's limit
            said = said[:alt_text.MAX_CHARS - 1] + "…"
        file = _file(page, f"panel-{number}.png", None, said)
        if file is not None:
            files.append(file)
    return files


def private_is_empty(game_name: str, player_view: dict[str, Any]) -> bool:
    """Whether the player's private view would draw nothing (then the message says so in words)."""
    try:
        return render.private_is_empty(game_name, player_view)
    except KeyError:
        return False


async def private_file(
    game_name: str, player_view: dict[str, Any], limit: int | None = None, locale: Locale = ENGLISH
) -> discord.File | None:
    """The picture of one player's private view as `hand.png` (ephemeral or DM only), drawn and described in
    `locale` (the reader's language), or None.

    None too for an empty private view: a picture of nothing is a sentence in the message instead.
    """
    if private_is_empty(game_name, player_view):
        return None
    described = _described(alt_text.describe_private, game_name, locale, player_view)
    return _file(await _render("private", game_name, player_view, locale), "hand.png", limit, described)
