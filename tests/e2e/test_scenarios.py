"""The end-to-end scenarios: the real `python bot.py` against the loopback Discord.

Players act only as people do: slash commands, autocomplete, buttons and select menus on the
messages the bot shows them (table messages, ephemeral panels, DM prompts). After each game the
test replays the same seed and actions directly on the engine and compares the result, and
checks every request the bot made (scenario 5) for spec, limits, deadlines and hidden items.
"""

from __future__ import annotations

import asyncio
import copy
import json
import random
import re
import sqlite3
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from cogs.custom_ids import Kind, decode
from cogs.errors import RESTARTING
from engine import registry
from engine.core.actions import CONFIRM_ID, UNDO_ID
from engine.core.game import replay
from host.final import scored_in_points
from tests.e2e.fakediscord import Harness, LiveBot, Message, User
from tests.e2e.fakediscord.state import iter_components

pytestmark = [pytest.mark.e2e, pytest.mark.timeout(240)]

# Small, fast settings per game: the e2e suite must stay quick on 2 cores.
FAST_OPTIONS: dict[str, dict[str, Any]] = {
    "vendetta": {"round_limit": 10},
    "associates": {"turn_cap": 10},
}
MENTION = re.compile(r"<@(\d+)>")
SETTLE = 0.02
MAX_DECISIONS = 1500


# -- reading what the bot shows ----------------------------------------------------------------------


def kind_of(custom_id: str) -> Kind | None:
    cid = decode(custom_id)
    return None if cid is None else cid.kind


def turn_button(msg: Message) -> str | None:
    return next((c for c in msg.custom_ids() if kind_of(c) is Kind.TURN), None)


# How a table message says the game is over, and whom it waits for, in each language a table may read in.
GAME_OVER = ("**Game over**", "**Partie terminée**")
PENDING_LINE = ("Now:", "Waiting for", "À jouer :", "En attente d'un choix secret")


def game_over(msg: Message) -> bool:
    """Whether the message is the final table message (in any of the table languages)."""
    return any(said in msg.content for said in GAME_OVER)


def is_table_message(msg: Message) -> bool:
    """A table message: it has (or had, before a newer one took its buttons off) "Take my turn", or ends the game."""
    if turn_button(msg) is not None or game_over(msg):
        return True
    return any(
        kind_of(str(c.get("custom_id", ""))) is Kind.TURN
        for old in msg.history
        for c in iter_components(old.get("components") or [])
    )


def latest_table_message(fake: Harness, channel_id: int) -> Message:
    msgs = [m for m in fake.channel_messages(channel_id) if is_table_message(m)]
    assert msgs, f"no table message in channel {channel_id}"
    return msgs[-1]


def applied(panel: Message) -> bool:
    """Whether the answer to a click says the choice was taken: "✅ …", or a DM prompt closed after it
    ("your choice is in"), which the outbox may do right after the "✅" edit."""
    if panel.content.startswith("✅"):
        return True
    before = str(panel.history[-1].get("content") or "") if panel.history else ""
    return "your choice is in" in panel.content and before.startswith("✅")


def pending_user_ids(msg: Message) -> list[int]:
    """The users mentioned on the table message's "Now:" / "Waiting for …" line."""
    for line in reversed(msg.content.splitlines()):
        if line.startswith(PENDING_LINE):
            return [int(x) for x in MENTION.findall(line)]
    return []


@dataclass(frozen=True)
class Offer:
    """One choice offered on a panel: a button, or one option of a select."""

    custom_id: str
    action_id: str
    seat: int
    value: str | None = None  # select value; None for a button


def offers(msg: Message) -> list[Offer]:
    """Every action a panel or DM prompt offers (except Undo step: the random players never take back)."""
    found: list[Offer] = []
    for custom_id in msg.custom_ids():
        cid = decode(custom_id)
        if cid is None or cid.seat is None:
            continue
        if cid.kind is Kind.ACTION and cid.action_index is None and cid.arg != UNDO_ID:
            found.append(Offer(custom_id, cid.arg, cid.seat))
        elif cid.kind is Kind.SELECT:
            comp = msg.find_component(custom_id) or {}
            for option in comp.get("options") or []:
                if option["value"] != UNDO_ID:
                    found.append(Offer(custom_id, option["value"], cid.seat, option["value"]))
    return found


# -- the database the bot wrote (read only: the seed is drawn by the bot) --------------------------------


@dataclass
class StoredGame:
    game_name: str
    options: dict[str, Any]
    seed: int
    players: int
    status: str
    version: int
    seats: dict[int, int | None]  # player -> user id (None for AI)
    actions: list[tuple[int, str, str]]  # (player, action id, source), undone moves and undo entries removed
    undos: int = 0


def read_game(db_path: Path, game_id: int) -> StoredGame:
    conn = sqlite3.connect(f"file:{db_path}?mode=ro", uri=True)
    try:
        row = conn.execute(
            "SELECT game_name, options, seed, players, status, version FROM games WHERE id = ?", (game_id,)
        ).fetchone()
        assert row is not None, f"game {game_id} not in the database"
        seats = dict(conn.execute("SELECT player, user_id FROM seats WHERE game_id = ?", (game_id,)).fetchall())
        rows = conn.execute(
            "SELECT seq, player, action_id, source, undoes FROM actions WHERE game_id = ? ORDER BY seq", (game_id,)
        ).fetchall()
    finally:
        conn.close()
    undone = {undoes for _, _, _, source, undoes in rows if source == "undo"}
    actions = [(p, a, src) for seq, p, a, src, _ in rows if src != "undo" and seq not in undone]
    return StoredGame(row[0], json.loads(row[1]), row[2], row[3] or 0, row[4], row[5], seats, actions, len(undone))


