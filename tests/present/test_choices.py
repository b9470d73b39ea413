import pytest

from present.choices import Choice, choice_name, encode_value, filter_choices, paginate, resolve_value


def make(n, seat=0):
    return [Choice(seat, f"act{i}", f"Action number {i}") for i in range(n)]


def test_filter_empty_text_gives_first_25():
    out = filter_choices(make(60), "")
    assert len(out) == 25
    assert out[0].action_id == "act0"


def test_filter_by_words_case_insensitive():
    choices = [Choice(0, "move:a:b", "Move 2 gnomes to Oak Corner"), Choice(0, "pass", "Pass")]
    assert [c.action_id for c in filter_choices(choices, "OAK move")] == ["move:a:b"]
    assert [c.action_id for c in filter_choices(choices, "pa")] == ["pass"]


def test_filter_prefers_prefix_matches():
    choices = [Choice(0, "x", "Attack the pass"), Choice(0, "pass", "Pass")]
    assert [c.action_id for c in filter_choices(choices, "pass")] == ["pass", "x"]


def test_filter_never_more_than_25():
    assert len(filter_choices(make(100), "action")) == 25


def test_choice_name_at_most_100():
    c = Choice(1, "a", "L" * 100)
    assert len(choice_name(c, "Red clan")) == 100
    assert choice_name(Choice(0, "a", "Pass")) == "Pass"


def test_encode_and_resolve_value():
    choices = make(3) + make(3, seat=2)
    assert resolve_value(encode_value(choices[4], True), choices) == choices[4]
    assert resolve_value(encode_value(choices[1], False), choices[:3]) == choices[1]
    assert resolve_value("action number 2", choices[:3]) == choices[2]
    assert resolve_value("nonsense", choices) is None


def test_resolve_ambiguous_label_is_none():
    choices = [Choice(0, "a", "Pass"), Choice(1, "b", "Pass")]
    assert resolve_value("pass", choices) is None


def test_encode_value_too_long():
    with pytest.raises(ValueError):
        encode_value(Choice(1234, "x" * 99, "x"), True)


def test_paginate():
    page = paginate(make(60), 1)
    assert [c.action_id for c in page.items][:1] == ["act25"]
    assert (page.number, page.count, page.has_previous, page.has_next) == (1, 3, True, True)
    last = paginate(make(60), 99)
    assert (last.number, len(last.items), last.has_next) == (2, 10, False)
    empty = paginate([], 0)
    assert (empty.count, empty.items) == (1, [])


def test_paginate_bad_size():
    with pytest.raises(ValueError):
        paginate(make(3), 0, size=0)
