"""The sender's part of quiet tables: a turn ping stays while someone it named still owes their choice and is
deleted once nobody does (also after a restart: the ping is a stored message slot), and a player's second
secret decision of one round rewrites that round's DM prompt instead of sending a new DM."""

from __future__ import annotations

import json

from engine.core.decisions import DecisionKind
from host.notifier import RecordingNotifier
from host.outbox import Outgoing, Payload, PromptPost, TurnPing, channel_queue, encode, user_queue
from host.results import PendingPlayer
from host.service import TableService
from tests.fixtures.db import raw
from tests.host.conftest import ALICE, CHANNEL, HOST, open_service, started


async def _stored(store_url: str, svc: TableService, game_id: int, queue: str, payload: Payload) -> None:
    """Store one outbox row as a change would, and deliver it."""
    kind, data = encode(Outgoing(game_id, queue, payload).payload)
    await raw.execute(
        store_url,
        (
            "INSERT INTO outbox (game_id, queue, kind, payload, next_at, created_at) VALUES (?, ?, ?, ?, 0, 0)",
            (game_id, queue, kind.value, json.dumps(data)),
        ),
    )
    await svc.deliver()


HOST_TURN = PendingPlayer(0, HOST, DecisionKind.TURN, "Move")
ALICE_TURN = PendingPlayer(1, ALICE, DecisionKind.TURN, "Move")


async def test_a_ping_stays_while_someone_it_named_owes_a_choice_and_goes_after_a_restart(store_url):
    notifier = RecordingNotifier()
    svc = await open_service(store_url, notifier)
    result = await started(svc, [HOST, ALICE])
    game, channel = result.game_id, channel_queue(CHANNEL)
    await svc.deliver()
    notifier.clear()
    try:
        await _stored(store_url, svc, game, channel, TurnPing((HOST_TURN, ALICE_TURN), (0, 1)))
        await _stored(store_url, svc, game, channel, TurnPing((), (1,)))  # the host chose; alice has not
        ((_, named, ping),) = notifier.turn_pings
        assert [p.player for p in named] == [0, 1]
        (start_ping,) = notifier.deleted  # the start's own ping, which the new one replaced
    finally:
        await svc.close()
    svc = await open_service(store_url, notifier)
    try:
        await _stored(store_url, svc, game, channel, TurnPing((), ()))  # alice chose too
        assert notifier.deleted == [start_ping, ping]
        await _stored(store_url, svc, game, channel, TurnPing((), ()))  # nothing left to delete
        assert notifier.deleted == [start_ping, ping] and len(notifier.turn_pings) == 1
    finally:
        await svc.close()


async def test_a_new_ping_replaces_the_last_even_while_its_players_still_owe_their_choice(store_url):
    notifier = RecordingNotifier()
    svc = await open_service(store_url, notifier)
    try:
        result = await started(svc, [HOST, ALICE])
        game, channel = result.game_id, channel_queue(CHANNEL)
        await svc.deliver()
        notifier.clear()
        await _stored(store_url, svc, game, channel, TurnPing((HOST_TURN,), (0,)))
        await _stored(store_url, svc, game, channel, TurnPing((ALICE_TURN,), (0, 1)))
        first, second = (ref for _, _, ref in notifier.turn_pings)
        start_ping = notifier.deleted[0]  # the start's own ping, which the first one replaced
        assert notifier.deleted == [start_ping, first]
        assert notifier.calls == [f"delete_ping:{game}", f"turn_ping:{game}"] * 2
        await _stored(store_url, svc, game, channel, TurnPing((), (0,)))  # alice, named by the live ping, chose
        assert notifier.deleted == [start_ping, first, second]
    finally:
        await svc.close()


async def test_a_second_secret_decision_of_a_round_edits_that_rounds_prompt(store_url):
    notifier = RecordingNotifier()
    svc = await open_service(store_url, notifier)
    try:
        result = await started(svc, [HOST, ALICE])
        game, dms = result.game_id, user_queue(HOST)
        await svc.deliver()
        notifier.clear()
        await _stored(store_url, svc, game, dms, PromptPost(HOST, 0, result.version, 3))
        await _stored(store_url, svc, game, dms, PromptPost(HOST, 0, result.version, 3))
        await _stored(store_url, svc, game, dms, PromptPost(HOST, 0, result.version, 4))
        await _stored(store_url, svc, game, dms, PromptPost(HOST, 0, result.version))  # an older row: no round
        assert notifier.calls == [f"prompt:{game}:{HOST}", f"edit_prompt:{game}:{HOST}", f"prompt:{game}:{HOST}",
                                  f"prompt:{game}:{HOST}"]
        edited = next(ref for kind, ref in notifier.edits if kind == "prompt_reused")
        assert edited.channel_id == HOST
    finally:
        await svc.close()


async def test_a_players_own_choice_sends_them_no_new_dm(store_url):
    notifier = RecordingNotifier()
    svc = await open_service(store_url, notifier)
    try:
        result = await started(svc, [HOST, ALICE])
        await svc.deliver()
        # The start prompts both for their secret bid, one DM each: its panel is their private view.
        assert notifier.privates == []
        assert sorted(user for _, user, _ in notifier.prompts) == sorted([HOST, ALICE])
        # The host's own bid sends them nothing new: the prompt they answered is edited to say what they chose.
        notifier.clear()
        step = await svc.legal_actions_for(result.game_id, HOST)
        await svc.submit(result.game_id, HOST, step.actions[0].id, step.version)
        await svc.deliver()
        assert notifier.privates == [] and notifier.prompts == []
    finally:
        await svc.close()


def test_private_news_of_a_batch_that_also_opens_a_secret_choice_is_told_in_the_prompt():
    from engine.core.events import private_event
    from host.announce import fold_news
    from host.outbox import PrivatePost
    from host.results import PrivateUpdate

    drawn = (private_event(0, "You draw: Sprint, Trap."),)
    news = [
        Outgoing(1, user_queue(HOST), PrivatePost(HOST, PrivateUpdate(1, 0, 7, drawn, {}))),
        Outgoing(1, user_queue(ALICE), PrivatePost(ALICE, PrivateUpdate(1, 1, 7, (), {}))),
    ]
    prompts = [Outgoing(1, user_queue(HOST), PromptPost(HOST, 0, 7, 2)),
               Outgoing(1, user_queue(ALICE), PromptPost(ALICE, 1, 7, 2))]
    left = fold_news(news, prompts)
    # The host's draw rides in their prompt (one DM); alice's view without news keeps its own DM.
    assert [o.payload.user_id for o in left if isinstance(o.payload, PrivatePost)] == [ALICE]
    assert [p.payload.news for p in prompts if isinstance(p.payload, PromptPost)] == [drawn, ()]
