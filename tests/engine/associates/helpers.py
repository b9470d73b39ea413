"""Test helpers: build positions directly in the state, rig dice, play action ids."""

from __future__ import annotations

import json
from typing import Any

from engine.associates import GAME
from engine.associates.cards import card_type
from engine.associates.components import empty_treasure, guild_of
from engine.associates.flow import activatable_figs
from engine.associates.state import Active, State, seat_of, seat_order
from engine.core import Rng, seed_state
from engine.core.errors import IllegalAction

ALL4 = ["brigands", "thieves", "artisans", "usurers"]


def make(guilds: list[str], options: dict[str, Any] | None = None, seed: int = 7) -> State:
    """A game after the guild choice (seat i plays guilds[i]); first player seat 0; Usurers designate guilds[0]
    or their first opponent. Hands are emptied into the decks so no window opens unless a test gives cards."""
    opts = {"first_player": 0, **(options or {})}
    s = GAME.new_game(len(guilds), seed, opts)
    for player, g in enumerate(guilds):
        s, _ = GAME.apply(s, player, GAME.parse_action(s, player, f"guild:{g}"))
    if s.phase == "designate":
        u = seat(s, "usurers")
        target = next(g for g in guilds if g != "usurers")
        s, _ = GAME.apply(s, u, GAME.parse_action(s, u, f"designate:{target}"))
    for p in s.players:
        p.deck = p.hand + p.deck
        p.hand = []
    return s


def give(s: State, guild: str, ctype: str, copies: int = 1) -> list[str]:
    """Move `copies` cards of a type from the guild's deck/discard into its hand; returns their ids."""
    p = s.players[seat(s, guild)]
    out: list[str] = []
    for pile in (p.deck, p.discard):
        for c in list(pile):
            if len(out) < copies and card_type(c) == ctype:
                pile.remove(c)
                p.hand.append(c)
                out.append(c)
    assert len(out) == copies, f"not enough {ctype} in {guild} deck"
    return out


def place(s: State, zones: dict[str, str | None]) -> None:
    """Put figurines on zones (None = eliminated)."""
    for f, z in zones.items():
        s.figs[f].zone = z


def park(s: State, figs: list[str], zone: str = "goosefoot_meadow") -> None:
    """Move figurines out of the way."""
    place(s, dict.fromkeys(figs, zone))


def treasure(**items: int) -> dict[str, int]:
    """A treasure with these items."""
    t = empty_treasure()
    t.update(items)
    return t


def set_gold(s: State, fig: str, **items: int) -> None:
    """Replace a figurine's treasure, keeping the gold ledger straight."""
    old = s.figs[fig].treasure
    s.gold_minted += items.get("gold", 0) - old["gold"]
    for k in ("sacred_wood", "moonstone", "amulet", "broom", "tromblon"):
        s.supply[k] += old[k] - items.get(k, 0)
    s.figs[fig].treasure = treasure(**items)


def set_safe(s: State, guild: str, **items: int) -> None:
    """Replace a lair safe's content, keeping the ledgers straight."""
    old = s.lairs[guild].safe
    s.gold_minted += items.get("gold", 0) - old["gold"]
    for k in ("sacred_wood", "moonstone", "amulet", "broom", "tromblon"):
        s.supply[k] += old[k] - items.get(k, 0)
    s.lairs[guild].safe = treasure(**items)


def activate(s: State, fig: str, actions: int = 2) -> None:
    """Open `fig`'s activation directly (its seat becomes the visited seat)."""
    player = seat(s, guild_of(fig))
    s.phase = "activation"
    s.visit = seat_order(s).index(player)
    s.active = Active(fig=fig, player=player, actions=actions)
    s.draft = None
    s.res = None


def rig(s: State, faces: list[int]) -> None:
    """Set the generator to a state whose next die faces are exactly `faces`."""
    i = 0
    while True:
        st = seed_state(i)
        r = Rng(st)
        if all(r.die(6) == f for f in faces):
            s.rng = st
            return
        i += 1


def act(s: State, seat: int, *ids: str) -> tuple[State, list[Any]]:
    """Apply action ids in turn (each must be legal); returns the state and all events."""
    events: list[Any] = []
    for a in ids:
        s, ev = GAME.apply(s, seat, GAME.parse_action(s, seat, a))
        events += ev
    return s, events


def seat(s: State, guild: str) -> int:
    """Seat of a guild."""
    out = seat_of(s, guild)
    assert out is not None
    return out


def texts(events: list[Any]) -> list[str]:
    """Public event texts."""
    return [e.text for e in events if e.public]


def rejects(s: State, player: int, action_id: str, code: str) -> IllegalAction:
    """Assert GAME.apply rejects the raw id with `code` and leaves the state unchanged."""
    from engine.core.actions import Action

    before = json.dumps(GAME.dump(s), sort_keys=True)
    try:
        GAME.apply(s, player, Action(action_id))
    except IllegalAction as exc:
        assert exc.code == code, (exc.code, exc.message)
        assert exc.message
        assert json.dumps(GAME.dump(s), sort_keys=True) == before
        return exc
    raise AssertionError(f"{action_id} was accepted")


def activatable(s: State, guild: str) -> list[str]:
    """The guild's activatable figurines."""
    return activatable_figs(s, seat(s, guild))


def settle(s: State) -> tuple[State, list[Any]]:
    """Answer every open reaction window with a pass."""
    from engine.core.decisions import DecisionKind

    events: list[Any] = []
    while True:
        pend = GAME.pending(s)
        if not pend or pend[0].kind != DecisionKind.REACTION:
            return s, events
        s, ev = act(s, pend[0].player, "pass")
        events += ev


def finish_turn_activations(s: State) -> State:
    """End/idle every remaining activation of the turn (windows passed)."""
    while s.phase == "activation":
        s, _ = settle(s)
        if s.phase != "activation":
            break
        p = GAME.pending(s)[0].player
        s, _ = act(s, p, "end" if s.active is not None else "idle")
    return s
