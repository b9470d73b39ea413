"""Action ids of Gnomes & Associates, parsed once into small typed values (then `match`ed by the phases).

Grammar (each step of a draft is one short menu; `undo`, `confirm` and `clear` as in engine.core):
  guild:<g> · designate:<g>                                  setup
  activate:<fig> · idle · pass                               choosing the figurine (pass is refused, R-A50)
  move · transfer · combat · theft · craft:<artefact> · play:<card> · end        open activation
  go:<zone> · takeall · dropall                              whole orders typed in one go (shortcuts)
  to:<zone> · sprint:<card>                                  movement draft
  mode:take · mode:drop · give:<fig> · t:<src>:<item>[:all] · d:<item>[:all]     transfer draft
  tgt:f:<fig> · tgt:l:<guild>                                combat / theft target
  row:<n> · z:<zone> · f:<fig> · recipe:<artefact> · do:<action type>           card drafts
  steal:<item> · takemax                                     theft choice
  r:<card> · malin:<gnome>                                   reaction windows W1/W2/W3
  keep:<card> · keepset:<i>,<j>,… · keepdefault              keep 5
  rfig:<fig> · rzone:<zone> · auto                           reinforcement without a lair

Parsing never looks at the state: a payload is kept as written (an unknown zone is still a `To`), so
each phase can refuse it with its precise reason. Numbers are read in canonical ASCII only.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

from engine.core.actions import CLEAR_ID, CONFIRM_ID, UNDO_ID
from engine.core.errors import IllegalAction
from engine.core.numbers import parse_int
from engine.core.phrases import phrase

END_ID = "end"
IDLE_ID = "idle"
PASS_ID = "pass"
TAKEMAX_ID = "takemax"
KEEPDEFAULT_ID = "keepdefault"
AUTO_ID = "auto"
TAKEALL_ID = "takeall"
DROPALL_ID = "dropall"
GO_PREFIX = "go:"
KEEPSET_PREFIX = "keepset:"
OPEN_KINDS = ("move", "transfer", "combat", "theft")


@dataclass(frozen=True, slots=True)
class Undo:
    """Back one step of the draft."""


@dataclass(frozen=True, slots=True)
class Confirm:
    """Submit the draft."""


@dataclass(frozen=True, slots=True)
class Clear:
    """Empty the draft built so far (the decision stays open)."""


@dataclass(frozen=True, slots=True)
class Pass:
    """No reaction (and, while choosing a figurine, the refused voluntary pass)."""


@dataclass(frozen=True, slots=True)
class End:
    """End the open activation."""


@dataclass(frozen=True, slots=True)
class Idle:
    """Activate the first figurine and end at once (the 12.4 default)."""


@dataclass(frozen=True, slots=True)
class TakeMax:
    """Steal the most, gold first (the 12.4 default)."""


@dataclass(frozen=True, slots=True)
class KeepDefault:
    """Keep the default five."""


@dataclass(frozen=True, slots=True)
class Auto:
    """Place the reinforcement by default."""


@dataclass(frozen=True, slots=True)
class PickGuild:
    """Play this guild."""

    guild: str


@dataclass(frozen=True, slots=True)
class Designate:
    """The Usurers designate this guild."""

    guild: str


@dataclass(frozen=True, slots=True)
class Activate:
    """Activate this figurine."""

    fig: str


@dataclass(frozen=True, slots=True)
class Open:
    """Start building a Movement, Transfer, Combat or Theft."""

    kind: str


@dataclass(frozen=True, slots=True)
class Craft:
    """Craft this artefact with a normal action."""

    artefact: str


@dataclass(frozen=True, slots=True)
class Play:
    """Play this card of one's hand in one's activation."""

    card: str


@dataclass(frozen=True, slots=True)
class Go:
    """Movement to one zone, confirmed (a whole order)."""

    zone: str


@dataclass(frozen=True, slots=True)
class TakeAll:
    """A Transfer taking everything lying here and in one's Tomb, confirmed (a whole order)."""


@dataclass(frozen=True, slots=True)
class DropAll:
    """A Transfer dropping everything carried, confirmed (a whole order)."""


@dataclass(frozen=True, slots=True)
class To:
    """The next zone of the Movement path."""

    zone: str


@dataclass(frozen=True, slots=True)
class Sprint:
    """Add this Sprint card to the Movement."""

    card: str


@dataclass(frozen=True, slots=True)
class TransferMode:
    """Take here, or drop ("take" | "drop" when well formed)."""

    mode: str


@dataclass(frozen=True, slots=True)
class Give:
    """Give items to this friendly figurine."""

    fig: str


@dataclass(frozen=True, slots=True)
class Take:
    """Take one item (or, with tail ("all",), every one) from a source; item None when not named."""

    source: str
    item: str | None
    tail: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Drop:
    """Add one carried item (or, with tail ("all",), every one) to the Drop or Give."""

    item: str
    tail: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Target:
    """The figurine (`fig`) or the lair of a guild (`lair`) a Combat or Theft aims at; exactly one is set."""

    fig: str | None = None
    lair: str | None = None


@dataclass(frozen=True, slots=True)
class Row:
    """The board row whose zones a token card lists next (when one menu cannot hold every zone)."""

    row: int


@dataclass(frozen=True, slots=True)
class OnZone:
    """The zone of a token card."""

    zone: str


@dataclass(frozen=True, slots=True)
class OnFig:
    """The figurine of a Pumpkin or Root card."""

    fig: str


@dataclass(frozen=True, slots=True)
class Recipe:
    """The artefact a Forge crafts."""

    artefact: str


