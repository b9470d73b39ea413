"""Gnomes & Associates pictures: layout, secrets and robustness."""

from __future__ import annotations

import copy
import itertools

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import render
from engine import registry
from render.associates import map_layer, map_pieces, panel_view
from render.associates import samples as associates_samples
from render.associates.style import GUILDS, MAP_SIZE, STACK_LIMIT, zones
from render.common import boxes_overlap, inside
from tests.render.conftest import decode, layer_rgb

GAME = "associates"


def test_every_zone_and_label_lies_inside_the_map():
    for z in zones().values():
        for x, y in z.polygon:
            assert 0 <= x <= MAP_SIZE and 0 <= y <= MAP_SIZE, z.id
        for box in map_layer.label_boxes(z):
            assert inside(box, (MAP_SIZE, MAP_SIZE)), (z.id, box)
            assert z.box[0] <= box[0] and box[2] <= z.box[2], (z.id, box)


def test_figurines_never_overlap_up_to_every_figurine_on_one_zone():
    # Four guilds with four figurines each can all stand on one zone.
    crowd = [g for g in GUILDS for _ in range(4)]
    assert len(crowd) == STACK_LIMIT
    for z in zones():
        for n in range(1, STACK_LIMIT + 1):
            boxes = map_pieces.piece_boxes(z, crowd[:n])
            for a, b in itertools.combinations(boxes, 2):
                assert not boxes_overlap(a, b), (z, n, a, b)
            for box in boxes:
                assert inside(box, (MAP_SIZE, MAP_SIZE)), (z, n, box)


def test_a_few_figurines_stay_inside_their_zone():
    for z in zones().values():
        for box in map_pieces.piece_boxes(z.id, list(GUILDS[:3])):
            assert z.box[0] <= box[0] and box[2] <= z.box[2], z.id
            assert z.top - 2 <= box[1] and box[3] <= z.bottom + 2, (z.id, box)


def _states(players: int, seed: int, moves: int) -> list:
    from engine.ai import RandomPlayer

    game = registry.get(GAME)
    state = game.new_game(players, seed)
    ai = RandomPlayer(seed)
    out = [state]
    for _ in range(moves):
        if game.is_over(state):
            break
        player = game.pending(state)[0].player
        state, _ = game.apply(state, player, ai.choose(game, state, player))
        out.append(state)
    return out


def test_other_hands_do_not_change_the_public_board():
    game = registry.get(GAME)
    states = _states(4, 5, 200)
    changed = 0
    for i in (10, 100, len(states) - 1):
        state = states[i]
        other = copy.deepcopy(state)
        # Exchange seat 0's hand with the top of its draw pile: same counts, other secrets.
        p0 = other.players[0]
        k = min(len(p0.hand), len(p0.deck))
        p0.hand[:k], p0.deck[:k] = p0.deck[:k], p0.hand[:k]
        p0.deck.reverse()
        if game.view(other, 0)["hand"] != game.view(state, 0)["hand"]:
            changed += 1
        a = decode(render.board(GAME, game.view(state, None))).tobytes()
        b = decode(render.board(GAME, game.view(other, None))).tobytes()
        assert a == b, f"public board differs with other hands at move {i}"
    assert changed, "no pair actually differed in secrets"


def test_crowded_hand_made_views_render():
    assert len(render.board(GAME, associates_samples.crowded_view())) <= 1_000_000
    assert len(render.private(GAME, associates_samples.crowded_private())) <= 1_000_000


def test_minimal_view_renders():
    view = {
        "game": GAME,
        "players": 2,
        "turn": 0,
        "phase": "guild",
        "guilds": [],
        "figurines": [],
        "lairs": [],
        "zones": [],
        "pending": [0],
        "last": [],
        "outcome": None,
    }
    assert render.board(GAME, view).startswith(b"\x89PNG")
    view.update(hand=[], draft=None, drawn=[])
    assert render.private(GAME, view).startswith(b"\x89PNG")


