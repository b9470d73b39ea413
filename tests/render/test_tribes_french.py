"""Gnome Tribes' pictures and alt text in French: every word comes from the catalog, and English is unchanged."""

from __future__ import annotations

import copy
import itertools
from typing import Any

import pytest

import render
from engine import registry
from i18n import ENGLISH, Locale
from render import alt_text, gallery
from render.common import boxes_overlap, inside
from render.tribes import map_layer, samples
from render.tribes.style import (
    MAP_SIZE,
    NAME_SHIFT,
    TERRAINS,
    geometry,
    name_at,
    name_boxes,
    name_lines,
    token_boxes,
)
from render.tribes.words import phase_line, result_text
from tests.e2e.language_scan import foreign_findings
from tests.render.test_readability import _clear_render_caches
from tests.render.test_tribes_render import _inside_polygon

GAME = "tribes"
FRENCH = Locale("fr")


def _engine_views() -> list[tuple[str, dict[str, Any]]]:
    """(label, view) of a seeded four-player game at every stage: the public view and each player's."""
    out: list[tuple[str, dict[str, Any]]] = []
    for sample in gallery.engine_samples(GAME, 4):
        out.append((f"{sample.label} board", sample.public))
        out += [(f"{sample.label} player {p}", view) for p, view in sample.players.items()]
    return out


def _hand_made() -> list[tuple[str, dict[str, Any]]]:
    """The hand-made views (battles, airlifts, the end); their draft lines are English with no phrase, so dropped."""
    out = []
    for label, view in samples.samples().items():
        view = copy.deepcopy(view)
        if "you" in view:
            view["you"]["draft"] = []
        out.append((label, view))
    return out


def _game_views(players: int, seed: int, stride: int) -> list[tuple[str, dict[str, Any]]]:
    """Views of one seeded game every `stride` states (its battles: retreats, conquests, the end)."""
    game = registry.get(GAME)
    states = gallery.play(GAME, players, seed)
    picked = [*range(0, len(states), stride), len(states) - 1]
    return [(f"{players}p seed {seed} state {i} {who}", game.view(states[i], p))
            for i in picked for who, p in (("board", None), ("player 0", 0))]


def _alt_texts(views: list[tuple[str, dict[str, Any]]], locale: Locale) -> list[tuple[str, str]]:
    out = []
    for label, view in views:
        out.append((f"{label}: board", alt_text.describe_board(GAME, view, locale)))
        if "you" in view:
            out.append((f"{label}: private", alt_text.describe_private(GAME, view, locale)))
    return out


def test_the_french_alt_text_holds_no_english_word_at_any_stage_of_a_game():
    views = _engine_views() + _hand_made() + _game_views(3, 2, 40)
    texts = _alt_texts(views, FRENCH)
    assert len(texts) > 50
    assert foreign_findings(texts, "fr", "en") == []
    # The scan sees English: the same views' English alt text is full of words only the English catalog uses.
    assert len(foreign_findings(_alt_texts(views, ENGLISH), "fr", "en")) > len(texts) / 2


def test_the_french_alt_text_names_the_game_s_things_in_french():
    war = samples.samples()["war_plains"]
    board = alt_text.describe_board(GAME, war, FRENCH)
    assert board.startswith("Carte de Tribus de gnomes"), board
    assert "Gnomes des marécages" in board and "Marais-aux-Nénuphars" in board and "rien ne se passe" in board
    private = alt_text.describe_private(GAME, war, FRENCH)
    assert "Ta bourse contient" in private and "GnomSerpent" in private, private


@pytest.mark.parametrize("label", ["start", "choosing", "early", "mid", "end"])
def test_the_french_pictures_differ_from_the_english_ones(label):
    sample = next(s for s in gallery.engine_samples(GAME, 4) if s.label.endswith(label))
    assert render.board(GAME, sample.public, FRENCH) != render.board(GAME, sample.public, ENGLISH)
    for view in sample.players.values():
        assert render.private(GAME, view, FRENCH) != render.private(GAME, view, ENGLISH)


@pytest.mark.parametrize("label", list(samples.samples()))
def test_the_hand_made_views_differ_in_french_and_english_is_the_default(label):
    view = samples.samples()[label]
    english = render.board(GAME, view, ENGLISH)
    assert render.board(GAME, view) == english
    assert render.board(GAME, view, FRENCH) != english
    assert alt_text.describe_board(GAME, view) == alt_text.describe_board(GAME, view, ENGLISH)
    if "you" in view:
        assert render.private(GAME, view, FRENCH) != render.private(GAME, view, ENGLISH)


def test_the_caches_keep_each_language_apart():
    view = samples.samples()["war_plains"]
    _clear_render_caches()
    try:
        french_alone = render.board(GAME, view, FRENCH), render.private(GAME, view, FRENCH)
        _clear_render_caches()
        english = render.board(GAME, view, ENGLISH), render.private(GAME, view, ENGLISH)
        french_after = render.board(GAME, view, FRENCH), render.private(GAME, view, FRENCH)
        english_after = render.board(GAME, view, ENGLISH), render.private(GAME, view, ENGLISH)
    finally:
        _clear_render_caches()
    assert french_after == french_alone
    assert english_after == english
    assert french_after[0] != english[0] and french_after[1] != english[1]
    height = 1600
    assert map_layer.static_layer(height, FRENCH) is not map_layer.static_layer(height, ENGLISH)


