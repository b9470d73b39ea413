"""SqliteStore beyond the common contract (tests/db/test_store_contract.py): group commit is kept, and the
URL forms of DATABASE_URL and DATABASE_PATH open the same file."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from db.errors import StoreUnavailable
from db.sqlite_store import SqliteStore, open_sqlite_store
from db.url import is_postgres, open_store, redacted, sqlite_path, sqlite_url
from tests.db.test_store_contract import _move, _running


async def test_moves_of_many_games_queued_together_share_commits(tmp_path: Path) -> None:
    store = await open_sqlite_store(tmp_path / "g.db", synchronous="NORMAL")
    try:
        games = [await _running(store, channel=100 + n) for n in range(40)]
        # Counted by the Database (private, but the group commit is what this test is about).
        before = store.database._commits
        await asyncio.gather(*(store.commit_move(_move(game_id, 0, 1)) for game_id in games))
        commits = store.database._commits - before
        rows = [await store.get_game(g) for g in games]
        assert [row.version if row is not None else None for row in rows] == [1] * len(games)
    finally:
        await store.close()
    # 40 moves, one transaction (and one disk sync) per group of moves that arrived together, not per move.
    assert 1 <= commits <= 4


async def test_a_conflicting_move_in_a_group_undoes_only_itself(tmp_path: Path) -> None:
    store = await open_sqlite_store(tmp_path / "g.db", synchronous="NORMAL")
    try:
        first, second = await _running(store, channel=1), await _running(store, channel=2)
        results = await asyncio.gather(
            store.commit_move(_move(first, 0, 1)),
            store.commit_move(_move(second, 5, 6)),  # stale: the game is at version 0
            store.commit_move(_move(second, 0, 1)),
            return_exceptions=True,
        )
        assert [type(r).__name__ for r in results] == ["NoneType", "VersionConflict", "NoneType"]
        assert [a.seq for a in await store.list_actions(second)] == [1]
    finally:
        await store.close()


@pytest.mark.parametrize(
    ("url", "path"),
    [
        ("sqlite:///gnomehost.db", "gnomehost.db"),
        ("sqlite:////var/lib/gnomehost/g.db", "/var/lib/gnomehost/g.db"),
        ("sqlite:///data/my%20games.db", "data/my games.db"),
        ("./gnomehost.db", "./gnomehost.db"),  # DATABASE_PATH: a bare path is a SQLite file
        ("postgresql://u:p@host/db", None),
    ],
)
def test_a_url_names_its_sqlite_file(url: str, path: str | None) -> None:
    assert sqlite_path(url) == path


def test_sqlite_url_round_trips_a_path(tmp_path: Path) -> None:
    assert sqlite_path(sqlite_url(tmp_path / "g.db")) == str(tmp_path / "g.db")


def test_a_postgres_url_is_recognised_and_its_password_never_shown() -> None:
    assert is_postgres("postgresql://gnome:secret@db.example/gnomehost")
    assert is_postgres("postgres://gnome@db.example/gnomehost")
    assert not is_postgres("sqlite:///x.db")
    assert redacted("postgresql://gnome:secret@db.example:5432/gnomehost") == "postgresql://gnome:***@db.example:5432/gnomehost"


@pytest.mark.parametrize("url", ["mysql://u@h/db", "sqlite:///", "sqlite://relative.db"])
async def test_an_unusable_url_is_refused_with_the_forms_that_work(url: str) -> None:
    with pytest.raises(StoreUnavailable) as refused:
        await open_store(url)
    assert "sqlite:///" in str(refused.value)


async def test_database_path_and_a_sqlite_url_open_the_same_file(tmp_path: Path) -> None:
    path = tmp_path / "g.db"
    store = await open_store(str(path))
    try:
        assert isinstance(store, SqliteStore)
        game_id = await _running(store)
    finally:
        await store.close()
    store = await open_store(sqlite_url(path))
    try:
        assert store.description == str(path)
        assert (await store.get_game(game_id)) is not None
    finally:
        await store.close()


def test_database_url_wins_and_database_path_still_names_a_sqlite_file() -> None:
    from app.settings import parse_settings

    path_only = parse_settings({"DISCORD_TOKEN": "t", "DATABASE_PATH": "/srv/g.db"})
    assert sqlite_path(path_only.store_url) == "/srv/g.db"
    assert sqlite_path(parse_settings({"DISCORD_TOKEN": "t"}).store_url) == "./gnomehost.db"
    both = parse_settings({"DISCORD_TOKEN": "t", "DATABASE_PATH": "/srv/g.db", "DATABASE_URL": "postgresql://h/g"})
    assert both.store_url == "postgresql://h/g"