_ZONES = sorted(zones())


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    placement=st.lists(st.sampled_from([*_ZONES, None]), min_size=16, max_size=16),
    stuns=st.lists(st.integers(0, 2), min_size=16, max_size=16),
    gold=st.lists(st.integers(0, 30), min_size=16, max_size=16),
)
def test_any_placement_renders(placement, stuns, gold):
    view = associates_samples.crowded_view()
    by_zone: dict = {}
    for fig, zone, s, g in zip(view["figurines"], placement, stuns, gold, strict=True):
        fig.update(zone=zone, stuns=s)
        fig["treasure"]["gold"] = g
        if zone:
            by_zone.setdefault(zone, []).append(fig["id"])
    for zv in view["zones"]:
        zv["figurines"] = by_zone.get(zv["id"], [])
    png = render.board(GAME, view)
    assert png.startswith(b"\x89PNG") and len(png) <= 1_000_000


def test_figurine_letters_stay_clear_of_their_badges():
    from render.associates.layout import KIND_LETTERS, TEXT
    from render.associates.style import BADGE_R, ROOMY, badge_offsets
    from render.common import text_width

    widest = max(text_width(letters, TEXT) for letters in KIND_LETTERS.values())
    letters = (int(-widest / 2), -8, int(widest / 2) + 1, 8)  # cap height of 20-px letters, centred
    for name, (dx, dy) in badge_offsets(ROOMY).items():
        if name == "state":
            continue  # pumpkin/root: rare, drawn under the letters' halo
        badge = (int(dx - BADGE_R), int(dy - BADGE_R), int(dx + BADGE_R) + 1, int(dy + BADGE_R) + 1)
        assert not boxes_overlap(letters, badge), name


def test_figurines_keep_their_badges_in_most_zones():
    # Badges (stuns, gold) show on the map wherever one or two figurines stand, in all but the
    # shortest zones; a bigger crowd switches to compact markers (the panel lists their stuns).
    for n in (1, 2):
        roomy = sum(map_pieces.layout_for(z, n)[0].badges for z in zones())
        assert roomy >= 20, (n, roomy)


def test_zone_badges_stay_clear_of_zone_labels_and_figurines():
    for z in zones().values():
        for n in (0, 1, 2, 3):
            x, y = map_pieces.badge_centre(z, n)
            r = map_pieces.ZONE_BADGE_R
            box = (int(x - r), int(y - r), int(x + r) + 1, int(y + r) + 1)
            assert not any(boxes_overlap(box, label) for label in map_layer.label_boxes(z)), z.id
            assert not any(boxes_overlap(box, fig) for fig in map_pieces.piece_boxes(z.id, list(GUILDS[:n]))), z.id


def test_zone_labels_are_drawn_over_every_arrow():
    from PIL import Image, ImageChops

    view = associates_samples.crowded_view()
    ids = list(zones())
    # A figurine walking through every zone, row by row: arrows cross every zone's top.
    view["last"] = [{"text": "", "kind": "move", "data": {"path": ids}}]
    got = decode(render.board(GAME, view)).crop((0, 0, MAP_SIZE, MAP_SIZE))
    layout = panel_view.panel_layout(view)
    key = (len(view["guilds"]), sum(layout.row_lines), max(23, layout.footer_px))
    static = layer_rgb(map_layer.static_layer(*key)).crop((0, 0, MAP_SIZE, MAP_SIZE))
    changed = ImageChops.difference(got, static).convert("L").point(lambda v: 255 if v else 0)
    labels = map_layer.label_mask()
    # Figurines and token rows may stand near labels; only arrows must never cover them, so
    # compare in zones with neither.
    busy = {zid for zid, figs in map_pieces._figs_by_zone(view).items() if figs}
    quiet = [z for z in zones().values() if z.id not in busy]
    for z in quiet:
        for box in map_layer.label_boxes(z):
            covered = Image.composite(changed, Image.new("L", changed.size, 0), labels).crop(box)
            assert covered.getbbox() is None, (z.id, box)


def test_drafts_name_cards_figurines_and_zones_in_words():
    from render.associates.private_view import _draft_ids, _names

    view = associates_samples.crowded_private()
    view["draft"] = {
        "activation": {"kind": "move", "steps": ["crows_knoll", "fallen_chapel"]},
        "picks": ["c-usu-10-shield", "sacred_wood"],
    }
    _, lines = _draft_ids(view["draft"], _names(view))
    assert lines == ["Move being built: Crow's Knoll → Fallen Chapel", "Picked: Shield, Sacred Wood"]
