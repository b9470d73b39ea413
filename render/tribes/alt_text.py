"""Alt text of the Gnome Tribes pictures: one sentence each, the board's of public facts only.

Each takes the reader's `locale` and, until this game's words are in its catalog, says it in English.
"""

from __future__ import annotations

from typing import Any

from i18n import ENGLISH, Locale
from render.tribes.words import battle_text, winners_text

POST_NAMES = ("research", "espionage", "assassination", "guards")


def _sentence(parts: list[str]) -> str:
    text = "; ".join(p.rstrip(".") for p in parts if p)
    return text[:1].upper() + text[1:] + "."


def describe_board(view: dict[str, Any], locale: Locale = ENGLISH) -> str:
    """The map and the tribe table: turn and phase, each tribe's points, armies and lands, the result or last attack."""
    label = str(view.get("phase_label") or f"turn {view.get('turn', '?')}")
    tribes = [
        f"{s.get('name')} {int(s.get('vp') or 0)} points, {int(s.get('armies') or 0)} armies on "
        f"{int(s.get('territories') or 0)} lands"
        for s in view.get("seats") or []
        if s.get("name")
    ]
    parts = [f"Gnome Tribes map with the tribes' armies, {label}", "; ".join(tribes)]
    parts.append(winners_text(view) or battle_text(view))
    return _sentence(parts)


def describe_private(view: dict[str, Any], locale: Locale = ENGLISH) -> str:
    """The player's secrets: purse, zero bills, the bills on each post, the cards in hand and the open order."""
    you = view.get("you") or {}
    zeros = int(you.get("zeros") or 0)
    bluffs = f"{zeros} bluff bill{'' if zeros == 1 else 's'} (0 GG)"
    parts = [f"your purse holds {int(you.get('purse') or 0)} GG and {bluffs}"]
    posts = you.get("posts") or {}
    on_posts = [f"{name} {sum(int(b) for b in posts.get(name) or [])} GG" for name in POST_NAMES if posts.get(name)]
    parts.append("on your posts: " + ", ".join(on_posts) if on_posts else "no bill on your posts")
    hand = [str(c.get("name") or "a card") for c in you.get("hand") or []]
    parts.append(f"your cards: {', '.join(hand)}" if hand else "no card in hand")
    # The draft lines are sentences of their own: here they become clauses of the one sentence.
    parts += [str(line).rstrip(".").replace(". ", "; ") for line in you.get("draft") or [] if str(line)]
    return _sentence(parts)
