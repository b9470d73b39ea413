"""Gnome Tribes pictures: map layout, secrets kept off the board, the private picture, robustness."""

from __future__ import annotations

import copy
import io
import itertools
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from PIL import Image, ImageChops, ImageDraw

import render
from engine.tribes.cards import CARDS, END
from render import tribes
from render.common import HIGHLIGHT, MIN_TEXT_PX, boxes_overlap, inside
from render.tribes import board_view, map_layer, private_view
from render.tribes import samples as tribes_samples
from render.tribes.style import MAP_SIZE, TERRAINS, geometry, name_boxes, token_boxes
from tests.render.conftest import decode, layer_rgb
from tests.render.test_readability import _IDENTIFIERS, _clear_render_caches

TIDS = sorted(geometry().territories)


def _inside_polygon(x: float, y: float, polygon: tuple[tuple[float, float], ...]) -> bool:
    """Ray casting: whether (x, y) is inside `polygon`."""
    hit = False
    for (x0, y0), (x1, y1) in itertools.pairwise((*polygon, polygon[0])):
        if (y0 > y) != (y1 > y) and x < x0 + (y - y0) * (x1 - x0) / (y1 - y0):
            hit = not hit
    return hit


def _all_token_boxes(tid: str) -> list[tuple[int, int, int, int]]:
    """Every box a tribe's tokens (one stack or two) may take in `tid`."""
    return [box for tribe in TERRAINS for kinds in (1, 2) for box in token_boxes(tid, tribe, kinds)]


def test_the_map_has_the_board_s_29_territories_and_16_coasts():
    geo = geometry()
    assert len(geo.territories) == 29
    assert sum(t.coastal for t in geo.territories.values()) == 16


def test_every_army_token_lies_inside_its_own_territory():
    geo = geometry()
    for tid in TIDS:
        polygon = geo.territories[tid].polygon
        for x0, y0, x1, y1 in _all_token_boxes(tid):
            for x, y in ((x0, y0), (x1, y0), (x0, y1), (x1, y1)):
                assert _inside_polygon(x, y, polygon), (tid, (x, y))


def test_every_name_starts_in_its_territory_and_stays_on_the_map():
    # Names of the narrow coastal columns may lean out over the sea band (drawn with a halo).
    geo = geometry()
    for tid in TIDS:
        for x0, y0, x1, y1 in name_boxes(tid):
            assert inside((x0, y0, x1, y1), (MAP_SIZE, MAP_SIZE)), tid
            assert _inside_polygon((x0 + x1) / 2, (y0 + y1) / 2, geo.territories[tid].polygon), tid


def test_names_and_army_tokens_never_overlap_anywhere_on_the_map():
    names = {tid: list(name_boxes(tid)) for tid in TIDS}
    tokens = {tid: _all_token_boxes(tid) for tid in TIDS}
    for a, b in itertools.combinations(TIDS, 2):
        for box_a, box_b in itertools.product(names[a] + tokens[a], names[b] + tokens[b]):
            assert not boxes_overlap(box_a, box_b), (a, b, box_a, box_b)
    for tid in TIDS:
        for name, token in itertools.product(names[tid], tokens[tid]):
            assert not boxes_overlap(name, token), (tid, name, token)


def _texts(draw: Any) -> list[str]:
    """The strings drawn while `draw()` runs (render caches emptied first, so that all text is drawn)."""
    seen: list[str] = []
    original = ImageDraw.ImageDraw.text

    def recording(self: ImageDraw.ImageDraw, xy: Any, text: Any, *args: Any, **kwargs: Any) -> Any:
        seen.append(str(text))
        return original(self, xy, text, *args, **kwargs)

    _clear_render_caches()
    ImageDraw.ImageDraw.text = recording  # type: ignore[method-assign]  # instrumenting Pillow for the test
    try:
        draw()
    finally:
        ImageDraw.ImageDraw.text = original  # type: ignore[method-assign]  # restored
        _clear_render_caches()
    return seen


