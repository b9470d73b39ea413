"""The turn state machine of §6: turn start, activation visits, turn-end check, end of turn."""

from __future__ import annotations

from engine.associates import board, words
from engine.associates.cards import card_guild, card_name
from engine.associates.components import GUILD_INFO, fig_name, guild_of, guild_title
from engine.associates.context import Ctx
from engine.associates.state import (
    Active,
    Effects,
    Ended,
    KeepChoice,
    Reinforce,
    State,
    controls,
    effective_terrain,
    figs_of,
    guild_at,
    guild_threshold,
    guilds_in_game,
    in_play,
    lair_intact,
    reinforcing,
    seat_of,
    seat_order,
)
from engine.core.phrases import listed, phrase
from engine.core.words import each_once

HAND_SIZE = 5


def activatable(s: State, fig: str) -> bool:
    """In play and not yet activated (§6.2); Pumpkin marks a figurine activated (§11.3)."""
    f = s.figs[fig]
    return f.zone is not None and not f.activated


def activatable_figs(s: State, seat: int) -> list[str]:
    """The seat's activatable figurines in roster order."""
    return [f for f in figs_of(s, guild_at(s, seat)) if activatable(s, f)]


def visited_seat(s: State) -> int:
    """The seat currently visited in the activation phase."""
    return seat_order(s)[s.visit]


# -- TURN_START -------------------------------------------------------------------------------

def start_turn(ctx: Ctx) -> None:
    """§6.1: reset flags, then the Usurers' designation (automatic with 2 players)."""
    s = ctx.s
    for f in s.figs.values():
        f.activated = False
        f.malin_used = False
        f.eliminated_this_turn = False
    s.debts_counted = []
    ctx.say(f"Turn {s.turn} begins; the {guild_title(guild_at(s, s.first_player))} play first.", "turn",
            phrase=phrase("turn.begins", turn=s.turn, guild=words.guild(guild_at(s, s.first_player))),
            turn=s.turn, first_player=s.first_player)
    seat = seat_of(s, "usurers")
    if seat is not None:
        options = designation_choices(s)
        if len(options) == 1:
            designate(ctx, options[0])
            return
        s.phase = "designate"
        return
    begin_activations(ctx)


def designation_choices(s: State) -> list[str]:
    """13.4: guilds in the game other than the Usurers (never the neutral lair), seat order."""
    return [g for g in guilds_in_game(s) if g != "usurers"]


def default_designation(s: State) -> str:
    """12.4: last turn's designation, else the first adverse guild clockwise from the Usurers."""
    seat = seat_of(s, "usurers")
    assert seat is not None
    last = s.players[seat].last_designated
    if last in designation_choices(s):
        return str(last)
    n = s.n
    return guild_at(s, (seat + 1) % n)


def designate(ctx: Ctx, guild: str) -> None:
    """Record the Usurers' public designation for this turn and start the activations."""
    s = ctx.s
    seat = seat_of(s, "usurers")
    assert seat is not None
    s.players[seat].designated = guild
    s.players[seat].last_designated = guild
    ctx.say(f"The Usurers designate the {GUILD_INFO[guild]['title']} this turn.", "designation",
            phrase=phrase("turn.designation", usurers=words.guild("usurers"), guild=words.guild(guild)), guild=guild)
    begin_activations(ctx)


# -- ACTIVATION_PHASES ------------------------------------------------------------------------

def begin_activations(ctx: Ctx) -> None:
    """Start the first activation phase of the turn."""
    ctx.s.phase = "activation"
    advance_visit(ctx, 0)


def advance_visit(ctx: Ctx, start_pos: int) -> None:
    """Visit the next seat (from position start_pos, wrapping into a new phase) that can activate."""
    s = ctx.s
    order = seat_order(s)
    n = s.n
    for k in range(start_pos, start_pos + n):
        pos = k % n
        if activatable_figs(s, order[pos]):  # R-A50: a seat with nothing to activate is skipped
            s.visit = pos
            return
    turn_end_check(ctx)


def open_activation(ctx: Ctx, fig: str) -> None:
    """The visited player names a figurine: it gets 2 actions (§6.2)."""
    s = ctx.s
    s.active = Active(fig=fig, player=visited_seat(s), actions=2)
    s.ransom = None
    title = guild_title(guild_at(s, visited_seat(s)))
    ctx.say(f"The {title} activate their {fig_name(fig).removeprefix(title + ' ')}.", "activate",
            phrase=phrase("activation.opens", guild=words.guild(guild_at(s, visited_seat(s))),
                          figurine=words.member(fig)), figurine=fig)


def close_activation(ctx: Ctx, *, eliminated: bool = False) -> None:
    """The activation ends (`eliminated`: because its figurine was): the figurine is activated, unused actions are
    lost."""
    s = ctx.s
    active = s.active
    if active is None:
        return
    s.figs[active.fig].activated = True
    s.active = None
    s.draft = None
    s.ransom = None
    why = "is eliminated; its activation ends" if eliminated else "ends its activation"
    said = (phrase("activation.eliminated", figurine=words.figurine(active.fig)) if eliminated
            else phrase("activation.ends", figurine=words.figurine(active.fig)))
    ctx.say(f"{fig_name(active.fig)} {why}.", "activation_end", phrase=said, figurine=active.fig)
    advance_visit(ctx, s.visit + 1)


