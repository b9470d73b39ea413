"""Gnomes & Associates: one player's private picture.

The hand as cards (name, banner colour and its meaning, effect text), the cards
picked in an open draft (cards to keep, Sprints and reactions chosen, theft
picks) and the cards of the last draw, marked "new", in the reader's language.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from PIL import Image

from i18n import ENGLISH, Locale, game_t
from render.associates import names as named
from render.associates.style import guild_style
from render.associates.words import joined, lowered, phase_text
from render.common import HIGHLIGHT, INK, MUTED, PAPER, RGB, Canvas, Layer, ink_on, line_height, readable, wrap

WIDTH = 800
PAD = 14
CARD_W = (WIDTH - 3 * PAD) // 2
BANNER_H = 38
CARD_BG: RGB = (255, 255, 255)
TEXT = 20  # the phone-readable minimum: every line but the title
TITLE = 26
TEXT_W = CARD_W - 24

# Banner colours (Okabe-Ito where a hue is needed); what each banner means is said in words (banner_meaning),
# so the banner is never told by colour alone.
BANNERS: dict[str, RGB] = {
    "white": (236, 232, 222),
    "red": (213, 94, 0),
    "violet": (204, 121, 167),
    "blue": (0, 114, 178),
}


def banner_meaning(locale: Locale, banner: str) -> str:
    """What a card's banner colour means ("one action"); an unknown banner's word as the view gives it."""
    # One literal id per banner, so that the catalog check sees every one.
    if banner == "white":
        return game_t(locale, "associates", "render.banner-white")
    if banner == "red":
        return game_t(locale, "associates", "render.banner-red")
    if banner == "violet":
        return game_t(locale, "associates", "render.banner-violet")
    if banner == "blue":
        return game_t(locale, "associates", "render.banner-blue")
    return banner


def card_name(card: dict[str, Any], locale: Locale = ENGLISH) -> str:
    """A hand card's name in `locale` (its type's name in the catalog, when that is the view's word)."""
    shown = card.get("name")
    return named.card(locale, card.get("type"), str(shown)) if shown else readable(str(card.get("id", "?")))


def _names(view: dict[str, Any], locale: Locale = ENGLISH) -> dict[str, str]:
    """Player-facing names in `locale` of the identifiers a draft may hold: cards, figurines, zones."""
    names = {str(c.get("id")): card_name(c, locale) for c in view.get("hand") or [] if c.get("name")}
    names.update({str(f.get("id")): named.figurine(locale, f.get("id"), str(f.get("name")))
                  for f in view.get("figurines") or [] if f.get("name")})
    names.update({str(z.get("id")): named.zone(locale, z.get("id"), str(z.get("name")))
                  for z in view.get("zones") or [] if z.get("name")})
    return names


def _kind(locale: Locale, kind: str) -> str:
    """The name of the kind of action being built ("Combat"); the id made readable for another."""
    # One literal id per kind, so that the catalog check sees every one.
    if kind == "move":
        return game_t(locale, "associates", "render.kind-move")
    if kind == "combat":
        return game_t(locale, "associates", "render.kind-combat")
    if kind == "theft":
        return game_t(locale, "associates", "render.kind-theft")
    if kind == "craft":
        return game_t(locale, "associates", "render.kind-craft")
    if kind == "transfer":
        return game_t(locale, "associates", "render.kind-transfer")
    if kind == "improv":
        return game_t(locale, "associates", "render.kind-improv")
    if kind == "zone":
        return game_t(locale, "associates", "render.kind-zone")
    if kind == "fig":
        return game_t(locale, "associates", "render.kind-fig")
    return readable(kind)


def _draft_ids(draft: dict[str, Any] | None, names: dict[str, str],
               locale: Locale = ENGLISH) -> tuple[set[str], list[str]]:
    """Card ids picked in the open draft, and the draft in words in `locale` (identifiers shown by name)."""
    if not draft:
        return set(), []

    def name(x: str) -> str:
        return names.get(x) or readable(x)

    picked: set[str] = set()
    lines: list[str] = []
    if "keep" in draft:
        picked |= set(draft.get("keep") or [])
        if draft.get("keep_done"):
            state = game_t(locale, "associates", "render.keep-done")
        else:
            state = game_t(locale, "associates", "render.keep-choosing")
        kept = len(draft.get("keep") or [])
        lines.append(game_t(locale, "associates", "render.keeping", kept=kept, state=state))
    activation = draft.get("activation")
    if activation:
        steps = [str(s) for s in activation.get("steps") or []]
        picked |= {s for s in steps if s.startswith("c-")}
        said = " → ".join(name(s) for s in steps) or game_t(locale, "associates", "private.nothing-yet")
        kind = str(activation.get("kind") or "")
        if kind:
            lines.append(game_t(locale, "associates", "render.building", kind=_kind(locale, kind), steps=said))
        else:
            lines.append(game_t(locale, "associates", "render.building-action", steps=said))
    if draft.get("picks"):
        picks = [str(p) for p in draft["picks"]]
        picked |= {p for p in picks if p.startswith("c-")}
        lines.append(game_t(locale, "associates", "render.picked", picks=joined(locale, [name(p) for p in picks])))
    return picked, lines


