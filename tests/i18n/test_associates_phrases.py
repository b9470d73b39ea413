"""Gnomes & Associates says every event as a catalog phrase: in English exactly its own English text, in French
French (present.phrases over engine/associates/locales)."""

from __future__ import annotations

from typing import Any

import pytest

from engine import registry
from engine.ai.basic import is_passive
from engine.associates import words
from engine.associates.components import empty_treasure
from engine.associates.context import Ctx
from engine.associates.flow import place_reinforcement
from engine.associates.missions import secondary
from engine.associates.state import figs_of
from engine.associates.words import Clause
from engine.core.events import Event
from engine.core.names import fill_names
from engine.core.phrases import PlayerRef, listed, phrase
from i18n import ENGLISH, Locale
from present.phrases import say
from tests.engine.associates.helpers import act, activate, make, place, seat
from tests.i18n.random_play import played_events

FRENCH = Locale("fr")
GAME = "associates"


def random_game_events(game_name: str, players: int, seed: int, steps: int = 3000) -> list[Event]:
    """Every event of one game played by random legal moves (setup events first)."""
    return played_events(game_name, players, seed, steps=steps)


def busy_game_events(players: int, seed: int, options: dict[str, Any], steps: int = 4000) -> list[Event]:
    """Every event of one game played by random legal moves that mostly do something rather than end or pass: a
    uniform choice ends most activations at once, so crafts, lair sieges and missions would rarely be seen."""
    return played_events(GAME, players, seed, options, prefer=lambda a: not is_passive(a), keen=0.85, steps=steps)


def assert_worded(events: list[Event], players: int) -> None:
    """Every event has a phrase whose English is its text, and whose French is not that English."""
    people = {p: f"<@{p}>" for p in range(players)}
    assert [e.text for e in events if e.phrase is None] == []
    for event in events:
        assert event.phrase is not None
        said = say(ENGLISH, GAME, event.phrase, people)
        assert said == fill_names(event.text, people), event.phrase
        assert said != say(FRENCH, GAME, event.phrase, people), event.phrase


@pytest.mark.parametrize("players,seed", [(2, 1), (3, 2), (4, 3), (2, 4), (3, 5), (4, 6)])
def test_every_associates_event_says_in_english_what_its_text_says(players: int, seed: int) -> None:
    assert_worded(random_game_events(GAME, players, seed), players)


@pytest.mark.parametrize("players,seed,options", [
    (2, 1, {}), (3, 2, {}), (4, 3, {}), (2, 4, {"figurines": 4}), (3, 5, {"mode": "simplified"}),
    (4, 6, {"figurines": 4}), (2, 7, {"first_player": 1, "neutral_lair": "always"}), (3, 8, {"mode": "even_simpler"}),
])
def test_every_event_of_a_busy_game_says_what_its_text_says(players: int, seed: int, options: dict[str, Any]) -> None:
    assert_worded(busy_game_events(players, seed, options), players)


def test_gold_for_a_guild_with_nothing_on_the_board_goes_to_its_reserve_and_back_with_a_reinforcement() -> None:
    s = make(["artisans", "brigands"])
    s.lairs["artisans"].state = "destroyed"
    place(s, dict.fromkeys(figs_of(s, "artisans")))
    ctx = Ctx(s)
    secondary(ctx, "artisans", None, Clause("Prospectors", words.secondary("artisans")))
    place_reinforcement(ctx, "artisans_gnome", "goosefoot_meadow")
    assert [e.text for e in ctx.events] == [
        "Prospectors: +1 GP to the Artisans reserve (Prospectors).",
        "Artisans Gnome returns as a reinforcement on Goosefoot Meadow with the reserve of 1 GP."]
    assert_worded(ctx.events, 2)


def test_a_take_from_ones_own_tomb_is_worded() -> None:
    s = make(["usurers", "brigands"])
    place(s, {"usurers_gnome": "shepherds_rest"})
    s.zones["shepherds_rest"].tombs["usurers"] = {**empty_treasure(), "gold": 3}
    s.supply["tomb"] -= 1
    s.gold_minted += 3
    activate(s, "usurers_gnome")
    s, events = act(s, seat(s, "usurers"), "transfer", "mode:take", "t:tomb:gold:all", "confirm")
    assert [e.text for e in events][-1] == "Usurers Gnome takes 3 GP from their tomb."
    assert_worded(events, 2)


def test_the_opening_is_worded_from_the_snapshot_as_it_was_stored() -> None:
    game = registry.get(GAME)
    state = game.new_game(3, 7, {"first_player": 2, "mode": "even_simpler"})
    reread = game.load(game.dump(state))
    (opening,) = game.setup_events(reread)
    assert opening.phrase == game.setup_events(state)[0].phrase
    assert opening.phrase is not None
    assert say(ENGLISH, GAME, opening.phrase, {2: "<@2>"}) == fill_names(opening.text, {2: "<@2>"})
    assert say(FRENCH, GAME, opening.phrase, {2: "<@2>"}).startswith(
        "Gnomes & Associés à 3 joueurs (mode encore plus simple, 2 figurines par guilde, limite de 30 tours). "
        "<@2> est le premier joueur (désigné par l'hôte)")


def test_counted_items_take_the_plural_form_of_the_readers_language_and_lists_join_in_it() -> None:
    takes = phrase("transfer.takes", figurine=words.figurine("artisans_gnome"), parts=listed([
        phrase("transfer.lying-here", items=words.items({"gold": 3, "moonstone": 1, "amulet": 0})),
        phrase("transfer.from-tomb", items=words.items({"sacred_wood": 2})),
    ], "semicolon"))
    assert say(ENGLISH, GAME, takes, {}) == (
        "Artisans Gnome takes 3 GP, 1 Moonstone lying here; 2 Sacred Wood from their tomb.")
    assert say(FRENCH, GAME, takes, {}) == (
        "Gnome des Artisans prend 3 GP, 1 Pierre de lune au sol ici ; 2 Bois sacrés de sa Tombe.")
    robbed = phrase("theft.nothing-from-lair", actor=words.figurine("thieves_goblin_2"), lair=words.lair("neutral"))
    assert say(ENGLISH, GAME, robbed, {}) == "Thieves Goblin (ringed) steals nothing from the neutral lair."
    assert say(FRENCH, GAME, robbed, {}) == "Gobelin des Voleurs (à anneau) ne vole rien au repaire neutre."
    nothing = phrase("draw.public", n=0, guild=words.guild("thieves"))
    assert say(ENGLISH, GAME, nothing, {}) == "The Thieves draw 0 cards."
    assert say(FRENCH, GAME, nothing, {}) == "Les Voleurs piochent 0 carte."


def test_guilds_reaching_their_mission_together_are_one_list_and_a_seat_is_the_person_alone() -> None:
    ended = phrase("end.mission", guilds=listed([words.guild("artisans"),
                                                 phrase("end.later-guild", guild=words.guild("usurers"))], "and"))
    assert say(ENGLISH, GAME, ended, {}) == "The Artisans and the Usurers reached their main mission: the game ends."
    assert say(FRENCH, GAME, ended, {}) == (
        "Les Artisans et les Usuriers ont rempli leur mission principale : la partie se termine.")
    chosen = phrase("choice.guild", player=PlayerRef(1, side=False), guild=words.guild("brigands"))
    assert say(FRENCH, GAME, chosen, {1: "<@1> (Brigands)"}, {1: "<@1>"}) == "<@1> joue les Brigands."
