"""Gnomes & Associates for players in words: private panel, keep-5 as one pick, auto steps, shortcuts,
final report and the rematch starter. Plain English with names, never ids or seat numbers.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

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
from engine.core.phrases import Phrase, listed, phrase
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
    return [line.text for line in _private_lines(s, seat)]


def describe_said(s: State, seat: int) -> list[Phrase]:
    """The lines of `describe_private` as catalog phrases, line for line (the same lines, built once)."""
    return [line.said for line in _private_lines(s, seat)]


@dataclass(frozen=True, slots=True)
class Line:
    """One line of the private panel: its English and the phrase that says it in any language."""

    text: str
    said: Phrase


def _private_lines(s: State, seat: int) -> list[Line]:
    # Each line is worded once, English beside its phrase, so the two lists can never drift apart.
    p = s.players[seat]
    g = p.guild
    if not g:
        return [Line("You have not chosen a guild yet.", phrase("private.no-guild"))] if s.guild_picker == seat else []
    threshold = guild_threshold(s, g)
    lines = [Line(f"You play the {guild_title(g)}: {p.objectives} of {threshold} Objectives for the main mission.",
                  phrase("private.guild", n=threshold, guild=words.guild(g), objectives=p.objectives))]
    lines.append(Line(f"Your hand: {_cards(p.hand)}.", phrase("private.hand", cards=words.cards_joined(p.hand)))
                 if p.hand else Line("Your hand is empty.", phrase("private.hand-empty")))
    if p.drawn:
        lines.append(Line(f"You just drew: {_cards(p.drawn)}.", phrase("private.drawn",
                                                                       cards=words.cards_joined(p.drawn))))
    keep = p.keep
    if keep is not None:
        if keep.done:
            lines.append(Line("Your five cards are set; the others are still choosing.", phrase("private.keep-set")))
        elif keep.kept:
            lines.append(Line(f"Keeping so far: {_cards(keep.kept)} ({len(keep.kept)} of {HAND_SIZE}).",
                              phrase("private.keeping", n=HAND_SIZE, cards=words.cards_joined(keep.kept),
                                     kept=len(keep.kept))))
        else:
            lines.append(Line(f"Choose the {HAND_SIZE} cards you keep; the rest are discarded face up.",
                              phrase("private.keep-choose", n=HAND_SIZE)))
    lines.extend(_activation_lines(s, seat))
    res = s.res
    if res is not None and res.picks:
        if res.stage == "choose" and res.player == seat:
            items = [ITEM_NAMES[i] for i in res.picks]
            lines.append(Line(f"Stealing so far: {joined(items)} ({len(items)} of {res.allowance}).",
                              phrase("private.stealing", n=res.allowance,
                                     items=words.joined([words.item(i) for i in res.picks]), picked=len(items))))
        elif res.asked == seat:
            lines.append(Line(f"Reaction cards chosen so far: {_cards(res.picks)}.",
                              phrase("private.reaction-cards", cards=words.cards_joined(res.picks))))
    r = s.reinforce
    if s.phase == "reinforce" and r is not None and r.seat == seat and r.fig:
        lines.append(Line(f"Placing {fig_name(r.fig)} as a reinforcement: choose its zone.",
                          phrase("private.reinforce", figurine=words.figurine(r.fig))))
    return lines


def _activation_lines(s: State, seat: int) -> list[Line]:
    active = s.active
    if active is None or active.player != seat or s.phase != "activation":
        return []
    fig = active.fig
    n = active.actions
    here = zone_of(s, fig)
    lines = [Line(f"{fig_name(fig)} is active on {board.zone_name(here)}: {n} action{'s' if n != 1 else ''} left.",
                  phrase("private.active", n=n, figurine=words.figurine(fig), zone=words.zone(here)))]
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
        lines.append(Line(f"Your move so far: {route}.", phrase("private.move", route=words.route(path))) if path
                     else Line("Movement: choose the first zone.", phrase("private.move-first")))
        if sprints:
            lines.append(Line(f"Sprints added: {sprints}.", phrase("private.sprints", sprints=sprints)))
    elif kind == "transfer":
        mode = transfer.mode_of(draft)
        if mode is None:
            lines.append(Line(f"Transfer{source}: take, drop or give?",
                              phrase("private.transfer-with", card=words.card(card)) if card
                              else phrase("private.transfer")))
        else:
            chosen = [t for t in transfer.selection(s, fig, draft).values() if sum(t.values())]
            what = joined([describe_treasure(t) for t in chosen]) or "nothing yet"
            what_said = words.joined([words.treasure(t) for t in chosen]) if chosen else phrase("private.nothing-yet")
            verb = _transfer_verb(mode)
            lines.append(Line(f"Transfer{source}, {verb.text}: {what}.",
                              phrase("private.transfer-mode-with", card=words.card(card), verb=verb.said,
                                     what=what_said) if card
                              else phrase("private.transfer-mode", verb=verb.said, what=what_said)))
    elif kind in ("combat", "theft"):
        said = ((phrase("private.combat-with", card=words.card(card)) if card else phrase("private.combat"))
                if kind == "combat" else
                (phrase("private.theft-with", card=words.card(card)) if card else phrase("private.theft")))
        lines.append(Line(f"{'Combat' if kind == 'combat' else 'Theft'}{source}: choose the target.", said))
    else:
        lines.append(Line(f"Playing {card_name(card)}: choose how.", phrase("private.playing", card=words.card(card)))
                     if card else Line("Choose how to go on.", phrase("private.go-on")))
    return lines


def _transfer_verb(mode: TransferMode | Give) -> words.Clause:
    """What a Transfer under way does: "give to X", or its mode's own word ("take", "drop")."""
    if isinstance(mode, Give):
        return words.Clause(f"give to {fig_name(mode.fig)}",
                            phrase("private.verb-give", figurine=words.figurine(mode.fig)))
    # A recorded first step is a checked mode (transfer.mode_of), so it is one of these two.
    return words.Clause(mode.mode, phrase("private.verb-drop") if mode.mode == "drop" else phrase("private.verb-take"))


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
        said = (phrase("pick.card-copy", card=words.card(c), copy=counts[name], text=words.card_text(c))
                if counts[name] > 1 else phrase("pick.card", card=words.card(c), text=words.card_text(c)))
        # Cut as the label is (a Discord option holds 100 characters); the phrase says the whole text.
        options.append(PickOption(c, f"{name}{copy}: {text}"[:100], said))
    return MultiPick(f"Keep {HAND_SIZE} cards; the others are discarded face up.", tuple(options),
                     HAND_SIZE, HAND_SIZE, tuple(default_keep(s, seat)),
                     prompt_phrase=phrase("pick.keep", n=HAND_SIZE))


