"""Rules texts: docs/rules/<game>.md split into sections at its `##` headings."""

from __future__ import annotations

from pathlib import Path

from cogs.limits import trim
from engine import registry

RULES_DIR = Path(__file__).resolve().parent.parent / "docs" / "rules"


def rules_path(game_name: str) -> Path | None:
    """The rules file of a registered game; None for any other name.

    The name is looked up in the registry, never used as typed: user text ("../../README", an
    absolute path) must not choose which file is read.
    """
    known = {name: RULES_DIR / f"{name}.md" for name in registry.names()}
    return known.get(game_name)


def rules_sections(game_name: str) -> dict[str, str]:
    """The rules of a registered game from docs/rules/<game>.md, split at its `##` headings (title -> text)."""
    path = rules_path(game_name)
    if path is None or not path.is_file():
        return {}
    sections: dict[str, str] = {}
    title, lines = "Overview", list[str]()
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("## "):
            if any(x.strip() for x in lines):
                sections[title] = "\n".join(lines).strip()
            title, lines = line[3:].strip(), [line]
        else:
            lines.append(line)
    if any(x.strip() for x in lines):
        sections[title] = "\n".join(lines).strip()
    return {trim(k, 100): v for k, v in sections.items()}
