"""The read side of a screen: one player's panel, the public table post, the end of a game, each from ONE read.

Each function here takes the game as it stands in one LiveGame and runs without awaiting anything, so every
piece it returns (step, extras, views) belongs to the same version: a move cannot land between the pieces,
and a front end never has to check that separately read pieces agree. TableService reads the game once
(`Tables.get`, under the table's cache) and hands it here.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from typing import TypeVar

from engine.core.actions import Action
from engine.core.errors import IllegalAction
from engine.core.phrases import Phrase
from host import final
from host.errors import GameNotActive, IllegalMove, NotSeated
from host.live import LiveGame
from host.results import (
    ActionChoice,
    EndReport,
    GameView,
    PanelDetails,
    PanelScreen,
    StepInfo,
    TableMessage,
    TableStatus,
)
from host.tables import require_active

log = logging.getLogger(__name__)

T = TypeVar("T")

UserLabel = Callable[[int], str]


def who_plays(user_label: UserLabel, live: LiveGame, player: int) -> str:
    """The player named for others: their user's label, or "AI player N" for a computer seat."""
    seat = live.seat_of_player(player)
    return user_label(seat.user_id) if seat and seat.user_id is not None else f"AI player {player}"


def situation(user_label: UserLabel, live: LiveGame) -> str:
    """A short public description of what the game waits for now (who, and for what)."""
    if live.status != TableStatus.ACTIVE:
        return f"the game is {live.status.value}."
    names = [f"{who_plays(user_label, live, d.player)}: {d.prompt}" for d in live.decisions]
    return ("waiting for " + "; ".join(names) + ".") if names else "nothing is pending."


def waiting_for(user_label: UserLabel, live: LiveGame) -> str:
    """Who the game waits for, for a NotYourTurn message."""
    return ", ".join(who_plays(user_label, live, d.player) for d in live.decisions) or "nobody"


def seats_of(live: LiveGame, user_id: int, player: int | None) -> list[int]:
    """The player indexes the user acts for: all they hold, or the one named; NotSeated otherwise."""
    mine = live.players_of(user_id)
    if not mine:
        raise NotSeated()
    if player is None:
        return mine
    if player not in mine:
        raise NotSeated("You do not hold that seat.")
    return [player]


def step_of(live: LiveGame, user_id: int, player: int | None, user_label: UserLabel) -> StepInfo:
    """See TableService.legal_actions_for (for the game as it stands in `live`)."""
    require_active(live)
    mine = seats_of(live, user_id, player)
    for decision in live.decisions:
        if decision.player in mine:
            actions = live.game.legal_actions(live.state, decision.player)
            return StepInfo(
                game_id=live.id,
                version=live.version,
                player=decision.player,
                kind=decision.kind,
                prompt=decision.prompt,
                actions=tuple(ActionChoice(a.id, a.label, a.phrase) for a in actions),
                waiting_for=live.pending_players(),
                prompt_phrase=decision.phrase,
            )
    return StepInfo(
        game_id=live.id,
        version=live.version,
        player=mine[0],
        kind=None,
        prompt="It is not your turn: the game is waiting for " + waiting_for(user_label, live) + ".",
        actions=(),
        waiting_for=live.pending_players(),
    )


def view_of(live: LiveGame, user_id: int | None, player: int | None) -> GameView:
    """See TableService.view_for (for the game as it stands in `live`)."""
    if live.state is None:
        raise GameNotActive(live.status.value)
    mine = live.players_of(user_id) if user_id is not None else []
    if player is not None and player not in mine:
        raise NotSeated("You do not hold that seat.")
    viewer = player if player is not None else (mine[0] if mine else None)
    return GameView(
        game_id=live.id,
        game_name=live.game_name,
        version=live.version,
        status=live.status,
        player=viewer,
        view=live.game.view(live.state, viewer),
    )


