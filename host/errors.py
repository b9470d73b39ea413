"""The table service's refusals. Every one carries a player-facing `.message` and a stable `.code`.

A refusal a player meets often also carries `.said`: the message id of the bot's catalog (locales/) with its
arguments, so that a front end can say it in the reader's language; `.message` is the English of it.

Catch `HostError` for everything the service refuses on purpose. An engine
`IllegalAction` raised while applying a move is wrapped in `IllegalMove`, which
is BOTH a HostError and an engine IllegalAction: a caller may catch either
family and gets the engine's `.message` and `.code` unchanged. Anything else
escaping the service is a bug (and the stored game is left untouched).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from engine.core.errors import IllegalAction
from engine.core.phrases import Phrase
from i18n import ENGLISH, Locale, mark
from i18n.catalog import BOT, catalogs


@dataclass(frozen=True, slots=True)
class Said:
    """A refusal as words of the bot's catalog: its message id and the arguments it fills in."""

    msgid: str
    args: Mapping[str, object] = field(default_factory=dict)

    def text(self, locale: Locale = ENGLISH) -> str:
        """The words in `locale` (English where that language lacks them)."""
        return catalogs().translate(locale, BOT, self.msgid, None, dict(self.args))


class HostError(Exception):
    """Base of every refusal by the table service; `.message` is safe to show the user."""

    code = "H_ERROR"

    said: Said | None = None
    # An engine refusal's words, said from `game`'s catalog at the front end (none: `.said` or the message).
    phrase: Phrase | None = None
    game: str = ""

    def __init__(self, message: str | Said, code: str | None = None) -> None:
        """`message` in English, or as catalog words (`.said`), whose English is then the message."""
        if isinstance(message, Said):
            self.said, message = message, message.text()
        Exception.__init__(self, message)
        self.message = message
        if code is not None:
            self.code = code

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.code!r}, {self.message!r})"


class GameNotFound(HostError):
    """No table with that id (or none in that channel)."""

    code = "H_NOT_FOUND"

    def __init__(self, game_id: int | None = None, message: str | None = None) -> None:
        said = (Said(mark("refusal.no-game-number"), {"number": str(game_id)}) if game_id is not None
                else Said(mark("refusal.no-game-here")))
        super().__init__(message or said)
        self.game_id = game_id


class NotSeated(HostError):
    """The user holds no seat (or not the seat named) at this table."""

    code = "H_NOT_SEATED"

    def __init__(self, message: str | None = None) -> None:
        super().__init__(message or Said(mark("refusal.not-seated")))


class NotYourTurn(HostError):
    """The user is seated but none of their players is pending."""

    code = "H_NOT_YOUR_TURN"

    def __init__(self, waiting_for: str) -> None:
        super().__init__(Said(mark("refusal.not-your-turn"), {"waiting": waiting_for}))
        self.waiting_for = waiting_for


class StaleVersion(HostError):
    """The click came from an outdated message: the game moved on since it was shown."""

    code = "H_STALE"

    def __init__(self, expected: int, current: int, situation: str) -> None:
        super().__init__(Said(mark("refusal.stale"), {"now": situation}))
        self.expected = expected
        self.current = current
        self.situation = situation


class GameNotActive(HostError):
    """The game is not running (still in the lobby, finished, cancelled or quarantined)."""

    code = "H_NOT_ACTIVE"

    def __init__(self, status: str, message: str | None = None) -> None:
        msgid = _NOT_ACTIVE_MESSAGES.get(status)
        super().__init__(message or (Said(msgid) if msgid is not None else f"This game is {status}."))
        self.status = status


_NOT_ACTIVE_MESSAGES = {
    "lobby": mark("refusal.not-started"),
    "finished": mark("refusal.over"),
    "cancelled": mark("refusal.cancelled"),
    "quarantined": mark("refusal.suspended"),
}


