"""A game held in memory by the service: its stored row, seats and current engine state.

Also the pure helpers around it: the snapshot text, replay of a stored log,
verification of a snapshot against replay, and building the TableInfo.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from db.rows import ActionRow, GameRow, SeatRow, effective_moves
from engine.core.decisions import Decision, DecisionKind
from engine.core.events import Event
from engine.core.game import Game, replay
from engine.core.outcome import Outcome
from engine.core.rng import Rng
from host.results import AiLevel, PendingPlayer, SeatInfo, TableInfo, TableSettings, TableStatus


def snapshot_text(game: Game[Any], state: Any) -> str:
    """The canonical JSON text of a state: what is stored and what verification compares."""
    return json.dumps(game.dump(state), sort_keys=True, separators=(",", ":"))


def canonical(text: str) -> str:
    """Stored JSON text re-serialised canonically (key order and spacing do not count)."""
    return json.dumps(json.loads(text), sort_keys=True, separators=(",", ":"))


def snapshot_matches(game: Game[Any], stored: str, replayed: Any) -> bool:
    """Whether a stored snapshot text holds the replayed state: the same canonical text, or the text of another
    (older) schema that the game loads, migrated, to a state whose dump is the replayed one.

    A snapshot of the replay's own schema must match in text: a loader may ignore what it does not know, so
    loading it would let a changed snapshot through.
    """
    expected = snapshot_text(game, replayed)
    if canonical(stored) == expected:
        return True
    try:
        data = json.loads(stored)
        if not isinstance(data, dict) or data.get("schema") == json.loads(expected).get("schema"):
            return False
        loaded = game.load(data)
    except Exception:  # a snapshot the game refuses simply does not match; the caller gives the verdict
        return False
    return snapshot_text(game, loaded) == expected


# Seat shuffling draws from its own stream so it never shifts the game's own dice.
SEAT_STREAM = 0x5EA7_0DE5


def random_start_order(seed: int, join_orders: list[int]) -> list[int]:
    """The seats' join orders in the player order a Start in random order gives with this seed."""
    order = list(join_orders)
    Rng.from_seed(seed ^ SEAT_STREAM).shuffle(order)
    return order


def replay_log(game: Game[Any], players: int, seed: int, options: dict[str, Any], rows: list[ActionRow]) -> Any:
    """The state reached by the effective moves of a stored log (undone moves left out)."""
    moves = [(row.player, row.action_id) for row in effective_moves(rows)]
    state, _history = replay(game, players, seed, options, moves)
    return state


