"""Gnomes & Associates for players in words: private panel, keep-5 as one pick, auto steps, shortcuts,
final report and the rematch starter. Plain English with names, never ids or seat numbers.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.associates import board, words
from engine.associates.actions import movement, transfer
from engine.associates.actions.common import active_fig
from engine.associates.cards import CARD_TYPES, card_name, card_type
from engine.associates.components import ITEM_NAMES, describe_treasure, fig_name, guild_title
from engine.associates.flow import HAND_SIZE, default_keep, eliminated_figs
from engine.associates.ids import (
    DROPALL_ID,
    GO_PREFIX,
    KEEPDEFAULT_ID,
    KEEPSET_PREFIX,
    TAKEALL_ID,
    Give,
    ReinforceFig,
    Sprint,
    To,
    TransferMode,
    parse,
)
from engine.associates.scoring import ranking, scores
from engine.associates.state import (
    State,
    guild_at,
    guild_threshold,
    on_own_intact_lair,
    zone_of,
)
from engine.core.actions import Action
from engine.core.errors import IllegalAction
from engine.core.phrases import phrase
from engine.core.picks import FinalReport, MultiPick, PickOption, PlayerReport
from engine.core.words import each_once


def joined(words: Sequence[str]) -> str:
    """`a`, `a and b`, `a, b and c`."""
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + " and " + words[-1]


def player_name(s: State, seat: int) -> str:
    """The guild `seat` plays ("Usurers"), or "" before the guild choice."""
    g = s.players[seat].guild
    return guild_title(g) if g else ""


def _cards(cards: Sequence[str]) -> str:
    return joined(each_once([card_name(c) for c in cards])) or "none"


def describe_private(s: State, seat: int) -> list[str]:
    """`seat`'s guild and mission, hand, last draw, and the choice being built, in short sentences."""
    p = s.players[seat]
    g = p.guild
    if not g:
        return ["You have not chosen a guild yet."] if s.guild_picker == seat else []
    lines = [f"You play the {guild_title(g)}: {p.objectives} of {guild_threshold(s, g)} Objectives for the "
             "main mission."]
    lines.append(f"Your hand: {_cards(p.hand)}." if p.hand else "Your hand is empty.")
    if p.drawn:
        lines.append(f"You just drew: {_cards(p.drawn)}.")
    keep = p.keep
    if keep is not None:
        if keep.done:
            lines.append("Your five cards are set; the others are still choosing.")
        elif keep.kept:
            lines.append(f"Keeping so far: {_cards(keep.kept)} ({len(keep.kept)} of {HAND_SIZE}).")
        else:
            lines.append(f"Choose the {HAND_SIZE} cards you keep; the rest are discarded face up.")
    lines.extend(_activation_lines(s, seat))
    res = s.res
    if res is not None and res.picks:
        if res.stage == "choose" and res.player == seat:
            items = [ITEM_NAMES[i] for i in res.picks]
            lines.append(f"Stealing so far: {joined(items)} ({len(items)} of {res.allowance}).")
        elif res.asked == seat:
            lines.append(f"Reaction cards chosen so far: {_cards(res.picks)}.")
    r = s.reinforce
    if s.phase == "reinforce" and r is not None and r.seat == seat and r.fig:
        lines.append(f"Placing {fig_name(r.fig)} as a reinforcement: choose its zone.")
    return lines


def _activation_lines(s: State, seat: int) -> list[str]:
    active = s.active
    if active is None or active.player != seat or s.phase != "activation":
        return []
    fig = active.fig
    n = active.actions
    lines = [f"{fig_name(fig)} is active on {board.zone_name(zone_of(s, fig))}: {n} action"
             f"{'s' if n != 1 else ''} left."]
    draft = s.draft
    if draft is None:
        return lines
    card = draft.source
    source = f" (with {card_name(card)})" if card else ""
    kind = draft.kind
    if kind == "move":
        path = movement.path_of(draft)
        sprints = len(movement.sprints_of(draft))
        route = " → ".join(board.zone_name(z) for z in path)
        lines.append(f"Your move so far: {route}." if path else "Movement: choose the first zone.")
        if sprints:
            lines.append(f"Sprints added: {sprints}.")
    elif kind == "transfer":
        mode = transfer.mode_of(draft)
        if mode is None:
            lines.append(f"Transfer{source}: take, drop or give?")
        else:
            chosen = transfer.selection(s, fig, draft)
            what = joined([describe_treasure(t) for t in chosen.values() if sum(t.values())]) or "nothing yet"
            verb = f"give to {fig_name(mode.fig)}" if isinstance(mode, Give) else mode.mode
            lines.append(f"Transfer{source}, {verb}: {what}.")
    elif kind in ("combat", "theft"):
        lines.append(f"{'Combat' if kind == 'combat' else 'Theft'}{source}: choose the target.")
    else:
        lines.append(f"Playing {card_name(card)}: choose how." if card else
                     "Choose how to go on.")
    return lines


