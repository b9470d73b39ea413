"""The front-end seam holds: only cogs/ and bot.py talk to Discord, the picture and wording packages know
nothing of Discord, storage or the host, and the engine is pure.

Read from the git-tracked source (every import, also those inside functions), so a module breaking a rule
fails here at once. present/ may not exist yet: its rules apply to whatever files it has.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from tests.source_files import project_files

REPO = Path(__file__).resolve().parents[1]

# Where discord.py may be imported: the Discord front end, its composition root, and the tests that drive them.
DISCORD_ALLOWED = ("cogs", "bot.py", "tests")
# package -> the top-level packages (or modules) it must not import, and the modules excepted from that rule.
FORBIDDEN: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "render": (("discord", "db", "host", "cogs", "app", "present"), ()),
    # A screen's words may be built from the host's result values, never from its internals.
    "present": (("discord", "db", "host", "cogs", "app", "render"),
                ("host.results", "host.rating_results", "host.stat_results")),
    "engine": (("host", "db", "cogs", "render", "present", "app", "discord", "asyncio", "i18n"), ()),
    # The language seam is below every front end and beside the engine: it reads catalog files, imports no layer.
    "i18n": (("discord", "db", "host", "cogs", "app", "render", "present", "engine"), ()),
    "app": (("discord", "cogs"), ()),
}


def imported_modules(tree: ast.AST) -> list[tuple[int, str]]:
    """(line, module) for each import in `tree`, anywhere in it; `from pkg import name` counts as pkg.name."""
    found: list[tuple[int, str]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module is not None and node.level == 0:
            found += [(node.lineno, f"{node.module}.{alias.name}") for alias in node.names]
    return found


def breaches(source: str, where: str, forbidden: tuple[str, ...], excepted: tuple[str, ...] = ()) -> list[str]:
    """`where:line imports module` for each import of `source` reaching into a forbidden package."""
    out = []
    for line, module in imported_modules(ast.parse(source, filename=where)):
        if any(module == ok or module.startswith(ok + ".") for ok in excepted):
            continue
        if module.split(".")[0] in forbidden:
            out.append(f"{where}:{line} imports {module}")
    return out


def _files(under: str) -> list[Path]:
    return [p for p in project_files(REPO, (".py",)) if p.relative_to(REPO).parts[0] == under]


def _source(path: Path) -> str:
    return path.read_text(encoding="utf-8")


def test_the_check_finds_imports_at_any_depth_and_honours_the_exceptions() -> None:
    source = "import discord\nfrom host.results import TableInfo\ndef f():\n    from host.core import Core\n"
    assert breaches(source, "x.py", ("discord", "host"), ("host.results",)) == [
        "x.py:1 imports discord", "x.py:4 imports host.core.Core",
    ]
    assert breaches("from db import rows\n", "y.py", ("db",)) == ["y.py:1 imports db.rows"]
    assert breaches("import hostname\n", "z.py", ("host",)) == []


def test_the_scan_sees_the_front_end_the_pictures_and_the_engine() -> None:
    scanned = {p.relative_to(REPO).parts[0] for p in project_files(REPO, (".py",))}
    assert {"cogs", "render", "engine", "app", "bot.py"} <= scanned


def test_only_cogs_and_bot_py_import_discord() -> None:
    found = [
        hit
        for path in project_files(REPO, (".py",))
        if path.relative_to(REPO).parts[0] not in DISCORD_ALLOWED
        for hit in breaches(_source(path), path.relative_to(REPO).as_posix(), ("discord",))
    ]
    assert found == [], "only cogs/ and bot.py may import discord:\n" + "\n".join(found)


@pytest.mark.parametrize("package", sorted(FORBIDDEN))
def test_each_lower_package_keeps_to_its_layer(package: str) -> None:
    forbidden, excepted = FORBIDDEN[package]
    found = [
        hit
        for path in _files(package)
        for hit in breaches(_source(path), path.relative_to(REPO).as_posix(), forbidden, excepted)
    ]
    assert found == [], f"{package}/ must not import {', '.join(forbidden)}:\n" + "\n".join(found)


def test_the_host_package_itself_imports_nothing() -> None:
    # present/ may read host.results; importing the host package must not drag in the whole service with it.
    source = _source(REPO / "host" / "__init__.py")
    assert imported_modules(ast.parse(source)) == []


def test_a_screen_is_read_through_the_service_in_one_call() -> None:
    # The panel is one TableService.panel read: building it piece by piece (step, extras, views) would let a
    # move land between the pieces.
    source = _source(REPO / "cogs" / "panels.py")
    for piecewise in ("legal_actions_for", "panel_details", "view_for", "get_table"):
        assert f"service.{piecewise}(" not in source, piecewise
    assert "service.panel(" in source
