"""The table experience measured end to end: quiet channels, plain words, fewer taps.

Humans play a whole game of every registered game through the real bot.py (4 players of Associates,
3 of Vendetta) the way people do: they open their panel with "Take my turn" (or use the DM prompt the
bot sent them), then press buttons and choose in menus. Every tap is counted (a button is 1 tap, a
select menu 2: open it and choose), and after the game the stored log, replayed on the engine, tells
which taps made which kind of move. The test then

- §1 counts the channel messages posted (new messages, not edits) against the times the set of
  pending players changed, the messages holding nothing but who is pending (the turn pings, deleted once
  their turn is taken) and the mentions of each player against the turns that started for them;
- §2 walks everything the bot showed anyone (channel, DMs, ephemeral panels, every earlier version of
  an edited message, button labels, select options and placeholders, autocomplete choices) for engine
  identifiers: snake_case ids, card codes, "seat N" / "player N", "version N", reason codes, raw dicts,
  `key: value` dumps, unfilled player placeholders;
- §3 compares the taps per move with the issue's targets (Vendetta single-destination move ≤ 3,
  Associates keep-5 ≤ 2, Associates activation median ≤ 5, Tribes investment order median ≤ 3, attack
  plan median ≤ 4, launch order ≤ 2) and prints the taps by kind of move for every game;
- §4 counts, per game, the channel messages left at the end against the rounds (the engine's
  `round_number`: ≤ rounds + 3, none holding only who is pending), mentions against turns started
  (equal), new DMs per player per round (≤ 1.5) and DMs that only confirm a player's own choice (none).

§4 before one table message per round (same seeds; Tribes measured without the 240 s limit), then after:
  Associates 4p (marked slow: GNOMEHOST_SLOW=1), 10 rounds: 100 messages left → 12; DMs per player per
    round 2.6–2.7 → 0.7–0.9; confirmations 46 → 0.
  Vendetta 3p, 11 rounds: 33 messages left → 13; DMs 0.27 → 0.18; confirmations 6 (the deal's setup
    counted then, by a first version of this count) → 0.
  Tribes 2p, 34 rounds: 110 messages left → 36; DMs 2.6–2.8 → 0.59; confirmations 120 → 0.
  Mentions equalled turns started in every game, before and after.
  Tribes 3p (seed 13, marked slow: GNOMEHOST_SLOW=1), 34 rounds: 36 messages left (≤ 37); DMs per player per round
    1.03–1.35; mentions equal turns started (72, 75, 53).

§3 Tribes 2p (seed 12), orders counted by the decision they answer, a hurried player's moves, before the whole
  orders (when such a player passed or attacked nobody rather than build an order) → after (a real order
  in one tap): investment median 1, max 16 → median 1, max 1; launch median 1, max 4 → median 1, max 1;
  attack plan median 2, max 9 → median 2, max 8 (the panel opened with "Take my turn", then one tap).

The figures are printed (`pytest -s`). With GNOMEHOST_MEASURE_ONLY=1 nothing is asserted: that is how
the "before" figures were taken on an older commit.
"""

from __future__ import annotations

import json
import os
import random
import re
import sqlite3
import statistics
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from cogs.custom_ids import Kind, decode
from engine import registry
from engine.core.decisions import DecisionKind
from engine.core.events import Event
from tests.e2e.fakediscord import Harness, LiveBot, Message, User
from tests.e2e.fakediscord.state import iter_components
from tests.e2e.test_scenarios import (
    FAST_OPTIONS,
    SETTLE,
    assert_scenario_5,
    finished,
    hidden_items,
    lobby_button,
    open_lobby,
    read_game,
    turn_button,
)
from tests.e2e.transcript import write_transcript

pytestmark = [pytest.mark.e2e, pytest.mark.timeout(240)]

MEASURE_ONLY = os.environ.get("GNOMEHOST_MEASURE_ONLY") == "1"
MESSAGES = "/channels/{channel_id}/messages"
PLAYERS = {"associates": 4, "vendetta": 3, "tribes": 2}
MAX_TAPS = 4000
# Component kinds by their wire letter (cogs.custom_ids.Kind): the pick menu came later than the others, so the
# letter is used, which also reads the components of older releases (the "before" figures).
PICK_KIND = "K"
QUICK_PAGE = "9999"
PRIMARY = 1
UNDO = "undo"
CLEAR = "clear"
# Ids a scripted player never takes: a person taking back or clearing a step only loops.
TAKE_BACK = (UNDO, CLEAR)

# §2: what an engine identifier looks like in text a person reads.
IDENTIFIER_PATTERNS: dict[str, re.Pattern[str]] = {
    "snake_case id": re.compile(r"(?<![\w/.:@<#-])[a-z][a-z0-9]*_[a-z0-9_]+\b"),
    "card code": re.compile(r"\bc-[a-z]{3}-\d{2}\b|\b(?:red|green|blue|yellow|white|black)_\d+\b|\bn\d{2}\b"),
    "seat or player number": re.compile(r"\b(?:seat|player)\s+#?\d+\b", re.IGNORECASE),
    "version number": re.compile(r"\bversion\s+\d+\b", re.IGNORECASE),
    "reason code": re.compile(r"\bE_[A-Z_]{3,}\b"),
    "raw dict": re.compile(r"\{\s*['\"][^'\"]+['\"]\s*:"),
    "key: value dump": re.compile(r"(?m)^\s*(?:[•\-]\s*)?[a-z][a-z_ ]{0,30}:\s+\S"),
    "unfilled placeholder": re.compile(r"\{p\d+\}"),
}


