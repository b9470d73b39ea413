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
    readable,
    text_width,
    wrap,
)
from render.vendetta.style import CLOCKWISE, FOODS, WIDTH, clan_style, draw_icon, geometry

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


def _draft_lines(view: dict[str, Any], clan: str) -> list[str]:
    """The decision being drafted for `clan`, in words."""
    draft = (view.get("me") or {}).get("draft") or {}
    if draft.get("clan") != clan:
        return []
    geo = geometry()
    names = {s.get("clan"): str(s.get("name", s.get("clan"))) for s in view.get("seats") or []}

    def place(tid: str | None) -> str:
        t = geo.territories.get(tid or "")
        return t.name if t else readable(str(tid))

    kind = draft.get("kind")
    if kind == "objectives":
        return [f"Picked so far: {len(draft.get('cards') or [])} of {view.get('objectives_kept', '?')}"]
    if kind == "move":
        lines = [f"{n} from {place(o)} to {place(d)}" for o, d, n in draft.get("triples") or []]
        return ["Your move so far:"] + (lines or ["nothing yet"])
    if kind == "combat":
        parts = [f"{dice} at {names.get(t, t)}" for t, dice in draft.get("assign") or []]
        return [f"Your dice at {place(draft.get('territory'))}: " + (", ".join(parts) or "none assigned yet")]
    return []


def _progress(
    card: dict[str, Any], clan: str, tokens: dict[str, int], board: dict[str, Any]
) -> list[tuple[str, str, bool]]:
    """(icon token, text, met) for each requirement of a card, against the current tokens and board."""
    out: list[tuple[str, str, bool]] = []
    spare = sum(int(n) for t, n in tokens.items() if t.startswith("gnome_") and t != f"gnome_{clan}")
    for token, need in (card.get("tokens") or {}).items():
        have = spare if token == "gnome_any" else int(tokens.get(token, 0))
        out.append((token, f"{min(have, int(need))}/{need}", have >= int(need)))
    geo = geometry()
    for statue in card.get("statues") or []:
        held = int((board.get(statue) or {}).get(clan, 0)) > 0
        t = geo.territories.get(statue)
        out.append(("statue", t.name if t else readable(statue), held))
    return out


def _requirement_lines(card: dict[str, Any]) -> list[str]:
    """The card's requirement in words, wrapped (only for cards without statues: those list the statues)."""
    req = str(card.get("requirement", ""))
    if not req or card.get("statues"):
        return []
    return wrap(req, TEXT, INNER_W)


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


def card_height(card: dict[str, Any], clan: str, tokens: dict[str, int], board: dict[str, Any]) -> int:
    """Height of one objective card: banner, requirement rows, statues, words, status line."""
    statues = len(card.get("statues") or [])
    return (
        BANNER_H
        + 10
        + _token_rows(card, clan, tokens, board) * ITEM_H
        + statues * line_height(TEXT)
        + len(_requirement_lines(card)) * line_height(TEXT)
        + 6
        + line_height(TEXT)  # status: COMPLETE / not yet / PICKED
        + 8
    )


def _row_heights(view: dict[str, Any], clan: str) -> list[int]:
    """Height of each row of two cards in `clan`'s section."""
    cards, _ = _cards_for(view.get("me") or {}, clan)
    seat: dict[str, Any] = next((s for s in view.get("seats") or [] if s.get("clan") == clan), {})
    tokens = {k: int(v) for k, v in (seat.get("tokens") or {}).items()}
    board = view.get("board") or {}
    heights = [card_height(c, clan, tokens, board) for c in cards]
    return [max(heights[i : i + 2]) for i in range(0, len(heights), 2)]


def _section_height(view: dict[str, Any], clan: str) -> int:
    rows = _row_heights(view, clan)
    return SECTION_HEAD_H + len(_draft_lines(view, clan)) * line_height(TEXT) + sum(h + PAD for h in rows) + PAD


@lru_cache(maxsize=32)
def _background(height: int) -> Layer:
    return Layer(Image.new("RGB", (WIDTH, height), PAPER))


