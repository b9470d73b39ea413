"""The words of the Vendetta board: the last move, the fight and the outcome, as caption lines."""

from __future__ import annotations

from typing import Any

from render.common import HIGHLIGHT, INK, MUTED, RGB, readable, wrap
from render.vendetta.layout import CAPTION_W, TEXT
from render.vendetta.seats import clan_names
from render.vendetta.style import geometry


def _place(view: dict[str, Any], tid: str) -> str:
    t = geometry().territories.get(tid)
    return t.name if t else readable(tid)


def last_move_text(view: dict[str, Any]) -> str:
    """The last move in words, for the panel."""
    last = view.get("last_move") or {}
    names = clan_names(view)
    if last.get("kind") == "move":
        who = names.get(last.get("clan", ""), last.get("clan", "?"))
        moves = last.get("moves") or []
        if not moves:
            return f"Last move: {who} passed."
        total = sum(int(m[2]) for m in moves)
        origins = {m[0] for m in moves}
        dests = {m[1] for m in moves}
        if len(moves) == 1:
            o, d, n = moves[0]
            return f"Last move: {who} moved {n} from {_place(view, o)} to {_place(view, d)}."
        if len(origins) == 1:
            return f"Last move: {who} spread {total} from {_place(view, next(iter(origins)))}."
        return f"Last move: {who} gathered {total} onto {_place(view, next(iter(dests)))}."
    if last.get("kind") == "combat":
        losses = last.get("losses") or {}
        parts = [f"{names.get(c, c)} −{n}" for c, n in losses.items()]
        return f"Combat at {_place(view, last.get('territory', '?'))}: " + (", ".join(parts) or "no losses") + "."
    return ""


def combat_text(view: dict[str, Any]) -> str:
    """The fight in progress: where, which combat round, the dice declared so far."""
    combat = view.get("combat") or {}
    if not combat.get("territory"):
        return ""
    names = clan_names(view)
    parts = []
    for clan, targets in combat.get("declarations") or []:
        aims = ", ".join(f"{dice} at {names.get(t, t)}" for t, dice in targets)
        parts.append(f"{names.get(clan, clan)}: {aims}")
    text = f"Fight at {_place(view, combat['territory'])}, round {combat.get('round', 1)}"
    return text + (" — " + "; ".join(parts) if parts else " — no dice declared yet") + "."


def outcome_text(view: dict[str, Any]) -> str:
    """The result line of a finished game."""
    outcome = view.get("outcome")
    if not outcome:
        return ""
    seats = view.get("seats") or []
    by_player: dict[int, list[str]] = {}
    for s in seats:
        by_player.setdefault(int(s.get("player", -1)), []).append(str(s.get("name", s.get("clan"))))
    ranking = outcome.get("ranking") or []
    winners = ranking[0] if ranking else []
    names = [" & ".join(by_player.get(int(p), ["another player"])) for p in winners]
    text = ("Winners: " if len(names) > 1 else "Winner: ") + (", ".join(names) or "nobody")
    reason = outcome.get("reason")
    if reason == "round_limit":
        text += " (round limit)"
    scores = outcome.get("scores") or {}
    if scores and (view.get("scoring") != "basic" or reason == "round_limit"):
        parts = []
        for p, v in sorted(scores.items(), key=lambda kv: -float(kv[1])):
            who = " & ".join(by_player.get(int(p), ["another player"]))
            parts.append(f"{who} {float(v):g}")
        text += " · " + ", ".join(parts)
    return text


PARTNER_NOTE = "Small marker after a clan: the other clan of the same player"


def footer_lines(view: dict[str, Any]) -> list[tuple[str, RGB]]:
    """The captions under the table (result, fight, last move), wrapped: every line is drawn."""
    lines: list[tuple[str, RGB]] = []
    seats = view.get("seats") or []
    if len({s.get("player") for s in seats}) < len(seats):
        lines.append((PARTNER_NOTE, MUTED))
    for text, colour in ((outcome_text(view), HIGHLIGHT), (combat_text(view), INK), (last_move_text(view), INK)):
        if text:
            lines += [(line, colour) for line in wrap(text, TEXT, CAPTION_W)]
    return lines
