"""Vendetta in words: the pooled objective progress, the revive narration, the objective pick,
automatic steps, the one-tap move and the final report."""

from __future__ import annotations

import json

from engine.core import Action, IllegalAction
from engine.core.events import Event
from engine.vendetta import GAME
from engine.vendetta.clans import CLANS
from engine.vendetta.describe import objective_lines
from engine.vendetta.flow import _roll_round
from engine.vendetta.objectives import CARDS
from engine.vendetta.state import VendettaState
from tests.engine.vendetta.support import make_state
from tests.engine.wording import play_out


def _dump(state: VendettaState) -> str:
    return json.dumps(GAME.dump(state), sort_keys=True)


def test_private_progress_shows_the_pooled_end_check() -> None:
    """R-V27: each card alone is complete, but together they need 5 acorns and red has 3."""
    tokens = {"red": {"acorn": 3, "berry": 3, "apple": 4}}
    state = make_state({"home_dingleson": {"red": 4}}, chosen={"red": ["red_1", "red_2"]}, tokens=tokens)
    red = state.owner["red"]
    lines = GAME.describe_private(state, red)
    assert "Home Harvest (3 acorns, 3 berries): complete on its own." in lines
    assert "Foraging Trip (4 apples, 2 acorns): complete on its own." in lines
    together = [line for line in lines if line.startswith("For all its objectives at once")]
    assert together and "2 more acorns" in together[0] and "passes" not in together[0]
    assert "end check" not in together[0] and "(a token counts for one objective only)" in together[0]
    me = GAME.view(state, red)["me"]
    assert [c["complete"] for c in me["checklist"]["red"]] == [True, True]
    assert me["together"]["red"] == {"complete": False, "missing": ["2 more acorns"]}


def test_private_progress_says_complete_when_the_pool_suffices() -> None:
    tokens = {"red": {"acorn": 5, "berry": 3, "apple": 4}}
    state = make_state({"home_dingleson": {"red": 4}}, chosen={"red": ["red_1", "red_2"]}, tokens=tokens)
    lines = GAME.describe_private(state, state.owner["red"])
    assert any("complete together" in line for line in lines)
    assert GAME.view(state, state.owner["red"])["me"]["together"]["red"]["complete"] is True


class _Dice:
    """A stand-in generator rolling scripted faces (only `die` is used by a combat round)."""

    def __init__(self, faces: list[int]) -> None:
        self.faces = iter(faces)

    def die(self, sides: int = 6) -> int:
        return next(self.faces)


def _fight(faces: list[int]) -> list[Event]:
    state = make_state({"oak_corner": {"red": 1, "blue": 1}}, phase="combat")
    fight = {"territory": "oak_corner", "order": ["red", "blue"], "round": 1,
             "declarations": [["red", [["blue", 1]]], ["blue", [["red", 1]]]]}
    events: list[Event] = []
    _roll_round(state, fight, _Dice(faces), events)  # type: ignore[arg-type]  # scripted faces stand in for the game's dice
    return events


def test_revive_is_told_only_when_it_cancelled_a_hit() -> None:
    """R-V6: red misses blue (2) and blue rolls a six: no hit on blue to cancel, so no revive is told."""
    text = _fight([2, 6])[0].text
    assert "revive" not in text and "Schnitzel" in text and "Dingleson loses 1" in text
    # red hits blue (5 ≥ 3) and blue's six cancels it: now the revive is told
    text = _fight([5, 6])[0].text
    assert "Schnitzel revives 1 gnome with 1 six" in text and "Schnitzel loses" not in text


def test_setup_names_players_by_placeholder_and_deals_cards_by_name() -> None:
    state = GAME.new_game(3, 5)
    texts = [e.text for e in GAME.setup_events(state)]
    seating = next(t for t in texts if " plays " in t)
    for player in state.owner.values():
        assert f"{{p{player}}} plays " in seating
    deal = next(e for e in GAME.setup_events(state) if e.kind == "deal" and not e.public)
    assert "Home Harvest (" in deal.text and "_1" not in deal.text and len(deal.data["offered"]) == 8
    (player,) = deal.visible_to or {0}
    assert any("Home Harvest (" in line for line in objective_lines(state, player))