def _engine_extra(live: LiveGame, what: str, call: Callable[[], T], default: T) -> T:
    """One optional engine description; a failing one is logged and left out, so the panel still opens."""
    try:
        return call()
    except Exception:
        log.exception("game %s: the engine's %s failed", live.id, what)
        return default


def details_of(
    live: LiveGame, user_id: int, player: int | None, pick_ids: Sequence[str] | None = None
) -> PanelDetails:
    """See TableService.panel_details (for the game as it stands in `live`)."""
    if live.state is None:
        raise GameNotActive(live.status.value)
    mine = seats_of(live, user_id, player)
    pending = [d.player for d in live.decisions if d.player in mine] if live.status == TableStatus.ACTIVE else []
    seat = pending[0] if pending else mine[0]
    game, state = live.game, live.state
    players = live.players or 0
    names: dict[int, str] = _engine_extra(
        live, "player names", lambda: {p: game.player_name(state, p) for p in range(players)}, {}
    )
    described: list[str] = _engine_extra(live, "private description", lambda: game.describe_private(state, seat), [])
    told = tuple(described)
    said: list[Phrase] = _engine_extra(live, "private description words", lambda: game.describe_said(state, seat), [])
    # Words that do not match the English line for line would say another situation: the English is kept then.
    told_said = tuple(said) if len(said) == len(told) else ()
    if not pending:
        return PanelDetails(seat, live.version, told, names, situation_said=told_said)
    pick = _engine_extra(live, "pick menu", lambda: game.multi_pick(state, seat), None)
    orders: list[Action] = _engine_extra(live, "shortcuts", lambda: game.shortcuts(state, seat), [])
    shortcuts = tuple(ActionChoice(a.id, a.label, a.phrase) for a in orders)
    auto_action = _engine_extra(live, "single step", lambda: game.auto_step(state, seat), None)
    auto = ActionChoice(auto_action.id, auto_action.label, auto_action.phrase) if auto_action is not None else None
    chosen = None
    if pick_ids is not None:
        try:
            action = game.pick_action(state, seat, list(pick_ids))
        except IllegalAction as exc:
            raise IllegalMove(exc, live.game_name) from exc
        chosen = ActionChoice(action.id, action.label, action.phrase)
    return PanelDetails(seat, live.version, told, names, pick, shortcuts, auto, chosen, told_said)


def panel(live: LiveGame, user_id: int, player: int | None, page: int, user_label: UserLabel) -> PanelScreen:
    """See TableService.panel (for the game as it stands in `live`)."""
    table = live.info()
    if live.status is not TableStatus.ACTIVE:
        return _ended_panel(live, user_id, page)
    step = step_of(live, user_id, player, user_label)
    details = details_of(live, user_id, step.player)
    public = live.game.view(live.state, None)
    private = live.game.view(live.state, step.player)
    return PanelScreen(table, live.version, step, details, public, private, page)


def _ended_panel(live: LiveGame, user_id: int, page: int) -> PanelScreen:
    """A game no longer running: a seated player of a finished game still reads their final situation."""
    table = live.info()
    if live.status is not TableStatus.FINISHED or live.state is None or not table.is_seated(user_id):
        return PanelScreen(table, live.version, None, None, None, None, page)
    details = details_of(live, user_id, None)
    mine = live.players_of(user_id)
    public = live.game.view(live.state, None)
    private = live.game.view(live.state, mine[0])
    return PanelScreen(table, live.version, None, details, public, private, page)


def table_message(live: LiveGame) -> TableMessage:
    """See TableService.table_message (for the game as it stands in `live`)."""
    public = live.game.view(live.state, None) if live.state is not None else None
    return TableMessage(live.info(), live.version, public, live.pending_players())


def end_report(live: LiveGame) -> EndReport | None:
    """See TableService.end_report (for the game as it stands in `live`)."""
    if live.status != TableStatus.FINISHED or live.state is None:
        return None
    report = final.final_report(live.game, live.state)
    if report is None:
        return None
    return EndReport(live.info(), live.game.view(live.state, None), report)

