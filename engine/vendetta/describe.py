"""Vendetta for players in words: private panel, one-pick objective menus, auto steps, shortcuts, final report.

Everything here is plain English with names (clans, territories, cards), never ids.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine.core.actions import MAX_ID_LEN, Action
from engine.core.errors import IllegalAction
from engine.core.phrases import Phrase, listed, phrase
from engine.core.picks import MAX_PICK_OPTIONS, MultiPick, PickOption
from engine.vendetta import words
from engine.vendetta.actions import (
    default_choice,
    destination_choices,
    drafted_from,
    new_combat_draft,
    new_move_draft,
    origin_choices,
)
from engine.vendetta.board import load_board
from engine.vendetta.clans import CLANS, gnome_token
from engine.vendetta.combat import present_clans
from engine.vendetta.flow import current_declarer, current_mover
from engine.vendetta.handlers import active_objective_clan, clans_of
from engine.vendetta.objectives import (
    CARDS,
    GNOME_ANY,
    catalogue_sorted,
    pooled_shortfall_said,
    token_text,
)
from engine.vendetta.state import PHASE_OBJECTIVES, VendettaState
from engine.vendetta.view import pending_players


def player_name(state: VendettaState, player: int) -> str:
    """The clans `player` plays, by name: "Dingleson" or "Dingleson & McDingle"."""
    return " & ".join(CLANS[c].name for c in clans_of(state, player))


def joined(words: Sequence[str]) -> str:
    """`a`, `a and b`, `a, b and c`."""
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + " and " + words[-1]


def card_text(cid: str) -> str:
    """`Home Harvest (3 acorns, 3 berries)`."""
    card = CARDS[cid]
    return f"{card.name} ({card.requirement()})"


def tokens_text(tokens: Mapping[str, int]) -> str:
    """`3 acorns, 1 berry and 2 red gnome tokens`, or `none`."""
    parts = [f"{n} {token_text(t, n)}" for t, n in tokens.items() if n > 0]
    return joined(parts) or "none"


# Each line of the private panel is built once as a pair, its English text and its catalog phrase, so that
# `describe_private` and `describe_said` can never drift apart: both lists are read off the same pairs.
Said = tuple[str, Phrase]


def texts(pairs: Sequence[Said]) -> list[str]:
    """The English lines of `pairs`."""
    return [text for text, _said in pairs]


def phrases(pairs: Sequence[Said]) -> list[Phrase]:
    """The catalog phrases of `pairs`, line for line."""
    return [said for _text, said in pairs]


def _tokens_said(clan: str, tokens: Mapping[str, int]) -> Said:
    """`Dingleson's tokens: 3 acorns and 1 berry.`, or `...: none.`"""
    name = CLANS[clan].name
    held = [(t, n) for t, n in tokens.items() if n > 0]
    if not held:
        return f"{name}'s tokens: none.", phrase("private.tokens-none", clan=words.clan(clan))
    return (f"{name}'s tokens: {tokens_text(tokens)}.",
            phrase("private.tokens", clan=words.clan(clan),
                   tokens=words.joined([words.counted(t, n) for t, n in held])))


def _objective_lines(state: VendettaState, clan: str) -> list[Said]:
    """A clan's kept objectives with progress: each card alone, then all of them together (R-V27)."""
    name = CLANS[clan].name
    chosen = state.chosen.get(clan, [])
    lines = [_tokens_said(clan, state.tokens[clan])]
    for cid in chosen:
        lack = pooled_shortfall_said(clan, [cid], state.tokens[clan], state.board)
        head = f"{CARDS[cid].name} ({CARDS[cid].requirement()}): "
        if not lack:
            lines.append((head + "complete on its own.",
                          phrase("private.card-complete", card=words.offered_card(cid))))
        else:
            lines.append((head + "needs " + joined([t for t, _ in lack]) + ".",
                          phrase("private.card-needs", card=words.offered_card(cid),
                                 needs=words.joined([a for _, a in lack]))))
    together = pooled_shortfall_said(clan, chosen, state.tokens[clan], state.board)
    if not together:
        lines.append((f"All {len(chosen)} objectives are complete together: {name} passes the end check now.",
                      phrase("private.all-complete", n=len(chosen), clan=words.clan(clan))))
    elif _pooling_matters(clan, chosen, state.tokens[clan]):
        # R-V27: the end check pools every card's needs; a token never serves two cards
        lines.append((f"For all its objectives at once, {name} still needs {joined([t for t, _ in together])} "
                      "(a token counts for one objective only).",
                      phrase("private.pooled-needs", clan=words.clan(clan),
                             needs=words.joined([a for _, a in together]))))
    return lines


