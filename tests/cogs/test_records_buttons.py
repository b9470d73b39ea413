"""The leaderboard's ◀ ▶ buttons (cogs/records.py): shown only beyond one page, disabled at either end."""

from __future__ import annotations

from typing import Any

import discord

from cogs.custom_ids import LeaderboardId, parse
from cogs.records import leaderboard_view


def _buttons(view: discord.ui.View | None) -> list[tuple[Any, bool]]:
    assert view is not None
    return [(parse(str(item.custom_id)), bool(item.disabled)) for item in view.children
            if isinstance(item, discord.ui.Button)]


async def test_one_page_has_no_buttons_and_the_ends_disable_their_side() -> None:
    assert leaderboard_view("tribes", 0, 1) is None
    assert _buttons(leaderboard_view("tribes", 0, 3)) == [(LeaderboardId("tribes", 0), True),
                                                         (LeaderboardId("tribes", 1), False)]
    assert _buttons(leaderboard_view("tribes", 1, 3)) == [(LeaderboardId("tribes", 0), False),
                                                         (LeaderboardId("tribes", 2), False)]
    assert _buttons(leaderboard_view("tribes", 2, 3)) == [(LeaderboardId("tribes", 1), False),
                                                         (LeaderboardId("tribes", 2), True)]
