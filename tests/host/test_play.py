"""Submitting moves: seat and turn checks, stale clicks, illegal moves, results and announcements."""

from __future__ import annotations

import pytest

from engine.core.errors import IllegalAction
from host.errors import (
    GameNotActive,
    HostError,
    IllegalMove,
    NotSeated,
    NotYourTurn,
    StaleVersion,
)
from host.results import DecisionKind, MoveSource, UpdateKind
from tests.host.conftest import ALICE, BOB, HOST, STRANGER, lobby_with, started


async def _race(service, users=(HOST, ALICE)):
    """A game past the bids, in the race phase: HOST (player 0) to move."""
    result = await started(service, list(users))
    game_id = result.game_id
    for user in users:
        step = await service.legal_actions_for(game_id, user)
        result = await service.submit(game_id, user, "bid:1", step.version)
    assert result.public_view["phase"] == "race"
    return result


async def test_submit_stores_the_move_and_reports_it(service, notifier):
    result = await started(service, [HOST, ALICE])
    game_id = result.game_id
    assert result.version == 0
    step = await service.legal_actions_for(game_id, HOST)
    assert step.kind == DecisionKind.SIMULTANEOUS and step.can_act
    assert [a.id for a in step.actions] == ["bid:0", "bid:1", "bid:2"]
    moved = await service.submit(game_id, HOST, "bid:2", step.version)
    assert moved.version == 1
    assert moved.submitted is not None and moved.submitted.id == "bid:2"
    assert [(m.seq, m.player, m.user_id, m.source) for m in moved.moves] == [(1, 0, HOST, MoveSource.HUMAN)]
    assert all(e.public for e in moved.public_events)
    assert [e.text for e in moved.private_events[0]] == ["You keep a head start of 2."]
    assert [p.user_id for p in moved.pending] == [ALICE]
    assert not moved.ended
    rows = await service.store.list_actions(game_id)
    assert [(r.seq, r.player, r.action_id, r.source) for r in rows] == [(1, 0, "bid:2", "human")]
    post = notifier.posts_for(game_id)[-1]
    assert post.kind == UpdateKind.MOVES and post.version == 1
    assert all(e.public for e in post.public_events)
    assert "my_bid" not in post.public_view
    # The spec: a player's own choice sends them no DM (the answer above shows it); the start sent each player
    # one DM, their prompt.
    assert notifier.privates == [] and sorted(u for u, _ in notifier.prompt_news[:2]) == sorted([HOST, ALICE])


async def test_stranger_is_not_seated(service):
    result = await started(service, [HOST, ALICE])
    with pytest.raises(NotSeated) as info:
        await service.submit(result.game_id, STRANGER, "bid:0", result.version)
    assert "not playing" in info.value.message
    with pytest.raises(NotSeated):
        await service.legal_actions_for(result.game_id, STRANGER)


async def test_not_your_turn_names_who_is_awaited(service):
    result = await _race(service)
    with pytest.raises(NotYourTurn) as info:
        await service.submit(result.game_id, ALICE, "step", result.version)
    assert f"<@{HOST}>" in info.value.message
    step = await service.legal_actions_for(result.game_id, ALICE)
    assert not step.can_act and step.kind is None
    assert [p.user_id for p in step.waiting_for] == [HOST]


async def test_illegal_move_is_a_host_error_and_an_engine_illegal_action(service):
    result = await _race(service)
    with pytest.raises(IllegalMove) as info:
        await service.submit(result.game_id, HOST, "fly", result.version)
    assert isinstance(info.value, IllegalAction) and isinstance(info.value, HostError)
    assert info.value.code == "E_UNKNOWN_ACTION"
    assert "Step one cell" in info.value.message
    assert (await service.get_table(result.game_id)).version == result.version


async def test_stale_click_is_refused_with_the_current_situation(service):
    result = await _race(service)
    game_id, version = result.game_id, result.version
    moved = await service.submit(game_id, HOST, "step", version)
    with pytest.raises(StaleVersion) as info:
        await service.submit(game_id, HOST, "step", version)  # the same button again
    error = info.value
    assert error.expected == version and error.current == moved.version
    assert "out of date" in error.message and f"<@{ALICE}>" in error.message
    with pytest.raises(StaleVersion):
        await service.submit(game_id, ALICE, "step", version)  # Alice's turn now, but an old button


