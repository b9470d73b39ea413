"""Every ruling id the repository cites resolves inside it, in its game's `## Rulings` section.

Code names the ruling it implements in a comment or string, and data files and docs may cite one too:
Vendetta's R-V ids, Associates' R-A and G-<n> ids, Tribes' R-T and G-T ids. A reader who meets one must
find its one-line statement in docs/rules/<game>.md, under the heading `## Rulings`, without any file
outside the repository. A range such as "R-V20..R-V23" or "R-T3 … R-T6" cites every id between its ends.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.source_files import project_files

REPO = Path(__file__).resolve().parents[1]
RULES = REPO / "docs" / "rules"
# Where ids are cited: the code (packages, composition root, tests, benchmarks), its data and the docs.
CODE = ("app", "engine", "host", "cogs", "render", "db", "bot.py", "tests", "benchmarks", "docs", "README.md")
TEXT_SUFFIXES = (".py", ".json", ".sql", ".md")
# The fake Discord's vendored API spec is Discord's text, not ours.
SKIP_DIRS = {"fakediscord"}

# Family prefix (as written before the number) -> the game whose rules file lists it.
FAMILY_GAME = {"R-V": "vendetta", "R-A": "associates", "G-": "associates", "R-T": "tribes", "G-T": "tribes"}
# Any id-shaped token: an R- or G- family, then a number. Unknown families are reported, not ignored.
ID = re.compile(r"\b((?:R-[A-Z]+|G-[A-Z]*))(\d+)\b")
# "R-V20..R-V23", "R-V1…R-V34", "R-T3 … R-T6", "R-A35-R-A37", "R-A35–R-A37", "R-A21 to R-A26".
RANGE = re.compile(r"\b((?:R-[A-Z]+|G-[A-Z]*))(\d+)\s*(?:\.\.|…|–|—|-|\bto\b)\s*\1(\d+)\b")
# A listed ruling: a bullet or table row whose first word is the id ("* **R-V1** …", "- R-T3 — …", "| G-T2 | …").
LISTED = re.compile(r"^\s*(?:[-*]|\|)\s*\**\s*((?:R-[A-Z]+|G-[A-Z]*)\d+)\b\**\s*(?:\||[—:-])?\s*(.*)$")


def _code_files() -> Iterator[Path]:
    for file in project_files(REPO, TEXT_SUFFIXES):
        relative = file.relative_to(REPO)
        if relative.parts[0] in CODE and not SKIP_DIRS.intersection(relative.parts):
            yield file


def cited_ids(text: str) -> set[str]:
    """Ruling ids a text cites, the ids inside a written range included."""
    found = {prefix + number for prefix, number in ID.findall(text)}
    for prefix, low, high in RANGE.findall(text):
        if int(low) < int(high):
            found.update(f"{prefix}{n}" for n in range(int(low), int(high) + 1))
    return found


def citations() -> dict[str, list[str]]:
    """Every cited id -> the places ("path:line") citing it, over all code files."""
    where: dict[str, list[str]] = {}
    this = Path(__file__).resolve()
    for file in _code_files():
        if file.resolve() == this:  # this file's docstring shows example ids
            continue
        for lineno, line in enumerate(file.read_text(encoding="utf-8").splitlines(), 1):
            for ruling in cited_ids(line):
                where.setdefault(ruling, []).append(f"{file.relative_to(REPO)}:{lineno}")
    return where


def family(ruling: str) -> str:
    """The family prefix of an id: "R-V" for R-V11, "G-" for G-4, "G-T" for G-T2."""
    return ruling.rstrip("0123456789")


def rulings_section(text: str) -> str | None:
    """The body of the `## Rulings` section of a rules file (up to the next `## ` heading), or None."""
    lines = text.splitlines()
    try:
        start = next(i for i, line in enumerate(lines) if line.strip() == "## Rulings")
    except StopIteration:
        return None
    body: list[str] = []
    for line in lines[start + 1:]:
        if line.startswith("## "):
            break
        body.append(line)
    return "\n".join(body)


def listed(section: str) -> dict[str, str]:
    """Ids listed in a rulings section -> their statement."""
    out: dict[str, str] = {}
    for line in section.splitlines():
        match = LISTED.match(line)
        if match:
            out[match.group(1)] = match.group(2).strip(" |*")
    return out


def _game_rulings(game: str) -> dict[str, str]:
    path = RULES / f"{game}.md"
    section = rulings_section(path.read_text(encoding="utf-8"))
    assert section is not None, f"docs/rules/{game}.md has no '## Rulings' section"
    return listed(section)


CITED = citations()


def test_the_scan_finds_the_citations_it_checks() -> None:
    """Guards the scan itself: if it found nothing, every check below would pass vacuously."""
    for prefix in ("R-V", "R-A", "G-", "R-T"):
        assert sum(1 for r in CITED if family(r) == prefix) >= 5, prefix


def test_every_cited_family_belongs_to_a_game() -> None:
    unknown = {r: places[:3] for r, places in CITED.items() if family(r) not in FAMILY_GAME}
    assert not unknown, f"ruling ids of no known family (a typo?): {unknown}"


@pytest.mark.parametrize("game", ["vendetta", "associates", "tribes"])
def test_every_cited_ruling_is_listed_in_its_games_rulings_section(game: str) -> None:
    cited = {r: places for r, places in CITED.items() if FAMILY_GAME.get(family(r)) == game}
    rulings = _game_rulings(game)
    missing = {r: cited[r][:3] for r in sorted(cited, key=_order) if r not in rulings}
    assert not missing, f"docs/rules/{game}.md '## Rulings' lacks: " + "; ".join(
        f"{r} (cited at {', '.join(places)})" for r, places in missing.items())


@pytest.mark.parametrize("game", ["vendetta", "associates", "tribes"])
def test_each_listed_ruling_has_a_statement_in_order(game: str) -> None:
    rulings = _game_rulings(game)
    assert rulings, f"docs/rules/{game}.md lists no rulings"
    empty = [r for r, statement in rulings.items() if len(statement) < 10]
    assert not empty, f"rulings without a statement: {empty}"
    assert list(rulings) == sorted(rulings, key=_order), "rulings are not in family and number order"


def _order(ruling: str) -> tuple[int, str, int]:
    prefix = family(ruling)
    # The spec's R- families before the bot's own G- ones, each by number.
    return (0 if prefix.startswith("R-") else 1, prefix, int(ruling[len(prefix):]))


@pytest.mark.parametrize(("text", "expected"), [
    ("# R-V11: passable", {"R-V11"}),
    ("(§5.4, R-V20..R-V23)", {"R-V20", "R-V21", "R-V22", "R-V23"}),
    ("rulings R-T3 … R-T6", {"R-T3", "R-T4", "R-T5", "R-T6"}),
    ("(§12, R-A35-R-A37)", {"R-A35", "R-A36", "R-A37"}),
    ("# R-A26 / G-4: the attacker", {"R-A26", "G-4"}),
    ("G-T2 and R-T44", {"G-T2", "R-T44"}),
    ("a SHA-256 or R-2-D2 or GR-V1 is not a ruling", set()),
])
def test_cited_ids_reads_single_ids_and_ranges(text: str, expected: set[str]) -> None:
    assert cited_ids(text) == expected


def test_listed_reads_bullets_and_table_rows() -> None:
    section = "* **R-V1** Colours are fixed.\n- **G-3** One choice.\n| R-T2 | Two seats |\nprose R-V9 here\n"
    assert listed(section) == {"R-V1": "Colours are fixed.", "G-3": "One choice.", "R-T2": "Two seats"}


@pytest.mark.parametrize("game", ["vendetta", "associates", "tribes"])
def test_each_family_of_rulings_is_numbered_from_one_without_gaps(game: str) -> None:
    """A reader meeting "G-T20" must not wonder where G-T5 to G-T19 went."""
    numbers: dict[str, list[int]] = {}
    for ruling in _game_rulings(game):
        prefix = family(ruling)
        numbers.setdefault(prefix, []).append(int(ruling[len(prefix):]))
    gaps = {prefix: sorted(set(range(1, max(found) + 1)) - set(found)) for prefix, found in numbers.items()}
    assert {prefix: missing for prefix, missing in gaps.items() if missing} == {}
