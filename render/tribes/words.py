"""Gnome Tribes: the board picture's sentences, made from the public view only, in a language.

Tribes are named by their names ("the Plains Gnomes"), territories by theirs, goals by the goal table; never by an
engine identifier. Every word comes from the game's catalog (engine/tribes/locales) in the reader's `locale`; the
names through render/tribes/names.py.

The view says a few things in English only: the phase line (`phase_label`), the cards of the war step by their
English names, and the outcome of each attack (`result`). Those are said again from the data they are made of (the
phase, turn and war; the card catalogue; the engine's few outcome sentences, read back by `result_text`); what
cannot be read back is shown as the view says it.
"""

from __future__ import annotations

import re
from functools import cache
from typing import Any

from i18n import ENGLISH, Locale, game_t
from render.common import readable
from render.tribes import names as named
from render.tribes.style import POSTS, geometry

Result = tuple[str, dict[str, Any]]  # an outcome sentence's kind and its parts


def num(locale: Locale, n: Any) -> str:
    """A count as `locale` writes it (0 for a missing one)."""
    return named.number(locale, int(n or 0))


def place(tid: Any, locale: Locale = ENGLISH) -> str:
    """A territory's name in `locale`."""
    return named.place(locale, tid)


def in_sentence(text: str, locale: Locale = ENGLISH) -> str:
    """An outcome sentence ("Nothing happens") continued inside ours ("nothing happens").

    A sentence opening with a territory's name keeps its capital ("The Forest taken by …").
    """
    text = text.strip().rstrip(".")
    if not text or any(text.startswith(place(tid, locale)) for tid in geometry().territories):
        return text
    return text[:1].lower() + text[1:]


def tribe_names(view: dict[str, Any], locale: Locale = ENGLISH) -> dict[int, str]:
    """Player index -> tribe name in `locale`, from the seats (the factions map as a fallback)."""
    out: dict[int, str] = {}
    ids = view.get("tribes") or {}
    for p, name in (view.get("factions") or {}).items():
        out[int(p)] = _tribe(ids.get(str(p)), str(name), locale)
    for seat in view.get("seats") or []:
        tribe = seat.get("tribe")
        out[int(seat.get("player", -1))] = _tribe(tribe, str(seat.get("name") or readable(str(tribe or "?"))), locale)
    return out


def _tribe(tribe: Any, shown: str, locale: Locale) -> str:
    """A tribe's name in `locale`; the view's word (`shown`) when it is not the catalog's English name."""
    if not tribe or named.tribe(ENGLISH, str(tribe)) != shown:
        return shown
    return named.tribe(locale, str(tribe))


def who(view: dict[str, Any], player: Any, locale: Locale = ENGLISH) -> str:
    """The tribe name of `player` ("another tribe" if the view does not know it)."""
    if player is None:
        return game_t(locale, "tribes", "side.nobody")
    found = tribe_names(view, locale).get(int(player))
    return found if found is not None else game_t(locale, "tribes", "render.another-tribe")


def goal_name(goal: Any, locale: Locale = ENGLISH) -> str:
    """A goal number (or its name) as the goal's name in `locale`."""
    try:
        return named.goal(locale, int(goal), str(goal))
    except (TypeError, ValueError):
        return str(goal)


def view_goal(view: dict[str, Any], locale: Locale = ENGLISH) -> str:
    """The goal of the game in `locale` (by its number; the view's `goal_name` when it has none), or ""."""
    if view.get("goal") is not None:
        return goal_name(view.get("goal"), locale)
    return str(view.get("goal_name") or "")


# -- the phase line -------------------------------------------------------------------------------

# The engine's Phase 4 phases (engine/tribes/war): in them, a running war step is named with its tribe.
WAR_STEP_PHASES = frozenset({"plan", "defence", "cards", "flak", "order", "retreat", "move_in", "deploy"})


def _phase_name(phase: str, locale: Locale) -> str:
    """The phase part of the phase line ("Phase 2: investment"), as the engine's phase table names it."""
    # One literal id per phase, so that the catalog check sees every one.
    match phase:
        case "investment":
            return game_t(locale, "tribes", "render.phase-investment")
        case "launch":
            return game_t(locale, "tribes", "render.phase-launch")
        case "exchange":
            return game_t(locale, "tribes", "render.phase-exchange")
        case "vote":
            return game_t(locale, "tribes", "render.phase-vote")
        case "revote":
            return game_t(locale, "tribes", "render.phase-revote")
        case "gnombut":
            return game_t(locale, "tribes", "render.phase-gnombut")
        case "plan":
            return game_t(locale, "tribes", "render.phase-plan")
        case "defence":
            return game_t(locale, "tribes", "render.phase-defence")
        case "cards":
            return game_t(locale, "tribes", "render.phase-cards")
        case "flak":
            return game_t(locale, "tribes", "render.phase-flak")
        case "order":
            return game_t(locale, "tribes", "render.phase-order")
        case "retreat":
            return game_t(locale, "tribes", "render.phase-retreat")
        case "move_in":
            return game_t(locale, "tribes", "render.phase-move-in")
        case "deploy":
            return game_t(locale, "tribes", "render.phase-deploy")
    return game_t(locale, "tribes", "render.phase-wars")


