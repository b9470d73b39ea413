"""Rating math: a finished game's outcome and the current ratings -> the new ratings (pure).

openskill's Plackett-Luce model, one rating per person or AI level per game per server. Places shared in
the outcome's ranking are ties. A seat whose player had more than half of their turns played by the AFK
policy is left out (see `counted`), and the game is rated among the others.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from openskill.models import PlackettLuce

from db.rating_rows import RatingWrite, SeatRating, SkillRow, Subject, TurnCount
from db.rows import SeatRow
from host.rating_results import AiStanding, BoardEntry, Leaderboard, RatingChange

log = logging.getLogger(__name__)

_MODEL = PlackettLuce()
START_MU = float(_MODEL.mu)
START_SIGMA = float(_MODEL.sigma)

# The number people see: the conservative estimate (mu - 3 sigma, openskill's ordinal) on a scale where
# a newcomer starts at 1,000, like the chess-like ratings players know; never a bare mu or sigma.
DISPLAY_BASE = 1000
DISPLAY_SCALE = 20
# A person is placed on the leaderboard after this many rated games (one lucky game proves little).
MIN_GAMES = 2
PAGE_SIZE = 10


@dataclass(frozen=True, slots=True)
class Skill:
    """One rating: openskill's mu and sigma, and how many rated games it counts."""

    mu: float = START_MU
    sigma: float = START_SIGMA
    games: int = 0

    @property
    def display(self) -> int:
        """The rating as people see it (a newcomer has 1,000)."""
        return display_of(self.mu, self.sigma)


def display_of(mu: float, sigma: float) -> int:
    """The displayed number of a rating."""
    return round(DISPLAY_BASE + DISPLAY_SCALE * (mu - 3 * sigma))


@dataclass(frozen=True, slots=True)
class RatedSeat:
    """One seat at the end: its player, who held it, and whether their result counts."""

    player: int
    subject: Subject
    counted: bool = True


def counted(turns: TurnCount | None) -> bool:
    """Whether a person's result counts: the AFK policy played at most half of their turns."""
    if turns is None:
        return True
    return turns.stood_in * 2 <= turns.own + turns.stood_in


def rate(
    ranking: Sequence[Sequence[int]], seats: Sequence[RatedSeat], current: Mapping[Subject, Skill]
) -> tuple[dict[Subject, Skill], list[SeatRating]]:
    """The ratings after a game ranked `ranking` (groups of tied players, best first), and each seat's
    before and after. Subjects left out keep their rating; fewer than two counted seats rate nobody.

    A subject holding several seats (an AI level twice, a person in two seats) is rated from the same
    prior in each; its new rating is the mean of those results, so the seat order does not matter.
    """
    place = {player: index for index, group in enumerate(ranking) for player in group}
    playing = [s for s in seats if s.counted and s.player in place]
    before = {s.subject: current.get(s.subject, Skill()) for s in seats}
    after: dict[Subject, Skill] = {}
    if len(playing) >= 2:
        teams = [[_MODEL.rating(mu=before[s.subject].mu, sigma=before[s.subject].sigma)] for s in playing]
        results = _MODEL.rate(teams, ranks=[float(place[s.player]) for s in playing])
        merged: dict[Subject, list[tuple[float, float]]] = {}
        for seat, team in zip(playing, results, strict=True):
            merged.setdefault(seat.subject, []).append((float(team[0].mu), float(team[0].sigma)))
        for subject, values in merged.items():
            mu = sum(v[0] for v in values) / len(values)
            sigma = sum(v[1] for v in values) / len(values)
            after[subject] = Skill(mu, sigma, before[subject].games + 1)
    changes = [
        SeatRating(
            player=s.player,
            subject=s.subject,
            rated=s.subject in after,
            mu_before=before[s.subject].mu,
            sigma_before=before[s.subject].sigma,
            mu_after=after.get(s.subject, before[s.subject]).mu,
            sigma_after=after.get(s.subject, before[s.subject]).sigma,
        )
        for s in sorted(seats, key=lambda s: s.player)
    ]
    return after, changes