# -- hidden items (scenario 5) ----------------------------------------------------------------------------


def string_leaves(value: Any) -> set[str]:
    if isinstance(value, str):
        return {value}
    if isinstance(value, dict) and set(value) == {"list", "style"}:
        # A phrase's list (engine.core.phrases): its style ("comma", "and") is how it is joined, not a word of it.
        return string_leaves(value["list"])
    if isinstance(value, dict):
        return set().union(*(string_leaves(v) for v in value.values())) if value else set()
    if isinstance(value, list | tuple):
        return set().union(*(string_leaves(v) for v in value)) if value else set()
    return set()


def hidden_items(game_name: str, stored: StoredGame) -> set[str]:
    """Strings only ever seen in private views: none may reach a channel, an attachment name or INFO log."""
    game = registry.get(game_name)
    state = game.new_game(stored.players, stored.seed, stored.options)
    states = [state]
    public_text: list[str] = [game.title]
    for player, action_id, _source in stored.actions:
        state, events = game.apply(state, player, game.parse_action(state, player, action_id))
        states.append(state)
        public_text += [e.text for e in events if e.public]
    secret: set[str] = set()
    for s in states:
        public = game.view(s, None)
        public_text += sorted(string_leaves(public))
        for p in range(stored.players):
            mine = game.view(s, p)
            diff = {k: v for k, v in mine.items() if public.get(k) != v}
            secret |= string_leaves(diff)
    blob = "\n".join(public_text)
    return {s for s in secret if len(s) >= 5 and s not in blob}


def assert_scenario_5(fake: Harness, bot: LiveBot, hidden: set[str]) -> None:
    """Spec, limits, 3 s deadlines (validate_all), and no hidden item in any public place."""
    problems = fake.validate_all()
    assert not problems, "\n".join(problems[:20])
    assert not fake.late_interactions()
    assert all(rec.callback_type is not None for rec in fake.interactions)
    public_msgs = [m for ch in fake.state.channels.values() if ch.type != 1
                   for m in fake.channel_messages(ch.id, include_deleted=True)]
    for msg in public_msgs:
        if game_over(msg):
            continue  # the end reveals every secret the rules reveal then (e.g. R-V26 objectives)
        texts = [msg.content, json.dumps(msg.embeds), *(a.filename for a in msg.attachments)]
        texts += [json.dumps(h) for h in msg.history]
        for item in hidden:
            for t in texts:
                assert item not in t, f"hidden item {item!r} in public message {msg.id}: {t[:300]!r}"
    info_lines = [line for line in bot.log_text().splitlines() if " INFO " in line]
    for item in hidden:
        for line in info_lines:
            assert item not in line, f"hidden item {item!r} in an INFO log line: {line[:300]}"
    assert "Traceback" not in bot.log_text(), bot.log_tail(60)


class HeldRequests:
    """Holds the fake's answer to chosen bot requests until released: freezes the bot at a known point.

    While a request is held, the bot's handler that made it is suspended in the middle of its work;
    the test can then act (e.g. send SIGTERM) at exactly that point, with no timing luck involved.
    """

    def __init__(self, fake: Harness, method: str, route: str, match: Any) -> None:
        self.reached = asyncio.Event()
        self.release = asyncio.Event()
        self.held: list[Any] = []
        routes = fake.server.rest.routes
        index = next(i for i, r in enumerate(routes) if r[0] == method and r[1] == route)
        _method, _route, pattern, handler = routes[index]

        async def holding(rec: Any) -> Any:
            if match(rec) and not self.release.is_set():
                self.held.append(rec)
                self.reached.set()
                await self.release.wait()
            return await handler(rec)

        routes[index] = (method, route, pattern, holding)


async def finished(fake: Harness, rec: Any) -> Any:
    """Wait until a deferred component click (type 6) was followed by its edit or followup."""
    await fake.server.wait_until(lambda: rec.edits or rec.followups, 20.0, f"the answer to {rec.describe()}")
    # The answer comes right after the commit; the messages the move stored (the outbox) may still be on
    # their way on a busy machine: wait for them too, as the click's own settle does.
    await fake.server.wait_until(lambda: fake.outbox_due() == 0, 20.0, "the bot's outbox to drain")
    return rec


# -- driving a game as players do ------------------------------------------------------------------------


