"""Decisions outside activations: guild choice, designation, keep-5, reinforcement placement.

Each decision has a `*_check` (the precise refusal of a command, changing nothing) and a `*_apply`.
"""

from __future__ import annotations

from engine.associates import board, words
from engine.associates.cards import build_deck, card_name, is_listed_copy
from engine.associates.components import GUILD_DEFAULT_ORDER, GUILD_INFO, GUILDS, fig_name, guild_of
from engine.associates.context import Ctx
from engine.associates.describe import keepset_cards
from engine.associates.flow import (
    HAND_SIZE,
    continue_reinforcements,
    default_designation,
    default_keep,
    designate,
    designation_choices,
    draw_cards,
    eliminated_figs,
    place_reinforcement,
    reinforcement_zones,
    resolve_keeps,
    start_turn,
)
from engine.associates.ids import (
    AUTO_ID,
    KEEPDEFAULT_ID,
    Auto,
    Clear,
    Command,
    Confirm,
    Designate,
    Keep,
    KeepDefault,
    KeepSet,
    PickGuild,
    ReinforceFig,
    ReinforceZone,
    Undo,
)
from engine.associates.state import (
    State,
    guild_at,
    guilds_in_game,
    place_board,
    reinforcing,
    seat_order,
)
from engine.core.actions import CONFIRM_ID, UNDO_ID, Action
from engine.core.errors import IllegalAction
from engine.core.names import player_ref
from engine.core.phrases import Phrase, PlayerRef, listed, phrase

__all__ = ["AUTO_ID", "KEEPDEFAULT_ID"]


# -- guild choice (§5.3) -----------------------------------------------------------------------

def free_guilds(s: State) -> list[str]:
    """Guilds not yet taken, in 12.4 default order."""
    taken = guilds_in_game(s)
    return [g for g in GUILD_DEFAULT_ORDER if g not in taken]


def guild_legal(s: State) -> list[Action]:
    """'guild:<g>' for every free guild."""
    return [guild_action(g) for g in free_guilds(s)]


# R-A28: at two players the rules advise that exactly one of these two guilds plays (advice, not enforced).
DUEL_PAIR: tuple[str, str] = ("thieves", "brigands")


def guild_prompt(s: State) -> tuple[str, Phrase]:
    """What the guild choice asks, in English and as a phrase: at two players with the pairing advice (R-A28)
    said once for the choice as it stands, not repeated on every guild's button."""
    if s.n != 2:
        return "Choose your guild.", phrase("prompt.guild")
    taken = [g for g in DUEL_PAIR if g in guilds_in_game(s)]
    if taken:
        held = taken[0]
        other = DUEL_PAIR[1 - DUEL_PAIR.index(held)]
        return (f"Choose your guild. The {GUILD_INFO[held]['title']} are in play: with two players the rules advise "
                f"against also taking the {GUILD_INFO[other]['title']}.",
                phrase("prompt.guild-duel-not-both", taken=words.guild(held), other=words.guild(other)))
    if guilds_in_game(s):
        return ("Choose your guild. With two players the rules advise you take the Thieves or the Brigands.",
                phrase("prompt.guild-duel-take-one"))
    return ("Choose your guild. With two players the rules advise that exactly one of you plays the Thieves or "
            "the Brigands.", phrase("prompt.guild-duel-one-of-you"))


def guild_action(g: str) -> Action:
    """'guild:<g>' without the two-player advice (as the phase's timeout plays it)."""
    return Action(f"guild:{g}", f"Play the {GUILD_INFO[g]['title']}", phrase("label.pick-guild", guild=words.guild(g)))


def guild_check(s: State, cmd: Command) -> str:
    """The free guild `cmd` takes, or the §17 refusal."""
    g = cmd.guild if isinstance(cmd, PickGuild) else ""
    if g not in GUILDS:
        raise IllegalAction("Unknown guild: choose the Artisans, Brigands, Thieves or Usurers.", "E_UNKNOWN_GUILD",
                            phrase=phrase("refusal.unknown-guild-choose"))
    if g not in free_guilds(s):
        free = ", ".join(str(GUILD_INFO[f]["title"]) for f in free_guilds(s))
        raise IllegalAction(f"The {GUILD_INFO[g]['title']} are taken; free: {free}.",
                            "E_GUILD_TAKEN", phrase=phrase("refusal.guild-taken", guild=words.guild(g),
                                                           free=listed(words.guild(f) for f in free_guilds(s))))
    return g


