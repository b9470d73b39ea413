"""What the host reports about people's and servers' records (/game stats), as plain values for any front end
(present/stats.py words them; host/stats.py adds them up)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Rate:
    """Wins out of games, with the rate's 95% Wilson interval and the fair share it is compared with
    (winners per game over players, averaged; 0 when not known)."""

    games: int
    wins: int
    low: float
    high: float
    fair: float = 0.0

    @property
    def rate(self) -> float:
        """Wins over games (0 for no games)."""
        return self.wins / self.games if self.games else 0.0


@dataclass(frozen=True, slots=True)
class FactionRate:
    """How often a faction won: its id (what balance reports key by), its name in words (the game's own,
    never the id) and its Rate."""

    faction: str
    name: str
    rate: Rate


@dataclass(frozen=True, slots=True)
class TurnSpeed:
    """How long a person takes over a turn: mean and median seconds over `turns` timed turns."""

    user_id: int
    turns: int
    mean: float
    median: float


@dataclass(frozen=True, slots=True)
class PlayerStats:
    """One person's record over the games of a scope (a server, or every server: `guild_id` None)."""

    user_id: int
    guild_id: int | None
    game_name: str | None
    record: Rate
    factions: tuple[FactionRate, ...]
    current_streak: int
    best_streak: int
    speed: TurnSpeed | None
    opponent: int | None
    opponent_games: int


@dataclass(frozen=True, slots=True)
class GameRecord:
    """One game's record on a server: games, win rates by faction and by seat, mean length."""

    game_name: str
    games: int
    factions: tuple[FactionRate, ...]
    seats: tuple[tuple[int, Rate], ...]
    mean_rounds: float | None
    mean_days: float | None


@dataclass(frozen=True, slots=True)
class ServerStats:
    """A server's record: each game's, and the slowest and fastest people to take a turn (those who hid
    their turn times are left out)."""

    guild_id: int
    game_name: str | None
    games: tuple[GameRecord, ...]
    slowest: tuple[TurnSpeed, ...]
    fastest: tuple[TurnSpeed, ...]
