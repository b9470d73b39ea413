"""Gnome Tribes: the board picture's sentences, made from the public view only.

Tribes are named by their names ("the Plains Gnomes"), territories by theirs, goals by
the goal table; never by an engine identifier.
"""

from __future__ import annotations

from typing import Any

from render.common import readable
from render.tribes.style import GOAL_NAMES, POST_NAMES, POSTS, geometry


def place(tid: Any) -> str:
    """A territory's name."""
    t = geometry().territories.get(str(tid))
    return t.name if t else readable(str(tid))


def in_sentence(text: str) -> str:
    """An engine result sentence ("Nothing happens") continued inside ours ("nothing happens").

    A sentence opening with a territory's name keeps its capital ("The Forest taken by …").
    """
    text = text.strip().rstrip(".")
    if not text or any(text.startswith(t.name) for t in geometry().territories.values()):
        return text
    return text[:1].lower() + text[1:]


def tribe_names(view: dict[str, Any]) -> dict[int, str]:
    """Player index -> tribe name, from the seats (the factions map as a fallback)."""
    out: dict[int, str] = {}
    for p, name in (view.get("factions") or {}).items():
        out[int(p)] = str(name)
    for seat in view.get("seats") or []:
        out[int(seat.get("player", -1))] = str(seat.get("name") or readable(str(seat.get("tribe", "?"))))
    return out


def who(view: dict[str, Any], player: Any) -> str:
    """The tribe name of `player` ("the other tribe" if the view does not know it)."""
    if player is None:
        return "nobody"
    return tribe_names(view).get(int(player), "another tribe")


def goal_name(goal: Any) -> str:
    """A goal number (or its name) as the goal's name."""
    try:
        return GOAL_NAMES.get(int(goal), str(goal))
    except (TypeError, ValueError):
        return str(goal)


def status_line(view: dict[str, Any]) -> str:
    """The deck, Gnompax and countdown in one line."""
    parts = [f"Deck: {int(view.get('deck_size') or 0)} cards"]
    pax = view.get("gnompax") or {}
    if pax.get("out"):
        turn = pax.get("turn")
        how = "forced out" if pax.get("forced") else "out"
        parts.append(f"Gnompax {how}" + (f" in turn {turn}" if turn else ""))
        if view.get("goal") is not None or view.get("goal_name"):
            parts.append("goal: " + str(view.get("goal_name") or goal_name(view.get("goal"))))
        left = view.get("turns_left")
        if left is not None and not view.get("winners"):
            parts.append("last turn" if int(left) <= 1 else f"{int(left)} turns left")
    else:
        parts.append("Gnompax not out yet")
    return " · ".join(parts)


def bills_line(seat: dict[str, Any]) -> str:
    """A seat's bill counts per post, in words."""
    bills = seat.get("bills") or {}
    return " · ".join(f"{POST_NAMES[p]} {int(bills.get(p) or 0)}" for p in POSTS)


_MODES = {"ground": "", "portal": " through a portal"}


def attack_text(view: dict[str, Any], attack: dict[str, Any]) -> str:
    """One planned attack in words, with its result once resolved."""
    n = int(attack.get("armies") or 0)
    mode = str(attack.get("mode") or "ground")
    how = _MODES.get(mode)
    if how is None:  # an airborne attack names its card
        how = f" by {attack.get('card_name') or 'air'}"
    armies = "1 army" if n == 1 else f"{n} armies"
    text = f"{place(attack.get('source'))} → {place(attack.get('target'))}, {armies}{how}"
    result = in_sentence(str(attack.get("result") or ""))
    if result:
        text += f" ({result})"
    elif attack.get("void"):
        text += " (void)"
    return text


def _support_parts(view: dict[str, Any], supports: list[dict[str, Any]]) -> list[str]:
    by_id = {a.get("id"): a for a in (view.get("war") or {}).get("attacks") or []}
    parts = []
    for s in supports:
        target = (by_id.get(s.get("attack")) or {}).get("target")
        parts.append(f"{int(s.get('count') or 0)} from {place(s.get('territory'))} for {place(target)}")
    return parts


