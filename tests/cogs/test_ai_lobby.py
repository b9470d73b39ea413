"""The lobby's AI levels in the Discord layer: one custom_id per level, old "Add AI" ids still
read, a tampered level is refused, and the lobby and /game players name each AI's level."""

from __future__ import annotations

import dataclasses

import pytest

from cogs.custom_ids import LobbyAction, LobbyId, Unreadable, parse
from cogs.limits import CUSTOM_ID
from engine.core.events import public_event
from host.ai_turns import THINKING
from host.results import AiLevel, PostMode, SeatInfo, TableStatus, TableUpdate, UpdateKind
from present import text
from tests.cogs.fakes import make_table


@pytest.mark.parametrize("level", list(AiLevel))
def test_each_level_has_its_own_add_ai_id_and_reads_back(level):
    cid = LobbyId(2**63 - 1, LobbyAction.ADD_AI, level)
    wire = cid.encode()
    assert len(wire) <= CUSTOM_ID
    assert parse(wire) == cid


def test_the_add_ai_button_of_earlier_releases_adds_a_normal_ai():
    assert parse("gh:L:c:0:-:ai") == LobbyId(12, LobbyAction.ADD_AI, AiLevel.NORMAL)
    assert LobbyId(12, LobbyAction.ADD_AI).encode() == "gh:L:c:0:-:ai"


@pytest.mark.parametrize("wire", ["gh:L:c:0:-:ai:grandmaster", "gh:L:c:0:-:join:hard", "gh:L:c:0:-:ai:"])
def test_a_tampered_level_is_unreadable(wire):
    assert isinstance(parse(wire), Unreadable)


def _table_with_ais():
    seats = (SeatInfo(0, 10, False), SeatInfo(1, None, True, ai_level=AiLevel.HARD),
             SeatInfo(2, None, True, ai_level=AiLevel.EASY))
    return dataclasses.replace(make_table(status=TableStatus.LOBBY), seats=seats)


def test_the_lobby_message_shows_each_ais_level():
    lines = text.lobby_text(_table_with_ais()).splitlines()
    assert "2. 🤖 AI 2 (hard)" in lines and "3. 🤖 AI 3 (easy)" in lines
    assert "1. <@10>" in lines


def test_players_name_the_level_of_a_running_ai():
    table = _table_with_ais()
    running = dataclasses.replace(
        table, status=TableStatus.ACTIVE, seats=tuple(dataclasses.replace(s, player=s.join_order) for s in table.seats)
    )
    lines = text.players_text(running, None).splitlines()
    assert "• AI 2 — 🤖 hard AI" in lines and "• <@10>" in lines


def test_the_thinking_note_names_the_ai_on_the_table_message():
    table = _table_with_ais()
    running = dataclasses.replace(
        table, status=TableStatus.ACTIVE, seats=tuple(dataclasses.replace(s, player=s.join_order) for s in table.seats)
    )
    line = public_event(THINKING.format(name="{p1}"), "thinking", player=1)
    update = TableUpdate(running.game_id, UpdateKind.MOVES, "", 4, public_events=(line,), mode=PostMode.EDIT)
    assert "🤖 AI 2 is thinking…" in text.table_message(running, update).splitlines()
