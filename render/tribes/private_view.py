"""Gnome Tribes: one player's private picture (purse, zero bills, posts with their bills, hand, draft).

Drawn from the player's view (`view["you"]`); the public part is used only for the
tribe's name and colour and the phase line. Every word is in the reader's `locale`, from the
game's catalog (the lines of the decision being drafted from the phrases the view gives with them).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from PIL import Image

from engine.tribes import cards as catalogue
from i18n import ENGLISH, Locale, game_t
from render.common import HIGHLIGHT, INK, MUTED, PAPER, RGB, Canvas, Layer, ink_on, line_height, text_width, wrap
from render.tribes import names as named
from render.tribes.style import POSTS, WIDTH, fill_colour, ring_colour, tribe_style
from render.tribes.words import draft_lines, num, phase_line, post_name, tribe_names

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

# A colour stripe per kind of card (and its kind in words, `kind_word`).
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


def kind_word(kind: str, locale: Locale = ENGLISH) -> str:
    """A kind of card in words ("Weapon"); an unknown kind's id with a capital."""
    # One literal id per kind, so that the catalog check sees every one.
    match kind:
        case catalogue.WEAPON:
            return game_t(locale, "tribes", "render.kind-weapon")
        case catalogue.SIEGE:
            return game_t(locale, "tribes", "render.kind-siege")
        case catalogue.AIR:
            return game_t(locale, "tribes", "render.kind-air")
        case catalogue.SUB:
            return game_t(locale, "tribes", "render.kind-sub")
        case catalogue.FLAK:
            return game_t(locale, "tribes", "render.kind-flak")
        case catalogue.FOG:
            return game_t(locale, "tribes", "render.kind-fog")
        case catalogue.GAG:
            return game_t(locale, "tribes", "render.kind-gag")
        case catalogue.END:
            return game_t(locale, "tribes", "render.kind-end")
    return kind.capitalize()


def _gag_effect(design: str, locale: Locale) -> str:
    match design:
        case catalogue.GNOMBUT:
            return game_t(locale, "tribes", "render.effect-gnombut")
        case catalogue.EXCHANGE:
            return game_t(locale, "tribes", "render.effect-exchange")
        case catalogue.SUPER_BINGO:
            return game_t(locale, "tribes", "render.effect-super-bingo")
    return game_t(locale, "tribes", "render.effect-gag")


def _kind_effect(kind: str, locale: Locale) -> str:
    match kind:
        case catalogue.AIR:
            return game_t(locale, "tribes", "render.effect-air")
        case catalogue.SUB:
            return game_t(locale, "tribes", "render.effect-sub")
        case catalogue.FLAK:
            return game_t(locale, "tribes", "render.effect-flak")
        case catalogue.FOG:
            return game_t(locale, "tribes", "render.effect-fog")
        case catalogue.END:
            return game_t(locale, "tribes", "render.effect-end")
    return ""


def _terrain(terrain: str, locale: Locale) -> str:
    """A weapon bonus's territory type in words ("plains")."""
    match terrain:
        case "plains":
            return game_t(locale, "tribes", "render.terrain-plains")
        case "swamp":
            return game_t(locale, "tribes", "render.terrain-swamp")
        case "mountain":
            return game_t(locale, "tribes", "render.terrain-mountain")
        case "marsh":
            return game_t(locale, "tribes", "render.terrain-marsh")
    return terrain


def _design(card: dict[str, Any]) -> catalogue.Card | None:
    try:
        return catalogue.card_of(str(card.get("id", "")))
    except KeyError:
        return None


def card_effect(card: dict[str, Any], locale: Locale = ENGLISH) -> str:
    """What a card in hand does, in a few words in `locale` (from the card catalogue; its kind if unknown)."""
    design = _design(card)
    kind = design.kind if design else str(card.get("kind", ""))
    if design is not None and kind == catalogue.WEAPON:
        parts = [f"+{num(locale, v)} {_terrain(terrain, locale)}" for terrain, v in design.bonus.items() if v]
        return game_t(locale, "tribes", "render.effect-weapon", bonuses=named.joined(locale, parts))
    if kind == catalogue.SIEGE:
        bonus = design.siege if design else 2
        return game_t(locale, "tribes", "render.effect-siege", bonus=num(locale, bonus))
    if kind == catalogue.GAG:
        return _gag_effect(design.id if design else "", locale)
    return _kind_effect(kind, locale)


