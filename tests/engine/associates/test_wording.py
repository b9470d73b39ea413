"""Gnomes & Associates in words: keep-5 as one pick, the one-tap Movement, automatic steps,
the Trap text, the rematch starter (R-A29) and the final report."""

from __future__ import annotations

import json

import pytest

from engine.associates import GAME
from engine.associates.board import adjacent
from engine.associates.cards import CARD_TYPES
from engine.associates.components import empty_treasure
from engine.associates.state import Ended, State, zone_of
from engine.core import IllegalAction
from tests.engine.associates.helpers import act, activate, make
from tests.engine.wording import play_out


def _dump(s: State) -> str:
    return json.dumps(GAME.dump(s), sort_keys=True)


def _keep_state() -> tuple[State, int]:
    for players in (2, 3, 4):
        for s, _ in play_out(GAME, players, 5):
            for p in range(players):
                if GAME.multi_pick(s, p) is not None:
                    return s, p
    raise AssertionError("no keep-5 step reached")


def test_keep_five_is_one_pick_of_the_hand() -> None:
    s, p = _keep_state()
    hand = s.players[p].hand
    pick = GAME.multi_pick(s, p)
    assert pick is not None and list(pick.option_ids()) == hand and pick.min == pick.max == 5
    chosen = list(reversed(hand))[:5]
    action = GAME.pick_action(s, p, chosen)
    assert action.id.startswith("keepset:") and GAME.is_typed_order(action.id)
    new, _ = GAME.apply(s, p, GAME.parse_action(s, p, action.id))
    keep = new.players[p].keep
    if keep is not None:  # others still choosing
        assert keep.done and sorted(keep.kept) == sorted(chosen)
    else:
        assert sorted(new.players[p].hand) == sorted(chosen)
    with pytest.raises(IllegalAction) as err:
        GAME.pick_action(s, p, chosen[:4])
    assert err.value.code == "E_BAD_PICK"
    for typed, code in (("keepset:0,0,1,2,3", "E_CARD_NOT_IN_HAND"), ("keepset:0,1,2,3", "E_KEEP_COUNT"),
                        ("keepset:0,1,2,3,99", "E_CARD_NOT_IN_HAND"), ("keepset:0,1,2,3,+4", "E_CARD_NOT_IN_HAND")):
        with pytest.raises(IllegalAction) as err:
            GAME.parse_action(s, p, typed)
        assert err.value.code == code, typed


def test_keep_five_takes_at_most_two_taps() -> None:
    """'Keep the suggested five' is one tap; a chosen five is one multi-select plus Confirm (one action)."""
    s, p = _keep_state()
    shortcut = [a for a in GAME.shortcuts(s, p) if a.label == "Keep the suggested five"]
    assert shortcut and shortcut[0] in GAME.legal_actions(s, p)
    new, _ = GAME.apply(s, p, shortcut[0])
    assert GAME.multi_pick(new, p) is None


def test_one_zone_movement_is_one_tap_and_equals_the_steps() -> None:
    s = make(["thieves", "artisans"])
    fig = "thieves_goblin"
    activate(s, fig)
    here = zone_of(s, fig)
    shortcuts = [a for a in GAME.shortcuts(s, 0) if a.id.startswith("go:")]
    assert {a.id for a in shortcuts} == {f"go:{z}" for z in adjacent(here)}
    for action in shortcuts:
        zone = action.id[3:]
        quick, quick_events = GAME.apply(s, 0, GAME.parse_action(s, 0, action.id))
        slow, slow_events = act(s, 0, "move", f"to:{zone}", "confirm")
        assert _dump(quick) == _dump(slow)
        assert [e.text for e in quick_events] == [e.text for e in slow_events]
        assert quick.figs[fig].zone == zone


def test_one_zone_movement_activation_takes_three_taps() -> None:
    s = make(["thieves", "artisans"])
    seat = GAME.pending(s)[0].player
    first = GAME.legal_actions(s, seat)[0]
    assert first.id.startswith("activate:")
    s, _ = act(s, seat, first.id)  # tap 1
    go = GAME.shortcuts(s, seat)[0]
    s, _ = act(s, seat, go.id)  # tap 2
    s, events = act(s, seat, "end")  # tap 3
    assert any(e.kind == "activation_end" for e in events)


