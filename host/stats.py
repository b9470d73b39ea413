"""/game stats: a player's record and a server's record, added up from the stored games (pure sums + reads).

Given only the store (the watched one) and the game resolver. A win is a sole or shared first place, as in
the balance reports (docs/balance/*.md); intervals are their 95% Wilson intervals (engine.arena.wilson).
Factions and game length come from each finished game's final state, read through its game module
(`factions`, `round_number`); a game whose module is gone is still counted, without faction or length.
"""

from __future__ import annotations

import asyncio
import dataclasses
import logging
import statistics
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from db.stat_rows import StatsFilter, StatsGame, TurnTime
from db.store import PlayerRow, Store
from engine.arena import wilson
from engine.core.game import Game
from host.counted_time import counted_seconds
from host.stat_results import FactionRate, GameRecord, PlayerStats, Rate, ServerStats, TurnSpeed

log = logging.getLogger(__name__)

GameResolver = Callable[[str], Game[Any]]

DAY = 86_400.0
# A person is listed among the slowest or fastest only after this many timed turns: two quick clicks say
# little about how someone plays.
MIN_TIMED_TURNS = 5
# How many people each of the slowest and fastest lists names.
LISTED = 3


def rate_of(wins: int, games: int, fair: float = 0.0) -> Rate:
    """A Rate with its interval."""
    low, high = wilson(wins, games)
    return Rate(games, wins, low, high, fair)


# -- reading a finished game ----------------------------------------------------------------------------------


def winners(game: StatsGame) -> set[int]:
    """The players sharing first place in a stored outcome."""
    ranking = game.outcome.get("ranking") or []
    return {int(p) for p in ranking[0]} if ranking else set()


def players_of(game: StatsGame, user_id: int) -> list[int]:
    """The players `user_id` held in a game (usually one)."""
    return [s.player for s in game.seats if s.user_id == user_id and s.player is not None]


def _final(game: StatsGame, resolve: GameResolver) -> tuple[Game[Any], Any] | None:
    """The game's module and final state, or None when either cannot be read."""
    if game.snapshot is None:
        return None
    try:
        module = resolve(game.game_name)
        return module, module.load(game.snapshot)
    except Exception:  # a removed game or a state its module no longer reads: counted without details
        log.warning("stats: the final state of game %s (%s) could not be read", game.game_id, game.game_name)
        return None


def factions_of(game: StatsGame, resolve: GameResolver) -> dict[int, list[tuple[str, str]]]:
    """Each player's factions at the end, as (id, name in words) (empty when the game's module cannot read it)."""
    final = _final(game, resolve)
    if final is None:
        return {}
    module, state = final
    return {p: [(f, module.faction_name(f)) for f in ids] for p, ids in module.factions(state).items()}


def faction_rates(games: Counter[tuple[str, str]], wins: Counter[tuple[str, str]],
                  fair: Mapping[tuple[str, str], float] | None = None) -> tuple[FactionRate, ...]:
    """The rates of the factions counted, by (id, name), in name order."""
    return tuple(
        FactionRate(f, name, rate_of(wins[(f, name)], n, fair[(f, name)] / n if fair else 0.0))
        for (f, name), n in sorted(games.items(), key=lambda item: (item[0][1], item[0][0]))
    )


def speed_of(user_id: int, seconds: Sequence[float]) -> TurnSpeed | None:
    """A person's turn speed from their timed turns (None without any)."""
    if not seconds:
        return None
    return TurnSpeed(user_id, len(seconds), statistics.fmean(seconds), statistics.median(seconds))


def _ordered(games: Iterable[StatsGame]) -> list[StatsGame]:
    return sorted(games, key=lambda g: (g.finished_at or 0.0, g.game_id))


# -- the sums -------------------------------------------------------------------------------------------------


def player_stats(user_id: int, scope: StatsFilter, games: Sequence[StatsGame], times: Sequence[TurnTime],
                 resolve: GameResolver) -> PlayerStats:
    """A person's record from the finished games they sat in and their timed turns."""
    wins = 0
    streak = best = 0
    played = 0
    faction_games: Counter[tuple[str, str]] = Counter()
    faction_wins: Counter[tuple[str, str]] = Counter()
    opponents: Counter[int] = Counter()
    last_met: dict[int, int] = {}
    for game in _ordered(games):
        mine = players_of(game, user_id)
        if not mine:
            continue
        played += 1
        won = bool(winners(game) & set(mine))
        wins += won
        streak = streak + 1 if won else 0
        best = max(best, streak)
        factions = factions_of(game, resolve)
        for faction in {f for p in mine for f in factions.get(p, [])}:
            faction_games[faction] += 1
            faction_wins[faction] += won
        for other in {s.user_id for s in game.seats if s.user_id is not None and s.user_id != user_id}:
            opponents[other] += 1
            last_met[other] = game.game_id
    # The most games together; among equals, the one met most recently.
    opponent = max(opponents, key=lambda u: (opponents[u], last_met[u]), default=None)
    return PlayerStats(
        user_id=user_id,
        guild_id=scope.guild_id,
        game_name=scope.game_name,
        record=rate_of(wins, played),
        factions=faction_rates(faction_games, faction_wins),
        current_streak=streak,
        best_streak=best,
        speed=speed_of(user_id, [t.seconds for t in times if t.user_id == user_id]),
        opponent=opponent,
        opponent_games=opponents[opponent] if opponent is not None else 0,
    )