def _pooling_matters(clan: str, chosen: Sequence[str], tokens: Mapping[str, int]) -> bool:
    """Whether the pooled end check (R-V27) needs more than the cards' own lines add up to: a held token wanted
    by two cards, or "gnome tokens of other clans" while holding some. Otherwise the pooled line only repeats
    the lines above it (a statue counts once either way)."""
    wanting: dict[str, int] = {}
    for cid in chosen:
        for token in CARDS[cid].tokens:
            wanting[token] = wanting.get(token, 0) + 1
    if any(n > 1 and tokens.get(t, 0) > 0 for t, n in wanting.items()):
        return True
    others = sum(n for t, n in tokens.items() if t.startswith("gnome_") and t != gnome_token(clan))
    return GNOME_ANY in wanting and others > 0


def _move_lines(state: VendettaState, clan: str) -> list[Said]:
    board = load_board()
    draft = state.drafts.get(clan) or new_move_draft(clan)
    lines: list[Said] = []
    if draft["triples"]:
        parts = [f"{n} gnome{'s' if n > 1 else ''}, {board.name(o)} → {board.name(d)}" for o, d, n in draft["triples"]]
        steps = [phrase("private.move-step", n=n, origin=words.place(o), dest=words.place(d))
                 for o, d, n in draft["triples"]]
        lines.append(("Your move so far: " + "; ".join(parts) + ".",
                      phrase("private.move-so-far", steps=listed(steps, "semicolon"))))
    else:
        lines.append((f"{CLANS[clan].name} moves now; nothing is planned yet.",
                      phrase("private.move-nothing", clan=words.clan(clan))))
    if draft["origin"] is not None and draft["dest"] is None:
        lines.append((f"Moving from {board.name(draft['origin'])}: choose where to.",
                      phrase("private.move-from", place=words.place(draft["origin"]))))
    elif draft["dest"] is not None:
        left = state.board[draft["origin"]][clan] - drafted_from(draft, draft["origin"])
        lines.append((f"From {board.name(draft['origin'])} to {board.name(draft['dest'])}: choose how many "
                      f"(up to {left}).",
                      phrase("private.move-count", origin=words.place(draft["origin"]),
                             dest=words.place(draft["dest"]), left=left)))
    return lines


def _combat_lines(state: VendettaState, clan: str) -> list[Said]:
    assert state.combat is not None
    board = load_board()
    territory = state.combat["territory"]
    here = state.board[territory]
    draft = state.drafts.get(clan) or new_combat_draft(clan, territory)
    lines = [(f"{CLANS[clan].name} fights on {board.name(territory)} with {here[clan]} "
              f"{'die' if here[clan] == 1 else 'dice'}.",
              phrase("private.fights", n=here[clan], clan=words.clan(clan), place=words.place(territory)))]
    if draft["assign"]:
        parts = [f"{n} {'die' if n == 1 else 'dice'} at {CLANS[t].name}" for t, n in draft["assign"]]
        aimed = [phrase("private.dice-at", n=n, clan=words.clan(t)) for t, n in draft["assign"]]
        lines.append(("Your dice so far: " + ", ".join(parts) + ".",
                      phrase("private.dice-so-far", dice=listed(aimed))))
    if draft["target"] is not None:
        lines.append((f"Choose how many dice to aim at {CLANS[draft['target']].name}.",
                      phrase("private.dice-how-many", clan=words.clan(draft["target"]))))
    return lines


def objective_said(state: VendettaState, player: int) -> list[Said]:
    """The objectives of each clan of `player`, in English and as phrases: the offer and picks while choosing,
    then their progress."""
    lines: list[Said] = []
    for clan in clans_of(state, player):
        name = CLANS[clan].name
        if clan in state.chosen:
            if state.phase == PHASE_OBJECTIVES:
                kept = state.chosen[clan]
                lines.append((f"{name} keeps: {joined([CARDS[c].name for c in kept])}.",
                              phrase("private.keeps", clan=words.clan(clan),
                                     cards=words.joined([words.card(c) for c in kept]))))
            else:
                lines.extend(_objective_lines(state, clan))
            continue
        picks = (state.drafts.get(clan) or {}).get("cards", [])
        offered = catalogue_sorted(state.offered[clan])
        lines.append((f"{name} is offered {len(state.offered[clan])} objectives and keeps {state.objectives_kept}: "
                      + "; ".join(card_text(c) for c in offered) + ".",
                      phrase("private.offered", n=len(state.offered[clan]), clan=words.clan(clan),
                             kept=state.objectives_kept,
                             cards=listed([words.offered_card(c) for c in offered], "semicolon"))))
        if picks:
            lines.append((f"Your picks so far: {joined([CARDS[c].name for c in picks])} "
                          f"({len(picks)} of {state.objectives_kept}).",
                          phrase("private.picks-so-far", cards=words.joined([words.card(c) for c in picks]),
                                 picked=len(picks), kept=state.objectives_kept)))
    return lines