def _phase_label(view: dict[str, Any], locale: Locale) -> str | None:
    """The phase line rebuilt from the phase, turn and war (engine/tribes/view.py `phase_label`), or None."""
    phase, turn = str(view.get("phase") or ""), view.get("turn")
    if phase == "tribe":
        return game_t(locale, "tribes", "render.phase-setup")
    if turn is None:
        return None
    if phase == "finished":
        return game_t(locale, "tribes", "render.phase-over", turn=num(locale, turn))
    war = view.get("war")
    if war is not None and phase in WAR_STEP_PHASES:
        tribe = who(view, war.get("active"), locale)
        return game_t(locale, "tribes", "render.phase-war-step", turn=num(locale, turn), tribe=tribe)
    return game_t(locale, "tribes", "render.phase-turn", turn=num(locale, turn), phase=_phase_name(phase, locale))


def phase_line(view: dict[str, Any], locale: Locale = ENGLISH) -> str:
    """The view's phase line ("Turn 6 · Phase 4: wars (Plains Gnomes)") in `locale`; "" if the view has none.

    Said again from the phase, turn and war only when that says what the view says in English; else (an older
    engine's label, a hand-made one) the view's words as they are.
    """
    shown = str(view.get("phase_label") or "")
    if not shown:
        return ""
    if _phase_label(view, ENGLISH) != shown:
        return shown
    return _phase_label(view, locale) or shown


# -- the status line ------------------------------------------------------------------------------


def status_line(view: dict[str, Any], locale: Locale = ENGLISH) -> str:
    """The deck, Gnompax and countdown in one line."""
    deck = int(view.get("deck_size") or 0)
    parts = [game_t(locale, "tribes", "render.deck", n=deck)]
    pax = view.get("gnompax") or {}
    if pax.get("out"):
        turn = pax.get("turn")
        if pax.get("forced"):
            if turn:
                parts.append(game_t(locale, "tribes", "render.gnompax-forced-in", turn=num(locale, turn)))
            else:
                parts.append(game_t(locale, "tribes", "render.gnompax-forced"))
        elif turn:
            parts.append(game_t(locale, "tribes", "render.gnompax-out-in", turn=num(locale, turn)))
        else:
            parts.append(game_t(locale, "tribes", "render.gnompax-out"))
        if view.get("goal") is not None or view.get("goal_name"):
            parts.append(game_t(locale, "tribes", "render.status-goal", goal=view_goal(view, locale)))
        left = view.get("turns_left")
        if left is not None and not view.get("winners"):
            if int(left) <= 1:
                parts.append(game_t(locale, "tribes", "render.last-turn"))
            else:
                parts.append(game_t(locale, "tribes", "render.turns-left", n=int(left)))
    else:
        parts.append(game_t(locale, "tribes", "render.gnompax-not-out"))
    return " · ".join(parts)


def post_name(post: str, locale: Locale = ENGLISH) -> str:
    """A post as the pictures name it ("Research", "Guards": short, for the table)."""
    if post == "guards":
        return game_t(locale, "tribes", "render.post-guards")
    return named.post(locale, post)


def bills_line(seat: dict[str, Any], locale: Locale = ENGLISH) -> str:
    """A seat's bill counts per post, in words."""
    bills = seat.get("bills") or {}
    return " · ".join(f"{post_name(p, locale)} {num(locale, bills.get(p))}" for p in POSTS)


# -- outcomes -------------------------------------------------------------------------------------


@cache
def _english_places() -> str:
    """A pattern of every territory's English name, longest first."""
    names = sorted({place(tid) for tid in geometry().territories}, key=len, reverse=True)
    return "|".join(re.escape(n) for n in names)


@cache
def _english_tribes() -> dict[str, str]:
    """English tribe name -> tribe id."""
    from render.tribes.style import board_data

    return {named.tribe(ENGLISH, str(t["id"])): str(t["id"]) for t in board_data()["tribes"]}


