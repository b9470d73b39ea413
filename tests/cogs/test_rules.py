"""cogs.rules: only a registered game's players' page is ever read, whatever text names the game."""

from __future__ import annotations

from pathlib import Path

import pytest

from cogs.rules import PLAY_DIR, rules_path, rules_sections
from engine import registry

REPO = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("name", ["../../README", "../architecture", "../../cogs/rules", "vendetta/../../README",
                                  "../rules/vendetta", "", ".", "VENDETTA", "vendetta.md", "x" * 5000])
def test_names_that_are_not_registered_read_nothing(name: str) -> None:
    assert rules_path(name) is None
    assert rules_sections(name) == {}


def test_an_absolute_path_to_a_planted_file_reads_nothing(tmp_path: Path) -> None:
    planted = tmp_path / "planted.md"
    planted.write_text("## Secret\nthe planted secret\n", encoding="utf-8")
    assert rules_sections(str(tmp_path / "planted")) == {}
    assert rules_sections(str(planted)) == {}


def test_the_files_that_would_have_leaked_exist() -> None:
    """The names above point at real Markdown files: reading them is what the lookup prevents."""
    assert (PLAY_DIR / "../../README.md").resolve().is_file()
    assert (PLAY_DIR / "../architecture.md").resolve().is_file()
    assert (PLAY_DIR / "../rules/vendetta.md").resolve().is_file()


@pytest.mark.parametrize("name", registry.names())
def test_every_registered_game_has_its_players_page(name: str) -> None:
    assert rules_path(name) == PLAY_DIR / f"{name}.md"
    assert rules_sections(name)


@pytest.mark.parametrize("name", registry.names())
def test_what_is_served_is_the_players_page_not_the_developers_rules(name: str) -> None:
    served = "\n".join(rules_sections(name).values())
    assert "R-" not in served and "## Rulings" not in served
    assert (REPO / "docs" / "rules" / f"{name}.md").read_text(encoding="utf-8").count("R-") > 10