def test_objective_pick_keeps_exactly_the_chosen_cards() -> None:
    state = GAME.new_game(4, 9)
    player = 0
    pick = GAME.multi_pick(state, player)
    assert pick is not None and len(pick.options) == 8 and pick.min == pick.max == state.objectives_kept
    chosen = list(pick.option_ids()[-pick.max:])
    action = GAME.pick_action(state, player, chosen)
    new, _ = GAME.apply(state, player, GAME.parse_action(state, player, action.id))
    clan = next(c for c in state.seats if state.owner[c] == player)
    assert sorted(new.chosen[clan]) == sorted(chosen)
    assert GAME.multi_pick(new, player) is None
    for wrong in (chosen[:-1], [*chosen[:-1], chosen[0]], [*chosen[:-1], "n99"]):
        try:
            GAME.pick_action(state, player, wrong)
        except IllegalAction as exc:
            assert exc.code == "E_BAD_PICK"
        else:
            raise AssertionError(f"{wrong} was accepted")


def test_single_destination_move_takes_three_taps() -> None:
    """From, to, 'All 4 gnomes to …': the move is made in three taps and equals the step-by-step move."""
    state = make_state({"home_dingleson": {"red": 4}}, first_seat="red")
    red = state.owner["red"]
    for step in ("from:home_dingleson", "to:statue_fisher"):
        state, _ = GAME.apply(state, red, GAME.parse_action(state, red, step))
    (shortcut,) = GAME.shortcuts(state, red)
    assert shortcut.label.startswith("All 4 gnomes to ")
    by_shortcut, quick = GAME.apply(state, red, GAME.parse_action(state, red, shortcut.id))
    stepped, _ = GAME.apply(state, red, Action("n:4"))
    stepped, slow = GAME.apply(stepped, red, Action("confirm"))
    assert _dump(by_shortcut) == _dump(stepped)
    assert [e.text for e in quick] == [e.text for e in slow]
    assert by_shortcut.board["statue_fisher"] == {"red": 4}


def test_a_lone_gnome_moves_in_three_taps_with_the_count_taken_automatically() -> None:
    state = make_state({"home_dingleson": {"red": 1}}, first_seat="red")
    red = state.owner["red"]
    taps = 0
    for step in ("from:home_dingleson", "to:statue_fisher", "confirm"):
        state, _ = GAME.apply(state, red, GAME.parse_action(state, red, step))
        taps += 1
        while (auto := GAME.auto_step(state, red)) is not None:
            assert auto.id == "n:1"
            state, _ = GAME.apply(state, red, auto)
    assert taps == 3 and state.board["statue_fisher"] == {"red": 1} and "red" in state.moved


def test_auto_steps_are_private_and_never_pass_or_confirm() -> None:
    seen = 0
    for players in (2, 4, 6):
        for state, _ in play_out(GAME, players, 21):
            for p in range(players):
                auto = GAME.auto_step(state, p)
                if auto is None:
                    continue
                seen += 1
                assert auto.id.split(":")[0] in ("to", "n", "dice", "target")
                _, events = GAME.apply(state, p, auto)
                assert all(not e.public for e in events)
    assert seen > 0


def test_final_report_says_why_in_words_and_reveals_every_clans_objectives() -> None:
    *_, (state, _) = play_out(GAME, 4, 2, options={"round_limit": 10})
    assert state is not None and state.phase == "finished"
    report = GAME.final_report(state)
    assert report is not None
    if state.end_reason == "round_limit":
        assert "Round 10, the last, is over" in report.reason
    else:
        assert "completed all" in report.reason
    assert "round_limit" not in report.reason
    assert len(report.secrets) == len(state.seats)
    for clan in state.seats:
        secret = next(s for s in report.secrets if s.startswith(CLANS[clan].name + "'s objectives"))
        assert all(CARDS[c].name in secret for c in state.chosen[clan])