@dataclass
class Table:
    """What the test knows of one game: id, channel, players, and every move it made in order."""

    fake: Harness
    game_id: int
    channel_id: int
    users: dict[int, User]
    rng: random.Random
    seats: dict[int, int] = field(default_factory=dict)  # user id -> seat, learnt from panels
    panels: dict[int, Message] = field(default_factory=dict)
    moves: list[tuple[int, str]] = field(default_factory=list)
    surfaces: dict[str, int] = field(default_factory=dict)
    hand_only: set[int] = field(default_factory=set)  # users who open their panel with /hand only
    # Offers a player takes first when one is shown (with probability `eager`): finishing choices such as
    # Confirm or Pass keep long games (Tribes) at a human number of clicks; empty = uniform choice.
    finishing: frozenset[str] = frozenset()
    eager: float = 0.0

    def count(self, surface: str) -> None:
        self.surfaces[surface] = self.surfaces.get(surface, 0) + 1

    def learn(self, user: User, msg: Message) -> None:
        for o in offers(msg):
            self.seats[user.id] = o.seat

    async def open_panel(self, user: User) -> Message:
        """Open the user's panel: "Take my turn" on the newest table message, or /hand, or their DM prompt."""
        fake = self.fake
        roll = self.rng.random()
        if user.id not in self.hand_only and roll < 0.2:
            prompts = [m for m in fake.dm_messages(user) if offers(m)]
            if prompts:
                self.count("dm")
                return prompts[-1]
        if user.id in self.hand_only or roll < 0.35:
            rec = await fake.slash(user, "hand", channel=self.channel_id, settle=SETTLE)
            self.count("hand")
        else:
            msg = latest_table_message(fake, self.channel_id)
            rec = await fake.click(user, msg, turn_button(msg) or "", settle=SETTLE)
            self.count("turn")
        assert rec.original is not None and rec.original.ephemeral, rec.describe()
        return rec.original

    async def act(self, user: User) -> None:
        """One decision of `user`, by /play autocomplete or by their panel; records the applied move."""
        fake = self.fake
        if user.id in self.seats and user.id not in self.hand_only and self.rng.random() < 0.25:
            choices = await fake.autocomplete(user, "play", options={"action": ""}, focused="action",
                                              channel=self.channel_id)
            assert 0 < len(choices) <= 25
            choices = [c for c in choices if c["value"] != UNDO_ID]
            if choices:
                pick = self.rng.choice(choices)
                rec = await fake.slash(user, "play", options={"action": pick["value"]}, channel=self.channel_id,
                                       settle=SETTLE)
                assert rec.ephemeral, rec.describe()
                assert rec.content.startswith("✅"), rec.describe()
                self.moves.append((self.seats[user.id], pick["value"]))
                self.count("play")
                return
        panel = self.panels.get(user.id)
        if panel is None or not offers(panel):
            panel = await self.open_panel(user)
        pagers = [c for c in panel.custom_ids() if kind_of(c) is Kind.PAGE]
        if pagers and self.rng.random() < 0.3:  # look at another page of a long list first
            rec = await finished(fake, await fake.click(user, panel, self.rng.choice(pagers), settle=SETTLE))
            assert rec.original is not None and offers(rec.original), rec.describe()
            panel = rec.original
            self.count("page")
        choice = self.pick(offers(panel))
        if choice is None:
            self.panels.pop(user.id, None)
            return
        if choice.value is None:
            rec = await fake.click(user, panel, choice.custom_id, settle=SETTLE)
        else:
            rec = await fake.select(user, panel, choice.custom_id, [choice.value], settle=SETTLE)
        await finished(fake, rec)
        updated = rec.original
        assert updated is not None, rec.describe()
        if applied(updated):
            self.moves.append((choice.seat, choice.action_id))
            self.learn(user, panel)
        else:  # the panel was out of date: nothing was applied, the refreshed panel is shown
            assert any(words in updated.content for words in ("out of date", "n'est plus à jour")), rec.describe()
        self.panels[user.id] = updated

    def pick(self, shown: list[Offer]) -> Offer | None:
        """The offer a player takes: a finishing one first when `eager` says so, else any at random."""
        if not shown:
            return None
        ending = [o for o in shown if o.action_id.split(":")[0] in self.finishing or o.action_id in self.finishing]
        if ending and self.rng.random() < self.eager:
            return self.rng.choice(ending)
        return self.rng.choice(shown)

    async def play_to_end(self, max_decisions: int = MAX_DECISIONS) -> Message:
        """Let the pending humans act (a seeded random one each time) until the game is over."""
        for _ in range(max_decisions):
            msg = latest_table_message(self.fake, self.channel_id)
            if game_over(msg):
                return msg
            pending = [uid for uid in pending_user_ids(msg) if uid in self.users]
            assert pending, f"table message names no pending player: {msg.content!r}"
            await self.act(self.users[self.rng.choice(pending)])
        raise AssertionError(f"game {self.game_id} did not end within {max_decisions} decisions")


async def open_lobby(fake: Harness, host: User, game: str, options: dict[str, Any],
                     channel_id: int | None = None) -> tuple[int, Message]:
    channel = channel_id or fake.channel.id
    rec = await fake.slash(host, "game", subcommand="new", options={"game": game, "thread": False, **options},
                           channel=channel, settle=SETTLE)
    assert rec.ephemeral and ("is open" in rec.content or "est ouvert" in rec.content), rec.describe()
    lobby = await fake.wait_for_message(channel, lambda m: any(kind_of(c) is Kind.LOBBY for c in m.custom_ids()))
    assert ("Lobby" in lobby.content or "Salon d'attente" in lobby.content) and not lobby.ephemeral
    cid = decode(lobby.custom_ids()[0])
    assert cid is not None
    return cid.game, lobby


def lobby_button(lobby: Message, action: str) -> str:
    return next(c for c in lobby.custom_ids() if c.endswith(f":{action}"))


def final_result(msg: Message) -> dict[int, float]:
    """user id -> score, as the final table message announces them."""
    scores: dict[int, float] = {}
    for line in msg.content.splitlines():
        # Each game says its scores in its own unit ("pts", "GP", "armies on the board").
        for part in re.findall(r"<@(\d+)>[^—]*— (-?[\d.]+) [A-Za-z]", line):
            scores[int(part[0])] = float(part[1])
    return scores


