"""Objective card families (§6), the completion test, and basic / advanced / 2-player scoring (§8)."""

from __future__ import annotations

from engine.vendetta.flow import end_check
from engine.vendetta.objectives import CARDS, CATALOGUE, feasible
from engine.vendetta.scoring import best_subset, build_outcome, subset_value

from .support import make_state, outcome_of


def test_catalogue_has_48_cards_each_under_20_points() -> None:
    assert len(CATALOGUE) == 48
    assert sum(1 for c in CATALOGUE if c.owner is None) == 18
    for card in CATALOGUE:
        gnomes = sum(n for t, n in card.tokens.items() if t.startswith("gnome_"))
        food = sum(n for t, n in card.tokens.items() if not t.startswith("gnome_"))
        assert 3 * gnomes + 2 * food <= 18
        assert len(card.statues) in (0, 2)
    pairs = {frozenset(c.statues) for c in CATALOGUE if c.owner is None and c.statues}
    assert len(pairs) == 6


def test_clan_templates_match_the_expanded_table() -> None:
    assert dict(CARDS["white_1"].tokens) == {"apple": 3, "acorn": 3}
    assert dict(CARDS["blue_5"].tokens) == {"gnome_red": 3, "mushroom": 2}
    assert CARDS["black_3"].statues == ("statue_wheelbarrow", "statue_lantern")
    assert dict(CARDS["yellow_4"].tokens) == {"gnome_black": 2, "gnome_red": 2}
    assert CARDS["n18"].requirement() == "2 gnome tokens of other clans, 2 acorns, 2 apples, 2 berries"


def test_family_food_home_harvest_and_foraging() -> None:
    assert feasible("green", ["green_1"], {"berry": 3, "apple": 3}, {})
    assert not feasible("green", ["green_1"], {"berry": 3, "apple": 2}, {})
    assert feasible("green", ["green_2"], {"acorn": 4, "berry": 2}, {})


def test_family_food_neutral_pantries_and_mushrooms() -> None:
    assert feasible("red", ["n07"], {"acorn": 2, "apple": 2, "berry": 2}, {})
    assert feasible("red", ["n08"], {"mushroom": 3}, {})
    assert not feasible("red", ["n08", "n09"], {"mushroom": 3, "acorn": 5}, {})  # 4 mushrooms pooled
    assert feasible("red", ["n12", "n13"], {"acorn": 4, "apple": 8, "berry": 4}, {})


def test_family_statue_watch_and_pilgrimage() -> None:
    board = {"statue_fisher": {"white": 2}, "statue_wheelbarrow": {"white": 1}, "grand_gnome_isle": {"white": 1}}
    assert feasible("white", ["white_3", "n01", "n04", "n05"], {}, board)
    assert not feasible("white", ["n06"], {}, board)
    assert not feasible("green", ["green_3"], {}, board)


def test_family_neighbour_feud_named_colours() -> None:
    assert feasible("blue", ["blue_4"], {"gnome_green": 2, "gnome_black": 2}, {})
    assert not feasible("blue", ["blue_4"], {"gnome_green": 2, "gnome_black": 1, "gnome_blue": 5}, {})


def test_family_vendetta_mixed_gnomes_and_mushrooms() -> None:
    assert feasible("white", ["white_5"], {"gnome_black": 3, "mushroom": 2}, {})
    assert not feasible("white", ["white_5"], {"gnome_black": 3, "mushroom": 1}, {})


def test_family_trophies_wildcards_exclude_own_and_named_needs() -> None:
    tokens = {"gnome_red": 2, "gnome_white": 2, "gnome_yellow": 2}
    assert feasible("green", ["n15"], tokens, {})
    five = {"gnome_red": 2, "gnome_white": 2, "gnome_yellow": 1}
    assert not feasible("green", ["n16"], {**five, "gnome_green": 9}, {})  # own tokens never count (R-V22)
    assert feasible("green", ["n16"], {**five, "gnome_black": 1}, {})
    # green_4 takes both white tokens; n17 then lacks a third wildcard
    assert not feasible("green", ["green_4", "n17"], {"gnome_white": 2, "gnome_blue": 2, "gnome_red": 2,
                                                       "mushroom": 2}, {})
    assert feasible("green", ["green_4", "n17"], {"gnome_white": 2, "gnome_blue": 3, "gnome_red": 2,
                                                   "mushroom": 2}, {})
    assert feasible("red", ["n18"], {"gnome_black": 2, "acorn": 2, "apple": 2, "berry": 2}, {})