# --- keep 5 as one pick ------------------------------------------------------------------------


def _keep_hand(s: State, seat: int) -> list[str] | None:
    p = s.players[seat]
    if s.phase != "keep" or p.keep is None or p.keep.done or not HAND_SIZE < len(p.hand) <= 25:
        return None
    return list(p.hand)


def multi_pick(s: State, seat: int) -> MultiPick | None:
    """Keep 5 of the hand (§6.4 step 3) as one multi-select; the default five suggested (12.4)."""
    hand = _keep_hand(s, seat)
    if hand is None:
        return None
    counts: dict[str, int] = {}
    options = []
    for c in hand:
        name = card_name(c)
        counts[name] = counts.get(name, 0) + 1
        copy = f" (copy {counts[name]})" if counts[name] > 1 else ""
        text = CARD_TYPES[card_type(c)][2]
        options.append(PickOption(c, f"{name}{copy}: {text}"[:100]))
    return MultiPick(f"Keep {HAND_SIZE} cards; the others are discarded face up.", tuple(options),
                     HAND_SIZE, HAND_SIZE, tuple(default_keep(s, seat)))


def pick_action(s: State, seat: int, ids: Sequence[str]) -> Action:
    """The typed `keepset:` order (hand positions) keeping exactly these cards."""
    hand = _keep_hand(s, seat)
    if hand is None:
        raise IllegalAction("There is nothing to pick right now.", "E_NO_PICK")
    chosen = list(ids)
    if len(set(chosen)) != len(chosen) or not set(chosen) <= set(hand):
        raise IllegalAction("Choose cards from your hand, each once.", "E_BAD_PICK")
    if len(chosen) != HAND_SIZE:
        raise IllegalAction(f"Keep exactly {HAND_SIZE} cards (you chose {len(chosen)}).", "E_BAD_PICK")
    positions = sorted(hand.index(c) for c in chosen)
    kept = [hand[i] for i in positions]
    return Action(KEEPSET_PREFIX + ",".join(map(str, positions)), "Keep " + _cards(kept),
                  phrase("label.keep-cards", cards=words.cards_joined(kept)))


def keepset_cards(s: State, seat: int, positions: tuple[int, ...] | None) -> list[str]:
    """The cards a `keepset:<i>,<j>,…` order keeps (positions None: not all numbers), or IllegalAction
    (E_KEEP_COUNT, E_CARD_NOT_IN_HAND)."""
    hand = s.players[seat].hand
    if positions is None or any(not 0 <= i < len(hand) for i in positions) or len(set(positions)) != len(positions):
        raise IllegalAction("Keep cards of your hand, each once.", "E_CARD_NOT_IN_HAND")
    if len(positions) != HAND_SIZE:
        raise IllegalAction(f"Keep exactly {HAND_SIZE} cards (you chose {len(positions)}).", "E_KEEP_COUNT")
    return [hand[i] for i in sorted(positions)]


# --- automatic steps and shortcuts -------------------------------------------------------------


