"""The Associates modules import one another in one direction only: no circle, and no import hidden in a function."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[3] / "engine" / "associates"


def _module(path: Path) -> str:
    return ".".join(("engine", *path.relative_to(PACKAGE.parent).with_suffix("").parts)).removesuffix(".__init__")


def _imports(path: Path) -> tuple[set[str], list[int]]:
    """Associates modules imported at the top of `path`, and the lines of imports inside functions."""
    tree = ast.parse(path.read_text())
    top: set[str] = set()
    for node in tree.body:
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("engine.associates"):
            top.add(node.module)
            top.update(f"{node.module}.{a.name}" for a in node.names)
        elif isinstance(node, ast.Import):
            top.update(a.name for a in node.names if a.name.startswith("engine.associates"))
    inner = [n.lineno for f in ast.walk(tree) if isinstance(f, ast.FunctionDef | ast.AsyncFunctionDef)
             for n in ast.walk(f) if isinstance(n, ast.Import | ast.ImportFrom)]
    return top, inner


def _graph() -> dict[str, set[str]]:
    paths = {_module(p): p for p in PACKAGE.rglob("*.py")}
    graph = {}
    for name, path in paths.items():
        top, _ = _imports(path)
        graph[name] = {m for m in top if m in paths and m != name and m != "engine.associates"}
    return graph


def test_no_import_inside_a_function() -> None:
    hidden = {p.name: lines for p in PACKAGE.rglob("*.py") if (lines := _imports(p)[1])}
    assert hidden == {}


def test_no_import_circle() -> None:
    graph = _graph()
    done: set[str] = set()
    path: list[str] = []

    def visit(node: str) -> None:
        assert node not in path, " -> ".join([*path[path.index(node):], node])
        if node in done:
            return
        path.append(node)
        for nxt in sorted(graph[node]):
            visit(nxt)
        path.pop()
        done.add(node)

    for node in sorted(graph):
        visit(node)
    assert "engine.associates.reactions" in graph and "engine.associates.resolution" in graph
