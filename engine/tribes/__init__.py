"""Gnome Tribes v2.0 — the pure rules engine (rules: docs/rules/tribes.md; rulings R-T1…R-T44, G-T…)."""

from engine.tribes.game import GAME, TribesGame
from engine.tribes.state import TribesState

__all__ = ["GAME", "TribesGame", "TribesState"]