@dataclass
class LiveGame:
    """One table in memory. Mutated only under the service's per-game lock, in one synchronous step."""

    id: int
    game: Game[Any]
    game_name: str
    guild_id: int | None
    channel_id: int
    host_user_id: int
    options: dict[str, Any]
    seed: int
    status: TableStatus
    status_reason: str | None
    settings: TableSettings
    players: int | None
    version: int
    seats: list[SeatRow]
    created_at: float
    updated_at: float
    state: Any = None
    snapshot: str | None = None
    # player -> the version at which their current decision opened (stale-click rule).
    since: dict[int, int] = field(default_factory=dict)
    decisions: list[Decision] = field(default_factory=list)
    # Posted in the channel up to `announced`; the file knows up to `announced_stored`.
    announced: int = 0
    announced_stored: int = 0
    # The version of the last publicly visible change (in memory: after a load, the stored version).
    public_version: int = 0
    # The stored row's revision this copy reflects (every write of the row checks or moves it on).
    revision: int = 0
    # The public events shown on the table's live status message (None: unknown, e.g. after a restart,
    # so the next update is a new message).
    status_events: tuple[Event, ...] | None = None

    @classmethod
    def from_rows(cls, row: GameRow, seats: list[SeatRow], game: Game[Any]) -> LiveGame:
        """Build from stored rows. The state is NOT loaded here (see `load_state`)."""
        live = cls(
            id=row.id,
            game=game,
            game_name=row.game_name,
            guild_id=row.guild_id,
            channel_id=row.channel_id,
            host_user_id=row.host_user_id,
            options=row.options,
            seed=row.seed,
            status=TableStatus(row.status),
            status_reason=row.status_reason,
            settings=TableSettings.from_json(row.settings),
            players=row.players,
            version=row.version,
            seats=list(seats),
            created_at=row.created_at,
            updated_at=row.updated_at,
            snapshot=row.snapshot,
            announced=row.announced_version,
            announced_stored=row.announced_version,
            public_version=row.version,
            revision=row.revision,
        )
        live.since = {int(d["player"]): int(d.get("since", row.version)) for d in row.pending}
        return live

    def load_state(self) -> None:
        """Load the engine state from the stored snapshot (raises on a corrupt snapshot)."""
        if self.snapshot is not None:
            self.set_state(self.game.load(json.loads(self.snapshot)), self.version, self.since)

    def set_state(
        self, state: Any, version: int, since: dict[int, int], decisions: list[Decision] | None = None
    ) -> None:
        """Install a new current state and its pending decisions (computed when not given)."""
        self.state = state
        self.version = version
        self.since = since
        if decisions is None:
            decisions = self.game.pending(state) if state is not None else []
        self.decisions = decisions

    # -- seats ------------------------------------------------------------------------------

    def seat_of_player(self, player: int) -> SeatRow | None:
        """The seat playing this player index."""
        for seat in self.seats:
            if seat.player == player:
                return seat
        return None

    def auto_passes(self, decision: Decision) -> bool:
        """Whether this decision is a reaction window its human asked never to be shown (closes as a pass)."""
        if decision.kind != DecisionKind.REACTION:
            return False
        seat = self.seat_of_player(decision.player)
        return seat is not None and seat.user_id is not None and seat.user_id in self.settings.auto_pass

    def is_ai(self, player: int) -> bool:
        """Whether an AI holds this player index."""
        seat = self.seat_of_player(player)
        return seat is not None and seat.user_id is None

    def ai_level(self, player: int) -> AiLevel:
        """How strongly the AI plays this player index (its seat's level; the table's AFK level otherwise)."""
        seat = self.seat_of_player(player)
        if seat is None or seat.user_id is not None:
            return self.settings.afk_level
        try:
            return AiLevel(seat.ai_level)
        except ValueError:
            return self.settings.afk_level

    def players_of(self, user_id: int) -> list[int]:
        """The player indexes a user holds (started games only)."""
        return [s.player for s in self.seats if s.user_id == user_id and s.player is not None]

    def human_seats(self) -> list[SeatRow]:
        """Seats held by users."""
        return [s for s in self.seats if s.user_id is not None]

    # -- derived ----------------------------------------------------------------------------

    def pending_players(self) -> tuple[PendingPlayer, ...]:
        """Who the game waits for, with the users holding those seats."""
        out = []
        for d in self.decisions:
            seat = self.seat_of_player(d.player)
            user = seat.user_id if seat else None
            out.append(PendingPlayer(d.player, user, DecisionKind(d.kind), d.prompt, is_ai=user is None,
                                     said=d.phrase))
        return tuple(out)

    def pending_json(self) -> list[dict[str, Any]]:
        """The pending decisions as stored in games.pending (with the version each opened at)."""
        return [{**d.to_json(), "since": self.since.get(d.player, self.version)} for d in self.decisions]

    def setup_events(self) -> list[Event]:
        """The events of the game's creation (deals, seating), rebuilt from the seed; empty in the lobby."""
        if self.players is None:
            return []
        return self.game.setup_events(self.game.new_game(self.players, self.seed, self.options))

    def public_state(self) -> tuple[Any, ...]:
        """Everything a spectator can see of the game now: status, public view, who is pending and how.

        Two equal values mean a change in between was private (e.g. one step of a secret draft).
        """
        view = self.game.view(self.state, None) if self.state is not None else None
        pending = tuple((p.player, p.user_id, p.kind) for p in self.pending_players())
        return (self.status, view, pending)

    def outcome(self) -> Outcome | None:
        """The result once the game is over."""
        if self.state is None or self.status not in (TableStatus.ACTIVE, TableStatus.FINISHED):
            return None
        return self.game.outcome(self.state)

    def info(self) -> TableInfo:
        """A frozen TableInfo of the table as it stands."""
        low, high = self.game.player_range
        seats = tuple(
            SeatInfo(s.join_order, s.user_id, s.user_id is None, s.player, AiLevel(s.ai_level)) for s in self.seats
        )
        if self.status != TableStatus.LOBBY:
            seats = tuple(sorted(seats, key=lambda s: (s.player is None, s.player, s.join_order)))
        return TableInfo(
            game_id=self.id,
            game_name=self.game_name,
            title=self.game.title or self.game_name,
            guild_id=self.guild_id,
            channel_id=self.channel_id,
            host_user_id=self.host_user_id,
            status=self.status,
            options=dict(self.options),
            seats=seats,
            min_players=low,
            max_players=high,
            version=self.version,
            settings=self.settings,
            created_at=self.created_at,
            updated_at=self.updated_at,
            pending=self.pending_players() if self.status == TableStatus.ACTIVE else (),
            outcome=self.outcome(),
            status_reason=self.status_reason,
            random_start=(tuple(random_start_order(self.seed, [s.join_order for s in self.seats]))
                          if self.status == TableStatus.LOBBY else ()),
            public_version=self.public_version,
        )


def verify(live: LiveGame, rows: list[ActionRow]) -> str | None:
    """Why the stored game disagrees with its replay, or None when snapshot, version and log agree.

    The reason names no hidden data (it may reach a public channel and the logs).
    """
    if live.players is None:
        return "a running game without a player count"
    if live.snapshot is None:
        return "a running game without a snapshot"
    last_seq = rows[-1].seq if rows else 0
    if last_seq != live.version:
        return f"the log ends at entry {last_seq} but the game is at version {live.version}"
    if [r.seq for r in rows] != list(range(1, len(rows) + 1)):
        return "the log has a gap in its numbering"
    try:
        replayed = replay_log(live.game, live.players, live.seed, live.options, rows)
    except Exception as exc:  # any failure of replay is a verdict, not a crash
        code = getattr(exc, "code", type(exc).__name__)
        return f"the log no longer replays ({code})"
    try:
        stored = canonical(live.snapshot)
    except ValueError:
        return "the stored snapshot is not valid JSON"
    if snapshot_text(live.game, replayed) != stored and not snapshot_matches(live.game, stored, replayed):
        return f"the stored snapshot differs from the replay of its {len(rows)} log entries"
    return None