# -- TURN_END_CHECK ---------------------------------------------------------------------------

def turn_end_check(ctx: Ctx) -> None:
    """§6.3 / R-A41: end the game or run the end-of-turn sequence."""
    s = ctx.s
    reached = [p.guild for p in s.players if p.guild and p.objectives >= guild_threshold(s, p.guild)]
    if reached:
        s.phase = "over"
        s.ended = Ended(reason="mission", guilds=reached)
        who = " and the ".join(guild_title(g) for g in reached)
        # "The Artisans and the Brigands": the sentence says the first "The", each later guild its own "the".
        later = (phrase("end.later-guild", guild=words.guild(g)) for g in reached[1:])
        guilds = listed([words.guild(reached[0]), *later], "and")
        ctx.say(f"The {who} reached their main mission: the game ends.", "game_over",
                phrase=phrase("end.mission", guilds=guilds), reason="mission")
        return
    if s.turn >= s.options.turn_cap:
        s.phase = "over"
        s.ended = Ended(reason="turn_cap", guilds=[])
        ctx.say(f"Turn {s.options.turn_cap}, the last one, is over: the game ends.", "game_over",
                phrase=phrase("end.turn-cap", turn=s.options.turn_cap), reason="turn_cap")
        return
    end_of_turn(ctx)


# -- END_OF_TURN ------------------------------------------------------------------------------

def discard_played(ctx: Ctx) -> None:
    """§6.4 step 1 (R-A33, R-A51): played cards to discard piles, red tokens back to the supply."""
    s = ctx.s
    for card in s.played:
        seat = seat_of(s, card_guild(card))
        assert seat is not None
        s.players[seat].discard.append(card)
    s.played = []
    for f in s.figs.values():
        if f.rooted:
            f.rooted = False
            s.supply["root"] += 1
        if f.pumpkin:
            f.pumpkin = False
            s.supply["pumpkin"] += 1
    for z in s.zones.values():
        if z.storm is not None:
            z.storm = None
            s.supply["storm"] += 1
    s.effects = Effects()


