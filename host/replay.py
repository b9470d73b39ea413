"""A finished game's replay, round by round, rebuilt from its stored log (pure given the stored rows).

What counts as a round is the rules' own counter (`Game.round_number`, which every game has; its default reads
the views' "round"), so a new game gets replays for free. Only public views and public events are kept: a state
reaches the replay only through `public_round`, which reads its spectator view, so its hidden parts never leave
this module.
"""

from __future__ import annotations

import logging
from collections.abc import Iterator
from typing import Any

from db.rows import ActionRow, effective_moves
from engine.core.events import Event
from engine.core.game import Game
from host.results import ReplayRound

log = logging.getLogger(__name__)


def round_ends(
    game: Game[Any], players: int, seed: int, options: dict[str, Any], rows: list[ActionRow]
) -> Iterator[tuple[int, Any, list[Event]]]:
    """(round number, state at the round's end, the events of its moves) for each round of a stored log.

    The effective moves count (undone ones left out); the game's setup events open the first round. A round
    ends at the move after which the rules' round number changes, and the last round at the last move, so the
    last state is the end of the game. The states hold secrets: callers keep only `public_round` of them.
    IllegalAction (the engine's) when the log no longer replays.
    """
    state = game.new_game(players, seed, options)
    current = game.round_number(state)
    events: list[Event] = list(game.setup_events(state))
    moved = ended = False
    for row in effective_moves(rows):
        action = game.parse_action(state, row.player, row.action_id)
        state, new_events = game.apply(state, row.player, action)
        moved = True
        events.extend(new_events)
        number = game.round_number(state)
        if number != current:
            yield current, state, events
            current, events, moved, ended = number, [], False, True
    if moved or not ended:
        yield current, state, events


def public_round(game: Game[Any], number: int, state: Any, events: list[Event]) -> ReplayRound:
    """What a replay keeps of one round: the spectator's view of its end state and its public events only."""
    return ReplayRound(number, game.view(state, None), tuple(e for e in events if e.public))


def replay_rounds(
    game: Game[Any], players: int, seed: int, options: dict[str, Any], rows: list[ActionRow]
) -> tuple[ReplayRound, ...]:
    """The public rounds of a stored log, in order (see `round_ends`); the last view is the end board."""
    return tuple(public_round(game, number, state, events)
                 for number, state, events in round_ends(game, players, seed, options, rows))
