"""The rebuild (host/rating_rebuild.py) gives back exactly the ratings the games' last moves wrote."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from host.rating_rebuild import rebuild
from tests.host.conftest import ALICE, BOB, GUILD, HOST, started
from tests.host.test_ratings_games import QUICK, _play_out

REPO = Path(__file__).resolve().parents[2]


async def _ratings(store):
    board = sorted(await store.rating_board(GUILD, "dash"),
                   key=lambda r: (r.subject.user_id or 0, r.subject.ai_level or ""))
    return [(r.subject, round(r.mu, 9), round(r.sigma, 9), r.games) for r in board]


async def test_rebuild_equals_the_incremental_ratings(service, clock):
    games = []
    for channel, users, ais, afk in ((1, [HOST, ALICE], 1, frozenset()), (2, [ALICE, BOB], 0, frozenset({1})),
                                     (3, [HOST, BOB], 1, frozenset()), (4, [BOB, ALICE, HOST], 0, frozenset())):
        game_id = (await started(service, users, ais=ais, options=QUICK, channel=channel)).game_id
        await _play_out(service, clock, game_id, afk=afk)
        clock.advance(10)
        games.append(game_id)
    incremental = await _ratings(service.store)
    seats = {g: await service.store.seat_ratings(g) for g in games}
    assert len(incremental) >= 4 and max(r[3] for r in incremental) >= 3
    assert await rebuild(service.store) == len([g for g in games if seats[g]])
    assert await _ratings(service.store) == incremental
    assert {g: await service.store.seat_ratings(g) for g in games} == seats


def test_the_command_line_rebuilds_a_database(tmp_path):
    done = subprocess.run(
        [sys.executable, "-m", "host.ratings", "rebuild", "--database", f"sqlite:///{tmp_path}/g.db"],
        cwd=REPO, capture_output=True, text=True, timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert "rebuilt the ratings of 0 rated games" in done.stdout