# -- the bot's database and the engine's replay of it ---------------------------------------------------------


@dataclass(frozen=True)
class Row:
    seq: int
    player: int
    action_id: str
    source: str


def read_log(db_path: Path, game_id: int) -> tuple[dict[str, Any], list[Row], dict[int, int | None]]:
    """The game row (name, options, seed, players, version), its log (undo entries left out) and its seats."""
    conn = sqlite3.connect(f"file:{db_path}?mode=ro", uri=True)
    try:
        game = conn.execute("SELECT game_name, options, seed, players, version FROM games WHERE id = ?",
                            (game_id,)).fetchone()
        rows = conn.execute("SELECT seq, player, action_id, source FROM actions WHERE game_id = ? ORDER BY seq",
                            (game_id,)).fetchall()
        seats = dict(conn.execute("SELECT player, user_id FROM seats WHERE game_id = ?", (game_id,)).fetchall())
    finally:
        conn.close()
    info = {"name": game[0], "options": json.loads(game[1]), "seed": game[2], "players": game[3] or 0,
            "version": game[4]}
    return info, [Row(*r) for r in rows if r[3] != "undo"], seats


class Replay:
    """The engine state of a stored game, brought up to date incrementally; events and pending sets per seq."""

    def __init__(self, info: dict[str, Any]) -> None:
        self.game = registry.get(info["name"])
        self.state = self.game.new_game(info["players"], info["seed"], info["options"])
        self.rows: list[Row] = []
        self.events: dict[int, list[Event]] = {}
        self.pending_after: dict[int, frozenset[int]] = {}
        # the decision each stored step answered, and the one the game waited for after it (phase names)
        self.phase_before: dict[int, str] = {}
        self.phase_after: dict[int, str] = {}
        self.start_pending = self.pending_set()
        self.rounds: set[int] = {self.game.round_number(self.state)}  # the engine's round of every state seen

    def phase(self) -> str:
        """The phase of the current state, for a game written on the phase table (else empty)."""
        phase_of = getattr(self.game, "phase_of", None)
        return str(phase_of(self.state)) if phase_of is not None else ""

    def pending_set(self) -> frozenset[int]:
        return frozenset(d.player for d in self.game.pending(self.state))

    def catch_up(self, rows: list[Row]) -> None:
        for row in rows[len(self.rows):]:
            action = self.game.parse_action(self.state, row.player, row.action_id)
            self.phase_before[row.seq] = self.phase()
            self.state, events = self.game.apply(self.state, row.player, action)
            self.phase_after[row.seq] = self.phase()
            self.rows.append(row)
            self.events[row.seq] = events
            self.pending_after[row.seq] = self.pending_set()
            if self.game.outcome(self.state) is None:
                self.rounds.add(self.game.round_number(self.state))

    @property
    def over(self) -> bool:
        return self.game.outcome(self.state) is not None


# -- taps -----------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Tap:
    user: int
    cost: int  # a button 1, a select 2
    version: int  # the stored version when the tap was made
    what: str
    quick: bool = True  # made by a player taking the fewest taps the panel offers (see Run.quick)


@dataclass
class Choice:
    custom_id: str
    values: list[str] | None  # None: a button
    cost: int
    label: str
    shortcut: bool = False


def panel_choices(msg: Message) -> tuple[list[Choice], list[Choice], list[Choice]]:
    """What a panel or DM prompt offers: (pick menus, shortcuts, other choices); Undo and Clear are never taken."""
    picks: list[Choice] = []
    quick: list[Choice] = []
    other: list[Choice] = []
    for comp in iter_components(msg.components):
        cid = decode(str(comp.get("custom_id", "")))
        if cid is None or cid.seat is None or comp.get("disabled"):
            continue
        if cid.kind.value == PICK_KIND:
            options = [o["value"] for o in comp.get("options") or []]
            low, high = int(comp.get("min_values", 1)), int(comp.get("max_values", 1))
            picks.append(Choice(comp["custom_id"], options, 2, f"pick {low}-{high}"))
            picks[-1].label = f"{low}:{high}"
        elif cid.kind is Kind.ACTION and cid.arg not in TAKE_BACK:
            choice = Choice(comp["custom_id"], None, 1, str(comp.get("label", "")), comp.get("style") == PRIMARY)
            (quick if choice.shortcut else other).append(choice)
        elif cid.kind is Kind.SELECT:
            for option in comp.get("options") or []:
                if option["value"] in TAKE_BACK:
                    continue
                choice = Choice(comp["custom_id"], [option["value"]], 2, str(option.get("label", "")),
                                cid.arg == QUICK_PAGE)
                (quick if choice.shortcut else other).append(choice)
    return picks, quick, other


# Whole choices made for the player ("keep the suggested set"): a person choosing their own cards or
# objectives does not take them, so the random players do not either (the issue measured own choices).
SUGGESTED = re.compile(r"suggest|default", re.IGNORECASE)


@dataclass(frozen=True)
class Plan:
    """What a player in a hurry wants, whatever the release shows, so that taps compare across releases.

    Patterns are tried in order against every offered label: `first` until a tap matches `done`, then
    `then`. Associates: activate a figurine, move it once, end the activation.
    """

    first: tuple[re.Pattern[str], ...]
    done: re.Pattern[str]
    then: tuple[re.Pattern[str], ...]