@cache
def _patterns() -> tuple[tuple[str, re.Pattern[str]], ...]:
    """The engine's outcome sentences (engine/tribes/war: resolution.py, flak.py) as patterns, by kind."""
    p = f"(?P<place>{_english_places()})"
    armies = r"(?P<n>\d+) arm(?:y|ies)"
    return tuple(
        (kind, re.compile(pattern))
        for kind, pattern in (
            ("attackers", f"The {armies} attacking {p} are destroyed"),
            ("nothing", "Nothing happens"),
            ("retreat", f"The defenders of {p} must retreat"),
            ("no-room", f"The {armies} defending {p} found no room to retreat and are destroyed"),
            ("defenders", f"The {armies} defending {p} are destroyed"),
            ("all-retreated", f"The {armies} defending {p} retreated"),
            ("empty", f"{p} stood empty"),
            (
                "retreated",
                rf"(?P<placed>\d+) arm(?:y|ies) defending {p} retreated, (?P<lost>\d+) arm(?:y|ies) destroyed",
            ),
            ("taken", f"{p} taken by the (?P<tribe>.+) with {armies}"),
            ("void", "void: its card was shot down"),
        )
    )


def _read_result(text: str) -> list[Result] | None:
    """The parts of an outcome in words (the engine joins them with "; "), None if one is not the engine's."""
    out: list[Result] = []
    for part in text.split("; ") if text else []:
        for kind, pattern in _patterns():
            found = pattern.fullmatch(part)
            if found is not None:
                out.append((kind, found.groupdict()))
                break
        else:
            return None
    return out


def _say_result(kind: str, parts: dict[str, Any], locale: Locale) -> str | None:
    where = place_of(parts.get("place"), locale)
    n = int(parts.get("n") or 0)
    match kind:
        case "attackers":
            return game_t(locale, "tribes", "render.result-attackers", n=n, place=where)
        case "nothing":
            return game_t(locale, "tribes", "render.result-nothing")
        case "retreat":
            return game_t(locale, "tribes", "render.result-retreat", place=where)
        case "no-room":
            return game_t(locale, "tribes", "render.result-no-room", n=n, place=where)
        case "defenders":
            return game_t(locale, "tribes", "render.result-defenders", n=n, place=where)
        case "all-retreated":
            return game_t(locale, "tribes", "render.result-all-retreated", n=n, place=where)
        case "empty":
            return game_t(locale, "tribes", "render.result-empty", place=where)
        case "retreated":
            placed = named.armies(locale, int(parts.get("placed") or 0))
            lost = named.armies(locale, int(parts.get("lost") or 0))
            return game_t(locale, "tribes", "render.result-retreated", placed=placed, place=where, lost=lost)
        case "taken":
            tribe = _english_tribes().get(str(parts.get("tribe")))
            if tribe is None:
                return None
            return game_t(
                locale,
                "tribes",
                "render.result-taken",
                place=where,
                tribe=named.tribe(locale, tribe),
                armies=named.armies(locale, n),
            )
        case "void":
            return game_t(locale, "tribes", "render.result-void")
    return None


def place_of(english: Any, locale: Locale) -> str:
    """A territory named in English (in an outcome sentence) in `locale`."""
    if english is None:
        return ""
    for tid in geometry().territories:
        if place(tid) == english:
            return place(tid, locale)
    return str(english)


@cache
def result_text(text: str, locale: Locale = ENGLISH) -> str:
    """An attack's outcome as the view says it in English ("Nothing happens"), said in `locale`.

    Read back from the engine's sentences; one it never says (or that does not read back to the same English)
    is shown as it is.
    """
    if not text or locale == ENGLISH:
        return text
    parts = _read_result(text)
    if not parts:
        return text
    english = [_say_result(kind, found, ENGLISH) for kind, found in parts]
    said = [_say_result(kind, found, locale) for kind, found in parts]
    if "; ".join(e or "" for e in english) != text or any(s is None for s in said):
        return text
    return named.joined(locale, [s for s in said if s], "semicolon")


# -- the war --------------------------------------------------------------------------------------


def card_named(name: Any, locale: Locale = ENGLISH) -> str:
    """A card the view names in English, in `locale`."""
    return named.card_named(locale, name)


