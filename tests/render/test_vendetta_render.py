"""Violent Vendetta pictures: layout, secrets and robustness."""

from __future__ import annotations

import copy
import itertools

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import render
from engine import registry
from render import vendetta
from render.common import boxes_overlap, inside
from render.vendetta import samples as vendetta_samples
from render.vendetta.style import CLOCKWISE, MAP_SIZE, STACK_LIMIT, geometry
from tests.render.conftest import decode

GAME = "vendetta"


def test_every_polygon_and_name_lies_inside_the_map():
    geo = geometry()
    for t in geo.territories.values():
        for x, y in t.polygon:
            assert 0 <= x <= MAP_SIZE and 0 <= y <= MAP_SIZE, t.id
        for box in vendetta.name_boxes(t):
            assert inside(box, (MAP_SIZE, MAP_SIZE)), (t.id, box)


def test_names_fit_their_territory_width():
    # Statue names may reach a little over the brook; others stay about inside (every name has a halo).
    for t in geometry().territories.values():
        limit = {"statue": 2.4, "home": 2.05}.get(t.kind, 1.9)
        for x0, _, x1, _ in vendetta.name_boxes(t):
            assert x1 - x0 <= limit * t.r + 2, t.id


def test_markers_never_overlap_up_to_the_stacking_limit():
    # Every set of clans that can share a territory, up to all six at once.
    assert len(CLOCKWISE) == STACK_LIMIT
    for t in geometry().territories.values():
        for n in range(1, STACK_LIMIT + 1):
            for clans in itertools.combinations(CLOCKWISE, n):
                boxes = vendetta.piece_boxes(t.id, list(clans))
                assert len(boxes) == n
                for a, b in itertools.combinations(boxes, 2):
                    assert not boxes_overlap(a, b), (t.id, clans, a, b)
                for box in boxes:
                    assert inside(box, (MAP_SIZE, MAP_SIZE)), (t.id, clans, box)


def test_a_few_pieces_leave_the_name_readable():
    # With up to three clans in a territory (one row) no marker covers the name.
    for t in geometry().territories.values():
        names = vendetta.name_boxes(t)
        for n in range(1, 4):
            for box in vendetta.piece_boxes(t.id, list(CLOCKWISE[:n])):
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
