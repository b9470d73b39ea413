"""Game creation: options, which clans play, who plays them, first seat, the objective deal (spec §4, §9.1)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.core.errors import IllegalAction
from engine.core.events import Event, private_event, public_event
from engine.core.names import player_ref
from engine.core.options import OptionSpec, validate_options
from engine.core.phrases import Phrase, PlayerRef, listed, phrase
from engine.core.rng import Rng
from engine.vendetta import words
from engine.vendetta.board import load_board
from engine.vendetta.clans import CLANS, TOKEN_TYPES
from engine.vendetta.objectives import CARDS, NEUTRAL_IDS, clan_card_ids
from engine.vendetta.state import PHASE_OBJECTIVES, VendettaState

NEUTRALS_PER_SEAT = 3


def option_specs() -> list[OptionSpec]:
    """The creation options of §4.1 that the engine needs (the turn timer belongs to the host)."""
    return [
        OptionSpec("scoring", "choice", "basic", "basic: first to complete wins; advanced: points decide.",
                   choices=("basic", "advanced"), label="Scoring",
                   value_words=(("basic", "the first to complete their objectives wins; if nobody has by the round "
                                          "limit, points decide."),
                                ("advanced", "the game is won on points: 20 for each objective completed, "
                                             "plus spare gnome tokens and food."))),
        OptionSpec("clans_per_player", "int", None, "2-player game only: clans each player controls (default 2).",
                   choices=(2, 3), label="Clans each", explain="in a 2-player game, each player leads {value} clans."),
        OptionSpec("objectives_kept", "int", None,
                   "Objectives each clan keeps (default: 3 with up to 4 clans, 2 with 5-6).", minimum=2, maximum=5,
                   label="Objectives kept", explain="each clan keeps {value} of the objectives it is dealt."),
        OptionSpec("round_limit", "int", 30, "The game ends after this round at the latest.", minimum=10, maximum=60,
                   label="Round limit", explain="the game ends after round {value} at the latest."),
    ]


def resolve_options(players: int, options: dict[str, Any] | None) -> dict[str, Any]:
    """Checked options with defaults filled in; IllegalAction E_SETUP when invalid."""
    if not 2 <= players <= 6:  # R-V32
        raise IllegalAction("Violent Vendetta needs 2 to 6 players.", "E_SETUP", phrase("refuse.needs-2-to-6"))
    try:
        opts = validate_options(option_specs(), options)
    except IllegalAction as exc:
        raise IllegalAction(exc.message, "E_SETUP", exc.phrase) from None
    if players > 2 and opts["clans_per_player"] is not None:
        raise IllegalAction("clans_per_player is only for 2-player games.", "E_SETUP",
                            phrase("refuse.clans-per-player-two"))
    if players == 2:
        opts["clans_per_player"] = opts["clans_per_player"] or 2
        opts["scoring"] = "advanced"  # R-V31: the 2-player variant always scores advanced
    else:
        opts["clans_per_player"] = 1
    n_clans = players * opts["clans_per_player"]
    if opts["objectives_kept"] is None:
        opts["objectives_kept"] = 3 if n_clans <= 4 else 2  # R-V25
    return opts


def new_state(
    players: int,
    seed: int,
    options: dict[str, Any] | None = None,
    *,
    home_set_index: int | None = None,
    first_seat: str | None = None,
) -> VendettaState:
    """A game in its objective-choice phase; home set and first seat may be fixed for tests."""
    opts = resolve_options(players, options)
    board = load_board()
    rng = Rng.from_seed(seed)
    events: list[Event] = []
    n_clans = players * opts["clans_per_player"]
    sets = board.home_sets[n_clans]
    if home_set_index is None:
        home_set_index = rng.randbelow(len(sets))  # R-V15
    homes = set(sets[home_set_index])
    seats = [c for c in CLANS.values() if c.home in homes]
    seats.sort(key=lambda c: c.seat_index)  # R-V14
    seat_ids = [c.id for c in seats]
    events.append(public_event(
        "Clans in play, clockwise: " + ", ".join(CLANS[c].name for c in seat_ids) + ".",
        "reveal", clans=seat_ids, home_set=home_set_index,
    ))
    owner: dict[str, int] = {}
    if players == 2:
        start = rng.randbelow(2)  # R-V31: alternate seats, starting with a random user
        for i, c in enumerate(seat_ids):
            owner[c] = (start + i) % 2
    else:
        shuffled = list(seat_ids)
        rng.shuffle(shuffled)
        owner = {c: p for p, c in enumerate(shuffled)}
    # Each player once, with their clans in seat order: with two players each plays two clans.
    clans_of: dict[int, list[str]] = {}
    for c in seat_ids:
        clans_of.setdefault(owner[c], []).append(CLANS[c].name)
    events.append(public_event(
        # the front end fills the player placeholders with names
        "; ".join(f"{player_ref(p)} plays {' and '.join(names)}" for p, names in clans_of.items()) + ".",
        "reveal", owner=dict(owner),
    ))
    if first_seat is None:
        first_seat = seat_ids[rng.randbelow(len(seat_ids))]
    events.append(public_event(f"{CLANS[first_seat].name} takes the first-player token.", "reveal",
                               first_seat=first_seat))
    deck = list(NEUTRAL_IDS)
    rng.shuffle(deck)
    offered: dict[str, list[str]] = {}
    for i, c in enumerate(seat_ids):
        neutrals = deck[i * NEUTRALS_PER_SEAT:(i + 1) * NEUTRALS_PER_SEAT]
        offered[c] = clan_card_ids(c) + sorted(neutrals)
        cards = "; ".join(f"{CARDS[cid].name} ({CARDS[cid].requirement()})" for cid in offered[c])
        events.append(private_event(owner[c], f"{CLANS[c].name} is offered: {cards}.", "deal",
                                    clan=c, offered=list(offered[c])))
    events.append(public_event(
        f"Each clan is dealt 8 objectives and secretly keeps {opts['objectives_kept']}.", "deal",
    ))
    return VendettaState(
        players=players,
        seed=seed,
        rng=rng.state,
        scoring=opts["scoring"],
        clans_per_player=opts["clans_per_player"],
        objectives_kept=opts["objectives_kept"],
        round_limit=opts["round_limit"],
        seats=seat_ids,
        owner=owner,
        first_seat=first_seat,
        phase=PHASE_OBJECTIVES,
        reserve={c: CLANS[c].gnomes for c in seat_ids},  # R-V8: everything starts in reserve
        board={},
        tokens={c: dict.fromkeys(TOKEN_TYPES, 0) for c in seat_ids},
        offered=offered,
        setup_events=[e.to_json() for e in events],
    )


def setup_phrase(event: Mapping[str, Any], state: VendettaState) -> Phrase | None:
    """What a stored setup event says, derived from its data: the snapshot keeps these events as they were first
    written, so their words are read from the data rather than stored beside it (an older snapshot reads the same)."""
    data = event.get("data", {})
    if "clans" in data:
        return phrase("setup.clans", clans=listed(words.clan(c) for c in data["clans"]))
    if "owner" in data:
        clans_of: dict[int, list[str]] = {}
        for c in state.seats:
            clans_of.setdefault(int(data["owner"][c]), []).append(c)
        return phrase("setup.seating", seats=listed(
            (phrase("setup.plays", player=PlayerRef(p, side=False), clans=listed(map(words.clan, cs), "and"))
             for p, cs in clans_of.items()), "semicolon"))
    if "first_seat" in data:
        return phrase("setup.first", clan=words.clan(data["first_seat"]))
    if "offered" in data:
        return phrase("setup.offered", clan=words.clan(data["clan"]),
                      cards=listed(map(words.offered_card, data["offered"]), "semicolon"))
    if event.get("kind") == "deal":
        return phrase("setup.dealt", kept=state.objectives_kept)
    return None