PLANS: dict[str, Plan] = {
    "associates": Plan(
        first=tuple(re.compile(p) for p in (r"^Move .+ to ", r"^Movement$", r"^Move to ")),
        done=re.compile(r"^Move (?:.+ )?to "),
        then=tuple(re.compile(p) for p in (r"^Confirm", r"^End")),
    ),
    # Tribes: a player in a hurry sends a whole order in one tap (an investment or launch "… and seal", an
    # attack "All … attack …") where one is offered, else seals, passes, keeps and ends rather than building
    # long orders.
    "tribes": Plan(
        first=tuple(re.compile(p) for p in (r" and seal\b", r"^(?:All \d+ armies|The army) at .+ attacks? ",
                                            r"^Confirm", r"^Pass", r"^End the deployment", r"^Attack nobody",
                                            r"^Keep")),
        done=re.compile(r"^(?:Confirm|Pass|End the deployment|Attack nobody|Keep)"),
        then=(),
    ),
}


def choose(rng: random.Random, msg: Message, fast: bool, plan: tuple[re.Pattern[str], ...] = ()) -> Choice | None:
    """One tap: a player in a hurry (`fast`) takes a pick menu, the next step of their plan or a shortcut
    whenever one is offered, another goes step by step; otherwise both choose at random (never Undo, never
    the suggested whole choice)."""
    picks, quick, other = panel_choices(msg)
    if fast and not picks:
        for pattern in plan:
            wanted = [c for c in quick + other if pattern.search(c.label)]
            if wanted:
                return rng.choice(wanted)
    if picks and fast:
        menu = picks[0]
        low, high = (int(x) for x in menu.label.split(":"))
        assert menu.values is not None
        count = min(len(menu.values), max(low, high))
        return Choice(menu.custom_id, rng.sample(menu.values, count), 2, "pick")
    quick = [c for c in quick if not SUGGESTED.search(c.label)]
    if quick and fast:
        return rng.choice(quick)
    other = [c for c in other if not SUGGESTED.search(c.label)] or other
    if other:
        return rng.choice(other)
    if picks:  # a pick menu alone: the step-by-step player has to use it too
        return choose(rng, msg, True)
    return rng.choice(quick) if quick else None


# -- playing ----------------------------------------------------------------------------------------------------


@dataclass
class Run:
    """One game played through the bot: what the players did and saw."""

    fake: Harness
    bot: LiveBot
    game_id: int
    users: dict[int, User]
    rng: random.Random
    db: Path
    taps: list[Tap] = field(default_factory=list)
    panels: dict[int, tuple[Message, int]] = field(default_factory=dict)  # user -> (panel, version shown)
    autocomplete: list[str] = field(default_factory=list)
    started_at: float = 0.0
    info: dict[str, Any] = field(default_factory=dict)
    seats: dict[int, int | None] = field(default_factory=dict)
    replay: Replay | None = None
    refused: int = 0
    # Per user: whether the move they are making is made the fastest way (drawn when they open a panel).
    quick: dict[int, bool] = field(default_factory=dict)
    # Per user: whether their plan's main step is done in the move they are making (see Plan).
    planned: dict[int, bool] = field(default_factory=dict)

    def refresh(self) -> tuple[Replay, list[Row]]:
        self.info, rows, self.seats = read_log(self.db, self.game_id)
        if self.replay is None:
            self.replay = Replay(self.info)
        self.replay.catch_up(rows)
        return self.replay, rows

    def user_of(self, player: int) -> User | None:
        uid = self.seats.get(player)
        return self.users.get(uid) if uid is not None else None

    def dm_prompt(self, user: User) -> Message | None:
        prompts = [m for m in self.fake.dm_messages(user) if any(panel_choices(m))]
        return prompts[-1] if prompts else None

    async def open_panel(self, user: User, version: int) -> Message | None:
        """The panel a player uses now: the one they have open, their DM prompt (no tap), or "Take my turn"."""
        held = self.panels.get(user.id)
        replay = self.replay
        pending = replay.game.pending(replay.state) if replay is not None else []
        mine = [d.kind for d in pending if self.user_of(d.player) is user]
        secret = DecisionKind.SIMULTANEOUS in mine
        # A panel stays usable while nothing moved since, and through a secret choice others make at the same time.
        if held is not None and (held[1] == version or secret) and any(panel_choices(held[0])):
            return held[0]
        # A new move: three in four are made the fastest way the panel offers, the rest step by step.
        self.quick[user.id] = self.rng.random() < 0.75
        self.planned[user.id] = False
        prompt = self.dm_prompt(user)
        if prompt is None and any(k in (DecisionKind.SIMULTANEOUS, DecisionKind.REACTION) for k in mine):
            # A secret choice comes with a DM prompt: a player waits for it rather than open the panel.
            try:
                prompt = await self.fake.server.wait_until(lambda: self.dm_prompt(user), 3.0, "a DM prompt")
            except AssertionError:
                prompt = None
        if prompt is not None:
            return prompt
        table = [m for m in self.fake.channel_messages(self.fake.channel) if turn_button(m)]
        if table:
            self.taps.append(Tap(user.id, 1, version, "take my turn", self.quick[user.id]))
            rec = await self.fake.click(user, table[-1], turn_button(table[-1]) or "", settle=SETTLE)
        else:  # no table message offers the button (a reaction window): /hand
            self.taps.append(Tap(user.id, 1, version, "/hand", self.quick[user.id]))
            rec = await self.fake.slash(user, "hand", channel=self.fake.channel.id, settle=SETTLE)
        assert rec.original is not None, rec.describe()
        return rec.original

    async def act(self, user: User, version: int) -> None:
        panel = await self.open_panel(user, version)
        if panel is None:
            return
        if self.rng.random() < 0.1:  # sometimes a player looks at /play's list instead (§2 walks it too)
            found = await self.fake.autocomplete(user, "play", options={"action": ""}, focused="action",
                                                 channel=self.fake.channel.id)
            self.autocomplete += [c["name"] for c in found]
        fast = self.quick.setdefault(user.id, True)
        plan = PLANS.get(self.info.get("name", ""))
        steps = () if plan is None else plan.then if self.planned.get(user.id) else plan.first
        choice = choose(self.rng, panel, fast, steps)
        if choice is None:
            self.panels.pop(user.id, None)
            self.taps.append(Tap(user.id, 1, version, "/hand", fast))
            rec = await self.fake.slash(user, "hand", channel=self.fake.channel.id, settle=SETTLE)
            if rec.original is not None:
                self.panels[user.id] = (rec.original, version)
            return
        self.taps.append(Tap(user.id, choice.cost, version, choice.label, fast))
        if plan is not None and plan.done.search(choice.label):
            self.planned[user.id] = True
        if choice.values is None:
            rec = await self.fake.click(user, panel, choice.custom_id, settle=SETTLE)
        else:
            rec = await self.fake.select(user, panel, choice.custom_id, choice.values, settle=SETTLE)
        await finished(self.fake, rec)
        assert rec.original is not None, rec.describe()
        if "out of date" in rec.original.content:
            self.refused += 1
        _, rows = self.refresh()
        self.panels[user.id] = (rec.original, rows[-1].seq if rows else 0)

    async def play(self) -> None:
        for _ in range(MAX_TAPS):
            replay, rows = self.refresh()
            if replay.over:
                return
            version = rows[-1].seq if rows else 0
            humans = [u for p in sorted(replay.pending_set()) if (u := self.user_of(p)) is not None]
            assert humans, f"game {self.game_id}: nobody human is pending and the game is not over"
            await self.act(self.rng.choice(humans), version)
        raise AssertionError(f"game {self.game_id} did not end within {MAX_TAPS} decisions")