@lru_cache(maxsize=32)
def _background(height: int) -> Layer:
    return Layer(Image.new("RGB", (WIDTH, height), PAPER))


def _card_lines(card: dict[str, Any], locale: Locale = ENGLISH) -> list[str]:
    text = named.card_text(locale, card.get("type"), str(card.get("text", "")))
    return wrap(text, TEXT, TEXT_W)


def card_height(card: dict[str, Any], locale: Locale = ENGLISH) -> int:
    """Height of a hand card: banner, its whole text in `locale`, and the tag line."""
    return BANNER_H + 8 + len(_card_lines(card, locale)) * line_height(TEXT) + 4 + line_height(TEXT) + 6


def is_empty(view: dict[str, Any]) -> bool:
    """Whether the picture would hold no card at all: no hand, no open draft, no last draw."""
    _, draft_lines = _draft_ids(view.get("draft"), _names(view))
    return not (view.get("hand") or view.get("drawn") or draft_lines)


def _phase(locale: Locale, phase: str) -> str:
    """A phase's name inside the info line ("activations"); an unknown one's id made readable, in lower case."""
    said = phase_text(locale, phase)
    return lowered(said) if said != phase else readable(phase).lower()


def render(view: dict[str, Any], locale: Locale = ENGLISH) -> bytes:
    """PNG of the player's hand, draft and last draw in `locale`."""
    hand = list(view.get("hand") or [])
    drawn = {c.get("id") for c in view.get("drawn") or []}
    picked, draft_lines = _draft_ids(view.get("draft"), _names(view, locale), locale)
    me = view.get("me", {}).get("player") if isinstance(view.get("me"), dict) else None
    seat = _my_seat(view, me)
    title = game_t(locale, "associates", "render.your-hand", n=len(hand))
    if seat and seat.get("title"):
        title = f"{named.guild(locale, seat.get('guild'), str(seat.get('title')))} · " + title
    phase = str(view.get("phase", ""))
    turn = view.get("turn", view.get("round", 0))
    info = game_t(locale, "associates", "render.turn-info", turn=turn, phase=_phase(locale, phase))
    if seat and seat.get("guild"):
        info += " · " + game_t(locale, "associates", "render.info-deck", deck=seat.get("deck_size", 0))
        threshold = seat.get("threshold")
        done = f"{seat.get('objectives', 0)}" + (f"/{threshold}" if threshold else "")
        info += " · " + game_t(locale, "associates", "render.info-objectives", objectives=done)
    info_lines = [*wrap(info, TEXT, WIDTH - 2 * PAD), game_t(locale, "associates", "render.secret")]
    draft_wrapped = [line for text in draft_lines for line in wrap(text, TEXT, WIDTH - 2 * PAD)]
    heights = [card_height(c, locale) for c in hand]
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
        cv.text((PAD, y + 10), game_t(locale, "associates", "render.no-cards"), TEXT, MUTED, PAPER)
    for i, h in enumerate(rows if hand else []):
        for j, card in enumerate(hand[2 * i : 2 * i + 2]):
            x = PAD + j * (CARD_W + PAD)
            _card(cv, card, x, y, h, card.get("id") in picked, card.get("id") in drawn, locale)
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


def _card(cv: Canvas, card: dict[str, Any], x: int, y: int, height: int, picked: bool, new: bool,
          locale: Locale = ENGLISH) -> None:
    banner = BANNERS.get(str(card.get("banner")), (180, 180, 180))
    meaning = banner_meaning(locale, str(card.get("banner", "")))
    edge = HIGHLIGHT if picked else (120, 110, 90)
    cv.rounded((x, y, x + CARD_W, y + height), 10, CARD_BG, edge, 5 if picked else 2)
    cv.rounded((x + 3, y + 3, x + CARD_W - 3, y + BANNER_H), 8, banner, (150, 140, 120), 1)
    ink = ink_on(banner)
    mid = y + BANNER_H / 2 + 2
    meaning_w = cv.text((x + CARD_W - 12, mid), meaning, TEXT, ink, banner, anchor="rm")
    name = card_name(card, locale)
    cv.text((x + 12, mid), name, 22, ink, banner, anchor="lm", max_width=CARD_W - 36 - meaning_w)
    for j, line in enumerate(_card_lines(card, locale)):
        cv.text((x + 12, y + BANNER_H + 8 + j * line_height(TEXT)), line, TEXT, INK, CARD_BG)
    tags = []
    if picked:
        tags.append((game_t(locale, "associates", "render.tag-picked"), HIGHLIGHT))
    if new:
        tags.append((game_t(locale, "associates", "render.tag-new"), MUTED))
    tx = x + CARD_W - 12
    for label, colour in tags:
        tx -= cv.text((tx, y + height - 6 - line_height(TEXT)), label, TEXT, colour, CARD_BG, anchor="ra") + 12
