"""Startup recovery: every running game loads, snapshots agree with replay, interrupted AI turns resume."""

from __future__ import annotations

import logging
import time

from db import games as games_repo
from host.core import Applied, Core
from host.play import play_ai
from host.results import RecoveryReport, TableStatus, UpdateKind

log = logging.getLogger(__name__)


async def recover(core: Core, verify_all_limit: int) -> RecoveryReport:
    """Verify running games (all now when there are at most `verify_all_limit`, else lazily), quarantine
    failures, and let AI seats finish turns a crash interrupted. Never raises for one broken game."""
    started = time.perf_counter()
    async with core.db.reading() as conn:
        running = await games_repo.ids_with_status(conn, TableStatus.ACTIVE.value)
        ai_waiting = await games_repo.ids_with_ai_pending(conn)
    eager = len(running) <= verify_all_limit
    to_load = running if eager else ai_waiting
    quarantined: list[int] = []
    verified = 0
    for game_id in to_load:
        try:
            async with core.lock(game_id):
                live = await core.load_locked(game_id)
        except Exception:
            # Not a verdict on the game (e.g. its rules are not installed): leave it untouched.
            log.exception("game %s could not be loaded at startup", game_id)
            continue
        if live.status == TableStatus.QUARANTINED:
            quarantined.append(game_id)
        else:
            verified += 1
    resumed: list[int] = []
    for game_id in ai_waiting:
        live = core.cache.get(game_id)
        if live is None or live.status != TableStatus.ACTIVE:
            continue
        async with core.lock(game_id):
            applied: list[Applied] = []
            await play_ai(core, live, applied)
            if applied:
                resumed.append(game_id)
                await core.announce(live, core.result(live, applied), UpdateKind.MOVES, "The game resumes.")
    report = RecoveryReport(
        running=len(running),
        verified=verified,
        deferred=0 if eager else len(running) - len(to_load),
        quarantined=tuple(quarantined),
        resumed_ai=tuple(resumed),
        seconds=time.perf_counter() - started,
    )
    log.info(
        "recovery: %s running, %s verified, %s deferred, %s quarantined, %s AI turns resumed in %.3fs",
        report.running,
        report.verified,
        report.deferred,
        len(report.quarantined),
        len(report.resumed_ai),
        report.seconds,
    )
    return report
