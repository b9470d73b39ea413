"""What a refused user can do instead: a hint added to the table service's refusal messages.

The service says *why* something was refused; the Discord layer knows the buttons and commands,
so it adds *what is allowed instead* here, in one place.
"""

from __future__ import annotations

from collections.abc import Callable

from engine.core.phrases import Arg, ListOf, Phrase, Verbatim
from host.errors import (
    AlreadyJoined,
    AlreadyStarted,
    GameFull,
    GameNotActive,
    GameNotFound,
    HostError,
    InvalidOption,
    NotAllowed,
    NotHost,
    NotJoined,
    NotSeated,
    NotYourTurn,
    Said,
    UndoNotAllowed,
)
from i18n import ENGLISH, Locale, mark
from i18n.catalog import command_word
from i18n.commands import Slot, choice_id, option_id
from present.phrases import say

NEW_GAME = mark("hint.new-game")
# The hint of each refusal, as a message id of the bot's catalog.
HINTS: dict[type[HostError], str] = {
    NotSeated: mark("hint.not-seated"),
    NotYourTurn: mark("hint.not-your-turn"),
    GameNotFound: mark("hint.not-found"),
    NotHost: mark("hint.not-host"),
    NotAllowed: mark("hint.not-allowed"),
    AlreadyJoined: mark("hint.already-joined"),
    NotJoined: mark("hint.not-joined"),
    GameFull: mark("hint.full"),
    AlreadyStarted: mark("hint.started"),
    UndoNotAllowed: mark("hint.no-undo"),
}
NOT_ACTIVE_HINTS = {
    "lobby": mark("hint.in-lobby"),
    "finished": mark("hint.finished"),
    "cancelled": NEW_GAME,
    "quarantined": NEW_GAME,
}


def hint_for(error: HostError, locale: Locale = ENGLISH) -> str:
    """The sentence telling what is allowed instead of what `error` refused (may be empty), in `locale`."""
    if isinstance(error, GameNotActive):
        msgid = NOT_ACTIVE_HINTS.get(error.status, "")
    else:
        msgid = next((HINTS[kind] for kind in type(error).__mro__ if kind in HINTS), "")
    return Said(msgid).text(locale) if msgid else ""


def refusal_text(error: HostError, locale: Locale = ENGLISH) -> str:
    """The refusal in `locale` when the catalogs have its words (else in English), followed by what to do
    instead (unless the message already says it)."""
    if error.phrase is not None and error.game:
        # The engine's refusal, said from its game's catalog (engine.core's own words from the bot's).
        said = _as_typed(error.phrase, locale) if isinstance(error, InvalidOption) else error.phrase
        message = say(locale, error.game, said, {})
    elif error.said is None:  # a refusal not yet in the catalogs is English, and so is its hint
        locale = ENGLISH
        message = error.message
    else:
        message = error.said.text(locale)
    hint = hint_for(error, locale)
    if not hint or hint in message:
        return message
    return f"{message} {hint}"




NEW_GAME_COMMAND = "game new"


def _as_typed(said: Phrase, locale: Locale) -> Phrase:
    """An option refusal with each option and choice named as the reader's Discord shows it in /game new (the
    engine names them by their code names, which only an English client shows)."""
    option = said.args.get("option")
    name = option.text if isinstance(option, Verbatim) else ""

    def option_name(text: str) -> str:
        return command_word(locale, option_id(NEW_GAME_COMMAND, text, Slot.NAME), text)

    def choice_name(text: str) -> str:
        return command_word(locale, choice_id(NEW_GAME_COMMAND, name, text), text)

    def shown(value: Arg, word: Callable[[str], str]) -> Arg:
        match value:
            case Verbatim(text=text):
                return Verbatim(word(text))
            case ListOf(items=items, style=style):
                return ListOf(tuple(shown(item, word) for item in items), style)
        return value

    # "choices" lists an option's allowed values; every other typed word is an option's name.
    args = {key: shown(value, choice_name if key == "choices" else option_name) for key, value in said.args.items()}
    return Phrase(said.msgid, args, said.n)