def _weapon_chips(card: dict[str, Any]) -> list[tuple[str, int]]:
    design = _design(card)
    if design is None or design.kind != catalogue.WEAPON:
        return []
    return [(t, v) for t, v in design.bonus.items() if v]


CARD_INNER = WIDTH - 2 * PAD - 2 * CARD_PAD - 12


def _card_lines(card: dict[str, Any], locale: Locale = ENGLISH) -> list[str]:
    return wrap(card_effect(card, locale), TEXT, CARD_INNER)


def card_height(card: dict[str, Any], locale: Locale = ENGLISH) -> int:
    """Height of one card row: its name line, then its effect (in `locale`) wrapped."""
    return CARD_PAD + 30 + len(_card_lines(card, locale)) * line_height(TEXT) + CARD_PAD


def _bills_per_row() -> int:
    return (POST_W - 2 * CARD_PAD + BILL_GAP) // (BILL_W + BILL_GAP)


def _post_height(bills: list[int]) -> int:
    rows = max(1, -(-len(bills) // _bills_per_row()))
    return POST_HEAD + rows * (BILL_H + BILL_GAP) + CARD_PAD


def _posts(you: dict[str, Any]) -> dict[str, list[int]]:
    raw = you.get("posts") or {}
    return {p: [int(b) for b in raw.get(p) or []] for p in POSTS}


def _draft_lines(view: dict[str, Any], locale: Locale) -> list[str]:
    out: list[str] = []
    for line in [line for line in draft_lines(view, locale) if line]:
        out += wrap("• " + line, TEXT, WIDTH - 2 * PAD)
    return out


def picture_height(view: dict[str, Any], locale: Locale = ENGLISH) -> int:
    """Height of the private picture for this view in `locale`."""
    you = view.get("you") or {}
    posts = _posts(you)
    rows = [max(_post_height(posts[a]), _post_height(posts[b])) for a, b in (POSTS[:2], POSTS[2:])]
    hand = list(you.get("hand") or [])
    height = HEADER_H + PURSE_H + SECTION_HEAD + sum(h + PAD for h in rows)
    height += SECTION_HEAD + (sum(card_height(c, locale) + 8 for c in hand) if hand else line_height(TEXT) + 8)
    draft = _draft_lines(view, locale)
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


def _post(cv: Canvas, x: int, y: int, height: int, post: str, bills: list[int], locale: Locale) -> None:
    cv.rounded((x, y, x + POST_W, y + height), 8, BOX_BG, EDGE, 2)
    total = sum(bills)
    cv.text((x + CARD_PAD, y + 8), post_name(post, locale), SUB, INK, BOX_BG, max_width=POST_W - 2 * CARD_PAD - 80)
    if bills:
        summary = game_t(locale, "tribes", "render.gold", gold=num(locale, total))
    else:
        summary = game_t(locale, "tribes", "render.post-empty")
    cv.text((x + POST_W - CARD_PAD, y + 10), summary, TEXT, INK if bills else MUTED, BOX_BG, anchor="ra")
    per_row = _bills_per_row()
    for i, value in enumerate(bills):
        bx = x + CARD_PAD + (i % per_row) * (BILL_W + BILL_GAP)
        by = y + POST_HEAD + (i // per_row) * (BILL_H + BILL_GAP)
        _bill(cv, bx, by, value)


def _card(cv: Canvas, y: int, card: dict[str, Any], locale: Locale) -> int:
    height = card_height(card, locale)
    x0, x1 = PAD, WIDTH - PAD
    design = _design(card)
    kind = design.kind if design else str(card.get("kind", ""))
    stripe = KIND_COLOURS.get(kind, (120, 120, 120))
    cv.rounded((x0, y, x1, y + height), 8, BOX_BG, EDGE, 2)
    cv.rounded((x0 + 3, y + 3, x0 + 12, y + height - 3), 3, stripe)
    tx = x0 + 12 + CARD_PAD
    name = card_name(card, locale)
    w = cv.text((tx, y + CARD_PAD), name, CARD_NAME, INK, BOX_BG, max_width=360)
    kx = tx + w + 14
    label = kind_word(kind, locale)
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
    for line in _card_lines(card, locale):
        cv.text((tx, ly), line, TEXT, MUTED, BOX_BG)
        ly += line_height(TEXT)
    return height


def card_name(card: dict[str, Any], locale: Locale = ENGLISH) -> str:
    """A card in hand's name in `locale` (the view's word for a design the catalog lacks)."""
    design = _design(card)
    shown = card.get("name") or (design.name if design else None)
    if design is None or (shown and shown != design.name):
        return str(shown or game_t(locale, "tribes", "render.a-card"))
    return named.card(locale, design.id, design.name)


def render(view: dict[str, Any], locale: Locale = ENGLISH) -> bytes:
    """PNG of the player's secrets in `locale`: purse, zero bills, posts with bills, hand, draft."""
    you = view.get("you") or {}
    player = int(you.get("player", -1))
    seat = _own_seat(view, player)
    cv = _background(picture_height(view, locale)).canvas()

    style = tribe_style(str(seat.get("tribe", "?")), seat.get("colour"))
    cv.shape(style.shape, PAD + 14, 30, 14, style.colour, style.outline, 2)
    if seat.get("name"):
        tribe = tribe_names(view, locale).get(player) or str(seat.get("name"))
    else:
        tribe = game_t(locale, "tribes", "render.your-tribe")
    cv.text(
        (PAD + 38, 14),
        game_t(locale, "tribes", "render.secrets-title", tribe=tribe),
        TITLE,
        INK,
        PAPER,
        max_width=WIDTH - 2 * PAD - 38,
    )
    phase = phase_line(view, locale)
    only = game_t(locale, "tribes", "render.only-you")
    sub = (phase + " · " if phase else "") + only
    cv.text((PAD, 56), sub, TEXT, MUTED, PAPER, max_width=WIDTH - 2 * PAD)

    y = HEADER_H
    purse = int(you.get("purse") or 0)
    zeros = int(you.get("zeros") or 0)
    cv.rounded((PAD, y, WIDTH - PAD, y + PURSE_H - 10), 8, BOX_BG, EDGE, 2)
    purse_text = game_t(locale, "tribes", "render.purse", gold=num(locale, purse))
    cv.text((PAD + CARD_PAD, y + (PURSE_H - 10) / 2), purse_text, SUB, INK, BOX_BG, anchor="lm")
    zx = WIDTH - PAD - CARD_PAD - 3 * (BILL_W + BILL_GAP)
    bluffs = game_t(locale, "tribes", "render.bluffs-in-hand")
    cv.text((zx - 12, y + (PURSE_H - 10) / 2), bluffs, TEXT, INK, BOX_BG, anchor="rm")
    for i in range(zeros):
        _bill(cv, zx + i * (BILL_W + BILL_GAP), y + 7, 0)
    if zeros == 0:
        cv.text(
            (zx, y + (PURSE_H - 10) / 2),
            game_t(locale, "tribes", "render.bluffs-none"),
            TEXT,
            MUTED,
            BOX_BG,
            anchor="lm",
        )
    y += PURSE_H

    posts = _posts(you)
    cv.text((PAD, y + 8), game_t(locale, "tribes", "render.your-posts"), SUB, INK, PAPER, max_width=WIDTH - 2 * PAD)
    y += SECTION_HEAD
    for pair in (POSTS[:2], POSTS[2:]):
        h = max(_post_height(posts[p]) for p in pair)
        for j, post in enumerate(pair):
            _post(cv, PAD + j * (POST_W + PAD), y, h, post, posts[post], locale)
        y += h + PAD

    hand = list(you.get("hand") or [])
    cv.text((PAD, y + 8), game_t(locale, "tribes", "render.your-cards", count=num(locale, len(hand))), SUB, INK, PAPER)
    y += SECTION_HEAD
    if not hand:
        cv.text((PAD, y), game_t(locale, "tribes", "render.no-card"), TEXT, MUTED, PAPER)
        y += line_height(TEXT) + 8
    for card in hand:
        y += _card(cv, y, card, locale) + 8

    draft = _draft_lines(view, locale)
    if draft:
        cv.text((PAD, y + 8), game_t(locale, "tribes", "render.your-order"), SUB, HIGHLIGHT, PAPER)
        y += SECTION_HEAD
        for line in draft:
            cv.text((PAD, y), line, TEXT, HIGHLIGHT, PAPER)
            y += line_height(TEXT)
    return cv.png()
