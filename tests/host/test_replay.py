"""A finished game's replay (TableService.replay, host/replay.py): its rounds from the stored log, public only."""

from __future__ import annotations

import copy
import io
import json
from typing import Any

import pytest
from PIL import Image, ImageSequence

from cogs.replay import animate
from engine import registry
from engine.core.game import Game
from host import replay
from host.errors import NotAllowed
from host.results import GameReplay, TableStatus
from host.service import TableService
from tests.host.conftest import CHANNEL, GUILD, HOST, lobby_with, started

FAST = {"vendetta": {"round_limit": 10}, "associates": {"turn_cap": 10}}


async def _finished_ai_game(svc: TableService, name: str, seed: int = 7) -> int:
    """A game of AI players only, played to its end by the AI right at its start."""
    table = await svc.create_table(name, FAST[name], HOST, GUILD, CHANNEL, seed=seed)
    for _ in range(max(2, registry.get(name).player_range[0])):
        await svc.add_ai(table.game_id, HOST)
    await svc.leave(table.game_id, HOST)
    await svc.start(table.game_id, HOST)
    assert await svc.ai_idle(120.0)
    info = await svc.get_table(table.game_id)
    assert info.status is TableStatus.FINISHED, info.status
    return table.game_id


@pytest.mark.parametrize("name", ["vendetta", "associates"])
async def test_the_replay_has_one_entry_per_round_ending_on_the_end_board(service: TableService, name: str) -> None:
    game_id = await _finished_ai_game(service, name)
    rep = await service.replay(game_id)
    numbers = [r.round for r in rep.rounds]
    assert numbers == sorted(numbers) and len(set(numbers)) == len(numbers), numbers
    end = await service.end_report(game_id)
    assert end is not None and numbers[-1] == end.public_view["round"] and len(numbers) >= 3, numbers
    assert end is not None and rep.rounds[-1].public_view == end.public_view
    # Every public line of the log is in the replay, in order, and nothing private is.
    spectator_log = [line.text for line in await service.log(game_id, None)]
    assert [e.text for r in rep.rounds for e in r.events] == spectator_log
    assert all(e.public for r in rep.rounds for e in r.events)
    assert rep.table.game_id == game_id
    # The step viewer reads it again and again: the same value comes back without replaying the log.
    assert await service.replay(game_id) is rep


async def test_a_running_game_has_no_replay_yet(service: TableService) -> None:
    result = await started(service, [HOST], ais=1, game="vendetta")
    with pytest.raises(NotAllowed, match="once the game is over"):
        await service.replay(result.table.game_id)
    lobby = await lobby_with(service, [HOST], channel=CHANNEL + 1)
    with pytest.raises(NotAllowed):
        await service.replay(lobby.game_id)


def test_each_round_ends_where_the_rules_round_counter_moves_on() -> None:
    """The generic round comes from `Game.round_number` (here its default, the view's "round"): in this toy race of
    three players (secret bids, then dares and answers) the counter moves on at the 8th and the 14th move."""
    from db.rows import ActionRow
    from tests.host import toygame

    game = toygame.resolve("dash")
    state = game.new_game(3, 1, None)
    rows: list[ActionRow] = []
    while not game.is_over(state) and len(rows) < 15:
        player = game.pending(state)[0].player
        action = game.legal_actions(state, player)[0]
        state, _events = game.apply(state, player, action)
        rows.append(ActionRow(1, len(rows) + 1, player, action.id, "human", None, None, [], 0.0))
    rounds = replay.replay_rounds(game, 3, 1, {}, rows)
    # Moves 1-8 are round 0, 9-14 round 1, and the 15th is round 2 so far (the last round ends at the last move).
    assert [r.round for r in rounds] == [0, 1, 2]
    assert rounds[0].public_view == game.view(replay_state(game, rows[:8]), None)
    assert rounds[1].public_view == game.view(replay_state(game, rows[:14]), None)
    assert rounds[-1].public_view == game.view(state, None)


def replay_state(game: Game[Any], rows: list[Any]) -> Any:
    """The toy race's state after these log rows."""
    state = game.new_game(3, 1, None)
    for row in rows:
        state, _ = game.apply(state, row.player, game.parse_action(state, row.player, row.action_id))
    return state


def _perturbed_associates(game: Game[Any], state: Any) -> Any:
    """The same state with every secret of Gnomes & Associates changed: each player's deck in another order, a
    card of their hand swapped with one of their deck, and the random stream that decides future draws."""
    data = copy.deepcopy(game.dump(state))
    data["rng"] = (int(data["rng"]) * 6364136223846793005 + 1442695040888963407) % 2**63
    for player in data["players"]:
        player["deck"] = list(reversed(player["deck"]))
        if player["hand"] and player["deck"] and player["hand"][0] != player["deck"][0]:
            player["hand"][0], player["deck"][0] = player["deck"][0], player["hand"][0]
    return game.load(json.loads(json.dumps(data)))


async def test_replay_frames_are_the_same_whatever_the_hidden_information(service: TableService) -> None:
    """The honest check in this engine: a state reaches a replay only through `host.replay.public_round` (the
    spectator's view and the public events), and the animation is drawn from those alone (`cogs.replay.animate`
    takes a GameReplay, which holds nothing else). So we take each round's real end state, change every secret
    the rules keep (deck order, hand contents, the random stream of future draws), check the change reached the
    players' own views, and compare the animation's bytes: they must be identical. A replay with other secrets but
    the same public moves cannot be played in general (other cards make other moves legal), so the secrets are
    changed on the states themselves, at every round of a real finished game."""
    game_id = await _finished_ai_game(service, "associates", seed=11)
    table = await service.get_table(game_id)
    rows = await service.store.list_actions(game_id)
    game = registry.get("associates")
    ends = list(replay.round_ends(game, len(table.seats), 11, FAST["associates"], rows))
    real = GameReplay(table, tuple(replay.public_round(game, n, s, e) for n, s, e in ends))
    other = GameReplay(table, tuple(replay.public_round(game, n, _perturbed_associates(game, s), e)
                                    for n, s, e in ends))
    changed = sum(game.view(s, p) != game.view(_perturbed_associates(game, s), p)
                  for _n, s, _e in ends for p in range(len(table.seats)))
    assert changed > 0, "the perturbation must reach some player's private view"
    assert real == await service.replay(game_id)
    # A process's first board of a game also builds its static layer, which may order the palette otherwise (the
    # same pixels, other bytes): draw once before comparing bytes.
    animate(real)
    first, shown = animate(real)
    second, _ = animate(other)
    assert first == second and shown == len(ends)
    assert _pixels(first) == _pixels(second) and len(_pixels(first)) == len(ends)


def _pixels(gif: bytes) -> list[bytes]:
    """Each frame of a GIF as RGB pixel bytes."""
    return [frame.convert("RGB").tobytes() for frame in ImageSequence.Iterator(Image.open(io.BytesIO(gif)))]