def gold_to_lairs(ctx: Ctx) -> None:
    """§6.4 step 2 (R-A19): carried gold into intact lairs, then Bank interest."""
    s = ctx.s
    for g in guilds_in_game(s):
        if not lair_intact(s, g):
            continue  # R-A19: no lair, gold stays on the figurines
        safe = s.lairs[g].safe
        moved = 0
        for f in figs_of(s, g):
            if in_play(s, f):
                moved += s.figs[f].treasure["gold"]
                s.figs[f].treasure["gold"] = 0
        safe["gold"] += moved
        if moved:
            ctx.say(f"{GUILD_INFO[g]['title']}: {moved} GP carried into the lair safe.", "gold",
                    phrase=phrase("gold.carried", n=moved, guild=words.guild(g)), guild=g, gold=moved)
        if s.lairs[g].bank_token:
            interest = min(2, safe["gold"] // 5)
            if interest:
                safe["gold"] += interest
                s.gold_minted += interest
                ctx.say(f"Bank interest: +{interest} GP in the {GUILD_INFO[g]['title']} safe.", "gold",
                        phrase=phrase("gold.interest", gold=interest, guild=words.guild(g)), guild=g, gold=interest)


def draw_cards(ctx: Ctx, seat: int, count: int) -> list[str]:
    """Draw up to `count` cards one at a time, reshuffling the discard pile when needed (R-A33)."""
    s = ctx.s
    p = s.players[seat]
    drawn: list[str] = []
    for _ in range(count):
        if not p.deck:
            if not p.discard:
                break
            p.deck = p.discard
            p.discard = []
            ctx.rng.shuffle(p.deck)
            ctx.say(f"The {guild_title(guild_at(s, seat))} shuffle {len(p.deck)} discarded cards into a new draw pile.",
                    "shuffle", phrase=phrase("deck.reshuffled", n=len(p.deck), guild=words.guild(guild_at(s, seat))),
                    seat=seat, cards=len(p.deck))
        drawn.append(p.deck.pop(0))
    p.hand.extend(drawn)
    p.drawn = list(drawn)
    n = len(drawn)
    ctx.say(f"The {guild_title(guild_at(s, seat))} draw {n} card{'s' if n != 1 else ''}.", "draw",
            phrase=phrase("draw.public", n=n, guild=words.guild(guild_at(s, seat))), seat=seat, count=n)
    if drawn:
        drawn_names = ", ".join(each_once([card_name(c) for c in drawn]))
        ctx.tell(seat, f"You draw: {drawn_names}.", "draw",
                 phrase=phrase("draw.private", cards=words.cards_once(drawn)), seat=seat, cards=drawn)
    return drawn


def end_of_turn(ctx: Ctx) -> None:
    """§6.4 steps 1-3; step 3's keep-5 may wait on the players (SIMULTANEOUS)."""
    s = ctx.s
    discard_played(ctx)
    gold_to_lairs(ctx)
    count = 6 if s.options.figurines == 4 else 5  # R-A44
    waiting = False
    for seat in seat_order(s):
        held = len(s.players[seat].hand)
        draw_cards(ctx, seat, count)
        if len(s.players[seat].hand) > HAND_SIZE:
            s.players[seat].keep = KeepChoice(held=held)
            waiting = True
    if waiting:
        s.phase = "keep"
        return
    after_keep(ctx)


def default_keep(s: State, seat: int) -> list[str]:
    """12.4: cards held before drawing, then drawn cards in draw order, until 5."""
    return list(s.players[seat].hand[:HAND_SIZE])


def resolve_keeps(ctx: Ctx) -> None:
    """All keep-5 choices are in: discard the rest (now public) and continue."""
    s = ctx.s
    for seat in seat_order(s):
        p = s.players[seat]
        if p.keep is None:
            continue
        kept = p.keep.kept
        dropped = [c for c in p.hand if c not in kept]
        p.hand = [c for c in p.hand if c in kept]
        p.discard.extend(dropped)
        p.keep = None
        ctx.say(f"The {guild_title(guild_at(s, seat))} keep 5 cards and discard "
                + ", ".join(card_name(c) for c in dropped) + ".",
                "discard", phrase=phrase("keep.discard", guild=words.guild(guild_at(s, seat)),
                                         cards=listed(map(words.card, dropped))), seat=seat, cards=dropped)
    after_keep(ctx)


def after_keep(ctx: Ctx) -> None:
    """§6.4 step 4: reinforcements, then the next turn."""
    s = ctx.s
    s.phase = "reinforce"
    s.reinforce = Reinforce()
    continue_reinforcements(ctx)


def eliminated_figs(s: State, seat: int) -> list[str]:
    """The seat's figurines off the board, roster order."""
    return [f for f in figs_of(s, guild_at(s, seat)) if not in_play(s, f)]


def reinforcement_zones(s: State, guild: str) -> list[str]:  # R-A2, R-A20
    """Legal zones for a reinforcement (§6.4 step 4): intact lair, else plains and controlled zones."""
    if lair_intact(s, guild):
        return [s.lairs[guild].zone]
    return [z for z in board.zone_ids() if effective_terrain(s, z) == "plain" or controls(s, guild, z)]


def place_reinforcement(ctx: Ctx, fig: str, zone: str) -> None:
    """Put an eliminated figurine back, empty and unstunned; first one takes the reserve (R-A26)."""
    s = ctx.s
    f = s.figs[fig]
    f.zone = zone
    f.stuns = 0
    seat = seat_of(s, guild_of(fig))
    assert seat is not None
    reserve = s.players[seat].reserve_gold
    if reserve:
        f.treasure["gold"] += reserve
        s.players[seat].reserve_gold = 0
    said = (phrase("reinforce.with-reserve", figurine=words.figurine(fig), zone=words.zone(zone), gold=reserve)
            if reserve else phrase("reinforce.returns", figurine=words.figurine(fig), zone=words.zone(zone)))
    ctx.say(f"{fig_name(fig)} returns as a reinforcement on {board.zone_name(zone)}"
            + (f" with the reserve of {reserve} GP." if reserve else "."), "reinforce", phrase=said, figurine=fig,
            zone=zone)


def continue_reinforcements(ctx: Ctx) -> None:
    """Place figurines one per seat clockwise, round after round; stop at a choice to make (R-A20)."""
    s = ctx.s
    order = seat_order(s)
    n = s.n
    r = reinforcing(s)
    while any(eliminated_figs(s, seat) for seat in order):
        pos = r.pos % n
        seat = order[pos]
        missing = eliminated_figs(s, seat)
        if not missing:
            r.pos = pos + 1
            continue
        g = guild_at(s, seat)
        if lair_intact(s, g):
            place_reinforcement(ctx, missing[0], s.lairs[g].zone)
            r.pos = pos + 1
            continue
        r.seat = seat
        r.pos = pos
        return  # the seat names the figurine and the zone
    s.reinforce = None
    finish_turn(ctx)


def finish_turn(ctx: Ctx) -> None:
    """§6.4 step 5: first player passes left, next turn."""
    s = ctx.s
    s.first_player = (s.first_player + 1) % s.n
    s.turn += 1
    start_turn(ctx)


def card_owner(s: State, card: str) -> int:
    """The seat owning a card instance."""
    seat = seat_of(s, card_guild(card))
    assert seat is not None
    return seat


def discard_violet(ctx: Ctx, card: str) -> None:
    """A resolved violet card leaves play for its owner's discard pile (R-A33)."""
    s = ctx.s
    if card in s.violet:
        s.violet.remove(card)
        s.players[card_owner(s, card)].discard.append(card)
