"""Every refusal tells the user what they can do instead."""

from collections.abc import Callable
from typing import Any, cast

import pytest

from cogs.errors import UserFacingError, user_message
from cogs.refusals import refusal_text
from engine.core.errors import IllegalAction
from engine.core.game import Game, require_pending
from engine.tribes.game import GAME as TRIBES
from host.errors import (
    AlreadyJoined,
    AlreadyStarted,
    ChannelBusy,
    GameFull,
    GameNotActive,
    GameNotFound,
    IllegalMove,
    InvalidOption,
    NotAllowed,
    NotEnoughPlayers,
    NotHost,
    NotJoined,
    NotSeated,
    NotYourTurn,
    ServiceClosed,
    StaleVersion,
    UndoNotAllowed,
    UnknownGame,
)
from i18n import Locale

REFUSALS = [
    (NotSeated(), "join the next lobby"),
    (NotYourTurn("<@5>"), "mentioned when it is your turn"),
    (GameNotFound(4), "/game status"),
    (NotHost("start the game"), "Ask the host"),
    (NotAllowed("No."), "Ask the host"),
    (AlreadyJoined(), "Press Leave"),
    (NotJoined(), "Press Join"),
    (GameFull(4), "/game new"),
    (AlreadyStarted(), "/play"),
    (UndoNotAllowed("Undo is off at this table (the host can turn it on)."), "/play"),
    (GameNotActive("lobby"), "/game start"),
    (GameNotActive("finished"), "/game new"),
    (GameNotActive("cancelled"), "/game new"),
    (GameNotActive("quarantined"), "/game new"),
    (StaleVersion(1, 2, "waiting for <@5>."), "Now:"),
    (ChannelBusy(3), "in a thread"),
    (NotEnoughPlayers(1, 2), "add an AI"),
    (UnknownGame("chess", ["vendetta"]), "Games: vendetta"),
    (InvalidOption("round_limit must be between 1 and 20."), "between 1 and 20"),
    (ServiceClosed("The bot is restarting; try again in a moment."), "try again"),
    (IllegalMove(IllegalAction("You already picked 3; confirm or undo.", "E_OBJ_COUNT")), "confirm or undo"),
    (UserFacingError("There is no open game in this channel. Start one with `/game new`."), "/game new"),
]


IDS = [f"{type(error).__name__}-{i}" for i, (error, _) in enumerate(REFUSALS)]


@pytest.mark.parametrize(("error", "instead"), REFUSALS, ids=IDS)
def test_every_refusal_says_what_is_allowed_instead(error: Exception, instead: str) -> None:
    message = user_message(error)
    assert message is not None and message.startswith(getattr(error, "message", ""))
    assert instead in message


def test_a_hint_is_not_repeated() -> None:
    message = user_message(NotJoined())
    assert message is not None and message.count("Press Join") == 1


def test_a_bug_has_no_user_message() -> None:
    assert user_message(KeyError("x")) is None


FRENCH = Locale("fr")


def test_a_refusal_with_catalog_words_is_said_in_the_readers_language() -> None:
    message = user_message(NotYourTurn("<@10> (Schnitzel)"), FRENCH)
    assert message == ("Ce n'est pas ton tour : la partie attend <@10> (Schnitzel). Tu seras mentionné quand ce "
                       "sera ton tour ; `/main` montre tes cartes en attendant."), message
    assert user_message(GameFull(4), FRENCH) == ("Cette partie est complète (4 joueurs). Regarde celle-ci, ou ouvre "
                                                 "une autre table avec `/partie nouvelle` (avec `fil` si ce salon "
                                                 "est occupé).")
    english = user_message(NotYourTurn("<@10> (Schnitzel)"))
    assert english is not None and english.startswith("It is not your turn: the game is waiting for <@10>")
    assert "`/hand` shows your cards" in english


def test_a_refusal_not_yet_in_the_catalogs_stays_english_with_its_english_hint() -> None:
    message = user_message(NotHost("cancel the game"), FRENCH)
    assert message is not None and message.startswith("Only the host can cancel the game. Ask the host.")
    # A message given in the code's own words is not replaced by the catalog's default sentence.
    custom = user_message(NotSeated("You do not hold that seat."), FRENCH)
    assert custom is not None and custom.startswith("You do not hold that seat. You can watch along")


def test_a_game_that_is_not_running_or_not_there_is_said_in_the_readers_language() -> None:
    over = user_message(GameNotActive("finished"), FRENCH)
    assert over is not None and over.startswith("Cette partie est terminée. Appuie sur Revanche"), over
    assert user_message(GameNotFound(12345), FRENCH) == ("Il n'y a pas de partie n°12345. `/partie état` montre la "
                                                         "partie de ce salon.")
    assert (user_message(GameNotFound()) or "").startswith("There is no game here. `/game status`")


class _Shared:
    """A game that is over (or not) and awaits nobody: the refusals engine.core gives every game."""

    def __init__(self, over: bool) -> None:
        self.over = over

    def outcome(self, state: object) -> object | None:
        return object() if self.over else None

    def is_pending(self, state: object, player: int) -> bool:
        return False


def _refused(attempt: Callable[[], object]) -> IllegalAction:
    with pytest.raises(IllegalAction) as refused:
        attempt()
    return refused.value


@pytest.mark.parametrize("attempt,english,french", [
    (lambda: require_pending(cast(Game[Any], _Shared(True)), None, 0), "The game is over.", "La partie est terminée."),
    (lambda: require_pending(cast(Game[Any], _Shared(False)), None, 0), "It is not your turn.",
     "Ce n'est pas ton tour."),
    (lambda: TRIBES.timeout_action(TRIBES.new_game(2, 1), 5), "You have nothing to decide right now.",
     "Tu n'as rien à décider pour l'instant."),
    (lambda: TRIBES.pick_action(TRIBES.new_game(2, 1), 5, []), "There is nothing to pick right now.",
     "Il n'y a rien à choisir pour l'instant."),
])
def test_the_refusals_every_game_shares_are_said_in_the_readers_language(
        attempt: Callable[[], object], english: str, french: str) -> None:
    refused = _refused(attempt)
    assert refused.message == english
    error = IllegalMove(refused, "vendetta")
    assert refusal_text(error, Locale("fr")).startswith(french)
    assert refusal_text(error).startswith(english)