def test_the_french_territory_names_stay_on_the_map_and_clear_of_each_other():
    tids = sorted(geometry().territories)
    boxes = {tid: name_boxes(tid, FRENCH) for tid in tids}
    for tid in tids:
        assert name_lines(tid, ENGLISH) == geometry().territories[tid].lines
        for box in boxes[tid]:
            assert inside(box, (MAP_SIZE, MAP_SIZE)), tid
    for a, b in itertools.combinations(tids, 2):
        for box_a, box_b in itertools.product(boxes[a], boxes[b]):
            assert not boxes_overlap(box_a, box_b), (a, b)
    # A French name is broken at its hyphens, never inside a word.
    assert name_lines("eagle_cliffs", FRENCH) == ("Falaises-", "aux-Aigles")
    assert name_lines("mudburg", FRENCH) == ("Fangebourg",)
    assert name_lines("forest", FRENCH) == ("La Forêt",)


@pytest.mark.parametrize("locale", [ENGLISH, FRENCH])
def test_no_territory_name_touches_the_army_tokens_of_any_territory(locale: Locale) -> None:
    """A longer name (French "Marécage-aux-Crapauds") is broken or moved a little so it covers no token that any
    tribe (one stack or two) may put in its own or a neighbour's territory."""
    tids = sorted(geometry().territories)
    tokens = {tid: [box for tribe in TERRAINS for kinds in (1, 2) for box in token_boxes(tid, tribe, kinds)]
              for tid in tids}
    touching = [(named, held) for named in tids for held in tids
                if any(boxes_overlap(name, token) for name in name_boxes(named, locale) for token in tokens[held])]
    assert touching == []
    for tid in tids:
        # Still its territory's name: centred inside it, near where the board places it.
        (x, y), (hx, hy) = name_at(tid, locale), geometry().territories[tid].name_at
        assert abs(x - hx) + abs(y - hy) <= 2 * NAME_SHIFT, tid
        assert _inside_polygon(x, y, geometry().territories[tid].polygon), tid
    assert name_lines("toad_swamp", FRENCH) == ("Marécage-", "aux-", "Crapauds")
    assert name_at("toad_swamp", FRENCH) != geometry().territories["toad_swamp"].name_at


def test_every_outcome_the_engine_says_reads_back_in_french():
    outcomes = {
        "Nothing happens": "Rien ne se passe",
        "The 3 armies attacking Frog Hollow are destroyed":
            "Les 3 armées attaquant Creux-aux-Grenouilles sont détruites",
        "The defenders of The Forest must retreat": "Les défenseurs de la Forêt doivent se replier",
        "The 2 armies defending The Forest retreated; The Forest taken by the Mountain Gnomes with 4 armies":
            "Les 2 armées qui défendaient la Forêt se sont repliées ; la Forêt : conquête des Gnomes des montagnes "
            "avec 4 armées",
        "1 army defending Wheatburg retreated, 2 armies destroyed":
            "En défense de Blébourg : repli de 1 armée, perte de 2 armées",
        "The 1 army defending Mudburg found no room to retreat and are destroyed":
            "1 armée qui défendait Fangebourg ne trouve aucune place pour se replier et est détruite",
        "Cragburg stood empty": "Rocbourg était vide",
        "void: its card was shot down": "annulée : sa carte a été abattue",
    }
    for english, french in outcomes.items():
        assert result_text(english, FRENCH) == french
        assert result_text(english, ENGLISH) == english
    # A sentence the engine never says is shown as the view gives it.
    assert result_text("Something else entirely", FRENCH) == "Something else entirely"
    assert result_text("Nothing happens; and more", FRENCH) == "Nothing happens; and more"


def test_the_phase_line_is_rebuilt_from_the_phase_and_kept_when_it_does_not_match():
    war = samples.samples()["war_plains"]
    assert phase_line(war, ENGLISH) == war["phase_label"]
    assert phase_line(war, FRENCH) == "Tour 9 · Phase 4 : guerres (Gnomes des plaines)"
    odd = dict(war, phase_label="Turn 9 · something new")
    assert phase_line(odd, FRENCH) == "Turn 9 · something new"


def test_the_turn_panel_s_alt_text_joins_its_two_sentences_in_the_reader_s_language():
    view = samples.samples()["war_plains"]
    board, mine = (alt_text.describe_board(GAME, view), alt_text.describe_private(GAME, view))
    assert alt_text.describe_panel(GAME, view, view) == f"{board.rstrip('.')}; below it, {mine[:1].lower()}{mine[1:]}"
    french = alt_text.describe_panel(GAME, view, view, FRENCH)
    assert " ; en dessous, ta bourse contient" in french, french