def objective_lines(state: VendettaState, player: int) -> list[str]:
    """The objectives of each clan of `player`: the offer and picks while choosing, then their progress."""
    return texts(objective_said(state, player))


def _move_said(state: VendettaState, player: int) -> list[Said]:
    mover = current_mover(state)
    return _move_lines(state, mover) if mover is not None and state.owner[mover] == player else []


def move_lines(state: VendettaState, player: int) -> list[str]:
    """The move being built, when a clan of `player` is moving."""
    return texts(_move_said(state, player))


def move_phrases(state: VendettaState, player: int) -> list[Phrase]:
    """`move_lines` as catalog phrases, line for line."""
    return phrases(_move_said(state, player))


def _combat_said(state: VendettaState, player: int) -> list[Said]:
    declarer = current_declarer(state)
    return _combat_lines(state, declarer) if declarer is not None and state.owner[declarer] == player else []


def combat_lines(state: VendettaState, player: int) -> list[str]:
    """The dice being aimed, when a clan of `player` declares in a fight."""
    return texts(_combat_said(state, player))


def combat_phrases(state: VendettaState, player: int) -> list[Phrase]:
    """`combat_lines` as catalog phrases, line for line."""
    return phrases(_combat_said(state, player))


# --- pick k of n ------------------------------------------------------------------------------


def multi_pick(state: VendettaState, player: int) -> MultiPick | None:
    """The objective choice of `player`'s next clan as one 'keep K of these 8' menu."""
    if state.phase != PHASE_OBJECTIVES or player not in pending_players(state):
        return None
    clan = active_objective_clan(state, player)
    k = state.objectives_kept
    # A label over 100 characters is cut for the select; its phrase is then left out rather than say more.
    options = tuple(PickOption(cid, card_text(cid)[:100], words.offered_card(cid) if len(card_text(cid)) <= 100
                               else None) for cid in catalogue_sorted(state.offered[clan]))
    return MultiPick(f"Choose the {k} objectives {CLANS[clan].name} keeps (secret until the end).",
                     options, k, k, tuple(default_choice(state, clan)),
                     prompt_phrase=phrase("pick.objectives", n=k, clan=words.clan(clan)))


def pick_action(state: VendettaState, player: int, ids: Sequence[str]) -> Action:
    """The typed `choose:` order keeping exactly `ids` (R-V26)."""
    pick = multi_pick(state, player)
    if pick is None:
        raise IllegalAction("There is nothing to pick right now.", "E_NO_PICK", phrase("refuse.nothing-to-pick"))
    chosen = list(dict.fromkeys(ids))
    if len(chosen) != len(list(ids)) or not set(chosen) <= set(pick.option_ids()):
        raise IllegalAction("Choose among the offered objectives, each once.", "E_BAD_PICK",
                            phrase("refuse.pick-offered-once"))
    if not pick.min <= len(chosen) <= pick.max:
        raise IllegalAction(f"Keep exactly {pick.min} objectives (you chose {len(chosen)}).", "E_BAD_PICK",
                            phrase("refuse.keep-exactly", n=pick.min, chose=len(chosen)))
    clan = active_objective_clan(state, player)
    ordered = catalogue_sorted(chosen)
    return Action(f"choose:{clan}:{','.join(ordered)}", "Keep " + joined([CARDS[c].name for c in ordered]),
                  phrase("label.keep-cards", cards=words.joined([words.card(c) for c in ordered])))


# --- automatic steps and shortcuts -------------------------------------------------------------


def move_auto_step(state: VendettaState, player: int) -> Action | None:
    """The only forward choice of a movement step: a sole destination or a sole count.

    Origins are never taken (passing stays a choice), nor confirmations or passes.
    """
    clan = current_mover(state)
    if clan is None or state.owner[clan] != player or clan not in state.drafts:
        return None
    board = load_board()
    draft = state.drafts[clan]
    if draft["origin"] is not None and draft["dest"] is None:
        dests = destination_choices(state, clan, draft, draft["origin"])
        if len(dests) == 1:
            return Action(f"to:{dests[0]}", f"… to {board.name(dests[0])}")
    elif draft["dest"] is not None:
        left = state.board[draft["origin"]][clan] - drafted_from(draft, draft["origin"])
        if left == 1:
            return Action("n:1", "Move 1 gnome")
    return None


