"""Game records: the full record of a finished game (seed and every move) and its verification by replay.

A full record replays the game exactly: `verify` plays its moves from its seed with the registered game's
rules and checks that they reach the outcome the record states. The public record (built by the host from
public views and public events only) has no seed and no moves, so it cannot be replayed.

Usage: python -m engine.replay FILE
       prints the verified outcome (exit 0), or one plain sentence saying why the file is refused (exit 2).
"""

from __future__ import annotations

import json
import logging
import sys
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from engine import registry
from engine.core.errors import IllegalAction
from engine.core.game import Game
from engine.core.outcome import Outcome

log = logging.getLogger(__name__)

# Written into every record; a reader refuses a version it does not know rather than guess its shape.
RECORD_VERSION = 1
FORMAT = "gnomehost-game-record"
FULL = "full"
PUBLIC = "public"

EXIT_VERIFIED = 0
EXIT_REFUSED = 2


class RecordRefused(Exception):
    """A file that is not a full record whose moves reach its stated outcome; `str()` is one plain sentence."""


@dataclass(frozen=True, slots=True)
class Verified:
    """A full record that replays to its stated outcome."""

    game_name: str
    title: str
    moves: int
    outcome: Outcome
    names: dict[int, str]  # player index -> how the record names that player (with their side)
    reason: str  # why the game ended, in words


def outcome_json(outcome: Outcome) -> dict[str, Any]:
    """The outcome as the full record states it (ranking, scores, reason and the rules' details)."""
    data: dict[str, Any] = json.loads(json.dumps(outcome.to_json(), sort_keys=True))
    return data


def public_outcome_json(outcome: Outcome) -> dict[str, Any]:
    """The outcome as the public record states it: ranking, scores and reason, without the rules' details.

    The details may hold what only the full record may show (for instance objectives nobody revealed).
    """
    full = outcome_json(outcome)
    return {"ranking": full["ranking"], "scores": full["scores"], "reason": full["reason"]}


def full_record(
    game_name: str,
    players: int,
    seed: int,
    options: Mapping[str, Any],
    moves: Sequence[tuple[int, str]],
    game: Game[Any] | None = None,
) -> dict[str, Any]:
    """The full record of a finished game played from `seed` by `moves` (player, action id).

    `game` is the rules (default: the registered game of that name). Each player entry names the side they
    played; callers may add names, times and the public log. IllegalAction when the moves do not replay or do
    not end the game.
    """
    game = game or registry.get(game_name)
    state = _replay(game, players, seed, dict(options), moves)
    outcome = game.outcome(state)
    if outcome is None:
        raise IllegalAction("The game is not over yet.", "E_NOT_OVER")
    return {
        "format": FORMAT,
        "version": RECORD_VERSION,
        "kind": FULL,
        "game": game_name,
        "title": game.title or game_name,
        "options": dict(options),
        "players": [{"player": p, "side": game.player_name(state, p)} for p in range(players)],
        "seed": seed,
        "moves": [{"player": p, "action": a} for p, a in moves],
        "outcome": outcome_json(outcome),
    }


def _replay(game: Game[Any], players: int, seed: int, options: dict[str, Any],
            moves: Sequence[tuple[int, str]]) -> Any:
    """The state after `moves`; IllegalAction naming the first move that is not allowed."""
    state = game.new_game(players, seed, options)
    for n, (player, action_id) in enumerate(moves, start=1):
        try:
            action = game.parse_action(state, player, action_id)
            state, _events = game.apply(state, player, action)
        except IllegalAction as exc:
            raise IllegalAction(f"Move {n} is not allowed at that point of the game ({exc.message.rstrip('.')})",
                                "E_BAD_MOVE") from exc
    return state


def _field(record: Mapping[str, Any], key: str, kind: type | tuple[type, ...], what: str) -> Any:
    value = record.get(key)
    # bool is an int to Python, never a count or a seed in a record
    if not isinstance(value, kind) or isinstance(value, bool):
        raise RecordRefused(f"This file is not a full game record: its {key!r} is missing or is not {what}.")
    return value


def _moves(record: Mapping[str, Any]) -> list[tuple[int, str]]:
    raw = _field(record, "moves", list, "a list of moves")
    moves: list[tuple[int, str]] = []
    for n, move in enumerate(raw, start=1):
        player = move.get("player") if isinstance(move, dict) else None
        action = move.get("action") if isinstance(move, dict) else None
        if not isinstance(player, int) or isinstance(player, bool) or not isinstance(action, str):
            raise RecordRefused(f"This file is not a full game record: move {n} does not name a player and an action.")
        moves.append((player, action))
    return moves