def rated_seats(seats: Sequence[SeatRow], turns: Mapping[int, TurnCount]) -> list[RatedSeat]:
    """Who each seated player's result rates at the game's end, and whether it counts.

    A person's seat counts unless the AFK policy played more than half of their turns (`counted`). An AI
    seat rates its AI level, unless the log holds a person's own moves for it: a seat handed to the AI
    mid-game (`/game replace`) is neither that person's result nor the AI level's.
    """
    found: list[RatedSeat] = []
    for seat in seats:
        if seat.player is None:
            continue
        count = turns.get(seat.player)
        if seat.user_id is None:
            found.append(RatedSeat(seat.player, Subject(ai_level=seat.ai_level), count is None or count.own == 0))
        else:
            found.append(RatedSeat(seat.player, Subject(user_id=seat.user_id), counted(count)))
    return found


def rating_write(
    game: tuple[int, int, str],
    ranking: Sequence[Sequence[int]],
    seats: Sequence[RatedSeat],
    current: Sequence[SkillRow],
    now: float,
) -> RatingWrite | None:
    """The store write rating a finished game (`game`: its id, server and game name) from the stored
    `current` ratings of its seats' subjects; None when fewer than two people or AI levels count, or no
    person does (nobody is rated)."""
    game_id, guild_id, game_name = game
    counting = {s.subject for s in seats if s.counted}
    if len(counting) < 2 or all(subject.is_ai for subject in counting):
        # AI seats alone (or one subject in every seat) say nothing about anyone's strength.
        return None
    known = {row.subject: Skill(row.mu, row.sigma, row.games) for row in current}
    after, changes = rate(ranking, seats, known)
    if not after:
        return None
    ratings = tuple(
        SkillRow(guild_id, game_name, subject, skill.mu, skill.sigma, skill.games, now)
        for subject, skill in sorted(after.items(), key=lambda item: (item[0].user_id or 0, item[0].ai_level or ""))
    )
    return RatingWrite(game_id, guild_id, game_name, tuple(changes), ratings, now)


def changes_of(seats: Sequence[SeatRating]) -> list[RatingChange]:
    """The displayed rating change of each stored seat of a rated game, by player."""
    return [
        RatingChange(
            player=seat.player,
            user_id=seat.subject.user_id,
            ai_level=seat.subject.ai_level,
            before=display_of(seat.mu_before, seat.sigma_before),
            after=display_of(seat.mu_after, seat.sigma_after),
            rated=seat.rated,
        )
        for seat in sorted(seats, key=lambda s: s.player)
    ]


def leaderboard_of(
    game_name: str, rows: Sequence[SkillRow], user_id: int, page: int = 0, *, min_games: int = MIN_GAMES
) -> Leaderboard:
    """Page `page` (0-based, clamped) of a server's leaderboard from its stored ratings of one game."""
    people = [r for r in rows if not r.subject.is_ai and r.games >= min_games]
    people.sort(key=lambda r: (-display_of(r.mu, r.sigma), -r.games, r.subject.user_id or 0))
    placed = [
        BoardEntry(n, r.subject.user_id or 0, display_of(r.mu, r.sigma), r.games) for n, r in enumerate(people, 1)
    ]
    pages = max(1, -(-len(placed) // PAGE_SIZE))
    page = min(max(page, 0), pages - 1)
    mine = next((e for e in placed if e.user_id == user_id), None)
    my_games = next((r.games for r in rows if r.subject.user_id == user_id), 0)
    levels = sorted((r for r in rows if r.subject.is_ai), key=lambda r: -display_of(r.mu, r.sigma))
    return Leaderboard(
        game_name=game_name,
        min_games=min_games,
        page=page,
        pages=pages,
        entries=tuple(placed[page * PAGE_SIZE:(page + 1) * PAGE_SIZE]),
        mine=mine,
        my_games=my_games,
        ai_levels=tuple(AiStanding(r.subject.ai_level or "", display_of(r.mu, r.sigma), r.games) for r in levels),
    )


if __name__ == "__main__":
    # The command line lives with the rebuild (host/rating_rebuild.py); this keeps `python -m host.ratings`.
    from host.rating_rebuild import main

    raise SystemExit(main())