def combat_auto_step(state: VendettaState, player: int) -> Action | None:
    """The only forward choice of a declaration step: the sole count for the last target, or the sole target
    left for the rest of the dice. Never a confirmation."""
    clan = current_declarer(state)
    if clan is None or state.owner[clan] != player or clan not in state.drafts or state.combat is None:
        return None
    draft = state.drafts[clan]
    here = state.board[state.combat["territory"]]
    assigned = {t for t, _n in draft["assign"]}
    remaining = here[clan] - sum(n for _t, n in draft["assign"])
    open_targets = [c for c in state.combat["order"]
                    if c != clan and c in present_clans(here) and c not in assigned and c != draft["target"]]
    if draft["target"] is not None and not open_targets:
        return Action(f"dice:{remaining}", f"{remaining} {'die' if remaining == 1 else 'dice'} at "
                                           f"{CLANS[draft['target']].name}")
    if draft["target"] is None and draft["assign"] and remaining > 0 and len(open_targets) == 1:
        return Action(f"target:{open_targets[0]}", f"Aim the rest at {CLANS[open_targets[0]].name}")
    return None


def _decl_id(clan: str, triples: Sequence[Sequence[Any]]) -> str:
    """`decl:` text of a whole movement, repeating ends left blank to keep it short."""
    parts: list[str] = []
    previous: tuple[str, str] | None = None
    for o, d, n in triples:
        if previous is None:
            parts.append(f"{o}>{d}*{n}")
        else:
            parts.append(f"{'' if o == previous[0] else o}>{'' if d == previous[1] else d}*{n}")
        previous = (o, d)
    return f"decl:{clan}:{','.join(parts)}"


def shortcuts(state: VendettaState, player: int) -> list[Action]:
    """Whole moves in one typed `decl:` order, each ending the move: once an origin is chosen, "All N gnomes
    to X" for every destination (in the count step, the chosen one); back at the origin step of a started
    move, all the gnomes of one more origin (or to one more destination) that keep its single focus."""
    clan = current_mover(state)
    if clan is None or state.owner[clan] != player or clan not in state.drafts:
        return []
    draft = state.drafts[clan]
    origin = draft["origin"]
    if origin is not None:
        dests = [draft["dest"]] if draft["dest"] is not None else destination_choices(state, clan, draft, origin)
        pairs = [(origin, d) for d in dests]
    elif draft["triples"]:
        # back at the origin step of a started move: finish the gather (same destination) or the spread
        # (same origin) with all the gnomes of one more origin or to one more destination
        gathers = {d for _o, d, _n in draft["triples"]}
        spreads = {o for o, _d, _n in draft["triples"]}
        pairs = []
        for o in origin_choices(state, clan, draft):
            for d in destination_choices(state, clan, draft, o):
                if (len(gathers) == 1 and d in gathers) or (len(spreads) == 1 and o in spreads):
                    pairs.append((o, d))
    else:
        return []
    out: list[Action] = []
    for o, d in pairs[:MAX_PICK_OPTIONS]:
        action = _all_to(state, clan, draft, o, d, state.board[o][clan] - drafted_from(draft, o))
        if action is not None:
            out.append(action)
    return out


def _all_to(state: VendettaState, clan: str, draft: dict[str, Any], origin: str, dest: str,
            left: int) -> Action | None:
    """The draft plus all `left` gnomes from `origin` to `dest`, confirmed; None if its id is too long."""
    triples = [list(t) for t in draft["triples"]]
    for t in triples:
        if t[0] == origin and t[1] == dest:
            t[2] += left  # merged as the count step merges it
            break
    else:
        triples.append([origin, dest, left])
    action_id = _decl_id(clan, triples)
    if len(action_id) > MAX_ID_LEN:
        return None
    board = load_board()
    name = board.name(dest)
    what = f"All {left} gnomes" if left > 1 else "The gnome"
    said = phrase("label.all-gnomes", n=left) if left > 1 else phrase("label.the-gnome")
    if draft["origin"] is None:
        what += f" from {board.name(origin)}"
        said = phrase("label.gnomes-from", gnomes=said, place=words.place(origin))
    more = " and end the move" if draft["triples"] else ", end of move"
    return Action(action_id, f"{what} to {name}{more}",
                  phrase("label.to-and-end", gnomes=said, place=words.place(dest)) if draft["triples"]
                  else phrase("label.to-end", gnomes=said, place=words.place(dest)))
