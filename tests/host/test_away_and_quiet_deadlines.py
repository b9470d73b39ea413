"""Reminders and the AFK policy wait for a player's quiet hours and vacation; the table's `away` setting decides
what a vacation does: wait (the rules' timers pause, up to 14 days, R-V35) or let the AI play the seat."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from db.rows import RULES, TURN
from host.deadlines import MAX_AWAY_PAUSE
from host.results import AfkPolicy, AwayPolicy, TableSettings
from tests.host.conftest import ALICE, BOB, CHANNEL, HOST, started

REMIND_EVERY = 600.0
HOUR = 3600.0
DAY = 86400.0


def _day_after(moment: float, days: int) -> str:
    return datetime.fromtimestamp(moment + days * DAY, UTC).strftime("%Y-%m-%d")


async def _sources(svc: Any, game_id: int, player: int) -> list[str]:
    return [r.source for r in await svc.store.list_actions(game_id) if r.player == player]


async def _turn_row(svc: Any, game_id: int, player: int) -> Any:
    return next(r for r in await svc.store.deadlines_for(game_id) if r.player == player and r.kind == TURN)


async def test_quiet_hours_postpone_the_reminder_without_counting_it(service, clock, notifier):
    now = datetime.fromtimestamp(clock(), UTC)
    start = f"{now.hour:02d}:{now.minute:02d}"
    end = datetime.fromtimestamp(clock() + 2 * HOUR, UTC).strftime("%H:%M")
    await service.players.set_quiet(ALICE, start, end)
    chosen = TableSettings(reminder_delay=REMIND_EVERY, afk_policy=AfkPolicy.SKIP, afk_after=1)
    game = await started(service, [HOST, ALICE], settings=chosen)
    await service.run_due_deadlines(clock.advance(REMIND_EVERY))
    row = await _turn_row(service, game.game_id, 1)
    assert row.reminders == 0 and row.due_at == clock() - REMIND_EVERY + 2 * HOUR
    assert await _sources(service, game.game_id, 1) == []  # the AFK policy did not act during her quiet hours
    assert (await _turn_row(service, game.game_id, 0)).reminders == 1  # the host's reminder ran as usual


async def test_a_vacation_at_a_waiting_table_pauses_reminders_and_the_rules_timer(service, clock):
    chosen = TableSettings(reminder_delay=REMIND_EVERY, afk_policy=AfkPolicy.AI, afk_after=0, decision_timeout=HOUR)
    await service.players.set_away(ALICE, _day_after(clock(), 3))
    away_until = (await service.players.settings(ALICE)).away_until
    assert away_until is not None
    game = await started(service, [HOST, ALICE, BOB], game="vendetta", settings=chosen)
    await service.run_due_deadlines(clock.advance(HOUR))  # the turn timer ran out for everyone but Alice
    assert await _sources(service, game.game_id, 1) == []
    rows = {r.kind: r for r in await service.store.deadlines_for(game.game_id) if r.player == 1}
    assert rows[TURN].due_at == away_until and rows[TURN].reminders == 0
    # R-V35: the rules' timer keeps the hour it had left when the vacation began, for after it.
    assert abs(rows[RULES].due_at - (away_until + HOUR)) < 2


async def test_back_early_the_reminders_run_from_now_again(service, clock):
    chosen = TableSettings(reminder_delay=REMIND_EVERY, afk_policy=AfkPolicy.REMIND)
    await service.players.set_away(ALICE, _day_after(clock(), 5))
    game = await started(service, [HOST, ALICE], settings=chosen)
    await service.run_due_deadlines(clock.advance(REMIND_EVERY))
    assert (await _turn_row(service, game.game_id, 1)).due_at > clock() + DAY  # held for the vacation
    clock.advance(HOUR)
    await service.players.set_back(ALICE)
    await service.player_back(ALICE)
    row = await _turn_row(service, game.game_id, 1)
    assert (row.due_at, row.reminders) == (clock() + REMIND_EVERY, 0)


async def test_a_vacation_pauses_at_most_14_days_then_the_afk_policy_applies(service, clock):
    chosen = TableSettings(reminder_delay=REMIND_EVERY, afk_policy=AfkPolicy.AI, afk_after=0)
    await service.players.set_away(ALICE, _day_after(clock(), 30))
    game = await started(service, [HOST, ALICE], settings=chosen)
    await service.run_due_deadlines(clock.advance(REMIND_EVERY))
    assert (await _turn_row(service, game.game_id, 1)).due_at <= clock() - REMIND_EVERY + MAX_AWAY_PAUSE
    await service.run_due_deadlines(clock.advance(MAX_AWAY_PAUSE))
    assert await _sources(service, game.game_id, 1) == ["ai"]


async def test_a_vacation_at_an_ai_table_has_the_ai_play_and_gives_the_seat_back(service, clock):
    chosen = TableSettings(reminder_delay=REMIND_EVERY, afk_policy=AfkPolicy.REMIND, away=AwayPolicy.AI)
    await service.players.set_away(ALICE, _day_after(clock(), 3))
    game = await started(service, [HOST, ALICE], settings=chosen)
    await service.run_due_deadlines(clock.advance(REMIND_EVERY))
    assert await _sources(service, game.game_id, 1) == ["ai"]
    assert await _sources(service, game.game_id, 0) == []  # the host is only reminded (afk: remind)
    await service.players.set_back(ALICE)
    # Back: the host bids, then passes the turn to Alice, whose deadline only reminds her now.
    version = (await service.get_table(game.game_id)).version
    version = (await service.submit(game.game_id, HOST, "bid:0", version)).version
    await service.submit(game.game_id, HOST, "pass", version)
    assert [p.player for p in (await service.get_table(game.game_id)).pending] == [1]
    await service.run_due_deadlines(clock.advance(REMIND_EVERY))
    assert await _sources(service, game.game_id, 1) == ["ai"]  # the AI's bid only: the seat is hers again
    assert (await _turn_row(service, game.game_id, 1)).reminders == 1


async def test_the_away_setting_is_checked_and_stored(service):
    game = await started(service, [HOST, ALICE])
    table = await service.update_settings(game.game_id, HOST, away=AwayPolicy.AI)
    assert table.settings.away is AwayPolicy.AI
    assert TableSettings.from_json(table.settings.to_json()).away is AwayPolicy.AI
    assert TableSettings.from_json({}).away is AwayPolicy.WAIT



async def test_at_an_ai_table_the_ai_takes_an_away_players_turn_at_once(service, clock):
    chosen = TableSettings(reminder_delay=REMIND_EVERY, afk_policy=AfkPolicy.REMIND, away=AwayPolicy.AI)
    await service.players.set_away(ALICE, _day_after(clock(), 3))
    game = await started(service, [HOST, ALICE], settings=chosen)
    assert (await _turn_row(service, game.game_id, 1)).due_at == clock()  # no reminder delay to wait for
    await service.run_due_deadlines(clock())
    assert await _sources(service, game.game_id, 1) == ["ai"]
    assert (await _turn_row(service, game.game_id, 0)).due_at == clock() + REMIND_EVERY  # the host's clock as usual


async def test_going_away_hands_a_waiting_turn_to_the_ai_at_an_ai_table_only(service, clock):
    chosen = TableSettings(reminder_delay=REMIND_EVERY, afk_policy=AfkPolicy.REMIND, away=AwayPolicy.AI)
    ai_table = await started(service, [HOST, ALICE], settings=chosen)
    waiting = TableSettings(reminder_delay=REMIND_EVERY)
    waiting_table = await started(service, [HOST, ALICE], channel=CHANNEL + 1, settings=waiting)
    clock.advance(60.0)
    await service.players.set_away(ALICE, _day_after(clock(), 3))
    await service.player_away(ALICE)
    assert (await _turn_row(service, ai_table.game_id, 1)).due_at == clock()
    assert (await _turn_row(service, waiting_table.game_id, 1)).due_at == clock() - 60.0 + REMIND_EVERY
    await service.run_due_deadlines(clock())
    assert await _sources(service, ai_table.game_id, 1) == ["ai"]
    assert await _sources(service, waiting_table.game_id, 1) == []
