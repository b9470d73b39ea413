"""Refusals a player really meets (an id the menu no longer offers, a stale war choice, a bad option, a typed order
of the wrong phase) read in French for a French reader, and their English is the engine's message unchanged."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from cogs.refusals import refusal_text
from engine import registry
from engine.associates.game import GAME as ASSOCIATES
from engine.core.actions import Action
from engine.core.errors import IllegalAction
from engine.core.game import Game, not_offered
from engine.core.phrases import Arg, ListOf, Phrase, Verbatim
from engine.tribes.game import GAME as TRIBES
from host.errors import IllegalMove, InvalidOption
from i18n import ENGLISH, Locale
from present.phrases import say
from tests.e2e.language_scan import foreign_findings
from tests.engine.tribes.builders import build, flak_choice, start, who

FRENCH = Locale("fr")


def refusal_of(attempt: Callable[[], object]) -> IllegalAction:
    """The refusal `attempt` raises (it must raise one)."""
    with pytest.raises(IllegalAction) as refused:
        attempt()
    return refused.value


def applying(game: Game[Any], state: Any, player: int, action_id: str) -> Callable[[], object]:
    """`player` taking `action_id` in `state`, when called."""
    return lambda: game.apply(state, player, Action(action_id))


def starting(game: Game[Any], players: int, options: dict[str, Any]) -> Callable[[], object]:
    """A new game of `players` with `options`, when called."""
    return lambda: game.new_game(players, 1, options)


def typed(said: Arg) -> list[str]:
    """The verbatim texts in `said` (what a player types as it is, the same in every language)."""
    match said:
        case Verbatim(text=text):
            return [text]
        case Phrase(args=args):
            return [text for arg in args.values() for text in typed(arg)]
        case ListOf(items=items):
            return [text for item in items for text in typed(item)]
    return []


def untyped(text: str, said: Phrase) -> str:
    """`text` without the verbatim texts of `said`, which are no language's words."""
    for piece in sorted(typed(said), key=len, reverse=True):
        text = text.replace(piece, " ")
    return text


def check(game: str, refusals: list[IllegalAction], players: int = 4) -> None:
    """Each refusal's English is its message as it was; its French holds no word only English uses."""
    people = {p: f"<@{p}>" for p in range(players)}
    shown = []
    for refused in refusals:
        assert refused.phrase is not None, refused.message
        assert say(ENGLISH, game, refused.phrase, people) == refused.message
        french = say(FRENCH, game, refused.phrase, people)
        assert french != refused.message, refused.message
        shown.append((refused.message, untyped(french, refused.phrase)))
    findings = foreign_findings(shown, "fr", "en")
    assert not findings, findings


def unknown_choice(game: Game[Any], state: Any) -> IllegalAction:
    """The refusal of an id the pending player's menu does not offer (a stale button)."""
    player = game.pending(state)[0].player
    return refusal_of(lambda: game.parse_action(state, player, "zz:qq:xx"))


def test_a_stale_choice_lists_the_menu_in_the_readers_language() -> None:
    """"That choice is not available now. You can choose: ..." names each offered label in French."""
    for name in registry.names():
        game = registry.get(name)
        state = game.new_game(2, 5)
        player = game.pending(state)[0].player
        legal = game.legal_actions(state, player)
        refused = not_offered(legal)
        assert refused.message.startswith("That choice is not available now. You can choose: ")
        check(name, [refused, unknown_choice(game, state)], 2)
        labels = [say(FRENCH, name, a.phrase, {}) for a in legal[:8] if a.phrase]
        french = say(FRENCH, name, refused.phrase, {}) if refused.phrase else ""
        assert labels and all(label in french for label in labels), (french, labels)


@pytest.mark.parametrize("name", registry.names())
def test_bad_options_are_refused_in_french(name: str) -> None:
    """An unknown option, a number out of range, a value of the wrong type, and an option name of another game."""
    game = registry.get(name)
    specs = {spec.name: spec for spec in game.options()}
    tries: list[dict[str, Any]] = [{"no_such_option": 1}]
    for spec in specs.values():
        if spec.type == "int" and spec.maximum is not None:
            tries += [{spec.name: spec.maximum + 1}, {spec.name: "many"}]
        if spec.type == "int" and spec.minimum is not None:
            tries.append({spec.name: spec.minimum - 1})
        if spec.type == "choice":
            tries.append({spec.name: "nonsense"})
        if spec.type == "bool":
            tries.append({spec.name: "perhaps"})
    refusals = [refusal_of(starting(game, 2, options)) for options in tries]
    assert {r.code for r in refusals} <= {"E_OPTION", "E_SETUP"}, [r.message for r in refusals]
    assert len(refusals) >= 4
    check(name, refusals, 2)


def test_an_option_refusal_reaches_the_front_end_in_french() -> None:
    """The host's InvalidOption keeps the engine's words: the front end says them in French, English unchanged."""
    refused = refusal_of(lambda: TRIBES.new_game(2, 1, {"gnompax_cap": 999}))
    error = InvalidOption.of(refused, "tribes")
    assert refusal_text(error, ENGLISH).startswith(refused.message)
    french = refusal_text(error, FRENCH)
    # The option is named as a French Discord client shows it in /game new, not by its code name.
    assert french.startswith("L'option gnompax_max") and "gnompax_cap" not in french
    assert refused.phrase is not None
    assert not foreign_findings([("option", untyped(french, refused.phrase))], "fr", "en")


