"""Violent Vendetta: one player's private picture.

For each clan the player controls: its objective cards (the eight offered while
choosing, with the draft's picks marked; the kept ones afterwards) with progress
towards each requirement, worked out from the public token counts and board in
the same view, and the decision being drafted (objectives, a move, combat dice).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from PIL import Image

from i18n import ENGLISH, Locale, game_t
from render.common import (
    HIGHLIGHT,
    INK,
    MARK_R,
    MUTED,
    PAPER,
    RGB,
    Canvas,
    Layer,
    ink_on,
    line_height,
    text_width,
    wrap,
)
from render.vendetta import names as named
from render.vendetta.layout import PHASES, lowered, phase_text, round_heading
from render.vendetta.seats import clan_names, seat_name
from render.vendetta.style import CLOCKWISE, FOODS, WIDTH, clan_style, draw_icon

PAD = 14
CARD_W = (WIDTH - 3 * PAD) // 2
BANNER_H = 38
CARD_BG: RGB = (255, 255, 255)
NEUTRAL: RGB = (110, 110, 110)
DONE: RGB = (0, 114, 178)  # progress met: blue, with a tick (not green/red, for colour-blind readers)
HEADER_H = 84
SECTION_HEAD_H = 90
TEXT = 20  # the phone-readable minimum: every line of the picture
TITLE = 28
ITEM_H = 30  # a row of token requirements on a card
INNER_W = CARD_W - 24


def _cards_for(me: dict[str, Any], clan: str) -> tuple[list[dict[str, Any]], str]:
    """The cards to show for `clan` and whether they are the offer or the kept set."""
    chosen = (me.get("chosen") or {}).get(clan)
    if chosen:
        return list(chosen), "kept"
    return list((me.get("offered") or {}).get(clan) or []), "offered"


def _draft_lines(view: dict[str, Any], clan: str, locale: Locale = ENGLISH) -> list[str]:
    """The decision being drafted for `clan`, in words in `locale`."""
    draft = (view.get("me") or {}).get("draft") or {}
    if draft.get("clan") != clan:
        return []
    names = clan_names(view, locale)

    def place(tid: str | None) -> str:
        return named.place(locale, tid)

    kind = draft.get("kind")
    if kind == "objectives":
        picked, kept = len(draft.get("cards") or []), view.get("objectives_kept", "?")
        return [game_t(locale, "vendetta", "render.draft-picked", picked=picked, kept=kept)]
    if kind == "move":
        lines = [
            game_t(locale, "vendetta", "render.draft-step", n=int(n), origin=place(o), destination=place(d))
            for o, d, n in draft.get("triples") or []
        ]
        nothing = game_t(locale, "vendetta", "render.draft-nothing")
        return [game_t(locale, "vendetta", "render.draft-move")] + (lines or [nothing])
    if kind == "combat":
        where = place(draft.get("territory"))
        parts = [
            game_t(locale, "vendetta", "render.dice-at", n=int(dice), clan=names.get(t, t))
            for t, dice in draft.get("assign") or []
        ]
        if not parts:
            return [game_t(locale, "vendetta", "render.draft-no-dice", place=where)]
        return [game_t(locale, "vendetta", "render.draft-dice", place=where, dice=", ".join(parts))]
    return []


def _progress(
    card: dict[str, Any], clan: str, tokens: dict[str, int], board: dict[str, Any], locale: Locale = ENGLISH
) -> list[tuple[str, str, bool]]:
    """(icon token, text, met) for each requirement of a card, against the current tokens and board."""
    out: list[tuple[str, str, bool]] = []
    spare = sum(int(n) for t, n in tokens.items() if t.startswith("gnome_") and t != f"gnome_{clan}")
    for token, need in (card.get("tokens") or {}).items():
        have = spare if token == "gnome_any" else int(tokens.get(token, 0))
        out.append((token, f"{min(have, int(need))}/{need}", have >= int(need)))
    for statue in card.get("statues") or []:
        held = int((board.get(statue) or {}).get(clan, 0)) > 0
        out.append(("statue", named.place(locale, statue), held))
    return out


# The marks before a statue's name: held, not held.
STATUE_MARKS = ("✓ ", "✗ ")


def statue_indent() -> int:
    """Where a statue name's continued lines start on a card: after the wider of its marks."""
    return max(text_width(mark, TEXT) for mark in STATUE_MARKS)


def _statue_lines(name: str, held: bool) -> list[str]:
    """A statue requirement's lines on a card: its mark and name on one line, or wrapped under the mark when a
    long name (in some language) does not fit."""
    mark = STATUE_MARKS[0] if held else STATUE_MARKS[1]
    # Whether it fits is decided for both marks alike, so the card's height does not depend on the board.
    if all(text_width(m + name, TEXT) <= INNER_W for m in STATUE_MARKS):
        return [mark + name]
    first, *rest = wrap(name, TEXT, INNER_W - statue_indent())
    return [mark + first, *rest]


