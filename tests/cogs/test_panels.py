"""The private panel (cogs.panels) and the play cog's taps: words from the engine, one picture, fewest taps."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import discord
import pytest

import render
from cogs import panels, play
from cogs.custom_ids import Kind, WireFields, decode
from engine.core.decisions import DecisionKind
from engine.core.picks import MultiPick, PickOption
from host import forced
from host.errors import StaleVersion
from host.results import ActionChoice, GameView, MoveResult, PanelDetails, PanelScreen, StepInfo, TableInfo, TableStatus
from present import panel_words
from render import panel as render_panel
from tests.cogs.fakes import PLAYER, ServiceStandIn, make_table

GAME = 3
PICK = MultiPick("Keep 2 cards.", (PickOption("a", "Acorn"), PickOption("b", "Berry"), PickOption("c", "Cone")),
                 2, 2, ("a",))


class FakeService(ServiceStandIn):
    """The few TableService calls a panel makes, answering from fixed values; records submits."""

    def __init__(self, details: PanelDetails, step: StepInfo, autos: list[ActionChoice] | None = None) -> None:
        super().__init__()
        self.details = details
        self.step = step
        self.autos = list(autos or [])
        self.submitted: list[tuple[str, int]] = []
        self.version = step.version
        self.refuse = False

    async def get_table(self, game_id: int) -> TableInfo:
        return make_table(game_id)

    async def legal_actions_for(self, game_id: int, user_id: int, *, player: int | None = None) -> StepInfo:
        return replace(self.step, version=self.version)

    async def panel_details(self, game_id: int, user_id: int, *, player: int | None = None,
                            pick: Any = None) -> PanelDetails:
        auto = self.autos[0] if self.autos else None
        return replace(self.details, version=self.version, auto=auto)

    async def view_for(self, game_id: int, user_id: int | None, *, player: int | None = None) -> GameView:
        view = {"factions": {"0": "Dingleson"}, "round": 1}
        return GameView(game_id, "vendetta", self.version, TableStatus.ACTIVE, player, view)

    async def panel(self, game_id: int, user_id: int, *, player: int | None = None, page: int = 0) -> PanelScreen:
        step = await self.legal_actions_for(game_id, user_id, player=player)
        details = await self.panel_details(game_id, user_id, player=step.player)
        public = (await self.view_for(game_id, None)).view
        mine = (await self.view_for(game_id, user_id, player=step.player)).view
        return PanelScreen(await self.get_table(game_id), self.version, step, details, public, mine, page)

    async def submit(self, game_id: int, user_id: int, action_id: str, version: int, *,
                     player: int | None = None, forced_steps: bool = False) -> MoveResult:
        if self.refuse:
            raise StaleVersion(version, self.version, "the game moved on")
        self.submitted.append((action_id, version))
        self.version += 1
        label = self.autos.pop(0).label if self.autos and self.autos[0].id == action_id else action_id
        result = MoveResult(game_id, self.version, (), (), {}, {}, (), False, None, make_table(game_id),
                            submitted=ActionChoice(action_id, label))
        if forced_steps:
            # The real service's own forced-step loop (host/forced.py), over this stand-in's reads and submits.
            result = replace(result, forced=await self.take_forced_steps(game_id, user_id, player=player))
        return result


def step(version: int = 5, actions: tuple[ActionChoice, ...] = (ActionChoice("from:home", "Move from Home"),
                                                                 ActionChoice("pass", "Pass"))) -> StepInfo:
    return StepInfo(GAME, version, 0, DecisionKind.TURN, "Move the Dingleson clan.", actions)


def details(version: int = 5, **extra: Any) -> PanelDetails:
    return PanelDetails(0, version, ("Your hand: Sprint and Trap.", "Objective Oak Grove: done."),
                        {0: "Dingleson"}, **extra)


def wire_fields(view: discord.ui.View) -> list[WireFields]:
    """The custom_id fields of every item of `view`; fails the test for an item without one of ours."""
    wires = []
    for item in view.children:
        assert isinstance(item, discord.ui.DynamicItem), f"not one of our persistent components: {item!r}"
        wire = decode(item.custom_id)
        assert wire is not None, f"not a Gnomehost custom_id: {item.custom_id!r}"
        wires.append(wire)
    return wires


async def test_the_panel_shows_the_engines_sentences_and_one_picture_never_a_dump() -> None:
    service = FakeService(details(), step())
    panel = await panels.build_panel(service, GAME, PLAYER)
    assert "you play Dingleson" in panel.content and "Move the Dingleson clan." in panel.content
    assert "Your hand: Sprint and Trap.\nObjective Oak Grove: done." in panel.content
    assert "factions" not in panel.content and "round" not in panel.content
    assert [f.filename for f in panel.files][:1] == ["panel-1.png"]


async def test_shortcuts_and_the_pick_menu_reach_the_view_with_the_step_they_were_read_with() -> None:
    quick = (ActionChoice("decl:x", "All 4 gnomes to Oak Corner, end of move"),)
    service = FakeService(details(shortcuts=quick, pick=PICK), step())
    panel = await panels.build_panel(service, GAME, PLAYER, with_image=False)
    assert panel.view is not None
    kinds = [wire.kind for wire in wire_fields(panel.view)]
    assert kinds[0] is Kind.ACTION and Kind.PICK in kinds
    assert "decl:x" in [wire.arg for wire in wire_fields(panel.view)]
    # The service reads step and extras in one call at one version (host/screens.py), so the panel never
    # has to check that they agree: a panel without extras shows the step's own actions alone.
    plain = await panels.build_panel(FakeService(details(), step()), GAME, PLAYER, with_image=False)
    assert plain.view is not None
    ids = wire_fields(plain.view)
    assert all(i.kind is Kind.ACTION for i in ids)
    assert "decl:x" not in [i.arg for i in ids]


async def test_forced_steps_are_taken_through_submit_until_there_is_a_real_choice() -> None:
    autos = [ActionChoice("to:isle", "… to Grand Gnome Isle"), ActionChoice("n:1", "Move 1 gnome")]
    service = FakeService(details(), step(), autos)
    taken = await service.take_forced_steps(GAME, PLAYER, player=0)
    assert [s.label for s in taken] == ["… to Grand Gnome Isle", "Move 1 gnome"]
    assert service.submitted == [("to:isle", 5), ("n:1", 6)]
    assert play.move_note("Move from Home", taken) == (
        "✅ Move from Home\n➡️ The only choice, taken for you: … to Grand Gnome Isle; Move 1 gnome")


async def test_a_refused_forced_step_stops_quietly_and_the_loop_is_bounded() -> None:
    service = FakeService(details(), step(), [ActionChoice("to:isle", "… to Grand Gnome Isle")])
    service.refuse = True
    assert await service.take_forced_steps(GAME, PLAYER, player=0) == ()

    class Endless(FakeService):
        async def panel_details(self, *a: Any, **k: Any) -> PanelDetails:
            return replace(self.details, version=self.version, auto=ActionChoice("again", "Again"))

    endless = Endless(details(), step())
    taken = await endless.take_forced_steps(GAME, PLAYER, player=0)
    assert len(taken) == forced.MAX_FORCED_STEPS


@pytest.mark.parametrize(("submitted", "shown"), [
    (ActionChoice("decl:red:home>isle*4", "decl:red:home>isle*4"), "All 4 gnomes to the Isle"),
    (ActionChoice("pass", "Pass (do not move)"), "Pass (do not move)"),
    (None, "All 4 gnomes to the Isle"),
])
def test_the_mover_reads_the_words_they_pressed_never_an_id(submitted: ActionChoice | None, shown: str) -> None:
    result = MoveResult(GAME, 6, (), (), {}, {}, (), False, None, make_table(GAME), submitted=submitted)
    assert play.played_label(result, "All 4 gnomes to the Isle") == shown


def test_a_long_situation_stops_at_the_message_limit_and_says_where_the_rest_is() -> None:
    head = ["**Vendetta** — game #3", "**Move the Dingleson clan.**"]
    situation = ["", panel_words.private_heading()] + [f"Objective {n}: " + "x" * 300 for n in range(10)]
    text = panels.panel_text(head, situation)
    assert len(text) <= 2000 and text.startswith("**Vendetta**") and text.endswith(panel_words.more_in_picture())
    assert "Objective 0: " in text and "Objective 9: " not in text
    short = panels.panel_text(head, situation[:4])
    assert short.endswith("Objective 1: " + "x" * 300) and panel_words.more_in_picture() not in short


async def test_the_panel_picture_falls_back_to_the_private_one_then_to_none(monkeypatch: pytest.MonkeyPatch) -> None:
    from cogs import images

    def broken(*_a: Any) -> bytes:
        raise RuntimeError("a drawing bug")

    mine = {"me": {"player": 0, "clans": ["red"]}}
    monkeypatch.setattr(images.render, "panel_images", broken)
    monkeypatch.setattr(images.render, "private", lambda *_a: b"\x89PNG private")
    files = await images.panel_files("vendetta", {}, mine)
    assert [f.filename for f in files] == ["hand.png"]

    def unknown(*_a: Any) -> bytes:
        raise KeyError("no renderer")

    monkeypatch.setattr(images.render, "panel_images", unknown)
    assert await images.panel_files("nogame", {}, {}) == []
    # Pages of 600 bytes each: together over a 1000-byte limit, though each fits; the private picture alone.
    monkeypatch.setattr(images.render, "panel_images", lambda *_a: [b"x" * 600, b"y" * 600])
    small = await images.panel_files("vendetta", {}, mine, limit=1000)
    assert [f.filename for f in small] == ["hand.png"]
    both = await images.panel_files("vendetta", {}, mine, limit=2000)
    assert [f.filename for f in both] == ["panel-1.png", "panel-2.png"]
    descriptions = [f.description or "" for f in both]
    assert descriptions[1].startswith("Part 2 of 2: ")
    # With nothing private to draw there is no private picture to fall back to.
    assert await images.panel_files("vendetta", {}, {"me": {"player": 0, "clans": []}}, limit=1000) == []


async def test_an_empty_hand_is_a_sentence_in_the_panel_and_the_picture_is_the_board_alone() -> None:
    from cogs import images
    from present.text import empty_private_text
    from render.associates import samples as associates_samples

    table = replace(make_table(), game_name="associates")
    public = associates_samples.crowded_view()
    empty = {**public, "hand": [], "draft": None, "drawn": []}
    screen = PanelScreen(table, 5, step(), details(), public, empty, 0)
    panel = await panels.panel_of(screen)
    assert empty_private_text() in panel.content
    assert panel.files
    # The board's own pages: nothing stacked under them.
    assert [f.fp.read() for f in panel.files] == render_panel.pages(render.board("associates", public), None)
    assert await images.private_file("associates", empty) is None
    held = await panels.panel_of(replace(screen, private_view=associates_samples.crowded_private()))
    assert empty_private_text() not in held.content


async def test_a_long_description_stays_within_discords_limit_with_its_part_prefix(monkeypatch: Any) -> None:
    """Discord refuses an attachment description over 1024 characters: "Part 1 of 2: " must not push it over."""
    from cogs import images

    monkeypatch.setattr(images.render, "panel_images", lambda *_a: [b"x" * 10, b"y" * 10])
    monkeypatch.setattr(images.alt_text, "describe_panel", lambda *_a: "z" * images.alt_text.MAX_CHARS)
    files = await images.panel_files("vendetta", {}, {"me": {"player": 0, "clans": ["red"]}})
    descriptions = [f.description or "" for f in files]
    assert len(descriptions) == 2 and all(len(d) <= images.alt_text.MAX_CHARS for d in descriptions)
    assert descriptions[1].startswith("Part 2 of 2: ") and descriptions[1].endswith("…")
