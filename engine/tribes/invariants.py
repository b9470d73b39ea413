"""Invariants of a Gnome Tribes state: conservation of cards, armies, 0-GG bills; control; stacking; phases."""

from __future__ import annotations

from collections import Counter

from engine.tribes import phases
from engine.tribes.board import GNOMLAB, load_board
from engine.tribes.cards import CARDS, card_of
from engine.tribes.flow import AUTOMATIC, PHASE_TABLE
from engine.tribes.setup import GNOMPAX_CARD
from engine.tribes.state import DENOMINATIONS, MAX_ARMIES, MAX_GNOMLAB, MAX_STACK, POSTS, TribesState

ZEROS_PER_PLAYER = 3  # R-T2
DECK_SIZE = 44  # R-T1


def check(state: TribesState) -> list[str]:
    """Every broken invariant of `state`, as a message (empty when sound)."""
    problems: list[str] = []
    board = load_board()
    n = state.player_count
    if len(state.players) != n or sorted(state.seat_order) != list(range(n)):
        problems.append("players and seats do not match the player count")
    tribes = [p.tribe for p in state.players if p.tribe]
    if len(set(tribes)) != len(tribes):
        problems.append("two players share a tribe")
    if n == 2 and len(tribes) == 2 and {tuple(sorted(tribes))} - {("marsh", "plains"), ("mountain", "swamp")}:
        problems.append("a 2-player game is not seated diagonally")
    if set(state.areas) != set(board.order):
        problems.append("the territories do not match the board")
    # cards: every one of the 44 exactly once (deck, discard, hands)
    every = list(state.deck) + list(state.discard) + [c for p in state.players for c in p.hand]
    counts = Counter(every)
    if len(every) != DECK_SIZE or any(v != 1 for v in counts.values()):
        twice = sorted(c for c, v in counts.items() if v > 1)
        problems.append(f"cards are not conserved: {len(every)} in play, twice: {twice}")
    if sum(c.copies for c in CARDS.values()) != DECK_SIZE:
        problems.append("the catalogue does not hold 44 cards")
    if (GNOMPAX_CARD in state.deck) == (state.gnompax_turn is not None):
        problems.append("Gnompax is both out and in the deck, or neither")
    for i, p in enumerate(state.players):
        if any(card_of(c).kind in ("end",) for c in p.hand):
            problems.append(f"player {i} holds Gnompax")
        if p.purse < 0:
            problems.append(f"player {i} has a negative purse")
        zeros_on_posts = sum(1 for post in POSTS for b in p.posts[post] if b == 0)
        if p.zeros < 0 or p.zeros + zeros_on_posts != ZEROS_PER_PLAYER:
            problems.append(f"player {i} has {p.zeros} + {zeros_on_posts} bills of 0 GG, not {ZEROS_PER_PLAYER}")
        if set(p.posts) != set(POSTS) or any(b not in DENOMINATIONS for post in POSTS for b in p.posts[post]):
            problems.append(f"player {i} has a malformed post")
    # the board
    totals: Counter[int] = Counter()
    for t, a in state.areas.items():
        limit = MAX_GNOMLAB if t == GNOMLAB else MAX_STACK
        if not 0 <= a.armies <= limit:
            problems.append(f"{t} holds {a.armies} armies")
        if not 0 <= a.moved <= a.armies:
            problems.append(f"{t} has {a.moved} moved of {a.armies}")
        if a.armies > 0 and a.controller is None:
            problems.append(f"{t} holds armies of nobody")
        if a.controller is not None and not 0 <= a.controller < n:
            problems.append(f"{t} is controlled by an unknown player")
        # a conquered territory stands empty, still its defender's, until the winner's move-in
        if (a.armies == 0 and a.controller is not None and board.type_of(t) != "city"
                and state.phase != phases.MOVE_IN):
            problems.append(f"vacant {t} is still controlled")  # R-T21
        if a.controller is not None:
            totals[a.controller] += a.armies
    for who, total in totals.items():
        if total > MAX_ARMIES:
            problems.append(f"player {who} has {total} armies on the board")
    # the flow
    if state.phase not in PHASE_TABLE and state.phase != phases.FINISHED:
        problems.append(f"the game rests in phase {state.phase!r}")
    if state.phase in AUTOMATIC:
        problems.append(f"the game rests in the automatic phase {state.phase!r}")
    rules = PHASE_TABLE.get(state.phase)
    if rules is not None and not rules.waiting(state):
        problems.append(f"nobody is asked in phase {state.phase!r}")
    if state.phase == phases.FINISHED and (state.goal is None or state.end_reason not in ("goal", "cap")):
        problems.append("finished without a goal or a reason")
    if state.goal is not None and state.gnompax_turn is None:
        problems.append("a goal without Gnompax")
    if state.phase != phases.TRIBE and not all(p.tribe for p in state.players):
        problems.append("play started before every tribe was chosen")
    if state.gnompax_turn is not None and state.turn > state.gnompax_turn + 4:
        problems.append("the countdown ran past its end")
    if state.gnompax_turn is None and state.turn > state.options.gnompax_cap:
        problems.append("the Gnompax cap was passed")
    return problems