async def play_game(fake: Harness, bot: LiveBot, game_name: str, users: list[User], seed: int) -> Run:
    alice = users[0]
    game_id, lobby = await open_lobby(fake, alice, game_name, FAST_OPTIONS.get(game_name, {}))
    for user in users[1:]:
        await finished(fake, await fake.click(user, lobby, lobby_button(lobby, "join"), settle=SETTLE))
    run = Run(fake, bot, game_id, {u.id: u for u in users}, random.Random(seed),
              Path(bot.process.extra_env["DATABASE_PATH"]), started_at=time.monotonic())
    await finished(fake, await fake.click(alice, lobby, lobby_button(lobby, "start"), settle=SETTLE))
    await run.play()
    await fake.wait_idle(quiet=0.3)
    # What players look at after a game: these answers are walked for identifiers too.
    for sub in ("status", "players", "log", "board"):
        await fake.slash(alice, "game", subcommand=sub, channel=fake.channel.id, settle=SETTLE)
    await fake.slash(alice, "hand", channel=fake.channel.id, settle=SETTLE)
    run.refresh()
    return run


# -- §1: messages, pending changes, mentions --------------------------------------------------------------------


@dataclass
class ChannelFigures:
    posted: int
    edits: int
    pending_changes: int
    significant: int
    only_pending: list[str]
    mentions: Counter[int]
    turns_started: Counter[int]

    @property
    def budget(self) -> float:
        return 1.5 * self.pending_changes + self.significant


PENDING_LINE = re.compile(r"^(?:Now:|Waiting for\b|Not your turn\b)|^(?:<@\d+>[ ,]*)+(?:—.*)?$")


def only_pending(content: str) -> bool:
    lines = [line for line in content.splitlines() if line.strip()]
    return bool(lines) and all(PENDING_LINE.search(line.strip()) for line in lines)


