"""The multi-process table benchmark (`python -m benchmarks.host --processes ...`, benchmarks/host_processes.py):
games split like shards, CPU shares as cores, and a tiny run on each store that prints the Markdown table."""

from __future__ import annotations

import pytest

from benchmarks import host
from benchmarks.host_processes import (
    TABLE_HEADER,
    CpuSample,
    CpuShares,
    ProcessRun,
    cpu_shares,
    guild_of,
    idle_ceiling,
    pct,
    share_of,
)
from host.shards import shard_of
from tests.conftest import postgres_test_url


@pytest.mark.parametrize("processes", [1, 2, 3, 4])
def test_each_game_is_played_by_the_process_holding_its_guilds_shard(processes: int) -> None:
    games = 50
    shares = [share_of(index, processes, games) for index in range(processes)]
    assert sorted(j for share in shares for j in share) == list(range(games))
    for index, share in enumerate(shares):
        assert all(shard_of(guild_of(j), processes) == index for j in share)


def test_cpu_shares_are_cores_busy_over_the_window() -> None:
    before = CpuSample(postgres_ours=10.0, postgres_other=5.0, bots=20.0, machine_busy=100.0, machine_total=400.0)
    after = CpuSample(postgres_ours=14.0, postgres_other=6.0, bots=27.0, machine_busy=118.0, machine_total=420.0)
    shares = cpu_shares(before, after, seconds=10.0)
    assert (shares.postgres_ours, shares.postgres_other, shares.bots, shares.machine) == pytest.approx(
        (0.4, 0.1, 0.7, 1.8)
    )
    assert shares.others == pytest.approx(0.6)


def test_quantiles_pick_from_the_sorted_values() -> None:
    values = [5.0, 1.0, 4.0, 2.0, 3.0]
    assert (pct(values, 0.5), pct(values, 0.95), pct([], 0.5)) == (3.0, 5.0, 0.0)


def _table(output: str) -> dict[tuple[str, int], list[str]]:
    lines = output.splitlines()
    at = lines.index(TABLE_HEADER)
    rows: dict[tuple[str, int], list[str]] = {}
    for line in lines[at + 2 :]:
        if not line.startswith("| "):
            break
        cells = [cell.strip() for cell in line.strip("|").split("|")]
        rows[(cells[0], int(cells[1]))] = cells
    return rows


def test_a_quick_run_measures_every_process_count_and_sqlites_single_process(
    store_url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    postgres = not store_url.startswith("sqlite")
    argv = ["--quick", "--games", "vendetta", "--processes", "2" if postgres else "1,2"]
    if postgres:
        admin = postgres_test_url()
        assert admin is not None
        argv += ["--store", "postgres", "--database-url", admin]
    host.main(argv)
    rows = _table(capsys.readouterr().out)
    # SQLite is one process by design: asked for 1,2 it measures 1; PostgreSQL's run adds SQLite's row.
    assert set(rows) == ({("postgres", 2), ("sqlite", 1)} if postgres else {("sqlite", 1)})
    for (store, _), cells in rows.items():
        moves_per_second, paced = float(cells[2]), float(cells[5])
        p50, p95 = (float(x) for x in cells[4].split("/"))
        assert moves_per_second > 0 and paced > 0
        assert 0 < p50 <= p95
        assert (cells[7] != "-") == (store == "postgres")  # the database server's CPU only where there is one


def test_the_idle_ceiling_is_bounded_by_the_cores_and_by_one_core_per_bot_process() -> None:
    def run(processes: int, bots: float, database: float) -> ProcessRun:
        # 100 moves in 1 s: `bots` and `database` cores busy mean 10 ms x that per move.
        cpu = CpuShares(postgres_ours=database, postgres_other=0.0, bots=bots, machine=2.0, cores=2)
        return ProcessRun("postgres", processes, 100, 1.0, [], 0.0, [], cpu, (0.0, 0.0, 0.0), 0, {})

    # 2 ms + 2 ms per move on 2 cores: 500/s; one process alone would be held to 1 / 2 ms = 500/s too.
    assert idle_ceiling(run(2, 0.2, 0.2)) == pytest.approx(500)
    # 4 ms of bot and 1 ms of database per move: one bot process is held to 250/s, two to the cores' 400/s.
    assert idle_ceiling(run(1, 0.4, 0.1)) == pytest.approx(250)
    assert idle_ceiling(run(2, 0.4, 0.1)) == pytest.approx(400)
