"""Gnomes & Associates' pictures and alt text in French: every word from the game's catalog, English unchanged."""

from __future__ import annotations

import io
from typing import Any

import pytest
from PIL import Image

import render
from engine import registry
from i18n import ENGLISH, Locale
from render import alt_text, common, gallery
from render.associates import events, map_layer, map_pieces, panel_view, private_view
from render.associates import samples as associates_samples
from render.associates.style import zones
from tests.e2e.language_scan import foreign_findings
from tests.i18n.test_associates_phrases import busy_game_events
from tests.render.conftest import decode, layer_rgb

GAME = "associates"
FRENCH = Locale("fr")


def _samples() -> list[gallery.Sample]:
    """A seeded game at every stage (3 and 4 players), then the hand-made views."""
    out = [*gallery.engine_samples(GAME, 4), *gallery.engine_samples(GAME, 3)]
    for label, view in associates_samples.samples().items():
        out.append(gallery.Sample(GAME, label, view, {0: view}))
    return out


SAMPLES = _samples()


def _is_png(data: bytes) -> bool:
    image = Image.open(io.BytesIO(data))
    image.verify()
    return image.format == "PNG"


def test_french_alt_text_of_every_sample_holds_no_english_only_word() -> None:
    texts: list[tuple[str, str]] = []
    for sample in SAMPLES:
        texts.append((f"{sample.label} board", alt_text.describe_board(GAME, sample.public, FRENCH)))
        for player, view in sample.players.items():
            texts.append((f"{sample.label} private {player}", alt_text.describe_private(GAME, view, FRENCH)))
            texts.append((f"{sample.label} panel {player}",
                          alt_text.describe_panel(GAME, sample.public, view, FRENCH)))
    assert len(texts) > 20 and all(" ; en dessous, " in text for where, text in texts if " panel " in where)
    assert foreign_findings(texts, "fr", "en") == []


def test_the_alt_text_says_the_last_move_in_french() -> None:
    view = associates_samples.crowded_view()
    said = alt_text.describe_board(GAME, view, FRENCH)
    assert said.endswith(" ; dernier coup : Gnome des Artisans lance 4 dés jaunes : 1, 5, 3, 6 — 2 réussites.")
    assert said.startswith("Carte des zones de Gnomes & Associés avec les figurines des guildes, tour 9 sur 30")
    assert alt_text.describe_board(GAME, view) != said


def test_english_alt_text_and_captions_are_what_they_were() -> None:
    view = associates_samples.crowded_view()
    assert alt_text.describe_board(GAME, view).startswith(
        "Associates map of the zones with the guilds' figurines, turn ")
    assert "last: Artisans Gnome rolls 4 yellow: 1, 5, 3, 6 — 2 successes." in alt_text.describe_board(GAME, view)
    private = associates_samples.crowded_private()
    hand = "Your hand of 5 cards: Shield, Tomb, Bank, Bailiff, Ambush"
    assert alt_text.describe_private(GAME, private).startswith(hand)
    texts = [line for kind, line, _ in panel_view.panel_layout(view).footer if kind == "text"]
    assert texts[0].startswith("Gn gnome · Tr troll")
    assert any(line.startswith("Last: Artisans Gnome moves: Old Watchtower") for line in texts)


@pytest.mark.parametrize("sample", SAMPLES, ids=lambda s: s.label)
def test_a_french_picture_differs_from_the_english_one(sample: gallery.Sample) -> None:
    french = render.board(GAME, sample.public, FRENCH)
    assert _is_png(french)
    assert french != render.board(GAME, sample.public, ENGLISH)
    for view in sample.players.values():
        if render.private_is_empty(GAME, view):
            continue
        mine = render.private(GAME, view, locale=FRENCH)
        assert _is_png(mine)
        if view.get("hand"):
            assert mine != render.private(GAME, view)


def test_french_after_english_gets_a_french_layer_and_english_after_french_an_english_one() -> None:
    view = associates_samples.crowded_view()
    english = render.board(GAME, view)
    french = render.board(GAME, view, FRENCH)
    assert render.board(GAME, view) == english
    assert render.board(GAME, view, FRENCH) == french != english
    layout = panel_view.panel_layout(view)
    key = (max(1, len(view["guilds"])), sum(layout.row_lines), layout.footer_px)
    english_layer, french_layer = map_layer.static_layer(*key), map_layer.static_layer(*key, FRENCH)
    assert layer_rgb(english_layer).tobytes() != layer_rgb(french_layer).tobytes()
    keep = zones()["abandoned_keep"]
    assert " ".join(map_layer.name_lines(keep)[1]) == "The Abandoned Keep"
    assert " ".join(map_layer.name_lines(keep, FRENCH)[1]) == "Donjon abandonné"
    plain = next(z for z in zones().values() if z.terrain == "plain")
    assert len(map_layer.label_boxes(plain, FRENCH)) == len(map_layer.name_lines(plain, FRENCH)[1]) + 1
    assert map_pieces.layout_for(plain.id, 2, FRENCH)[1]