def guild_apply(ctx: Ctx, seat: int, cmd: Command) -> None:
    """Take a guild; after the last choice, set up the board and decks and start turn 1."""
    s = ctx.s
    g = guild_check(s, cmd)
    s.players[seat].guild = g
    # the front end fills the player placeholder with the person's name
    ctx.say(f"{player_ref(seat)} plays the {GUILD_INFO[g]['title']}.", "guild",
            phrase=phrase("choice.guild", player=PlayerRef(seat, side=False), guild=words.guild(g)), seat=seat,
            guild=g)
    if len(guilds_in_game(s)) < s.n:
        s.guild_picker = (seat + 1) % s.n
        return
    s.guild_picker = None
    place_board(s)
    for sp in seat_order(s):
        p = s.players[sp]
        g = guild_at(s, sp)
        p.deck = build_deck(g, s.options.mode)
        ctx.rng.shuffle(p.deck)
        ctx.say(f"The {GUILD_INFO[g]['title']} shuffle their deck.", "shuffle",
                phrase=phrase("deck.shuffled", guild=words.guild(g)), seat=sp, cards=len(p.deck))
        draw_cards(ctx, sp, HAND_SIZE)
        p.drawn = []
    start_turn(ctx)


# -- designation (§6.1, §13.4) -----------------------------------------------------------------

def designate_legal(s: State) -> list[Action]:
    """'designate:<g>' for each adverse guild."""
    return [Action(f"designate:{g}", f"Designate the {GUILD_INFO[g]['title']}",
                   phrase("label.designate", guild=words.guild(g))) for g in designation_choices(s)]


def designate_check(s: State, cmd: Command) -> str:
    """The guild `cmd` designates, or the §17.15 refusal."""
    g = cmd.guild if isinstance(cmd, Designate) else ""
    if g == "usurers":
        raise IllegalAction("The Usurers cannot designate themselves.", "E_BAD_DESIGNATION",
                            phrase=phrase("refusal.usurers-cannot-designate"))
    if g not in designation_choices(s):
        raise IllegalAction("Designate a guild in the game other than the Usurers (never the neutral lair): "
                            + ", ".join(str(GUILD_INFO[g]["title"]) for g in designation_choices(s)) + ".",
                            "E_BAD_DESIGNATION",
                            phrase=phrase("refusal.bad-designation",
                                          guilds=listed(words.guild(g) for g in designation_choices(s))))
    return g


def designate_apply(ctx: Ctx, cmd: Command) -> None:
    """Designate, or reject (§17.15)."""
    designate(ctx, designate_check(ctx.s, cmd))


def designate_default(s: State) -> str:
    """The 12.4 default designation id."""
    return f"designate:{default_designation(s)}"


# -- keep 5 (§6.4 step 3) ----------------------------------------------------------------------

def keep_legal(s: State, seat: int) -> list[Action]:
    """'keep:<card>' one at a time until 5, then confirm; 'keepdefault' always."""
    p = s.players[seat]
    kept = p.keeping().kept
    out = [Action(KEEPDEFAULT_ID, "Keep the default five (held cards first)", phrase("label.keep-default"))]
    if len(kept) < HAND_SIZE:
        seen: set[str] = set()
        for c in p.hand:
            if c not in kept and card_name(c) not in seen:
                seen.add(card_name(c))  # G-1: copies are identical, offer one per name
                out.append(Action(f"keep:{c}", f"Keep {card_name(c)}", phrase("label.keep", card=words.card(c))))
    else:
        out.append(Action(CONFIRM_ID, "Confirm these five cards", phrase("label.confirm-keep")))
    if kept:
        out.append(Action(UNDO_ID, "Undo the last kept card", phrase("label.undo-keep")))
    return out


def keep_check(s: State, seat: int, cmd: Command) -> None:
    """The §17.16 refusal of a keep-5 step, if any."""
    p = s.players[seat]
    kept = p.keeping().kept
    match cmd:
        case KeepDefault():
            return
        case KeepSet(positions):
            keepset_cards(s, seat, positions)
        case Confirm():
            if len(kept) != HAND_SIZE:
                raise IllegalAction(f"Keep exactly {HAND_SIZE} cards (you chose {len(kept)}).", "E_KEEP_COUNT",
                                    phrase=phrase("refusal.keep-exactly", n=HAND_SIZE, chose=len(kept)))
        case Undo() | Clear():
            if not kept:
                raise IllegalAction("Nothing to undo.", "E_NOTHING_TO_UNDO", phrase=phrase("refusal.nothing-undo"))
        case Keep(c):
            if c not in p.hand or c in kept:
                raise IllegalAction("That card is not in your hand (or already kept).", "E_CARD_NOT_IN_HAND",
                                    phrase=phrase("refusal.card-not-hand-already"))
            if len(kept) >= HAND_SIZE:
                raise IllegalAction(f"You already keep {HAND_SIZE} cards: confirm or undo.", "E_KEEP_COUNT",
                                    phrase=phrase("refusal.already-keep", n=HAND_SIZE))
            if not is_listed_copy([h for h in p.hand if h not in kept], c):
                raise IllegalAction(f"Keep {card_name(c)} with the listed choice (its copies are identical).",
                                    "E_UNKNOWN_ACTION", phrase=phrase("refusal.keep-listed-copy", card=words.card(c)))
        case _:
            raise IllegalAction("Choose cards to keep, then confirm.", "E_UNKNOWN_ACTION",
                                phrase=phrase("refusal.choose-cards-keep"))


