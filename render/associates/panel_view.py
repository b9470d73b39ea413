"""The panel under the Associates map: a row per guild with its figurines, and the captions below."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from i18n import ENGLISH, Locale, game_t
from render.associates import names as named
from render.associates.events import event_text
from render.associates.layout import (
    CAPTION_W,
    COL_DECK,
    COL_FIGS,
    COL_GP,
    COL_HAND,
    COL_OBJ,
    DICE,
    FOOTER_PAD,
    HEADING,
    NAME_X,
    PAD,
    PIP,
    ROW_LINE,
    ROW_NOW,
    ROW_PAD,
    ROW_WAITING,
    ROWS_Y,
    STATUS_LINE,
    STATUS_Y,
    TEXT,
)
from render.associates.style import ITEM_LETTERS, MAP_SIZE, WIDTH, draw_item, guild_style
from render.associates.words import (
    a_player,
    capitalised,
    guild_title,
    joined,
    kind_letters,
    last_roll_head,
    legend,
    mode_text,
    no_guild,
    outcome_text,
    phase_text,
    player_facing,
    seat_names,
)
from render.common import (
    HIGHLIGHT,
    INK,
    MARK_R,
    MUTED,
    PAPER,
    RGB,
    Canvas,
    ink_on,
    line_height,
    readable,
    text_width,
    wrap,
)

GUILD_MARK_W = 26  # a guild's marker in running text, with the gap after it


def _inline_guild(cv: Canvas, x: float, y: float, guild: str | None) -> float:
    style = guild_style(guild)
    cv.shape(style.shape, x + 11, y + 12, MARK_R, style.colour, style.outline, 2)
    return x + GUILD_MARK_W



@dataclass(frozen=True)
class PanelLayout:
    """Where the panel's rows and footer go: per guild, its figurine chunks as (figurine, line, x)."""

    chunks: tuple[tuple[tuple[dict[str, Any], int, float], ...], ...]
    row_lines: tuple[int, ...]
    footer: tuple[tuple[str, str, RGB], ...]  # (kind "text"/"roll", text, colour)
    locale: Locale = ENGLISH
    status_px: int = 0  # how far the second status line (who acts) sits below the first; 0 when they share it

    @property
    def footer_px(self) -> int:
        """Height of the footer's content."""
        return sum(ROLL_H if kind == "roll" else line_height(TEXT) for kind, _, _ in self.footer)


ROLL_H = 34


def panel_layout(view: dict[str, Any], locale: Locale = ENGLISH) -> PanelLayout:
    """Lay out the guild rows (figurines flow onto more lines) and the footer captions in `locale`."""
    figs = list(view.get("figurines") or [])
    chunks = []
    row_lines = []
    for g in view.get("guilds") or []:
        placed = []
        line, x = 0, float(COL_FIGS)
        for fig in (f for f in figs if f.get("guild") == g.get("guild")):
            w = _chunk_width(fig, locale)
            if x > COL_FIGS and x + w > WIDTH - PAD:
                line, x = line + 1, float(COL_FIGS)
            placed.append((fig, line, x))
            x += w + 14
        chunks.append(tuple(placed))
        row_lines.append(line + 1)
    first, now = _status(view, locale)
    # Who acts goes onto a line of its own when it would not fit beside who is first (a long language).
    shared = PAD + (_part_width(first) + 20 if first else 0) + (_part_width(now) if now else 0)
    status_px = STATUS_LINE if first and now and shared > WIDTH - PAD else 0
    return PanelLayout(tuple(chunks), tuple(row_lines), tuple(_footer(view, locale)), locale, status_px)


@dataclass(frozen=True, slots=True)
class StatusPart:
    """One part of the status line under the title: a muted label, a guild's marker, and words."""

    label: str | None
    icon: bool
    guild: str | None
    text: str