def test_french_labels_and_pieces_stay_inside_their_zones() -> None:
    for z in zones().values():
        for box in map_layer.label_boxes(z, FRENCH):
            assert z.box[0] <= box[0] and box[2] <= z.box[2], (z.id, map_layer.name_lines(z, FRENCH))
        for box in map_pieces.piece_boxes(z.id, ["artisans", "brigands"], FRENCH):
            assert z.box[0] - 12 <= box[0] and box[2] <= z.box[2] + 12, z.id


def test_the_private_picture_says_the_hand_in_french() -> None:
    view = associates_samples.crowded_private()
    _, lines = private_view._draft_ids(view["draft"], private_view._names(view, FRENCH), FRENCH)
    assert lines == ["Choisi : Bouclier"]
    assert private_view.card_name(view["hand"][0], FRENCH) == "Bouclier"
    assert alt_text.describe_private(GAME, view, FRENCH).startswith("Ta main de 5 cartes : Bouclier, Tombe, Banque")


@pytest.mark.parametrize("players,seed,options", [(2, 1, {}), (3, 2, {}), (4, 6, {"figurines": 4})])
def test_every_public_event_of_a_busy_game_is_rebuilt_in_french(players: int, seed: int,
                                                                options: dict[str, Any]) -> None:
    """An event said again from its data says in English exactly its text, so its French is the engine's."""
    view: dict[str, Any] = {"guilds": [], "figurines": [], "lairs": [], "zones": [], "last": []}
    seen = 0
    for event in busy_game_events(players, seed, options):
        if not event.public or event.phrase is None:
            continue
        data = {"text": event.text, "kind": event.kind, "data": event.data}
        if event.kind == "guild":
            view["guilds"].append({"seat": event.data["seat"], "guild": event.data["guild"]})
        said = events._rebuilt(event.text, event.kind, event.data, view)
        if said is not None:
            seen += 1
            assert events.say(ENGLISH, said) == event.text or events.say(ENGLISH, said)[1:] == event.text[1:]
            assert events.event_text(data, view, FRENCH) != event.text
    assert seen > 50


def _seeded_views(seeds: range, every: int = 20) -> list[dict[str, Any]]:
    """Public views of seeded games of 2 to 4 players: about `every` states of each game, setup to the end."""
    game = registry.get(GAME)
    views = []
    for players in (2, 3, 4):
        for seed in seeds:
            states = gallery.play(GAME, players, seed)
            views += [game.view(s, None) for s in states[:: max(1, len(states) // every)]]
    return views


def _cut_texts(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The texts a picture shortens with an ellipsis from now on (the one way a one-line label is cut)."""
    cut: list[str] = []
    real = common.ellipsize

    def spy(text: str, size: int, max_width: float) -> str:
        said = real(text, size, max_width)
        if said != text:
            cut.append(text)
        return said

    monkeypatch.setattr(common, "ellipsize", spy)
    return cut


def test_no_french_board_text_is_cut_in_any_seeded_or_sample_state(monkeypatch: pytest.MonkeyPatch) -> None:
    """The header says who is first and who acts (and how many actions are left) whole, in any state."""
    # One seed of each player count: every header kind (guild choice, acting, reacting, waiting) comes up in each.
    views = [*_seeded_views(range(1)), *(s.public for s in SAMPLES)]
    cut = _cut_texts(monkeypatch)
    for view in views:
        render.board(GAME, view, FRENCH)
    assert len(views) > 50 and cut == []
    # A name too long for any line is still cut, and seen cut: the check can fail.
    long_view = associates_samples.crowded_view()
    long_view["active"] = {"player": 0, "figurine": "nobody", "actions_left": 2}
    long_view["figurines"] = [*long_view["figurines"], {"id": "nobody", "guild": None, "name": "Gnome " * 30}]
    render.board(GAME, long_view, FRENCH)
    assert cut and cut[0].startswith("Gnome Gnome")


def test_who_acts_moves_under_who_is_first_only_when_the_line_cannot_hold_both() -> None:
    view = next(v for v in _seeded_views(range(1)) if v.get("active") and v.get("first_player") is not None)
    english, french = panel_view.panel_layout(view), panel_view.panel_layout(view, FRENCH)
    assert english.status_px == 0 and french.status_px > 0
    # The French picture is that much taller; the English one keeps its one status line.
    assert decode(render.board(GAME, view, FRENCH)).height == decode(render.board(GAME, view)).height + (
        french.status_px)
