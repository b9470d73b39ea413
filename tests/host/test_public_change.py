"""Whether a move changed anything public: private draft steps are marked, real moves are not.

Uses a tiny game whose draft steps emit no event at all and whose confirmation is visible only
as a change of who is pending, plus the real Vendetta objective draft.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from engine.core import Action, Decision, DecisionKind, Event, Game, OptionSpec, Outcome, rank_by_score
from engine.core.actions import CONFIRM_ID
from host.notifier import RecordingNotifier
from host.service import TableService
from tests.host import toygame
from tests.host.conftest import ALICE, BOB, CAROL, CHANNEL, GUILD, DeliveringService, FakeClock


@dataclass(frozen=True)
class QuietState:
    """Each player builds a private pick list, then confirms it; nothing is ever announced."""

    players: int
    picks: tuple[tuple[str, ...], ...]
    done: frozenset[int]


class QuietDraft(Game[QuietState]):
    """Draft steps with no events; a confirmation shows only in the pending list."""

    name = "quiet"
    title = "Quiet Draft"
    player_range = (2, 3)

    def options(self) -> list[OptionSpec]:
        return []

    def new_game(self, players: int, seed: int, options: dict[str, Any] | None = None) -> QuietState:
        return QuietState(players, ((),) * players, frozenset())

    def pending(self, state: QuietState) -> list[Decision]:
        return [Decision(p, DecisionKind.SIMULTANEOUS, "Pick") for p in range(state.players) if p not in state.done]

    def legal_actions(self, state: QuietState, player: int) -> list[Action]:
        if player in state.done:
            return []
        picks = state.picks[player]
        actions = [Action(f"pick:{c}") for c in "abc" if c not in picks]
        return actions + ([Action(CONFIRM_ID)] if picks else [])

    def apply(self, state: QuietState, player: int, action: Action) -> tuple[QuietState, list[Event]]:
        if action.id == CONFIRM_ID:
            return replace(state, done=state.done | {player}), []
        picks = tuple(state.picks[player] + (action.id[5:],) if p == player else pk
                      for p, pk in enumerate(state.picks))
        return replace(state, picks=picks), []

    def view(self, state: QuietState, player: int | None) -> dict[str, Any]:
        view: dict[str, Any] = {"players": state.players}
        if player is not None:
            view["mine"] = list(state.picks[player])
        return view

    def outcome(self, state: QuietState) -> Outcome | None:
        if len(state.done) < state.players:
            return None
        scores = {p: float(len(state.picks[p])) for p in range(state.players)}
        return Outcome(ranking=rank_by_score(scores), scores=scores, reason="all chose")

    def timeout_action(self, state: QuietState, player: int) -> Action:
        return self.legal_actions(state, player)[0]

    def dump(self, state: QuietState) -> dict[str, Any]:
        return {"players": state.players, "picks": [list(p) for p in state.picks], "done": sorted(state.done)}

    def load(self, data: dict[str, Any]) -> QuietState:
        return QuietState(data["players"], tuple(tuple(p) for p in data["picks"]), frozenset(data["done"]))


QUIET = QuietDraft()


def resolve(name: str) -> Game[Any]:
    return QUIET if name == QUIET.name else toygame.resolve(name)


async def open_quiet(path: str, notifier: RecordingNotifier) -> TableService:
    return await DeliveringService.open(path, notifier, clock=FakeClock(), games=resolve,
                                   game_names=lambda: ["quiet", *toygame.names()], seed_source=lambda: 7,
                                   synchronous="NORMAL")


async def start_quiet(svc: TableService) -> int:
    table = await svc.create_table("quiet", {}, ALICE, GUILD, CHANNEL)
    await svc.join(table.game_id, BOB)
    await svc.start(table.game_id, ALICE, join_order=True)
    return table.game_id


async def test_a_private_draft_step_is_marked_and_moves_no_public_version(store_url: str) -> None:
    notifier = RecordingNotifier()
    svc = await open_quiet(store_url, notifier)
    try:
        game_id = await start_quiet(svc)
        posted = len(notifier.posts_for(game_id))
        result = await svc.submit(game_id, ALICE, "pick:a", 0)
        assert result.public_change is False
        assert len(notifier.posts_for(game_id)) == posted  # nothing reaches the channel
        table = await svc.get_table(game_id)
        assert (table.version, table.public_version) == (1, 0)
        # BOB's step is still the one the start opened: not outdated by ALICE's private pick.
        result = await svc.submit(game_id, BOB, "pick:b", 0)
        assert result.public_change is False
    finally:
        await svc.close()


async def test_a_confirmation_is_public_through_the_pending_list_alone(store_url: str) -> None:
    notifier = RecordingNotifier()
    svc = await open_quiet(store_url, notifier)
    try:
        game_id = await start_quiet(svc)
        await svc.submit(game_id, ALICE, "pick:a", 0)
        result = await svc.submit(game_id, ALICE, CONFIRM_ID, 1)
        assert result.public_events == () and result.public_change is True  # who has chosen changed
        update = notifier.posts_for(game_id)[-1]
        assert update.public_change is True and update.version == 2
        assert (await svc.get_table(game_id)).public_version == 2
        await svc.submit(game_id, BOB, "pick:c", 2)
        result = await svc.submit(game_id, BOB, CONFIRM_ID, 3)
        assert result.ended and result.public_change is True
        assert notifier.posts_for(game_id)[-1].public_change is True
    finally:
        await svc.close()


async def test_after_a_restart_the_public_version_is_the_stored_version(store_url: str) -> None:
    path = store_url
    svc = await open_quiet(path, RecordingNotifier())
    game_id = await start_quiet(svc)
    await svc.submit(game_id, ALICE, "pick:a", 0)
    await svc.close()
    svc = await open_quiet(path, RecordingNotifier())
    try:
        table = await svc.get_table(game_id)
        assert table.public_version == table.version == 1
    finally:
        await svc.close()


async def test_vendetta_objective_picks_are_private_and_the_confirmation_public(store_url: str) -> None:
    notifier = RecordingNotifier()
    svc = await open_quiet(store_url, notifier)
    try:
        table = await svc.create_table("vendetta", {}, ALICE, GUILD, CHANNEL)
        for user in (BOB, CAROL):
            await svc.join(table.game_id, user)
        await svc.start(table.game_id, ALICE, join_order=True)
        step = await svc.legal_actions_for(table.game_id, ALICE)
        picks = [a.id for a in step.actions if a.id.startswith("pick:")]
        result = await svc.submit(table.game_id, ALICE, picks[0], step.version)
        assert result.public_change is False and result.public_events == ()
        step = await svc.legal_actions_for(table.game_id, ALICE)
        while CONFIRM_ID not in [a.id for a in step.actions]:
            pick = next(a.id for a in step.actions if a.id.startswith("pick:"))
            assert (await svc.submit(table.game_id, ALICE, pick, step.version)).public_change is False
            step = await svc.legal_actions_for(table.game_id, ALICE)
        result = await svc.submit(table.game_id, ALICE, CONFIRM_ID, step.version)
        assert result.public_change is True
        assert any("has chosen" in e.text for e in result.public_events)
    finally:
        await svc.close()