def _status(view: dict[str, Any], locale: Locale) -> tuple[StatusPart | None, StatusPart | None]:
    """The status line's parts in `locale`: who plays first, then who acts (or who is awaited)."""
    names = seat_names(view, locale)
    guild_of_seat = {int(g.get("seat", i)): g.get("guild") for i, g in enumerate(view.get("guilds") or [])}
    phase = str(view.get("phase", ""))
    first_part = None
    first = view.get("first_player")
    if first is not None and guild_of_seat.get(int(first)):
        first_part = StatusPart(game_t(locale, "associates", "render.first"), True, guild_of_seat.get(int(first)),
                                capitalised(names.get(int(first), "?")))
    active = view.get("active")
    pending = [int(p) for p in view.get("pending") or []]
    now = None
    if active:
        fig: dict[str, Any] = next(
            (f for f in view.get("figurines") or [] if f.get("id") == active.get("figurine")), {}
        )
        fig_id = active.get("figurine", "?")
        who = named.figurine(locale, fig_id, str(fig.get("name") or readable(str(fig_id))))
        left = int(active.get("actions_left", 0) or 0)
        now = StatusPart(game_t(locale, "associates", "render.active"), True, fig.get("guild"),
                         game_t(locale, "associates", "render.actions-left", n=left, figurine=who))
    elif pending and phase == "guild":
        now = StatusPart(None, False, None, game_t(locale, "associates", "render.waiting-guild"))
    elif pending and phase != "over":
        who = joined(locale, [names.get(p, a_player(locale)) for p in pending])
        now = StatusPart(None, False, None, game_t(locale, "associates", "render.waiting", who=who))
    return first_part, now


def _part_width(part: StatusPart) -> float:
    """How wide a status part draws (as _draw_part puts it)."""
    label = text_width(part.label, TEXT) + 6 if part.label else 0
    return label + (GUILD_MARK_W if part.icon else 0) + text_width(part.text, TEXT)


def _draw_part(cv: Canvas, x: float, y: float, part: StatusPart, fitted: bool = False) -> float:
    """A status part drawn from (x, y), its words shrunk to the panel's edge when `fitted`; returns where it ends."""
    if part.label:
        x += cv.text((x, y), part.label, TEXT, MUTED, PAPER) + 6
    if part.icon:
        x = _inline_guild(cv, x, y, part.guild)
    return x + cv.text((x, y), part.text, TEXT, INK, PAPER, max_width=WIDTH - x - PAD if fitted else None)


def last_texts(view: dict[str, Any], locale: Locale = ENGLISH) -> list[str]:
    """The last move's events in `locale` for the caption, draws and shuffles left out (seat numbers as guilds)."""
    return [
        player_facing(event_text(e, view, locale), view)
        for e in view.get("last") or []
        if e.get("kind") not in ("draw", "shuffle") and e.get("text")
    ]


def _footer(view: dict[str, Any], locale: Locale) -> list[tuple[str, str, RGB]]:
    """The captions under the table in `locale`, every line of them (wrapped, never cut)."""
    out: list[tuple[str, str, RGB]] = [("text", line, MUTED) for line in wrap(legend(locale), TEXT, CAPTION_W)]
    roll = (view.get("window") or {}).get("dice") or view.get("last_roll")
    if roll and roll.get("faces"):
        out.append(("roll", "", INK))
    outcome = view.get("outcome")
    if outcome:
        out += [("text", line, HIGHLIGHT) for line in wrap(outcome_text(view, locale), TEXT, CAPTION_W)]
    guilds = list(view.get("guilds") or [])
    notes = []
    for g in guilds:
        if g.get("designated"):
            who = named.guild(locale, g.get("guild"), str(g.get("title")))
            target = guild_title(view, str(g["designated"]), locale)
            notes.append(game_t(locale, "associates", "render.designates", guild=who, target=target))
    effects = view.get("effects") or {}
    for guild, n in (effects.get("war_cry") or {}).items():
        notes.append(game_t(locale, "associates", "render.war-cry", times=n, guild=guild_title(view, guild, locale)))
    for guild in effects.get("ambush") or []:
        notes.append(game_t(locale, "associates", "render.ambush", guild=guild_title(view, guild, locale)))
    if notes:
        out += [("text", line, MUTED) for line in wrap(" · ".join(notes), TEXT, CAPTION_W)]
    texts = last_texts(view, locale)
    if texts:
        # The last three events, each whole: a caption is never cut mid-sentence.
        said = game_t(locale, "associates", "render.last", events=" ".join(texts[-3:]))
        out += [("text", line, INK) for line in wrap(said, TEXT, CAPTION_W)]
    return out


