"""Gnome Tribes' events as catalog phrases: said in English, each is the engine's own English; in French, French."""

from __future__ import annotations

import pytest

from engine.core.events import Event
from engine.core.names import fill_names
from engine.core.phrases import PlayerRef, listed, phrase
from engine.tribes import research, words
from engine.tribes.game import GAME as TRIBES
from engine.tribes.setup import GNOMPAX_CARD
from i18n import ENGLISH, Locale
from present.phrases import say
from tests.i18n.random_play import played_events

FRENCH = Locale("fr")
GAME = "tribes"


# Action ids a keen player avoids most of the time, so that research, espionage and battles happen often.
SHY = ("pass", "undo", "back", "none", "clear")


def random_game_events(players: int, seed: int, options: dict[str, object], *, keen: bool = False,
                       steps: int = 20_000) -> list[Event]:
    """Every event of one Tribes game played by random legal moves (setup events first); a `keen` player picks
    a step other than passing, undoing or declining four times in five."""
    return played_events(GAME, players, seed, options, prefer=lambda a: not any(word in a.id for word in SHY),
                         keen=0.8 if keen else 0.0, steps=steps)


def assert_worded(events: list[Event], players: int) -> None:
    """Every event has a phrase; its English is the event's text and its French is not English."""
    people = {p: f"<@{p}>" for p in range(players)}
    assert not [e.text for e in events if e.phrase is None]
    for event in events:
        assert event.phrase is not None
        said = say(ENGLISH, GAME, event.phrase, people)
        assert said == fill_names(event.text, people), event.phrase
        assert said != say(FRENCH, GAME, event.phrase, people), said


OPTIONS: list[dict[str, object]] = [{}, {"tribe_pick": "random"}, {"turbo": True},
                                    {"turbo": True, "tribe_pick": "random", "escargnom": True, "gnompax_cap": 20}]
GAMES = [(2 + seed % 3, seed, OPTIONS[seed % 4], seed > 6) for seed in range(1, 13)]


@pytest.mark.parametrize("players,seed,options,keen", GAMES)
def test_every_tribes_event_says_in_english_what_its_text_says(players: int, seed: int, options: dict[str, object],
                                                                keen: bool) -> None:
    events = random_game_events(players, seed, options, keen=keen)
    assert len(events) > 50
    assert_worded(events, players)


def test_a_gnompax_drawn_by_research_from_the_last_card_says_so() -> None:
    state = TRIBES.new_game(2, 1, {"tribe_pick": "random"})
    state.deck = [GNOMPAX_CARD]
    state.players[0].posts["research"] = [10]
    state.research_queue = [0]
    events: list[Event] = []
    research.run(state, events)
    assert [e.phrase.msgid for e in events if e.phrase is not None] == [
        "research.gnompax", "research.deck-empty", "vote.begins"]
    assert_worded(events, 2)


def test_counted_armies_and_votes_take_the_french_plural() -> None:
    one = phrase("reveal.recruited", n=1, place=words.place("wheatburg"))
    three = phrase("reveal.recruited", n=3, place=words.place("forest"))
    assert say(ENGLISH, GAME, one, {}) == "recruited 1 army at Wheatburg"
    assert say(FRENCH, GAME, one, {}) == "ont recruté 1 armée à Blébourg"
    assert say(FRENCH, GAME, three, {}) == "ont recruté 3 armées à la Forêt"
    voter = phrase("vote.voter", tribe=words.tribe_named("marsh"), votes=words.votes(0))
    assert say(ENGLISH, GAME, voter, {}) == "the Marsh Gnomes (0 votes)"
    assert say(FRENCH, GAME, voter, {}) == "les Gnomes des marais (0 voix)"


def test_a_list_ends_with_the_languages_and_and_a_sequence_with_its_then() -> None:
    cards = words.cards(["gnomcopter#1", "gnomsnake#2", "gnomflak#3"])
    shot = phrase("flak.shoots-down", tribe=words.tribe_named("plains"), cards=cards)
    assert say(ENGLISH, GAME, shot, {}) == "Gnomflak shoots down the Plains Gnomes' Gnomcopter, GnomSnake and Gnomflak."
    assert say(FRENCH, GAME, shot, {}) == (
        "La Gnomflak abat Gnomcoptère, GnomSerpent et Gnomflak des Gnomes des plaines.")
    seats = phrase("setup.seat-order", seats=words.then([PlayerRef(2), PlayerRef(0), PlayerRef(1)]))
    names = {0: "<@10>", 1: "<@11>", 2: "<@12>"}
    assert say(FRENCH, GAME, seats, names).startswith("Ordre des places, tiré au sort : <@12>, puis <@10>, puis <@11>.")
    drawn = phrase("setup.tribes-drawn", seats=listed([
        phrase("setup.plays", player=PlayerRef(0, side=False), tribe=words.tribe_named("swamp"))], "semicolon"))
    assert say(FRENCH, GAME, drawn, {0: "<@10> (Swamp Gnomes)"}, {0: "<@10>"}) == (
        "Tribus, tirées au sort : <@10> joue les Gnomes des marécages.")
