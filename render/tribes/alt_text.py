"""Alt text of the Gnome Tribes pictures in a language: one sentence each, the board's of public facts only.

Every word comes from the game's catalog in the reader's `locale` (the lines of the decision being drafted from the
phrases the view gives with them).
"""

from __future__ import annotations

from typing import Any

from i18n import ENGLISH, Locale, game_t
from render.tribes import names as named
from render.tribes.style import POSTS
from render.tribes.words import battle_text, draft_lines, num, phase_line, post_name, tribe_names, winners_text


def _sentence(parts: list[str], locale: Locale) -> str:
    text = named.joined(locale, [p.rstrip(".") for p in parts if p], "semicolon")
    return text[:1].upper() + text[1:] + "."


def describe_board(view: dict[str, Any], locale: Locale = ENGLISH) -> str:
    """The map and the tribe table: turn and phase, each tribe's points, armies and lands, the result or last attack."""
    label = phase_line(view, locale) or game_t(locale, "tribes", "render.alt-turn", turn=str(view.get("turn", "?")))
    names = tribe_names(view, locale)
    tribes = [
        game_t(
            locale,
            "tribes",
            "render.alt-tribe",
            tribe=names.get(int(s.get("player", -1))) or str(s.get("name")),
            vp=num(locale, s.get("vp")),
            armies=game_t(locale, "tribes", "render.alt-armies", n=int(s.get("armies") or 0)),
            lands=game_t(locale, "tribes", "render.alt-lands", n=int(s.get("territories") or 0)),
        )
        for s in view.get("seats") or []
        if s.get("name")
    ]
    parts = [game_t(locale, "tribes", "render.alt-map", phase=label), named.joined(locale, tribes, "semicolon")]
    parts.append(winners_text(view, locale) or battle_text(view, locale))
    return _sentence(parts, locale)


def describe_private(view: dict[str, Any], locale: Locale = ENGLISH) -> str:
    """The player's secrets: purse, zero bills, the bills on each post, the cards in hand and the open order."""
    from render.tribes.private_view import card_name  # the picture's module reads this one's words

    you = view.get("you") or {}
    zeros = int(you.get("zeros") or 0)
    bluffs = game_t(locale, "tribes", "render.alt-bluffs", n=zeros)
    parts = [game_t(locale, "tribes", "render.alt-purse", gold=num(locale, you.get("purse")), bluffs=bluffs)]
    posts = you.get("posts") or {}
    on_posts = [
        game_t(
            locale,
            "tribes",
            "render.alt-post",
            post=post_name(name, locale).lower(),
            gold=num(locale, sum(int(b) for b in posts.get(name) or [])),
        )
        for name in POSTS
        if posts.get(name)
    ]
    if on_posts:
        parts.append(game_t(locale, "tribes", "render.alt-posts", posts=named.joined(locale, on_posts)))
    else:
        parts.append(game_t(locale, "tribes", "render.alt-no-bill"))
    hand = [
        card_name(c, locale) if c.get("name") else game_t(locale, "tribes", "render.alt-a-card")
        for c in you.get("hand") or []
    ]
    if hand:
        parts.append(game_t(locale, "tribes", "render.alt-cards", cards=named.joined(locale, hand)))
    else:
        parts.append(game_t(locale, "tribes", "render.alt-no-card"))
    # The draft lines are sentences of their own: here they become clauses of the one sentence.
    parts += [line.rstrip(".").replace(". ", "; ") for line in draft_lines(view, locale) if line]
    return _sentence(parts, locale)


def describe_panel(board: str, mine: str, locale: Locale = ENGLISH) -> str:
    """The "Take my turn" picture in `locale`: the board's sentence (`board`), then the player's own (`mine`)."""
    lowered = mine[:1].lower() + mine[1:]
    return game_t(locale, "tribes", "render.alt-below", board=board.rstrip("."), mine=lowered)