def verify(record: Any) -> Verified:
    """Replay a full record (parsed JSON) and check that its moves reach its stated outcome.

    RecordRefused, with one plain sentence, for anything else: not a record, a public record, an unknown
    version or game, a move the rules do not allow, moves that stop before the end or reach another outcome.
    """
    if not isinstance(record, dict) or record.get("format") != FORMAT:
        raise RecordRefused("This file is not a Gnomehost game record.")
    version = record.get("version")
    if version != RECORD_VERSION:
        raise RecordRefused(f"This record has version {version!r}; this program reads version {RECORD_VERSION} only.")
    if record.get("kind") == PUBLIC:
        raise RecordRefused("This is the public record of a game: it has no seed and no moves, so it cannot be "
                            "replayed (each player of the game can have the full record by DM).")
    if record.get("kind") != FULL:
        raise RecordRefused("This file is not a full game record: its 'kind' is neither full nor public.")
    game_name = _field(record, "game", str, "a game's name")
    if game_name not in registry.names():
        raise RecordRefused(f"This record is of a game this program does not know ({game_name!r}).")
    game = registry.get(game_name)
    entries = _field(record, "players", list, "a list of players")
    seed = _field(record, "seed", int, "a whole number")
    options = _field(record, "options", dict, "a set of options")
    stated = _field(record, "outcome", dict, "an outcome")
    moves = _moves(record)
    try:
        state = _replay(game, len(entries), seed, options, moves)
    except IllegalAction as exc:
        raise RecordRefused(f"The moves do not replay: {exc.message}.") from exc
    except Exception as exc:
        # A hand-edited record may hold values no game ever wrote; whatever the rules choke on, it is refused.
        log.debug("replay failed", exc_info=True)
        raise RecordRefused(f"The moves do not replay: the rules cannot read them ({type(exc).__name__}).") from exc
    outcome = game.outcome(state)
    if outcome is None:
        raise RecordRefused(f"The moves stop before the game ends, so they do not reach the stated outcome "
                            f"(after all {len(moves)} moves the game goes on).")
    if outcome_json(outcome) != json.loads(json.dumps(stated, sort_keys=True)):
        raise RecordRefused("The moves reach another outcome than the one the record states.")
    names = {}
    for p in range(len(entries)):
        entry = entries[p] if isinstance(entries[p], dict) else {}
        name, side = str(entry.get("name") or f"Player {p + 1}"), game.player_name(state, p)
        names[p] = f"{name} ({side})" if side else name
    report = game.final_report(state)
    reason = report.reason if report is not None else outcome.reason
    return Verified(game_name, game.title or game_name, len(moves), outcome, names, reason)


def verify_text(text: str) -> Verified:
    """`verify` of a record's JSON text; RecordRefused for text that is not JSON."""
    try:
        record = json.loads(text)
    except json.JSONDecodeError as exc:
        raise RecordRefused(f"This file is not valid JSON (line {exc.lineno}, column {exc.colno}), "
                            "so it is not a game record.") from exc
    return verify(record)


def summary(verified: Verified) -> list[str]:
    """The verified outcome in lines: the game, why it ended, each place with its players and scores."""
    lines = [f"Verified: {verified.moves} moves of {verified.title} replay to the stated outcome.",
             verified.reason]
    for place, group in enumerate(verified.outcome.ranking, start=1):
        for p in group:
            lines.append(f"{place}. {verified.names.get(p, f'Player {p + 1}')}: {verified.outcome.scores.get(p, 0):g}")
    return lines


def main(argv: Sequence[str] | None = None) -> int:
    """Verify the record file named on the command line; print the outcome (0) or why it is refused (2)."""
    args = list(sys.argv[1:] if argv is None else argv)
    if len(args) != 1:
        sys.stderr.write("Usage: python -m engine.replay FILE\n")
        return EXIT_REFUSED
    try:
        text = Path(args[0]).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        sys.stderr.write(f"The file {args[0]} cannot be read ({exc.__class__.__name__}).\n")
        return EXIT_REFUSED
    try:
        verified = verify_text(text)
    except RecordRefused as exc:
        sys.stderr.write(f"{exc}\n")
        return EXIT_REFUSED
    sys.stdout.write("\n".join(summary(verified)) + "\n")
    return EXIT_VERIFIED


if __name__ == "__main__":
    raise SystemExit(main())
