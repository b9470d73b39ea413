"""Violent Vendetta pictures: layout, secrets and robustness."""

from __future__ import annotations

import copy
import itertools

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import render
from engine import registry
from render.common import boxes_overlap, inside
from render.vendetta import map_layer, map_pieces, words
from render.vendetta import samples as vendetta_samples
from render.vendetta.style import CLOCKWISE, MAP_SIZE, STACK_LIMIT, geometry
from tests.render.conftest import decode, layer_rgb

GAME = "vendetta"


def test_every_polygon_and_name_lies_inside_the_map():
    geo = geometry()
    for t in geo.territories.values():
        for x, y in t.polygon:
            assert 0 <= x <= MAP_SIZE and 0 <= y <= MAP_SIZE, t.id
        for box in map_layer.name_boxes(t):
            assert inside(box, (MAP_SIZE, MAP_SIZE)), (t.id, box)


def test_names_fit_their_territory_width():
    # Statue names may reach a little over the brook; others stay about inside (every name has a halo).
    for t in geometry().territories.values():
        limit = {"statue": 2.4, "home": 2.05}.get(t.kind, 1.9)
        for x0, _, x1, _ in map_layer.name_boxes(t):
            assert x1 - x0 <= limit * t.r + 2, t.id


def test_markers_never_overlap_up_to_the_stacking_limit():
    # Every set of clans that can share a territory, up to all six at once.
    assert len(CLOCKWISE) == STACK_LIMIT
    for t in geometry().territories.values():
        for n in range(1, STACK_LIMIT + 1):
            for clans in itertools.combinations(CLOCKWISE, n):
                boxes = map_pieces.piece_boxes(t.id, list(clans))
                assert len(boxes) == n
                for a, b in itertools.combinations(boxes, 2):
                    assert not boxes_overlap(a, b), (t.id, clans, a, b)
                for box in boxes:
                    assert inside(box, (MAP_SIZE, MAP_SIZE)), (t.id, clans, box)


def test_a_few_pieces_leave_the_name_readable():
    # With up to three clans in a territory (one row) no marker covers the name.
    for t in geometry().territories.values():
        names = map_layer.name_boxes(t)
        for n in range(1, 4):
            for box in map_pieces.piece_boxes(t.id, list(CLOCKWISE[:n])):
                assert not any(boxes_overlap(box, nb) for nb in names), (t.id, n)


def _random_game_states(players: int, seed: int, moves: int) -> list:
    from engine.ai import RandomPlayer

    game = registry.get(GAME)
    state = game.new_game(players, seed)
    ai = RandomPlayer(seed)
    states = [state]
    for _ in range(moves):
        if game.is_over(state):
            break
        player = game.pending(state)[0].player
        state, _ = game.apply(state, player, ai.choose(game, state, player))
        states.append(state)
    return states


def _with_other_secrets(state):
    """The same public situation with every seat's secret cards and drafts changed."""
    from engine.vendetta.objectives import CARDS

    other = copy.deepcopy(state)
    neutral = [cid for cid in CARDS if cid.startswith("n")]
    for clan in other.seats:
        offered = [cid for cid in other.offered[clan] if not cid.startswith("n")]
        spare = [cid for cid in neutral if cid not in other.offered[clan]][:3]
        other.offered[clan] = offered + spare
        if clan in other.chosen:
            other.chosen[clan] = other.offered[clan][-len(other.chosen[clan]) :]
    other.drafts = {
        c: {"kind": "objectives", "clan": c, "cards": other.offered[c][:1]}
        for c in other.seats
        if c not in other.chosen
    }
    return other


def test_secrets_do_not_change_the_public_board():
    game = registry.get(GAME)
    states = _random_game_states(4, 11, 120)
    for i in (1, 2, 5, 60, len(states) - 1):
        state = states[i]
        other = _with_other_secrets(state)
        assert game.view(other, 0)["me"] != game.view(state, 0)["me"], "the pair must differ in secrets"
        a = decode(render.board(GAME, game.view(state, None))).tobytes()
        b = decode(render.board(GAME, game.view(other, None))).tobytes()
        assert a == b, f"public board differs with other secrets at move {i}"


def test_private_pictures_differ_with_their_secrets():
    # The converse check, so that the test above cannot pass by drawing nothing.
    game = registry.get(GAME)
    state = _random_game_states(4, 11, 2)[-1]
    other = _with_other_secrets(state)
    a = decode(render.private(GAME, game.view(state, 0))).tobytes()
    b = decode(render.private(GAME, game.view(other, 0))).tobytes()
    assert a != b


def test_crowded_hand_made_view_renders():
    png = render.board(GAME, vendetta_samples.crowded_view())
    assert len(png) <= 1_000_000
    png = render.private(GAME, vendetta_samples.crowded_private())
    assert len(png) <= 1_000_000


_TERRITORIES = sorted(geometry().territories)
_boards = st.dictionaries(
    st.sampled_from(_TERRITORIES),
    st.dictionaries(st.sampled_from(CLOCKWISE), st.integers(1, 99), min_size=1, max_size=6),
    max_size=16,
)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    board=_boards,
    current=st.sampled_from([None, *CLOCKWISE]),
    phase=st.sampled_from(["objectives", "movement", "combat", "finished"]),
)
def test_any_board_renders(board, current, phase):
    view = vendetta_samples.crowded_view()
    view.update(board=board, current_seat=current, phase=phase, combat=None)
    png = render.board(GAME, view)
    assert png.startswith(b"\x89PNG") and len(png) <= 1_000_000


