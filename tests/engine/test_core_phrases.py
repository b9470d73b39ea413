"""engine.core.phrases: an event's words as data, stored and read back unchanged."""

from __future__ import annotations

import pytest

from engine.core.events import Event, public_event
from engine.core.phrases import ListOf, NameRef, PlayerRef, listed, name, phrase, phrase_from_json


def test_a_phrase_with_every_kind_of_argument_survives_its_json() -> None:
    said = phrase("combat.round", n=2, round=3, who=PlayerRef(1, side=False), place=name("territory", "oak"),
                  gains=listed([name("gain", "acorn", 2), PlayerRef(0)], "semicolon"),
                  inner=phrase("combat.gnomes", n=1))
    assert phrase_from_json(said.to_json()) == said


def test_an_event_with_a_phrase_is_stored_with_it_and_one_without_as_before() -> None:
    plain = public_event("Red passes.", "move", clan="red")
    assert "phrase" not in plain.to_json()
    worded = public_event("Red passes.", "move", phrase=phrase("move.pass", clan=name("clan", "red")), clan="red")
    back = Event.from_json(worded.to_json())
    assert back == worded
    assert back.phrase is not None and back.phrase.args["clan"] == NameRef("clan", "red")


@pytest.mark.parametrize("stored", [
    {"args": {}},
    {"id": "x", "args": {"a": "a sentence"}},
    {"id": "x", "args": {"a": {"list": [1], "style": "bullets"}}},
    {"id": "x", "args": {"a": {"unknown": 1}}},
    {"id": "x", "args": {"a": True}},
])
def test_anything_but_a_stored_phrase_is_refused(stored: dict[str, object]) -> None:
    with pytest.raises(ValueError):
        phrase_from_json(stored)


def test_a_sentence_or_a_bool_is_never_an_argument() -> None:
    with pytest.raises(TypeError):
        phrase("x", a=True).to_json()
    with pytest.raises(TypeError):
        phrase("x", a=ListOf(("words",))).to_json()  # type: ignore[arg-type]  # the refusal under test