def channel_figures(run: Run) -> ChannelFigures:
    """§1's counts for one game, from the requests the bot made and the replayed log."""
    replay, rows = run.refresh()
    channel = str(run.fake.channel.id)
    posts = [q for q in run.fake.requests_to("POST", MESSAGES)
             if q.params.get("channel_id") == channel and q.at >= run.started_at and 200 <= q.status < 300]
    edits = [q for q in run.fake.requests_to("PATCH", "/channels/{channel_id}/messages/{message_id}")
             if q.params.get("channel_id") == channel and q.at >= run.started_at and 200 <= q.status < 300]
    mentions: Counter[int] = Counter()
    only: list[str] = []
    for q in posts:
        body = q.body if isinstance(q.body, dict) else {}
        content = str(body.get("content") or "")
        allowed = body.get("allowed_mentions")
        pinged = set(re.findall(r"<@!?(\d+)>", content))
        if isinstance(allowed, dict) and "users" in allowed:
            pinged &= {str(u) for u in allowed.get("users") or []}
        elif isinstance(allowed, dict) and "users" not in (allowed.get("parse") or []):
            pinged = set()
        mentions.update(int(u) for u in pinged)
        if only_pending(content):
            only.append(content)
    # The channel is told in batches: a human move and the AI moves it set off.
    batches: list[tuple[frozenset[int], frozenset[int]]] = []
    before = replay.start_pending
    for n, row in enumerate(rows):
        if row.source == "human":
            if batches:
                batches[-1] = (batches[-1][0], before)
            batches.append((before, before))
        before = replay.pending_after[row.seq]
        if n == len(rows) - 1 and batches:
            batches[-1] = (batches[-1][0], before)
    first = batches[0][0] if batches else before
    turns: Counter[int] = Counter()
    for p in first:
        if (u := run.seats.get(p)) is not None:
            turns[u] += 1
    changes = 1  # the start names the first pending players
    for was, now in batches:
        if was != now:
            changes += 1
        for p in now - was:
            if (u := run.seats.get(p)) is not None:
                turns[u] += 1
    # The start and the end of the game are the significant public events of a game without reminders.
    return ChannelFigures(len(posts), len(edits), changes, 2, only, mentions, turns)


# -- §4: one table message per round, pings that go away, DMs only for secrets --------------------------------


@dataclass
class RoundFigures:
    rounds: int
    left: int  # messages left in the channel at the end (lobby, table messages, pings not deleted)
    left_only_pending: list[str]
    dms: dict[int, int]  # user -> new DMs posted to them during the game
    confirmations: list[str]  # DMs that only told a player what they chose themselves
    news: dict[int, list[str]] = field(default_factory=dict)  # user -> what each private news DM told them

    def dms_per_round(self, user: int) -> float:
        return self.dms.get(user, 0) / max(self.rounds, 1)


def private_rows(db_path: Path, game_id: int) -> list[tuple[int, dict[str, Any]]]:
    """(user, private update as stored) for every private DM the outbox delivered for the game."""
    conn = sqlite3.connect(f"file:{db_path}?mode=ro", uri=True)
    try:
        rows = conn.execute("SELECT payload FROM outbox WHERE game_id = ? AND kind = 'private' AND status = 'sent' "
                            "ORDER BY id", (game_id,)).fetchall()
    finally:
        conn.close()
    return [(int(data["user_id"]), data["update"]) for data in (json.loads(r[0]) for r in rows)]


def round_figures(run: Run) -> RoundFigures:
    """§4's counts for one game, from the fake's messages and requests, the outbox and the replayed log."""
    replay, rows = run.refresh()
    left = run.fake.channel_messages(run.fake.channel)
    dms: dict[int, int] = {}
    for user in run.users.values():
        ch = run.fake.dm_channel(user)
        if ch is None:
            continue
        dms[user.id] = len([q for q in run.fake.requests_to("POST", MESSAGES)
                            if q.params.get("channel_id") == str(ch.id) and q.at >= run.started_at
                            and 200 <= q.status < 300])
    # A private DM only confirms the player's own choice when every event it tells came from their own moves.
    by_player = {row.seq: row.player for row in rows}
    # The game's setup (hands dealt, goals offered) happened to everyone: nobody chose it.
    start = replay.game.new_game(run.info["players"], run.info["seed"], run.info["options"])
    setup = {json.dumps(e.to_json(), sort_keys=True) for e in replay.game.setup_events(start)}
    confirmations: list[str] = []
    news: dict[int, list[str]] = {}
    for dm_user, update in private_rows(run.db, run.game_id):
        player, version = int(update["player"]), int(update["version"])
        news.setdefault(dm_user, []).append(" / ".join(str(e.get("text", "")) for e in update["events"])[:80])
        events = [json.dumps(e, sort_keys=True) for e in update["events"]]
        if not events:
            continue  # the start: everyone's private view (a hand dealt, a secret goal)
        others = {json.dumps(e.to_json(), sort_keys=True) for seq, evs in replay.events.items()
                  if seq <= version and by_player.get(seq) != player for e in evs} | setup
        if not any(e in others for e in events):
            confirmations.append(f"user {dm_user} at version {version}: {update['events'][:2]}")
    return RoundFigures(len(replay.rounds), len(left), [m.content for m in left if only_pending(m.content)], dms,
                        confirmations, news)


def round_report(figures: RoundFigures, channel: ChannelFigures) -> str:
    lines = [f"§4 rounds {figures.rounds}; channel messages left at the end {figures.left} (target ≤ rounds + 3 = "
             f"{figures.rounds + 3}); left holding only who is pending: {len(figures.left_only_pending)}"]
    for user, count in sorted(channel.turns_started.items()):
        lines.append(f"   user {user}: mentions {channel.mentions[user]} for {count} turns started; new DMs "
                     f"{figures.dms.get(user, 0)} = {figures.dms_per_round(user):.2f} per round, of which private "
                     f"news {len(figures.news.get(user, []))}: {figures.news.get(user, [])[:6]}")
    lines.append(f"   DMs that only confirm the player's own choice: {len(figures.confirmations)}"
                 + "".join(f"\n     {c}" for c in figures.confirmations[:5]))
    return "\n".join(lines)


