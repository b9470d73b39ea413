"""The shared core every game is built on: actions, decisions, events, options, RNG."""

from engine.core.actions import CLEAR_ID, CLEAR_LABEL, CONFIRM_ID, MAX_ID_LEN, MAX_LABEL_LEN, UNDO_ID, Action
from engine.core.decisions import Decision, DecisionKind
from engine.core.errors import EngineError, IllegalAction
from engine.core.events import Event, private_event, public_event
from engine.core.game import (
    REVEALING_EVENT_KINDS,
    Game,
    not_offered,
    replay,
    require_pending,
    reveals_information,
    summarise_actions,
)
from engine.core.names import fill_names, mentioned_players, player_ref
from engine.core.numbers import parse_int
from engine.core.options import OptionSpec, validate_options
from engine.core.outcome import Outcome, rank_by_score
from engine.core.picks import FinalReport, MultiPick, PickOption, PlayerReport
from engine.core.rng import Rng, seed_state

__all__ = [
    "CLEAR_ID",
    "CLEAR_LABEL",
    "CONFIRM_ID",
    "MAX_ID_LEN",
    "MAX_LABEL_LEN",
    "REVEALING_EVENT_KINDS",
    "UNDO_ID",
    "Action",
    "Decision",
    "DecisionKind",
    "EngineError",
    "Event",
    "FinalReport",
    "Game",
    "IllegalAction",
    "MultiPick",
    "OptionSpec",
    "Outcome",
    "PickOption",
    "PlayerReport",
    "Rng",
    "fill_names",
    "mentioned_players",
    "not_offered",
    "parse_int",
    "player_ref",
    "private_event",
    "public_event",
    "rank_by_score",
    "replay",
    "require_pending",
    "reveals_information",
    "seed_state",
    "summarise_actions",
    "validate_options",
]
