"""Gnome Tribes: one player's private picture (purse, zero bills, posts with their bills, hand, draft).

Drawn from the player's view (`view["you"]`); the public part is used only for the
tribe's name and colour and the phase line.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from PIL import Image

from engine.tribes import cards as catalogue
from render.common import HIGHLIGHT, INK, MUTED, PAPER, RGB, Canvas, Layer, ink_on, line_height, text_width, wrap
from render.tribes.style import POST_NAMES, POSTS, WIDTH, fill_colour, ring_colour, tribe_style

PAD = 14
TEXT = 20
TITLE = 28
SUB = 22
HEADER_H = 96
PURSE_H = 56
POST_W = (WIDTH - 3 * PAD) // 2
POST_HEAD = 34
BILL_W, BILL_H, BILL_GAP = 52, 32, 8
CARD_NAME = 22
CARD_PAD = 10
SECTION_HEAD = 40
BOX_BG: RGB = (255, 255, 255)
EDGE: RGB = (150, 140, 120)

# Bills by denomination: a colour each (the number is printed on it too).
BILL_COLOURS: dict[int, RGB] = {
    0: (238, 238, 238),
    1: (214, 234, 200),
    2: (196, 222, 240),
    5: (250, 226, 160),
    10: (246, 190, 150),
    20: (214, 190, 236),
}

# A colour stripe per kind of card, and its kind in words.
KIND_WORDS: dict[str, str] = {
    catalogue.WEAPON: "Weapon",
    catalogue.SIEGE: "Siege",
    catalogue.AIR: "Flying",
    catalogue.SUB: "Gnomsub",
    catalogue.FLAK: "Anti-aircraft",
    catalogue.FOG: "Anti-support",
    catalogue.GAG: "GnomGag",
    catalogue.END: "End card",
}
KIND_COLOURS: dict[str, RGB] = {
    catalogue.WEAPON: (120, 110, 100),
    catalogue.SIEGE: (60, 60, 60),
    catalogue.AIR: (0, 114, 178),
    catalogue.SUB: (0, 90, 110),
    catalogue.FLAK: (213, 94, 0),
    catalogue.FOG: (110, 110, 140),
    catalogue.GAG: (204, 121, 167),
    catalogue.END: (30, 30, 30),
}
_GAG_WORDS = {
    catalogue.GNOMBUT: "After a goal vote: cancel it and vote again without one player you name.",
    catalogue.EXCHANGE: "When drawn: swap VP totals with one opponent.",
    catalogue.SUPER_BINGO: "When drawn: take 20 GG from the bank.",
}
_KIND_EFFECT = {
    catalogue.AIR: "One airlift of up to 5 armies or one airborne attack; one air move when deploying.",
    catalogue.SUB: "One airlift or airborne attack, coast to coast only; Gnomflak cannot stop it.",
    catalogue.FLAK: "Cancels up to 2 flying cards of the other side in this war step.",
    catalogue.FOG: "The other side's support armies count 0 against you in this war step.",
    catalogue.END: "Ends the game: the goal vote.",
}


def _design(card: dict[str, Any]) -> catalogue.Card | None:
    try:
        return catalogue.card_of(str(card.get("id", "")))
    except KeyError:
        return None


def card_effect(card: dict[str, Any]) -> str:
    """What a card in hand does, in a few words (from the card catalogue; its kind if unknown)."""
    design = _design(card)
    kind = design.kind if design else str(card.get("kind", ""))
    if design is not None and kind == catalogue.WEAPON:
        parts = [f"+{v} {terrain}" for terrain, v in design.bonus.items() if v]  # terrain ids are plain words
        return "Strength " + ", ".join(parts) + " when that is the type of the attacked territory."
    if kind == catalogue.SIEGE:
        bonus = design.siege if design else 2
        return f"+{bonus} to your attack on a city or the Gnomlab."
    if kind == catalogue.GAG:
        return _GAG_WORDS.get(design.id if design else "", "A GnomGag card: never a battle card.")
    return _KIND_EFFECT.get(kind, "")


def _weapon_chips(card: dict[str, Any]) -> list[tuple[str, int]]:
    design = _design(card)
    if design is None or design.kind != catalogue.WEAPON:
        return []
    return [(t, v) for t, v in design.bonus.items() if v]


CARD_INNER = WIDTH - 2 * PAD - 2 * CARD_PAD - 12


def _card_lines(card: dict[str, Any]) -> list[str]:
    return wrap(card_effect(card), TEXT, CARD_INNER)


def card_height(card: dict[str, Any]) -> int:
    """Height of one card row: its name line, then its effect wrapped."""
    return CARD_PAD + 30 + len(_card_lines(card)) * line_height(TEXT) + CARD_PAD


def _bills_per_row() -> int:
    return (POST_W - 2 * CARD_PAD + BILL_GAP) // (BILL_W + BILL_GAP)


def _post_height(bills: list[int]) -> int:
    rows = max(1, -(-len(bills) // _bills_per_row()))
    return POST_HEAD + rows * (BILL_H + BILL_GAP) + CARD_PAD


def _posts(you: dict[str, Any]) -> dict[str, list[int]]:
    raw = you.get("posts") or {}
    return {p: [int(b) for b in raw.get(p) or []] for p in POSTS}


def _draft(you: dict[str, Any]) -> list[str]:
    return [str(line) for line in you.get("draft") or [] if str(line)]


def _draft_lines(you: dict[str, Any]) -> list[str]:
    out: list[str] = []
    for line in _draft(you):
        out += wrap("• " + line, TEXT, WIDTH - 2 * PAD)
    return out


def picture_height(view: dict[str, Any]) -> int:
    """Height of the private picture for this view."""
    you = view.get("you") or {}
    posts = _posts(you)
    rows = [max(_post_height(posts[a]), _post_height(posts[b])) for a, b in (POSTS[:2], POSTS[2:])]
    hand = list(you.get("hand") or [])
    height = HEADER_H + PURSE_H + SECTION_HEAD + sum(h + PAD for h in rows)
    height += SECTION_HEAD + (sum(card_height(c) + 8 for c in hand) if hand else line_height(TEXT) + 8)
    draft = _draft_lines(you)
    if draft:
        height += SECTION_HEAD + len(draft) * line_height(TEXT)
    return height + PAD


@lru_cache(maxsize=32)
def _background(height: int) -> Layer:
    return Layer(Image.new("RGB", (WIDTH, height), PAPER))


def _own_seat(view: dict[str, Any], player: int) -> dict[str, Any]:
    return next((s for s in view.get("seats") or [] if int(s.get("player", -1)) == player), {})


def _bill(cv: Canvas, x: float, y: float, value: int) -> None:
    """One bill: a banknote in its denomination's colour with the value on it."""
    colour = BILL_COLOURS.get(value, (230, 230, 230))
    cv.rounded((x, y, x + BILL_W, y + BILL_H), 5, colour, (90, 84, 70), 2)
    cv.text((x + BILL_W / 2, y + BILL_H / 2), str(value), TEXT, INK, colour, anchor="mm")


