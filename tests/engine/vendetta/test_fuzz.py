"""Typed commands from players: anything either applies or is an IllegalAction that changes nothing."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.core.actions import Action
from engine.core.errors import IllegalAction
from engine.vendetta import GAME

from .support import dump_text, make_state

WORDS = ["red", "green", "blue", "yellow", "white", "home_dingleson", "oak_corner", "berry_thicket",
         "statue_fisher", "red_1", "n07", "0", "1", "2", "-1", "x", "", ">", "*", ","]
PREFIXES = ["pick:", "choose:", "from:", "to:", "n:", "decl:", "target:", "dice:", "all:", "atk:", "undo",
            "confirm", "pass", "zap:"]


def states():
    fight = make_state({"statue_lantern": {"green": 2, "blue": 1, "yellow": 2}}, first_seat="red",
                       moved=["red", "green", "blue"])
    fight, _ = GAME.apply(fight, fight.owner["yellow"], Action("pass"))
    return [
        make_state(phase="objectives"),
        make_state({"home_dingleson": {"red": 3}, "oak_corner": {"green": 1}}, first_seat="red"),
        fight,
    ]


STATES = states()


@settings(max_examples=150, deadline=None)
@given(
    which=st.integers(min_value=0, max_value=len(STATES) - 1),
    player=st.integers(min_value=-1, max_value=4),
    prefix=st.sampled_from(PREFIXES),
    parts=st.lists(st.sampled_from(WORDS), max_size=6),
    sep=st.sampled_from([":", ">", "*", ","]),
)
def test_any_command_is_applied_or_cleanly_rejected(which: int, player: int, prefix: str, parts: list[str],
                                                    sep: str) -> None:
    state = STATES[which]
    action_id = (prefix + sep.join(parts))[:80] or "x"
    before = dump_text(state)
    try:
        new, _ = GAME.apply(state, player, Action(action_id))
    except IllegalAction as exc:
        assert exc.code.startswith("E_") and exc.message
    else:
        assert GAME.check_invariants(new) == []
    assert dump_text(state) == before