def game_record(game_name: str, games: Sequence[StatsGame], resolve: GameResolver) -> GameRecord:
    """One game's record from its finished games on a server."""
    faction_games: Counter[tuple[str, str]] = Counter()
    faction_wins: Counter[tuple[str, str]] = Counter()
    faction_fair: dict[tuple[str, str], float] = {}
    seat_games: Counter[int] = Counter()
    seat_wins: Counter[int] = Counter()
    seat_fair: dict[int, float] = {}
    rounds: list[int] = []
    days: list[float] = []
    for game in games:
        first = winners(game)
        seated = sorted({s.player for s in game.seats if s.player is not None})
        share = len(first) / len(seated) if seated else 0.0
        for player in seated:
            seat_games[player] += 1
            seat_wins[player] += player in first
            seat_fair[player] = seat_fair.get(player, 0.0) + share
        final = _final(game, resolve)
        if final is not None:
            module, state = final
            rounds.append(module.round_number(state))
            for player, ids in module.factions(state).items():
                for faction in ((f, module.faction_name(f)) for f in ids):
                    faction_games[faction] += 1
                    faction_wins[faction] += player in first
                    faction_fair[faction] = faction_fair.get(faction, 0.0) + share
        if game.started_at is not None and game.finished_at is not None:
            days.append((game.finished_at - game.started_at) / DAY)
    return GameRecord(
        game_name=game_name,
        games=len(games),
        factions=faction_rates(faction_games, faction_wins, faction_fair),
        seats=tuple((p, rate_of(seat_wins[p], n, seat_fair[p] / n)) for p, n in sorted(seat_games.items())),
        mean_rounds=statistics.fmean(rounds) if rounds else None,
        mean_days=statistics.fmean(days) if days else None,
    )


def speeds(times: Sequence[TurnTime], hidden: set[int], *, min_turns: int = MIN_TIMED_TURNS,
           listed: int = LISTED) -> tuple[tuple[TurnSpeed, ...], tuple[TurnSpeed, ...]]:
    """The slowest and the fastest people by mean turn time (slowest first, fastest first), leaving out
    those in `hidden` and those with fewer than `min_turns` timed turns."""
    by_user: dict[int, list[float]] = {}
    for t in times:
        if t.user_id not in hidden:
            by_user.setdefault(t.user_id, []).append(t.seconds)
    found = [s for u, v in by_user.items() if len(v) >= min_turns and (s := speed_of(u, v)) is not None]
    found.sort(key=lambda s: (s.mean, s.user_id))
    slowest = tuple(reversed(found[-listed:])) if found else ()
    # Somebody is not both: with few people, the fastest are those not already among the slowest.
    fastest = tuple(s for s in found if s not in slowest)[:listed]
    return slowest, fastest


def awake_times(times: Sequence[TurnTime], players: Mapping[int, PlayerRow]) -> list[TurnTime]:
    """The turn times with each player's quiet hours and vacation taken out (host.counted_time)."""
    return [
        dataclasses.replace(t, seconds=counted_seconds(players.get(t.user_id), t.moved_at - t.seconds, t.moved_at))
        for t in times
    ]


class Stats:
    """Reads and adds up the stats of people and servers."""

    def __init__(self, store: Store, resolve: GameResolver, game_names: Callable[[], list[str]]) -> None:
        self._store = store
        self._resolve = resolve
        self._game_names = game_names

    async def player(self, user_id: int, guild_id: int | None, game_name: str | None = None) -> PlayerStats:
        """A person's record on one server (`guild_id`), or on every server (None), of one game or all."""
        scope = StatsFilter(guild_id=guild_id, game_name=game_name, user_id=user_id)
        games = await self._store.stats_games(scope)
        times = awake_times(await self._store.turn_times(scope), await self._store.get_players({user_id}))
        # Reading every final state is CPU work of the engine's: off the event loop, like the pictures.
        return await asyncio.to_thread(player_stats, user_id, scope, games, times, self._resolve)

    async def server(self, guild_id: int, game_name: str | None = None) -> ServerStats:
        """A server's record of one game or of every game it played."""
        scope = StatsFilter(guild_id=guild_id, game_name=game_name)
        games = await self._store.stats_games(scope)
        raw_times = await self._store.turn_times(scope)
        players = await self._store.get_players({t.user_id for t in raw_times})
        times = awake_times(raw_times, players)
        by_game: dict[str, list[StatsGame]] = {}
        for game in games:
            by_game.setdefault(game.game_name, []).append(game)
        names = [game_name] if game_name is not None else [n for n in self._game_names() if n in by_game]
        names += sorted(n for n in by_game if n not in names)  # a game no longer offered keeps its record
        records = tuple(await asyncio.to_thread(
            lambda: [game_record(n, by_game.get(n, []), self._resolve) for n in names]))
        hidden = {u for u, row in players.items() if row.stats_hidden}
        slowest, fastest = speeds(times, hidden)
        return ServerStats(guild_id, game_name, records, slowest, fastest)
