"""The state of Phase 4 (wars and deployments) while the active player's step runs (spec §8).

Owned by engine/tribes/war: every field is a JSON-safe leaf, list, dict or nested dataclass
(the state template of docs/architecture.md).
"""

from __future__ import annotations

from dataclasses import dataclass, field

# Attack.stage: where the resolution of one attack stands (§8.8)
WAITING = ""  # not resolved yet
RETREATING = "retreat"  # the defender must place his retreating armies
MOVING_IN = "move_in"  # the attacker must say how many armies enter
DONE = "done"  # resolved (or void)


@dataclass
class Attack:
    """One attack of the plan (§8.1), and what became of it."""

    id: int
    source: str
    target: str
    armies: int
    mode: str  # "ground", "portal" or "card"
    card: str | None = None  # the airborne attack's card instance
    defender: int | None = None  # the target's controller when the plan was sealed
    defending: int = 0  # the defender's armies in the target when the plan was sealed
    void: bool = False  # its airborne card was shot down (§8.4)
    stage: str = WAITING
    att: int = 0  # strengths and result, filled when it is resolved
    dfn: int = 0
    result: str = ""


@dataclass
class Support:
    """Armies of one territory supporting one attack (§8.1) or one defence (§8.2)."""

    territory: str
    count: int
    attack: int


@dataclass
class Airlift:
    """An airlift chosen with a battle card (§8.3): `count` armies of `source` support the combat of `attack`."""

    card: str
    source: str
    count: int
    attack: int


@dataclass
class DefenceDraft:
    """One defender's compulsory support assignment (§8.2), built step by step.

    The first `fixed` supports were assigned by the bot (a single choice) and cannot be undone.
    `path` is the unfinished step: [territory] or [territory, attack id].
    `required` holds, per eligible territory, the attack ids its armies may support (plan order).
    """

    supports: list[Support] = field(default_factory=list)
    fixed: int = 0
    path: list[str] = field(default_factory=list)
    done: bool = False
    required: dict[str, list[int]] = field(default_factory=dict)


@dataclass
class CardDraft:
    """One belligerent's secret battle cards and airlifts (§8.3), sealed until the reveal.

    `cards` excludes the airborne-attack cards of the plan; `closed` once he stopped choosing cards;
    `decided` lists the air/Gnomsub cards whose airlift (or none) is settled; `path` is the unfinished
    airlift: [source] or [source, count].
    """

    cards: list[str] = field(default_factory=list)
    closed: bool = False
    lifts: list[Airlift] = field(default_factory=list)
    decided: list[str] = field(default_factory=list)
    path: list[str] = field(default_factory=list)
    done: bool = False


@dataclass
class War:
    """The active player's Phase 4 step in progress."""

    active: int
    attacks: list[Attack] = field(default_factory=list)
    supports: list[Support] = field(default_factory=list)
    plan_done: bool = False  # the plan is public from then on
    plan_log: list[str] = field(default_factory=list)  # "attack"/"support" in the order added (undo)
    path: list[str] = field(default_factory=list)  # the active player's unfinished step (plan, deployment)
    defence: dict[int, DefenceDraft] = field(default_factory=dict)  # defender -> assignment
    cards: dict[int, CardDraft] = field(default_factory=dict)  # belligerent -> sealed choice
    revealed: bool = False
    played: dict[int, list[str]] = field(default_factory=dict)  # after the reveal: every card each played
    cancelled: list[str] = field(default_factory=list)  # flying cards shot down by Gnomflak
    flak_pick: list[str] = field(default_factory=list)  # the active player's Flak choice draft
    order: list[int] = field(default_factory=list)  # resolution order (attack ids)
    order_done: bool = False
    cursor: int = 0  # position in `order` of the attack being resolved
    retreat: dict[str, int] = field(default_factory=dict)  # the defender's retreat draft: destination -> count
    air_moves: int = 0  # air moves made in this deployment


@dataclass
class BattleRecord:
    """The last combat, kept for the board picture and the log."""

    attacker: int
    defender: int | None
    source: str
    target: str
    supports: list[str] = field(default_factory=list)  # the attacker's supporting territories
    result: str = ""  # the outcome in words
    defence_supports: list[str] = field(default_factory=list)  # the defender's supporting territories
    airlifts: list[str] = field(default_factory=list)  # territories whose armies were airlifted in
    att: int = 0
    dfn: int = 0
    margin: int = 0
    mode: str = "ground"