def plan_text(view: dict[str, Any]) -> str:
    """The current invasion plan: its attacks, supports, the defence, airlifts and cards shot down."""
    war = view.get("war") or {}
    if not war:
        return ""
    attacker = who(view, war.get("active"))
    attacks = war.get("attacks") or []
    if not attacks:
        return f"War step of the {attacker}: no attack planned yet."
    text = f"War plan of the {attacker}: " + "; ".join(attack_text(view, a) for a in attacks) + "."
    supports = _support_parts(view, war.get("supports") or [])
    if supports:
        text += " Support: " + "; ".join(supports) + "."
    defence = _support_parts(view, war.get("defence") or [])
    if defence:
        text += " Defence support: " + "; ".join(defence) + "."
    lifts = []
    for lift in war.get("airlifts") or []:
        part = _support_parts(view, [lift])[0] + f" by {lift.get('card_name') or 'air'}"
        lifts.append(f"{who(view, lift.get('player'))} {part}" + (" (shot down)" if lift.get("cancelled") else ""))
    if lifts:
        text += " Airlifts: " + "; ".join(lifts) + "."
    cancelled = war.get("cancelled") or []
    if cancelled:
        text += " Shot down by Gnomflak: " + ", ".join(str(c) for c in cancelled) + "."
    return text


def cards_text(view: dict[str, Any]) -> str:
    """The battle cards played in this war step, once revealed."""
    played = (view.get("war") or {}).get("cards_played")
    if not played:
        return ""
    parts = []
    for p, names in played.items():
        cards = ", ".join(str(n) for n in names) if names else "none"
        parts.append(f"{who(view, p)}: {cards}")
    return "Battle cards: " + "; ".join(parts) + "."


def battle_text(view: dict[str, Any]) -> str:
    """The last attack: who, from where, against what, the strengths, the supports, and its result."""
    last = view.get("last_battle")
    if not last:
        return ""
    text = f"Last attack: the {who(view, last.get('attacker'))} from {place(last.get('source'))}"
    text += f" on {place(last.get('target'))}"
    if last.get("defender") is not None:
        text += f" (the {who(view, last.get('defender'))})"
    if last.get("att") or last.get("dfn"):
        text += f", strength {int(last.get('att') or 0)} against {int(last.get('dfn') or 0)}"
    for key, words in (("supports", "support"), ("defence_supports", "defence support"), ("airlifts", "airlifts")):
        places = last.get(key) or []
        if places:
            text += f"; {words} from " + ", ".join(place(t) for t in places)
    result = in_sentence(str(last.get("result") or ""))
    return text + (f": {result}" if result else "") + "."


def vote_text(view: dict[str, Any]) -> str:
    """The goal vote so far: each ballot in voting order, and its result."""
    vote = view.get("vote")
    if not vote:
        return ""
    parts = []
    for b in vote.get("ballots") or []:
        goal = b.get("goal")
        named = goal_name(goal) if goal is not None else "no goal"
        votes = int(b.get("votes") or 0)
        parts.append(f"{who(view, b.get('player'))}: {named}, {votes} vote{'' if votes == 1 else 's'}")
    head = "Goal re-vote" if vote.get("revote") else "Goal vote"
    text = f"{head}: " + ("; ".join(parts) if parts else "nobody has voted yet")
    if vote.get("result") is not None:
        text += f". Result: {goal_name(vote.get('result'))}"
    return text + "."


def winners_text(view: dict[str, Any]) -> str:
    """The winners of a finished game, with the goal that decided it."""
    winners = view.get("winners")
    if not winners:
        return ""
    names = " and ".join(f"the {who(view, p)}" for p in winners)
    head = "Winners: " if len(winners) > 1 else "Winner: "
    goal = view.get("goal_name") or (goal_name(view.get("goal")) if view.get("goal") is not None else "")
    return head + names + (f" ({goal})" if goal else "") + "."


def revealed_text(view: dict[str, Any]) -> str:
    """At the end, every tribe's wealth (purse plus the bills on its posts), revealed for the goal (§12.4)."""
    revealed = view.get("revealed") or {}
    parts = []
    for p, secrets in revealed.items():
        posts = secrets.get("posts") or {}
        wealth = int(secrets.get("purse") or 0) + sum(int(b) for bills in posts.values() for b in bills or [])
        parts.append((wealth, f"{who(view, p)} {wealth} GG"))
    if not parts:
        return ""
    return "Wealth (purse and posts): " + ", ".join(text for _, text in sorted(parts, key=lambda x: -x[0])) + "."
