"""Game creation (spec §2-3): options, seats, the deck with Gnompax, tribes, starting armies, turboGnom."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from engine.core.errors import IllegalAction
from engine.core.events import Event, private_event, public_event
from engine.core.names import player_ref
from engine.core.options import OptionSpec, validate_options
from engine.core.phrases import Phrase, PlayerRef, listed, phrase
from engine.core.rng import Rng
from engine.tribes import phases, words
from engine.tribes.board import load_board
from engine.tribes.cards import EXCHANGE, GNOMPAX, SUPER_BINGO, card_name, card_of, instances_without_gnompax
from engine.tribes.common import DIAGONAL, side, side_start
from engine.tribes.income import income_said
from engine.tribes.state import Area, Options, Player, TribesState

GNOMPAX_CARD = f"{GNOMPAX}#1"
START_ARMIES = 3  # R-T9
TURBO_ARMIES = 3  # on each territory next to the city (§3)
UNDER_PILE = 10  # cards taken off the top to hide Gnompax among the last 11 (R-T10)
SUPER_BINGO_GG = 20  # R-T6


def option_specs() -> list[OptionSpec]:
    """The table options of §3, §14, R-T44 and §15.1 (the decision timer is the host's, see timeout_rules)."""
    return [
        OptionSpec("turbo", "bool", False,
                   "turboGnom: start with 12 armies and a card; spy and assassinate on turn 1.",
                   label="Turbo start",
                   explain="when on, everyone starts with 12 armies and a card, and may spy and assassinate "
                           "from turn 1."),
        OptionSpec("escargnom", "bool", False, "escarGnom: Gnompax is the very last card of the deck.",
                   label="Late Gnompax", explain="when on, Gnompax is the very last card of the deck."),
        OptionSpec("gnomicide", "bool", False, "Gnomicide: card and home bonuses count once per army.",
                   label="Gnomicide", explain="when on, card and home bonuses count once per army."),
        OptionSpec("gnompax_cap", "int", 30, "Gnompax is forced out after the research of this turn (20 to 60).",
                   minimum=20, maximum=60, label="Gnompax by turn",
                   explain="Gnompax comes out after the research of turn {value} at the latest."),
        OptionSpec("tribe_pick", "choice", "join", "join: players pick tribes in join order; random: drawn.",
                   choices=("join", "random"), label="Tribe choice",
                   value_words=(("join", "players pick their tribes in the order they joined."),
                                ("random", "each player's tribe is drawn at random."))),
    ]


def resolve_options(players: int, options: dict[str, Any] | None) -> Options:
    """Checked options as the engine's Options; IllegalAction E_SETUP for a bad count or value."""
    if not isinstance(players, int) or not 2 <= players <= 4:  # R-T7
        raise IllegalAction("Gnome Tribes seats 2 to 4 players.", "E_PLAYER_COUNT",
                            phrase=phrase("refuse.seats-2-to-4"))
    try:
        opts = validate_options(option_specs(), options)
    except IllegalAction as exc:
        raise IllegalAction(exc.message, "E_SETUP", phrase=exc.phrase) from None
    return Options(turbo=bool(opts["turbo"]), escargnom=bool(opts["escargnom"]), gnomicide=bool(opts["gnomicide"]),
                   gnompax_cap=int(opts["gnompax_cap"]), tribe_pick=str(opts["tribe_pick"]))


def build_deck(rng: Rng, escargnom: bool) -> list[str]:
    """The 44-card deck, top first: Gnompax among the last 11 (R-T10), or last with escarGnom."""
    cards = instances_without_gnompax()
    rng.shuffle(cards)
    if escargnom:
        return [*cards, GNOMPAX_CARD]
    small = [*cards[:UNDER_PILE], GNOMPAX_CARD]
    rng.shuffle(small)
    return cards[UNDER_PILE:] + small


def tribe_choices(state: TribesState) -> list[str]:
    """The tribes the next picker may take: free ones, only the diagonal partner in a 2-player game (§2)."""
    board = load_board()
    taken = [p.tribe for p in state.players if p.tribe]
    free = [t for t in board.tribe_order if t not in taken]
    if state.player_count == 2 and taken:
        free = [t for t in free if t == DIAGONAL[taken[0]]]  # R-T7
    return free


def next_picker(state: TribesState) -> int | None:
    """The player who picks a tribe now (join order), or None when every tribe is chosen."""
    for i, p in enumerate(state.players):
        if not p.tribe:
            return i
    return None


def new_state(players: int, seed: int, options: dict[str, Any] | None = None) -> TribesState:
    """A new game: seats and deck drawn; tribes drawn too with `tribe_pick` random, else the pick starts."""
    opts = resolve_options(players, options)
    rng = Rng.from_seed(seed)
    board = load_board()
    seat_order = list(range(players))
    rng.shuffle(seat_order)  # R-T8
    deck = build_deck(rng, opts.escargnom)
    tribes = [""] * players
    if opts.tribe_pick == "random":
        if players == 2:
            pair = [("plains", "marsh"), ("mountain", "swamp")][rng.randbelow(2)]
            order = list(pair)
            rng.shuffle(order)
            tribes = order
        else:
            tribes = rng.sample(list(board.tribe_order), players)
    state = TribesState(
        player_count=players, seed=seed, rng=rng.state, options=opts,
        players=[Player(tribe=t) for t in tribes], seat_order=seat_order,
        areas={t: Area() for t in board.order}, deck=deck, phase=phases.TRIBE,
    )
    events: list[Event] = [
        public_event("Seat order, drawn at random: " + ", then ".join(player_ref(p) for p in seat_order)
                     + ". The first seat starts turn 1; the start moves one seat on every turn.",
                     "shuffle", seat_order=list(seat_order)),
        public_event("The 44 invention cards are shuffled"
                     + (", with Gnompax at the very bottom." if opts.escargnom
                        else "; Gnompax hides somewhere among the last 11."),
                     "shuffle"),
    ]
    if opts.tribe_pick == "random":
        events.append(public_event(
            "Tribes, drawn at random: "
            + "; ".join(f"{player_ref(p)} plays {side(state, p)}" for p in seat_order) + ".",
            "reveal", tribes=list(tribes)))
        finish_setup(state, events)
    else:
        events.append(public_event(f"{player_ref(0)} picks a tribe first; the others follow in the order they joined.",
                                   "info"))
    state.setup_events = stored(events)
    return state


def stored(events: list[Event]) -> list[dict[str, Any]]:
    """Setup events as the snapshot keeps them: without their phrase, which `setup_phrase` derives when they are
    read, so that every snapshot, older than phrases or not, stores and reads its setup the same way."""
    return [replace(e, phrase=None).to_json() for e in events]


def setup_phrase(event: Mapping[str, Any], state: TribesState) -> Phrase | None:
    """What a stored setup event says, derived from its data (and, for the turboGnom deal, whose three public
    lines carry the same data, from its English text, which never changes once stored); None for anything else."""
    data = event.get("data", {})
    kind = event.get("kind")
    text = str(event.get("text", ""))
    if "seat_order" in data:
        return phrase("setup.seat-order", seats=words.then([PlayerRef(int(p)) for p in data["seat_order"]]))
    if kind == "shuffle":
        return phrase("setup.shuffled-last") if state.options.escargnom else phrase("setup.shuffled")
    if "tribes" in data:
        return phrase("setup.tribes-drawn", seats=listed(
            (phrase("setup.plays", player=PlayerRef(p, side=False), tribe=words.tribe_named(data["tribes"][p]))
             for p in state.seat_order), "semicolon"))
    if kind == "income":
        return income_said(state, int(data["turn"]), {int(p): int(n) for p, n in data["income"].items()})
    if kind == "deal" and "card" in data:
        return phrase("deal.card", card=words.card(str(data["card"])))
    if kind == "deal" and "player" in data:
        player = int(data["player"])
        return _deal_said(state, player, next((c for c in (SUPER_BINGO, EXCHANGE) if card_name(c) in text), None))
    if kind == "info" and "picks a tribe first" in text:
        return phrase("setup.picks-first", player=PlayerRef(0))
    return None


def pick_tribe(state: TribesState, player: int, tribe: str, events: list[Event]) -> None:
    """Record `player`'s tribe (validated by the caller); set up the board once the last tribe is chosen."""
    state.players[player].tribe = tribe
    events.append(public_event(f"{player_ref(player)} plays {side(state, player)}.", "info",
                               phrase=phrase("setup.chooses", player=PlayerRef(player, side=False),
                                             tribe=words.tribe_named(tribe)),
                               player=player, tribe=tribe))
    if next_picker(state) is None:
        finish_setup(state, events)


def finish_setup(state: TribesState, events: list[Event]) -> None:
    """Starting armies and cities (§3 step 2), the turboGnom deal (R-T10), then turn 1 begins with its income."""
    board = load_board()
    for player, p in enumerate(state.players):
        city = board.city_of(p.tribe)
        state.areas[city] = _held(player, START_ARMIES)
        if state.options.turbo:
            for t in board.adjacent(city):
                state.areas[t] = _held(player, TURBO_ARMIES)
    # unused tribes' cities stay free: neutral cities (§2)
    if state.options.turbo:
        for player in state.seat_order:
            _deal(state, player, events)
    state.phase = phases.INCOME


def _held(player: int, armies: int) -> Area:
    return Area(controller=player, armies=armies, moved=0)


def _deal(state: TribesState, player: int, events: list[Event]) -> None:
    """turboGnom's deal of one card; dealt GnomGag resolve at once, no VP (§3, R-T10)."""
    card = state.deck.pop(0)
    kind = card_of(card).id
    if kind == SUPER_BINGO:
        state.players[player].purse += SUPER_BINGO_GG
        state.discard.append(card)
        events.append(public_event(f"{side_start(state, player)} are dealt Super Bingo and take 20 GG from the bank.",
                                   "deal", phrase=_deal_said(state, player, kind), player=player))
    elif kind == EXCHANGE:
        state.discard.append(card)
        events.append(public_event(f"{side_start(state, player)} are dealt Gnom'But (Exchange): every score is 0, "
                                   "so it has no effect and is discarded.", "deal",
                                   phrase=_deal_said(state, player, kind), player=player))
    else:
        state.players[player].hand.append(card)
        events.append(private_event(player, f"You are dealt {card_name(card)}.", "deal",
                                    phrase=phrase("deal.card", card=words.card(card)), card=card))
        events.append(public_event(f"{side_start(state, player)} are dealt one card.", "deal",
                                   phrase=_deal_said(state, player, None), player=player))


def _deal_said(state: TribesState, player: int, gag: str | None) -> Phrase:
    """The public line of a turboGnom deal: Super Bingo, Gnom'But (Exchange), or (None) one hidden card."""
    tribe = words.tribe(state, player)
    if gag == SUPER_BINGO:
        return phrase("deal.super-bingo", tribe=tribe, gold=SUPER_BINGO_GG)
    if gag == EXCHANGE:
        return phrase("deal.exchange", tribe=tribe)
    return phrase("deal.one-card", tribe=tribe)
