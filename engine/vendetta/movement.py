"""Movement: reachability and the validation and application of declarations (spec §5.2)."""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from engine.core.errors import IllegalAction
from engine.core.phrases import phrase, verbatim
from engine.vendetta import words
from engine.vendetta.board import load_board
from engine.vendetta.state import BoardMap, add_gnomes

Triple = tuple[str, str, int]


def passable(clan: str, territory: str, board: Mapping[str, Mapping[str, int]]) -> bool:
    """Whether `clan` may cross `territory`: no foreign gnome there, or some of its own (R-V11)."""
    here = board.get(territory, {})
    return here.get(clan, 0) > 0 or not any(n > 0 for c, n in here.items() if c != clan)


def reach(clan: str, origin: str, board: Mapping[str, Mapping[str, int]]) -> set[str]:
    """Every destination `clan` can reach from `origin` on this board, at any range (R-V10, R-V11)."""
    adjacency = load_board()
    seen = {origin}
    queue = deque([origin])
    result: set[str] = set()
    while queue:
        u = queue.popleft()
        for v in adjacency.adjacent(u):
            if v in seen:
                continue
            seen.add(v)
            result.add(v)
            if passable(clan, v, board):
                queue.append(v)
    return result


def is_count(value: Any) -> bool:
    """Whether `value` is an integer ≥ 1 (booleans are not counts)."""
    return isinstance(value, int) and not isinstance(value, bool) and value >= 1


def merge(triples: Iterable[Sequence[Any]]) -> list[Triple]:
    """Triples with equal (origin, destination) merged by adding counts, in first-seen order."""
    merged: dict[tuple[str, str], int] = {}
    for o, d, n in triples:
        merged[(o, d)] = merged.get((o, d), 0) + n
    return [(o, d, n) for (o, d), n in merged.items()]


def single_focus(triples: Sequence[Sequence[Any]]) -> bool:
    """Whether all triples share one origin or one destination (R-V13)."""
    return len({t[0] for t in triples}) <= 1 or len({t[1] for t in triples}) <= 1


def validate_declaration(board: BoardMap, clan: str, triples: Iterable[Sequence[Any]]) -> list[Triple]:
    """The merged declaration of `clan` on this snapshot (R-V12), or IllegalAction with the first E_* code.

    Checks in the order of spec §5.2: each triple as submitted (count, ids, origin ≠ destination),
    merging, single focus, gnomes available per origin, reachability. An empty list is a pass.
    """
    territories = load_board()
    submitted = [tuple(t) for t in triples]
    for t in submitted:
        if len(t) != 3:
            raise IllegalAction("Each move needs an origin, a destination and a count.", "E_COUNT",
                                phrase("refuse.move-parts"))
        o, d, n = t
        if not is_count(n):
            raise IllegalAction(f"{n!r} is not a number of gnomes (a whole number, at least 1).", "E_COUNT",
                                phrase("refuse.not-a-whole-count", count=verbatim(repr(n))))
        for tid in (o, d):
            if tid not in territories:
                raise IllegalAction(f"There is no territory called {tid!r}.", "E_UNKNOWN_TERRITORY",
                                    phrase("refuse.no-territory-called", name=verbatim(repr(tid))))
        if o == d:
            raise IllegalAction(f"Moving from {territories.name(o)} to itself is not a move.", "E_SAME_TERRITORY",
                                phrase("refuse.move-to-itself", place=words.place(o)))
    merged = merge(submitted)
    if not single_focus(merged):
        raise IllegalAction(
            "Gnomes must all leave one territory or all arrive at one territory (single focus).", "E_FOCUS",
            phrase("refuse.single-focus"),
        )
    leaving: dict[str, int] = {}
    for o, _d, n in merged:
        leaving[o] = leaving.get(o, 0) + n
    for o, n in leaving.items():
        have = board.get(o, {}).get(clan, 0)
        if n > have:
            raise IllegalAction(
                f"You move {n} gnomes out of {territories.name(o)} but have only {have} there.", "E_NOT_ENOUGH_GNOMES",
                phrase("refuse.move-more-than-held", moved=n, place=words.place(o), have=have),
            )
    reach_cache: dict[str, set[str]] = {}
    for o, d, _n in merged:
        if o not in reach_cache:
            reach_cache[o] = reach(clan, o, board)
        if d not in reach_cache[o]:
            raise IllegalAction(
                f"{territories.name(d)} cannot be reached from {territories.name(o)}: other clans block the way.",
                "E_UNREACHABLE", phrase("refuse.blocked-from", dest=words.place(d), origin=words.place(o)),
            )
    return merged


def apply_declaration(board: BoardMap, clan: str, triples: Iterable[Triple]) -> None:
    """Move the gnomes of a validated declaration, all at once (R-V12). Mutates `board`."""
    moves = list(triples)
    for o, _d, n in moves:
        add_gnomes(board, o, clan, -n)
    for _o, d, n in moves:
        add_gnomes(board, d, clan, n)
