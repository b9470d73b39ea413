"""The stored rows as plain dataclasses, shared by every store (SQLite, PostgreSQL) and by host/.

Nothing here knows a database driver: a row is read from any mapping of column name to value
(`sqlite3.Row` and `asyncpg.Record` both are one), and JSON columns are decoded here, once, so
both stores quarantine the same unreadable rows for the same reasons.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, Protocol


class Columns(Protocol):
    """A fetched row read by column name (`sqlite3.Row`, `asyncpg.Record`, a dict)."""

    def __getitem__(self, key: str, /) -> Any:
        """The value of one column."""
        ...


# -- games -------------------------------------------------------------------------------------------------

OPEN_STATUSES = ("lobby", "active")

GAME_COLUMNS = (
    "id, guild_id, channel_id, game_name, options, seed, status, status_reason, host_user_id, settings, "
    "players, version, snapshot, pending, ai_pending, outcome, created_at, updated_at, announced_version, revision"
)


@dataclass(frozen=True, slots=True)
class GameRow:
    """One stored game. `snapshot` stays the raw JSON text so verification compares exactly what is stored."""

    id: int
    guild_id: int | None
    channel_id: int
    game_name: str
    options: dict[str, Any]
    seed: int
    status: str
    status_reason: str | None
    host_user_id: int
    settings: dict[str, Any]
    players: int | None
    version: int
    snapshot: str | None
    pending: list[dict[str, Any]]
    ai_pending: bool
    outcome: dict[str, Any] | None
    created_at: float
    updated_at: float
    announced_version: int = 0  # the game was posted in its channel up to this version
    # Why a stored column could not be read (bad JSON, wrong shape): the game is quarantined, never used.
    unreadable: str | None = None
    revision: int = 0  # moves on with every write of the row: the check against writes from an outdated copy


def _json(row: Columns, column: str, kind: type, problems: list[str]) -> Any:
    """A JSON column of `kind`; on bad data the empty value, and the column is named in `problems`."""
    text = row[column]
    try:
        value = json.loads(text)
    except (TypeError, ValueError):
        problems.append(column)
        return kind()
    if not isinstance(value, kind):
        problems.append(column)
        return kind()
    return value


def game_from_columns(row: Columns) -> GameRow:
    """The GameRow of one `SELECT {GAME_COLUMNS}` row; bad JSON is named in `unreadable`, never raised."""
    problems: list[str] = []
    options = _json(row, "options", dict, problems)
    settings = _json(row, "settings", dict, problems)
    pending = _json(row, "pending", list, problems)
    outcome = _json(row, "outcome", dict, problems) if row["outcome"] is not None else None
    if not all(isinstance(d, dict) and isinstance(d.get("player"), int) for d in pending):
        problems.append("pending")
        pending = []
    return GameRow(
        id=row["id"],
        guild_id=row["guild_id"],
        channel_id=row["channel_id"],
        game_name=row["game_name"],
        options=options,
        seed=row["seed"],
        status=row["status"],
        status_reason=row["status_reason"],
        host_user_id=row["host_user_id"],
        settings=settings,
        players=row["players"],
        version=row["version"],
        snapshot=row["snapshot"],
        pending=pending,
        ai_pending=bool(row["ai_pending"]),
        outcome=outcome,
        created_at=float(row["created_at"]),
        updated_at=float(row["updated_at"]),
        announced_version=row["announced_version"],
        revision=row["revision"],
        unreadable=f"its stored {', '.join(sorted(set(problems)))} cannot be read" if problems else None,
    )


# -- seats -------------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class SeatRow:
    """One seat. `user_id` None is an AI seat; `player` None until the game starts.

    `ai_level` is how strongly the AI plays the seat ("easy", "normal", "hard"); it is only used while
    the AI holds the seat.
    """

    game_id: int
    join_order: int
    user_id: int | None
    player: int | None
    ai_level: str = "normal"


# -- the action log ----------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ActionRow:
    """One log entry. For source 'undo', `undoes` is the seq taken back and `action_id` is 'undo'.

    `turn_seconds`: seconds from the moment the decision became the mover's to the move (None: unknown, as
    for moves stored before schema 6 and undo entries; left out of averages). Written, not read back.
    """

    game_id: int
    seq: int
    player: int
    action_id: str
    source: str
    user_id: int | None
    undoes: int | None
    events: list[dict[str, Any]]
    created_at: float
    turn_seconds: float | None = field(default=None, compare=False)


def effective_moves(rows: list[ActionRow]) -> list[ActionRow]:
    """The moves that count: the log with every undone move (and the undo markers) removed."""
    kept: list[ActionRow] = []
    for row in rows:
        if row.source == "undo":
            if not kept or kept[-1].seq != row.undoes:
                raise ValueError(f"undo entry {row.seq} does not take back the last move")
            kept.pop()
        else:
            kept.append(row)
    return kept


# -- deadlines ---------------------------------------------------------------------------------------------

# Reminders, and the table's AFK policy for a decision the rules give no timer.
TURN = "turn"
# A reaction window's deadline: on expiry it closes as a pass, whatever the AFK policy (R-A36).
REACTION = "reaction"
# Any other decision's rules timer (R-V34, §12.4): on expiry the rules' default, whatever the AFK policy.
RULES = "rules"
# The kinds whose expiry plays the rules' default.
RULES_KINDS = frozenset({REACTION, RULES})


@dataclass(frozen=True, slots=True)
class DeadlineRow:
    """One deadline of one pending player."""

    game_id: int
    player: int
    kind: str
    due_at: float
    reminders: int
    version: int


# -- the outbox --------------------------------------------------------------------------------------------

PENDING = "pending"
SENT = "sent"
FAILED = "failed"

OUTBOX_COLUMNS = "id, game_id, queue, kind, payload, status, attempts, next_at, last_error, created_at"


@dataclass(frozen=True, slots=True)
class NewMessage:
    """A message to enqueue: the queue it is delivered in, its kind and its JSON payload."""

    game_id: int
    queue: str
    kind: str
    payload: dict[str, Any]


@dataclass(frozen=True, slots=True)
class OutboxRow:
    """One stored message."""

    id: int
    game_id: int
    queue: str
    kind: str
    payload: dict[str, Any]
    status: str
    attempts: int
    next_at: float
    last_error: str | None
    created_at: float


@dataclass(frozen=True, slots=True)
class MessageRef:
    """Where a posted message lives (to edit it later)."""

    channel_id: int
    message_id: int


def payload_text(message: NewMessage) -> str:
    """The stored JSON text of a message's payload (compact: the outbox can hold many)."""
    return json.dumps(message.payload, separators=(",", ":"))


def outbox_from_columns(row: Columns) -> OutboxRow:
    """The OutboxRow of one `SELECT {OUTBOX_COLUMNS}` row; an unreadable payload becomes {} (given up later)."""
    try:
        payload = json.loads(row["payload"])
    except ValueError:
        payload = {}
    return OutboxRow(
        id=row["id"],
        game_id=row["game_id"],
        queue=row["queue"],
        kind=row["kind"],
        payload=payload if isinstance(payload, dict) else {},
        status=row["status"],
        attempts=row["attempts"],
        next_at=float(row["next_at"]),
        last_error=row["last_error"],
        created_at=float(row["created_at"]),
    )
