"""Alt text of the Vendetta pictures in a language: one sentence each, the board's of public facts only."""

from __future__ import annotations

from typing import Any

from i18n import ENGLISH, Locale, game_t
from render.vendetta import names as named
from render.vendetta.layout import lowered, phase_text
from render.vendetta.seats import seat_name
from render.vendetta.words import combat_text, last_move_text, outcome_text


def _sentence(parts: list[str]) -> str:
    text = "; ".join(p.rstrip(".") for p in parts if p)
    return text[:1].upper() + text[1:] + "."


def describe_board(view: dict[str, Any], locale: Locale = ENGLISH) -> str:
    """The garden map and its score table in `locale`: round, phase, each clan's gnomes on the map, the last move
    or result."""
    phase = str(view.get("phase", ""))
    rnd, limit = view.get("round"), view.get("round_limit")
    # The whole phase name in lower case, as the sentence has always said it.
    words = phase_text(locale, phase).lower()
    if rnd:
        head = game_t(locale, "vendetta", "render.alt-map-round", round=rnd, limit=limit, phase=words)
    else:
        head = game_t(locale, "vendetta", "render.alt-map", phase=words)
    clans = [f"{seat_name(s, locale)} {int(s.get('on_board') or 0)}" for s in view.get("seats") or []]
    gnomes = game_t(locale, "vendetta", "render.alt-gnomes", clans=", ".join(clans)) if clans else ""
    parts = [head, gnomes]
    parts.append(outcome_text(view, locale) or combat_text(view, locale) or last_move_text(view, locale))
    return _sentence(parts)


def describe_private(view: dict[str, Any], locale: Locale = ENGLISH) -> str:
    """The player's objective cards in `locale`: the ones kept with whether each is done, or the ones offered to
    choose from."""
    me = view.get("me") or {}
    parts = []
    for clan in me.get("clans") or []:
        checklist = (me.get("checklist") or {}).get(clan) or []
        offered = (me.get("offered") or {}).get(clan) or []
        if checklist:
            cards = ", ".join(_checked(locale, c) for c in checklist)
            parts.append(game_t(locale, "vendetta", "render.alt-kept", clan=clan_name(view, clan, locale), cards=cards))
        elif offered:
            cards = ", ".join(named.card(locale, c) for c in offered)
            said = game_t(locale, "vendetta", "render.alt-offered", clan=clan_name(view, clan, locale), cards=cards)
            parts.append(said)
    return _sentence(parts or [game_t(locale, "vendetta", "render.alt-no-objectives")])


def _checked(locale: Locale, card: dict[str, Any]) -> str:
    """A kept card and whether it is done: "Home Harvest (done)"."""
    if card.get("complete"):
        return game_t(locale, "vendetta", "render.alt-card-done", card=named.card(locale, card))
    return game_t(locale, "vendetta", "render.alt-card-not-yet", card=named.card(locale, card))


def clan_name(view: dict[str, Any], clan: str, locale: Locale = ENGLISH) -> str:
    """A clan's name in `locale` (for a clan the catalog lacks, as the view's seats give it)."""
    shown = next((str(s.get("name")) for s in view.get("seats") or [] if s.get("clan") == clan and s.get("name")), clan)
    return named.clan(locale, clan, shown)


def describe_panel(board: str, mine: str, locale: Locale = ENGLISH) -> str:
    """The "Take my turn" picture in `locale`: the board's sentence (`board`), then the player's own (`mine`)."""
    return game_t(locale, "vendetta", "render.alt-below", board=board.rstrip("."), mine=lowered(mine))