def attack_text(view: dict[str, Any], attack: dict[str, Any], locale: Locale = ENGLISH) -> str:
    """One planned attack in words, with its result once resolved."""
    n = int(attack.get("armies") or 0)
    mode = str(attack.get("mode") or "ground")
    source, target = place(attack.get("source"), locale), place(attack.get("target"), locale)
    armies = named.armies(locale, n)
    if mode == "ground":
        text = game_t(locale, "tribes", "render.attack", source=source, target=target, armies=armies)
    elif mode == "portal":
        text = game_t(locale, "tribes", "render.attack-portal", source=source, target=target, armies=armies)
    elif attack.get("card_name"):  # an airborne attack names its card
        card = card_named(attack.get("card_name"), locale)
        text = game_t(locale, "tribes", "render.attack-card", source=source, target=target, armies=armies, card=card)
    else:
        text = game_t(locale, "tribes", "render.attack-air", source=source, target=target, armies=armies)
    result = in_sentence(result_text(str(attack.get("result") or ""), locale), locale)
    if result:
        text += f" ({result})"
    elif attack.get("void"):
        text += " (" + game_t(locale, "tribes", "render.void") + ")"
    return text


def _support_parts(view: dict[str, Any], supports: list[dict[str, Any]], locale: Locale) -> list[str]:
    by_id = {a.get("id"): a for a in (view.get("war") or {}).get("attacks") or []}
    parts = []
    for s in supports:
        target = (by_id.get(s.get("attack")) or {}).get("target")
        parts.append(
            game_t(
                locale,
                "tribes",
                "render.support",
                count=num(locale, s.get("count")),
                source=place(s.get("territory"), locale),
                target=place(target, locale),
            )
        )
    return parts


def _lift(view: dict[str, Any], lift: dict[str, Any], locale: Locale) -> str:
    support = _support_parts(view, [lift], locale)[0]
    tribe = who(view, lift.get("player"), locale)
    if lift.get("card_name"):
        card = card_named(lift.get("card_name"), locale)
        if lift.get("cancelled"):
            return game_t(locale, "tribes", "render.lift-card-shot", tribe=tribe, support=support, card=card)
        return game_t(locale, "tribes", "render.lift-card", tribe=tribe, support=support, card=card)
    if lift.get("cancelled"):
        return game_t(locale, "tribes", "render.lift-air-shot", tribe=tribe, support=support)
    return game_t(locale, "tribes", "render.lift-air", tribe=tribe, support=support)


def plan_text(view: dict[str, Any], locale: Locale = ENGLISH) -> str:
    """The current invasion plan: its attacks, supports, the defence, airlifts and cards shot down."""
    war = view.get("war") or {}
    if not war:
        return ""
    attacker = who(view, war.get("active"), locale)
    attacks = war.get("attacks") or []
    if not attacks:
        return game_t(locale, "tribes", "render.plan-none", tribe=attacker)
    said = named.joined(locale, [attack_text(view, a, locale) for a in attacks], "semicolon")
    text = game_t(locale, "tribes", "render.plan", tribe=attacker, attacks=said)
    supports = _support_parts(view, war.get("supports") or [], locale)
    if supports:
        text += " " + game_t(
            locale, "tribes", "render.plan-support", supports=named.joined(locale, supports, "semicolon")
        )
    defence = _support_parts(view, war.get("defence") or [], locale)
    if defence:
        text += " " + game_t(
            locale, "tribes", "render.plan-defence", supports=named.joined(locale, defence, "semicolon")
        )
    lifts = [_lift(view, lift, locale) for lift in war.get("airlifts") or []]
    if lifts:
        text += " " + game_t(locale, "tribes", "render.plan-airlifts", lifts=named.joined(locale, lifts, "semicolon"))
    cancelled = war.get("cancelled") or []
    if cancelled:
        cards = named.joined(locale, [card_named(c, locale) for c in cancelled])
        text += " " + game_t(locale, "tribes", "render.plan-shot-down", cards=cards)
    return text


def cards_text(view: dict[str, Any], locale: Locale = ENGLISH) -> str:
    """The battle cards played in this war step, once revealed."""
    played = (view.get("war") or {}).get("cards_played")
    if not played:
        return ""
    parts = []
    for p, names in played.items():
        if names:
            cards = named.joined(locale, [card_named(n, locale) for n in names])
        else:
            cards = game_t(locale, "tribes", "render.cards-none")
        parts.append(game_t(locale, "tribes", "render.cards-of", tribe=who(view, p, locale), cards=cards))
    return game_t(locale, "tribes", "render.battle-cards", cards=named.joined(locale, parts, "semicolon"))