def expected_table_messages(stored: StoredGame) -> int:
    """How many table messages a game gets: one for the start, then one per human move (with the AI moves
    it triggered) that changed anything public; none for a private draft step."""
    game = registry.get(stored.game_name)
    state = game.new_game(stored.players, stored.seed, stored.options)

    def public(s: Any) -> tuple[Any, ...]:
        return game.view(s, None), [(d.player, d.kind) for d in game.pending(s)]

    batches: list[list[tuple[int, str]]] = []  # a human move and the AI moves right after it
    for player, action_id, source in stored.actions:
        if source == "human":
            batches.append([])
        if batches:
            batches[-1].append((player, action_id))
        else:  # AI moves before any human move are part of the start
            state, _ = game.apply(state, player, game.parse_action(state, player, action_id))
    posts = 1
    for batch in batches:
        before, events = public(state), []
        for player, action_id in batch:
            state, new = game.apply(state, player, game.parse_action(state, player, action_id))
            events += new
        if any(e.public for e in events) or public(state) != before:
            posts += 1
    return posts


def check_against_engine(stored: StoredGame, table: Table, final: Message) -> None:
    """Direct engine play with the stored seed and the test's own moves gives the announced result."""
    game = registry.get(stored.game_name)
    assert all(source in ("human", "ai") for _, _, source in stored.actions)
    # Every move a player chose is stored, in order; the only other human moves are the single forward
    # choices of a private draft step the bot takes for them (Game.auto_step), never anything else.
    state = game.new_game(stored.players, stored.seed, stored.options)
    chosen = list(table.moves)
    for player, action_id, source in stored.actions:
        if source == "human":
            if chosen and chosen[0] == (player, action_id):
                chosen.pop(0)
            else:
                auto = game.auto_step(state, player)
                assert auto is not None and auto.id == action_id, (
                    f"the bot applied {action_id!r} for player {player}, which nobody chose; next chosen: "
                    f"{chosen[:3]}; legal: {[a.id for a in game.legal_actions(state, player)][:8]}"
                )
        state, _ = game.apply(state, player, game.parse_action(state, player, action_id))
    assert chosen == [], f"chosen moves never stored: {chosen[:3]}"
    state, _ = replay(game, stored.players, stored.seed, stored.options, [(p, a) for p, a, _ in stored.actions])
    outcome = game.outcome(state)
    assert outcome is not None, "direct engine play did not finish the game"
    assert stored.status == "finished"
    announced = final_result(final)
    expected = {stored.seats[p]: float(s) for p, s in outcome.scores.items() if stored.seats[p] is not None}
    if not scored_in_points(outcome):
        expected = {}  # a win without points (Vendetta's basic scoring by objectives, R-V29) shows no "pts"
    assert announced == expected, (announced, expected)
    first = "\n".join(line for line in final.content.splitlines() if line.startswith(("1st", "1er")))
    for p in outcome.winners:
        if stored.seats[p] is not None:
            assert f"<@{stored.seats[p]}>" in first


def table_post_modes(path: Path, game_id: int) -> list[str]:
    """The modes ('new' or 'edit') of the table posts the bot stored in its outbox for a game, in order."""
    conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        rows = conn.execute(
            "SELECT payload FROM outbox WHERE game_id = ? AND kind = 'table' ORDER BY id", (game_id,)
        ).fetchall()
    finally:
        conn.close()
    return [json.loads(r[0])["update"].get("mode", "new") for r in rows]


def db_path(bot: LiveBot) -> Path:
    return Path(bot.process.extra_env["DATABASE_PATH"])


async def stored_when(fake: Harness, bot: LiveBot, game_id: int, check: Any, what: str) -> StoredGame:
    """The stored game once `check(stored)` holds (the bot commits before it answers; this only absorbs timing)."""

    def ready() -> StoredGame | None:
        stored = read_game(db_path(bot), game_id)
        return stored if check(stored) else None

    return await fake.server.wait_until(ready, 10.0, what)


async def finished_game(fake: Harness, bot: LiveBot, game_id: int) -> StoredGame:
    return await stored_when(fake, bot, game_id, lambda g: g.status == "finished", f"game {game_id} stored as finished")


# -- scenario 1 --------------------------------------------------------------------------------------------


# tribes: test_tribes_table. Associates' whole three-player game (about 95 s) is a soak, and so is the whole
# four-player game of test_table_experience (a minute): in CI, Associates is played through the bot in parts
# (tests/e2e) and whole in the engine's random games (tests/engine/associates).
@pytest.mark.parametrize("game_name", [pytest.param(n, marks=[pytest.mark.slow] if n == "associates" else [])
                                       for n in registry.names() if n != "tribes"])
async def test_scenario_1_three_players_full_game(fake: Harness, bot: LiveBot, game_name: str) -> None:
    """Three humans play a whole game with commands, autocomplete and buttons; engine replay agrees."""
    started = time.monotonic()
    alice, bob, carol = fake.user("alice"), fake.user("bob"), fake.user("carol")
    game_id, lobby = await open_lobby(fake, alice, game_name, FAST_OPTIONS.get(game_name, {}))
    for user in (bob, carol):
        rec = await finished(fake, await fake.click(user, lobby, lobby_button(lobby, "join"), settle=SETTLE))
        assert rec.within_deadline
    rec = await finished(fake, await fake.click(alice, lobby, lobby_button(lobby, "start"), settle=SETTLE))
    assert "started" in (rec.original.content if rec.original else ""), rec.describe()
    table = Table(fake, game_id, fake.channel.id, {u.id: u for u in (alice, bob, carol)}, random.Random(1))
    final = await table.play_to_end()
    stored = await finished_game(fake, bot, game_id)
    check_against_engine(stored, table, final)
    # Quiet channel: a new table message only where the outbox stored a NEW post (a decision newly became
    # someone's), the rest edits the live status message; never a message for a private draft step.
    posted = [m for m in fake.channel_messages(fake.channel) if is_table_message(m)]
    modes = table_post_modes(db_path(bot), game_id)
    assert len(posted) == modes.count("new"), (len(posted), modes.count("new"))
    assert len(modes) <= expected_table_messages(stored), (len(modes), expected_table_messages(stored))
    assert modes.count("new") < expected_table_messages(stored) < len(stored.actions)
    assert {"turn", "play"} <= set(table.surfaces), table.surfaces
    assert_scenario_5(fake, bot, hidden_items(game_name, stored))
    print(f"{game_name}: {len(table.moves)} moves via {table.surfaces} in {time.monotonic() - started:.1f}s")