def auto_step(s: State, seat: int, legal: list[Action]) -> Action | None:
    """The single forward choice of a private draft step: a Movement's only first zone (no Sprint to add),
    a Transfer's only mode, the only eliminated figurine to place. Never a declaration, end or default."""
    if s.phase == "reinforce":
        figs = [a for a in legal if isinstance(parse(a.id), ReinforceFig)]
        return figs[0] if len(figs) == 1 and len(eliminated_figs(s, seat)) == 1 else None
    if s.phase != "activation" or s.res is not None or s.draft is None:
        return None
    kind = s.draft.kind
    if kind == "move" and not movement.path_of(s.draft):
        forward = [a for a in legal if isinstance(parse(a.id), To | Sprint)]
        if len(forward) == 1 and isinstance(parse(forward[0].id), To):
            return forward[0]
    if kind == "transfer" and transfer.mode_of(s.draft) is None:
        forward = [a for a in legal if isinstance(parse(a.id), TransferMode | Give)]
        if len(forward) == 1:
            return forward[0]
    return None


def shortcuts(s: State, seat: int, legal: list[Action]) -> list[Action]:
    """'Keep the suggested five' in the keep step; 'Move to X' (Movement, one zone, confirmed) in an open
    activation."""
    if any(a.id == KEEPDEFAULT_ID for a in legal):
        return [Action(KEEPDEFAULT_ID, "Keep the suggested five", phrase("label.keep-suggested"))]
    out: list[Action] = []
    if not any(a.id in ("move", "transfer") for a in legal):
        return out
    fig = active_fig(s)
    here = zone_of(s, fig)
    if any(a.id == "move" for a in legal):
        out += [Action(f"{GO_PREFIX}{z}", f"Move {fig_name(fig)} to {board.zone_name(z)}",
                       phrase("label.go", figurine=words.figurine(fig), zone=words.zone(z)))
                for z in board.adjacent(here)]
    if any(a.id == "transfer" for a in legal):
        pools = [t for src, t in transfer.sources(s, fig).items() if src != "safe"]
        lying = {item: sum(t[item] for t in pools) for item in ITEM_NAMES}
        if any(lying.values()):
            out.append(Action(TAKEALL_ID, f"Take everything lying here ({describe_treasure(lying)})",
                              phrase("label.take-everything", items=words.treasure(lying))))
        carried = s.figs[fig].treasure
        if any(carried.values()):
            safe = on_own_intact_lair(s, fig)
            where = "into your safe" if safe else "here"
            said = words.treasure(carried)
            out.append(Action(DROPALL_ID, f"Drop everything {where} ({describe_treasure(carried)})",
                              phrase("label.drop-everything-safe", items=said) if safe
                              else phrase("label.drop-everything-here", items=said)))
    return out


# --- end of game -------------------------------------------------------------------------------


def final_report(s: State) -> FinalReport | None:
    """Why the game ended, each guild's GP breakdown (§14), best first; Associates keeps no secret to reveal."""
    if s.phase != "over":
        return None
    ended = s.ended
    assert ended is not None, "a game over has its ending"
    if ended.reason == "mission":
        who = " and the ".join(guild_title(g) for g in ended.guilds)
        reason = f"The {who} reached their main mission on turn {s.turn}; the most Gold Points wins."
    else:
        reason = f"The last turn ({s.options.turn_cap}) is over; the most Gold Points wins."
    sc = scores(s)
    players = []
    for seat in [p for group in ranking(s) for p in group]:
        b = sc[seat]
        g = guild_at(s, seat)
        lines = [f"Gold: {b['gold']} GP."]
        if b["artefacts"]:  # no line for no artefact: "0 × 3 = 0 GP" tells nothing
            lines.append(f"Artefacts: {b['artefacts']} × 3 = {3 * b['artefacts']} GP.")
        if b["first_objective"]:
            lines.append(f"First Objective of the game: {b['first_objective']} GP.")
        # Each guild's main mission needs its own number of objectives: say so, or "0 of 2" beside
        # "1 of 4" reads as a mistake.
        lines.append(f"Objectives completed: {b['objectives']} of the {guild_threshold(s, g)} its main mission "
                     "needs" + (" (reached)." if b["reached"] else "."))
        players.append(PlayerReport(seat, guild_title(g), float(b["total"]), tuple(lines)))
    return FinalReport(reason, tuple(players), (), unit=("GP", "GP"))


def rematch_first(s: State) -> int | None:
    """R-A29 / §14: the lowest-ranked seat starts a rematch; ties go to the later seat clockwise from the
    first player. None while the game goes on."""
    if s.phase != "over":
        return None
    last = ranking(s)[-1]
    return max(last, key=lambda p: (p - s.first_player) % s.n)
