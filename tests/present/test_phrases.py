"""present.phrases: an engine phrase said in English is the engine's own English; in French, French."""

from __future__ import annotations

import copy
import random

import pytest

from engine import registry
from engine.core.events import Event
from engine.core.names import fill_names
from engine.core.phrases import PlayerRef, listed, name, phrase
from i18n import ENGLISH, Locale
from present.ending import score_text
from present.phrases import say
from tests.i18n.random_play import played_events

FRENCH = Locale("fr")
SEATING = "setup.seating"


def random_game_events(game_name: str, players: int, seed: int, steps: int = 3000) -> list[Event]:
    """Every event of one game played by random legal moves (setup events first)."""
    return played_events(game_name, players, seed, steps=steps)


@pytest.mark.parametrize("players,seed", [(2, 1), (3, 2), (4, 3), (5, 4), (6, 5), (2, 6)])
def test_every_vendetta_event_says_in_english_what_its_text_says(players: int, seed: int) -> None:
    events = random_game_events("vendetta", players, seed)
    people = {p: f"<@{p}>" for p in range(players)}
    worded = [e for e in events if e.phrase is not None]
    assert len(worded) == len(events), [e.text for e in events if e.phrase is None]
    for event in worded:
        assert event.phrase is not None
        said = say(ENGLISH, "vendetta", event.phrase, people)
        assert said == fill_names(event.text, people), event.phrase
        assert said != say(FRENCH, "vendetta", event.phrase, people) or event.phrase.msgid == SEATING


def test_a_seating_names_the_person_alone_and_a_list_is_joined_in_the_language() -> None:
    seating = phrase(SEATING, seats=listed([
        phrase("setup.plays", player=PlayerRef(0, side=False), clans=listed([name("clan", "red"), name("clan", "blue")],
                                                                           "and")),
        phrase("setup.plays", player=PlayerRef(3, side=False), clans=listed([name("clan", "green")], "and")),
    ], "semicolon"))
    names = {0: "<@10> (Dingleson & Schnitzel)"}
    people = {0: "<@10>"}
    assert say(ENGLISH, "vendetta", seating, names, people) == (
        "<@10> plays Dingleson and Schnitzel; a player plays O'Dingle.")
    assert say(FRENCH, "vendetta", seating, names, people) == (
        "<@10> joue Dingleson et Schnitzel ; un joueur joue O'Dingle.")


def test_counted_names_take_the_plural_form_of_the_readers_language() -> None:
    loot = phrase("loot.some", gains=listed([phrase("loot.clan", clan=name("clan", "yellow"), tokens=listed(
        [name("gain", "acorn", 1), name("gain", "berry", 2), name("gain", "gnome_red", 1)]))], "semicolon"))
    assert say(ENGLISH, "vendetta", loot, {}) == "Loot — McDingle: an acorn, 2 berries, a red gnome token."
    assert say(FRENCH, "vendetta", loot, {}) == "Butin — McDingle : un gland, 2 baies, un jeton gnome rouge."


def finished_game(game_name: str, players: int, seed: int, options: dict[str, object]) -> object:
    """The state of one game played to its end by random legal moves."""
    game = registry.get(game_name)
    state = game.new_game(players, seed, options)
    rng = random.Random(seed)
    while game.outcome(state) is None:
        player = game.pending(state)[0].player
        state, _ = game.apply(state, player, rng.choice(game.legal_actions(state, player)))
    return state


def finished_vendetta(players: int, seed: int, options: dict[str, object]) -> object:
    """The state of one Vendetta game played to its end by random legal moves."""
    return finished_game("vendetta", players, seed, options)


@pytest.mark.parametrize("players,seed,options", [
    (2, 11, {"round_limit": 10}), (3, 12, {"round_limit": 10, "scoring": "basic"}), (5, 13, {"round_limit": 10}),
])
def test_vendetta_final_report_says_in_english_what_its_text_says_and_reads_french(
        players: int, seed: int, options: dict[str, object]) -> None:
    game = registry.get("vendetta")
    report = game.final_report(finished_vendetta(players, seed, options))
    assert report is not None and report.reason_said is not None and report.unit_said is not None
    english = [(report.reason, report.reason_said), *zip(report.secrets, report.secrets_said, strict=True),
               *(pair for entry in report.players for pair in zip(entry.breakdown, entry.said, strict=True))]
    assert len(report.secrets) >= players and all(entry.breakdown for entry in report.players)
    for text, said in english:
        assert say(ENGLISH, "vendetta", said, {}) == text, said
        assert say(FRENCH, "vendetta", said, {}) != text, said
    assert "manche" in say(FRENCH, "vendetta", report.reason_said, {})


@pytest.mark.parametrize("players,seed", [(2, 21), (3, 22), (5, 23)])
def test_every_vendetta_choice_and_prompt_says_in_english_what_its_label_says(players: int, seed: int) -> None:
    """At every step of a random game: each offered action, the engine's shortcuts, the suggested pick and each
    pending prompt read in English exactly as their label, and in French otherwise."""
    game = registry.get("vendetta")
    state = game.new_game(players, seed, {})
    rng = random.Random(seed)
    seen: set[str] = set()
    for _ in range(800):
        if game.outcome(state) is not None:
            break
        for decision in game.pending(state):
            assert decision.phrase is not None, decision.prompt
            assert say(ENGLISH, "vendetta", decision.phrase, {}) == decision.prompt
            offered = [*game.legal_actions(state, decision.player), *game.shortcuts(state, decision.player)]
            offered.append(game.timeout_action(state, decision.player))
            for action in offered:
                assert action.phrase is not None, action.label
                english = say(ENGLISH, "vendetta", action.phrase, {})
                assert english == action.label or (action.label.endswith("…") and english.startswith(
                    action.label[:-1])), (english, action.label)
                assert say(FRENCH, "vendetta", action.phrase, {}) != english, english
                seen.add(action.phrase.msgid)
        player = game.pending(state)[0].player
        state, _ = game.apply(state, player, rng.choice(game.legal_actions(state, player)))
    assert {"label.move-from", "label.to", "label.move-n", "label.keep", "label.pass"} <= seen, seen


