"""Reminders and AFK policies, driven by stored deadlines: they survive restarts."""

from __future__ import annotations

import asyncio

import pytest

from db.rows import REACTION
from engine import registry
from engine.core.decisions import DecisionKind
from host.deadlines import Step, next_step
from host.errors import InvalidSettings, NotSeated
from host.notifier import RecordingNotifier
from host.results import AfkPolicy, TableSettings, UpdateKind
from tests.host.conftest import ALICE, BOB, HOST, open_service, started
from tests.host.test_games import seats_for

DELAY = 600.0


async def _deadlines(svc, game_id):
    return await svc.store.deadlines_for(game_id)


async def _log(svc, game_id):
    return await svc.store.list_actions(game_id)


def settings(policy: AfkPolicy, after: int = 1, **kw) -> TableSettings:
    return TableSettings(reminder_delay=DELAY, afk_policy=policy, afk_after=after, **kw)


def test_policy_rule():
    remind = settings(AfkPolicy.REMIND, max_reminders=2)
    assert [next_step(remind, n) for n in range(3)] == [Step.REMIND, Step.REMIND, Step.DROP]
    ai = settings(AfkPolicy.AI, after=2)
    assert [next_step(ai, n) for n in range(3)] == [Step.REMIND, Step.REMIND, Step.ACT]
    assert next_step(settings(AfkPolicy.SKIP, after=0), 0) == Step.ACT


async def test_each_pending_human_gets_a_deadline(service, clock):
    result = await started(service, [HOST, ALICE], settings=settings(AfkPolicy.REMIND))
    rows = await _deadlines(service, result.game_id)
    assert [(r.player, r.due_at, r.reminders) for r in rows] == [(0, clock() + DELAY, 0), (1, clock() + DELAY, 0)]


async def test_reminder_only_when_due_and_at_most_max(service, clock, notifier):
    result = await started(service, [HOST, ALICE], settings=settings(AfkPolicy.REMIND, max_reminders=2))
    game_id = result.game_id
    assert await service.run_due_deadlines(clock.advance(DELAY - 1)) == 0
    assert await service.run_due_deadlines(clock.advance(1)) == 2
    assert {p[0].user_id for _, p, _ in notifier.pings} == {HOST, ALICE}
    assert all("waiting for you" in message for _, _, message in notifier.pings)
    assert await service.run_due_deadlines(clock.advance(DELAY)) == 2
    assert await service.run_due_deadlines(clock.advance(DELAY)) == 0  # max reached: no more pings
    assert len(notifier.pings) == 4
    assert await _log(service, game_id) == []  # remind-only never plays
    assert await _deadlines(service, game_id) == []


async def test_other_players_moves_do_not_reset_a_simultaneous_deadline(service, clock):
    result = await started(service, [HOST, ALICE, BOB], settings=settings(AfkPolicy.REMIND))
    game_id = result.game_id
    clock.advance(100)
    await service.submit(game_id, HOST, "bid:0", result.version)
    rows = {r.player: r for r in await _deadlines(service, game_id)}
    assert set(rows) == {1, 2}
    assert rows[1].due_at == clock() - 100 + DELAY


async def test_ai_policy_plays_for_the_absent_player(service, clock, notifier):
    result = await started(service, [HOST, ALICE], settings=settings(AfkPolicy.AI, after=1))
    game_id = result.game_id
    await service.submit(game_id, HOST, "bid:0", result.version)
    assert await service.run_due_deadlines(clock.advance(DELAY)) == 1  # ALICE: reminder 1
    assert len(notifier.pings) == 1 and "the AI will play" in notifier.pings[0][2]
    assert await service.run_due_deadlines(clock.advance(DELAY)) == 1  # ALICE: the AI chooses
    rows = await _log(service, game_id)
    assert [(r.player, r.source) for r in rows] == [(0, "human"), (1, "ai")]
    post = notifier.posts_for(game_id)[-1]
    assert post.kind == UpdateKind.AFK and f"<@{ALICE}> was away" in post.headline
    table = await service.get_table(game_id)
    assert [p.user_id for p in table.pending] == [HOST]  # the race begins with HOST


async def test_skip_policy_plays_the_games_timeout_default(service, clock, notifier):
    result = await started(service, [HOST, ALICE], settings=settings(AfkPolicy.SKIP, after=0))
    game_id = result.game_id
    assert await service.run_due_deadlines(clock.advance(DELAY)) == 2
    rows = await _log(service, game_id)
    assert [(r.player, r.action_id, r.source) for r in rows] == [(0, "bid:0", "timeout"), (1, "bid:0", "timeout")]
    assert await service.run_due_deadlines(clock.advance(DELAY)) == 1  # HOST's race turn: a pass
    rows = await _log(service, game_id)
    assert (rows[-1].player, rows[-1].action_id, rows[-1].source) == (0, "pass", "timeout")
    assert notifier.pings == []