def _requirement_lines(card: dict[str, Any], locale: Locale = ENGLISH) -> list[str]:
    """The card's requirement in words in `locale`, wrapped (only for cards without statues: those list the
    statues)."""
    if not card.get("requirement") or card.get("statues"):
        return []
    return wrap(named.requirement(locale, card), TEXT, INNER_W)


def _token_rows(card: dict[str, Any], clan: str, tokens: dict[str, int], board: dict[str, Any]) -> int:
    """How many rows the token requirements of `card` take."""
    rows, x = 0, 0
    for token, text, met in _progress(card, clan, tokens, board):
        if token == "statue":
            continue
        w = 28 + text_width(text + (" ✓" if met else ""), TEXT) + 16
        if rows == 0 or x + w > INNER_W:
            rows, x = rows + 1, 0
        x += w
    return rows


def card_height(
    card: dict[str, Any], clan: str, tokens: dict[str, int], board: dict[str, Any], locale: Locale = ENGLISH
) -> int:
    """Height of one objective card with its words in `locale`: banner, requirement rows, statues, words, status
    line."""
    statues = sum(len(_statue_lines(named.place(locale, str(st)), False)) for st in card.get("statues") or [])
    return (
        BANNER_H
        + 10
        + _token_rows(card, clan, tokens, board) * ITEM_H
        + statues * line_height(TEXT)
        + len(_requirement_lines(card, locale)) * line_height(TEXT)
        + 6
        + line_height(TEXT)  # status: COMPLETE / not yet / PICKED
        + 8
    )


def _row_heights(view: dict[str, Any], clan: str, locale: Locale = ENGLISH) -> list[int]:
    """Height of each row of two cards in `clan`'s section."""
    cards, _ = _cards_for(view.get("me") or {}, clan)
    seat: dict[str, Any] = next((s for s in view.get("seats") or [] if s.get("clan") == clan), {})
    tokens = {k: int(v) for k, v in (seat.get("tokens") or {}).items()}
    board = view.get("board") or {}
    heights = [card_height(c, clan, tokens, board, locale) for c in cards]
    return [max(heights[i : i + 2]) for i in range(0, len(heights), 2)]


def _section_height(view: dict[str, Any], clan: str, locale: Locale) -> int:
    rows = _row_heights(view, clan, locale)
    drafted = len(_draft_lines(view, clan, locale))
    return SECTION_HEAD_H + drafted * line_height(TEXT) + sum(h + PAD for h in rows) + PAD


@lru_cache(maxsize=32)
def _background(height: int) -> Layer:
    return Layer(Image.new("RGB", (WIDTH, height), PAPER))


def render(view: dict[str, Any], locale: Locale = ENGLISH) -> bytes:
    """PNG of the player's objectives and draft, in `locale`."""
    me = view.get("me") or {}
    clans = list(me.get("clans") or [])
    height = HEADER_H + sum(_section_height(view, c, locale) for c in clans) + PAD
    cv = _background(height).canvas()
    seats = {s.get("clan"): s for s in view.get("seats") or []}

    raw = str(view.get("phase", ""))
    # Said inside the line, the phase's name starts in lower case; a phase without a name keeps its id's words.
    phase = lowered(phase_text(locale, raw)) if raw in PHASES else raw.replace("_", " ")
    title = game_t(locale, "vendetta", "render.your-objectives")
    cv.text((PAD, 12), title, TITLE, INK, PAPER, max_width=WIDTH - 2 * PAD)
    sub = game_t(locale, "vendetta", "render.secret", heading=round_heading(locale, view, phase))
    cv.text((PAD, 50), sub, TEXT, MUTED, PAPER, max_width=WIDTH - 2 * PAD)

    y = HEADER_H
    for clan in clans:
        seat = seats.get(clan) or {}
        y = _section(cv, view, clan, seat, y, locale)
    return cv.png()


