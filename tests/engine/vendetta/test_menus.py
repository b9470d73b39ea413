"""Menu limits: every step fits a Discord select (≤ 25), ids ≤ 80, labels ≤ 100, timeout always playable."""

from __future__ import annotations

from engine.core.actions import MAX_ID_LEN, MAX_LABEL_LEN, Action
from engine.vendetta import GAME
from engine.vendetta.board import load_board
from tests.engine.draft_clear import timeout_ready

from .support import SIX_HOME_SET, combat_of, make_state


def check_menu(state, player: int) -> list[Action]:
    legal = GAME.legal_actions(state, player)
    assert 1 <= len(legal) <= 25
    assert all(len(a.id) <= MAX_ID_LEN and 0 < len(a.label) <= MAX_LABEL_LEN for a in legal)
    assert timeout_ready(GAME, state, player, legal)
    return legal


def test_largest_movement_menus() -> None:
    # black's 11 gnomes on 11 different territories: the origin step is the longest movement menu
    order = load_board().order
    board = {t: {"black": 1} for t in order[5:16]}
    state = make_state(board, players=6, home_set_index=SIX_HOME_SET, first_seat="black")
    black = state.owner["black"]
    legal = check_menu(state, black)
    assert len([a for a in legal if a.id.startswith("from:")]) == 11
    state, _ = GAME.apply(state, black, Action(f"from:{order[5]}"))
    check_menu(state, black)
    state = make_state({"grand_gnome_isle": {"black": 11}}, players=6, home_set_index=SIX_HOME_SET,
                       first_seat="black")
    for step in ("from:grand_gnome_isle", "to:statue_fisher"):
        state, _ = GAME.apply(state, black, Action(step))
    legal = check_menu(state, black)
    assert [a.id for a in legal if a.id.startswith("n:")] == [f"n:{n}" for n in range(1, 12)]


def test_largest_combat_menus() -> None:
    here = {"black": 11, "red": 1, "white": 1, "green": 1, "blue": 1, "yellow": 1}
    state = make_state({"grand_gnome_isle": here}, players=6, home_set_index=SIX_HOME_SET, first_seat="black",
                       moved=["black", "yellow", "red", "white", "green"])
    state, _ = GAME.apply(state, state.owner["blue"], Action("pass"))
    assert state.phase == "combat" and combat_of(state)["order"][0] == "black"
    black = state.owner["black"]
    legal = check_menu(state, black)
    assert len([a for a in legal if a.id.startswith("target:")]) == 5
    state, _ = GAME.apply(state, black, Action("target:red"))
    legal = check_menu(state, black)
    assert len([a for a in legal if a.id.startswith("dice:")]) == 11


def test_objective_menus() -> None:
    state = make_state(phase="objectives", players=5, options={"objectives_kept": 5})
    for player in range(5):
        legal = check_menu(state, player)
        assert len([a for a in legal if a.id.startswith("pick:")]) == 8
