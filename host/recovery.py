"""Startup recovery: every running game loads, snapshots agree with replay, interrupted AI turns resume,
and moves stored just before a crash (but never posted) are announced."""

from __future__ import annotations

import dataclasses
import logging
import time
from dataclasses import dataclass

from db.store import Store
from engine.core.events import Event
from host import announce
from host.ai_turns import AiTurns
from host.announce import Announcement, Applied
from host.commit import Committer
from host.live import LiveGame
from host.results import AppliedMove, Headline, MoveSource, RecoveryReport, TableStatus, UpdateKind
from host.tables import Tables
from i18n import mark

log = logging.getLogger(__name__)

# Replaying this many moves takes a few seconds at most (more for heavy games): fine before going online.
VERIFY_ALL_MOVES = 20_000
RESUMED = Headline(mark("headline.resumed"))


@dataclass(frozen=True)
class Recovery:
    """What recovery touches: the tables to load, the store to scan, the AI to resume, the committer to
    post what a crash left unannounced."""

    tables: Tables
    store: Store
    ai: AiTurns
    committer: Committer

    async def recover(self, verify_all_limit: int, verify_all_moves: int = VERIFY_ALL_MOVES) -> RecoveryReport:
        """Verify running games (all now for a small database, else lazily on first touch), quarantine
        failures, let AI seats finish turns a crash interrupted, and post what a crash left unannounced.
        Never raises for one broken game.

        Small means at most `verify_all_limit` running games holding at most `verify_all_moves` log
        entries together: replay time grows with the moves, whatever the game.
        """
        started = time.perf_counter()
        scan = await self.store.recovery_scan()
        running = scan.running
        eager = len(running) <= verify_all_limit and scan.running_moves <= verify_all_moves
        urgent = sorted(set(scan.ai_pending) | set(scan.unannounced))
        to_load = sorted(set(running) | set(urgent)) if eager else urgent
        verified, quarantined = await self._load(to_load)
        resumed, reannounced = await self._resume(urgent)
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
            report.running, report.verified, report.deferred, len(report.quarantined), len(report.resumed_ai),
            len(report.reannounced), report.seconds,
        )
        return report

    async def _load(self, game_ids: list[int]) -> tuple[int, list[int]]:
        """Load (and so verify) these games: how many run, and which were quarantined."""
        verified = 0
        quarantined: list[int] = []
        for game_id in game_ids:
            try:
                async with self.tables.locked(game_id):
                    live = await self.tables.load_locked(game_id)
            except Exception:
                # Not a verdict on the game (e.g. its rules are not installed): leave it untouched.
                log.exception("game %s could not be loaded at startup", game_id)
                continue
            if live.status == TableStatus.QUARANTINED:
                quarantined.append(game_id)
            elif live.status == TableStatus.ACTIVE:
                verified += 1
        return verified, quarantined

    async def _resume(self, game_ids: list[int]) -> tuple[list[int], list[int]]:
        """Play the AI turns a crash interrupted and post what it left unannounced: which games did each."""
        resumed: list[int] = []
        reannounced: list[int] = []
        for game_id in game_ids:
            live = self.tables.cached(game_id)
            if live is None or live.status not in (TableStatus.ACTIVE, TableStatus.FINISHED):
                continue
            try:
                async with self.tables.locked(game_id):
                    applied: list[Applied] = []
                    await self.ai.play(live, applied)
                    if applied:
                        resumed.append(game_id)
                    if live.announced < live.version:
                        await self._catch_up(live)
                        reannounced.append(game_id)
            except Exception:
                log.exception("game %s: resuming after the restart failed", game_id)
        return resumed, reannounced

    async def _catch_up(self, live: LiveGame) -> None:
        """Post every move stored after the last announcement, as one table message (plus private news)."""
        rows = await self.store.list_actions(live.id, after=max(live.announced, 0))
        applied = [
            Applied(
                AppliedMove(r.seq, r.player, r.user_id, MoveSource(r.source)), [Event.from_json(e) for e in r.events]
            )
            for r in rows
        ]
        first = live.announced < 0
        kind = UpdateKind.STARTED if first else UpdateKind.MOVES
        opening = tuple(live.setup_events()) if first else ()
        before = dataclasses.replace(live, decisions=[], status=TableStatus.LOBBY) if first else live
        announcement = Announcement(kind, RESUMED, everyone_private=first, opening=opening)
        messages = announce.compose(before, live, applied, announcement)
        # Written by a database of schema 3 or older (no outbox then): queue them now, and mark them announced.
        live.announced = live.version
        await self.committer.enqueue(messages)
        await self.committer.flush_announced([live])
