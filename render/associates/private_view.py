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
from render.common import HIGHLIGHT, INK, MUTED, PAPER, RGB, Canvas, Layer, ink_on, line_height, readable, wrap

WIDTH = 800
PAD = 14
CARD_W = (WIDTH - 3 * PAD) // 2
BANNER_H = 38
CARD_BG: RGB = (255, 255, 255)
TEXT = 20  # the phone-readable minimum: every line but the title
TITLE = 26
TEXT_W = CARD_W - 24

# Banner colours (Okabe-Ito where a hue is needed) and what each banner means, in
# words, so the banner is never told by colour alone.
BANNERS: dict[str, tuple[RGB, str]] = {
    "white": ((236, 232, 222), "one action"),
    "red": ((213, 94, 0), "this turn"),
    "violet": ((204, 121, 167), "stays in play"),
    "blue": ((0, 114, 178), "reaction"),
}
PHASES = {
    "guild": "choosing guilds",
    "designate": "usurers designate",
    "activation": "activations",
    "keep": "keeping cards",
    "reinforce": "reinforcements",
    "over": "game over",
}


def _names(view: dict[str, Any]) -> dict[str, str]:
    """Player-facing names of the identifiers a draft may hold: cards, figurines, zones."""
    names = {str(c.get("id")): str(c.get("name", "")) for c in view.get("hand") or [] if c.get("name")}
    names.update({str(f.get("id")): str(f.get("name")) for f in view.get("figurines") or [] if f.get("name")})
    names.update({str(z.get("id")): str(z.get("name")) for z in view.get("zones") or [] if z.get("name")})
    return names


def _draft_ids(draft: dict[str, Any] | None, names: dict[str, str]) -> tuple[set[str], list[str]]:
    """Card ids picked in the open draft, and the draft in words (identifiers shown by name)."""
    if not draft:
        return set(), []

    def name(x: str) -> str:
        return names.get(x) or readable(x)

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
        kind = readable(str(activation.get("kind") or ""))
        head = f"{kind} being built: " if kind else "Action being built: "
        lines.append(head + (" → ".join(name(s) for s in steps) or "nothing yet"))
    if draft.get("picks"):
        picks = [str(p) for p in draft["picks"]]
        picked |= {p for p in picks if p.startswith("c-")}
        lines.append("Picked: " + ", ".join(name(p) for p in picks))
    return picked, lines


@lru_cache(maxsize=32)
def _background(height: int) -> Layer:
    return Layer(Image.new("RGB", (WIDTH, height), PAPER))


def _card_lines(card: dict[str, Any]) -> list[str]:
    return wrap(str(card.get("text", "")), TEXT, TEXT_W)


def card_height(card: dict[str, Any]) -> int:
    """Height of a hand card: banner, its whole text, and the tag line."""
    return BANNER_H + 8 + len(_card_lines(card)) * line_height(TEXT) + 4 + line_height(TEXT) + 6


def is_empty(view: dict[str, Any]) -> bool:
    """Whether the picture would hold no card at all: no hand, no open draft, no last draw."""
    _, draft_lines = _draft_ids(view.get("draft"), _names(view))
    return not (view.get("hand") or view.get("drawn") or draft_lines)


def render(view: dict[str, Any]) -> bytes:
    """PNG of the player's hand, draft and last draw."""
    hand = list(view.get("hand") or [])
    drawn = {c.get("id") for c in view.get("drawn") or []}
    picked, draft_lines = _draft_ids(view.get("draft"), _names(view))
    me = view.get("me", {}).get("player") if isinstance(view.get("me"), dict) else None
    seat = _my_seat(view, me)
    title = f"Your hand: {len(hand)} card{'s' if len(hand) != 1 else ''}"
    if seat and seat.get("title"):
        title = f"{seat.get('title')} · " + title
    phase = str(view.get("phase", ""))
    info = f"Turn {view.get('turn', view.get('round', 0))} · {PHASES.get(phase, readable(phase).lower())}"
    if seat and seat.get("guild"):
        info += f" · deck {seat.get('deck_size', 0)}"
        threshold = seat.get("threshold")
        info += f" · objectives {seat.get('objectives', 0)}" + (f"/{threshold}" if threshold else "")
    info_lines = [*wrap(info, TEXT, WIDTH - 2 * PAD), "Secret: only you see this."]
    draft_wrapped = [line for text in draft_lines for line in wrap(text, TEXT, WIDTH - 2 * PAD)]
    heights = [card_height(c) for c in hand]
    rows = [max(heights[i : i + 2]) for i in range(0, len(heights), 2)] or [line_height(TEXT) + 20]
    top = 54 + len(info_lines) * line_height(TEXT) + 10
    height = top + len(draft_wrapped) * line_height(TEXT) + sum(h + PAD for h in rows) + PAD
    cv = _background(height).canvas()
    guild = seat.get("guild") if seat else None
    style = guild_style(guild)
    cv.shape(style.shape, PAD + 14, 30, 14, style.colour, style.outline, 2)
    cv.text((PAD + 36, 16), title, TITLE, INK, PAPER, max_width=WIDTH - 2 * PAD - 36)
    for j, line in enumerate(info_lines):
        cv.text((PAD, 54 + j * line_height(TEXT)), line, TEXT, MUTED, PAPER)
    y = top
    for line in draft_wrapped:
        cv.text((PAD, y), line, TEXT, HIGHLIGHT, PAPER)
        y += line_height(TEXT)
    if not hand:
        cv.text((PAD, y + 10), "No cards in hand.", TEXT, MUTED, PAPER)
    for i, h in enumerate(rows if hand else []):
        for j, card in enumerate(hand[2 * i : 2 * i + 2]):
            x = PAD + j * (CARD_W + PAD)
            _card(cv, card, x, y, h, card.get("id") in picked, card.get("id") in drawn)
        y += h + PAD
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


def _card(cv: Canvas, card: dict[str, Any], x: int, y: int, height: int, picked: bool, new: bool) -> None:
    banner, meaning = BANNERS.get(str(card.get("banner")), ((180, 180, 180), str(card.get("banner", ""))))
    edge = HIGHLIGHT if picked else (120, 110, 90)
    cv.rounded((x, y, x + CARD_W, y + height), 10, CARD_BG, edge, 5 if picked else 2)
    cv.rounded((x + 3, y + 3, x + CARD_W - 3, y + BANNER_H), 8, banner, (150, 140, 120), 1)
    ink = ink_on(banner)
    mid = y + BANNER_H / 2 + 2
    meaning_w = cv.text((x + CARD_W - 12, mid), meaning, TEXT, ink, banner, anchor="rm")
    name = str(card.get("name") or readable(str(card.get("id", "?"))))
    cv.text((x + 12, mid), name, 22, ink, banner, anchor="lm", max_width=CARD_W - 36 - meaning_w)
    for j, line in enumerate(_card_lines(card)):
        cv.text((x + 12, y + BANNER_H + 8 + j * line_height(TEXT)), line, TEXT, INK, CARD_BG)
    tags = []
    if picked:
        tags.append(("PICKED", HIGHLIGHT))
    if new:
        tags.append(("new", MUTED))
    tx = x + CARD_W - 12
    for label, colour in tags:
        tx -= cv.text((tx, y + height - 6 - line_height(TEXT)), label, TEXT, colour, CARD_BG, anchor="ra") + 12