def test_minimal_view_renders():
    # A view with only the agreed keys (older or partial views must not crash the bot).
    view = {
        "game": GAME,
        "players": 3,
        "round": 0,
        "phase": "objectives",
        "seats": [{"clan": c, "name": c, "colour": "#888888", "player": i} for i, c in enumerate(CLOCKWISE[:3])],
        "board": {},
        "pending": [0, 1, 2],
        "last_move": None,
        "combat": None,
        "outcome": None,
    }
    assert render.board(GAME, view).startswith(b"\x89PNG")
    view["me"] = {"player": 0, "clans": ["red"], "offered": {}, "chosen": {}, "draft": None}
    assert render.private(GAME, view).startswith(b"\x89PNG")


def _every_link_moved() -> dict:
    """A view whose last move runs an arrow along every link of the map, both ways, and no pieces."""
    view = vendetta_samples.crowded_view()
    moves = [[a, b, 1] for a, b, _ in geometry().links] + [[b, a, 2] for a, b, _ in geometry().links]
    view.update(board={}, combat=None, last_move={"kind": "move", "clan": "red", "moves": moves})
    return view


def test_territory_names_are_drawn_over_every_arrow():
    from PIL import Image, ImageChops

    from render.common import HIGHLIGHT

    view = _every_link_moved()
    got = decode(render.board(GAME, view)).crop((0, 0, MAP_SIZE, MAP_SIZE))
    layer = map_layer.static_layer(len(view["seats"]), len(words.footer_lines(view)))
    static = layer_rgb(layer).crop((0, 0, MAP_SIZE, MAP_SIZE))
    names = map_layer.name_mask()
    # Every pixel of every name and its halo is exactly as in the static layer: nothing covers it.
    changed = ImageChops.difference(got, static).convert("L").point(lambda v: 255 if v else 0)
    covered = Image.composite(changed, Image.new("L", changed.size, 0), names)
    assert covered.getbbox() is None, f"a name is covered at {covered.getbbox()}"
    # Not vacuous: the arrows do run through the names' boxes, around the letters.
    crossed = 0
    for t in geometry().territories.values():
        for box in map_layer.name_boxes(t):
            region = got.crop(box)
            crossed += HIGHLIGHT in {colour for _, colour in region.getcolors(1 << 16) or []}
    assert crossed >= 5, "the arrows should cross several name boxes"


def test_arrow_counts_never_cover_a_name():
    # One arrow along each link (a plain move), and the crowded gather of three arrows.
    views = []
    for a, b, _ in geometry().links:
        for o, d in ((a, b), (b, a)):
            view = vendetta_samples.crowded_view()
            view["last_move"] = {"kind": "move", "clan": "red", "moves": [[o, d, 4]]}
            views.append(view)
    views.append(vendetta_samples.crowded_view())
    names = [box for t in geometry().territories.values() for box in map_layer.name_boxes(t)]
    k = map_pieces.ARROW_BUBBLE
    for view in views:
        bubbles = map_pieces.bubble_centres(view)
        assert bubbles
        for (x, y), _, clear in bubbles:
            box = (int(x - k), int(y - k), int(x + k) + 1, int(y + k) + 1)
            assert clear and not any(boxes_overlap(box, nb) for nb in names), (view["last_move"], x, y)


def test_combat_badges_stay_clear_of_names_and_markers():
    for t in geometry().territories.values():
        for clans in (1, 3, 5):
            x, y = map_pieces.badge_centre(t, clans)
            r = map_pieces.BADGE_R
            box = (int(x - r), int(y - r), int(x + r) + 1, int(y + r) + 1)
            names = [nb for other in geometry().territories.values() for nb in map_layer.name_boxes(other)]
            assert not any(boxes_overlap(box, nb) for nb in names), (t.id, clans)
            assert not any(boxes_overlap(box, mb) for mb in map_pieces.piece_boxes(t.id, list(CLOCKWISE[:clans])))


def test_private_picture_shows_card_names_not_card_ids():
    view = vendetta_samples.crowded_private()
    ids = {c["id"] for c in view["me"]["chosen"]["blue"]}
    texts = _drawn_texts(lambda: render.private(GAME, view))
    assert "Statue Watch" in texts and "Trophy Basket" in texts
    assert not ids & {w for t in texts for w in t.split()}


def _drawn_texts(draw) -> set[str]:
    """The strings drawn while `draw()` runs (render caches emptied first)."""
    from PIL import ImageDraw

    from tests.render.test_readability import _clear_render_caches

    seen: set[str] = set()
    original = ImageDraw.ImageDraw.text

    def recording(self, xy, text, *args, **kwargs):
        seen.add(str(text))
        return original(self, xy, text, *args, **kwargs)

    _clear_render_caches()
    ImageDraw.ImageDraw.text = recording  # type: ignore[method-assign]  # records every text drawn
    try:
        draw()
    finally:
        ImageDraw.ImageDraw.text = original  # type: ignore[method-assign]  # restored
        _clear_render_caches()
    return seen


def test_two_player_variant_rows_show_partner_clans_not_player_numbers():
    view = vendetta_samples.crowded_view()
    for seat in view["seats"]:
        seat["player"] = CLOCKWISE.index(seat["clan"]) % 2
    texts = _drawn_texts(lambda: render.board(GAME, view))
    assert not {"P1", "P2"} & texts
    # The partner markers make the variant's rows differ from a plain game's.
    plain = vendetta_samples.crowded_view()
    assert decode(render.board(GAME, view)).tobytes() != decode(render.board(GAME, plain)).tobytes()
