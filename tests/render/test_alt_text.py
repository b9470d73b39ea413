"""Alt text: one sentence per picture, and no hidden fact in a public picture's sentence."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from engine import registry
from render import alt_text, gallery
from tests.render.conftest import engine_samples, gallery_samples

GAMES = registry.names()


def _hidden_changed(view: dict[str, Any]) -> dict[str, Any]:
    """The same view with every private part replaced by something else (another hand, other secrets)."""
    out = copy.deepcopy(view)
    for key in gallery.PRIVATE_KEYS & out.keys():
        out[key] = {"player": 0, "hand": [{"id": "x", "name": "Secret Card"}], "purse": 999}
    return out


@pytest.mark.parametrize("game", GAMES)
def test_public_alt_text_is_the_same_whatever_the_hidden_parts(game):
    checked = 0
    for sample in engine_samples(game):
        public = alt_text.describe_board(game, sample.public)
        for view in sample.players.values():
            # A player's view is the public view plus that player's secrets.
            assert alt_text.describe_board(game, view) == public
            assert alt_text.describe_board(game, _hidden_changed(view)) == public
            checked += 1
    assert checked > 0


@pytest.mark.parametrize("game", GAMES)
def test_every_picture_gets_one_sentence(game):
    for sample in gallery_samples(game):
        texts = [alt_text.describe_board(game, sample.public)]
        for view in sample.players.values():
            texts += [alt_text.describe_private(game, view), alt_text.describe_panel(game, sample.public, view)]
        for text in texts:
            assert 10 < len(text) <= alt_text.MAX_CHARS, text
            assert text[0].isupper() and text.endswith("."), text
            assert ". " not in text.rstrip(".").replace("St. ", ""), f"more than one sentence: {text}"
            assert "_" not in text and "Seat " not in text, f"engine words in: {text}"


@pytest.mark.parametrize("game", GAMES)
def test_private_alt_text_tells_the_players_own_secrets(game):
    sample = next(s for s in engine_samples(game) if s.label.endswith("_mid"))
    views = list(sample.players.values())
    mine = {alt_text.describe_private(game, v) for v in views}
    # Players hold different secrets, so their pictures are described differently.
    assert len(mine) > 1


def test_the_end_board_names_the_winner():
    for game in GAMES:
        end = next(s for s in engine_samples(game) if s.label.endswith("_end"))
        assert "Winner" in alt_text.describe_board(game, end.public), game


def test_a_long_description_is_cut_at_a_word_within_discords_limit():
    text = alt_text.clipped("word " * 400)
    assert len(text) <= alt_text.MAX_CHARS and text.endswith("word…")


def test_alt_text_of_an_unknown_game_is_a_key_error():
    with pytest.raises(KeyError):
        alt_text.describe_board("no_such_game", {})
