"""No recap tells a player anyone else's secret: random games of every registered game, each player's recap at
many points, checked against what the engine says each event's audience is and against the spectator's views.

The games are played on the engine alone (seeded random choices) and stored as log rows, so the tape is tested
as the service uses it: built from a whole log, then advanced entry by entry.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from db.rows import ActionRow
from engine import registry
from engine.core.events import Event
from host.recap import MAX_FRAMES, Tape
from present import recap as words

MOVES = 220  # long enough for several rounds of every game, short enough to stay quick
CHECK_EVERY = 5
BUILD_EVERY = 40  # a whole replay each time: the slow part


def _players(name: str) -> int:
    low, high = registry.get(name).player_range
    return max(low, min(3, high))


def _random_log(name: str, seed: int) -> tuple[list[ActionRow], list[list[Event]], dict[int, dict[str, Any]]]:
    """A random game's log rows, the events of each row and the spectator's view after each seq."""
    game = registry.get(name)
    state = game.new_game(_players(name), seed, {})
    rng = random.Random(seed)
    rows: list[ActionRow] = []
    events: list[list[Event]] = []
    views: dict[int, dict[str, Any]] = {}
    for seq in range(1, MOVES + 1):
        pending = game.pending(state)
        if not pending or game.outcome(state) is not None:
            break
        player = rng.choice(pending).player
        action = rng.choice(game.legal_actions(state, player))
        state, new = game.apply(state, player, action)
        rows.append(ActionRow(1, seq, player, action.id, "human", None, None, [], 0.0))
        events.append(new)
        views[seq] = game.view(state, None)
    return rows, events, views


@pytest.mark.parametrize("name", registry.names())
def test_no_recap_holds_another_players_secret(name: str) -> None:
    game = registry.get(name)
    players = _players(name)
    seen_recaps = 0
    for seed in (11, 29):
        rows, events, views = _random_log(name, seed)
        tape = Tape.build(game, players, seed, {}, rows[:1])
        for upto in range(2, len(rows) + 1):
            assert tape.advance(rows[upto - 1:upto])
            if upto % CHECK_EVERY:
                continue
            # A tape built at once from the log says the same as the one advanced entry by entry.
            built = Tape.build(game, players, seed, {}, rows[:upto]) if upto % BUILD_EVERY == 0 else None
            shown_so_far = [e for evs in events[:upto] for e in evs]
            for player in range(players):
                recap = tape.recap(1, name, player)
                if built is not None:
                    assert recap == built.recap(1, name, player)
                if recap is None:
                    continue
                seen_recaps += 1
                _check(recap, player, shown_so_far, views, game.view)
    assert seen_recaps > 20  # the check really looked at recaps


def _check(recap: Any, player: int, events: list[Event], views: dict[int, dict[str, Any]], view: Any) -> None:
    # Every event it carries is public or the reader's own.
    for move in recap.moves:
        for event in move.events:
            assert event.public or player in (event.visible_to or ())
    # Its words hold no text only others were told.
    mine = {e.text for e in events if e.visible_for(player)}
    secrets = {e.text for e in events if not e.visible_for(player)} - mine
    names = {p: f"Player {p}" for p in range(8)}
    told = "\n".join([*words.lines(recap, names), *words.captions(recap, names)])
    for secret in secrets:
        assert secret.rstrip(".") not in told, secret
    # Every frame is the spectator's view at its log entry, the first where the reader left the board.
    assert 1 <= len(recap.frames) <= MAX_FRAMES
    assert recap.frames[0].seq == recap.since_seq
    for frame in recap.frames:
        assert frame.public_view == views[frame.seq]
        assert all(e.public for e in frame.events)
