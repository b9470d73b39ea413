"""The game state of Gnomes & Associates: one tree of mutable dataclasses with JSON-safe leaves (§1.4, §5).

This is the state template of docs/architecture.md ("The state of a game"): `engine.core.state_tree`
clones, dumps and loads it; this module declares the fields, builds a new game and answers the
questions every rule asks of a state (whose guild, which lair, which terrain). A treasure (carried,
loose, in a safe or a tomb) and the supply stay maps of item -> count: their keys are the items of
components.py. A Combat or Theft target stays a one-key map, {"fig": id} or {"lair": guild}, the shape
the events and views show.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine.associates import board
from engine.associates.components import (
    GUILD_INFO,
    KIND_STATS,
    NEUTRAL,
    NEUTRAL_LAIR_ZONE,
    SUPPLY_TOTALS,
    empty_treasure,
    guild_of,
    kind_of,
    roster,
    threshold,
)
from engine.associates.snapshot_migrations import migrate
from engine.core import state_tree
from engine.core.rng import seed_state

SCHEMA = 2

Treasure = dict[str, int]  # item -> count, every item of components.ITEMS present
Target = dict[str, str]  # {"fig": figurine} or {"lair": guild}
# The few-valued fields stay text: engine.core.state_tree loads str, not Literal (these are their values).
Phase = str  # guild | designate | activation | keep | reinforce | over
LairState = str  # intact | destroyed
Stage = str  # declared | w1 | w2 | w3 | roll | apply | choose


@dataclass
class Options:
    """The table's options as the engine uses them (validated by AssociatesGame.options)."""

    mode: str = "standard"  # standard | simplified | even_simpler
    figurines: int = 2
    turn_cap: int = 30
    neutral_lair: str = "auto"  # auto | always | never (G-7)
    first_player: int = -1  # -1: drawn at random (R-A29)


@dataclass
class KeepChoice:
    """A keep-5 choice in progress at the end of a turn (§6.4 step 3)."""

    held: int  # cards held before the draw
    kept: list[str] = field(default_factory=list)
    done: bool = False


@dataclass
class Player:
    """One seat: its guild, cards, Objectives and what the Usurers designated. Hand, deck and keep are secret."""

    guild: str | None = None
    hand: list[str] = field(default_factory=list)
    deck: list[str] = field(default_factory=list)  # top first
    discard: list[str] = field(default_factory=list)
    objectives: int = 0
    objective_turns: list[int] = field(default_factory=list)
    designated: str | None = None
    last_designated: str | None = None
    last_objective_lair: str | None = None
    reserve_gold: int = 0
    keep: KeepChoice | None = None
    drawn: list[str] = field(default_factory=list)  # the cards of the last draw

    def keeping(self) -> KeepChoice:
        """The keep-5 choice this seat is making."""
        assert self.keep is not None, "no keep-5 choice in progress"
        return self.keep


@dataclass
class Fig:
    """One figurine: where it stands (None = eliminated), its stuns, treasure and turn flags."""

    guild: str
    kind: str
    zone: str | None
    stuns: int = 0
    treasure: Treasure = field(default_factory=empty_treasure)
    activated: bool = False
    malin_used: bool = False
    rooted: bool = False
    pumpkin: bool = False
    eliminated_this_turn: bool = False


@dataclass
class Lair:
    """One lair (a guild's or the neutral one): its zone, state, stuns, safe and the tokens on it."""

    zone: str
    state: LairState = "intact"
    stuns: int = 0
    safe: Treasure = field(default_factory=empty_treasure)
    safe_token: str | None = None  # the Safe card on it
    bank_token: str | None = None  # the Bank card on it


@dataclass
class Trap:
    """A Trap card lying on a zone."""

    kind: str  # the card type
    card: str


@dataclass
class Zone:
    """One zone of the board: loose components, a Trap, a Storm and the tombs on it."""

    loose: Treasure = field(default_factory=empty_treasure)
    trap: Trap | None = None
    storm: int | None = None  # the seat that placed the Storm
    tombs: dict[str, Treasure] = field(default_factory=dict)  # guild -> treasure buried