def draw_panel(cv: Canvas, view: dict[str, Any], layout: PanelLayout) -> None:
    """The panel under the map in the layout's language: title, who acts or is awaited, a row per guild, the
    captions."""
    locale = layout.locale
    top = MAP_SIZE
    guilds = list(view.get("guilds") or [])
    phase = str(view.get("phase", ""))
    turn = view.get("turn", view.get("round", 0))
    words = phase_text(locale, phase)
    cap = view.get("turn_cap", "?")
    title = game_t(locale, "associates", "render.turn-phase", turn=turn, cap=cap, phase=words) if turn else words
    cv.text((PAD, top + 12), title, HEADING, INK, PAPER, max_width=WIDTH - 230)
    mode = str(view.get("mode", ""))
    if mode:
        cv.text((WIDTH - PAD, top + 18), mode_text(locale, mode), TEXT, MUTED, PAPER, anchor="ra")

    first, now = _status(view, locale)
    x: float = PAD
    y = top + STATUS_Y
    if first is not None:
        x = _draw_part(cv, x, y, first) + 20
    if now is not None:
        if layout.status_px:
            x, y = PAD, y + layout.status_px
        _draw_part(cv, x, y, now, fitted=True)

    active = view.get("active")
    pending = [int(p) for p in view.get("pending") or []]
    acting = int(active.get("player", -1)) if active else None
    ry = top + ROWS_Y + layout.status_px
    for i, g in enumerate(guilds):
        seat = int(g.get("seat", i))
        lines = layout.row_lines[i] if i < len(layout.row_lines) else 1
        row_h = lines * ROW_LINE + ROW_PAD
        bg = ROW_NOW if seat == acting else ROW_WAITING if seat in pending and phase != "over" else PAPER
        if bg != PAPER:
            cv.rect((0, ry, WIDTH, ry + row_h - 2), bg)
        cy = ry + ROW_PAD / 2 + ROW_LINE / 2 - 1
        style = guild_style(g.get("guild"))
        cv.shape(style.shape, 22, cy, 13, style.colour, style.outline, 2)
        if g.get("title"):
            title = named.guild(locale, g.get("guild"), str(g["title"]))
            cv.text((NAME_X, cy), title, TEXT, INK, bg, anchor="lm", max_width=COL_OBJ - NAME_X - 22)
        else:
            cv.text((NAME_X, cy), no_guild(locale), TEXT, MUTED, bg, anchor="lm", max_width=COL_OBJ - NAME_X - 22)
        threshold = g.get("threshold")
        obj = f"{g.get('objectives', 0)}/{threshold}" if threshold else str(g.get("objectives", 0))
        cv.text((COL_OBJ, cy), obj, TEXT, INK, bg, anchor="mm")
        cv.text((COL_GP, cy), str(g.get("score", 0)), TEXT, INK, bg, anchor="mm")
        cv.text((COL_HAND, cy), str(g.get("hand_size", 0)), TEXT, INK, bg, anchor="mm")
        cv.text((COL_DECK, cy), str(g.get("deck_size", 0)), TEXT, INK, bg, anchor="mm")
        for fig, line, fx in layout.chunks[i] if i < len(layout.chunks) else ():
            _fig_chunk(cv, fig, fx, cy + line * ROW_LINE, bg, locale)
        ry += row_h

    fy = ry + FOOTER_PAD
    for kind, text, colour in layout.footer:
        if kind == "roll":
            _draw_roll(cv, view, fy, locale)
            fy += ROLL_H
        else:
            cv.text((PAD, fy), text, TEXT, colour, PAPER)
            fy += line_height(TEXT)




