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