def test_advanced_value_counts_own_gnome_tokens() -> None:
    # R-V22: own tokens score 3 points each although they never complete a card
    assert subset_value([], {"gnome_red": 4, "acorn": 1}) == 14


def test_best_subset_prefers_larger_then_lexicographic() -> None:
    # two single cards worth the same: {n07} vs {red_1}? construct a tie: n12 and n14 both need 8 food
    tokens = {"acorn": 4, "apple": 4, "berry": 4}
    result = best_subset("red", ["n14", "n12"], tokens, {})
    assert result.completed == ("n12",)  # n12+n14 needs 8 acorns; both singles score 20+2*4, the smaller id wins
    assert result.score == 28


def four_player_end(scoring: str, tokens: dict, chosen: dict, board: dict | None = None):
    state = make_state(board or {}, phase="combat", tokens=tokens, options={"scoring": scoring,
                                                                            "objectives_kept": 2})
    for clan, cards in chosen.items():
        state.offered[clan] = cards + [c for c in state.offered[clan] if c not in cards][: 8 - len(cards)]
        state.chosen[clan] = cards
    end_check(state, [])
    return state


def test_basic_shared_win() -> None:
    # R-V29: all seats passing the same end check win together
    tokens = {"red": {"acorn": 5, "apple": 4, "berry": 3}, "blue": {"acorn": 5, "apple": 4, "berry": 3}}
    state = four_player_end("basic", tokens, {"red": ["red_1", "red_2"], "blue": ["blue_1", "blue_2"]})
    outcome = outcome_of(state)
    assert state.triggered == ["red", "blue"]
    assert set(outcome.winners) == {state.owner["red"], state.owner["blue"]}
    assert len(outcome.ranking) == 2
    assert outcome.reason == "objectives"


def test_advanced_tie_broken_by_completed_count() -> None:
    tokens = {"red": {"acorn": 5, "apple": 4, "berry": 3}, "green": {"gnome_red": 12, "acorn": 2}}
    state = four_player_end("advanced", tokens, {"red": ["red_1", "red_2"], "green": ["green_1", "green_2"]})
    outcome = outcome_of(state)
    red, green = state.owner["red"], state.owner["green"]
    assert outcome.scores[red] == 40 and outcome.scores[green] == 40
    assert outcome.ranking[0] == (red,)
    assert outcome.ranking[1] == (green,)


def test_advanced_full_tie_is_shared() -> None:
    state = four_player_end("advanced", {"red": {"acorn": 5, "apple": 4, "berry": 3},
                                         "blue": {"acorn": 5, "apple": 4, "berry": 3}},
                            {"red": ["red_1", "red_2"], "blue": ["blue_1", "blue_2"]})
    outcome = outcome_of(state)
    assert outcome.ranking[0] == tuple(sorted((state.owner["red"], state.owner["blue"])))


def test_two_player_totals_are_summed() -> None:
    # R-V31: a user's score is the sum of its clans' advanced scores
    outcome = build_outcome(
        players=2, owner={"red": 0, "green": 1, "blue": 0, "yellow": 1}, seats=["red", "green", "blue", "yellow"],
        chosen={"red": [], "green": [], "blue": [], "yellow": []},
        tokens={"red": {"acorn": 1}, "green": {"gnome_red": 1}, "blue": {"apple": 3}, "yellow": {}},
        board={}, scoring="advanced", reason="round_limit", triggered=[], round_number=30)
    assert outcome.scores == {0: 8, 1: 3}
    assert outcome.winners == (0,)
    assert outcome.details["clans"]["blue"]["score"] == 6


def test_round_limit_scores_advanced_even_in_a_basic_game() -> None:
    # R-V33
    outcome = build_outcome(
        players=3, owner={"red": 0, "green": 1, "black": 2}, seats=["red", "green", "black"],
        chosen={"red": ["red_1"], "green": [], "black": []},
        tokens={"red": {"acorn": 3, "berry": 3}, "green": {"acorn": 5}, "black": {}},
        board={}, scoring="basic", reason="round_limit", triggered=[], round_number=30)
    assert outcome.scores == {0: 20, 1: 10, 2: 0}
    assert outcome.ranking == ((0,), (1,), (2,))
    assert outcome.reason == "round_limit"
