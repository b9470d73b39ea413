"""Garden Gnomes: Violent Vendetta — the pure rules engine (rules: docs/rules/vendetta.md; rulings R-V1…R-V34)."""

from engine.vendetta.game import GAME, VendettaGame
from engine.vendetta.state import VendettaState

__all__ = ["GAME", "VendettaGame", "VendettaState"]