@dataclass
class Effects:
    """This turn's lasting card effects (§6.4 step 1 clears them)."""

    war_cry: dict[str, int] = field(default_factory=dict)  # guild -> War Cries played
    ambush: list[str] = field(default_factory=list)  # guilds with an Ambush


@dataclass
class Active:
    """The open activation: the figurine, its player and the actions left (§6.2)."""

    fig: str
    player: int
    actions: int = 2


@dataclass
class Draft:
    """An action being built step by step in the open activation; `steps` holds the ids chosen so far."""

    kind: str  # move | transfer | combat | theft | craft | improv | zone | fig
    source: str | None = None  # the card played for it, if any
    steps: list[str] = field(default_factory=list)
    forge: bool = False  # a Craft made with Forge

    def card(self) -> str:
        """The card played for this draft (the card drafts always have one)."""
        assert self.source is not None, "this draft has no card"
        return self.source


@dataclass
class Res:
    """One Combat, Theft or elimination being resolved (§7.7, §7.9): its windows, dice and picks."""

    type: str  # combat | theft | elim
    actor: str | None
    target: Target
    player: int | None = None  # the actor's seat
    source: str | None = None  # the card type that declared it
    card: str | None = None
    defender: int | None = None
    stage: Stage = "declared"
    protections: int = 0
    alarm: bool = False
    shields: int = 0
    faces: list[int] = field(default_factory=list)
    n: int = 0
    colour: str = ""
    rerolled: bool = False
    picks: list[str] = field(default_factory=list)
    allowance: int = 0
    hits: int = 0
    asked: int | None = None  # the seat whose window is open
    fig: str | None = None  # the figurine being eliminated
    cause: str | None = None  # what eliminates it: combat | trap | ...

    def attacker(self) -> str:
        """The figurine making a Combat or Theft (an elimination alone has none)."""
        assert self.actor is not None, "an elimination has no attacker"
        return self.actor

    def defending(self) -> int:
        """The seat defending a Combat or Theft (or owning the figurine eliminated)."""
        assert self.defender is not None, "no defender known yet"
        return self.defender

    def seat(self) -> int:
        """The actor's seat."""
        assert self.player is not None, "no actor seat"
        return self.player

    def dying(self) -> str:
        """The figurine being eliminated."""
        assert self.fig is not None, "no figurine being eliminated"
        return self.fig


@dataclass
class Reinforce:
    """Where the reinforcements of §6.4 step 4 stand: the position reached and a seat to choose."""

    pos: int = 0
    seat: int | None = None
    fig: str | None = None

    def chooser(self) -> int:
        """The seat choosing a reinforcement now."""
        assert self.seat is not None, "no seat is choosing"
        return self.seat


@dataclass
class Ended:
    """Why the game ended and who reached their main mission."""

    reason: str  # mission | turn_cap
    guilds: list[str] = field(default_factory=list)


@dataclass
class AssociatesState:
    """Everything about one game of Gnomes & Associates."""

    n: int
    seed: int
    rng: int
    options: Options
    first_player: int
    guild_picker: int | None
    players: list[Player]  # by seat
    turn: int = 1
    phase: Phase = "guild"
    figs: dict[str, Fig] = field(default_factory=dict)  # in table order (in_table_order)
    lairs: dict[str, Lair] = field(default_factory=dict)
    zones: dict[str, Zone] = field(default_factory=dict)
    supply: dict[str, int] = field(default_factory=dict)  # counters left (R-A31: gold and counters unlimited)
    played: list[str] = field(default_factory=list)
    violet: list[str] = field(default_factory=list)
    effects: Effects = field(default_factory=Effects)
    visit: int = 0  # position in seat order of the seat visited
    active: Active | None = None
    draft: Draft | None = None
    res: Res | None = None
    ransom: str | None = None  # the guild just eliminated in Combat (Ransom may follow at once)
    debts_counted: list[str] = field(default_factory=list)
    first_objective_guild: str | None = None
    gold_minted: int = 0
    reinforce: Reinforce | None = None
    ended: Ended | None = None
    last: list[dict[str, Any]] = field(default_factory=list)  # public events of the last move, as JSON
    opening: list[dict[str, Any]] = field(default_factory=list)  # public events of new_game, as JSON


