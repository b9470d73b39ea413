"""Phase 4 action ids: built here, parsed here once into typed values, then `match`ed by the phases.

  plan     plan:from:<t> · plan:ground · plan:portal · plan:card:<card> · [plan:zone:<zone>] · plan:to:<t>
           · plan:n:<k> · plan:sup:<attack> · plan:by:<t> · plan:none (attack nobody) · undo · confirm · clear
           · plan:all:<source>:<target> (a whole plan: every free army of the source attacks on foot, confirmed)
  defence  def:from:<t> · def:to:<attack> · def:n:<k> · def:auto · undo · confirm
  cards    [card:weapon] · card:play:<card> · card:stop · card:pass · card:lift:<t> · card:nolift · card:n:<k>
           · card:for:<attack> · undo · confirm · card:pick:<card>,… or card:pick:none (cards in one go)
  flak     flak:<card> · flak:auto · undo · confirm · flak:pick:<card>,… (the whole choice)
  order    order:<attack> · order:plan · undo · confirm
  retreat  ret:to:<t> · ret:n:<k> · ret:auto · undo · confirm
  move-in  in:<k>
  deploy   dep:from:<t> · dep:to:<t> · [dep:fly:<zone>] · dep:air:<t> · dep:n:<k> · dep:end · undo
           · dep:all:<t> (once a source is chosen: every unmoved army of it steps to <t>, one tap)

A zone (plains, swamp, mountain, marsh, black) groups a long territory list by terrain first, so that
no step offers more than 25 choices.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.core.actions import CLEAR_ID, CONFIRM_ID, UNDO_ID
from engine.core.errors import IllegalAction
from engine.core.numbers import parse_int
from engine.core.phrases import phrase
from engine.tribes.board import load_board
from engine.tribes.cards import CARDS


@dataclass(frozen=True, slots=True)
class Undo:
    """Back one step of the draft."""


@dataclass(frozen=True, slots=True)
class Confirm:
    """Seal the whole draft."""


@dataclass(frozen=True, slots=True)
class Clear:
    """Empty the draft built so far (the decision stays open)."""


@dataclass(frozen=True, slots=True)
class Territory:
    """A step naming a territory (`verb` says which step: from, to, by, lift, air…)."""

    prefix: str
    verb: str
    territory: str


@dataclass(frozen=True, slots=True)
class Route:
    """A step naming two territories (`verb`: all, a whole attack from `source` on `target`)."""

    prefix: str
    verb: str
    source: str
    target: str


@dataclass(frozen=True, slots=True)
class Number:
    """A step naming a count or an attack id (`verb`: n, sup, to, for, order, in)."""

    prefix: str
    verb: str
    value: int


@dataclass(frozen=True, slots=True)
class Card:
    """A step naming a card instance (`verb`: card, play, flak)."""

    prefix: str
    verb: str
    card: str


@dataclass(frozen=True, slots=True)
class Word:
    """A step without argument (`word`: none, auto, stop, pass, nolift, plan, end, ground, portal)."""

    prefix: str
    word: str


@dataclass(frozen=True, slots=True)
class Zone:
    """A step naming a terrain group of territories (`verb`: fly, zone)."""

    prefix: str
    verb: str
    zone: str


@dataclass(frozen=True, slots=True)
class Cards:
    """A whole pick of cards in one action (`verb`: pick), from a 'pick k of n' menu; may be empty."""

    prefix: str
    verb: str
    cards: tuple[str, ...]


WarAction = Undo | Confirm | Clear | Route | Territory | Number | Card | Word | Zone | Cards

# prefix -> verb -> the kind of argument it takes
_TERRITORY_VERBS = {
    "plan": {"from", "to", "by"}, "def": {"from"}, "card": {"lift"}, "ret": {"to"},
    "dep": {"from", "to", "air", "all"},
}
_NUMBER_VERBS = {"plan": {"n", "sup"}, "def": {"to", "n"}, "card": {"n", "for"}, "ret": {"n"}, "dep": {"n"}}
_CARD_VERBS = {"plan": {"card"}, "card": {"play"}}
_ZONE_VERBS = {"plan": {"zone"}, "dep": {"fly"}}
_PICK_VERBS = {"card": {"pick"}, "flak": {"pick"}}
NO_CARD = "none"  # the empty pick: `card:pick:none`
ZONE_NAMES = ("plains", "swamp", "mountain", "marsh", "black")
_WORDS = {
    "plan": {"none", "ground", "portal"}, "def": {"auto"},
    "flak": {"auto"}, "order": {"plan"}, "ret": {"auto"}, "dep": {"end"}, "card": {"stop", "pass", "nolift", "weapon"},
}


def unknown(action_id: str) -> IllegalAction:
    """The refusal of an id no Phase 4 step knows."""
    return IllegalAction("That choice does not exist here; pick one from the menu.", "E_UNKNOWN_ACTION",
                         phrase=phrase("refuse.choice-does-not-exist-here"))


def _card(prefix: str, verb: str, text: str) -> Card:
    if text.partition("#")[0] not in CARDS:
        raise IllegalAction("There is no such card.", "E_UNKNOWN_CARD", phrase=phrase("refuse.there-such-card"))
    return Card(prefix, verb, text)


def _number(prefix: str, verb: str, text: str) -> Number:
    value = parse_int(text, canonical=True)
    if value is None:
        raise IllegalAction("That is not a number; pick one from the menu.", "E_BAD_COUNT",
                            phrase=phrase("refuse.not-number-pick-menu"))
    return Number(prefix, verb, value)


def parse(action_id: str) -> WarAction:
    """The typed value of a Phase 4 id; IllegalAction for an unknown id, territory, card or number."""
    if action_id == UNDO_ID:
        return Undo()
    if action_id == CONFIRM_ID:
        return Confirm()
    if action_id == CLEAR_ID:
        return Clear()
    prefix, _, rest = action_id.partition(":")
    if prefix in ("flak", "order", "in") and rest and ":" not in rest:
        # one-argument prefixes: flak:<card>, order:<attack>, in:<count>
        if rest in _WORDS.get(prefix, set()):
            return Word(prefix, rest)
        if prefix == "flak":
            return _card(prefix, "flak", rest)
        return _number(prefix, prefix, rest)
    verb, _, arg = rest.partition(":")
    if prefix == "plan" and verb == "all":
        source, _, target = arg.partition(":")
        if source not in load_board() or target not in load_board():
            raise IllegalAction("There is no such territory on the board.", "E_UNKNOWN_TERRITORY",
                                phrase=phrase("refuse.there-such-territory-board"))
        return Route(prefix, verb, source, target)
    if not arg:
        if verb in _WORDS.get(prefix, set()):
            return Word(prefix, verb)
        raise unknown(action_id)
    if verb in _TERRITORY_VERBS.get(prefix, set()):
        if arg not in load_board():
            raise IllegalAction("There is no such territory on the board.", "E_UNKNOWN_TERRITORY",
                                phrase=phrase("refuse.there-such-territory-board"))
        return Territory(prefix, verb, arg)
    if verb in _NUMBER_VERBS.get(prefix, set()):
        return _number(prefix, verb, arg)
    if verb in _CARD_VERBS.get(prefix, set()):
        return _card(prefix, verb, arg)
    if verb in _ZONE_VERBS.get(prefix, set()) and arg in ZONE_NAMES:
        return Zone(prefix, verb, arg)
    if verb in _PICK_VERBS.get(prefix, set()):
        names = () if arg == NO_CARD else tuple(arg.split(","))
        return Cards(prefix, verb, tuple(_card(prefix, verb, c).card for c in names))
    raise unknown(action_id)


def territory_id(prefix: str, verb: str, territory: str) -> str:
    """`<prefix>:<verb>:<territory>`."""
    return f"{prefix}:{verb}:{territory}"


def route_id(prefix: str, verb: str, source: str, target: str) -> str:
    """`<prefix>:<verb>:<source>:<target>`."""
    return f"{prefix}:{verb}:{source}:{target}"


def number_id(prefix: str, verb: str, value: int) -> str:
    """`<prefix>:<verb>:<value>`, or `<prefix>:<value>` for the one-argument prefixes."""
    return f"{prefix}:{value}" if verb == prefix else f"{prefix}:{verb}:{value}"


def card_id(prefix: str, verb: str, card: str) -> str:
    """`<prefix>:<verb>:<card>`, or `flak:<card>`."""
    return f"{prefix}:{card}" if prefix == "flak" else f"{prefix}:{verb}:{card}"


def pick_id(prefix: str, cards: list[str] | tuple[str, ...]) -> str:
    """`<prefix>:pick:<card>,<card>` (or `<prefix>:pick:none`)."""
    return f"{prefix}:pick:{','.join(cards) if cards else NO_CARD}"


def zone_id(prefix: str, verb: str, zone: str) -> str:
    """`<prefix>:<verb>:<zone>`."""
    return f"{prefix}:{verb}:{zone}"


def word_id(prefix: str, word: str) -> str:
    """`<prefix>:<word>`."""
    return f"{prefix}:{word}"