async def test_simultaneous_choice_buttons_stay_valid_while_the_decision_is_open(service):
    result = await started(service, [HOST, ALICE, BOB])
    game_id, version = result.game_id, result.version
    await service.submit(game_id, HOST, "bid:0", version)
    await service.submit(game_id, ALICE, "bid:1", version)  # built before HOST chose: still fine
    done = await service.submit(game_id, BOB, "bid:2", version)
    assert done.public_view["phase"] == "race"
    assert [e.kind for e in done.public_events][-1] == "reveal"
    with pytest.raises(StaleVersion):
        await service.submit(game_id, BOB, "bid:2", version)  # the decision is over


async def test_submit_on_a_lobby_or_finished_game(service):
    table = await lobby_with(service, [HOST, ALICE])
    with pytest.raises(GameNotActive) as info:
        await service.submit(table.game_id, HOST, "bid:0", 0)
    assert "not started" in info.value.message
    await service.start(table.game_id, HOST)
    await service.cancel(table.game_id, HOST)
    with pytest.raises(GameNotActive):
        await service.submit(table.game_id, HOST, "bid:0", 0)


async def test_ai_seats_play_until_a_human_is_pending(service, notifier):
    result = await started(service, [HOST], ais=2)
    # the AIs chose their bids at the start; only the human is awaited
    assert [p.user_id for p in result.pending] == [HOST]
    assert [m.source for m in result.moves] == [MoveSource.AI, MoveSource.AI]
    moved = await service.submit(result.game_id, HOST, "bid:0", result.version)
    # HOST's bid closes the bids; then HOST moves first in the race: nobody else moved yet
    assert moved.version == 3
    stepped = await service.submit(result.game_id, HOST, "step", moved.version)
    sources = [m.source for m in stepped.moves]
    assert sources[0] == MoveSource.HUMAN and set(sources[1:]) <= {MoveSource.AI}
    assert stepped.ended or [p.user_id for p in stepped.pending] == [HOST]
    assert len(stepped.moves) >= 2 or stepped.ended
    # one table message for the human move and the AI moves it triggered
    assert notifier.posts_for(result.game_id)[-1].version == stepped.version


async def test_views_keep_secrets(service):
    result = await started(service, [HOST, ALICE])
    game_id = result.game_id
    await service.submit(game_id, HOST, "bid:2", result.version)
    public = await service.view_for(game_id, None)
    assert public.player is None and "my_bid" not in public.view
    mine = await service.view_for(game_id, HOST)
    assert mine.player == 0 and mine.view["my_bid"] == 2
    stranger = await service.view_for(game_id, STRANGER)
    assert stranger.player is None and "my_bid" not in stranger.view
    with pytest.raises(NotSeated):
        await service.view_for(game_id, ALICE, player=0)


async def test_replace_a_player_by_the_ai_or_another_user(service, notifier):
    result = await _race(service, (HOST, ALICE, BOB))
    game_id = result.game_id
    with pytest.raises(NotSeated):
        await service.replace_player(game_id, STRANGER, None, by_user_id=HOST)
    table = await service.replace_player(game_id, ALICE, STRANGER, by_user_id=HOST)
    assert table.user_of(1) == STRANGER
    kinds = [u.kind for u in notifier.posts_for(game_id)]
    assert UpdateKind.REPLACED in kinds
    await service.submit(game_id, HOST, "step", table.version)
    # HOST's move passed the turn to player 1, now held by STRANGER
    step = await service.legal_actions_for(game_id, STRANGER)
    assert step.can_act
    table = await service.replace_player(game_id, STRANGER, None, by_user_id=HOST)
    # the AI took player 1's turn at once
    assert table.pending and table.pending[0].player != 1
    rows = await service.store.list_actions(game_id)
    assert rows[-1].source in ("ai", "human") and any(r.player == 1 and r.source == "ai" for r in rows)
