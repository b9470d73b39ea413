"""Alt text of the Associates pictures in a language: one sentence each, the board's of public facts only."""

from __future__ import annotations

from typing import Any

from i18n import ENGLISH, Locale, game_t, t
from render.associates import names as named
from render.associates.events import event_text
from render.associates.private_view import card_name
from render.associates.words import (
    a_player,
    capitalised,
    joined,
    lowered,
    outcome_text,
    phase_text,
    player_facing,
    seat_names,
)


def _sentence(parts: list[str], locale: Locale) -> str:
    text = t(locale, "list.semicolon").join(p.rstrip(".") for p in parts if p)
    return capitalised(text) + "."


def describe_board(view: dict[str, Any], locale: Locale = ENGLISH) -> str:
    """The zone map and the guild table in `locale`: turn, phase, each guild's gold points, who acts, the last
    event or result."""
    phase = str(view.get("phase", ""))
    turn = view.get("turn")
    said = phase_text(locale, phase)
    # The phase's name inside the sentence, as the sentence has always said it: in lower case.
    words = lowered(said) if said != phase else phase.lower()
    if turn:
        cap = view.get("turn_cap", "?")
        head = game_t(locale, "associates", "render.alt-map-turn", turn=turn, cap=cap, phase=words)
    else:
        head = game_t(locale, "associates", "render.alt-map", phase=words)
    names = seat_names(view, locale)
    scores = view.get("scores") or {}
    guilds = []
    for i, g in enumerate(view.get("guilds") or []):
        if g.get("title"):
            who = capitalised(names.get(int(g.get("seat", i)), a_player(locale)))
            gold = game_t(locale, "associates", "count.gold", n=int(scores.get(str(g.get("seat", i)), 0)))
            guilds.append(f"{who} {gold}")
    parts = [head, game_t(locale, "associates", "render.alt-gold", guilds=joined(locale, guilds)) if guilds else ""]
    active = view.get("active") or {}
    figurine = next((f for f in view.get("figurines") or [] if f.get("id") == active.get("figurine")), None)
    if figurine and figurine.get("name") and phase != "over":
        left = int(active.get("actions_left") or 0)
        who = named.figurine(locale, figurine.get("id"), str(figurine.get("name")))
        parts.append(game_t(locale, "associates", "render.alt-acting", n=left, figurine=who))
    last = [player_facing(event_text(e, view, locale), view) for e in view.get("last") or [] if e.get("text")]
    if view.get("outcome"):
        parts.append(outcome_text(view, locale))
    elif last:
        parts.append(game_t(locale, "associates", "render.alt-last", event=last[-1]))
    return _sentence(parts, locale)


def describe_private(view: dict[str, Any], locale: Locale = ENGLISH) -> str:
    """The player's hand in `locale`: how many cards and their names, and the cards just drawn."""
    a_card = game_t(locale, "associates", "render.a-card")
    hand = [card_name(c, locale) if c.get("name") else a_card for c in view.get("hand") or []]
    if not hand:
        parts = [game_t(locale, "associates", "render.alt-hand-empty")]
    else:
        parts = [game_t(locale, "associates", "render.alt-hand", n=len(hand), cards=joined(locale, hand))]
    drawn = [card_name(c, locale) if c.get("name") else a_card for c in view.get("drawn") or []]
    if drawn:
        parts.append(game_t(locale, "associates", "render.alt-drawn", cards=joined(locale, drawn)))
    if view.get("draft"):
        parts.append(game_t(locale, "associates", "render.alt-draft-open"))
    return _sentence(parts, locale)


def describe_panel(board: str, mine: str, locale: Locale = ENGLISH) -> str:
    """The "Take my turn" picture in `locale`: the board's sentence (`board`), then the player's own (`mine`)."""
    lowered = mine[:1].lower() + mine[1:]
    return game_t(locale, "associates", "render.alt-below", board=board.rstrip("."), mine=lowered)
