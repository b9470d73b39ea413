import re

import pytest

from cogs.custom_ids import TEMPLATE, ComponentId, Kind, action_button, decode, to_base36
from cogs.limits import CUSTOM_ID


@pytest.mark.parametrize("number", [0, 1, 35, 36, 1295, 10**12])
def test_base36_round_trip(number):
    assert int(to_base36(number), 36) == number


def test_base36_rejects_negative():
    with pytest.raises(ValueError):
        to_base36(-1)


@pytest.mark.parametrize(
    "cid",
    [
        ComponentId(Kind.LOBBY, 12, arg="join"),
        ComponentId(Kind.TURN, 99999, 1234),
        ComponentId(Kind.ACTION, 7, 88, 2, "move:home_red->oak_corner:3"),
        ComponentId(Kind.SELECT, 7, 88, 0, "3"),
        ComponentId(Kind.PAGE, 2**40, 2**20, 5, "1"),
        ComponentId(Kind.ACTION, 1, 1, 0, "a:b:c"),
    ],
)
def test_round_trip(cid):
    text = cid.encode()
    assert len(text) <= CUSTOM_ID
    assert re.fullmatch(TEMPLATE, text)
    assert decode(text) == cid


def test_decode_rejects_foreign_ids():
    assert decode("something-else") is None
    assert decode("gh:Z:1:1:-:x") is None
    assert decode("gh:A:1:1") is None


def test_encode_refuses_over_100_chars():
    with pytest.raises(ValueError):
        ComponentId(Kind.ACTION, 1, 1, 0, "x" * 95).encode()


def test_action_button_uses_id_when_it_fits():
    cid = action_button(5, 9, 1, "pass", 3)
    assert cid.arg == "pass"
    assert cid.action_index is None


def test_action_button_falls_back_to_index_for_80_char_ids_on_big_games():
    long_id = "m" * 80
    cid = action_button(10**15, 10**9, 5, long_id, 17)
    text = cid.encode()
    assert len(text) <= CUSTOM_ID
    assert decode(text).action_index == 17


def test_action_id_starting_with_index_mark_is_never_ambiguous():
    cid = action_button(1, 1, 0, "#4", 0)
    assert cid.action_index == 0


def test_worst_case_fits():
    # 80-char action id, game id up to 36**6, version up to 36**4, seat < 36
    cid = action_button(36**6 - 1, 36**4 - 1, 35, "q" * 80, 0)
    assert len(cid.encode()) <= CUSTOM_ID
