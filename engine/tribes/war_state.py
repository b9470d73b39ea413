"""The state of Phase 4 (wars and deployments) while the active player's step runs (spec §8).

Owned by engine/tribes/war: every field is a JSON-safe leaf, list, dict or nested dataclass
(the state template of docs/architecture.md).
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class Attack:
    """One attack of the plan (§8.1)."""

    id: int
    source: str
    target: str
    armies: int
    mode: str  # "ground", "portal" or "card"
    card: str | None = None  # the airborne attack's card instance


@dataclass
class Support:
    """Armies of one territory supporting one attack (§8.1) or one defence (§8.2)."""

    territory: str
    count: int
    attack: int


@dataclass
class War:
    """The active player's Phase 4 step in progress."""

    active: int
    attacks: list[Attack] = field(default_factory=list)
    supports: list[Support] = field(default_factory=list)


@dataclass
class BattleRecord:
    """The last combat, kept for the board picture: who attacked where, from where, with which support."""

    attacker: int
    defender: int | None
    source: str
    target: str
    supports: list[str] = field(default_factory=list)
    result: str = ""
