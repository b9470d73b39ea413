"""What a refused user can do instead: a hint added to the table service's refusal messages.

The service says *why* something was refused; the Discord layer knows the buttons and commands,
so it adds *what is allowed instead* here, in one place.
"""

from __future__ import annotations

from host.errors import (
    AlreadyJoined,
    AlreadyStarted,
    GameFull,
    GameNotActive,
    GameNotFound,
    HostError,
    NotAllowed,
    NotHost,
    NotJoined,
    NotSeated,
    NotYourTurn,
    Said,
    UndoNotAllowed,
)
from i18n import ENGLISH, Locale, mark
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
        message = say(locale, error.game, error.phrase, {})
    elif error.said is None:  # a refusal not yet in the catalogs is English, and so is its hint
        locale = ENGLISH
        message = error.message
    else:
        message = error.said.text(locale)
    hint = hint_for(error, locale)
    if not hint or hint in message:
        return message
    return f"{message} {hint}"

