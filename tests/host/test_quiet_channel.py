"""Quiet channels: one table message per round, edited through the round; a short turn ping mentions the
players whose decision is new and is deleted once their turn is taken or the next one replaces it."""

from __future__ import annotations

from itertools import pairwise

from engine.core.rng import Rng
from host.notifier import RecordingNotifier
from host.results import PostMode, UpdateKind
from tests.host.conftest import ALICE, HOST, open_service, play_until, started


async def _played(store_url, moves: int | None) -> tuple[RecordingNotifier, int]:
    notifier = RecordingNotifier()
    svc = await open_service(store_url, notifier)
    try:
        result = await started(svc, [HOST, ALICE])
        await play_until(svc, result.game_id, Rng.from_seed(3), moves)
    finally:
        await svc.close()
    return notifier, result.game_id


async def _posts(store_url, moves: int):
    notifier, game_id = await _played(store_url, moves)
    return notifier.posts_for(game_id)


# The spec changed what mentions: table messages mention nobody (an edit would not notify), a short turn ping does.
async def test_a_simultaneous_choice_edits_the_status_message_and_mentions_nobody(store_url):
    notifier, game_id = await _played(store_url, 1)
    start, chosen = notifier.posts_for(game_id)
    assert start.kind is UpdateKind.STARTED and start.mode is PostMode.NEW and start.mention == ()
    assert chosen.mode is PostMode.EDIT and chosen.mention == ()
    # The edited message keeps what it said (its headline first) and adds the new line.
    said = [start.headline, *(e.text for e in start.public_events)]
    assert [e.text for e in chosen.public_events][: len(said)] == said
    assert len(chosen.public_events) == len(said) + 1
    # The start pinged both players; one chose, the other still owes their choice: the ping stays.
    assert [[p.player for p in pending] for _, pending, _ in notifier.turn_pings] == [[0, 1]]
    assert notifier.deleted == []


async def test_a_new_table_message_only_when_a_round_begins(store_url):
    posts = await _posts(store_url, 12)
    for before, update in pairwise(posts):
        assert update.mention == ()
        new_round = before.public_view["round"] != update.public_view["round"]
        if update.mode is PostMode.EDIT:
            assert not new_round and update.kind is UpdateKind.MOVES
        else:
            assert new_round or update.kind is not UpdateKind.MOVES
    assert any(u.mode is PostMode.EDIT for u in posts) and any(u.mode is PostMode.NEW for u in posts[1:])


async def test_each_turn_ping_replaces_the_last_and_the_end_leaves_none(store_url):
    notifier, game_id = await _played(store_url, None)
    assert notifier.posts_for(game_id)[-1].kind is UpdateKind.ENDED
    pinged = [ref for _, _, ref in notifier.turn_pings]
    assert len(pinged) > 2
    # Every ping but none other is deleted, each before the next one goes out, the last once the game ended.
    assert notifier.deleted == pinged
    order = [c.split(":")[0] for c in notifier.calls if c.split(":")[0] in ("turn_ping", "delete_ping")]
    assert order[0] == "turn_ping" and all(a != b for a, b in pairwise(order)), order


async def test_after_a_restart_the_next_update_is_a_new_message(store_url):
    notifier = RecordingNotifier()
    svc = await open_service(store_url, notifier)
    result = await started(svc, [HOST, ALICE])
    await svc.close()
    svc = await open_service(store_url, notifier)
    try:
        await svc.submit(result.game_id, HOST, "bid:1", result.version)
    finally:
        await svc.close()
    assert notifier.posts_for(result.game_id)[-1].mode is PostMode.NEW
