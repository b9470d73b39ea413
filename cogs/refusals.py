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
    UndoNotAllowed,
)

NEW_GAME = "Open a new game with `/game new`."
HINTS: dict[type[HostError], str] = {
    NotSeated: "You can watch along; join the next lobby to play.",
    NotYourTurn: "You will be mentioned when it is your turn; `/hand` shows your cards meanwhile.",
    GameNotFound: "`/game status` shows the game in this channel.",
    NotHost: "Ask the host. A member with Manage Channels may also cancel, replace a player or change settings.",
    NotAllowed: "Ask the host, or a member with Manage Channels.",
    AlreadyJoined: "Press Leave to give up your seat.",
    NotJoined: "Press Join to take a seat.",
    GameFull: "Watch this one, or open another table with `/game new` (with `thread` if this channel is busy).",
    AlreadyStarted: "Play with the table messages, `/play` or `/hand`.",
    UndoNotAllowed: "Play on with the table message or `/play`.",
}
NOT_ACTIVE_HINTS = {
    "lobby": "The host starts it with Start or `/game start`.",
    "finished": "Press Rematch on its final message to play again, or open a new game with `/game new`.",
    "cancelled": NEW_GAME,
    "quarantined": NEW_GAME,
}


def hint_for(error: HostError) -> str:
    """The sentence telling what is allowed instead of what `error` refused (may be empty)."""
    if isinstance(error, GameNotActive):
        return NOT_ACTIVE_HINTS.get(error.status, "")
    for kind in type(error).__mro__:
        hint = HINTS.get(kind)
        if hint is not None:
            return hint
    return ""


def with_hint(error: HostError) -> str:
    """The refusal message followed by what to do instead (unless the message already says it)."""
    hint = hint_for(error)
    if not hint or hint in error.message:
        return error.message
    return f"{error.message} {hint}"
