"""The contract every game implements, and the helpers shared by all games."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterable, Sequence
from typing import Any, Generic, TypeVar

from engine.core.actions import Action
from engine.core.decisions import Decision
from engine.core.errors import IllegalAction
from engine.core.events import Event
from engine.core.options import OptionSpec
from engine.core.outcome import Outcome
from engine.core.phrases import CatalogName, Phrase, listed, phrase
from engine.core.picks import FinalReport, MultiPick, PlayerReport
from engine.core.timeouts import NO_TIMEOUT_RULES, TimeoutRules

S = TypeVar("S")

# Event kinds that reveal hidden or random information: a move that emitted one
# cannot be taken back (the die was seen, the card was drawn).
REVEALING_EVENT_KINDS = frozenset({"roll", "draw", "deal", "shuffle", "reveal"})

DUMP_SCHEMA_KEY = "schema"


class Game(ABC, Generic[S]):
    """One game's rules. Stateless: every method takes and returns explicit state.

    `apply` returns a new state and never mutates its input. `view(state, None)`
    is the spectator's view; `view(state, p)` adds exactly player p's secrets.
    """

    name: str = ""
    title: str = ""
    player_range: tuple[int, int] = (2, 2)
    # The kind of catalog name a faction id of the views' "faction_ids" is said by ("clan" -> `clan.red`); ""
    # for a game whose views name sides in "factions" only.
    faction_kind: str = ""

    @abstractmethod
    def options(self) -> list[OptionSpec]:
        """The options a host may set for this game."""

    @abstractmethod
    def new_game(self, players: int, seed: int, options: dict[str, Any] | None = None) -> S:
        """A fresh game for `players` players; IllegalAction on bad options or player count."""

    @abstractmethod
    def pending(self, state: S) -> list[Decision]:
        """Every player who must act now; empty when the game is over."""

    @abstractmethod
    def legal_actions(self, state: S, player: int) -> list[Action]:
        """What `player` may do now (one small draft step); empty if not pending."""

    @abstractmethod
    def apply(self, state: S, player: int, action: Action) -> tuple[S, list[Event]]:
        """The state after `player` takes `action`, with the events it caused.

        Accepts exactly the ids `legal_actions(state, player)` offers (and valid typed orders, see
        `is_typed_order`); anything else raises IllegalAction and leaves `state` as it was.
        """

    def apply_trusted(self, state: S, player: int, action: Action) -> tuple[S, list[Event]]:
        """`apply` for an action a computer player built from the engine's own lists for the pending `player`.

        The result is `apply`'s. A game may skip checks its own step performs again (a search applies tens of
        thousands of such actions a decision); the default is `apply` itself.
        """
        return self.apply(state, player, action)

    @abstractmethod
    def view(self, state: S, player: int | None) -> dict[str, Any]:
        """JSON-safe view: public (None) or public plus `player`'s own secrets.

        Every view carries "game", "players" (count), "round", "pending" (player
        indices) and "factions" ({player index as text: the name of the side they
        play}), which the front end uses without knowing the game; a game with a
        `faction_kind` adds "faction_ids" ({player index as text: [faction ids]}),
        so that the front end names sides in the reader's language.
        """

    @abstractmethod
    def outcome(self, state: S) -> Outcome | None:
        """The final result, or None while the game goes on."""

    @abstractmethod
    def timeout_action(self, state: S, player: int) -> Action:
        """The always-legal default for a pending player whose time ran out."""

    @abstractmethod
    def dump(self, state: S) -> dict[str, Any]:
        """JSON-safe snapshot with a schema version; load(dump(s)) == s."""

    @abstractmethod
    def load(self, data: dict[str, Any]) -> S:
        """The state written by `dump`."""

    # -- shared behaviour, overridable -------------------------------------------------

    def parse_action(self, state: S, player: int, action_id: str) -> Action:
        """The legal action with this id; IllegalAction listing what is allowed otherwise."""
        legal = self.legal_actions(state, player)
        for action in legal:
            if action.id == action_id:
                return action
        raise not_offered(legal)

    def is_typed_order(self, action_id: str) -> bool:
        """Whether `action_id` has the form of a whole order a player may type in full.

        `apply` accepts exactly the ids `legal_actions` offers, with one exception: a game may
        document orders typed in one go (Vendetta's `decl:`/`atk:`/`choose:`) that no menu lists
        because there are too many of them. Such an id is accepted when valid; nothing else is.
        """
        return False

    def is_pending(self, state: S, player: int) -> bool:
        """Whether `player` must act now."""
        return any(d.player == player for d in self.pending(state))

    def is_over(self, state: S) -> bool:
        """Whether the game has ended."""
        return self.outcome(state) is not None

    def num_players(self, state: S) -> int:
        """How many players sit at this game."""
        return int(self.view(state, None).get("players", 0))

    def factions(self, state: S) -> dict[int, list[str]]:
        """The factions (clans, guilds, tribes) each player controls, for reports."""
        return {p: [f"player{p}"] for p in range(self.num_players(state))}

    def faction_name(self, faction: str) -> str:
        """How a faction id of `factions` reads to a player ("Dingleson", "Marsh Gnomes"); never the id itself
        where the game has a name for it."""
        seat = faction.removeprefix("player")
        if seat != faction and seat.isdigit():
            return f"Seat {int(seat) + 1}"  # the default `factions`: a game without factions names seats
        return faction.replace("_", " ").capitalize()

    def round_number(self, state: S) -> int:
        """The current round or turn number, for reports."""
        return int(self.view(state, None).get("round", 0))

    def setup_events(self, state: S) -> list[Event]:
        """The events of game creation (deals, seatings, first player), for the table's first message."""
        return []

    def catalog_names(self) -> list[CatalogName]:
        """Every name the game's phrases may refer to (`NameRef`: clans, places, cards), so that the catalog
        check knows them although their ids are built at run time."""
        return []

    # -- player-facing descriptions: no engine identifier ever reaches a player ------

    def player_name(self, state: S, player: int) -> str:
        """The side `player` plays, in words ("Dingleson & McDingle", "the Usurers"); "" before they chose one.

        Event texts name factions; where one must name a person it writes `player_ref(p)` (`{p2}`), which the
        front end fills with `Event.render(names)`, typically "@alice (Dingleson)" built from this name.
        """
        # the views' engine-wide "factions" key names sides in words (factions() may hold ids)
        return str(self.view(state, None).get("factions", {}).get(str(player), ""))

    def describe_private(self, state: S, player: int) -> list[str]:
        """`player`'s private situation and current draft in short sentences, for their panel.

        For instance "Your hand: Sprint, Trap and War Cry.", "Objective Oak Grove: done.",
        "Your move so far: 3 gnomes, Compost Heap → Grand Gnome Isle." Never ids, indices or raw data.
        """
        return []

    def describe_said(self, state: S, player: int) -> list[Phrase]:
        """The lines of `describe_private` as phrases of the game's catalog, line for line, so that they read in
        the player's language; empty when the game gives them in English only."""
        return []

    def multi_pick(self, state: S, player: int) -> MultiPick | None:
        """The current step as one 'pick k of n' menu (keep 5 cards, choose objectives), or None.

        When not None the front end shows one multi-select with Confirm and sends the chosen option ids
        to `pick_action`; the step-by-step `legal_actions` stay available too.
        """
        return None

    def pick_action(self, state: S, player: int, ids: Sequence[str]) -> Action:
        """The ONE action that makes the whole pick `ids` of `multi_pick(state, player)`.

        `parse_action` and `apply` accept it (it is offered by `legal_actions` or is a typed order);
        IllegalAction when there is no pick now or `ids` is not a valid choice.
        """
        raise IllegalAction("There is nothing to pick right now.", "E_NO_PICK", phrase=phrase("core.nothing-to-pick"))

    def auto_step(self, state: S, player: int) -> Action | None:
        """The action a front end should take for `player` at once, or None.

        Only the single forward choice of a private draft step (nothing public changes by taking it): never
        a pass, an end of turn, a confirmation or any public or irreversible choice.
        """
        return None

    def shortcuts(self, state: S, player: int) -> list[Action]:
        """Whole compound orders in one action with a plain label ("All 4 gnomes to Grand Gnome Isle").

        Each is accepted by `parse_action` and `apply`, and equals taking its steps one by one.
        """
        return []

    def final_report(self, state: S) -> FinalReport | None:
        """The end of the game in words: reason, each player's score breakdown, revealed secrets; None before."""
        outcome = self.outcome(state)
        if outcome is None:
            return None
        order = [p for group in outcome.ranking for p in group]
        players = tuple(
            PlayerReport(p, self.player_name(state, p), outcome.scores.get(p, 0.0),
                         (f"Score: {outcome.scores.get(p, 0.0):g}",))
            for p in order
        )
        return FinalReport("The game is over.", players)

    def rematch_first_player(self, state: S) -> int | None:
        """Who the rules say starts a rematch with the same seats (after the game ended), or None."""
        return None

    def rematch_options(self, state: S) -> dict[str, Any]:
        """Options to lay over the finished table's options for a rematch with the same seats.

        Empty when the rules say nothing (for instance {"first_player": 2} where a game names the starter).
        """
        return {}

    def check_invariants(self, state: S) -> list[str]:
        """Broken invariants of `state`, as messages (empty when sound)."""
        return []

    def timeout_rules(self) -> TimeoutRules:
        """The timers the rules define (reaction windows, other decisions); none by default.

        When a timer runs out the host plays `timeout_action` for that decision, whatever the
        table's AFK policy does for ordinary turns.
        """
        return NO_TIMEOUT_RULES

    def describe_options(self) -> list[dict[str, Any]]:
        """The option specs as JSON-safe dicts."""
        return [spec.to_json() for spec in self.options()]


def require_pending(game: Game[Any], state: Any, player: int) -> None:
    """Raise IllegalAction unless `player` must act now."""
    if game.outcome(state) is not None:
        raise IllegalAction("The game is over.", "E_GAME_OVER", phrase=phrase("core.game-over"))
    if not game.is_pending(state, player):
        # no player numbers in player-facing text: the host names who is awaited
        raise IllegalAction("It is not your turn.", "E_NOT_YOUR_TURN", phrase=phrase("core.not-your-turn"))


def not_offered(legal: list[Action]) -> IllegalAction:
    """The refusal of an id that is not among `legal`, naming what the player may choose instead."""
    if not legal:
        return IllegalAction("You have nothing to decide right now.", "E_NOT_YOUR_TURN",
                             phrase=phrase("core.nothing-to-decide"))
    return IllegalAction(
        f"That choice is not available now. You can choose: {summarise_actions(legal)}.",
        "E_UNKNOWN_ACTION", phrase=_not_offered_phrase(legal),
    )


def _not_offered_phrase(legal: list[Action], limit: int = 8) -> Phrase | None:
    """`not_offered`'s words with each label in the reader's language; None when a label has no phrase (a reader
    would meet English either way)."""
    labels = [a.phrase for a in legal[:limit]]
    if any(label is None for label in labels):
        return None
    choices = listed([label for label in labels if label is not None], "semicolon")
    more = len(legal) - limit
    if more > 0:
        return phrase("core.not-offered-more", n=more, choices=choices)
    return phrase("core.not-offered", choices=choices)


def summarise_actions(actions: list[Action], limit: int = 8) -> str:
    """A short human list of action labels."""
    labels = [a.label for a in actions[:limit]]
    more = len(actions) - limit
    text = "; ".join(labels)
    return text + (f"; and {more} more" if more > 0 else "")


def reveals_information(events: Iterable[Event]) -> bool:
    """Whether any event revealed random or hidden information (so no undo)."""
    return any(e.kind in REVEALING_EVENT_KINDS for e in events)


def replay(
    game: Game[S],
    players: int,
    seed: int,
    options: dict[str, Any] | None,
    moves: Iterable[tuple[int, str]],
) -> tuple[S, list[list[Event]]]:
    """The state reached by playing `moves` (player, action id) from the seed, with each move's events."""
    state = game.new_game(players, seed, options)
    history: list[list[Event]] = []
    for player, action_id in moves:
        action = game.parse_action(state, player, action_id)
        state, events = game.apply(state, player, action)
        history.append(events)
    return state, history
