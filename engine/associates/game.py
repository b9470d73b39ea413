"""AssociatesGame: the engine contract (engine.core.Game) for Gnomes & Associates.

The decisions are the rows of table.py; action ids and their grammar are in ids.py.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from engine.associates import describe, words
from engine.associates.components import GUILD_INFO, guild_title
from engine.associates.invariants import check
from engine.associates.scoring import ranking, scores
from engine.associates.state import Options, State, copy_state, dump_state, load_state, new_state
from engine.associates.table import PHASE_TABLE, phase_of
from engine.associates.view import private_part, public_view
from engine.core.actions import Action
from engine.core.errors import IllegalAction
from engine.core.events import Event, public_event
from engine.core.names import player_ref
from engine.core.options import OptionSpec, validate_options
from engine.core.outcome import Outcome
from engine.core.phases import PhasedGame
from engine.core.phrases import CatalogName, Phrase, PlayerRef, phrase
from engine.core.picks import FinalReport
from engine.core.rng import Rng
from engine.core.timeouts import DAY, HOUR, MINUTE, RulesTimer, TimeoutRules


class AssociatesGame(PhasedGame[State]):
    """Gnomes & Associates, board side A, 2-4 players (spec associates.md)."""

    name = "associates"
    title = "Gnomes & Associates"
    player_range = (2, 4)  # R-A54: side A only
    faction_kind = "guild"

    def options(self) -> list[OptionSpec]:
        """Mode, figurines per guild, turn cap, neutral lair, first player (§5, §15)."""
        return [
            OptionSpec("mode", "choice", "standard",
                       "standard, simplified (no guild cards) or even simpler (fewest rules)",
                       choices=("standard", "simplified", "even_simpler"), label="Rules",
                       value_words=(("standard", "the full rules."),
                                    ("simplified", "no guild cards (17-card decks)."),
                                    ("even_simpler", "no guild cards, no terrain dice effects, lair tests always "
                                                     "yellow and no Alarm (16-card decks)."))),
            OptionSpec("figurines", "int", 2, "figurines per guild: 2, or 4 (draw 6, keep 5)", choices=(2, 4),
                       label="Figurines", explain="each guild plays {value} figurines."),
            OptionSpec("turn_cap", "int", 30, "the game ends after this turn at the latest", minimum=10, maximum=99,
                       label="Turn limit", explain="the game ends after turn {value} at the latest."),
            # R-A27: auto lays the neutral lair of a 2-player game when Thieves or Brigands play.
            OptionSpec("neutral_lair", "choice", "auto",
                       "2 players: lair if Thieves or Brigands play (auto), always or never",
                       choices=("auto", "always", "never"), label="Neutral lair",
                       value_words=(("auto", "in a 2-player game, a neutral lair is laid when Thieves or Brigands "
                                             "play."),
                                    ("always", "in a 2-player game, a neutral lair is always laid."),
                                    ("never", "no neutral lair is laid."))),
            # R-A29: -1 draws the first player from the game's seed.
            OptionSpec("first_player", "int", -1, "seat of the first player, 0 to 3; -1 = drawn at random",
                       minimum=-1, maximum=3, label="First player"),
        ]

    # -- creation ------------------------------------------------------------------------------

    def new_game(self, players: int, seed: int, options: dict[str, Any] | None = None) -> State:
        """A game waiting for the guild choice of the first player."""
        lo, hi = self.player_range
        if not isinstance(players, int) or not lo <= players <= hi:
            raise IllegalAction(f"Gnomes & Associates (side A) seats {lo} to {hi} players.", "E_PLAYER_COUNT",
                                phrase=phrase("refusal.player-count", n=hi, lo=lo))
        raw = validate_options(self.options(), options)
        rng = Rng.from_seed(seed)
        first = raw["first_player"]
        if first is None or first < 0:
            first = rng.randbelow(players)
        elif first >= players:
            raise IllegalAction(f"Option first_player must be below {players}.", "E_OPTION",
                                phrase=phrase("refusal.first-player-below", players=players))
        opts = Options(mode=raw["mode"], figurines=raw["figurines"], turn_cap=raw["turn_cap"],
                       neutral_lair=raw["neutral_lair"],
                       first_player=-1 if (options or {}).get("first_player", -1) in (None, -1) else first)
        s = new_state(players, seed, opts, first)
        s.rng = rng.state
        how = "named by the host" if opts.first_player >= 0 else "drawn at random"
        s.opening = [public_event(
            f"Gnomes & Associates for {players} players (mode {opts.mode}, {opts.figurines} figurines per "
            f"guild, turn cap {opts.turn_cap}). {player_ref(first)} is the first player ({how}) and chooses a guild "
            "first; the others follow clockwise.", "setup", first_player=first, players=players).to_json()]
        return s

    def setup_events(self, state: State) -> list[Event]:
        """The events of game creation: table, options and first player (the deal follows the guild choice), with
        their words."""
        return [replace(Event.from_json(e), phrase=opening_phrase(e, state)) for e in state.opening]

    def catalog_names(self) -> list[CatalogName]:
        """Guilds, lairs, figurines, zones, cards, items, dice and modes (engine.associates.words)."""
        return words.names()

    # -- decisions: derived from the phase table (table.py) ------------------------------------

    phase_table = PHASE_TABLE

    def phase_of(self, state: State) -> str:
        """The decision the state waits for (table.py)."""
        return phase_of(state)

    def clone(self, state: State) -> State:
        """A deep copy apply may change."""
        return copy_state(state)

    def apply(self, state: State, player: int, action: Action) -> tuple[State, list[Event]]:
        """The new state after `player` takes `action` (input never mutated); its public events become `last`."""
        if not isinstance(action, Action):  # callers may still hand a bare id
            action = Action(str(action))
        new, events = super().apply(state, player, action)
        public = [e for e in events if e.public]
        # A private keep-5 step keeps the narration of the move before it on the table.
        if public or state.phase != "keep":
            new.last = [{"text": e.text, "kind": e.kind, "data": e.data} for e in public]
        return new, events

    # -- views and results ---------------------------------------------------------------------

    def view(self, state: State, player: int | None) -> dict[str, Any]:
        """Public view, plus `player`'s hand, drafts and last draw (see view.py; R-A46)."""
        v = public_view(state, self.pending(state))
        out = self.outcome(state)
        if out is not None:
            v["outcome"] = out.to_json()
        if player is not None and 0 <= player < state.n:
            v.update(private_part(state, player))
        return v

    def outcome(self, state: State) -> Outcome | None:
        """Ranking by GP with the §14 tie-breaks, once the game is over."""
        s = state
        if s.phase != "over":
            return None
        sc = scores(s)
        ended = s.ended
        assert ended is not None, "a game over has its ending"
        return Outcome(
            ranking=ranking(s),
            scores={seat: float(b["total"]) for seat, b in sc.items()},
            reason=ended.reason,
            details={"guilds": {str(seat): s.players[seat].guild for seat in sc},
                     "breakdown": {str(seat): b for seat, b in sc.items()},
                     "reached": ended.guilds, "turn": s.turn,
                     "first_objective_guild": s.first_objective_guild,
                     "rematch_first_player": rematch_first(s, ranking(s))},
        )

    def timeout_rules(self) -> TimeoutRules:
        """§12.3 / R-A36: reaction windows (30 min, 1 min-24 h, never off); §12.4: other decisions (24 h, or off)."""
        return TimeoutRules(
            # R-A36: a window waits at most reaction_timeout, then closes as a pass.
            reaction=RulesTimer("reaction window", 30 * MINUTE, MINUTE, 24 * HOUR, can_be_off=False, ruling="R-A36"),
            # §12.4 decision_timeout; the spec gives no range: 1 minute to 7 days, or off (docs/rules/associates.md).
            decision=RulesTimer("decision timer", 24 * HOUR, MINUTE, 7 * DAY, can_be_off=True, ruling="§12.4"),
        )

    def dump(self, state: State) -> dict[str, Any]:
        """JSON-safe snapshot with this game's schema version."""
        return dump_state(state)

    def load(self, data: dict[str, Any]) -> State:
        """The state written by dump (an older schema migrated first); IllegalAction on an unknown schema."""
        return load_state(data)

    # -- reports -------------------------------------------------------------------------------

    def num_players(self, state: State) -> int:
        """Seats at the table."""
        return int(state.n)

    def factions(self, state: State) -> dict[int, list[str]]:
        """Seat -> [guild]."""
        return {i: [p.guild] if p.guild else [] for i, p in enumerate(state.players)}

    def faction_name(self, faction: str) -> str:
        """The guild's title ("Usurers")."""
        return guild_title(faction) if faction in GUILD_INFO else super().faction_name(faction)

    def round_number(self, state: State) -> int:
        """The turn number."""
        return int(state.turn)

    # -- the game in words (describe.py) ----------------------------------------------

    def player_name(self, state: State, player: int) -> str:
        """The guild `player` plays ("Usurers"), "" before the guild choice."""
        return describe.player_name(state, player)

    def describe_private(self, state: State, player: int) -> list[str]:
        """Guild and mission, hand, last draw and the choice being built, in short sentences."""
        return describe.describe_private(state, player)

    def describe_said(self, state: State, player: int) -> list[Phrase]:
        """The lines of `describe_private` as catalog phrases, line for line."""
        return describe.describe_said(state, player)

    def final_report(self, state: State) -> FinalReport | None:
        """Reason in words and each guild's Gold Points breakdown (§14); no secrets to reveal."""
        return describe.final_report(state)

    def rematch_first_player(self, state: State) -> int | None:
        """R-A29: the lowest-ranked seat (ties: the later one clockwise from the first player)."""
        return describe.rematch_first(state)

    def rematch_options(self, state: State) -> dict[str, Any]:
        """{"first_player": seat} for a rematch with the same seats (R-A29); {} while the game goes on."""
        first = describe.rematch_first(state)
        return {} if first is None else {"first_player": first}

    def check_invariants(self, state: State) -> list[str]:
        """Conservation and consistency checks (invariants.py)."""
        return check(state)


def opening_phrase(event: Mapping[str, Any], state: State) -> Phrase | None:
    """What a stored opening event says, derived from its data and the table's options: the snapshot keeps this
    event as it was first written, so its words are read from there rather than stored beside it (an older
    snapshot reads the same); None for an event this game never wrote."""
    data = event.get("data", {})
    if event.get("kind") != "setup" or "first_player" not in data or "players" not in data:
        return None
    opts = state.options
    # As new_game words it: a first player the host named is kept in the options, a drawn one is not.
    how = phrase("setup.named-by-host") if opts.first_player >= 0 else phrase("setup.drawn-at-random")
    return phrase("setup.opening", n=int(data["players"]), mode=words.mode(opts.mode), figurines=opts.figurines,
                  turn_cap=opts.turn_cap, first=PlayerRef(int(data["first_player"]), side=False), how=how)


def rematch_first(s: State, rank: tuple[tuple[int, ...], ...]) -> int:
    """§14: the lowest-ranked seat starts a rematch; ties go to the later seat clockwise from the first player."""
    last = rank[-1]
    return max(last, key=lambda p: (p - s.first_player) % s.n)


GAME = AssociatesGame()
