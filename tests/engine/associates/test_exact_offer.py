"""apply takes exactly the ids the menus offer: near twins of a listed id are refused, state unchanged.

G-1 lists one copy per card type and "all" for gold only; G-2 pages the Trap zones by board row.
Before these checks apply took the unlisted twin too (a second copy, "all" of a moonstone, a zone
of another row), which broke the contract that a player can only do what a menu offers.
"""

from __future__ import annotations

from engine.associates import GAME
from engine.associates.context import Ctx
from engine.associates.flow import end_of_turn
from engine.associates.state import State

from .helpers import ALL4, act, activate, give, make, park, place, rejects, seat, set_gold


def offered(s: State, player: int) -> set[str]:
    return {a.id for a in GAME.legal_actions(s, player)}


def board4() -> State:
    s = make(ALL4)
    park(s, list(s.figs), "millpond_green")
    return s


def test_only_the_listed_copy_can_be_kept() -> None:
    s = make(["thieves", "artisans"])
    th = seat(s, "thieves")
    first, second = give(s, "thieves", "protection", copies=2)
    for p in s.players:
        p.hand, p.deck = p.hand + p.deck[:3], p.deck[3:]
    ctx = Ctx(s)
    end_of_turn(ctx)
    ctx.close()
    assert s.phase == "keep" and first in s.players[th].hand and second in s.players[th].hand
    assert f"keep:{first}" in offered(s, th) and f"keep:{second}" not in offered(s, th)
    rejects(s, th, f"keep:{second}", "E_UNKNOWN_ACTION")
    kept, _ = act(s, th, f"keep:{first}")
    # once the first copy is kept, the second one is the listed copy
    assert f"keep:{second}" in offered(kept, th)
    act(kept, th, f"keep:{second}")


def test_only_the_listed_copy_can_be_played() -> None:
    s = board4()
    br = seat(s, "brigands")
    first, second = give(s, "brigands", "war_cry", copies=2)
    activate(s, "brigands_goblin")
    assert f"play:{first}" in offered(s, br) and f"play:{second}" not in offered(s, br)
    rejects(s, br, f"play:{second}", "E_UNKNOWN_ACTION")
    played, _ = act(s, br, f"play:{first}")
    assert f"play:{second}" in offered(played, br)


def test_sprints_are_added_in_the_listed_order() -> None:
    s = board4()
    th = seat(s, "thieves")
    place(s, {"thieves_goblin": "old_watchtower"})
    first, second = give(s, "thieves", "sprint", copies=2)
    activate(s, "thieves_goblin")
    moving, _ = act(s, th, "move")
    assert f"sprint:{first}" in offered(moving, th) and f"sprint:{second}" not in offered(moving, th)
    rejects(moving, th, f"sprint:{second}", "E_UNKNOWN_ACTION")
    added, _ = act(moving, th, f"sprint:{first}")
    act(added, th, f"sprint:{second}")


def test_all_is_offered_for_gold_only_and_only_when_more_than_one_is_left() -> None:
    s = board4()
    th = seat(s, "thieves")
    set_gold(s, "thieves_goblin", gold=2, moonstone=2)
    activate(s, "thieves_goblin")
    drop, _ = act(s, th, "transfer", "mode:drop")
    assert {"d:gold", "d:gold:all", "d:moonstone"} <= offered(drop, th)
    assert "d:moonstone:all" not in offered(drop, th)
    rejects(drop, th, "d:moonstone:all", "E_UNKNOWN_ACTION")
    for junk in ("d:gold:al", "d:gold:all:all", "d:gold:x", "d:moonstone:1", "d:gold:all "):
        assert junk not in offered(drop, th)
        rejects(drop, th, junk, "E_UNKNOWN_ACTION")
    one_left, _ = act(drop, th, "d:gold")
    assert "d:gold:all" not in offered(one_left, th)
    rejects(one_left, th, "d:gold:all", "E_UNKNOWN_ACTION")
    act(drop, th, "d:gold:all", "d:moonstone", "d:moonstone")


def test_take_steps_are_refused_beyond_the_listed_forms() -> None:
    s = board4()
    th = seat(s, "thieves")
    place(s, {"thieves_goblin": "old_watchtower"})
    s.zones["old_watchtower"].loose["gold"] = 3
    s.zones["old_watchtower"].loose["moonstone"] = 2
    s.gold_minted += 3
    s.supply["moonstone"] -= 2
    activate(s, "thieves_goblin")
    take, _ = act(s, th, "transfer", "mode:take")
    assert {"t:loose:gold", "t:loose:gold:all", "t:loose:moonstone"} <= offered(take, th)
    for junk in ("t:loose:moonstone:all", "t:loose:gold:x", "t:loose:gold:all:all", "t:loose:moonstone:"):
        assert junk not in offered(take, th)
        rejects(take, th, junk, "E_UNKNOWN_ACTION")
    act(take, th, "t:loose:gold:all", "t:loose:moonstone", "confirm")


def test_trap_zones_are_taken_from_the_chosen_row_only() -> None:
    s = make(["thieves", "artisans"], {"neutral_lair": "never"})
    s.lairs["artisans"].state = "destroyed"  # 24 legal zones: the menu pages them by row (G-2)
    th = seat(s, "thieves")
    [trap] = give(s, "thieves", "trap")
    activate(s, "thieves_goblin")
    rows, _ = act(s, th, f"play:{trap}")
    assert "z:goosefoot_meadow" not in offered(rows, th)
    rejects(rows, th, "z:goosefoot_meadow", "E_UNKNOWN_ACTION")
    row2, _ = act(rows, th, "row:2")
    assert "z:abandoned_keep" in offered(row2, th) and "z:goosefoot_meadow" not in offered(row2, th)
    rejects(row2, th, "z:goosefoot_meadow", "E_UNKNOWN_ACTION")
    act(row2, th, "z:abandoned_keep")
