"""The scripted Thieves (benchmarks.associates_thieves) play their mission: they rob lairs and score by it."""

from __future__ import annotations

from benchmarks import associates_thieves as script
from engine import registry
from engine.associates.ai import steps_from


def test_the_scripted_thieves_score_objectives_by_robbing_lairs() -> None:
    won, objectives, reason = script.play(seed=1, script_seat=0)
    assert objectives >= 3
    assert reason != "unfinished"
    assert won == (objectives >= 4 and reason == "mission")


def test_the_last_lair_robbed_for_an_objective_is_not_a_target() -> None:
    game = registry.get("associates")
    state = game.new_game(2, 3)
    for guild in ("thieves", "artisans"):  # the guilds are picked in seat order, the Thieves first
        player = game.pending(state)[0].player
        state, _ = game.apply(state, player, game.parse_action(state, player, f"guild:{guild}"))
    seat = next(p for p, player in enumerate(state.players) if player.guild == "thieves")
    before = script.robbable(state, seat)
    assert before and all(guild != "thieves" for guild in before.values())
    robbed = next(iter(before))
    state.players[seat].last_objective_lair = robbed
    assert robbed not in script.robbable(state, seat)


def test_a_thief_walks_towards_the_nearest_lair() -> None:
    targets = {"abandoned_keep": "neutral"}
    assert script.nearest("abandoned_keep", targets) == 0
    neighbour = next(iter(steps_from("abandoned_keep").keys() - {"abandoned_keep"}))
    assert script.nearest(neighbour, targets) >= 1