def battle_text(view: dict[str, Any], locale: Locale = ENGLISH) -> str:
    """The last attack: who, from where, against what, the strengths, the supports, and its result."""
    last = view.get("last_battle")
    if not last:
        return ""
    source, target = place(last.get("source"), locale), place(last.get("target"), locale)
    attacker = who(view, last.get("attacker"), locale)
    text = game_t(locale, "tribes", "render.last-attack", tribe=attacker, source=source, target=target)
    if last.get("defender") is not None:
        text += " " + game_t(locale, "tribes", "render.last-defender", tribe=who(view, last.get("defender"), locale))
    if last.get("att") or last.get("dfn"):
        text += ", " + game_t(
            locale, "tribes", "render.last-strength", att=num(locale, last.get("att")), dfn=num(locale, last.get("dfn"))
        )
    for key in ("supports", "defence_supports", "airlifts"):
        places = last.get(key) or []
        if not places:
            continue
        where = named.joined(locale, [place(t, locale) for t in places])
        if key == "supports":
            said = game_t(locale, "tribes", "render.last-supports", places=where)
        elif key == "defence_supports":
            said = game_t(locale, "tribes", "render.last-defence", places=where)
        else:
            said = game_t(locale, "tribes", "render.last-airlifts", places=where)
        text = named.joined(locale, [text, said], "semicolon")
    result = in_sentence(result_text(str(last.get("result") or ""), locale), locale)
    if result:
        text = game_t(locale, "tribes", "render.last-result", battle=text, result=result)
    return text + "."


def vote_text(view: dict[str, Any], locale: Locale = ENGLISH) -> str:
    """The goal vote so far: each ballot in voting order, and its result."""
    vote = view.get("vote")
    if not vote:
        return ""
    parts = []
    for b in vote.get("ballots") or []:
        goal = b.get("goal")
        said = goal_name(goal, locale) if goal is not None else game_t(locale, "tribes", "render.no-goal")
        votes = named.votes(locale, int(b.get("votes") or 0))
        parts.append(
            game_t(locale, "tribes", "render.ballot", tribe=who(view, b.get("player"), locale), goal=said, votes=votes)
        )
    ballots = named.joined(locale, parts, "semicolon") if parts else game_t(locale, "tribes", "render.vote-nobody")
    if vote.get("revote"):
        text = game_t(locale, "tribes", "render.revote", ballots=ballots)
    else:
        text = game_t(locale, "tribes", "render.vote", ballots=ballots)
    if vote.get("result") is not None:
        text += ". " + game_t(locale, "tribes", "render.vote-result", goal=goal_name(vote.get("result"), locale))
    return text + "."


def winners_text(view: dict[str, Any], locale: Locale = ENGLISH) -> str:
    """The winners of a finished game, with the goal that decided it."""
    winners = view.get("winners")
    if not winners:
        return ""
    sides = [game_t(locale, "tribes", "side.tribe", tribe=who(view, p, locale)) for p in winners]
    names = named.joined(locale, sides, "and")
    goal = view_goal(view, locale)
    if goal:
        return game_t(locale, "tribes", "render.winners-goal", n=len(winners), names=names, goal=goal)
    return game_t(locale, "tribes", "render.winners", n=len(winners), names=names)


def revealed_text(view: dict[str, Any], locale: Locale = ENGLISH) -> str:
    """At the end, every tribe's wealth (purse plus the bills on its posts), revealed for the goal (§12.4)."""
    revealed = view.get("revealed") or {}
    parts = []
    for p, secrets in revealed.items():
        posts = secrets.get("posts") or {}
        wealth = int(secrets.get("purse") or 0) + sum(int(b) for bills in posts.values() for b in bills or [])
        parts.append(
            (wealth, game_t(locale, "tribes", "render.wealth-of", tribe=who(view, p, locale), gold=num(locale, wealth)))
        )
    if not parts:
        return ""
    listed = named.joined(locale, [text for _, text in sorted(parts, key=lambda x: -x[0])])
    return game_t(locale, "tribes", "render.wealth", tribes=listed)


# -- the draft ------------------------------------------------------------------------------------


def draft_lines(view: dict[str, Any], locale: Locale = ENGLISH) -> list[str]:
    """The lines of the decision the player is drafting (`view["you"]["draft"]`), in `locale`.

    Said from the phrases the view gives beside them (`draft_said`); the English line where it has none (an older
    view, a hand-made one) or where one does not read back.
    """
    you = view.get("you") or {}
    english = [str(line) for line in you.get("draft") or []]
    said = you.get("draft_said")
    if locale == ENGLISH or not isinstance(said, list) or len(said) != len(english):
        return english
    seats = tribe_names(view, locale)
    return [named.say(locale, phrase, seats) or line for phrase, line in zip(said, english, strict=True)]
