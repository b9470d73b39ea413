"""Rules texts: docs/rules/<game>.md split into sections at its `##` headings."""

from __future__ import annotations

from pathlib import Path

from cogs.limits import trim

RULES_DIR = Path(__file__).resolve().parent.parent / "docs" / "rules"


def rules_sections(game_name: str) -> dict[str, str]:
    """The rules of a game from docs/rules/<game>.md, split at its `##` headings (title -> text)."""
    path = RULES_DIR / f"{game_name}.md"
    if not path.is_file():
        return {}
    sections: dict[str, str] = {}
    title, lines = "Overview", []
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