class IllegalMove(HostError, IllegalAction):
    """The engine refused the move; `.message` says what is allowed instead, `.code` is the engine's E_* code."""

    code = "E_ILLEGAL"

    def __init__(self, error: IllegalAction, game: str = "") -> None:
        HostError.__init__(self, error.message, error.code)
        self.phrase = error.phrase
        self.game = game


class UndoNotAllowed(HostError):
    """Undo refused: off at this table, not your move, someone acted since, or it revealed something."""

    code = "H_UNDO"


class NotAllowed(HostError):
    """The user may not do this (only the host or a moderator may)."""

    code = "H_NOT_ALLOWED"


class ServiceClosed(HostError):
    """The service is shutting down and takes no new work."""

    code = "H_CLOSED"


class InvalidSettings(HostError):
    """A table setting out of range."""

    code = "H_SETTINGS"


class CannotSave(HostError):
    """The store cannot take writes right now (full disk, failing file, database server gone): nothing was done.

    `move` says whether the refused call was a move (the player reads "Your move was not made").
    """

    code = "H_CANNOT_SAVE"

    def __init__(self, *, move: bool) -> None:
        what = "Your move was not made" if move else "Nothing was done"
        super().__init__(f"{what}: the bot cannot save games right now. Try again in a while.")
        self.move = move


# -- lobby ------------------------------------------------------------------------------


class LobbyError(HostError):
    """A lobby rule was broken."""

    code = "H_LOBBY"


class UnknownGame(LobbyError):
    """No game of that name is registered."""

    code = "H_UNKNOWN_GAME"

    def __init__(self, name: str, known: Sequence[str]) -> None:
        super().__init__(f"There is no game called {name!r}. Games: {', '.join(known)}.")


class InvalidOption(LobbyError):
    """An unknown option name or a value out of range; the message names what is allowed."""

    code = "H_OPTION"

    @classmethod
    def of(cls, error: IllegalAction, game: str) -> InvalidOption:
        """The engine's option refusal `error` for `game`, with its words for any reader."""
        refused = cls(error.message)
        refused.phrase, refused.game = error.phrase, game
        return refused


class ChannelBusy(LobbyError):
    """The channel (or thread) already has a lobby or running game."""

    code = "H_CHANNEL_BUSY"

    def __init__(self, game_id: int | None) -> None:
        what = f"game #{game_id}" if game_id is not None else "a game"
        super().__init__(
            f"This channel already has {what} open. Finish or cancel it first, or start a game in a thread."
        )
        self.game_id = game_id


class GameFull(LobbyError):
    """Every seat is taken."""

    code = "H_FULL"

    def __init__(self, max_players: int) -> None:
        super().__init__(Said(mark("refusal.full"), {"players": max_players}))


class AlreadyJoined(LobbyError):
    """The user already holds a seat."""

    code = "H_ALREADY_JOINED"

    def __init__(self) -> None:
        super().__init__(Said(mark("refusal.already-joined")))


class NotJoined(LobbyError):
    """The user has no seat to leave."""

    code = "H_NOT_JOINED"

    def __init__(self) -> None:
        super().__init__(Said(mark("refusal.not-joined")))


class AlreadyStarted(LobbyError):
    """The lobby is closed: the game has started (or ended)."""

    code = "H_STARTED"

    def __init__(self, message: str | None = None) -> None:
        super().__init__(message or Said(mark("refusal.started")))


class NotHost(LobbyError):
    """Only the host (or a moderator, where allowed) may do this."""

    code = "H_NOT_HOST"

    def __init__(self, what: str) -> None:
        super().__init__(f"Only the host can {what}.")


class NotEnoughPlayers(LobbyError):
    """Start refused: too few seats taken."""

    code = "H_TOO_FEW"

    def __init__(self, have: int, need: int) -> None:
        super().__init__(Said(mark("refusal.too-few"), {"need": need, "have": have}))


class TableChanged(HostError):
    """The table changed at the same moment (another writer): nothing was done; try again."""

    code = "H_TABLE_CHANGED"

    def __init__(self) -> None:
        super().__init__("The table changed at that very moment, so nothing was done. Please try again.")
