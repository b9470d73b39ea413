"""Every refusal the engine raises carries its words as a phrase, so that a reader of any language can read it: a
scan of the engine's own files for `IllegalAction(...)` without a phrase."""

from __future__ import annotations

import ast
import subprocess
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]

# Refusals no player meets, each with why (file, code): they stay English only.
NOT_FOR_PLAYERS = {
    # A stored snapshot of another schema or shape: the host's own storage, never a player's input.
    ("engine/core/state_tree.py", "E_SCHEMA"),
    # The record check of `python -m engine.replay` (and of the export of a finished game, which replays): the
    # host turns any failure into its own English record refusal.
    ("engine/replay.py", "E_NOT_OVER"),
    ("engine/replay.py", "E_BAD_MOVE"),
}


def engine_files() -> list[str]:
    """The engine's Python files git tracks."""
    listed = subprocess.run(["git", "ls-files", "engine"], cwd=REPO, capture_output=True, text=True, check=True)
    return [name for name in listed.stdout.split() if name.endswith(".py")]


def phraseless(source: str) -> list[tuple[int, str]]:
    """(line, code) of each `IllegalAction(...)` call in `source` given no phrase (keyword or third argument)."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Call):
            continue
        func = node.func
        name = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else None
        if name != "IllegalAction":
            continue
        if len(node.args) >= 3 or any(k.arg == "phrase" for k in node.keywords):
            continue
        code = node.args[1] if len(node.args) >= 2 else next((k.value for k in node.keywords if k.arg == "code"), None)
        literal = code.value if isinstance(code, ast.Constant) else None
        found.append((node.lineno, literal if isinstance(literal, str) else "E_ILLEGAL"))
    return found


def test_the_scan_finds_a_refusal_without_a_phrase() -> None:
    source = (
        "raise IllegalAction('No.', 'E_NO')\n"
        "raise errors.IllegalAction('No.')\n"
        "raise IllegalAction('Yes.', 'E_YES', phrase('refuse.yes'))\n"
        "raise IllegalAction('Yes.', 'E_YES', phrase=said)\n"
    )
    assert phraseless(source) == [(1, "E_NO"), (2, "E_ILLEGAL")]


def test_every_engine_refusal_a_player_can_meet_has_a_phrase() -> None:
    files = engine_files()
    assert "engine/core/game.py" in files and len(files) > 50
    missing = [f"{name}:{line} ({code})" for name in files
               for line, code in phraseless((REPO / name).read_text(encoding="utf-8"))
               if (name, code) not in NOT_FOR_PLAYERS]
    assert not missing, "refusals without a phrase:\n" + "\n".join(missing)


def test_each_refusal_left_english_is_still_there() -> None:
    """The list above names only refusals that exist, so that it cannot outlive them."""
    found = {(name, code) for name in engine_files() for _, code in phraseless((REPO / name).read_text("utf-8"))}
    assert found >= NOT_FOR_PLAYERS, NOT_FOR_PLAYERS - found