State = AssociatesState


def copy_state(s: State) -> State:
    """A deep copy apply() may change freely."""
    return state_tree.clone(s)


def dump_state(s: State) -> dict[str, Any]:
    """A JSON-safe snapshot with this game's schema version."""
    return state_tree.dump_snapshot(s, SCHEMA)


def load_state(data: dict[str, Any]) -> State:
    """The state dump_state wrote (older schemas migrated first); IllegalAction (E_SCHEMA) otherwise."""
    return in_table_order(state_tree.load_snapshot(State, migrate(data), SCHEMA))


def new_state(n: int, seed: int, options: Options, first_player: int) -> State:
    """A state waiting for the guild choice (§5.1-5.3)."""
    return State(
        n=n, seed=seed, rng=seed_state(seed), options=options, first_player=first_player,
        guild_picker=first_player, players=[Player() for _ in range(n)],
        zones={z: Zone() for z in board.zone_ids()},
        supply=dict(SUPPLY_TOTALS),  # R-A31: gold and counters unlimited, not tracked here
    )


def in_table_order(s: State) -> State:
    """The state with figurines and lairs in the order the game placed them (seat order, roster; neutral last).

    Stored snapshots sort their keys, so a loaded state would otherwise list figurines, lairs and the
    lair targets offered in a different order than the same state had before it was stored.
    """
    figs = [f for g in guilds_in_game(s) for f in roster(g, s.options.figurines) if f in s.figs]
    figs += [f for f in s.figs if f not in figs]
    s.figs = {f: s.figs[f] for f in figs}
    lairs = [g for g in [*guilds_in_game(s), NEUTRAL] if g in s.lairs]
    lairs += [g for g in s.lairs if g not in lairs]
    s.lairs = {g: s.lairs[g] for g in lairs}
    return s


def place_board(s: State) -> None:
    """Lairs, components and figurines once every guild is chosen (§5.4-5.6)."""
    guilds = guilds_in_game(s)
    for g in guilds:
        s.lairs[g] = Lair(zone=str(GUILD_INFO[g]["lair"]))
    if uses_neutral_lair(s):
        s.lairs[NEUTRAL] = Lair(zone=NEUTRAL_LAIR_ZONE)
    for z in board.zone_ids():  # R-A30: the only components the game itself ever places
        comp = board.component_of(z)
        if comp:
            s.zones[z].loose[comp] += 1
            s.supply[comp] -= 1
    for g in guilds:
        for f in roster(g, s.options.figurines):
            s.figs[f] = Fig(guild=g, kind=kind_of(f), zone=str(GUILD_INFO[g]["lair"]),
                            treasure={**empty_treasure(), "gold": 2})
            s.gold_minted += 2


def uses_neutral_lair(s: State) -> bool:
    """Whether the neutral lair stands on the centre (§5.4, R-A27; option neutral_lair)."""
    if s.n != 2:
        return False
    setting = s.options.neutral_lair  # G-7: host override of R-A27
    if setting == "never":
        return False
    if setting == "always":
        return True
    return any(g in ("thieves", "brigands") for g in guilds_in_game(s))


# -- seats and guilds -------------------------------------------------------------------------

def guilds_in_game(s: State) -> list[str]:
    """Guilds chosen so far, in seat order."""
    return [p.guild for p in s.players if p.guild]


def seat_of(s: State, guild: str) -> int | None:
    """The seat playing `guild` (None for the neutral lair or an absent guild)."""
    for i, p in enumerate(s.players):
        if p.guild == guild:
            return i
    return None


def guild_at(s: State, seat: int) -> str:
    """The guild played at `seat`."""
    return str(s.players[seat].guild)


def seat_order(s: State) -> list[int]:
    """Seats clockwise starting with the first player."""
    n = s.n
    return [(s.first_player + i) % n for i in range(n)]


def figs_of(s: State, guild: str) -> list[str]:
    """The guild's figurine ids in roster order."""
    return roster(guild, s.options.figurines) if guild in GUILD_INFO and guild in guilds_in_game(s) else []