def test_a_combat_declarations_choices_read_in_english_as_their_labels_and_in_french() -> None:
    """Three clans on one territory: the declaring clan's menu, step by step (random games seldom get there)."""
    from engine.vendetta.actions import combat_actions
    from engine.vendetta.board import load_board

    state = registry.get("vendetta").new_game(3, 5, {})
    territory = load_board().order[0]
    clans = list(state.seats)[:3]
    state.board[territory] = {clans[0]: 3, clans[1]: 2, clans[2]: 1}
    state.combat = {"territory": territory, "order": clans}
    seen: set[str] = set()
    for _ in range(4):
        actions = combat_actions(state, clans[0])
        for action in actions:
            assert action.phrase is not None
            seen.add(action.phrase.msgid)
            assert say(ENGLISH, "vendetta", action.phrase, {}) == action.label
            assert say(FRENCH, "vendetta", action.phrase, {}) != action.label
        target = next((a for a in actions if a.id.startswith(("target:", "dice:"))), None)
        if target is None:
            break
        draft = state.drafts.setdefault(clans[0], {"kind": "combat", "clan": clans[0], "territory": territory,
                                                   "assign": [], "target": None})
        if target.id.startswith("target:"):
            draft["target"] = target.id.split(":")[1]
        else:
            draft["assign"].append([draft["target"], int(target.id.split(":")[1])])
            draft["target"] = None
    assert {"label.aim", "label.dice-at", "label.all-dice", "label.undo-choose-target"} <= seen, seen


def finished_tribes(players: int, seed: int) -> object:
    """The state of one Gnome Tribes game played to its end by random legal moves (Gnompax by turn 20)."""
    return finished_game("tribes", players, seed, {"gnompax_cap": 20})


@pytest.mark.parametrize("players,seed", [(2, 22), (3, 12), (4, 13)])
@pytest.mark.parametrize("forced", [True, False])
def test_tribes_final_report_says_in_english_what_its_text_says_and_reads_french(
        players: int, seed: int, forced: bool) -> None:
    """Seed 22 ends on the sum of ranks (goal 6), the others on another goal; a Gnompax that came out by itself
    is the same state with the flag turned, since random play always reaches the turn limit first."""
    game = registry.get("tribes")
    state = copy.deepcopy(finished_tribes(players, seed))
    state.gnompax_forced = forced  # type: ignore[attr-defined]  # the registry types states as object
    report = game.final_report(state)
    assert report is not None and report.reason_said is not None and report.unit_said is not None
    english = [(report.reason, report.reason_said), *zip(report.secrets, report.secrets_said, strict=True),
               *(pair for entry in report.players for pair in zip(entry.breakdown, entry.said, strict=True))]
    assert len(report.secrets) == players and all(entry.breakdown for entry in report.players)
    for text, said in english:
        assert say(ENGLISH, "tribes", said, {}) == text, said
        assert say(FRENCH, "tribes", said, {}) != text, said
    french_reason = say(FRENCH, "tribes", report.reason_said, {})
    assert ("forcé" in french_reason) == forced and "le vote a choisi" in french_reason
    worded = ("tribes", report.unit_said)
    for entry in report.players:
        english_unit = score_text(entry.score, True, report.unit)
        assert score_text(entry.score, True, report.unit, ENGLISH, worded) == english_unit
        assert score_text(entry.score, True, report.unit, FRENCH, worded) != english_unit


def finished_associates(players: int, seed: int, turn_cap: int) -> object:
    """The state of one Gnomes & Associates game played to its end by random legal moves."""
    return finished_game("associates", players, seed, {"turn_cap": turn_cap})


@pytest.mark.parametrize("players,seed", [(2, 31), (3, 32), (4, 33)])
@pytest.mark.parametrize("mission", [False, True])
def test_associates_final_report_says_in_english_what_its_text_says_and_reads_french(
        players: int, seed: int, mission: bool) -> None:
    """Random play ends at the turn limit; an ending on main missions is the same state with its ending turned
    to the first two guilds reaching theirs."""
    from engine.associates.state import Ended

    game = registry.get("associates")
    state = copy.deepcopy(finished_associates(players, seed, 10))
    if mission:
        guilds = [p.guild for p in state.players[:2]]  # type: ignore[attr-defined]  # states are typed as object
        state.ended = Ended(reason="mission", guilds=guilds)  # type: ignore[attr-defined]  # as above
    report = game.final_report(state)
    assert report is not None and report.reason_said is not None and report.unit_said is not None
    english = [(report.reason, report.reason_said),
               *(pair for entry in report.players for pair in zip(entry.breakdown, entry.said, strict=True))]
    assert all(entry.breakdown for entry in report.players)
    for text, said in english:
        assert say(ENGLISH, "associates", said, {}) == text, said
        assert say(FRENCH, "associates", said, {}) != text, said
    worded = ("associates", report.unit_said)
    for entry in report.players:
        assert score_text(entry.score, True, report.unit, ENGLISH, worded) == score_text(entry.score, True, report.unit)