def pick_action(s: State, seat: int, ids: Sequence[str]) -> Action:
    """The typed `keepset:` order (hand positions) keeping exactly these cards."""
    hand = _keep_hand(s, seat)
    if hand is None:
        raise IllegalAction("There is nothing to pick right now.", "E_NO_PICK",
                            phrase=phrase("refusal.there-nothing-pick"))
    chosen = list(ids)
    if len(set(chosen)) != len(chosen) or not set(chosen) <= set(hand):
        raise IllegalAction("Choose cards from your hand, each once.", "E_BAD_PICK",
                            phrase=phrase("refusal.choose-cards-from"))
    if len(chosen) != HAND_SIZE:
        raise IllegalAction(f"Keep exactly {HAND_SIZE} cards (you chose {len(chosen)}).", "E_BAD_PICK",
                            phrase=phrase("refusal.keep-exactly", n=HAND_SIZE, chose=len(chosen)))
    positions = sorted(hand.index(c) for c in chosen)
    kept = [hand[i] for i in positions]
    return Action(KEEPSET_PREFIX + ",".join(map(str, positions)), "Keep " + _cards(kept),
                  phrase("label.keep-cards", cards=words.cards_joined(kept)))


def keepset_cards(s: State, seat: int, positions: tuple[int, ...] | None) -> list[str]:
    """The cards a `keepset:<i>,<j>,…` order keeps (positions None: not all numbers), or IllegalAction
    (E_KEEP_COUNT, E_CARD_NOT_IN_HAND)."""
    hand = s.players[seat].hand
    if positions is None or any(not 0 <= i < len(hand) for i in positions) or len(set(positions)) != len(positions):
        raise IllegalAction("Keep cards of your hand, each once.", "E_CARD_NOT_IN_HAND",
                            phrase=phrase("refusal.keep-cards-hand"))
    if len(positions) != HAND_SIZE:
        raise IllegalAction(f"Keep exactly {HAND_SIZE} cards (you chose {len(positions)}).", "E_KEEP_COUNT",
                            phrase=phrase("refusal.keep-exactly", n=HAND_SIZE, chose=len(positions)))
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
    """Why the game ended, each guild's GP breakdown (§14), best first, in English and as catalog phrases line
    for line; Associates keeps no secret to reveal."""
    if s.phase != "over":
        return None
    ended = s.ended
    assert ended is not None, "a game over has its ending"
    if ended.reason == "mission":
        who = " and the ".join(guild_title(g) for g in ended.guilds)
        reason = f"The {who} reached their main mission on turn {s.turn}; the most Gold Points wins."
        later = (phrase("end.later-guild", guild=words.guild(g)) for g in ended.guilds[1:])
        guilds = listed([words.guild(ended.guilds[0]), *later], "and")
        reason_said = phrase("final.mission", guilds=guilds, turn=s.turn)
    else:
        reason = f"The last turn ({s.options.turn_cap}) is over; the most Gold Points wins."
        reason_said = phrase("final.turn-cap", turn=s.options.turn_cap)
    sc = scores(s)
    players = []
    for seat in [p for group in ranking(s) for p in group]:
        b = sc[seat]
        g = guild_at(s, seat)
        lines: list[tuple[str, Phrase]] = [(f"Gold: {b['gold']} GP.", phrase("final.gold", gold=b["gold"]))]
        if b["artefacts"]:  # no line for no artefact: "0 × 3 = 0 GP" tells nothing
            lines.append((f"Artefacts: {b['artefacts']} × 3 = {3 * b['artefacts']} GP.",
                          phrase("final.artefacts", artefacts=b["artefacts"], gold=3 * b["artefacts"])))
        if b["first_objective"]:
            lines.append((f"First Objective of the game: {b['first_objective']} GP.",
                          phrase("final.first-objective", gold=b["first_objective"])))
        # Each guild's main mission needs its own number of objectives: say so, or "0 of 2" beside
        # "1 of 4" reads as a mistake.
        need = guild_threshold(s, g)
        objectives = (f"Objectives completed: {b['objectives']} of the {need} its main mission needs"
                      + (" (reached)." if b["reached"] else "."))
        if b["reached"]:
            lines.append((objectives, phrase("final.objectives-reached", done=b["objectives"], need=need)))
        else:
            lines.append((objectives, phrase("final.objectives", done=b["objectives"], need=need)))
        players.append(PlayerReport(seat, guild_title(g), float(b["total"]), tuple(text for text, _ in lines),
                                    tuple(said for _, said in lines)))
    return FinalReport(reason, tuple(players), (), unit=("GP", "GP"), reason_said=reason_said,
                       unit_said=words.SCORE_UNIT)


def rematch_first(s: State) -> int | None:
    """R-A29 / §14: the lowest-ranked seat starts a rematch; ties go to the later seat clockwise from the
    first player. None while the game goes on."""
    if s.phase != "over":
        return None
    last = ranking(s)[-1]
    return max(last, key=lambda p: (p - s.first_player) % s.n)
