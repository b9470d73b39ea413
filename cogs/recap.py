""""Since your last move" as an animated picture (Discord only): one public board per public change.

The frames come from the host (`Recap.frames`: spectators' views only), the captions from present/recap.py, the
boards from render/ and the GIF from render/animation.py, shrunk for a phone. A board drawn once is kept a while
by (game, log entry): the players of one table see the same boards in their recaps, so each is drawn once.
"""

from __future__ import annotations

import asyncio
import io
import logging
import threading
from collections import OrderedDict
from collections.abc import Mapping

import discord

import render
from host.results import Recap, TableInfo
from i18n import ENGLISH, Locale
from present import recap as words
from present import text
from present.titles import table_title
from render import animation

log = logging.getLogger(__name__)

FILENAME = "since-your-last-move.gif"
# A recap is watched on a phone, inline: a small file that starts at once, not the replay's 8 MB.
MAX_BYTES = 2 * 1024 * 1024
# Three quarters of a board still read on a phone and take about half the encoding time of the full size.
SCALES = (0.75, 0.6, 0.5, 0.4, 0.3)
BOARDS_KEPT = 48


class _Boards:
    """The last boards drawn for recaps, by (game, log entry); shared by the worker threads that draw them."""

    def __init__(self, keep: int = BOARDS_KEPT) -> None:
        self._keep = keep
        self._pngs: OrderedDict[tuple[int, int, str], bytes] = OrderedDict()
        self._lock = threading.Lock()

    def board(self, game_id: int, game_name: str, seq: int, view: dict[str, object],
              locale: Locale = ENGLISH) -> bytes:
        """The PNG of the public board after entry `seq` of game `game_id` in `locale`, drawn when not kept yet."""
        key = (game_id, seq, str(locale))
        with self._lock:
            png = self._pngs.get(key)
            if png is not None:
                self._pngs.move_to_end(key)
                return png
        png = render.board(game_name, view, locale)
        with self._lock:
            self._pngs[key] = png
            while len(self._pngs) > self._keep:
                self._pngs.popitem(last=False)
        return png

    def clear(self) -> None:
        """Forget every kept board (benchmarks measure drawing them)."""
        with self._lock:
            self._pngs.clear()


BOARDS = _Boards()


def animate(recap: Recap, names: Mapping[int, str] | words.Reader, max_bytes: int = MAX_BYTES) -> bytes:
    """The recap as GIF bytes: the board where the reader left it, then one per public change, captioned (in
    the language of `names` when it is a Reader, else English).

    Pure CPU work: run it in a worker thread. TooLarge (render.animation) when even the smallest scale does not
    fit `max_bytes`.
    """
    captions = words.captions(recap, names)
    locale = names.locale if isinstance(names, words.Reader) else ENGLISH
    total = len(recap.frames)
    frames = [
        animation.Frame(BOARDS.board(recap.game_id, recap.game_name, f.seq, f.public_view, locale), captions[i],
                        words.hold_ms(i, total))
        for i, f in enumerate(recap.frames)
    ]
    return animation.encode_gif(frames, max_bytes, scales=SCALES)


async def recap_file(table: TableInfo, recap: Recap, limit: int | None = None,
                     locale: Locale | None = None) -> discord.File | None:
    """The recap's animation as an attachment, in `locale` (the table's language unless given), or None when
    it cannot be drawn (logged: the message goes out without it). Drawn in a worker thread."""
    cap = min(MAX_BYTES, limit or MAX_BYTES)
    said_in = locale if locale is not None else text.table_language(table)
    # Captions name sides, not people: a picture cannot show a mention.
    reader = words.Reader(text.faction_names(recap.frames[-1].public_view, table.game_name, said_in),
                          table.game_name, said_in)
    try:
        data = await asyncio.to_thread(animate, recap, reader, cap)
    except Exception:
        log.exception("game %s: the recap of player %s could not be drawn", table.game_id, recap.player)
        return None
    described = words.alt_text(recap, table_title(table, said_in), said_in)
    return discord.File(io.BytesIO(data), filename=FILENAME, description=described)