async def start_table(fake: Harness, host: User, joiners: list[User], ais: int, game_name: str = "vendetta",
                      channel_id: int | None = None) -> tuple[int, Message]:
    """Open a lobby, let `joiners` join and the host add `ais` AI players, then start it with the Start button."""
    game_id, lobby = await open_lobby(fake, host, game_name, FAST_OPTIONS.get(game_name, {}), channel_id)
    for user in joiners:
        await finished(fake, await fake.click(user, lobby, lobby_button(lobby, "join"), settle=SETTLE))
    for _ in range(ais):
        await finished(fake, await fake.click(host, lobby, lobby_button(lobby, "ai"), settle=SETTLE))
    rec = await finished(fake, await fake.click(host, lobby, lobby_button(lobby, "start"), settle=SETTLE))
    assert rec.original is not None and ("started" in rec.original.content or "commencé" in rec.original.content), \
        rec.describe()
    assert lobby.custom_ids() == [], "a started game's lobby keeps no buttons"
    return game_id, lobby


# -- scenario 2 --------------------------------------------------------------------------------------------


async def test_scenario_2_closed_dms(fake: Harness, bot: LiveBot) -> None:
    """A player with closed DMs gets one channel notice and plays through /hand and the panel."""
    alice, bob = fake.user("alice"), fake.user("bob")
    fake.set_dms_closed(bob)
    game_id, _ = await start_table(fake, alice, [bob], ais=1)
    table = Table(fake, game_id, fake.channel.id, {u.id: u for u in (alice, bob)}, random.Random(2),
                  hand_only={bob.id})
    final = await table.play_to_end()
    notices = [m for m in fake.channel_messages(fake.channel) if "can't DM you" in m.content]
    assert len(notices) == 1, [m.content for m in notices]
    assert f"<@{bob.id}>" in notices[0].content and "/hand" in notices[0].content
    assert fake.dm_messages(bob) == []
    assert fake.dm_messages(alice), "alice (DMs open) got no DM"
    assert table.surfaces.get("hand", 0) > 0
    stored = await finished_game(fake, bot, game_id)
    assert any(source == "ai" for _, _, source in stored.actions)
    check_against_engine(stored, table, final)
    assert_scenario_5(fake, bot, hidden_items("vendetta", stored))


# -- scenario 3 --------------------------------------------------------------------------------------------


async def refusal(fake: Harness, rec: Any) -> str:
    """The text of the ephemeral answer an interaction got (a followup after a deferred update)."""

    def answers() -> list[Message]:
        msgs = rec.followups if rec.callback_type == 6 else rec.messages
        return [m for m in msgs if m.ephemeral and m.content]

    msgs = await fake.server.wait_until(answers, 10.0, f"an ephemeral answer to {rec.describe()}")
    return "\n".join(m.content for m in msgs)


async def play_whole_draft(fake: Harness, user: User, table_msg: Message) -> Message:
    """`user` picks through their draft until Confirm is offered, then confirms; the new table message.

    Checks the rule of private steps on the way: no channel message for any pick, and the confirmation edits the
    live status message (others are still choosing) instead of posting a new one.
    """
    before = len(fake.channel_messages(fake.channel))
    rec = await fake.click(user, table_msg, turn_button(table_msg) or "", settle=SETTLE)
    panel = rec.original
    for _ in range(20):
        assert panel is not None and offers(panel), rec.describe()
        confirm = next((o for o in offers(panel) if o.action_id == CONFIRM_ID), None)
        choice = confirm or offers(panel)[0]
        if choice.value is None:
            rec = await fake.click(user, panel, choice.custom_id, settle=SETTLE)
        else:
            rec = await fake.select(user, panel, choice.custom_id, [choice.value], settle=SETTLE)
        await finished(fake, rec)
        assert rec.original is not None and rec.original.content.startswith("✅"), rec.describe()
        if confirm is not None:
            await fake.wait_idle(quiet=0.1)
            after = fake.channel_messages(fake.channel)
            # Quiet channel: the others still choose, so the live status message is edited, not a new one.
            assert len(after) == before, [m.content for m in after[before:]]
            latest = latest_table_message(fake, fake.channel.id)
            assert latest.edits > 0, latest.content
            return latest
        assert len(fake.channel_messages(fake.channel)) == before, "a private draft step was posted"
        panel = rec.original
    raise AssertionError(f"{user.name}'s draft never offered Confirm")


