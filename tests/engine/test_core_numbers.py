"""Numbers typed by players: ASCII digits only, bounded, and refused cleanly otherwise."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.core import IllegalAction, OptionSpec, parse_int, validate_options

# Each passes str.isdigit(); int() crashes on the first four and silently converts the rest.
UNICODE_DIGITS = ["²", "①", "¹²", "1²", "٣", "０", "𝟙", "१", "۷", "1٣"]


@pytest.mark.parametrize("text", UNICODE_DIGITS)
def test_unicode_digits_are_not_numbers(text: str) -> None:
    assert text.isdigit()
    assert parse_int(text) is None
    assert parse_int(text, canonical=True) is None


@pytest.mark.parametrize(("text", "number"),
                         [("0", 0), ("7", 7), ("-3", -3), ("+4", 4), ("007", 7), ("999999", 999999)])
def test_ascii_whole_numbers_are_read(text: str, number: int) -> None:
    assert parse_int(text) == number


@pytest.mark.parametrize("text",
                         ["", " 1", "1 ", "1_000", "1.0", "1e3", "--1", "+-1", "0x1", "1\n", "9" * 7, "9" * 5000])
def test_anything_else_is_refused(text: str) -> None:
    assert parse_int(text) is None


@pytest.mark.parametrize("text", ["+4", "007", "-0", "00"])
def test_canonical_takes_only_the_spelling_str_gives(text: str) -> None:
    assert parse_int(text, canonical=True) is None
    assert parse_int(str(int(text)), canonical=True) == int(text)


@given(st.text(max_size=30))
def test_any_text_is_a_number_only_when_it_is_ascii_digits(text: str) -> None:
    number = parse_int(text)
    if number is not None:
        assert text.isascii() and int(text) == number and abs(number) < 10**6


SPECS = [OptionSpec("limit", "int", 30, "rounds", minimum=10, maximum=60)]


@pytest.mark.parametrize("value", ["²", "①", "٣٠", "３０", "3_0", "9" * 5000, "3.5", 3.5, None.__class__, [30]])
def test_int_options_refuse_what_is_not_a_plain_number(value: object) -> None:
    with pytest.raises(IllegalAction) as err:
        validate_options(SPECS, {"limit": value})
    assert err.value.code == "E_OPTION" and "whole number" in err.value.message


@pytest.mark.parametrize(("value", "number"), [("30", 30), (" 12 ", 12), ("+40", 40), (25, 25), (20.0, 20)])
def test_int_options_read_plain_numbers(value: object, number: int) -> None:
    assert validate_options(SPECS, {"limit": value})["limit"] == number