def in_play(s: State, fig: str) -> bool:
    """Whether a figurine stands on the board."""
    return s.figs[fig].zone is not None


def figs_in_zone(s: State, zone: str) -> list[str]:
    """Figurines in play on a zone, in a stable order (seat order of guilds, then roster)."""
    out = []
    for g in guilds_in_game(s):
        out += [f for f in figs_of(s, g) if s.figs[f].zone == zone]
    return out


def stats(fig: str) -> dict[str, int]:
    """Combat, theft and stunned spaces of a figurine."""
    return KIND_STATS[kind_of(fig)]


def power_works(s: State, fig: str) -> bool:
    """Powers work only in play and not under a Pumpkin (§3)."""
    f = s.figs[fig]
    return f.zone is not None and not f.pumpkin


def carries(s: State, fig: str, artefact: str) -> bool:
    """Whether a figurine in play carries at least one artefact of this type (R-A11)."""
    f = s.figs[fig]
    return f.zone is not None and f.treasure[artefact] > 0


def mode(s: State) -> str:
    """standard | simplified | even_simpler."""
    return str(s.options.mode)


def guild_threshold(s: State, guild: str) -> int:
    """Objective threshold of a guild in this game."""
    return threshold(guild, s.n)


# -- lairs and terrain ------------------------------------------------------------------------

def lair_intact(s: State, guild: str) -> bool:
    """Whether the guild (or the neutral lair) has an intact lair."""
    lair = s.lairs.get(guild)
    return lair is not None and lair.state == "intact"


def intact_lair_at(s: State, zone: str) -> str | None:
    """The guild whose intact lair stands on `zone`, if any."""
    for g, lair in s.lairs.items():
        if lair.zone == zone and lair.state == "intact":
            return str(g)
    return None


def effective_terrain(s: State, zone: str) -> str:
    """Terrain used by every rule (§1.2, R-A2): lair zones without an intact lair are plains."""
    t = board.board_terrain(zone)
    if t == "lair":
        return "lair" if intact_lair_at(s, zone) else "plain"
    return t


def is_defended(s: State, guild: str) -> bool:
    """Intact non-neutral lair with a figurine of its guild on it (Pumpkin or not) (§8)."""
    if guild == NEUTRAL or not lair_intact(s, guild):
        return False
    zone = s.lairs[guild].zone
    return any(s.figs[f].zone == zone for f in figs_of(s, guild))


def on_own_intact_lair(s: State, fig: str) -> bool:
    """Whether a figurine stands on its own guild's intact lair (R-A9)."""
    g = guild_of(fig)
    return lair_intact(s, g) and s.figs[fig].zone == s.lairs[g].zone


def designated(s: State) -> str | None:
    """The guild the Usurers designated this turn, if any."""
    seat = seat_of(s, "usurers")
    return None if seat is None else s.players[seat].designated


def controls(s: State, guild: str, zone: str) -> bool:
    """A zone with at least one figurine of the guild and none of another (§6.4)."""
    here = figs_in_zone(s, zone)
    return bool(here) and all(guild_of(f) == guild for f in here)


# -- the parts a decision waits on ------------------------------------------------------------
# Each answers for a state that is known to have the part (the phase table routes only such states).

def resolving(s: State) -> Res:
    """The Combat, Theft or elimination being resolved."""
    assert s.res is not None, "no resolution in progress"
    return s.res


def active_of(s: State) -> Active:
    """The open activation."""
    assert s.active is not None, "no activation open"
    return s.active


def drafting(s: State) -> Draft:
    """The action being built in the open activation."""
    assert s.draft is not None, "no action being built"
    return s.draft


def reinforcing(s: State) -> Reinforce:
    """The reinforcements in progress."""
    assert s.reinforce is not None, "no reinforcements in progress"
    return s.reinforce


def zone_of(s: State, fig: str) -> str:
    """The zone of a figurine in play."""
    zone = s.figs[fig].zone
    assert zone is not None, f"{fig} is not in play"
    return zone