async def test_scenario_3_stale_nonplayer_double_click(fake: Harness, bot: LiveBot) -> None:
    """Outdated buttons, non-players and double clicks are refused privately; exactly one move applies."""
    alice, bob, carol = fake.user("alice"), fake.user("bob"), fake.user("carol")
    game_id, lobby = await open_lobby(fake, alice, "vendetta", FAST_OPTIONS["vendetta"])
    await finished(fake, await fake.click(bob, lobby, lobby_button(lobby, "join"), settle=SETTLE))
    # A non-host presses Start: refused, the lobby stays open.
    rec = await finished(fake, await fake.click(carol, lobby, lobby_button(lobby, "start"), settle=SETTLE))
    assert "host" in (await refusal(fake, rec)).lower()
    assert read_game(db_path(bot), game_id).status == "lobby"
    await finished(fake, await fake.click(alice, lobby, lobby_button(lobby, "start"), settle=SETTLE))
    table_msg = latest_table_message(fake, fake.channel.id)
    first_table_msg = copy.deepcopy(table_msg)  # as posted, with its button (a later message retires it)
    version = read_game(db_path(bot), game_id).version

    # A non-player presses "Take my turn".
    rec = await fake.click(carol, table_msg, turn_button(table_msg) or "", settle=SETTLE)
    assert "not playing" in await refusal(fake, rec)

    # Alice double-clicks one choice of her panel: exactly one move is applied.
    rec = await fake.click(alice, table_msg, turn_button(table_msg) or "", settle=SETTLE)
    panel = rec.original
    assert panel is not None and panel.ephemeral
    first_panel = copy.deepcopy(panel)  # the panel as it was before any click (for the stale click)
    choice = offers(panel)[0]
    if choice.value is None:
        clicks = [fake.click(alice, panel, choice.custom_id, settle=SETTLE) for _ in range(2)]
    else:
        clicks = [fake.select(alice, panel, choice.custom_id, [choice.value], settle=SETTLE) for _ in range(2)]
    r1, r2 = await asyncio.gather(*clicks)
    await finished(fake, r1)
    await finished(fake, r2)
    await fake.wait_idle(quiet=0.2)
    stored = await stored_when(fake, bot, game_id, lambda g: g.version > version, "the first click stored")
    assert stored.version == version + 1, "a double click must apply exactly one move"
    refused = [r for r in (r1, r2) if any("out of date" in m.content for m in r.followups)]
    assert len(refused) == 1, [r.describe() for r in (r1, r2)]

    # The same button again, from the outdated panel: refused, nothing changes.
    if choice.value is None:
        rec = await fake.click(alice, first_panel, choice.custom_id, settle=SETTLE, check_exists=False)
    else:
        rec = await fake.select(alice, first_panel, choice.custom_id, [choice.value], settle=SETTLE,
                                check_exists=False)
    assert "out of date" in await refusal(fake, rec)
    # A non-player using a copy of alice's current action button: refused, nothing changes.
    current = rec.original
    assert current is not None
    other = offers(current)[0]
    if other.value is None:
        rec = await fake.click(carol, current, other.custom_id, settle=SETTLE)
    else:
        rec = await fake.select(carol, current, other.custom_id, [other.value], settle=SETTLE)
    assert "not playing" in (await refusal(fake, rec)).lower()
    # Alice's pick was a private draft step: no table message for it, so the first one is still
    # current and its "Take my turn" opens her panel without an "out of date" note.
    assert [m.id for m in fake.channel_messages(fake.channel) if is_table_message(m)] == [table_msg.id]
    rec = await fake.click(alice, table_msg, turn_button(table_msg) or "", settle=SETTLE)
    assert rec.original is not None and "out of date" not in rec.original.content and offers(rec.original)
    await fake.wait_idle(quiet=0.2)
    assert read_game(db_path(bot), game_id).version == version + 1

    # Bob builds his whole draft: the channel stays silent until he confirms, then gets one table message.
    news = await play_whole_draft(fake, bob, table_msg)
    assert "has chosen its objectives" in news.content  # who has chosen, never what
    # Now the first table message is outdated and lost its button; a client still showing the old button
    # gets a panel that says so and opens the current step.
    # (Quiet channel: the live status message was edited in place, so its button now carries the new version.)
    assert turn_button(table_msg) != turn_button(first_table_msg), "the status message kept an outdated button"
    rec = await fake.click(alice, first_table_msg, turn_button(first_table_msg) or "", settle=SETTLE,
                           check_exists=False)
    assert rec.original is not None and "out of date" in rec.original.content
    await fake.wait_idle(quiet=0.2)
    version = read_game(db_path(bot), game_id).version

    # SIGTERM while a move is being handled: the move is answered and stored, then the bot exits cleanly;
    # what arrives after the signal is told the bot is restarting. The fake holds the click's answer
    # (the edit of alice's panel) so the signal lands while the move is in the middle of being handled.
    panel = rec.original
    move = offers(panel)[0]
    seen = len(fake.interactions)
    answer = HeldRequests(fake, "PATCH", "/webhooks/{webhook_id}/{webhook_token}/messages/@original",
                          lambda q: fake.server.interactions_by_token[q.params["webhook_token"]].id
                          == fake.interactions[seen].id)
    if move.value is None:
        click = asyncio.create_task(fake.click(alice, panel, move.custom_id, settle=SETTLE))
    else:
        click = asyncio.create_task(fake.select(alice, panel, move.custom_id, [move.value], settle=SETTLE))
    await asyncio.wait_for(answer.reached.wait(), 10.0)
    stopping = asyncio.create_task(bot.stop())
    await fake.server.wait_until(lambda: "stop signal received" in bot.log_text(), 10.0, "the stop signal",
                                 poll=0.02)
    late_click = await fake.click(bob, first_table_msg, turn_button(first_table_msg) or "", settle=SETTLE,
                                  check_exists=False)
    late_slash = await fake.slash(alice, "hand", settle=SETTLE)
    late_choices = await fake.autocomplete(alice, "play", options={"action": ""}, focused="action")
    assert not stopping.done(), "the bot must wait for the move being handled"
    answer.release.set()
    rec = await finished(fake, await click)
    code = await stopping
    assert code == 0, bot.log_tail()
    assert rec.original is not None and rec.original.content.startswith("✅"), rec.describe()
    for late in (late_click, late_slash):
        assert late.ephemeral and late.content == RESTARTING.text(), late.describe()
    assert late_choices == []
    assert read_game(db_path(bot), game_id).version == version + 1
    assert "database closed" in bot.log_text()
    assert_scenario_5(fake, bot, hidden_items("vendetta", read_game(db_path(bot), game_id)))