PHASES = {"objectives": "choosing objectives", "movement": "movement", "combat": "combat", "finished": "game over"}


def render(view: dict[str, Any]) -> bytes:
    """PNG of the player's objectives and draft."""
    me = view.get("me") or {}
    clans = list(me.get("clans") or [])
    height = HEADER_H + sum(_section_height(view, c) for c in clans) + PAD
    cv = _background(height).canvas()
    seats = {s.get("clan"): s for s in view.get("seats") or []}

    phase = str(view.get("phase", ""))
    phase = PHASES.get(phase, phase.replace("_", " "))
    cv.text((PAD, 12), "Your objectives", TITLE, INK, PAPER)
    sub = f"Round {view.get('round', 0)} of {view.get('round_limit', '?')} · {phase}" if view.get("round") else phase
    cv.text((PAD, 50), f"{sub} · secret: only you see this", TEXT, MUTED, PAPER, max_width=WIDTH - 2 * PAD)

    y = HEADER_H
    for clan in clans:
        seat = seats.get(clan) or {}
        y = _section(cv, view, clan, seat, y)
    return cv.png()


def _section(cv: Canvas, view: dict[str, Any], clan: str, seat: dict[str, Any], y: int) -> int:
    me = view.get("me") or {}
    style = clan_style(clan, seat.get("colour"))
    cv.rect((0, y, WIDTH, y + 2), (200, 190, 170))
    cv.shape(style.shape, PAD + 14, y + 26, 14, style.colour, style.outline, 2)
    name = str(seat.get("name", clan))
    cards, mode = _cards_for(me, clan)
    kept = view.get("objectives_kept", seat.get("objectives_kept", "?"))
    if mode == "kept":
        status = f"{name}: your {len(cards)} kept objectives"
    else:
        status = f"{name}: choose {kept} of these {len(cards)}"
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
    for line in _draft_lines(view, clan):
        cv.text((PAD, y), line, TEXT, HIGHLIGHT, PAPER, max_width=WIDTH - 2 * PAD)
        y += line_height(TEXT)

    draft = me.get("draft") or {}
    picked = set(draft.get("cards") or []) if draft.get("kind") == "objectives" and draft.get("clan") == clan else set()
    complete = {c.get("id"): bool(c.get("complete")) for c in (me.get("checklist") or {}).get(clan) or []}
    board = view.get("board") or {}
    for i, h in enumerate(_row_heights(view, clan)):
        for j, card in enumerate(cards[2 * i : 2 * i + 2]):
            cx = PAD + j * (CARD_W + PAD)
            _card(cv, card, clan, tokens, board, cx, y, h, card.get("id") in picked, complete.get(card.get("id")))
        y += h + PAD
    return y + PAD


def _card(
    cv: Canvas,
    card: dict[str, Any],
    clan: str,
    tokens: dict[str, int],
    board: dict[str, Any],
    x: int,
    y: int,
    height: int,
    picked: bool,
    complete: bool | None,
) -> None:
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
    title = str(card.get("name", "?"))
    cv.text((tx, y + BANNER_H / 2 + 2), title, 22, ink, banner, anchor="lm", max_width=x + CARD_W - 12 - tx)
    items = _progress(card, clan, tokens, board)
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
        cv.text((x + 12, iy), ("✓ " if held else "✗ ") + name, TEXT, DONE if held else INK, CARD_BG, max_width=INNER_W)
        iy += line_height(TEXT)
    for line in _requirement_lines(card):
        cv.text((x + 12, iy), line, TEXT, MUTED, CARD_BG)
        iy += line_height(TEXT)
    status_y = y + height - 8 - line_height(TEXT)
    if complete is not None:
        label = "COMPLETE" if complete else "not yet"
        cv.text((x + CARD_W - 12, status_y), label, TEXT, DONE if complete else MUTED, CARD_BG, anchor="ra")
    elif picked:
        cv.text((x + CARD_W - 12, status_y), "PICKED", TEXT, HIGHLIGHT, CARD_BG, anchor="ra")