def test_after_the_origin_every_destination_is_one_tap_away() -> None:
    """Take my turn, from, 'All 4 gnomes to …': a single-destination move in three taps from the table."""
    state = make_state({"home_dingleson": {"red": 4}}, first_seat="red")
    red = state.owner["red"]
    state, _ = GAME.apply(state, red, GAME.parse_action(state, red, "from:home_dingleson"))
    destinations = {a.id[3:] for a in GAME.legal_actions(state, red) if a.id.startswith("to:")}
    shortcuts = GAME.shortcuts(state, red)
    assert {a.id.split(">")[1].split("*")[0] for a in shortcuts} == destinations
    fisher = next(a for a in shortcuts if ">statue_fisher*" in a.id)
    assert fisher.label.startswith("All 4 gnomes to ") and len(shortcuts) <= 25
    by_shortcut, _ = GAME.apply(state, red, GAME.parse_action(state, red, fisher.id))
    stepped, _ = GAME.apply(state, red, Action("to:statue_fisher"))
    stepped, _ = GAME.apply(stepped, red, Action("n:4"))
    stepped, _ = GAME.apply(stepped, red, Action("confirm"))
    assert _dump(by_shortcut) == _dump(stepped)


def test_a_started_gather_is_finished_in_one_tap_from_the_origin_step() -> None:
    """After 1 gnome from Old Oak Corner to the Fishing statue, 'All 4 gnomes from Dingleson Den to …' ends it."""
    state = make_state({"home_dingleson": {"red": 4}, "oak_corner": {"red": 1}}, first_seat="red")
    red = state.owner["red"]
    for step in ("from:oak_corner", "to:statue_fisher", "n:1"):
        state, _ = GAME.apply(state, red, Action(step))
    shortcuts = GAME.shortcuts(state, red)
    (gather,) = shortcuts  # Old Oak Corner is empty now: only the gather from the den keeps the focus
    assert gather.label.startswith("All 4 gnomes from ") and gather.label.endswith("and end the move")
    quick, _ = GAME.apply(state, red, GAME.parse_action(state, red, gather.id))
    slow = state
    for step in ("from:home_dingleson", "to:statue_fisher", "n:4", "confirm"):
        slow, _ = GAME.apply(slow, red, Action(step))
    assert _dump(quick) == _dump(slow) and quick.board["statue_fisher"] == {"red": 5}


def test_reinforcements_leave_out_clans_that_get_none() -> None:
    from engine.vendetta.flow import reinforce

    state = make_state({"home_dingleson": {"red": 1}})
    for clan in state.seats:
        state.reserve[clan] = 0
    state.reserve["red"] = 2
    events: list[Event] = []
    reinforce(state, events)
    assert events[0].text == "Reinforcements: Dingleson +2."
    state.reserve["red"] = 0
    events = []
    reinforce(state, events)
    assert "+0" not in events[0].text and "empty" in events[0].text


def test_several_revived_gnomes_read_in_the_singular_verb() -> None:
    state = make_state({"oak_corner": {"red": 2, "blue": 2}}, phase="combat")
    fight = {"territory": "oak_corner", "order": ["red", "blue"], "round": 1,
             "declarations": [["red", [["blue", 2]]], ["blue", [["red", 2]]]]}
    events: list[Event] = []
    _roll_round(state, fight, _Dice([5, 5, 6, 6]), events)  # type: ignore[arg-type]  # scripted faces
    assert "Schnitzel revives 2 gnomes with 2 sixes" in events[0].text, events[0].text


def test_a_score_without_objectives_or_spare_tokens_lists_only_what_scored() -> None:
    from engine.vendetta.report import clan_breakdown

    state = make_state({"home_dingleson": {"red": 1}}, tokens={"red": {"gnome_blue": 2}})
    line, _ = clan_breakdown(state, "red", basic=False)
    assert "0 objectives" not in line and "(0)" not in line and "spare food" not in line, line
    assert line.startswith("Dingleson: no objective completed; 2 spare gnome tokens (6) = ")


def test_the_pooled_line_is_left_out_when_it_only_adds_up_the_cards_lines() -> None:
    """No token held that two cards want: the pooled need is the cards' needs added up, so it is not repeated."""
    state = make_state({"home_dingleson": {"red": 4}}, chosen={"red": ["red_1", "red_2"]}, tokens={"red": {}})
    lines = GAME.describe_private(state, state.owner["red"])
    assert not [line for line in lines if line.startswith("For all its objectives at once")], lines
    assert [line for line in lines if ": needs " in line]