def test_auto_steps_are_private_draft_steps() -> None:
    seen = 0
    for players in (2, 4):
        for s, _ in play_out(GAME, players, 13):
            for p in range(players):
                auto = GAME.auto_step(s, p)
                if auto is None:
                    continue
                seen += 1
                assert auto.id.split(":")[0] in ("to", "mode", "give", "rfig")
                _, events = GAME.apply(s, p, auto)
                assert not any(e.public for e in events)
    assert seen > 0


def test_trap_text_says_no_intact_lair() -> None:
    text = CARD_TYPES["trap"][2]
    assert "no intact lair" in text and "without lair" not in text


def _finished(guilds: list[str], first: int, reserves: list[int]) -> State:
    """A finished game whose only Gold Points are the reserves given (no objectives, no artefacts)."""
    s = make(guilds)
    s.first_player = first  # who started the finished game; the guild choice order does not matter here
    for f in s.figs.values():
        f.treasure = empty_treasure()
    for lair in s.lairs.values():
        lair.safe = empty_treasure()
    for zone in s.zones.values():
        zone.tombs = {}
    for seat, gold in enumerate(reserves):
        s.players[seat].reserve_gold = gold
        s.players[seat].objectives = 0
    s.first_objective_guild = None
    s.phase = "over"
    s.ended = Ended(reason="turn_cap", guilds=[])
    return s


def test_rematch_is_started_by_the_lowest_ranked_seat() -> None:
    """R-A29: seat 1 has the fewest Gold Points."""
    s = _finished(["thieves", "artisans", "brigands"], 0, [5, 1, 3])
    assert GAME.rematch_first_player(s) == 1
    assert GAME.rematch_options(s) == {"first_player": 1}
    again = GAME.new_game(3, 99, GAME.rematch_options(s))
    assert again.first_player == 1


@pytest.mark.parametrize(("first", "starter"), [(0, 2), (1, 0), (2, 1)])
def test_rematch_tie_goes_to_the_later_seat_clockwise_from_the_first_player(first: int, starter: int) -> None:
    s = _finished(["thieves", "artisans", "brigands"], first, [2, 2, 2])
    assert GAME.rematch_first_player(s) == starter


def test_no_rematch_starter_while_the_game_goes_on() -> None:
    s = make(["thieves", "artisans"])
    assert GAME.rematch_first_player(s) is None and GAME.rematch_options(s) == {}
    assert GAME.final_report(s) is None


def test_final_report_gives_the_reason_and_gold_breakdown() -> None:
    s = _finished(["thieves", "artisans", "brigands"], 0, [5, 1, 3])
    report = GAME.final_report(s)
    assert report is not None
    assert "last turn" in report.reason and "turn_cap" not in report.reason
    assert [r.player for r in report.players] == [0, 2, 1]
    assert [r.faction for r in report.players] == ["Thieves", "Brigands", "Artisans"]
    assert report.players[0].breakdown[0] == "Gold: 5 GP."
    assert report.players[0].breakdown[-1].startswith("Objectives completed: ")
    assert report.unit == ("GP", "GP") and not any("Total" in line for line in report.players[0].breakdown)


def test_whole_transfers_are_one_tap_and_equal_the_steps() -> None:
    """'Take everything lying here' / 'Drop everything': the same as Transfer, mode, every item, confirm."""
    s = make(["thieves", "artisans"])
    fig = "thieves_goblin"
    activate(s, fig)
    zone = zone_of(s, fig)
    s.zones[zone].loose = {**empty_treasure(), "gold": 3, "moonstone": 1}
    s.gold_minted += 3
    s.supply["moonstone"] -= 1
    take = next(a for a in GAME.shortcuts(s, 0) if a.id == "takeall")
    assert "3 GP" in take.label
    quick, quick_events = GAME.apply(s, 0, GAME.parse_action(s, 0, take.id))
    slow, slow_events = act(s, 0, "transfer", "mode:take", "t:loose:gold:all", "t:loose:moonstone", "confirm")
    assert _dump(quick) == _dump(slow) and [e.text for e in quick_events] == [e.text for e in slow_events]
    assert quick.figs[fig].treasure["gold"] >= 3 and GAME.check_invariants(quick) == []
    drop = next(a for a in GAME.shortcuts(quick, 0) if a.id == "dropall")
    dropped, _ = GAME.apply(quick, 0, GAME.parse_action(quick, 0, drop.id))
    assert sum(dropped.figs[fig].treasure.values()) == 0
