"""Startup recovery: every running game loads, snapshots agree with replay, interrupted AI turns resume,
and moves stored just before a crash (but never posted) are announced."""

from __future__ import annotations

import dataclasses
import logging
import time

from engine.core.events import Event
from host.core import Announcement, Applied, Core
from host.live import LiveGame
from host.play import play_ai
from host.results import AppliedMove, MoveSource, RecoveryReport, TableStatus, UpdateKind

log = logging.getLogger(__name__)

# Replaying this many moves takes a few seconds at most (more for heavy games): fine before going online.
VERIFY_ALL_MOVES = 20_000
RESUMED = "The game resumes after a restart."


async def recover(core: Core, verify_all_limit: int, verify_all_moves: int = VERIFY_ALL_MOVES) -> RecoveryReport:
    """Verify running games (all now for a small database, else lazily on first touch), quarantine
    failures, let AI seats finish turns a crash interrupted, and post what a crash left unannounced.
    Never raises for one broken game.

    Small means at most `verify_all_limit` running games holding at most `verify_all_moves` log
    entries together: replay time grows with the moves, whatever the game.
    """
    started = time.perf_counter()
    scan = await core.db.recovery_scan()
    running, ai_waiting, unannounced, moves = scan.running, scan.ai_pending, scan.unannounced, scan.running_moves
    eager = len(running) <= verify_all_limit and moves <= verify_all_moves
    urgent = sorted(set(ai_waiting) | set(unannounced))
    to_load = sorted(set(running) | set(urgent)) if eager else urgent
    quarantined: list[int] = []
    verified = 0
    for game_id in to_load:
        try:
            async with core.locked(game_id):
                live = await core.load_locked(game_id)
        except Exception:
            # Not a verdict on the game (e.g. its rules are not installed): leave it untouched.
            log.exception("game %s could not be loaded at startup", game_id)
            continue
        if live.status == TableStatus.QUARANTINED:
            quarantined.append(game_id)
        elif live.status == TableStatus.ACTIVE:
            verified += 1
    resumed: list[int] = []
    reannounced: list[int] = []
    for game_id in urgent:
        cached = core.cache.get(game_id)
        if cached is None or cached.status not in (TableStatus.ACTIVE, TableStatus.FINISHED):
            continue
        live = cached
        try:
            async with core.locked(game_id):
                applied: list[Applied] = []
                await play_ai(core, live, applied)
                if applied:
                    resumed.append(game_id)
                if live.announced < live.version:
                    await _catch_up(core, live)
                    reannounced.append(game_id)
        except Exception:
            log.exception("game %s: resuming after the restart failed", game_id)
    report = RecoveryReport(
        running=len(running),
        verified=verified,
        deferred=0 if eager else len(set(running) - set(to_load)),
        quarantined=tuple(quarantined),
        resumed_ai=tuple(resumed),
        seconds=time.perf_counter() - started,
        reannounced=tuple(reannounced),
    )
    log.info(
        "recovery: %s running, %s verified, %s deferred, %s quarantined, %s AI turns resumed, "
        "%s announced late, in %.3fs",
        report.running,
        report.verified,
        report.deferred,
        len(report.quarantined),
        len(report.resumed_ai),
        len(report.reannounced),
        report.seconds,
    )
    return report


async def _catch_up(core: Core, live: LiveGame) -> None:
    """Post every move stored after the last announcement, as one table message (plus private news)."""
    rows = await core.db.list_actions(live.id, after=max(live.announced, 0))
    applied = [
        Applied(AppliedMove(r.seq, r.player, r.user_id, MoveSource(r.source)), [Event.from_json(e) for e in r.events])
        for r in rows
    ]
    first = live.announced < 0
    kind = UpdateKind.STARTED if first else UpdateKind.MOVES
    opening = tuple(live.setup_events()) if first else ()
    before = dataclasses.replace(live, decisions=[], status=TableStatus.LOBBY) if first else live
    announcement = Announcement(kind, RESUMED, everyone_private=first, opening=opening)
    messages = core.compose(before, live, applied, announcement)
    # Written by a database of schema 3 or older (no outbox then): queue them now, and mark them announced.
    live.announced = live.version
    await core.enqueue(live, messages)
    await core.flush_announced([live])
