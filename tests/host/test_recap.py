"""Since your last move: the service's recap of a player after others moved, none on a first turn or when
nothing happened, the tape's frames and its thinning, and where the recap reaches the player (the turn ping, a
"your turn" DM, the panel)."""

from __future__ import annotations

import itertools

from db.rows import ActionRow
from db.store import PlayerRow
from engine.core.events import public_event
from host.notifier import RecordingNotifier
from host.recap import MAX_FRAMES, Tape, thin, thinned
from host.results import RecapFrame
from host.service import TableService
from tests.host import toygame
from tests.host.conftest import ALICE, BOB, HOST, started


async def _move(svc: TableService, game_id: int, user: int, action: str, player: int) -> None:
    version = (await svc.get_table(game_id)).version
    await svc.submit(game_id, user, action, version, player=player)


async def _bid_all(svc: TableService, game_id: int, users: list[int]) -> None:
    for player, user in enumerate(users):
        await _move(svc, game_id, user, f"bid:{player % 3}", player)


async def test_nobody_has_a_recap_before_their_first_move(service: TableService) -> None:
    result = await started(service, [HOST, ALICE, BOB])
    for player in range(3):
        assert await service.recap(result.game_id, player) is None
    panel = await service.panel(result.game_id, HOST)
    assert panel.recap is None


async def test_a_recap_tells_what_others_did_since_and_none_of_their_secrets(service: TableService) -> None:
    result = await started(service, [HOST, ALICE, BOB])
    game = result.game_id
    await _bid_all(service, game, [HOST, ALICE, BOB])  # the race begins: the host moves first
    recap = await service.recap(game, 0)
    assert recap is not None and recap.player == 0
    told = [e.text for m in recap.moves for e in m.events]
    assert told == ["Player 1 has chosen.", "Player 2 has chosen.", "Head starts revealed: [0, 1, 2]."]
    assert [m.actor for m in recap.moves] == [1, 2]
    # The board where the host left it (after their bid) and after each of the two public changes since.
    assert [f.seq for f in recap.frames] == [1, 2, 3] and recap.since_seq == 1
    assert recap.frames[-1].public_view["positions"] == [0, 1, 2]
    # Alice's recap starts at her own bid and has only Bob's since.
    alice = await service.recap(game, 1)
    assert alice is not None and [m.actor for m in alice.moves] == [2]
    # Bob moved last: nothing happened since, so no recap.
    assert await service.recap(game, 2) is None


async def test_the_panel_of_the_player_whose_turn_it_is_carries_the_recap(service: TableService) -> None:
    result = await started(service, [HOST, ALICE, BOB])
    game = result.game_id
    await _bid_all(service, game, [HOST, ALICE, BOB])
    mine = await service.panel(game, HOST)
    assert mine.recap is not None and mine.recap.version == mine.version
    waiting = await service.panel(game, ALICE)  # not her turn: no recap
    assert waiting.recap is None
    await _move(service, game, HOST, "step", 0)
    alice = await service.panel(game, ALICE)
    assert alice.recap is not None
    assert [e.text for m in alice.recap.moves for e in m.events] == [
        "Player 2 has chosen.", "Head starts revealed: [0, 1, 2].", "Player 0 steps."]


async def test_the_turn_ping_carries_the_public_recap(service: TableService, notifier: RecordingNotifier) -> None:
    result = await started(service, [HOST, ALICE, BOB])
    game = result.game_id
    await _bid_all(service, game, [HOST, ALICE, BOB])
    notifier.clear()
    await _move(service, game, HOST, "step", 0)  # alice's turn begins
    ((_table, named, _ref),) = notifier.turn_pings
    (recaps,) = notifier.turn_ping_recaps
    assert [p.player for p in named] == [1]
    (recap,) = recaps
    assert recap.player == 1 and all(e.public for m in recap.moves for e in m.events)
    assert recap.moves[-1].events[-1].text == "Player 0 steps."


async def test_a_player_told_by_dm_gets_the_recap_in_their_dm(
    service: TableService, notifier: RecordingNotifier
) -> None:
    result = await started(service, [HOST, ALICE, BOB])
    game = result.game_id
    await service.store.put_player(PlayerRow(ALICE, notify="dm"))
    await _bid_all(service, game, [HOST, ALICE, BOB])
    notifier.clear()
    await _move(service, game, HOST, "step", 0)
    (nudge,) = [n for n in notifier.nudges if n[1] == ALICE]
    _table, _user, message, by_dm = nudge
    assert by_dm and "Since your last move:" in message and "Player 0 steps." in message
    assert "You keep a head start" not in message  # the host's and Bob's bids stay theirs


def _rows(moves: list[tuple[int, str]]) -> list[ActionRow]:
    return [ActionRow(1, seq, player, action, "human", None, None, [], 0.0)
            for seq, (player, action) in enumerate(moves, start=1)]


def test_many_changes_are_thinned_to_twelve_frames_whose_captions_keep_every_event() -> None:
    frames = [RecapFrame(0, {"n": 0})] + [
        RecapFrame(seq, {"n": seq}, (public_event(f"Change {seq}."),)) for seq in range(1, 30)]
    kept = thinned(frames)
    assert len(kept) == MAX_FRAMES
    assert kept[0] == frames[0] and kept[-1].seq == 29
    assert [e.text for f in kept for e in f.events] == [f"Change {seq}." for seq in range(1, 30)]
    assert thinned(frames[:5]) == tuple(frames[:5])


def test_the_tape_keeps_only_the_moves_since_the_oldest_last_move_and_follows_an_undo() -> None:
    moves = [(p, f"bid:{p}") for p in range(3)] + [(0, "step"), (1, "step"), (2, "roll"), (0, "pass")]
    tape = Tape.build(toygame.GAME, 3, 7, {}, _rows(moves))
    assert [e.seq for e in tape.entries] == [5, 6, 7]  # player 1's last move is the oldest kept
    recap = tape.recap(1, "dash", 1)
    assert recap is not None and [m.seq for m in recap.moves] == [6, 7]
    undo = ActionRow(1, 8, 0, "undo", "undo", None, 7, [], 0.0)
    assert tape.advance([undo]) is False  # a move taken back: the service builds a new tape
    rebuilt = Tape.build(toygame.GAME, 3, 7, {}, [*_rows(moves), undo])
    assert rebuilt.version == 8 and rebuilt.recap(1, "dash", 1) is not None
    assert rebuilt.recap(1, "dash", 2) is None  # player 2 moved last once the pass is undone


def test_thin_keeps_first_and_last_evenly() -> None:
    assert thin(5) == [0, 1, 2, 3, 4]
    kept = thin(40)
    assert len(kept) == MAX_FRAMES and kept[0] == 0 and kept[-1] == 39
    assert kept == sorted(set(kept))
    gaps = [b - a for a, b in itertools.pairwise(kept)]
    assert max(gaps) - min(gaps) <= 1
