"""The rules' timers (R-V34, R-A36, §12.4): on expiry the rules' default, whatever the table's AFK policy."""

from __future__ import annotations

from typing import Any

import pytest

from db.rows import REACTION, RULES, TURN, DeadlineRow
from engine import registry
from engine.core.decisions import Decision, DecisionKind
from engine.core.options import validate_options
from host.deadline_plan import rules_deadlines
from host.errors import InvalidSettings
from host.results import AfkPolicy, TableSettings, UpdateKind
from tests.host.conftest import ALICE, BOB, HOST, started

REMIND_EVERY = 600.0
HOUR = 3600.0
DAY = 86400.0
SEED = 2024  # lobby_with's default seed: the engine replays the same game


async def _deadlines(svc: Any, game_id: int) -> list[DeadlineRow]:
    return await svc.store.deadlines_for(game_id)


async def _log(svc: Any, game_id: int) -> list[Any]:
    return await svc.store.list_actions(game_id)


def _opening(name: str, players: int) -> Any:
    """The state the service starts from (seed and default options as the lobby stores them)."""
    game = registry.get(name)
    return game.new_game(players, SEED, validate_options(game.options(), {}))


async def test_vendetta_turn_timer_plays_the_r_v34_default_not_the_ai_under_afk_ai(service, clock, notifier):
    chosen = TableSettings(
        reminder_delay=REMIND_EVERY, afk_policy=AfkPolicy.AI, afk_after=0, decision_timeout=HOUR
    )
    result = await started(service, [HOST, ALICE, BOB], game="vendetta", settings=chosen)
    game_id = result.game_id
    rows = await _deadlines(service, game_id)
    assert {(r.player, r.kind, r.due_at) for r in rows if r.kind == RULES} == {
        (p, RULES, clock() + HOUR) for p in range(3)
    }
    # Before the turn timer runs out the AFK policy only reminds: the AI never plays a timed decision.
    assert await service.run_due_deadlines(clock.advance(REMIND_EVERY)) == 3
    assert await _log(service, game_id) == []
    assert await service.run_due_deadlines(clock.advance(HOUR - REMIND_EVERY)) >= 3
    game = registry.get("vendetta")
    opening = _opening("vendetta", 3)
    played = {r.player: (r.action_id, r.source) for r in await _log(service, game_id)}
    assert played == {p: (game.timeout_action(opening, p).id, "timeout") for p in range(3)}
    headlines = [u.headline for _, u in notifier.posts if u.kind == UpdateKind.AFK]
    assert headlines and all("turn timer ran out" in h and "rules' default" in h for h in headlines)
    assert not any("AI" in h for h in headlines)


async def test_vendetta_without_a_turn_timer_plans_no_rules_deadline_and_afk_ai_plays(service, clock):
    chosen = TableSettings(reminder_delay=REMIND_EVERY, afk_policy=AfkPolicy.AI, afk_after=0)
    result = await started(service, [HOST, ALICE, BOB], game="vendetta", settings=chosen)
    rows = await _deadlines(service, result.game_id)
    assert {r.kind for r in rows} == {TURN}
    assert await service.run_due_deadlines(clock.advance(REMIND_EVERY)) == 3
    assert {r.source for r in await _log(service, result.game_id)} == {"ai"}


async def test_associates_default_settings_fall_back_to_the_12_4_default_after_24_hours(service, clock):
    result = await started(service, [HOST, ALICE, BOB], game="associates")
    game_id = result.game_id
    [picker] = [p.player for p in result.pending]
    rows = await _deadlines(service, game_id)
    assert (RULES, clock() + DAY) in {(r.kind, r.due_at) for r in rows if r.player == picker}
    assert await service.run_due_deadlines(clock.advance(DAY - 1)) >= 1  # a reminder, nothing played
    assert await _log(service, game_id) == []
    await service.run_due_deadlines(clock.advance(1))
    game = registry.get("associates")
    [row] = await _log(service, game_id)
    assert (row.player, row.action_id, row.source) == (
        picker,
        game.timeout_action(_opening("associates", 3), picker).id,
        "timeout",
    )
    assert (await service.get_table(game_id)).version == result.version + 1


async def test_the_rules_timer_plays_only_the_timed_decision(service, clock):
    result = await started(service, [HOST, ALICE, BOB], game="associates")
    await service.run_due_deadlines(clock.advance(DAY))
    after = await service.get_table(result.game_id)
    # The next decision keeps its own full clock, even if it falls to the same player.
    rows = await _deadlines(service, result.game_id)
    pending = {p.player for p in after.pending}
    assert {(r.player, r.due_at) for r in rows if r.kind == RULES} == {
        (p, clock() + DAY) for p in pending
    }


