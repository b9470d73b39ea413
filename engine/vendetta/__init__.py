"""Garden Gnomes: Violent Vendetta — the pure rules engine (spec: shared/rules/vendetta.md)."""

from engine.vendetta.game import GAME, VendettaGame
from engine.vendetta.state import VendettaState

__all__ = ["GAME", "VendettaGame", "VendettaState"]