# -- lobby buttons ----------------------------------------------------------------------------------------


def ai_seats(lobby: Message) -> int:
    """How many AI seats the lobby message lists."""
    return len(re.findall(r"^\d+\. 🤖 AI \d+ \((?:easy|normal|hard)\)$", lobby.content, re.MULTILINE))


async def test_lobby_remove_ai_and_closing(fake: Harness, bot: LiveBot) -> None:
    """Remove AI; a cancelled lobby (button, or /game cancel even after a restart) says so and loses its buttons."""
    alice, bob = fake.user("alice"), fake.user("bob")
    _game, lobby = await open_lobby(fake, alice, "vendetta", FAST_OPTIONS["vendetta"])
    assert "Remove AI" in lobby.labels()
    for _ in range(2):
        await finished(fake, await fake.click(alice, lobby, lobby_button(lobby, "ai"), settle=SETTLE))
    assert ai_seats(lobby) == 2, lobby.content
    rec = await finished(fake, await fake.click(bob, lobby, lobby_button(lobby, "rmai"), settle=SETTLE))
    assert "Only the host" in await refusal(fake, rec)
    for left in (1, 0):
        await finished(fake, await fake.click(alice, lobby, lobby_button(lobby, "rmai"), settle=SETTLE))
        assert ai_seats(lobby) == left, lobby.content
    rec = await finished(fake, await fake.click(alice, lobby, lobby_button(lobby, "rmai"), settle=SETTLE))
    assert "no AI player to remove" in await refusal(fake, rec)
    # The Cancel button closes the lobby it sits on.
    await finished(fake, await fake.click(alice, lobby, lobby_button(lobby, "cancel"), settle=SETTLE))
    assert "cancelled by the host" in lobby.content and lobby.custom_ids() == [], lobby.content

    # /game cancel after a restart: the bot finds its lobby message again and closes it.
    _game, lobby = await open_lobby(fake, alice, "vendetta", FAST_OPTIONS["vendetta"])
    await bot.restart()
    rec = await fake.slash(alice, "game", subcommand="cancel", settle=SETTLE)
    assert rec.ephemeral and "cancelled" in rec.content, rec.describe()
    # The closing edit goes out through the outbox after the reply: wait for it (a loaded machine is slower).
    await fake.server.wait_until(lambda: "cancelled by the host" in lobby.content, 20.0, "the lobby's closing edit")
    assert "cancelled by the host" in lobby.content and lobby.custom_ids() == [], lobby.content
    fake.assert_valid()
    assert bot.log_errors() == [], bot.log_tail()


# -- scenario 4 --------------------------------------------------------------------------------------------


async def test_scenario_4_restart_keeps_buttons(fake: Harness, bot: LiveBot) -> None:
    """SIGKILL mid-lobby and mid-game: buttons posted before each kill still work and the game finishes."""
    alice, bob = fake.user("alice"), fake.user("bob")
    game_id, lobby = await open_lobby(fake, alice, "vendetta", FAST_OPTIONS["vendetta"])
    await bot.restart()
    await finished(fake, await fake.click(bob, lobby, lobby_button(lobby, "join"), settle=SETTLE))
    await finished(fake, await fake.click(alice, lobby, lobby_button(lobby, "ai"), settle=SETTLE))
    await bot.restart()
    rec = await finished(fake, await fake.click(alice, lobby, lobby_button(lobby, "start"), settle=SETTLE))
    assert rec.original is not None and "started" in rec.original.content
    # Killed right after the start: whatever the outbox had delivered is not posted again, the rest goes
    # out after the restart: one start message, one secret-choice DM prompt each.
    await bot.restart()
    await fake.wait_idle(quiet=0.2)
    starts = [m for m in fake.channel_messages(fake.channel) if "The game begins" in m.content]
    assert len(starts) == 1, [m.content for m in starts]
    for user in (alice, bob):
        assert len([m for m in fake.dm_messages(user) if m.history or offers(m)]) == 1, user.name
    assert bot.log_errors() == [], bot.log_tail()
    table = Table(fake, game_id, fake.channel.id, {u.id: u for u in (alice, bob)}, random.Random(4))
    while len(table.moves) < 12:
        await table.act(table.users[table.rng.choice(pending_user_ids(latest_table_message(fake, fake.channel.id)))])
    before_kill = latest_table_message(fake, fake.channel.id)
    await bot.restart()
    pending = [u for u in pending_user_ids(before_kill) if u in table.users]
    rec = await fake.click(table.users[pending[0]], before_kill, turn_button(before_kill) or "", settle=SETTLE)
    assert rec.original is not None and offers(rec.original), rec.describe()
    table.panels[pending[0]] = rec.original
    final = await table.play_to_end()
    stored = await finished_game(fake, bot, game_id)
    check_against_engine(stored, table, final)
    assert_scenario_5(fake, bot, hidden_items("vendetta", stored))


# -- scenario 5 --------------------------------------------------------------------------------------------


