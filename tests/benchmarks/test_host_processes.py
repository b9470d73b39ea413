"""The multi-process table benchmark (`python -m benchmarks.host --processes ...`, benchmarks/host_processes.py):
games split like shards, CPU shares as cores, and a tiny run on each store that prints the Markdown table."""

from __future__ import annotations

import pytest

from benchmarks import host
from benchmarks.host_processes import TABLE_HEADER, CpuSample, cpu_shares, guild_of, pct, share_of
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