def _other_secrets(view: dict[str, Any]) -> dict[str, Any]:
    """The same player's view with a different purse, zero bills, posts, hand and draft."""
    other = copy.deepcopy(view)
    other["you"].update(
        purse=99,
        zeros=3,
        posts={"research": [20, 20], "espionage": [0], "assassination": [], "guards": [1, 2, 5]},
        hand=[{"id": "rock_hammer#1", "name": "Rock Hammer", "kind": "weapon"}],
        draft=["Add a 20 GG bill to Research"],
    )
    return other


@pytest.mark.parametrize("label", ["opening_plains", "war_plains", "final_marsh"])
def test_the_board_is_byte_identical_when_only_secrets_differ(label):
    view = tribes_samples.every_sample()[label]
    other = _other_secrets(view)
    assert render.private("tribes", view) != render.private("tribes", other), "the pair must differ in secrets"
    public = {k: v for k, v in view.items() if k != "you"}
    first = render.board("tribes", public)
    assert render.board("tribes", view) == first
    assert render.board("tribes", other) == first


def test_the_board_drawn_from_a_player_view_equals_the_public_board_pixel_for_pixel():
    for public, mine in (
        (tribes_samples.start_view(), tribes_samples.start_private()),
        (tribes_samples.mid_view(), tribes_samples.mid_private()),
        (tribes_samples.end_view(), tribes_samples.end_private()),
    ):
        assert {k: v for k, v in mine.items() if k != "you"} == public
        assert decode(render.board("tribes", mine)).tobytes() == decode(render.board("tribes", public)).tobytes()