def _chunk_parts(fig: dict[str, Any], locale: Locale) -> tuple[str, bool, int, int, int, str]:
    """A figurine's panel summary in `locale`: letters, ringed, spaces, stuns, gold, item letters."""
    letters = kind_letters(locale, str(fig.get("kind")))
    treasure = fig.get("treasure") or {}
    # The artefacts' letters are the first of their names in English and French alike (A, B, T).
    extras = "".join(ITEM_LETTERS[i][0] * int(treasure.get(i, 0)) for i in ITEM_LETTERS)
    wood = game_t(locale, "associates", "render.letter-sacred-wood")
    moon = game_t(locale, "associates", "render.letter-moonstone")
    comps = wood * int(treasure.get("sacred_wood", 0)) + moon * int(treasure.get("moonstone", 0))
    return (
        letters,
        str(fig.get("id", "")).endswith("_2"),
        int(fig.get("spaces", 2)),
        int(fig.get("stuns", 0)),
        int(treasure.get("gold", 0)),
        (extras + comps)[:5],
    )


def _out(locale: Locale) -> str:
    return game_t(locale, "associates", "render.out")


def _chunk_width(fig: dict[str, Any], locale: Locale) -> int:
    letters, ringed, spaces, _, gold, items = _chunk_parts(fig, locale)
    w = text_width(letters, TEXT) + (8 if ringed else 0) + 4
    if fig.get("zone") is None:
        return w + text_width(_out(locale), TEXT)
    w += spaces * (PIP + 3)
    if gold:
        w += 22 + text_width(str(gold), TEXT)
    if items:
        w += 4 + text_width(items, TEXT)
    return w


def _fig_chunk(cv: Canvas, fig: dict[str, Any], x: float, cy: float, bg: RGB, locale: Locale) -> None:
    """Compact figurine summary for the panel: letters, stun pips of its spaces, gold, items."""
    letters, ringed, spaces, stuns, gold, items = _chunk_parts(fig, locale)
    gone = fig.get("zone") is None
    colour = MUTED if gone or fig.get("activated") else INK
    w = text_width(letters, TEXT)
    if ringed:
        # A ringed figurine (the second of its kind): its letters in a ring, as on the map.
        cv.rounded((x, cy - 14, x + w + 8, cy + 14), 10, None, colour, 2)
        cv.text((x + 4, cy), letters, TEXT, colour, bg, anchor="lm")
        x += w + 12
    else:
        x += cv.text((x, cy), letters, TEXT, colour, bg, anchor="lm") + 4
    if gone:
        cv.text((x, cy), _out(locale), TEXT, MUTED, bg, anchor="lm")
        return
    for i in range(spaces):
        fill = HIGHLIGHT if i < stuns else None
        cv.ellipse((x, cy - PIP / 2, x + PIP, cy + PIP / 2), fill, INK, 2)
        x += PIP + 3
    if gold:
        draw_item(cv.draw, "gold", x + 10, cy, 10, cv.c)
        x += 22 + cv.text((x + 20, cy), str(gold), TEXT, INK, bg, anchor="lm")
    if items:
        cv.text((x + 4, cy), items, TEXT, (90, 50, 130), bg, anchor="lm")


def _draw_roll(cv: Canvas, view: dict[str, Any], y: float, locale: Locale) -> None:
    """The last roll as dice: a tick on a success, a lightning bolt on a failure."""
    roll = (view.get("window") or {}).get("dice") or view.get("last_roll") or {}
    colour = DICE.get(str(roll.get("colour")), (200, 200, 200))
    threshold = {"green": 4, "yellow": 3, "red": 2}.get(str(roll.get("colour")), 0)
    x = PAD
    x += cv.text((x, y + 4), last_roll_head(locale, roll.get("colour")), TEXT, INK, PAPER) + 8
    for face in list(roll.get("faces") or [])[:12]:
        ok = int(face) <= threshold
        cv.rounded((x, y, x + 28, y + 28), 5, colour, INK, 2)
        cv.text((x + 14, y + 14), "✓" if ok else "⚡", TEXT, ink_on(colour), colour, anchor="mm")
        x += 32
    n = int(roll.get("successes", 0))
    cv.text((x + 6, y + 4), game_t(locale, "associates", "roll.successes", n=n), TEXT, INK, PAPER)
