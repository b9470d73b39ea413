"""How many table-service calls one click costs: a panel is one read, so a click stays a handful of calls.

A counting stand-in records every service call the play cog makes for a "Take my turn" click and for an
action button, so a change that goes back to reading a screen piece by piece fails here.
"""

from __future__ import annotations

from collections import Counter
from types import SimpleNamespace
from typing import Any

from cogs.custom_ids import TurnId
from cogs.play import PlayCog
from host.results import ActionChoice, MoveResult, PanelDetails, PanelScreen, StepInfo, TableInfo
from tests.cogs.fakes import PLAYER, ServiceStandIn, make_table
from tests.cogs.test_panels import GAME, details, step

# Before one read per screen: 6 calls for "Take my turn" (panel_details for the forced steps, then
# get_table, legal_actions_for, panel_details and view_for twice) and 9 for a button (10 for an index).
TURN_CLICK_CALLS = 2  # the forced steps (host/forced.py), the panel
ACTION_CLICK_CALLS = 3  # the panel the click was made on (index and label), the submit with its forced steps, the panel


class CountingService(ServiceStandIn):
    """Answers a panel from fixed values and counts every call by name."""

    def __init__(self) -> None:
        super().__init__()
        self.calls: Counter[str] = Counter()
        self.version = 5

    async def get_table(self, game_id: int) -> TableInfo:
        self.calls["get_table"] += 1
        return make_table(game_id)

    async def legal_actions_for(self, game_id: int, user_id: int, *, player: int | None = None) -> StepInfo:
        self.calls["legal_actions_for"] += 1
        return step(self.version)

    async def panel_details(self, game_id: int, user_id: int, *, player: int | None = None,
                            pick: Any = None) -> PanelDetails:
        self.calls["panel_details"] += 1
        return details(self.version)

    async def panel(self, game_id: int, user_id: int, *, player: int | None = None, page: int = 0) -> PanelScreen:
        self.calls["panel"] += 1
        view = {"factions": {"0": "Dingleson"}}
        return PanelScreen(make_table(game_id), self.version, step(self.version), details(self.version), view, view,
                           page)

    async def take_forced_steps(self, game_id: int, user_id: int, *,
                                player: int | None = None) -> tuple[ActionChoice, ...]:
        self.calls["take_forced_steps"] += 1
        return ()

    async def submit(self, game_id: int, user_id: int, action_id: str, version: int, *,
                     player: int | None = None, forced_steps: bool = False) -> MoveResult:
        self.calls["submit"] += 1
        self.version += 1
        return MoveResult(game_id, self.version, (), (), {}, {}, (), False, None, make_table(game_id),
                          submitted=ActionChoice(action_id, "Move from Home"))


def interaction(sent: list[str]) -> Any:
    """The parts of a component interaction the play cog touches: defer, followup, edit, the user."""

    async def defer(**_: Any) -> None:
        return None

    async def send(content: str, **_: Any) -> None:
        sent.append(content)

    async def edit(**kwargs: Any) -> None:
        sent.append(kwargs["content"])

    response = SimpleNamespace(defer=defer, is_done=lambda: True)
    return SimpleNamespace(response=response, followup=SimpleNamespace(send=send), edit_original_response=edit,
                           user=SimpleNamespace(id=PLAYER), filesize_limit=None)


def cog(service: CountingService) -> PlayCog:
    return PlayCog(SimpleNamespace(service=service))  # type: ignore[arg-type]  # the cog reads only .service


async def test_take_my_turn_reads_the_panel_once() -> None:
    service, sent = CountingService(), list[str]()
    await cog(service).turn_click(interaction(sent), TurnId(GAME, 5), make_table(GAME))
    assert service.calls["panel"] == 1 and "get_table" not in service.calls and "view_for" not in service.calls
    assert sum(service.calls.values()) == TURN_CLICK_CALLS
    assert "Move the Dingleson clan." in sent[0]


async def test_a_button_click_reads_the_panel_before_and_after_one_submit() -> None:
    service, sent = CountingService(), list[str]()
    await cog(service).action_click(interaction(sent), GAME, 5, 0, "from:home")
    assert service.calls["submit"] == 1 and service.calls["panel"] == 2 and "take_forced_steps" not in service.calls
    assert sum(service.calls.values()) == ACTION_CLICK_CALLS
    assert sent[0].startswith("✅ Move from Home")