class _Recording(dict[str, Any]):
    """A view dict that notes the keys read from it."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.read: set[str] = set()

    def __getitem__(self, key: str) -> Any:
        self.read.add(key)
        return super().__getitem__(key)

    def get(self, key: str, default: Any = None) -> Any:
        self.read.add(key)
        return super().get(key, default)


@pytest.mark.parametrize("label", ["opening_plains", "war_plains", "final_marsh"])
def test_the_board_reads_only_the_public_keys_of_the_view(label):
    view = _Recording(tribes_samples.every_sample()[label])
    render.board("tribes", view)
    assert view.read, "the board read nothing at all"
    outside = view.read - board_view.PUBLIC_KEYS
    assert not outside, f"keys outside the public view read: {outside}"
    assert "you" not in view.read


def test_the_private_picture_shows_that_player_s_purse_posts_and_hand_only():
    mine = tribes_samples.mid_private()
    theirs = tribes_samples.with_secrets(
        tribes_samples.mid_view(),
        1,
        purse=44,
        posts={"espionage": [20, 1]},
        hand=[{"id": "rock_hammer#1", "name": "Rock Hammer", "kind": "weapon"}],
    )
    texts = _texts(lambda: render.private("tribes", mine))
    assert "Purse: 17 GG" in texts
    assert {"Gnomcopter", "GnomSnake", "Great Gnomcatapult", "Gnomflak", "Gnom'But"} <= set(texts)
    assert {"10", "5", "2", "1", "0"} <= set(texts), "every bill's denomination is drawn"
    assert "Rock Hammer" not in texts and "Purse: 44 GG" not in texts
    other = _texts(lambda: render.private("tribes", theirs))
    assert "Purse: 44 GG" in other and "Rock Hammer" in other
    assert "Gnomcopter" not in other and "Purse: 17 GG" not in other
    assert any("Mountain Gnomes" in t for t in other), "the picture names the viewer's own tribe"


def test_the_private_picture_shows_the_draft_lines_and_the_zero_bills():
    view = tribes_samples.start_private()
    texts = _texts(lambda: render.private("tribes", view))
    assert any("Recruit 1 army at Wheatburg" in t for t in texts)
    # The zero bills in hand are drawn one by one: one more bill changes the picture, none says so.
    more = copy.deepcopy(view)
    more["you"]["zeros"] = 3
    assert render.private("tribes", more) != render.private("tribes", view)
    more["you"]["zeros"] = 0
    assert "none" in _texts(lambda: render.private("tribes", more))
    without = copy.deepcopy(view)
    without["you"]["draft"] = []
    short = Image.open(io.BytesIO(render.private("tribes", without))).height
    assert short < Image.open(io.BytesIO(render.private("tribes", view))).height


def test_every_card_of_the_deck_says_what_it_does():
    for card in CARDS.values():
        if card.kind == END:
            continue
        words = private_view.card_effect({"id": f"{card.id}#1", "name": card.name, "kind": card.kind})
        assert words and words.endswith("."), card.id
        if card.bonus:
            for terrain, bonus in card.bonus.items():
                assert (f"+{bonus} {terrain}" in words) == bool(bonus), (card.id, words)


def test_the_war_plan_and_last_attack_are_drawn_and_names_stay_on_top():
    view = tribes_samples.mid_view()
    quiet = {**view, "war": None, "last_battle": None}
    drawn = decode(render.board("tribes", view)).crop((0, 0, MAP_SIZE, MAP_SIZE))
    plain = decode(render.board("tribes", quiet)).crop((0, 0, MAP_SIZE, MAP_SIZE))
    assert ImageChops.difference(drawn, plain).getbbox() is not None, "the plan changed nothing on the map"
    colours = {c for _, c in drawn.getcolors(1 << 16) or []}
    assert HIGHLIGHT in colours and board_view.BATTLE in colours
    # Every pixel of every name and its halo is exactly as in the static layer: no arrow covers a name.
    height = Image.open(io.BytesIO(render.board("tribes", view))).height
    static = layer_rgb(map_layer.static_layer(height)).crop((0, 0, MAP_SIZE, MAP_SIZE))
    changed = ImageChops.difference(drawn, static).convert("L").point(lambda v: 255 if v else 0)
    covered = Image.composite(changed, Image.new("L", changed.size, 0), map_layer.name_mask())
    assert covered.getbbox() is None, f"a name is covered at {covered.getbbox()}"


def test_the_panel_says_the_plan_the_cards_the_last_attack_and_the_countdown():
    mid = " ".join(_texts(lambda: render.board("tribes", tribes_samples.mid_view())))
    for words in ("Sunny Downs → Frog Hollow", "by Gnomcopter", "Great Gnomcatapult", "Last attack",
                  "strength 8 against 9", "defence support from Willow Mire"):
        assert words in mid, words
    end_view = tribes_samples.end_view()
    end_view["winners"] = None
    end_view["turns_left"] = 2
    end = " ".join(_texts(lambda: render.board("tribes", end_view)))
    assert "Gnompax out in turn 12" in end and "Gnome of Glory" in end and "2 turns left" in end


def test_an_empty_held_city_shows_its_holder_s_flag():
    view = tribes_samples.mid_view()
    flagged = decode(render.board("tribes", view)).crop((0, 0, MAP_SIZE, MAP_SIZE))
    view["territories"]["cragburg"]["controller"] = None
    free = decode(render.board("tribes", view)).crop((0, 0, MAP_SIZE, MAP_SIZE))
    box = ImageChops.difference(flagged, free).getbbox()
    assert box is not None
    cx, cy = geometry().territories["cragburg"].tokens_at
    assert box[0] <= cx <= box[2] and box[1] <= cy <= box[3]


def _every_sample_picture() -> None:
    for view in tribes_samples.every_sample().values():
        render.board("tribes", view)
        if "you" in view:
            render.private("tribes", view)
            render.panel_images("tribes", None, view)


def test_no_text_below_the_phone_minimum_and_no_engine_identifier_on_the_sample_pictures(monkeypatch):
    sizes: list[tuple[str, int | None]] = []
    original = ImageDraw.ImageDraw.text

    def recording(self: ImageDraw.ImageDraw, xy: Any, text: Any, *args: Any, **kwargs: Any) -> Any:
        font_arg = kwargs.get("font", args[1] if len(args) > 1 else None)
        sizes.append((str(text), getattr(font_arg, "size", None)))
        return original(self, xy, text, *args, **kwargs)

    monkeypatch.setattr(ImageDraw.ImageDraw, "text", recording)
    _clear_render_caches()
    try:
        _every_sample_picture()
    finally:
        _clear_render_caches()
    assert sizes
    assert all(size is not None and size >= MIN_TEXT_PX for _, size in sizes), min(s or 0 for _, s in sizes)
    bad = sorted({t for t, _ in sizes for pattern in _IDENTIFIERS if pattern.search(t)})
    assert not bad, f"engine identifiers drawn: {bad[:10]}"


def test_rendering_does_not_change_the_view():
    for view in tribes_samples.every_sample().values():
        before = copy.deepcopy(view)
        tribes.board(view)
        if "you" in view:
            tribes.private(view)
        assert view == before


def test_a_minimal_view_renders():
    view: dict[str, Any] = {"game": "tribes", "players": 2, "phase": "investment", "territories": {}, "seats": []}
    assert render.board("tribes", view).startswith(b"\x89PNG")
    view["you"] = {"player": 0}
    assert render.private("tribes", view).startswith(b"\x89PNG")


_cells = st.dictionaries(
    st.sampled_from(TIDS),
    st.tuples(st.sampled_from([None, 0, 1, 2, 3]), st.integers(0, 5), st.integers(0, 5)),
    max_size=29,
)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(cells=_cells, plan=st.booleans(), active=st.sampled_from([None, 0, 1, 2, 3]))
def test_any_board_renders(cells, plan, active):
    view = tribes_samples.mid_view()
    view["territories"] = {
        tid: {"controller": c, "armies": n if c is not None else 0, "moved": m} for tid, (c, n, m) in cells.items()
    }
    view["active"] = active
    if not plan:
        view["war"] = None
    png = render.board("tribes", view)
    assert png.startswith(b"\x89PNG") and len(png) <= 1_000_000
    assert Image.open(io.BytesIO(png)).width == 800


def test_a_long_hand_and_full_posts_fit_in_the_private_picture():
    names = [c for c in CARDS.values() if c.kind != END]
    view = tribes_samples.with_secrets(
        tribes_samples.mid_view(),
        0,
        purse=250,
        posts={p: [20, 10, 5, 5, 2, 1, 0, 0, 0, 1, 2] for p in ("research", "espionage", "assassination", "guards")},
        hand=[{"id": f"{c.id}#1", "name": c.name, "kind": c.kind} for c in names],
        draft=["Add a 20 GG bill to Research"] * 6,
    )
    png = render.private("tribes", view)
    assert len(png) <= 1_000_000
    texts = _texts(lambda: render.private("tribes", view))
    assert all(c.name in texts for c in names)


def _with_other_secrets(state: Any) -> Any:
    """The same engine state with every purse, zero count, post value and hand changed (counts kept)."""
    from engine.tribes.state import clone

    other = clone(state)
    spare = ["rock_hammer#1", "gnomflak#1", "mire_pump#1", "gnomfog#1", "tunnel_drill#2", "gnomsub#2"]
    for player in other.players:
        player.purse += 7
        player.zeros = 3 - player.zeros
        player.posts = {post: [20] * len(bills) for post, bills in player.posts.items()}
        player.hand = [spare[i % len(spare)] for i in range(len(player.hand))]
    return other


@pytest.mark.parametrize("players", [2, 4])
def test_engine_states_draw_the_same_board_whatever_the_secrets(players):
    from engine import registry
    from render import gallery

    game = registry.get("tribes")
    states = gallery.play("tribes", players, 11)
    views = [game.view(s, None) for s in states]
    # A war step with attacks drawn when random play reaches one (it does at 4 players).
    war = next((i for i, v in enumerate(views) if (v["war"] or {}).get("attacks")), len(states) // 4)
    for i in (1, len(states) // 3, war, len(states) // 2, len(states) - 2):
        state = states[i]
        other = _with_other_secrets(state)
        assert game.view(other, 0)["you"] != game.view(state, 0)["you"], "the pair must differ in secrets"
        board = render.board("tribes", views[i])
        assert render.board("tribes", game.view(other, None)) == board, f"board differs with other secrets at {i}"
        for p in range(players):
            assert render.board("tribes", game.view(other, p)) == board, (i, p)