async def test_deadlines_fire_after_a_restart(store_url, clock):
    svc = await open_service(store_url, clock=clock)
    result = await started(svc, [HOST, ALICE], settings=settings(AfkPolicy.SKIP, after=1))
    game_id = result.game_id
    await svc.close()
    clock.advance(DELAY)
    notifier = RecordingNotifier()
    svc = await open_service(store_url, notifier, clock)
    try:
        assert await svc.run_due_deadlines() == 2
        assert len(notifier.pings) == 2
        clock.advance(DELAY)
        await svc.close()
        svc = await open_service(store_url, notifier, clock)
        assert await svc.run_due_deadlines() == 2
        rows = await _log(svc, game_id)
        assert [r.source for r in rows] == ["timeout", "timeout"]
    finally:
        await svc.close()


async def test_no_deadlines_when_reminders_are_off(service, clock):
    result = await started(service, [HOST, ALICE], settings=TableSettings(reminder_delay=0))
    assert await _deadlines(service, result.game_id) == []
    assert await service.run_due_deadlines(clock.advance(10 * DELAY)) == 0


async def test_changing_the_delay_replans(service, clock):
    result = await started(service, [HOST, ALICE], settings=settings(AfkPolicy.REMIND))
    await service.update_settings(result.game_id, HOST, reminder_delay=60)
    assert {r.due_at for r in await _deadlines(service, result.game_id)} == {clock() + 60}
    await service.update_settings(result.game_id, HOST, reminder_delay=0)
    assert await _deadlines(service, result.game_id) == []


async def test_finished_or_cancelled_games_have_no_deadlines(service, clock):
    result = await started(service, [HOST, ALICE], settings=settings(AfkPolicy.REMIND))
    await service.cancel(result.game_id, HOST)
    assert await _deadlines(service, result.game_id) == []
    assert await service.run_due_deadlines(clock.advance(DELAY)) == 0


async def test_the_scheduler_loop_runs_due_deadlines(store_url):
    notifier = RecordingNotifier()
    svc = await open_service(store_url, notifier)  # real clock
    try:
        await started(svc, [HOST, ALICE], settings=TableSettings(reminder_delay=0.05, max_reminders=1))
        svc.start_scheduler(interval=0.02)
        for _ in range(200):
            if len(notifier.pings) >= 2:
                break
            await asyncio.sleep(0.01)
        await svc.stop_scheduler()
        assert len(notifier.pings) == 2
    finally:
        await svc.close()


@pytest.mark.postgres_sample("name", ("vendetta",))
@pytest.mark.parametrize("policy", [AfkPolicy.AI, AfkPolicy.SKIP])
# Associates' whole game takes the longest (near a minute): it runs in slow runs.
@pytest.mark.parametrize(
    "name", [pytest.param(n, marks=pytest.mark.slow) if n == "associates" else n for n in registry.names()]
)
async def test_an_absent_player_cannot_stall_a_real_game(name, policy, store_url, clock):
    """Every registered game reaches its end with the human away the whole time.

    The rules' decision timer is off (0) so the AFK policy, not the rules' default, plays each turn.
    """
    svc = await open_service(store_url, clock=clock)
    try:
        chosen = settings(policy, after=0, decision_timeout=0)
        table = await svc.create_table(name, None, HOST, None, 1, settings=chosen, seed=3)
        for _ in range(seats_for(name) - 1):
            await svc.add_ai(table.game_id, HOST)
        result = await svc.start(table.game_id, HOST, join_order=True)
        version = result.version
        for _ in range(2000):
            table = await svc.get_table(table.game_id)
            if not table.is_open:
                break
            assert await svc.run_due_deadlines(clock.advance(DELAY)) == 1
            table = await svc.get_table(table.game_id)
            # Every deadline moved the game on, except the reminder of a reaction window its rules time
            # (R-A36): the rules' own timer closes that one later.
            assert table.version > version or any(p.kind is DecisionKind.REACTION for p in table.pending)
            version = table.version
        assert table.outcome is not None
        rows = await _log(svc, table.game_id)
        expected = "ai" if policy == AfkPolicy.AI else "timeout"
        sources = {r.source for r in rows if r.player == 0}
        # A reaction window its rules time closes by the rules' default ("timeout") whatever the policy.
        assert expected in sources and sources <= {expected, "timeout"}
    finally:
        await svc.close()


