"""Golden pictures: fixed views rendered and compared to committed PNGs by decoded pixels.

The views are committed JSON next to the PNGs, so an engine change cannot move
them; regenerate both on purpose with `python -m render.gallery --goldens`.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from PIL import Image

from engine import registry
from render import gallery
from tests.render.conftest import decode, mean_difference

GOLDEN = Path(__file__).with_name("golden")
# Mean absolute difference per channel (0..255). zlib and FreeType builds can
# differ by a few anti-aliasing pixels; a real change moves far more.
TOLERANCE = 0.5
CASES = sorted(GOLDEN.glob("*.json"))


@pytest.mark.parametrize("game", registry.names())
def test_every_game_has_goldens(game):
    names = {p.stem for p in CASES if p.stem.startswith(game + "_")}
    hint = "run python -m render.gallery --goldens"
    assert any(n.endswith("_board") for n in names), f"no golden boards for {game}: {hint}"
    assert any(n.endswith("_private") for n in names), f"no golden private views for {game}"


@pytest.mark.parametrize("case", CASES, ids=[p.stem for p in CASES])
def test_golden(case):
    game = max((g for g in registry.names() if case.stem.startswith(g + "_")), key=len, default=None)
    assert game is not None, f"golden {case.name} belongs to no registered game"
    key = case.stem[len(game) + 1 :]
    view = json.loads(case.read_text(encoding="utf-8"))
    got = decode(gallery.draw(game, key, view))
    want = Image.open(case.with_suffix(".png")).convert("RGB")
    diff = mean_difference(got, want)
    assert diff <= TOLERANCE, f"{case.stem} differs from its golden by {diff:.3f} (tolerance {TOLERANCE})"
