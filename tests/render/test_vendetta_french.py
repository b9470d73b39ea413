"""Vendetta's pictures and alt text in French: the words drawn come from the catalogs, and long French names fit."""

from __future__ import annotations

import io
import itertools
import re
from typing import Any

from babel.messages.pofile import read_po
from PIL import Image

import render
from i18n import ENGLISH, Locale
from i18n.locale import REPO
from render import alt_text, gallery
from render.common import SOFT_HYPHEN, boxes_overlap, inside
from render.vendetta import map_layer, map_pieces
from render.vendetta.names import place
from render.vendetta.style import CLOCKWISE, MAP_SIZE, geometry, hyphenate
from tests.render.conftest import gallery_samples

GAME = "vendetta"
FRENCH = Locale("fr")


def _french_names(kind: str) -> dict[str, str]:
    """Id -> French name of every `kind.<id>` message of the game's French catalog."""
    with (REPO / "engine" / GAME / "locales" / "fr.po").open("rb") as handle:
        catalog = read_po(handle)
    return {str(m.id).split(".", 1)[1]: str(m.string) for m in catalog
            if isinstance(m.id, str) and m.id.startswith(f"{kind}.")}


def _sample(label: str) -> gallery.Sample:
    return next(s for s in gallery_samples(GAME) if s.label == label)


def _player_view(label: str) -> dict[str, Any]:
    return next(iter(_sample(label).players.values()))


def _is_png(data: bytes) -> bool:
    image = Image.open(io.BytesIO(data))
    image.verify()
    return image.format == "PNG"


# English words the alt text says when it is in English; none may stay in a French sentence.
ENGLISH_WORDS = re.compile(r"\b(garden|map|round|gnomes on|Last move|moved|from|objectives for|offered|done|not yet|"
                           r"none yet|below it|Winner|Fight|Combat at|choosing|Movement|Game over)\b")


def test_a_french_board_and_private_picture_render_and_differ_from_english() -> None:
    sample = _sample("2p_mid")
    board_fr = render.board(GAME, sample.public, FRENCH)
    assert _is_png(board_fr)
    assert board_fr != render.board(GAME, sample.public)
    view = _player_view("2p_choosing")
    private_fr = render.private(GAME, view, locale=FRENCH)
    assert _is_png(private_fr)
    assert private_fr != render.private(GAME, view, ENGLISH)
    pages = render.panel_images(GAME, None, view, FRENCH)
    assert pages and all(_is_png(p) for p in pages)
    assert pages != render.panel_images(GAME, None, view)


def test_english_is_the_default_language() -> None:
    sample = _sample("2p_mid")
    assert render.board(GAME, sample.public) == render.board(GAME, sample.public, ENGLISH)
    assert alt_text.describe_board(GAME, sample.public) == alt_text.describe_board(GAME, sample.public, ENGLISH)


def test_the_french_board_alt_text_names_territories_and_clans_in_french() -> None:
    places, clans = _french_names("territory"), _french_names("clan")
    for sample in gallery_samples(GAME):
        text = alt_text.describe_board(GAME, sample.public, FRENCH)
        assert text.startswith("Carte du jardin de Vendetta"), text
        assert not ENGLISH_WORDS.search(text), text
        for seat in sample.public.get("seats") or []:
            assert clans[seat["clan"]] in text
        last = sample.public.get("last_move") or {}
        for move in last.get("moves") or []:
            if len(last["moves"]) == 1:
                assert places[move[0]] in text and places[move[1]] in text, text


def test_the_french_last_move_names_a_french_territory() -> None:
    places = _french_names("territory")
    english = set(_english_places().values()) - set(places.values())
    seen = 0
    for sample in gallery_samples(GAME):
        text = alt_text.describe_board(GAME, sample.public, FRENCH)
        seen += any(name in text for name in places.values())
        assert not any(name in text for name in english), text
    assert seen > 0