async def test_scenario_5_every_command_within_limits(fake: Harness, bot_factory: Any) -> None:
    """Every command once (thread, settings, status, board, log, players, rules, undo, replace, cancel),
    a channel where the bot lacks a permission; all requests valid, nothing hidden in public."""
    alice, bob, carol, mod = fake.user("alice"), fake.user("bob"), fake.user("carol"), fake.user("mod")
    locked = fake.add_channel("no-files")
    fake.deny_bot_permission(locked, "attach_files")
    # DEV_GUILD_ID: commands are synced to the one server (the path developers use) instead of globally.
    bot = bot_factory("bot.py", env={"DEV_GUILD_ID": str(fake.guild_id)})
    await bot.start(timeout=30.0)
    try:
        assert f"synced 6 commands to guild {fake.guild_id}" in bot.log_text()
        check_new_command(fake)
        rec = await fake.slash(alice, "game", subcommand="new", options={"game": "vendetta", "thread": False},
                               channel=locked)
        assert rec.ephemeral and "Attach Files" in rec.content, rec.describe()

        rec = await fake.slash(alice, "game", subcommand="new",
                               options={"game": "vendetta", "thread": True, **FAST_OPTIONS["vendetta"]})
        threads = fake.threads(fake.channel.id)
        assert len(threads) == 1 and f"<#{threads[0].id}>" in rec.content and rec.ephemeral, rec.describe()
        thread = threads[0].id
        lobby = await fake.wait_for_message(thread, lambda m: bool(m.custom_ids()))
        await finished(fake, await fake.click(bob, lobby, lobby_button(lobby, "join"), settle=SETTLE))
        rec = await finished(fake, await fake.click(bob, lobby, lobby_button(lobby, "join"), settle=SETTLE))
        assert "already joined" in await refusal(fake, rec)
        rec = await fake.slash(bob, "game", subcommand="new", options={"game": "vendetta"}, channel=thread)
        assert rec.ephemeral and "already has game" in rec.content, rec.describe()
        rec = await fake.slash(alice, "game", subcommand="settings", options={"undo": True, "turn_minutes": 45},
                               channel=thread)
        assert "undo on" in rec.content and "Turn timer: " in rec.content, rec.describe()
        assert "after 45 minutes" in rec.content, rec.describe()
        wire = decode(lobby.custom_ids()[0])
        assert wire is not None  # a lobby button's id is ours
        game_id = wire.game
        rec = await fake.slash(alice, "game", subcommand="start", channel=thread)
        assert "started" in rec.content, rec.describe()
        # /game start closes the lobby message too: it says so and has no buttons left.
        assert "has started" in lobby.content and lobby.custom_ids() == [], lobby.content
        for sub in ("status", "board", "players", "log", "rules"):
            rec = await fake.slash(bob, "game", subcommand=sub, channel=thread)
            assert rec.ephemeral and rec.content, rec.describe()
        rec = await fake.slash(bob, "game", subcommand="autopass", options={"on": True}, channel=thread)
        assert rec.ephemeral and "close as a pass" in rec.content, rec.describe()
        rec = await fake.slash(carol, "game", subcommand="autopass", options={"on": True}, channel=thread)
        assert rec.ephemeral and "not playing" in rec.content, rec.describe()
        topics = await fake.autocomplete(bob, "game", subcommand="rules", focused="topic", channel=thread)
        assert len(topics) <= 25
        table = Table(fake, game_id, thread, {u.id: u for u in (alice, bob)}, random.Random(5))
        await table.act(alice)
        rec = await fake.slash(alice, "game", subcommand="undo", channel=thread)
        assert rec.ephemeral and rec.content, rec.describe()
        rec = await fake.slash(bob, "game", subcommand="replace", options={"user": alice}, channel=thread)
        assert rec.ephemeral and "host" in rec.content.lower(), rec.describe()
        rec = await fake.slash(mod, "game", subcommand="replace", options={"user": bob}, channel=thread)
        assert rec.ephemeral and "the AI" in rec.content, rec.describe()
        await fake.wait_for_message(thread, lambda m: "replaced by the AI" in m.content)
        rec = await fake.slash(bob, "game", subcommand="cancel", channel=thread)
        assert rec.ephemeral and "host" in rec.content.lower(), rec.describe()
        rec = await fake.slash(mod, "game", subcommand="cancel", channel=thread)
        assert rec.ephemeral and "cancelled" in rec.content, rec.describe()
        await fake.wait_for_message(thread, lambda m: "cancelled by a moderator" in m.content)
        await fake.wait_idle(quiet=0.2)
        stored = read_game(Path(bot.process.extra_env["DATABASE_PATH"]), game_id)
        assert stored.status == "cancelled"
        assert_scenario_5(fake, bot, hidden_items("vendetta", stored))
    finally:
        code = await bot.stop()
    assert code == 0, bot.log_tail()
    assert "database closed" in bot.log_text() and "stopped cleanly" in bot.log_text()


def check_new_command(fake: Harness) -> None:
    """/game new offers every registered game and every option of their OptionSpecs, with choices where finite."""
    group = fake.command("game")
    new = next(o for o in group["options"] if o["name"] == "new")
    params = {o["name"]: o for o in new["options"]}
    assert {c["value"] for c in params["game"]["choices"]} == set(registry.names())
    assert params["thread"]["type"] == 5
    for name in registry.names():
        for spec in registry.get(name).options():
            assert spec.name in params, f"option {spec.name} of {name} missing from /game new"
            if spec.choices and spec.type in ("int", "choice"):
                offered = {c["value"] for c in params[spec.name].get("choices") or []}
                assert offered >= {str(c) if spec.type == "choice" else c for c in spec.choices}, spec.name