def check_rounds(figures: RoundFigures, channel: ChannelFigures) -> None:
    assert figures.left <= figures.rounds + 3, (figures.left, figures.rounds)
    assert not figures.left_only_pending, figures.left_only_pending[:5]
    for user, turns in channel.turns_started.items():
        assert channel.mentions[user] == turns, (user, channel.mentions[user], turns)
        assert figures.dms_per_round(user) <= 1.5, (user, figures.dms.get(user), figures.rounds)
    assert not figures.confirmations, figures.confirmations[:5]


# -- §3: taps per move ------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Unit:
    """One move of one player in the log: its kind and the taps it cost."""

    kind: str
    user: int
    seqs: tuple[int, ...]
    taps: int
    quick: bool = True  # made the fastest way the panels offered
    labels: tuple[str, ...] = ()  # what was tapped, in order


def never(_replay: Replay, _rows: list[Row]) -> bool:
    return False


def units(run: Run, classify: Callable[[Replay, list[Row], int], str | None],
          ends: Callable[[Replay, list[Row]], bool] = never,
          extends: Callable[[Replay, list[Row]], bool] = never) -> list[Unit]:
    """The players' moves, cut where a player stops being pending or `ends` says a move ended, with their taps.

    A tap belongs to the first move step its player stored after it (opening a panel belongs to the
    step made from it). `classify(replay, seqs, player)` names the kind of the move ending the cut (None:
    not counted); `extends` joins a cut with the player's next one (an activation a reaction interrupted).
    """
    replay, rows = run.refresh()
    by_user: dict[int, list[Row]] = {}
    for row in rows:
        if row.source == "human" and (u := run.seats.get(row.player)) is not None:
            by_user.setdefault(u, []).append(row)
    cost: Counter[int] = Counter()
    slow: set[int] = set()
    tapped: dict[int, list[str]] = {}
    for tap in run.taps:
        nxt = next((r.seq for r in by_user.get(tap.user, []) if r.seq > tap.version), None)
        if nxt is not None:
            cost[nxt] += tap.cost
            tapped.setdefault(nxt, []).append(f"{tap.what} ({tap.cost})")
            if not tap.quick:
                slow.add(nxt)
    found: list[Unit] = []
    for user, mine in by_user.items():
        current: list[Row] = []
        for row in mine:
            current.append(row)
            if row.player in replay.pending_after[row.seq] and not ends(replay, [row]):
                continue
            if extends(replay, current):
                continue
            kind = classify(replay, current, row.player)
            if kind is not None:
                seqs = tuple(r.seq for r in current)
                labels = tuple(label for q in seqs for label in tapped.get(q, []))
                found.append(Unit(kind, user, seqs, sum(cost[q] for q in seqs), not slow & set(seqs), labels))
            current = []
    return found


def event_kinds(replay: Replay, rows: list[Row]) -> list[Event]:
    return [e for r in rows for e in replay.events[r.seq]]


def vendetta_kind(replay: Replay, rows: list[Row], _player: int) -> str | None:
    for event in event_kinds(replay, rows):
        if event.kind == "move" and event.public:
            moves = event.data.get("moves") or []
            if not moves:
                return "pass"
            return "single-destination move" if len({m[1] for m in moves}) == 1 else "several destinations"
    return None


def associates_kind(replay: Replay, rows: list[Row], _player: int) -> str | None:
    kinds = [e.kind for e in event_kinds(replay, rows)]
    if "activate" in kinds and "activation_end" in kinds:
        return "activation"
    if "keep" in kinds:
        return "keep-5"
    return None


def vendetta_move_made(replay: Replay, rows: list[Row]) -> bool:
    return any(e.kind == "move" and e.public for e in event_kinds(replay, rows))


def associates_move_made(replay: Replay, rows: list[Row]) -> bool:
    return any(e.kind in ("activation_end", "keep") for e in event_kinds(replay, rows))


def associates_interrupted(replay: Replay, rows: list[Row]) -> bool:
    kinds = [e.kind for e in event_kinds(replay, rows)]
    return "activate" in kinds and "activation_end" not in kinds


# -- §2: identifiers in everything shown ------------------------------------------------------------------------


def shown_texts(fake: Harness, autocomplete: list[str]) -> list[tuple[str, str]]:
    """(where, text) for everything the bot showed anyone: every version of every message, labels, choices."""
    out: list[tuple[str, str]] = []
    for m in fake.state.messages.values():
        versions = [*m.history, {"content": m.content, "embeds": m.embeds, "components": m.components}]
        for n, v in enumerate(versions):
            where = f"message {m.id} v{n} (channel {m.channel_id}{', ephemeral' if m.ephemeral else ''})"
            out.append((where, str(v.get("content") or "")))
            for emb in v.get("embeds") or []:
                parts = [emb.get("title"), emb.get("description"), (emb.get("footer") or {}).get("text")]
                parts += [f"{f.get('name')}: {f.get('value')}" for f in emb.get("fields") or []]
                out.append((where + " embed", "\n".join(str(p) for p in parts if p)))
            for comp in iter_components(v.get("components") or []):
                shown = [comp.get("label"), comp.get("placeholder")]
                shown += [o.get("label") for o in comp.get("options") or []]
                shown += [o.get("description") for o in comp.get("options") or []]
                out += [(where + " component", str(s)) for s in shown if s]
    out += [("autocomplete", name) for name in autocomplete]
    return out