def _post(cv: Canvas, x: int, y: int, height: int, post: str, bills: list[int]) -> None:
    cv.rounded((x, y, x + POST_W, y + height), 8, BOX_BG, EDGE, 2)
    total = sum(bills)
    cv.text((x + CARD_PAD, y + 8), POST_NAMES[post], SUB, INK, BOX_BG)
    summary = f"{total} GG" if bills else "empty"
    cv.text((x + POST_W - CARD_PAD, y + 10), summary, TEXT, INK if bills else MUTED, BOX_BG, anchor="ra")
    per_row = _bills_per_row()
    for i, value in enumerate(bills):
        bx = x + CARD_PAD + (i % per_row) * (BILL_W + BILL_GAP)
        by = y + POST_HEAD + (i // per_row) * (BILL_H + BILL_GAP)
        _bill(cv, bx, by, value)


def _card(cv: Canvas, y: int, card: dict[str, Any]) -> int:
    height = card_height(card)
    x0, x1 = PAD, WIDTH - PAD
    design = _design(card)
    kind = design.kind if design else str(card.get("kind", ""))
    stripe = KIND_COLOURS.get(kind, (120, 120, 120))
    cv.rounded((x0, y, x1, y + height), 8, BOX_BG, EDGE, 2)
    cv.rounded((x0 + 3, y + 3, x0 + 12, y + height - 3), 3, stripe)
    tx = x0 + 12 + CARD_PAD
    name = str(card.get("name") or (design.name if design else "A card"))
    w = cv.text((tx, y + CARD_PAD), name, CARD_NAME, INK, BOX_BG, max_width=360)
    kx = tx + w + 14
    label = KIND_WORDS.get(kind, kind.capitalize())
    lw = text_width(label, TEXT) + 14
    cv.rounded((kx, y + CARD_PAD, kx + lw, y + CARD_PAD + 26), 6, stripe)
    cv.text((kx + 7, y + CARD_PAD + 13), label, TEXT, ink_on(stripe), stripe, anchor="lm")
    cx = kx + lw + 12
    for terrain, bonus in _weapon_chips(card):
        chip = fill_colour(terrain)
        cw = text_width(f"+{bonus}", TEXT) + 14
        if cx + cw > x1 - CARD_PAD:
            break
        cv.rounded((cx, y + CARD_PAD, cx + cw, y + CARD_PAD + 26), 6, chip, ring_colour(terrain), 3)
        cv.text((cx + cw / 2, y + CARD_PAD + 13), f"+{bonus}", TEXT, INK, chip, anchor="mm")
        cx += cw + 6
    ly = y + CARD_PAD + 32
    for line in _card_lines(card):
        cv.text((tx, ly), line, TEXT, MUTED, BOX_BG)
        ly += line_height(TEXT)
    return height


def render(view: dict[str, Any]) -> bytes:
    """PNG of the player's secrets: purse, zero bills, posts with bills, hand, draft."""
    you = view.get("you") or {}
    player = int(you.get("player", -1))
    seat = _own_seat(view, player)
    cv = _background(picture_height(view)).canvas()

    style = tribe_style(str(seat.get("tribe", "?")), seat.get("colour"))
    cv.shape(style.shape, PAD + 14, 30, 14, style.colour, style.outline, 2)
    cv.text(
        (PAD + 38, 14),
        f"Your secrets · {seat.get('name') or 'your tribe'}",
        TITLE,
        INK,
        PAPER,
        max_width=WIDTH - 2 * PAD - 38,
    )
    phase = str(view.get("phase_label") or "")
    sub = (phase + " · " if phase else "") + "only you see this"
    cv.text((PAD, 56), sub, TEXT, MUTED, PAPER, max_width=WIDTH - 2 * PAD)

    y = HEADER_H
    purse = int(you.get("purse") or 0)
    zeros = int(you.get("zeros") or 0)
    cv.rounded((PAD, y, WIDTH - PAD, y + PURSE_H - 10), 8, BOX_BG, EDGE, 2)
    cv.text((PAD + CARD_PAD, y + (PURSE_H - 10) / 2), f"Purse: {purse} GG", SUB, INK, BOX_BG, anchor="lm")
    zx = WIDTH - PAD - CARD_PAD - 3 * (BILL_W + BILL_GAP)
    cv.text((zx - 12, y + (PURSE_H - 10) / 2), "Bluff bills (0 GG) in hand:", TEXT, INK, BOX_BG, anchor="rm")
    for i in range(zeros):
        _bill(cv, zx + i * (BILL_W + BILL_GAP), y + 7, 0)
    if zeros == 0:
        cv.text((zx, y + (PURSE_H - 10) / 2), "none", TEXT, MUTED, BOX_BG, anchor="lm")
    y += PURSE_H

    posts = _posts(you)
    cv.text((PAD, y + 8), "Your posts (the others see only how many bills)", SUB, INK, PAPER, max_width=WIDTH - 2 * PAD)
    y += SECTION_HEAD
    for pair in (POSTS[:2], POSTS[2:]):
        h = max(_post_height(posts[p]) for p in pair)
        for j, post in enumerate(pair):
            _post(cv, PAD + j * (POST_W + PAD), y, h, post, posts[post])
        y += h + PAD

    hand = list(you.get("hand") or [])
    cv.text((PAD, y + 8), f"Your cards ({len(hand)})", SUB, INK, PAPER)
    y += SECTION_HEAD
    if not hand:
        cv.text((PAD, y), "No card in hand.", TEXT, MUTED, PAPER)
        y += line_height(TEXT) + 8
    for card in hand:
        y += _card(cv, y, card) + 8

    draft = _draft_lines(you)
    if draft:
        cv.text((PAD, y + 8), "Your order so far", SUB, HIGHLIGHT, PAPER)
        y += SECTION_HEAD
        for line in draft:
            cv.text((PAD, y), line, TEXT, HIGHLIGHT, PAPER)
            y += line_height(TEXT)
    return cv.png()
