"""AssociatesGame: the engine contract (engine.core.Game) for Gnomes & Associates.

Action ids (each step of a draft is one short menu; "undo" and "confirm" as in engine.core):
  guild:<g>                      guild choice (SETUP)
  designate:<g>                  Usurers' designation (SETUP)
  activate:<fig> | idle          choose the figurine (idle = activate the first one and end at once)
  move | transfer | combat | theft | craft:<artefact> | play:<card> | end      open activation
    move draft:      to:<zone>, sprint:<card>, confirm
    transfer draft:  mode:take | mode:drop | give:<fig>, then t:<src>:<item>[:all] or d:<item>[:all], confirm
    combat/theft:    tgt:f:<fig> | tgt:l:<guild>   (declares at once)
    card drafts:     z:<zone> (row:<n> first when >23 zones), f:<fig>, recipe:<artefact>, do:<action type>
  steal:<item> | confirm | takemax                theft choice
  r:<card> | malin:<gnome> | confirm | pass        reaction windows W1/W2/W3 (REACTION)
  keep:<card> | confirm | keepdefault              keep 5 (SIMULTANEOUS)
  rfig:<fig> | rzone:<zone> | auto                 reinforcement without a lair
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.associates import activation, describe, phases, reactions
from engine.associates.components import GUILD_INFO, fig_name
from engine.associates.context import Ctx
from engine.associates.flow import activatable_figs, visited_seat
from engine.associates.invariants import check
from engine.associates.scoring import ranking, scores
from engine.associates.state import SCHEMA, State, copy_state, in_table_order, new_state, seat_of
from engine.associates.view import private_part, public_view
from engine.core.actions import Action
from engine.core.decisions import Decision, DecisionKind
from engine.core.errors import IllegalAction
from engine.core.events import Event, public_event
from engine.core.game import Game, not_offered, require_pending
from engine.core.names import player_ref
from engine.core.options import OptionSpec, validate_options
from engine.core.outcome import Outcome
from engine.core.picks import FinalReport, MultiPick
from engine.core.rng import Rng
from engine.core.timeouts import DAY, HOUR, MINUTE, RulesTimer, TimeoutRules


class AssociatesGame(Game[State]):
    """Gnomes & Associates, board side A, 2-4 players (spec associates.md)."""

    name = "associates"
    title = "Gnomes & Associates"
    player_range = (2, 4)  # R-A54: side A only

    def options(self) -> list[OptionSpec]:
        """Mode, figurines per guild, turn cap, neutral lair, first player (§5, §15)."""
        return [
            OptionSpec("mode", "choice", "standard",
                       "standard; simplified = no guild cards (17-card decks); even_simpler = simplified, no "
                       "terrain dice effects, lair tests always yellow, no Alarm (16 cards)",
                       choices=("standard", "simplified", "even_simpler")),
            OptionSpec("figurines", "int", 2, "figurines per guild: 2, or 4 (draw 6, keep 5)", choices=(2, 4)),
            OptionSpec("turn_cap", "int", 30, "the game ends after this turn at the latest", minimum=10, maximum=99),
            OptionSpec("neutral_lair", "choice", "auto",
                       "2 players: auto = neutral lair iff Thieves or Brigands play (R-A27); always; never",
                       choices=("auto", "always", "never")),
            OptionSpec("first_player", "int", -1, "seat of the first player; -1 = seeded random (R-A29)",
                       minimum=-1, maximum=3),
        ]

    # -- creation ------------------------------------------------------------------------------

    def new_game(self, players: int, seed: int, options: dict[str, Any] | None = None) -> State:
        """A game waiting for the guild choice of the first player."""
        lo, hi = self.player_range
        if not isinstance(players, int) or not lo <= players <= hi:
            raise IllegalAction(f"Gnomes & Associates (side A) seats {lo} to {hi} players.", "E_PLAYER_COUNT")
        opts = validate_options(self.options(), options)
        rng = Rng.from_seed(seed)
        first = opts["first_player"]
        if first is None or first < 0:
            first = rng.randbelow(players)
        elif first >= players:
            raise IllegalAction(f"Option first_player must be below {players}.", "E_OPTION")
        opts["first_player"] = -1 if (options or {}).get("first_player", -1) in (None, -1) else first
        s = new_state(players, seed, opts, first)
        s["rng"] = rng.state
        how = "named by the host" if opts["first_player"] >= 0 else "drawn at random"
        s["opening"] = [public_event(
            f"Gnomes & Associates for {players} players (mode {opts['mode']}, {opts['figurines']} figurines per "
            f"guild, turn cap {opts['turn_cap']}). {player_ref(first)} is the first player ({how}) and chooses a guild "
            "first; the others follow clockwise.", "setup", first_player=first, players=players).to_json()]
        return s

    def setup_events(self, state: State) -> list[Event]:
        """The events of game creation: table, options and first player (the deal follows the guild choice)."""
        return [Event.from_json(e) for e in state.get("opening", [])]

    # -- decisions -----------------------------------------------------------------------------

    def pending(self, state: State) -> list[Decision]:
        """Who must act now (§6.5)."""
        s = state
        phase = s["phase"]
        if phase == "guild":
            return [Decision(s["guild_picker"], DecisionKind.SETUP, "Choose your guild.")]
        if phase == "designate":
            return [Decision(seat_of(s, "usurers"), DecisionKind.SETUP, "Designate an adverse guild.")]  # type: ignore[arg-type]  # only with the Usurers seated
        if phase == "activation":
            res = s["res"]
            if res is not None and res["stage"] in ("w1", "w2", "w3"):
                prompts = {"w1": "React before the roll?", "w2": "React to the roll?",
                           "w3": "Your figurine is eliminated: play Tomb?"}
                return [Decision(res["asked"], DecisionKind.REACTION, prompts[res["stage"]])]
            if res is not None and res["stage"] == "choose":
                return [Decision(res["player"], DecisionKind.TURN, f"Choose up to {res['allowance']} item(s).")]
            seat = visited_seat(s)
            if s["active"] is None:
                return [Decision(seat, DecisionKind.TURN, "Activate a figurine.")]
            return [Decision(seat, DecisionKind.TURN, f"{fig_name(s['active']['fig'])}: act, play cards or end.")]
        if phase == "keep":
            return [Decision(p, DecisionKind.SIMULTANEOUS, "Keep 5 cards.") for p in phases.keep_pending(s)]
        if phase == "reinforce":
            return [Decision(s["reinforce"]["seat"], DecisionKind.TURN, "Place a reinforcement.")]
        return []

    def legal_actions(self, state: State, player: int) -> list[Action]:
        """One small step of `player`'s current decision; empty if not pending."""
        s = state
        if not any(d.player == player for d in self.pending(s)):
            return []
        phase = s["phase"]
        if phase == "guild":
            return phases.guild_legal(s)
        if phase == "designate":
            return phases.designate_legal(s)
        if phase == "keep":
            return phases.keep_legal(s, player)
        if phase == "reinforce":
            return phases.reinforce_legal(s)
        res = s["res"]
        if res is not None:
            if res["stage"] == "choose":
                return activation.theft_legal(s)
            return reactions.legal(s)
        if s["active"] is None:
            return activation.choose_legal(s)
        return activation.legal(s)

    def apply(self, state: State, player: int, action: Action) -> tuple[State, list[Event]]:
        """The new state after `player` takes `action` (input never mutated)."""
        require_pending(self, state, player)
        action_id = action.id if isinstance(action, Action) else str(action)
        s = copy_state(state)
        ctx = Ctx(s)
        phase = s["phase"]
        if phase == "guild":
            phases.guild_apply(ctx, player, action_id)
        elif phase == "designate":
            phases.designate_apply(ctx, action_id)
        elif phase == "keep":
            phases.keep_apply(ctx, player, action_id)
        elif phase == "reinforce":
            phases.reinforce_apply(ctx, player, action_id)
        elif s["res"] is not None:
            if s["res"]["stage"] == "choose":
                activation.theft_apply(ctx, action_id)
            else:
                reactions.apply(ctx, player, action_id)
        elif s["active"] is None:
            activation.choose_apply(ctx, action_id)
        else:
            activation.apply(ctx, action_id)
        ctx.close()
        public = [e for e in ctx.events if e.public]
        if public or phase != "keep":
            s["last"] = [{"text": e.text, "kind": e.kind, "data": e.data} for e in public]
        return s, ctx.events

    # -- views and results ---------------------------------------------------------------------

    def view(self, state: State, player: int | None) -> dict[str, Any]:
        """Public view, plus `player`'s hand, drafts and last draw (see view.py; R-A46)."""
        v = public_view(state, self.pending(state))
        out = self.outcome(state)
        if out is not None:
            v["outcome"] = out.to_json()
        if player is not None and 0 <= player < state["n"]:
            v.update(private_part(state, player))
        return v

    def outcome(self, state: State) -> Outcome | None:
        """Ranking by GP with the §14 tie-breaks, once the game is over."""
        s = state
        if s["phase"] != "over":
            return None
        sc = scores(s)
        return Outcome(
            ranking=ranking(s),
            scores={seat: float(b["total"]) for seat, b in sc.items()},
            reason=s["ended"]["reason"],
            details={"guilds": {str(seat): s["players"][seat]["guild"] for seat in sc},
                     "breakdown": {str(seat): b for seat, b in sc.items()},
                     "reached": s["ended"]["guilds"], "turn": s["turn"],
                     "first_objective_guild": s["first_objective_guild"],
                     "rematch_first_player": rematch_first(s, ranking(s))},
        )

    def timeout_action(self, state: State, player: int) -> Action:
        """The §12.3/§12.4 default for `player`'s pending decision."""
        s = state
        phase = s["phase"]
        if phase == "guild":
            g = phases.free_guilds(s)[0]
            return Action(f"guild:{g}", f"Play the {GUILD_INFO[g]['title']}")
        if phase == "designate":
            return Action(phases.designate_default(s), "Default designation")
        if phase == "keep":
            return Action(phases.KEEPDEFAULT_ID, "Keep the default five")
        if phase == "reinforce":
            return Action(phases.AUTO_ID, "Place by default")
        res = s["res"]
        if res is not None:
            if res["stage"] == "choose":
                return Action(activation.TAKEMAX_ID, "Take the most")
            return Action(reactions.PASS_ID, "No reaction (pass)")
        if s["active"] is None:
            figs = activatable_figs(s, visited_seat(s))
            return Action(activation.IDLE_ID, f"Activate {fig_name(figs[0])} and end at once")
        return Action(activation.END_ID, "End the activation")

    def timeout_rules(self) -> TimeoutRules:
        """§12.3 / R-A36: reaction windows (30 min, 1 min-24 h, never off); §12.4: other decisions (24 h, or off)."""
        return TimeoutRules(
            # R-A36: a window waits at most reaction_timeout, then closes as a pass.
            reaction=RulesTimer("reaction window", 30 * MINUTE, MINUTE, 24 * HOUR, can_be_off=False, ruling="R-A36"),
            # §12.4 decision_timeout; the spec gives no range: 1 minute to 7 days, or off (docs/rules/associates.md).
            decision=RulesTimer("decision timer", 24 * HOUR, MINUTE, 7 * DAY, can_be_off=True, ruling="§12.4"),
        )

    def dump(self, state: State) -> dict[str, Any]:
        """JSON-safe snapshot (the state is JSON data already)."""
        return copy_state(state)

    def load(self, data: dict[str, Any]) -> State:
        """The state written by dump; IllegalAction on an unknown schema."""
        if data.get("schema") != SCHEMA:
            raise IllegalAction(f"Unsupported saved-game schema {data.get('schema')!r}.", "E_SCHEMA")
        return in_table_order(copy_state(data))

    # -- reports -------------------------------------------------------------------------------

    def num_players(self, state: State) -> int:
        """Seats at the table."""
        return int(state["n"])

    def factions(self, state: State) -> dict[int, list[str]]:
        """Seat -> [guild]."""
        return {i: [p["guild"]] if p["guild"] else [] for i, p in enumerate(state["players"])}

    def round_number(self, state: State) -> int:
        """The turn number."""
        return int(state["turn"])

    # -- the game in words (describe.py) ----------------------------------------------

    def player_name(self, state: State, player: int) -> str:
        """The guild `player` plays ("Usurers"), "" before the guild choice."""
        return describe.player_name(state, player)

    def describe_private(self, state: State, player: int) -> list[str]:
        """Guild and mission, hand, last draw and the choice being built, in short sentences."""
        return describe.describe_private(state, player)

    def multi_pick(self, state: State, player: int) -> MultiPick | None:
        """Keep 5 as one multi-select."""
        return describe.multi_pick(state, player)

    def pick_action(self, state: State, player: int, ids: Sequence[str]) -> Action:
        """The typed `keepset:` order keeping exactly these cards."""
        return describe.pick_action(state, player, ids)

    def auto_step(self, state: State, player: int) -> Action | None:
        """A Movement's only first zone, a Transfer's only mode, the only figurine to reinforce."""
        return describe.auto_step(state, player, self.legal_actions(state, player))

    def shortcuts(self, state: State, player: int) -> list[Action]:
        """'Keep the suggested five'; 'Move X to Y' (Movement to one adjacent zone, confirmed)."""
        return describe.shortcuts(state, player, self.legal_actions(state, player))

    def is_typed_order(self, action_id: str) -> bool:
        """Whole keep-5 (`keepset:`), one-zone Movement (`go:`), Transfer of everything (`takeall`, `dropall`)."""
        return action_id.startswith((describe.KEEPSET_PREFIX, activation.GO_PREFIX)) or action_id in (
            activation.TAKEALL_ID, activation.DROPALL_ID)

    def parse_action(self, state: State, player: int, action_id: str) -> Action:
        """A listed action, or a valid typed order (`keepset:`, `go:`) that apply() accepts."""
        legal = self.legal_actions(state, player)
        for action in legal:
            if action.id == action_id:
                return action
        if not self.is_typed_order(action_id):
            raise not_offered(legal)
        try:
            action = Action(action_id)
        except ValueError:
            raise IllegalAction("That command is too long.", "E_UNKNOWN_ACTION") from None
        self.apply(state, player, action)  # raises the precise E_* code when illegal
        return action

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


def rematch_first(s: State, rank: tuple[tuple[int, ...], ...]) -> int:
    """§14: the lowest-ranked seat starts a rematch; ties go to the later seat clockwise from the first player."""
    last = rank[-1]
    return max(last, key=lambda p: (p - s["first_player"]) % s["n"])


GAME = AssociatesGame()