def _english_places() -> dict[str, str]:
    return {t.id: t.name for t in geometry().territories.values()}


def test_the_french_private_alt_text_names_cards_in_french() -> None:
    cards = _french_names("card")
    for label in ("2p_choosing", "2p_mid", "4p_end"):
        for view in _sample(label).players.values():
            text = alt_text.describe_private(GAME, view, FRENCH)
            assert text.startswith(("Tes objectifs", "Objectifs proposés")), text
            assert not ENGLISH_WORDS.search(text), text
            me = view["me"]
            for clan in me.get("clans") or []:
                for card in (me.get("checklist") or {}).get(clan) or (me.get("offered") or {}).get(clan) or []:
                    assert cards[card["id"]] in text, (card, text)
            panel = alt_text.describe_panel(GAME, None, view, FRENCH)
            assert " ; en dessous, " in panel and not ENGLISH_WORDS.search(panel), panel


def test_english_alt_text_is_unchanged() -> None:
    view = _player_view("2p_choosing")
    board = alt_text.describe_board(GAME, view)
    assert board.startswith("Vendetta garden map with the clans' gnomes, ")
    assert alt_text.describe_private(GAME, view).startswith(("Your objectives for ", "Objectives offered to "))
    assert "; below it, " in alt_text.describe_panel(GAME, None, view)


def test_long_french_territory_names_stay_on_the_map_and_clear_of_each_other() -> None:
    territories = list(geometry().territories.values())
    for t in territories:
        limit = {"statue": 2.4, "home": 2.05}.get(t.kind, 1.9)
        names = map_layer.name_boxes(t, FRENCH)
        for box in names:
            assert inside(box, (MAP_SIZE, MAP_SIZE)), (t.id, box)
            assert box[2] - box[0] <= limit * t.r + 2, t.id
        # One row of pieces (up to three clans) leaves the name readable, as in English.
        for n in range(1, 4):
            for piece in map_pieces.piece_boxes(t.id, list(CLOCKWISE[:n])):
                assert not any(boxes_overlap(piece, nb) for nb in names), (t.id, n)
    for a, b in itertools.combinations(territories, 2):
        for x in map_layer.name_boxes(a, FRENCH):
            assert not any(boxes_overlap(x, y) for y in map_layer.name_boxes(b, FRENCH)), (a.id, b.id)


def test_every_french_name_line_is_cut_only_where_a_word_may_break() -> None:
    # A word cut where no break was agreed ("pommeti-ers") reads badly: a line ending in a hyphen ends at a soft
    # hyphen of the name (render.vendetta.style.hyphenate) or at a hyphen the name itself has.
    for t in geometry().territories.values():
        name = hyphenate(place(FRENCH, t.id))
        _, lines = map_layer.name_lines(t, FRENCH)
        for line in lines:
            if line.endswith("-"):
                part = line.split()[-1]
                assert part[:-1] + SOFT_HYPHEN in name or part in name, (t.id, lines)


async def test_the_discord_files_are_drawn_and_described_in_the_language_given() -> None:
    from cogs import images

    sample = _sample("2p_mid")
    view = next(iter(sample.players.values()))
    board = await images.board_file(GAME, sample.public, locale=FRENCH)
    assert board is not None and board.description is not None
    assert board.description == alt_text.describe_board(GAME, sample.public, FRENCH)
    assert board.fp.read() == render.board(GAME, sample.public, FRENCH)
    hand = await images.private_file(GAME, view, locale=FRENCH)
    assert hand is not None and hand.description == alt_text.describe_private(GAME, view, FRENCH)
    panel = await images.panel_files(GAME, sample.public, view, locale=FRENCH)
    assert panel and all(f.description and not ENGLISH_WORDS.search(f.description.split(": ", 1)[-1]) for f in panel)
    english = await images.board_file(GAME, sample.public)
    assert english is not None and english.description == alt_text.describe_board(GAME, sample.public)