async def test_reminders_still_remind_before_a_rules_timer_runs_out(service, clock, notifier):
    chosen = TableSettings(reminder_delay=REMIND_EVERY, max_reminders=2, decision_timeout=HOUR)
    result = await started(service, [HOST, ALICE, BOB], game="vendetta", settings=chosen)
    due = int(clock() + HOUR)
    assert await service.run_due_deadlines(clock.advance(REMIND_EVERY)) == 3
    messages = [m for _, _, m in notifier.pings]
    assert len(messages) == 3
    # The timer's end is a Discord timestamp (each reader's own clock), not "in 50 minutes".
    assert all("waiting for you" in m and f"<t:{due}:R>" in m and "rules' default" in m for m in messages)
    assert await service.run_due_deadlines(clock.advance(REMIND_EVERY)) == 3
    assert await service.run_due_deadlines(clock.advance(REMIND_EVERY)) == 0  # max reached
    assert await _log(service, result.game_id) == []


@pytest.mark.parametrize("seconds", [0.0, 30.0, 7 * DAY])
async def test_associates_refuses_a_reaction_timeout_outside_one_minute_to_24_hours(service, seconds):
    result = await started(service, [HOST, ALICE, BOB], game="associates")
    with pytest.raises(InvalidSettings) as info:
        await service.update_settings(result.game_id, HOST, reaction_timeout=seconds)
    assert "reaction timeout" in info.value.message and "1 minute to 24 hours" in info.value.message


@pytest.mark.parametrize("seconds", [60.0, DAY])
async def test_associates_accepts_a_reaction_timeout_of_one_minute_and_24_hours(service, seconds):
    result = await started(service, [HOST, ALICE, BOB], game="associates")
    table = await service.update_settings(result.game_id, HOST, reaction_timeout=seconds)
    assert table.settings.reaction_timeout == seconds


async def test_turn_timers_stay_within_the_rules_range(service):
    vendetta = await started(service, [HOST, ALICE, BOB], game="vendetta")
    for seconds in (30.0, 8 * DAY):
        with pytest.raises(InvalidSettings) as info:
            await service.update_settings(vendetta.game_id, HOST, decision_timeout=seconds)
        assert "turn timer" in info.value.message and "1 minute to 7 days, or 0 for off" in info.value.message
    off = await service.update_settings(vendetta.game_id, HOST, decision_timeout=0)
    assert off.settings.decision_timeout == 0
    assert {r.kind for r in await _deadlines(service, vendetta.game_id)} == {TURN}
    dash = await started(service, [HOST, ALICE], channel=5)
    with pytest.raises(InvalidSettings) as info:
        await service.update_settings(dash.game_id, HOST, decision_timeout=HOUR)
    assert "no turn timer" in info.value.message


async def test_a_settings_change_that_leaves_the_timers_alone_gives_nobody_more_time(service, clock):
    result = await started(service, [HOST, ALICE, BOB], game="associates")
    due = {r.player: r.due_at for r in await _deadlines(service, result.game_id) if r.kind == RULES}
    clock.advance(HOUR)
    await service.update_settings(result.game_id, HOST, undo=True)
    rows = await _deadlines(service, result.game_id)
    assert {r.player: r.due_at for r in rows if r.kind == RULES} == due
    await service.update_settings(result.game_id, HOST, decision_timeout=2 * HOUR)
    rows = await _deadlines(service, result.game_id)
    assert {r.player: r.due_at for r in rows if r.kind == RULES} == {
        p: clock() + 2 * HOUR for p in due
    }


def test_stored_timers_outside_the_rules_range_are_clamped_when_planning():
    game = registry.get("associates")
    window = [Decision(0, DecisionKind.REACTION, "React?"), Decision(1, DecisionKind.TURN, "Act.")]

    def plan(
        reaction_timeout: float | None = None, decision_timeout: float | None = None
    ) -> dict[int, tuple[str, float]]:
        settings = TableSettings(reaction_timeout=reaction_timeout, decision_timeout=decision_timeout)
        return rules_deadlines(game, window, lambda p: False, settings, 0.0)

    assert plan() == {0: (REACTION, 1800.0), 1: (RULES, DAY)}
    assert plan(reaction_timeout=7 * DAY)[0] == (REACTION, DAY)
    assert plan(reaction_timeout=0)[0] == (REACTION, DAY)  # "wait forever" is not allowed
    assert plan(reaction_timeout=5)[0] == (REACTION, 60.0)
    assert 1 not in plan(decision_timeout=0)  # §12.4: 'off' = wait forever
    assert rules_deadlines(game, window, lambda p: p == 0, TableSettings(), 0.0) == {1: (RULES, DAY)}
