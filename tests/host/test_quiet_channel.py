"""Quiet channels: one live status message per turn, edited while the same players act; mentions only for
players whose decision is new."""

from __future__ import annotations

from itertools import pairwise

from engine.core.rng import Rng
from host.notifier import RecordingNotifier
from host.results import PostMode, UpdateKind
from tests.host.conftest import ALICE, HOST, open_service, play_until, started


async def _posts(store_url, moves: int):
    notifier = RecordingNotifier()
    svc = await open_service(store_url, notifier)
    try:
        result = await started(svc, [HOST, ALICE])
        await play_until(svc, result.game_id, Rng.from_seed(3), moves)
    finally:
        await svc.close()
    return notifier.posts_for(result.game_id)


async def test_a_simultaneous_choice_edits_the_status_message_and_mentions_nobody(store_url):
    posts = await _posts(store_url, 1)
    start, chosen = posts
    assert start.kind is UpdateKind.STARTED and start.mode is PostMode.NEW and start.mention == (0, 1)
    assert chosen.mode is PostMode.EDIT and chosen.mention == ()
    # The edited message keeps what it said (its headline first) and adds the new line.
    said = [start.headline, *(e.text for e in start.public_events)]
    assert [e.text for e in chosen.public_events][: len(said)] == said
    assert len(chosen.public_events) == len(said) + 1


async def test_a_new_message_and_a_mention_only_when_the_turn_passes(store_url):
    posts = await _posts(store_url, 12)
    for before, update in pairwise(posts):
        pending_before = {p.player for p in before.pending}
        pending_now = {p.player for p in update.pending}
        if update.mode is PostMode.NEW:
            assert update.mention, "a new message is only posted when the turn passes to someone"
            assert set(update.mention) <= pending_now
        else:
            assert update.mention == ()
            assert pending_now <= pending_before
    assert any(u.mode is PostMode.EDIT for u in posts) and any(u.mode is PostMode.NEW for u in posts[1:])


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
