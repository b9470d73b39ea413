"""cogs.custom_ids: typed ids round-trip through ≤ 100-char custom_ids; nonsense fields parse to Unreadable."""

from __future__ import annotations

import pytest

from cogs.custom_ids import (
    MAX_ID,
    TEMPLATES,
    ActionId,
    ComponentId,
    Kind,
    LeaderboardId,
    LobbyAction,
    LobbyId,
    PageId,
    ReplayId,
    ReplayStep,
    SelectId,
    TurnId,
    Unreadable,
    action_button,
    decode,
    parse,
    to_base36,
)
from cogs.limits import CUSTOM_ID


@pytest.mark.parametrize("number", [0, 1, 35, 36, 1295, 10**12])
def test_base36_round_trip(number: int) -> None:
    assert int(to_base36(number), 36) == number


def test_base36_rejects_negative() -> None:
    with pytest.raises(ValueError):
        to_base36(-1)


@pytest.mark.parametrize(
    "cid",
    [
        LobbyId(12, LobbyAction.JOIN),
        LobbyId(12, LobbyAction.REMOVE_AI),
        TurnId(99999, 1234),
        ActionId(7, 88, 2, "move:home_red->oak_corner:3"),
        ActionId(7, 88, 2, 14),
        SelectId(7, 88, 0, 3),
        PageId(2**40, 2**20, 5, 1),
        ActionId(1, 1, 0, "a:b:c"),
        ReplayId(MAX_ID, 99_999, ReplayStep.LAST),
        ReplayId(5, 0, ReplayStep.OPEN),
    ],
)
def test_typed_ids_round_trip_and_are_matched_only_by_their_own_template(cid: ComponentId) -> None:
    text = cid.encode()
    assert len(text) <= CUSTOM_ID
    assert parse(text) == cid
    matching = [kind for kind, pattern in TEMPLATES.items() if pattern.fullmatch(text)]
    assert matching == [cid.kind]


def test_wire_format_is_unchanged_for_messages_already_posted() -> None:
    """Buttons posted by earlier versions keep working: the same strings parse to the same meaning."""
    assert parse("gh:L:c:0:-:join") == LobbyId(12, LobbyAction.JOIN)
    assert parse("gh:T:3:h:-:") == TurnId(3, 17)
    assert parse("gh:A:9:4:1:pass") == ActionId(9, 4, 1, "pass")
    assert parse("gh:A:9:4:1:#17") == ActionId(9, 4, 1, 17)
    assert parse("gh:S:9:4:0:1") == SelectId(9, 4, 0, 1)
    assert parse("gh:P:9:4:0:2") == PageId(9, 4, 0, 2)


def test_foreign_ids_are_not_ours() -> None:
    assert parse("something-else") is None
    assert parse("gh:Z:1:1:-:x") is None
    assert parse("gh:A:1:1") is None
    assert decode("something-else") is None


@pytest.mark.parametrize(
    "custom_id",
    [
        "gh:L:1:0:-:explode",  # an unknown lobby action
        "gh:L:1:0:-:",
        "gh:L:" + "z" * 40 + ":0:-:join",  # a game id far beyond SQLite's integers
        "gh:T:1:" + "z" * 40 + ":-:",  # a version likewise
        "gh:A:1:1:-:pass",  # an action without a seat
        "gh:A:1:1:zzzz:pass",  # a seat no game has
        "gh:A:1:1:0:",  # no action
        "gh:A:1:1:0:#x",  # an index that is not a number
        "gh:S:1:1:0:two",  # a page that is not a number
        "gh:P:1:1:0:99999999",
        "gh:P:1:1:0:١",  # a non-ASCII digit
    ],
)
def test_nonsense_fields_parse_to_unreadable_not_an_exception(custom_id: str) -> None:
    result = parse(custom_id)
    assert isinstance(result, Unreadable), result
    assert result.custom_id == custom_id and result.reason


def test_largest_stored_game_id_is_readable_and_one_more_is_not() -> None:
    assert parse(LobbyId(MAX_ID, LobbyAction.JOIN).encode()) == LobbyId(MAX_ID, LobbyAction.JOIN)
    too_big = f"gh:L:{to_base36(MAX_ID + 1)}:0:-:join"
    assert isinstance(parse(too_big), Unreadable)


def test_encode_refuses_over_100_chars() -> None:
    with pytest.raises(ValueError):
        ActionId(1, 1, 0, "x" * 95).encode()


def test_action_button_uses_id_when_it_fits() -> None:
    assert action_button(5, 9, 1, "pass", 3) == ActionId(5, 9, 1, "pass")


def test_action_button_falls_back_to_index_for_80_char_ids_on_big_games() -> None:
    cid = action_button(10**15, 10**9, 5, "m" * 80, 17)
    assert cid == ActionId(10**15, 10**9, 5, 17)
    assert len(cid.encode()) <= CUSTOM_ID
    wire = decode(cid.encode())
    assert wire is not None and wire.action_index == 17


def test_action_id_starting_with_index_mark_is_never_ambiguous() -> None:
    assert action_button(1, 1, 0, "#4", 0) == ActionId(1, 1, 0, 0)


def test_worst_case_fits() -> None:
    # 80-char action id, game id up to 36**6, version up to 36**4, seat < 36
    cid = action_button(36**6 - 1, 36**4 - 1, 35, "q" * 80, 0)
    assert len(cid.encode()) <= CUSTOM_ID


def test_decode_gives_the_raw_fields_of_any_kind() -> None:
    fields = decode(ActionId(7, 88, 2, "pass").encode())
    assert fields is not None
    assert (fields.kind, fields.game, fields.version, fields.seat, fields.arg) == (Kind.ACTION, 7, 88, 2, "pass")
    assert fields.action_index is None


def test_a_leaderboard_button_names_its_game_and_page_and_no_table() -> None:
    cid = LeaderboardId("vendetta", 12)
    text = cid.encode()
    assert text == "gh:B:0:c:-:vendetta" and parse(text) == cid
    assert [kind for kind, pattern in TEMPLATES.items() if pattern.fullmatch(text)] == [Kind.LEADERBOARD]
    for forged in ("gh:B:0:c:-:Vendetta!", "gh:B:0:c:-:", "gh:B:0:" + "z" * 9 + ":-:tribes"):
        assert isinstance(parse(forged), Unreadable), forged


def test_replay_steps_carry_game_and_round_index_and_refuse_nonsense() -> None:
    """The replay viewer's buttons: game id and the round index to show; an unknown button or an index beyond any
    game's length is a tampered id."""
    assert parse("gh:W:c:3:-:n") == ReplayId(12, 3, ReplayStep.NEXT)
    # Two buttons leading to the same round (first and previous from round 2) stay distinct ids.
    assert ReplayId(12, 0, ReplayStep.FIRST).encode() != ReplayId(12, 0, ReplayStep.PREVIOUS).encode()
    assert isinstance(parse("gh:W:c:3:-:x"), Unreadable)
    assert isinstance(parse(f"gh:W:c:{to_base36(100_001)}:-:n"), Unreadable)
