"""A database written before languages existed reads on: its tables read English (their stored settings name no
language), and its stored narration, which carries no catalog words, is shown as it was written, whatever
language the reader's Discord speaks."""

from __future__ import annotations

import shutil
from pathlib import Path

from host.results import TableStatus
from i18n import Locale
from present import text
from tests.host.conftest import FakeClock, open_service

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "db"
FRENCH = Locale("fr")
FIXTURE_HOST = 501  # the host of every table of the fixture (tests/fixtures/db/make_fixture.py)


async def test_the_tables_and_logs_of_a_schema_10_file_read_as_they_were_written(tmp_path: Path) -> None:
    path = tmp_path / "v10.db"
    shutil.copy(FIXTURES / "v10.sqlite3", path)
    svc = await open_service(path, clock=FakeClock(1_750_100_000.0))
    try:
        tables = [await svc.get_table(game_id) for game_id in range(1, 6)]
        played = [t for t in tables if t.status in (TableStatus.ACTIVE, TableStatus.FINISHED)]
        logs = {t.game_id: await svc.log(t.game_id, FIXTURE_HOST) for t in played}
    finally:
        await svc.close()
    assert {t.settings.language for t in tables} == {"en"}
    assert played and all(logs.values())
    for table in played:
        lines = logs[table.game_id]
        names = text.player_names(table, None)
        assert all(line.phrase is None for line in lines)
        english = text.log_line_texts(lines, names, table.game_name)
        assert text.log_line_texts(lines, names, table.game_name, FRENCH) == english
        assert all("{p" not in said for said in english), english
