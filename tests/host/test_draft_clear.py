"""Through the table service, in every game: a built draft is not thrown away by one tap.

For each game a player builds a draft; the tap that would drop it (Tribes pass, Vendetta's suggested set,
Associates' end of the activation) is not among the choices, "Clear the draft" is; after the clear the tap
is offered again and works, and the stored game replays from its log as it was played.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass

import pytest

from engine import registry
from engine.core.actions import CLEAR_ID
from host.service import TableService
from tests.host.conftest import ALICE, HOST, open_service, started

USERS = (HOST, ALICE)


@dataclass(frozen=True)
class Case:
    """How to reach a draft in one game: the steps of the setup, the steps that build it, the discarding tap."""

    game: str
    # the first choice taken by whoever is pending until `ready` holds for the offered ids
    ready: Callable[[list[str]], bool]
    setup: Callable[[list[str]], str]
    build: tuple[Callable[[str], bool], ...]
    discard: Callable[[list[str]], str]


def _first(ids: list[str]) -> str:
    return ids[0]


def _activate_first(ids: list[str]) -> str:
    return next((i for i in ids if i.startswith("activate:")), ids[0])


CASES = [
    Case("tribes", lambda ids: any(i.startswith("inv:at:") for i in ids), _first,
         (lambda i: i.startswith("inv:at:"), lambda i: i.startswith("inv:n:")), lambda ids: "pass"),
    Case("vendetta", lambda ids: any(i.startswith("pick:") for i in ids), _first,
         (lambda i: i.startswith("pick:"),), lambda ids: next(i for i in ids if i.startswith("choose:"))),
    Case("associates", lambda ids: "move" in ids, _activate_first,
         (lambda i: i == "move", lambda i: i.startswith("to:")), lambda ids: "end"),
]


async def _ids(svc: TableService, game_id: int, user: int) -> tuple[list[str], int]:
    step = await svc.legal_actions_for(game_id, user)
    return [a.id for a in step.actions], step.version


async def _pending_user(svc: TableService, game_id: int) -> int:
    table = await svc.get_table(game_id)
    user = table.pending[0].user_id
    assert user is not None
    return user


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.game)
async def test_a_built_draft_is_cleared_before_the_tap_that_drops_it(case: Case, store_url: str) -> None:
    svc = await open_service(store_url)
    try:
        game_id = (await started(svc, list(USERS), game=case.game)).game_id
        for _ in range(30):
            user = await _pending_user(svc, game_id)
            ids, version = await _ids(svc, game_id, user)
            if case.ready(ids):
                break
            await svc.submit(game_id, user, case.setup(ids), version)
        else:
            raise AssertionError("the draft could not be reached")
        discard = case.discard(ids)
        assert discard in ids  # offered while nothing is built
        for wanted in case.build:
            ids, version = await _ids(svc, game_id, user)
            await svc.submit(game_id, user, next(i for i in ids if wanted(i)), version)
        ids, version = await _ids(svc, game_id, user)
        assert discard not in ids
        assert CLEAR_ID in ids
        await svc.submit(game_id, user, CLEAR_ID, version)
        ids, version = await _ids(svc, game_id, user)
        assert CLEAR_ID not in ids
        assert discard in ids
        moved = await svc.submit(game_id, user, discard, version)
        assert moved.version == version + 1
        rows = await svc.store.list_actions(game_id)
        row = await svc.store.get_game(game_id)
    finally:
        await svc.close()
    assert [r.action_id for r in rows][-2:] == [CLEAR_ID, discard]
    # the log replays to the stored snapshot, the clear included
    game = registry.get(case.game)
    assert row is not None
    state = game.new_game(len(USERS), row.seed, row.options)
    for entry in rows:
        state = game.apply(state, entry.player, game.parse_action(state, entry.player, entry.action_id))[0]
    assert row.snapshot is not None
    assert game.dump(state) == json.loads(row.snapshot)