async def _open_dare(svc, reaction_timeout, reminder_delay=0.0):
    result = await started(
        svc,
        [HOST, ALICE],
        settings=TableSettings(reminder_delay=reminder_delay, reaction_timeout=reaction_timeout),
    )
    game_id = result.game_id
    await svc.submit(game_id, HOST, "bid:0", 0)
    result = await svc.submit(game_id, ALICE, "bid:0", 0)
    mover = result.pending[0].user_id
    dared = await svc.submit(game_id, mover, "dare", result.version)
    assert [p.kind.value for p in dared.pending] == ["reaction"]
    return game_id, dared


async def test_an_expired_reaction_window_closes_as_a_pass_even_with_reminders_off(service, clock):
    game_id, dared = await _open_dare(service, reaction_timeout=1800)
    [row] = await _deadlines(service, game_id)
    assert (row.kind, row.due_at) == (REACTION, clock() + 1800)
    assert await service.run_due_deadlines(clock.advance(1799)) == 0
    assert await service.run_due_deadlines(clock.advance(2)) == 1
    rows = await _log(service, game_id)
    assert (rows[-1].action_id, rows[-1].source) == ("decline", "timeout")
    table = await service.get_table(game_id)
    assert table.version == dared.version + 1
    assert [p.kind.value for p in table.pending] == ["turn"]


async def test_a_reaction_window_waits_forever_when_its_timeout_is_off(service, clock):
    game_id, dared = await _open_dare(service, reaction_timeout=0)
    assert await _deadlines(service, game_id) == []
    assert await service.run_due_deadlines(clock.advance(30 * 86400)) == 0
    assert (await service.get_table(game_id)).version == dared.version


async def test_a_reaction_window_ignores_the_ai_policy(service, clock):
    result = await started(
        service, [HOST, ALICE], settings=TableSettings(reminder_delay=DELAY, afk_policy=AfkPolicy.AI, afk_after=0)
    )
    game_id = result.game_id
    await service.submit(game_id, HOST, "bid:0", 0)
    result = await service.submit(game_id, ALICE, "bid:0", 0)
    await service.submit(game_id, result.pending[0].user_id, "dare", result.version)
    assert await service.run_due_deadlines(clock.advance(1800)) >= 1
    rows = await _log(service, game_id)
    assert "decline" in [r.action_id for r in rows] and rows[-1].source in ("timeout", "ai")
    decline = next(r for r in rows if r.action_id == "decline")
    assert decline.source == "timeout"


async def test_reaction_timeout_is_validated(service):
    result = await started(service, [HOST, ALICE])
    with pytest.raises(InvalidSettings) as info:
        await service.update_settings(result.game_id, HOST, reaction_timeout=-5)
    assert "reaction timeout" in info.value.message


async def test_never_ask_me_closes_a_reaction_window_at_once(service):
    result = await started(service, [HOST, ALICE], settings=TableSettings(reminder_delay=0))
    game_id = result.game_id
    await service.submit(game_id, HOST, "bid:0", 0)
    result = await service.submit(game_id, ALICE, "bid:0", 0)
    mover = result.pending[0].user_id
    other = ALICE if mover == HOST else HOST
    info = await service.set_auto_pass(game_id, other, True)
    assert info.settings.auto_pass == (other,)
    dared = await service.submit(game_id, mover, "dare", result.version)
    # The window opened and closed as a pass in the same call: the dared player now has a turn.
    assert [(p.user_id, p.kind.value) for p in dared.pending] == [(other, "turn")]
    rows = await _log(service, game_id)
    assert [(r.action_id, r.source) for r in rows[-2:]] == [("dare", "human"), ("decline", "timeout")]
    # Turned off again, the next dare asks.
    await service.set_auto_pass(game_id, other, False)
    moved = await service.submit(game_id, other, "step", dared.version)
    again = await service.submit(game_id, mover, "dare", moved.version)
    assert [(p.user_id, p.kind.value) for p in again.pending] == [(other, "reaction")]


async def test_turning_never_ask_me_on_closes_an_open_window(service):
    result = await started(service, [HOST, ALICE], settings=TableSettings(reminder_delay=0))
    game_id = result.game_id
    await service.submit(game_id, HOST, "bid:0", 0)
    result = await service.submit(game_id, ALICE, "bid:0", 0)
    mover = result.pending[0].user_id
    other = ALICE if mover == HOST else HOST
    dared = await service.submit(game_id, mover, "dare", result.version)
    await service.set_auto_pass(game_id, other, True)
    table = await service.get_table(game_id)
    assert table.version == dared.version + 1
    assert [p.kind.value for p in table.pending] == ["turn"]


async def test_only_seated_players_set_never_ask_me(service):
    result = await started(service, [HOST, ALICE])
    with pytest.raises(NotSeated) as info:
        await service.set_auto_pass(result.game_id, BOB, True)
    assert "not playing" in info.value.message
