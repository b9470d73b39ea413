"""Gnomes & Associates: guilds of gnomes, trolls, goblins and fairies compete for riches (spec associates.md)."""

from engine.associates.game import GAME, AssociatesGame

__all__ = ["GAME", "AssociatesGame"]