def _section(cv: Canvas, view: dict[str, Any], clan: str, seat: dict[str, Any], y: int, locale: Locale) -> int:
    me = view.get("me") or {}
    style = clan_style(clan, seat.get("colour"))
    cv.rect((0, y, WIDTH, y + 2), (200, 190, 170))
    cv.shape(style.shape, PAD + 14, y + 26, 14, style.colour, style.outline, 2)
    name = seat_name(seat, locale) if seat else clan
    cards, mode = _cards_for(me, clan)
    kept = view.get("objectives_kept", seat.get("objectives_kept", "?"))
    if mode == "kept":
        status = game_t(locale, "vendetta", "render.kept-objectives", n=len(cards), clan=name)
    else:
        status = game_t(locale, "vendetta", "render.choose-objectives", n=len(cards), clan=name, kept=kept)
    cv.text((PAD + 36, y + 12), status, 22, INK, PAPER, max_width=WIDTH - PAD * 2 - 36)
    # The clan's own token counts, so the progress below can be checked at a glance.
    tokens = {k: int(v) for k, v in (seat.get("tokens") or {}).items()}
    x = PAD
    ty = y + 62
    for token in FOODS + tuple(f"gnome_{c}" for c in CLOCKWISE):
        draw_icon(cv.draw, token, x + 14, ty, 12, cv.c)
        cv.text((x + 34, ty), str(tokens.get(token, 0)), TEXT, INK if tokens.get(token) else MUTED, PAPER, anchor="lm")
        x += 77 if token in FOODS else 64
    y += SECTION_HEAD_H
    for line in _draft_lines(view, clan, locale):
        cv.text((PAD, y), line, TEXT, HIGHLIGHT, PAPER, max_width=WIDTH - 2 * PAD)
        y += line_height(TEXT)

    draft = me.get("draft") or {}
    picked = set(draft.get("cards") or []) if draft.get("kind") == "objectives" and draft.get("clan") == clan else set()
    complete = {c.get("id"): bool(c.get("complete")) for c in (me.get("checklist") or {}).get(clan) or []}
    board = view.get("board") or {}
    for i, h in enumerate(_row_heights(view, clan, locale)):
        for j, card in enumerate(cards[2 * i : 2 * i + 2]):
            cx = PAD + j * (CARD_W + PAD)
            done = complete.get(card.get("id"))
            _card(cv, card, clan, tokens, board, (cx, y, h), card.get("id") in picked, done, locale)
        y += h + PAD
    return y + PAD


def _card(
    cv: Canvas,
    card: dict[str, Any],
    clan: str,
    tokens: dict[str, int],
    board: dict[str, Any],
    place: tuple[int, int, int],
    picked: bool,
    complete: bool | None,
    locale: Locale,
) -> None:
    """One objective card at `place` (left, top, height), its words in `locale`."""
    x, y, height = place
    owner = card.get("owner")
    banner = clan_style(owner).colour if owner else NEUTRAL
    edge = HIGHLIGHT if picked else (120, 110, 90)
    cv.rounded((x, y, x + CARD_W, y + height), 10, CARD_BG, edge, 5 if picked else 2)
    cv.rounded((x + 3, y + 3, x + CARD_W - 3, y + BANNER_H), 8, banner, (150, 140, 120), 1)
    ink = ink_on(banner)
    tx = x + 12
    if owner:
        cv.shape(clan_style(owner).shape, x + 20, y + BANNER_H / 2 + 2, MARK_R, banner, clan_style(owner).outline, 2)
        tx = x + 36
    # The card's name only: its id is the engine's, not the player's.
    title = named.card(locale, card)
    cv.text((tx, y + BANNER_H / 2 + 2), title, 22, ink, banner, anchor="lm", max_width=x + CARD_W - 12 - tx)
    items = _progress(card, clan, tokens, board, locale)
    iy = y + BANNER_H + 10
    ix = x + 12
    rows = 0
    for token, text, met in (it for it in items if it[0] != "statue"):
        label = text + (" ✓" if met else "")
        w = 28 + text_width(label, TEXT) + 16
        if rows == 0 or ix + w > x + 12 + INNER_W:
            if rows:
                iy += ITEM_H
            rows += 1
            ix = x + 12
        if token == "gnome_any":
            cv.ellipse((ix, iy + 2, ix + 22, iy + 24), (236, 200, 90), (120, 90, 20), 2)
            cv.text((ix + 11, iy + 13), "?", TEXT, INK, (236, 200, 90), anchor="mm")
        else:
            draw_icon(cv.draw, token, ix + 11, iy + 13, 12 if token.startswith("gnome_") else 11, cv.c)
        cv.text((ix + 28, iy + 13), label, TEXT, DONE if met else INK, CARD_BG, anchor="lm")
        ix += w
    if rows:
        iy += ITEM_H
    for _, name, held in (it for it in items if it[0] == "statue"):
        for j, line in enumerate(_statue_lines(name, held)):
            # A continued line starts under the name, clear of the tick.
            indent = 0 if j == 0 else statue_indent()
            cv.text((x + 12 + indent, iy), line, TEXT, DONE if held else INK, CARD_BG, max_width=INNER_W - indent)
            iy += line_height(TEXT)
    for line in _requirement_lines(card, locale):
        cv.text((x + 12, iy), line, TEXT, MUTED, CARD_BG)
        iy += line_height(TEXT)
    status_y = y + height - 8 - line_height(TEXT)
    if complete is not None:
        if complete:
            label = game_t(locale, "vendetta", "render.card-complete")
        else:
            label = game_t(locale, "vendetta", "render.card-not-yet")
        cv.text((x + CARD_W - 12, status_y), label, TEXT, DONE if complete else MUTED, CARD_BG, anchor="ra")
    elif picked:
        label = game_t(locale, "vendetta", "render.card-picked")
        cv.text((x + CARD_W - 12, status_y), label, TEXT, HIGHLIGHT, CARD_BG, anchor="ra")
