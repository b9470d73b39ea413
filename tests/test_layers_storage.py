"""The storage seam holds: only db/ talks to a database driver, and host/ reaches storage only through the Store.

Read from the source (imports and except clauses), so a new module breaking the rule fails here at once.
tests/db and tests/fixtures may use the drivers (they test and build databases), and so may tests/conftest.py
(it creates and cleans the PostgreSQL test databases) and the end-to-end tests, which inspect the real bot's
SQLite file from outside, as an operator would.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from tests.source_files import project_files

REPO = Path(__file__).resolve().parents[1]
DRIVERS = ("sqlite3", "aiosqlite", "asyncpg")
# Folders whose code may talk to a driver directly.
ALLOWED = ("db", "tests/db", "tests/fixtures", "tests/conftest.py", "tests/e2e")
# A db module host/ may import must not load a driver when imported (lazy imports inside functions are fine:
# db.url loads the SQLite or PostgreSQL store only when asked for one).


def _python_files() -> list[Path]:
    """Every Python file of the repository outside the folders allowed to use a driver."""
    files = []
    for path in project_files(REPO, (".py",)):
        relative = path.relative_to(REPO).as_posix()
        if any(relative == folder or relative.startswith(folder + "/") for folder in ALLOWED):
            continue
        files.append(path)
    return files


def _imported_modules(tree: ast.AST) -> list[str]:
    """The modules a file imports, by absolute name. `from pkg import name` from a top-level package counts as
    pkg.name (`from db import rows` is db.rows); from a deeper module, as that module (db.rows for
    `from db.rows import GameRow`)."""
    names: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.extend(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module is not None and node.level == 0:
            if "." in node.module:
                names.append(node.module)
            else:
                names.extend(f"{node.module}.{alias.name}" for alias in node.names)
    return names


def _driver_uses(path: Path, root: Path = REPO) -> list[str]:
    """`file:line what` for each import of a driver and each driver name used in an except clause."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    found: list[str] = []
    where = path.relative_to(root).as_posix()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import | ast.ImportFrom):
            modules = _imported_modules(node)
            if any(m.split(".")[0] in DRIVERS for m in modules):
                found.append(f"{where}:{node.lineno} imports {', '.join(modules)}")
        elif isinstance(node, ast.ExceptHandler) and node.type is not None:
            caught = ast.unparse(node.type)
            if any(driver in caught for driver in DRIVERS):
                found.append(f"{where}:{node.lineno} catches {caught}")
    return found


def test_the_scan_sees_the_packages_and_finds_a_driver_import(tmp_path: Path) -> None:
    scanned = {p.relative_to(REPO).parts[0] for p in _python_files()}
    assert {"host", "cogs", "engine", "render", "benchmarks", "bot.py", "tests"} <= scanned
    sample = tmp_path / "sample.py"
    sample.write_text(
        "import sqlite3\nfrom asyncpg import exceptions\ntry:\n    pass\nexcept aiosqlite.Error:\n    pass\n",
        encoding="utf-8",
    )
    uses = [line.split(" ", 1)[1] for line in _driver_uses(sample, tmp_path)]
    assert uses == ["imports sqlite3", "imports asyncpg.exceptions", "catches aiosqlite.Error"]


def test_nothing_outside_db_imports_a_database_driver_or_catches_its_errors() -> None:
    found = [use for path in _python_files() for use in _driver_uses(path)]
    assert found == [], "only db/ may use sqlite3/aiosqlite/asyncpg:\n" + "\n".join(found)


def _loaded_at_import(module: str, seen: set[str] | None = None) -> set[str]:
    """The modules importing `module` loads: its top-level imports (not those inside functions or under
    TYPE_CHECKING), and recursively those of the db modules among them."""
    seen = set() if seen is None else seen
    if module in seen:
        return set()
    seen.add(module)
    path = REPO / (module.replace(".", "/") + ".py")
    if not path.exists():
        path = REPO / module.replace(".", "/") / "__init__.py"
    if not path.exists():
        return set()
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    top = ast.Module(body=[n for n in tree.body if isinstance(n, ast.Import | ast.ImportFrom)], type_ignores=[])
    loaded = set(_imported_modules(top))
    for name in list(loaded):
        if name.startswith("db."):
            loaded |= _loaded_at_import(name, seen)
    return loaded


def test_the_import_check_follows_db_modules_and_skips_lazy_imports() -> None:
    assert "aiosqlite" in _loaded_at_import("db.sqlite_store")  # through db.connection
    assert not any(m.split(".")[0] in DRIVERS for m in _loaded_at_import("db.url"))


@pytest.mark.parametrize(
    "path", [p for p in project_files(REPO, (".py",)) if p.parent == REPO / "host"], ids=lambda p: p.name
)
def test_host_imports_no_db_module_that_loads_a_driver(path: Path) -> None:
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    for module in sorted(m for m in _imported_modules(tree) if m.startswith("db.")):
        drivers = sorted(m for m in _loaded_at_import(module) if m.split(".")[0] in DRIVERS)
        assert drivers == [], f"host/{path.name} imports {module}, which loads {drivers}: use the Store (db.store)"
