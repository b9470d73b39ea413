"""The words of the Vendetta board: the last move, the fight and the outcome, as caption lines, in a language."""

from __future__ import annotations

from typing import Any

from i18n import ENGLISH, Locale, game_t
from render.common import HIGHLIGHT, INK, MUTED, RGB, wrap
from render.vendetta import names as named
from render.vendetta.layout import CAPTION_W, TEXT
from render.vendetta.seats import clan_names


def last_move_text(view: dict[str, Any], locale: Locale = ENGLISH) -> str:
    """The last move in words in `locale`, for the panel."""
    last = view.get("last_move") or {}
    names = clan_names(view, locale)
    if last.get("kind") == "move":
        who = names.get(last.get("clan", ""), last.get("clan", "?"))
        moves = last.get("moves") or []
        if not moves:
            return game_t(locale, "vendetta", "render.last-pass", clan=who)
        total = sum(int(m[2]) for m in moves)
        origins = {m[0] for m in moves}
        dests = {m[1] for m in moves}
        if len(moves) == 1:
            o, d, n = moves[0]
            return game_t(
                locale, "vendetta", "render.last-move", n=int(n), clan=who,
                origin=named.place(locale, o), destination=named.place(locale, d),
            )
        if len(origins) == 1:
            origin = named.place(locale, next(iter(origins)))
            return game_t(locale, "vendetta", "render.last-spread", n=total, clan=who, origin=origin)
        destination = named.place(locale, next(iter(dests)))
        return game_t(locale, "vendetta", "render.last-gather", n=total, clan=who, destination=destination)
    if last.get("kind") == "combat":
        losses = last.get("losses") or {}
        # A loss is the clan and a minus sign with the count: no word to translate.
        parts = [f"{names.get(c, c)} −{n}" for c, n in losses.items()]
        where = named.place(locale, last.get("territory", "?"))
        if not parts:
            return game_t(locale, "vendetta", "render.combat-no-losses", place=where)
        return game_t(locale, "vendetta", "render.combat-losses", place=where, losses=", ".join(parts))
    return ""


def combat_text(view: dict[str, Any], locale: Locale = ENGLISH) -> str:
    """The fight in progress in `locale`: where, which combat round, the dice declared so far."""
    combat = view.get("combat") or {}
    if not combat.get("territory"):
        return ""
    names = clan_names(view, locale)
    parts = []
    for clan, targets in combat.get("declarations") or []:
        aims = ", ".join(
            game_t(locale, "vendetta", "render.dice-at", n=int(dice), clan=names.get(t, t)) for t, dice in targets
        )
        parts.append(f"{names.get(clan, clan)}: {aims}")
    where, rnd = named.place(locale, combat["territory"]), combat.get("round", 1)
    if not parts:
        return game_t(locale, "vendetta", "render.fight-no-dice", place=where, round=rnd)
    return game_t(locale, "vendetta", "render.fight", place=where, round=rnd, declarations="; ".join(parts))


def outcome_text(view: dict[str, Any], locale: Locale = ENGLISH) -> str:
    """The result line of a finished game, in `locale`."""
    outcome = view.get("outcome")
    if not outcome:
        return ""
    seats = view.get("seats") or []
    by_player: dict[int, list[str]] = {}
    for s in seats:
        clan = str(s.get("clan"))
        by_player.setdefault(int(s.get("player", -1)), []).append(named.clan(locale, clan, str(s.get("name", clan))))
    ranking = outcome.get("ranking") or []
    winners = ranking[0] if ranking else []
    other = game_t(locale, "vendetta", "render.another-player")
    names = [" & ".join(by_player.get(int(p), [other])) for p in winners]
    if names:
        text = game_t(locale, "vendetta", "render.winners", n=len(names), names=", ".join(names))
    else:
        text = game_t(locale, "vendetta", "render.winner-nobody")
    reason = outcome.get("reason")
    if reason == "round_limit":
        text = game_t(locale, "vendetta", "render.round-limit", result=text)
    scores = outcome.get("scores") or {}
    if scores and (view.get("scoring") != "basic" or reason == "round_limit"):
        parts = []
        for p, v in sorted(scores.items(), key=lambda kv: -float(kv[1])):
            who = " & ".join(by_player.get(int(p), [other]))
            parts.append(f"{who} {float(v):g}")
        text += " · " + ", ".join(parts)
    return text


def partner_note(locale: Locale = ENGLISH) -> str:
    """The caption that says what the small marker after a clan's name is, in `locale`."""
    return game_t(locale, "vendetta", "render.partner-note")


def footer_lines(view: dict[str, Any], locale: Locale = ENGLISH) -> list[tuple[str, RGB]]:
    """The captions under the table (result, fight, last move) in `locale`, wrapped: every line is drawn."""
    lines: list[tuple[str, RGB]] = []
    seats = view.get("seats") or []
    if len({s.get("player") for s in seats}) < len(seats):
        # Wrapped like the others: a language may say it in more than one line's width.
        lines += [(line, MUTED) for line in wrap(partner_note(locale), TEXT, CAPTION_W)]
    captions = (
        (outcome_text(view, locale), HIGHLIGHT),
        (combat_text(view, locale), INK),
        (last_move_text(view, locale), INK),
    )
    for text, colour in captions:
        if text:
            lines += [(line, colour) for line in wrap(text, TEXT, CAPTION_W)]
    return lines