def keep_apply(ctx: Ctx, seat: int, cmd: Command) -> None:
    """One keep-5 step; resolve once every player is done (§17.16)."""
    s = ctx.s
    keep_check(s, seat, cmd)
    k = s.players[seat].keeping()
    match cmd:
        case KeepDefault():
            k.kept = default_keep(s, seat)
        case KeepSet(positions):  # the whole keep-5 in one typed order (one multi-pick)
            k.kept = keepset_cards(s, seat, positions)
        case Undo():
            k.kept.pop()
            return
        case Clear():
            k.kept.clear()
            return
        case Keep(c):
            k.kept.append(c)
            return
    k.done = True
    ctx.tell(seat, "Your five cards are set.", "keep", phrase=phrase("keep.set"))
    if all(pl.keep is None or pl.keep.done for pl in s.players):
        resolve_keeps(ctx)


def keep_pending(s: State) -> list[int]:
    """Seats that still must choose their five cards."""
    return [i for i in seat_order(s) if (k := s.players[i].keep) is not None and not k.done]


# -- reinforcements (§6.4 step 4) --------------------------------------------------------------

def auto_action() -> Action:
    """'auto': place the reinforcements by default (12.4), as the step and its timeout offer it."""
    return Action(AUTO_ID, "Place by default", phrase("label.place-default"))


def reinforce_legal(s: State) -> list[Action]:
    """Choose the figurine, then the zone; 'auto' is the 12.4 default."""
    r = reinforcing(s)
    seat = r.chooser()
    out = [auto_action()]
    if r.fig is None:
        out += [Action(f"rfig:{f}", f"Place {fig_name(f)}", phrase("label.place", figurine=words.figurine(f)))
                for f in eliminated_figs(s, seat)]
    else:
        g = guild_of(r.fig)
        out += [Action(f"rzone:{z}", f"On {board.zone_name(z)}", phrase("label.on-zone", zone=words.zone(z)))
                for z in reinforcement_zones(s, g)]
        out.append(Action(UNDO_ID, "Choose another figurine", phrase("label.other-figurine")))
    return out


def reinforce_check(s: State, seat: int, cmd: Command) -> None:
    """The §17.17 refusal of a reinforcement step, if any."""
    chosen = reinforcing(s).fig
    match cmd:
        case Auto():
            return
        case Undo() if chosen is not None:
            return
        case ReinforceFig(fig) if chosen is None:
            if fig not in eliminated_figs(s, seat):
                raise IllegalAction("Choose one of your eliminated figurines.", "E_UNKNOWN_FIGURINE",
                                    phrase=phrase("refusal.choose-one-eliminated"))
            return
        case ReinforceZone(zone) if chosen is not None:
            if not board.is_zone(zone):
                raise IllegalAction("Unknown zone.", "E_UNKNOWN_ZONE", phrase=phrase("refusal.unknown-zone"))
            if zone not in reinforcement_zones(s, guild_of(chosen)):
                raise IllegalAction("A reinforcement goes on a plain or on a zone your guild controls.",
                                    "E_BAD_REINFORCEMENT", phrase=phrase("refusal.reinforcement-goes-plain"))
            return
    raise IllegalAction("Choose an eliminated figurine, then a plain or controlled zone.", "E_UNKNOWN_ACTION",
                        phrase=phrase("refusal.choose-eliminated-figurine"))


def reinforce_apply(ctx: Ctx, seat: int, cmd: Command) -> None:
    """A reinforcement step (§17.17)."""
    s = ctx.s
    reinforce_check(s, seat, cmd)
    r = reinforcing(s)
    match cmd:
        case Undo():
            r.fig = None
            return
        case ReinforceFig(fig):
            r.fig = fig
            return
        case ReinforceZone(zone):
            assert r.fig is not None, "reinforce_check let a zone through before a figurine"
            fig = r.fig
        case _:  # Auto
            fig = r.fig or eliminated_figs(s, seat)[0]
            zone = reinforcement_zones(s, guild_of(fig))[0]
    r.fig = None
    r.seat = None
    r.pos += 1
    place_reinforcement(ctx, fig, zone)
    continue_reinforcements(ctx)