def test_an_option_refusal_lists_the_choices_as_the_reader_sees_them() -> None:
    refused = refusal_of(lambda: ASSOCIATES.new_game(2, 1, {"neutral_lair": "sometimes"}))
    error = InvalidOption.of(refused, "associates")
    english = refusal_text(error, ENGLISH)
    assert english.startswith(refused.message) and "auto, always, never" in english
    french = refusal_text(error, FRENCH)
    assert "repaire_neutre" in french and "toujours" in french and "jamais" in french, french
    assert "neutral_lair" not in french and "always" not in french


def test_stale_tribes_war_choices_are_refused_in_french() -> None:
    """Plan, deployment, Flak and battle-card choices that the board no longer allows."""
    s = build({"golden_fields": "P:4", "cloud_crags": "M:1", "forest": "K:1", "wheatburg": "P:5"},
              hands={"P": ["gnomsnake#1"], "M": ["gnomcopter#1"]})
    s, _ = start(s, "P")
    p = who(s, "P")

    def refused(state: Any, *ids: str) -> IllegalAction:
        """The refusal of the last of `ids`, the ones before it applied."""
        for action_id in ids[:-1]:
            state, _ = TRIBES.apply(state, p, Action(action_id))
        return refusal_of(lambda: TRIBES.apply(state, p, Action(ids[-1])))

    refusals = [
        refused(s, "plan:from:cloud_crags"),  # not one of hers
        refused(s, "plan:from:golden_fields", "plan:ground", "plan:to:wheatburg"),  # her own territory
        refused(s, "plan:from:golden_fields", "plan:ground", "plan:to:forest", "plan:n:9"),  # too many armies
        refused(s, "plan:sup:7"),  # no such attack
        refused(s, "confirm"),  # an empty plan
        refused(s, "clear"),  # nothing to clear
        refused(s, "plan:from:golden_fields", "plan:card:gnomsnake#1"),  # not a carrier
    ]
    flak = flak_choice()
    attacker = who(flak, "P")
    refusals += [refusal_of(lambda: TRIBES.apply(flak, attacker, Action("confirm"))),
                 refusal_of(lambda: TRIBES.pick_action(flak, attacker, ["gnomballoon#1"]))]
    assert len({r.message for r in refusals}) == len(refusals)
    check("tribes", refusals)


def test_deployment_refusals_are_refused_in_french() -> None:
    """Moving from a territory without armies, onto itself, too far, or more armies than there are."""
    s = build({"golden_fields": "P:4", "cloud_crags": "M:1"})
    s, _ = start(s, "P")
    p = who(s, "P")
    s, _ = TRIBES.apply(s, p, Action("plan:none"))
    assert s.phase == "deploy", s.phase
    refusals = [refusal_of(lambda: TRIBES.apply(s, p, Action("dep:from:cloud_crags")))]
    moving, _ = TRIBES.apply(s, p, Action("dep:from:golden_fields"))
    refusals += [refusal_of(applying(TRIBES, moving, p, a))
                 for a in ("dep:to:golden_fields", "dep:to:sunny_downs", "dep:from:golden_fields")]
    check("tribes", refusals)
    # The English message lowers the whole tribe name ("the mountain gnomes"); the phrase names the tribe as the
    # catalog does, the only difference.
    held = refusal_of(lambda: TRIBES.apply(moving, p, Action("dep:to:cloud_crags")))
    assert held.message == "Cloud Crags is held by the mountain gnomes: attack it in your plan."
    assert held.phrase is not None
    english = say(ENGLISH, "tribes", held.phrase, {})
    assert english == "Cloud Crags is held by the Mountain Gnomes: attack it in your plan."
    assert say(FRENCH, "tribes", held.phrase, {}) == (
        "Impossible d'aller à Pics-des-Nuages : le territoire est tenu par les Gnomes des montagnes ; attaque-le dans "
        "ton plan.")


def test_vendetta_typed_orders_of_the_wrong_moment_are_refused_in_french() -> None:
    """An order of another phase, an unknown id, a move typed for a territory that does not exist."""
    game = registry.get("vendetta")
    state = game.new_game(3, 2)
    player = game.pending(state)[0].player
    refusals = [refusal_of(applying(game, state, player, a)) for a in ("from:nowhere", "zzz:1", "pass")]
    refusals.append(refusal_of(lambda: game.new_game(7, 1)))
    refusals.append(refusal_of(lambda: game.new_game(3, 1, {"clans_per_player": 2})))
    check("vendetta", refusals, 3)


def test_an_engine_refusal_reaches_a_french_reader_as_french() -> None:
    """Through the host's IllegalMove and the front end's refusal text (core words from the bot's catalog)."""
    for name in registry.names():
        game = registry.get(name)
        state = game.new_game(2, 3)
        waiting = game.pending(state)[0].player
        other = next((p for p in range(2) if not game.is_pending(state, p)), None)
        refusals = [unknown_choice(game, state)]
        if other is not None:
            refusals.append(refusal_of(applying(game, state, other, "pass")))
        for refused in refusals:
            error = IllegalMove(refused, name)
            assert refusal_text(error, ENGLISH).startswith(refused.message)
            french = refusal_text(error, FRENCH)
            assert refused.phrase is not None
            assert not foreign_findings([(name, untyped(french, refused.phrase))], "fr", "en"), french
        assert waiting is not None