@dataclass(frozen=True, slots=True)
class Improvise:
    """The action type an Improvisation starts."""

    kind: str


@dataclass(frozen=True, slots=True)
class Steal:
    """Steal one item of the target."""

    item: str


@dataclass(frozen=True, slots=True)
class React:
    """Add this card to the reaction."""

    card: str


@dataclass(frozen=True, slots=True)
class Malin:
    """This Gnome makes the attacker re-roll."""

    gnome: str


@dataclass(frozen=True, slots=True)
class Keep:
    """Keep this card."""

    card: str


@dataclass(frozen=True, slots=True)
class KeepSet:
    """Keep the cards at these hand positions (a whole order); None when a position is not a canonical number."""

    positions: tuple[int, ...] | None


@dataclass(frozen=True, slots=True)
class ReinforceFig:
    """Place this eliminated figurine."""

    fig: str


@dataclass(frozen=True, slots=True)
class ReinforceZone:
    """Place the chosen figurine on this zone."""

    zone: str


@dataclass(frozen=True, slots=True)
class Unknown:
    """An id of no known form."""

    text: str


# The steps a draft records in the state (by their ids, so stored drafts stay as they were).
DraftStep = To | Sprint | TransferMode | Give | Take | Drop | Row
Command = (Undo | Confirm | Clear | Pass | End | Idle | TakeMax | KeepDefault | Auto | PickGuild | Designate | Activate
           | Open | Craft | Play | Go | TakeAll | DropAll | To | Sprint | TransferMode | Give | Take | Drop | Target
           | Row | OnZone | OnFig | Recipe | Improvise | Steal | React | Malin | Keep | KeepSet | ReinforceFig
           | ReinforceZone | Unknown)

_BARE: dict[str, Command] = {
    UNDO_ID: Undo(), CONFIRM_ID: Confirm(), CLEAR_ID: Clear(), PASS_ID: Pass(), END_ID: End(), IDLE_ID: Idle(),
    TAKEMAX_ID: TakeMax(), KEEPDEFAULT_ID: KeepDefault(), AUTO_ID: Auto(), TAKEALL_ID: TakeAll(), DROPALL_ID: DropAll(),
    **{kind: Open(kind) for kind in OPEN_KINDS},
}
_ONE_PAYLOAD: dict[str, Callable[[str], Command]] = {
    "guild": PickGuild, "designate": Designate, "activate": Activate, "craft": Craft, "play": Play, "go": Go,
    "to": To, "sprint": Sprint, "mode": TransferMode, "give": Give, "z": OnZone, "f": OnFig, "recipe": Recipe,
    "do": Improvise, "steal": Steal, "r": React, "malin": Malin, "keep": Keep, "rfig": ReinforceFig,
    "rzone": ReinforceZone,
}


def _number(text: str) -> int | None:
    return parse_int(text, canonical=True)


@lru_cache(maxsize=4096)
def parse(action_id: str) -> Command:
    """The typed command an id names (`Unknown` for an id of no known form); never looks at the state."""
    bare = _BARE.get(action_id)
    if bare is not None:
        return bare
    head, sep, rest = action_id.partition(":")
    if not sep:
        return Unknown(action_id)
    one = _ONE_PAYLOAD.get(head)
    if one is not None:
        return one(rest)
    parts = rest.split(":")
    match head, parts:
        case "t", [source]:
            return Take(source, None)
        case "t", [source, item, *tail]:
            return Take(source, item, tuple(tail))
        case "d", [item, *tail]:
            return Drop(item, tuple(tail))
        case "tgt", ["f", fig]:
            return Target(fig=fig)
        case "tgt", ["l", lair]:
            return Target(lair=lair)
        case "row", [text] if (row := _number(text)) is not None:
            return Row(row)
        case "keepset", _:
            positions = [_number(x) for x in rest.split(",")]
            return KeepSet(None if None in positions else tuple(p for p in positions if p is not None))
    return Unknown(action_id)


def step_id(step: DraftStep) -> str:
    """The id of a draft step (parse(step_id(s)) == s), as a draft records it."""
    match step:
        case To(zone):
            return f"to:{zone}"
        case Sprint(card):
            return f"sprint:{card}"
        case TransferMode(mode):
            return f"mode:{mode}"
        case Give(fig):
            return f"give:{fig}"
        case Take(source, item, tail):
            return ":".join(["t", source, *([] if item is None else [item]), *tail])
        case Drop(item, tail):
            return ":".join(["d", item, *tail])
        case Row(row):
            return f"row:{row}"
    raise AssertionError(step)


def target_id(target: Target) -> str:
    """The id of a target step."""
    return f"tgt:f:{target.fig}" if target.fig is not None else f"tgt:l:{target.lair}"


def take_id(source: str, item: str, everything: bool = False) -> str:
    """The id taking one item (or all of it) from a source."""
    return step_id(Take(source, item, ("all",) if everything else ()))


def drop_id(item: str, everything: bool = False) -> str:
    """The id adding one carried item (or all of it) to a Drop or Give."""
    return step_id(Drop(item, ("all",) if everything else ()))


def parse_known(action_id: str) -> Command:
    """The phase grammar of the table: the typed command an id names; IllegalAction E_UNKNOWN_ACTION for an id of
    no known form (`parse` itself keeps those as `Unknown`, so each phase's check can word its own refusal)."""
    command = parse(action_id)
    if isinstance(command, Unknown):
        raise IllegalAction("That is not a choice of this game. Pick one of the offered choices.", "E_UNKNOWN_ACTION",
                            phrase=phrase("refusal.not-choice-game"))
    return command
