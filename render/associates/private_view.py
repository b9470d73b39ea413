"""Gnomes & Associates: one player's private picture.

The hand as cards (name, banner colour and its meaning, effect text), the cards
picked in an open draft (cards to keep, Sprints and reactions chosen, theft
picks) and the cards of the last draw, marked "new".
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from PIL import Image

from render.associates.style import guild_style
from render.common import HIGHLIGHT, INK, MUTED, PAPER, RGB, Canvas, Layer, ink_on, wrap

WIDTH = 800
PAD = 14
CARD_W = (WIDTH - 3 * PAD) // 2
CARD_H = 146
BANNER_H = 34
HEADER_H = 92
CARD_BG: RGB = (255, 255, 255)

# Banner colours (Okabe-Ito where a hue is needed) and what each banner means, in
# words, so the banner is never told by colour alone.
BANNERS: dict[str, tuple[RGB, str]] = {
    "white": ((236, 232, 222), "one action"),
    "red": ((213, 94, 0), "this turn"),
    "violet": ((204, 121, 167), "stays in play"),
    "blue": ((0, 114, 178), "reaction"),
}


def _draft_ids(draft: dict[str, Any] | None, names: dict[str, str]) -> tuple[set[str], list[str]]:
    """Card ids picked in the open draft, and the draft in words (card ids shown by name)."""
    if not draft:
        return set(), []
    picked: set[str] = set()
    lines: list[str] = []
    if "keep" in draft:
        picked |= set(draft.get("keep") or [])
        state = "done" if draft.get("keep_done") else "choosing"
        lines.append(f"Keeping {len(draft.get('keep') or [])} of your cards ({state})")
    activation = draft.get("activation")
    if activation:
        steps = [str(s) for s in activation.get("steps") or []]
        picked |= {s for s in steps if s.startswith("c-")}
        lines.append("Action being built: " + (" → ".join(names.get(s, s) for s in steps) or "nothing yet"))
    if draft.get("picks"):
        picks = [str(p) for p in draft["picks"]]
        picked |= {p for p in picks if p.startswith("c-")}
        lines.append("Picked: " + ", ".join(names.get(p, p.replace("_", " ")) for p in picks))
    return picked, lines


@lru_cache(maxsize=32)
def _background(height: int) -> Layer:
    return Layer(Image.new("RGB", (WIDTH, height), PAPER))


def render(view: dict[str, Any]) -> bytes:
    """PNG of the player's hand, draft and last draw."""
    hand = list(view.get("hand") or [])
    drawn = {c.get("id") for c in view.get("drawn") or []}
    names = {str(c.get("id")): str(c.get("name", c.get("id"))) for c in hand}
    picked, draft_lines = _draft_ids(view.get("draft"), names)
    me = view.get("me", {}).get("player") if isinstance(view.get("me"), dict) else None
    seat = _my_seat(view, me)
    rows = max(1, (len(hand) + 1) // 2)
    height = HEADER_H + len(draft_lines) * 24 + rows * (CARD_H + PAD) + PAD
    cv = _background(height).canvas()
    guild = seat.get("guild") if seat else None
    style = guild_style(guild)
    cv.shape(style.shape, PAD + 14, 30, 14, style.colour, style.outline, 2)
    title = f"Your hand: {len(hand)} card{'s' if len(hand) != 1 else ''}"
    if seat:
        title = f"{seat.get('title', '')} · " + title
    cv.text((PAD + 36, 16), title, 26, INK, PAPER, max_width=WIDTH - 2 * PAD - 36)
    info = f"Turn {view.get('turn', view.get('round', 0))} · {view.get('phase', '')} · secret: only you see this"
    if seat:
        info += f" · deck {seat.get('deck_size', 0)}, objectives {seat.get('objectives', 0)}/{seat.get('threshold')}"
    cv.text((PAD, 56), info, 16, MUTED, PAPER, max_width=WIDTH - 2 * PAD)
    y = HEADER_H
    for line in draft_lines:
        cv.text((PAD, y), line, 18, HIGHLIGHT, PAPER, max_width=WIDTH - 2 * PAD)
        y += 24
    if not hand:
        cv.text((PAD, y + 10), "No cards in hand.", 20, MUTED, PAPER)
    for i, card in enumerate(hand):
        x = PAD + (i % 2) * (CARD_W + PAD)
        cy = y + (i // 2) * (CARD_H + PAD)
        _card(cv, card, x, cy, card.get("id") in picked, card.get("id") in drawn)
    return cv.png()


def _my_seat(view: dict[str, Any], me: Any) -> dict[str, Any] | None:
    """The player's guild row: from an explicit seat if given, else the only guild whose hand size matches."""
    guilds = list(view.get("guilds") or [])
    if me is not None:
        return next((g for g in guilds if g.get("seat") == me), None)
    seat = view.get("seat")
    if seat is not None:
        return next((g for g in guilds if g.get("seat") == seat), None)
    hand = view.get("hand") or []
    prefixes = {str(c.get("id", ""))[2:5] for c in hand}
    if len(prefixes) == 1:
        code = prefixes.pop()
        return next((g for g in guilds if str(g.get("guild", "")).startswith(code)), None)
    return None


def _card(cv: Canvas, card: dict[str, Any], x: int, y: int, picked: bool, new: bool) -> None:
    banner, meaning = BANNERS.get(str(card.get("banner")), ((180, 180, 180), str(card.get("banner", ""))))
    edge = HIGHLIGHT if picked else (120, 110, 90)
    cv.rounded((x, y, x + CARD_W, y + CARD_H), 10, CARD_BG, edge, 5 if picked else 2)
    cv.rounded((x + 3, y + 3, x + CARD_W - 3, y + BANNER_H), 8, banner, (150, 140, 120), 1)
    ink = ink_on(banner)
    cv.text(
        (x + 12, y + BANNER_H / 2 + 2), str(card.get("name", "?")), 19, ink, banner, anchor="lm", max_width=CARD_W - 130
    )
    cv.text((x + CARD_W - 12, y + BANNER_H / 2 + 2), meaning, 13, ink, banner, anchor="rm")
    for j, line in enumerate(wrap(str(card.get("text", "")), 17, CARD_W - 24)[:4]):
        cv.text((x + 12, y + BANNER_H + 8 + j * 21), line, 17, INK, CARD_BG)
    tags = []
    if picked:
        tags.append(("PICKED", HIGHLIGHT))
    if new:
        tags.append(("new", MUTED))
    tx = x + CARD_W - 12
    for label, colour in tags:
        tx -= cv.text((tx, y + CARD_H - 22), label, 14, colour, CARD_BG, anchor="ra") + 10