def identifier_findings(texts: list[tuple[str, str]]) -> list[str]:
    found = []
    for where, text in texts:
        clean = re.sub(r"<[@#][!&]?\d+>|https?://\S+", "", text)
        for name, pattern in IDENTIFIER_PATTERNS.items():
            match = pattern.search(clean)
            if match:
                found.append(f"{name} {match.group(0)!r} in {where}: {text[:200]!r}")
    return found


# -- the tests --------------------------------------------------------------------------------------------------


def report(game_name: str, run: Run, figures: ChannelFigures, moves: list[Unit], ids: list[str]) -> str:
    lines = [f"== {game_name}: {len(run.replay.rows) if run.replay else 0} stored moves, "
             f"{sum(t.cost for t in run.taps)} taps, {run.refused} out-of-date clicks"]
    lines.append(f"§1 channel messages posted {figures.posted} (edits {figures.edits}); pending-set changes "
                 f"{figures.pending_changes}; significant events {figures.significant}; budget 1.5×changes+events "
                 f"= {figures.budget:.1f}; messages with only who is pending: {len(figures.only_pending)}")
    for user, count in sorted(figures.mentions.items()):
        lines.append(f"   mentions of {user}: {count} (turns started for them: {figures.turns_started[user]})")
    for label, chosen in (("fastest way", [u for u in moves if u.quick]), ("all moves", moves)):
        by_kind: dict[str, list[int]] = {}
        for unit in chosen:
            by_kind.setdefault(unit.kind, []).append(unit.taps)
        for kind, taps in sorted(by_kind.items()):
            lines.append(f"§3 {kind} ({label}): {len(taps)} moves, taps median {statistics.median(taps):g}, "
                         f"min {min(taps)}, max {max(taps)}")
            if label == "fastest way":
                typical = next(u for u in chosen if u.kind == kind and u.taps == sorted(taps)[len(taps) // 2])
                lines.append("     e.g. " + " → ".join(typical.labels))
    lines.append(f"§2 identifier findings: {len(ids)}" + "".join(f"\n   {f}" for f in ids[:15]))
    return "\n".join(lines)


@pytest.mark.slow  # a minute of CPU: opt-in (GNOMEHOST_SLOW=1) to keep CI within ten minutes
async def test_associates_four_players(fake: Harness, bot_factory: Any) -> None:
    """A whole 4-player Associates game: quiet channel, plain words, keep-5 ≤ 2 taps, activation median ≤ 5."""
    dave = fake.add_user("dave")
    bot = bot_factory("bot.py")
    await bot.start(timeout=30.0)
    users = [fake.user("alice"), fake.user("bob"), fake.user("carol"), dave]
    run = await play_game(fake, bot, "associates", users, seed=10)
    figures = channel_figures(run)
    moves = units(run, associates_kind, associates_move_made, associates_interrupted)
    ids = identifier_findings(shown_texts(fake, run.autocomplete))
    rounds = round_figures(run)
    write_transcript(fake, "associates")
    print(report("associates", run, figures, moves, ids))
    print(round_report(rounds, figures))
    await bot.stop()
    if MEASURE_ONLY:
        return
    check_channel(figures)
    check_rounds(rounds, figures)
    keeps = [u.taps for u in moves if u.kind == "keep-5" and u.quick]
    activations = [u.taps for u in moves if u.kind == "activation" and u.quick]
    assert keeps and max(keeps) <= 2, keeps
    assert activations and statistics.median(activations) <= 5, sorted(activations)
    assert not ids, "\n".join(ids[:30])


async def test_vendetta_three_players(fake: Harness, bot: LiveBot) -> None:
    """A whole 3-player Vendetta game: quiet channel, plain words, a single-destination move ≤ 3 taps."""
    users = [fake.user("alice"), fake.user("bob"), fake.user("carol")]
    run = await play_game(fake, bot, "vendetta", users, seed=11)
    figures = channel_figures(run)
    moves = units(run, vendetta_kind, vendetta_move_made)
    ids = identifier_findings(shown_texts(fake, run.autocomplete))
    rounds = round_figures(run)
    write_transcript(fake, "vendetta")
    print(report("vendetta", run, figures, moves, ids))
    print(round_report(rounds, figures))
    if MEASURE_ONLY:
        return
    check_channel(figures)
    check_rounds(rounds, figures)
    single = [u.taps for u in moves if u.kind == "single-destination move" and u.quick]
    assert single and max(single) <= 3, sorted(single)
    assert not ids, "\n".join(ids[:30])


@pytest.mark.slow
async def test_tribes_three_players(fake: Harness, bot: LiveBot) -> None:
    """A whole 3-player Tribes game, the group the async figures are judged on: §4's targets hold for three too."""
    users = [fake.user("alice"), fake.user("bob"), fake.user("carol")]
    run = await play_game(fake, bot, "tribes", users, seed=13)
    figures = channel_figures(run)
    rounds = round_figures(run)
    print(round_report(rounds, figures))
    if MEASURE_ONLY:
        return
    check_channel(figures)
    check_rounds(rounds, figures)


async def test_tribes_two_players(fake: Harness, bot: LiveBot) -> None:
    """A whole 2-player Tribes game: quiet channel, plain words in every message, menu and DM prompt."""
    users = [fake.user("alice"), fake.user("bob")]
    run = await play_game(fake, bot, "tribes", users, seed=12)
    figures = channel_figures(run)
    moves = units(run, tribes_kind, tribes_move_made)
    ids = identifier_findings(shown_texts(fake, run.autocomplete))
    rounds = round_figures(run)
    write_transcript(fake, "tribes")
    print(report("tribes", run, figures, moves, ids))
    print(round_report(rounds, figures))
    if MEASURE_ONLY:
        return
    check_channel(figures)
    check_rounds(rounds, figures)
    assert not ids, "\n".join(ids[:30])
    # the secret orders went through DM prompts, and no secret reached the channel
    assert all(any(m.custom_ids() or any(h["components"] for h in m.history) for m in fake.dm_messages(u))
               for u in users)
    stored = read_game(run.db, run.game_id)
    assert stored.status == "finished"
    assert_scenario_5(fake, bot, hidden_items("tribes", stored))
    # §3: the whole orders a player in a hurry sends (the issue's targets)
    quick = {kind: [u.taps for u in moves if u.kind == kind and u.quick] for kind in TRIBES_ORDERS.values()}
    assert quick["investment order"] and statistics.median(quick["investment order"]) <= 3, quick
    assert quick["attack plan"] and statistics.median(quick["attack plan"]) <= 4, quick
    assert quick["launch order"] and max(quick["launch order"]) <= 2, quick


# Tribes moves by the decision they answered: the three orders of the issue by name, the others by phase.
TRIBES_ORDERS = {"investment": "investment order", "launch": "launch order", "plan": "attack plan"}


def tribes_kind(replay: Replay, rows: list[Row], _player: int) -> str | None:
    """Tribes moves by the decision their first step answered (investment, launch, plan, deployment, vote …)."""
    if not rows:
        return None
    phase = replay.phase_before[rows[0].seq]
    return TRIBES_ORDERS.get(phase, phase)


def tribes_move_made(replay: Replay, rows: list[Row]) -> bool:
    """A Tribes move ends where the decision it answered is over (a sealed plan is followed by the same
    player's battle cards, another decision)."""
    return any(replay.phase_before[r.seq] != replay.phase_after[r.seq] for r in rows)


def test_every_registered_game_is_played_here() -> None:
    """The identifier walk covers every registered game: a new game must get its whole-game test here."""
    assert set(registry.names()) == set(PLAYERS)


def check_channel(figures: ChannelFigures) -> None:
    assert figures.posted <= figures.budget, (figures.posted, figures.budget)
    # The spec made "your turn" a short message that names only whose turn it is and is deleted once that turn
    # is taken: such messages are posted now, and §4 (check_rounds) asserts that none is left at the end.
    for user, count in figures.mentions.items():
        assert count <= figures.turns_started[user], (user, count, figures.turns_started[user])


def test_identifier_patterns_catch_the_issues_examples_and_spare_plain_words() -> None:
    """The §2 patterns flag every example the issue quotes, and none of the plain sentences the bot should say."""
    dumps = ["draft: kind: move", "triples: home_vondingle, grand_gnome_isle, 3", "cards: black_1",
             "keep: c-bri-21-war_cry", "keep done: no", "seat: 1", "is offered: green_1", "n07",
             "Seat 2 plays the Artisans.", "player 0 moves", "game #3, active, version 17", "{'a': 1}",
             "Game over (round_limit).", "E_NOT_YOUR_TURN", "{p2} plays the Usurers."]
    for text in dumps:
        assert identifier_findings([("t", text)]), text
    plain = ["**Vendetta** — game #3 · you play Dingleson", "Now: <@123> (Dingleson)",
             "Your hand: Sprint, Trap and War Cry.", "1st: <@5> (the Usurers) — 12 pts",
             "Loot — Dingleson: a red gnome token; O'Dingle: a green gnome token.", "AI 2 (Von Dingle)",
             "Waiting for a secret choice from: <@1> (Red), <@2> (Blue)", "✅ Move from Dingleson Den"]
    for text in plain:
        assert not identifier_findings([("t", text)]), (text, identifier_findings([("t", text)]))


def test_only_pending_recognises_a_message_that_just_names_who_is_next() -> None:
    """§1's "nothing but who is pending" test: a bare pending line is caught, a message with news is not."""
    assert only_pending("Now: <@1> (Red)")
    assert only_pending("<@1> <@2> — it is your turn")
    assert not only_pending("**Round 2**\nDingleson moves 3 gnomes.\nNow: <@1> (Red)")


def test_a_tap_belongs_to_the_next_step_its_player_stored() -> None:
    """Opening the panel and the click after it count for the move step they led to, not for anyone else's."""

    class Stub:
        def __init__(self) -> None:
            self.rows = [Row(1, 0, "a", "human"), Row(2, 1, "b", "human"), Row(3, 0, "c", "human")]
            self.events = {1: [], 2: [], 3: [Event("done", "move", {"moves": [["x", "y", 1]]})]}
            self.pending_after = {1: frozenset({0, 1}), 2: frozenset({0}), 3: frozenset({1})}

    run = Run.__new__(Run)
    run.seats = {0: 100, 1: 200}
    run.taps = [Tap(100, 1, 0, "open"), Tap(100, 1, 0, "a"), Tap(200, 2, 1, "b"), Tap(100, 1, 2, "c")]
    stub = Stub()
    run.refresh = lambda: (stub, stub.rows)  # type: ignore[method-assign, assignment, return-value]  # a stub replay
    found = units(run, vendetta_kind)
    assert [(u.kind, u.user, u.taps) for u in found] == [("single-destination move", 100, 3)]
