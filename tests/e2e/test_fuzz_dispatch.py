"""Fuzzing the component and command dispatch of the real bot.py with malformed interactions.

A seeded generator builds a few hundred INTERACTION_CREATE payloads against a running game: random
custom_ids, our prefix with garbage fields, a select's id clicked as a button and the reverse, huge
numbers, unicode, values on buttons, values that are not a list, missing member/user/channel/data/
message, commands that do not exist, options of the wrong type or missing. For every one:

- the bot logs no ERROR and no traceback;
- it is answered privately with a refusal, or not at all (a payload Discord could never send, such as
  one without a user, is only logged); never "Something went wrong", never a second answer;
- the components we built to be unreadable get exactly the refusal of an unreadable button;
- the game is unchanged (same stored version), and a normal move still works afterwards.

GNOMEHOST_SLOW=1 sends ten times as many (GNOMEHOST_FUZZ_COUNT sets the number); GNOMEHOST_FUZZ_SEED picks
another seed.
"""

from __future__ import annotations

import contextlib
import copy
import os
import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest

from cogs.components import UNREADABLE_BUTTON
from cogs.custom_ids import ComponentId, Kind, PickId, SelectId, TurnId, parse
from tests.e2e.fakediscord import Harness, LiveBot, Message, User
from tests.e2e.fakediscord.records import InteractionRecord
from tests.e2e.test_scenarios import (
    SETTLE,
    db_path,
    finished,
    latest_table_message,
    read_game,
    start_table,
    stored_when,
    turn_button,
)

pytestmark = [pytest.mark.e2e, pytest.mark.timeout(240)]

COMMAND, COMPONENT, AUTOCOMPLETE = 2, 3, 4
BUTTON, STRING_SELECT = 2, 3
BUG = "Something went wrong"
SLOW = bool(os.environ.get("GNOMEHOST_SLOW"))
COUNT = int(os.environ.get("GNOMEHOST_FUZZ_COUNT", "0")) or (3000 if SLOW else 300)
SEED = int(os.environ.get("GNOMEHOST_FUZZ_SEED", "20261201"))
BATCH = 15  # dispatched together, then the bot is given time to answer them all
QUIET = 0.15  # seconds without a request from the bot after which a batch counts as answered
WEIRD = "ß漢字🎲\u200b\u202e\x00\n\"'\\`<@&1>@everyone"


class Expect:
    """What one fuzzed interaction must get back."""

    UNREADABLE = "the unreadable-button refusal"  # components built to fit no kind, or to fit one wrongly
    REFUSAL_OR_NOTHING = "a private refusal or nothing"
    NOTHING = "no answer"  # Discord never sends such a payload: nobody waits for an answer


@dataclass
class Case:
    """One fuzzed interaction: how it was built, what it must get, and its record once sent."""

    what: str
    expect: str
    rec: InteractionRecord


@dataclass
class Game:
    """What the generator knows of the running game: where it is, its message, real ids to mutate."""

    game_id: int
    version: int
    table_msg: Message
    panel: Message
    users: list[User]


def text(rng: random.Random, most: int = 120) -> str:
    """A random string: ASCII, unicode, control characters, our separators."""
    alphabet = "abcxyz0189:-#_ ~" + WEIRD + "gh:LTASPKRZ"
    return "".join(rng.choice(alphabet) for _ in range(rng.randint(0, most)))


def field(rng: random.Random) -> str:
    """A wire field of a custom_id: sometimes well-formed base 36, often not."""
    return rng.choice([
        "0", "1", "-", "", "z" * rng.randint(1, 80), str(2**64), "A", "-1", "1.5", text(rng, 8), "ZZ", " 1",
        format(rng.randint(0, 36**4), "x"),
    ])


def garbage_custom_id(rng: random.Random, game: Game) -> str:
    """A custom_id that no kind reads: random text, our prefix with garbage fields, an unknown kind letter."""
    while True:
        custom_id = _garbage(rng, game)
        # Random fields can spell a readable id by chance (a real "Take my turn"): draw again.
        if not isinstance(parse(custom_id), ComponentId):
            return custom_id


def _garbage(rng: random.Random, game: Game) -> str:
    kinds = [k.value for k in Kind]
    shape = rng.randrange(6)
    if shape == 0:
        return text(rng)
    if shape == 1:
        letter = rng.choice(["Z", "l", "", "LL", "?", "漢", *kinds])
        return f"gh:{letter}:{field(rng)}:{field(rng)}"[:100]
    if shape == 2:
        letter = rng.choice(["Z", "X", "l", "0", "漢"])
        return f"gh:{letter}:{game.game_id:x}:1:0:{text(rng, 20)}"[:100]
    if shape == 3:  # a kind with a lobby action or level that does not exist
        return f"gh:L:{rng.choice(['1', 'zz', field(rng)])}:0:-:{rng.choice(['explode', 'ai:godlike', 'join:x', ''])}"
    if shape == 4:  # numbers too large for the database
        letter = rng.choice(kinds)
        return f"gh:{letter}:{'z' * rng.randint(13, 40)}:{'z' * rng.randint(1, 30)}:{rng.choice(['-', '0', 'zzzz'])}:0"
    return rng.choice(["gh:", "gh", "GH:T:1:0:-:", "gh:T:1:0:-", "gh::::", "gh:S:x"]) + text(rng, 10)


def forged_message(game: Game, custom_id: str, component_type: int) -> dict[str, Any]:
    """The table message as if it carried a component with `custom_id` of `component_type` (what a forger sends)."""
    message = game.table_msg.to_json()
    if component_type == BUTTON:
        item: dict[str, Any] = {"type": 2, "style": 2, "label": "Forged", "custom_id": custom_id}
    else:
        item = {"type": component_type, "custom_id": custom_id, "options": [{"label": "a", "value": "a"}]}
    message["components"] = [{"type": 1, "components": [item]}]
    return message


def select_id(rng: random.Random, game: Game) -> str:
    """The custom_id of one of the game's selects (a page of actions, or a pick)."""
    if rng.random() < 0.5:
        return SelectId(game.game_id, game.version, 0, 0).encode()
    return PickId(game.game_id, game.version, 0).encode()


def component_case(fake: Harness, rng: random.Random, game: Game) -> tuple[str, str, dict[str, Any], InteractionRecord]:
    """A click with a malformed id, component type or values (routed to our items when the message carries it)."""
    user = rng.choice(game.users)
    payload, rec = fake._base_payload(user, COMPONENT, fake.channel)
    shape = rng.randrange(5)
    values: Any = None
    if shape == 0:
        custom_id, sent_as, expect, what = garbage_custom_id(rng, game), rng.choice([2, 3]), Expect.UNREADABLE, \
            "garbage id"
    elif shape == 1:  # a select's id clicked as a button, a button's id sent as a select or another type
        turn = TurnId(game.game_id, game.version).encode()
        custom_id, sent_as = rng.choice([(select_id(rng, game), rng.choice([2, 5, 6, 7, 8])),
                                         (turn, rng.choice([3, 5, 8, 99]))])
        expect, what = Expect.UNREADABLE, f"component type {sent_as} for {custom_id}"
        values = ["a"] if sent_as != 2 else None
    elif shape == 2:  # a select with values that are not a list of option values
        custom_id = select_id(rng, game)
        sent_as = STRING_SELECT
        values = rng.choice(["abc", 7, None, {"a": 1}, [1, 2], [None], ["x" * 300], ["a"] * 40, [[]], True])
        expect, what = Expect.UNREADABLE, f"values {str(values)[:30]!r}"
    elif shape == 3:  # values sent along with a button of a game that is not here
        custom_id = TurnId(game.game_id + rng.randint(1, 10**6), rng.randint(0, 99)).encode()
        sent_as, values = BUTTON, rng.choice([["a"], "x", 5, [None] * 30])
        expect, what = Expect.REFUSAL_OR_NOTHING, "button with values"
    else:  # a real id of ours whose component is not on the clicked message
        custom_id = rng.choice(game.panel.custom_ids() + game.table_msg.custom_ids())
        sent_as = BUTTON if custom_id.startswith(("gh:T", "gh:A", "gh:P")) else STRING_SELECT
        payload["message"] = game.table_msg.to_json()
        payload["message"]["components"] = []
        payload["data"] = {"custom_id": custom_id, "component_type": sent_as}
        return "component missing from its message", Expect.UNREADABLE, payload, rec
    payload["data"] = {"custom_id": custom_id, "component_type": sent_as}
    if values is not None:
        payload["data"]["values"] = values
    # Mostly the forged message carries the component (so discord.py routes it to our items), else not.
    on_message = rng.random() < 0.8
    payload["message"] = forged_message(game, custom_id if on_message else "other", sent_as)
    return what, expect, payload, rec


def option_value(rng: random.Random) -> Any:
    return rng.choice(["x", "", WEIRD, "9" * 30, 2**70, -(2**70), 1.5, True, None, [1], {"a": 1}, 0, -1])


def command_case(fake: Harness, rng: random.Random, game: Game) -> tuple[str, str, dict[str, Any], InteractionRecord]:
    """A slash command or autocomplete with an unknown name, unknown subcommand, or options of wrong types.

    Random values can make a well-formed command (`/game cancel` by the host would end the game): only a
    payload malformed by construction is sent by a player; any other comes from Carol, who is not seated.
    """
    kind = rng.choice([COMMAND, COMMAND, AUTOCOMPLETE])
    name = rng.choice([*fake.commands, *fake.commands, text(rng, 20), "admin", "game "])
    known = fake.commands.get(name)
    malformed = known is None
    command_id = fake._find_command(name).id if known else rng.randint(1, 2**63)
    data: dict[str, Any] = {"id": str(command_id), "name": name, "type": 1}
    subs = [o for o in (known or {}).get("options") or [] if o.get("type") in (1, 2)]
    leaves: list[dict[str, Any]] = []
    if subs and rng.random() < 0.85:
        sub = rng.choice(subs)
        inner = [o for o in sub.get("options") or [] if o.get("type") not in (1, 2)]
        sub_name = sub["name"] if rng.random() < 0.85 else text(rng, 10) + "?"
        malformed |= sub_name != sub["name"]
        leaves = [{"name": o["name"], "type": o["type"], "value": option_value(rng)}
                  for o in inner if rng.random() < 0.6]
        data["options"] = [{"name": sub_name, "type": 1, "options": leaves}]
    else:
        leaves = [{"name": text(rng, 8) or "x", "type": rng.choice([3, 4, 5, 6, 11, 99]), "value": option_value(rng)}
                  for _ in range(rng.randint(0, 3))]
        data["options"] = leaves
        malformed |= any(leaf["type"] == 99 for leaf in leaves)
    if leaves and rng.random() < 0.3:
        leaves[0]["type"] = 99  # a type Discord does not have
        malformed = True
    if kind == AUTOCOMPLETE and leaves:
        leaves[0]["focused"] = True
        leaves[0]["value"] = str(leaves[0]["value"])
    if rng.random() < 0.1:
        data["options"] = rng.choice(["not a list", [None], [{"type": 1}], {"name": "x"}])
        malformed = True
    user = rng.choice(game.users) if malformed else game.users[-1]
    payload, rec = fake._base_payload(user, kind, fake.channel)
    payload["data"] = data
    return f"{'autocomplete' if kind == AUTOCOMPLETE else 'command'} /{name[:20]}", Expect.REFUSAL_OR_NOTHING, \
        payload, rec


def break_shape(rng: random.Random, payload: dict[str, Any]) -> tuple[str, str | None] | None:
    """Sometimes take away part of the payload: the user, the channel, the data, the message.

    Returns what was taken and what the interaction must get now (None: what it had to get anyway;
    the answer goes back by the interaction's token, so a missing channel changes nothing).
    """
    roll = rng.random()
    if roll < 0.06:
        payload.pop("member", None)
        payload.pop("user", None)
        return "no member or user", Expect.NOTHING
    if roll < 0.10:
        payload.pop("channel", None)
        payload.pop("channel_id", None)
        return "no channel", None
    if roll < 0.13:
        payload.pop("data", None)
        return "no data", Expect.NOTHING
    if roll < 0.16:
        payload["data"] = rng.choice([[], "x", 5, None])
        return "data not an object", Expect.NOTHING
    if roll < 0.19 and payload["type"] == COMPONENT:
        payload.pop("message", None)
        return "no message", None
    if roll < 0.22 and payload["type"] == COMPONENT and isinstance(payload.get("data"), dict):
        payload["data"].pop(rng.choice(["custom_id", "component_type"]))
        return "no custom_id or component_type", Expect.NOTHING
    return None


def generate(fake: Harness, rng: random.Random, game: Game) -> Case:
    """One fuzzed interaction, built but not sent."""
    build: Callable[..., tuple[str, str, dict[str, Any], InteractionRecord]] = \
        component_case if rng.random() < 0.6 else command_case
    what, expect, payload, rec = build(fake, rng, game)
    broken = break_shape(rng, payload)
    if broken is not None:
        # A missing user, data or custom_id decides the outcome; a missing channel or message does not.
        what, expect = f"{what}, {broken[0]}", broken[1] or expect
    rec.payload = payload
    return Case(what, expect, rec)


def answers(rec: InteractionRecord) -> list[Message]:
    return [*rec.messages, *rec.followups]


def problems(case: Case) -> list[str]:
    """What is wrong with the bot's answer to one fuzzed interaction (nothing: an empty list)."""
    rec, found = case.rec, []
    texts = [m.text() for m in answers(rec)]
    refused = [f"{q.method} {q.path} {q.status} {q.response}" for q in rec.requests if q.status >= 400]
    if refused:
        found.append(f"Discord refused the answer: {refused}")
    if rec.extra_callbacks:
        found.append("answered twice")
    if any(BUG in t for t in texts):
        found.append(f"answered as a bug: {texts}")
    if rec.acknowledged and rec.callback_type != 8 and not all(m.ephemeral for m in answers(rec)):
        found.append(f"answered publicly: {texts}")
    if case.expect == Expect.UNREADABLE and texts != [UNREADABLE_BUTTON.text()]:
        found.append(f"expected the unreadable-button refusal, got {texts or 'nothing'}: {rec.describe()}")
    if case.expect == Expect.NOTHING and rec.acknowledged:
        found.append(f"expected no answer, got {texts or rec.callback_type}")
    return found


async def settled(fake: Harness, batch: list[Case], quiet: float = QUIET) -> None:
    """Wait until the cases that must be answered are, then until the bot made no request for `quiet` s.

    Quiet counts from the last dispatch too: a bot that has not begun answering a batch is not idle.
    """
    def answered() -> bool:
        return all(c.rec.acknowledged for c in batch if c.expect == Expect.UNREADABLE)

    with contextlib.suppress(AssertionError):  # a missing answer is reported, case by case, by `problems`
        await fake.server.wait_until(answered, 10.0, "the answers to a batch")
    since = max((c.rec.dispatched_at for c in batch), default=0.0)

    def idle() -> bool:
        last = max(fake.server.requests[-1].at if fake.server.requests else 0.0, since)
        return time.monotonic() - last >= quiet

    await fake.server.wait_until(idle, 30.0, f"the bot to be quiet for {quiet} s", poll=0.05)


async def running_game(fake: Harness, bot: LiveBot) -> Game:
    alice, bob = fake.user("alice"), fake.user("bob")
    game_id, _ = await start_table(fake, alice, [bob], ais=0)
    table_msg = latest_table_message(fake, fake.channel.id)
    rec = await fake.click(alice, table_msg, turn_button(table_msg) or "", settle=SETTLE)
    assert rec.original is not None and rec.original.custom_ids(), rec.describe()
    version = read_game(db_path(bot), game_id).version
    return Game(game_id, version, copy.deepcopy(table_msg), copy.deepcopy(rec.original), [alice, bob,
                                                                                          fake.user("carol")])


async def test_malformed_interactions_get_a_refusal_or_nothing_and_change_no_game(fake: Harness,
                                                                                  bot: LiveBot) -> None:
    game = await running_game(fake, bot)
    rng = random.Random(SEED)
    cases: list[Case] = []
    for start in range(0, COUNT, BATCH):
        batch = [generate(fake, rng, game) for _ in range(min(BATCH, COUNT - start))]
        for case in batch:
            await fake._dispatch(case.rec)
        cases += batch
        await settled(fake, batch)
    await settled(fake, [], quiet=1.0)  # late answers to the last batch would still be seen

    wrong = [f"{n} {c.what} [{c.expect}] {p}" for n, c in enumerate(cases) for p in problems(c)]
    assert not wrong, f"{len(wrong)} of {len(cases)} (seed {SEED}):\n" + "\n".join(wrong[:30])
    errors = bot.log_errors()
    assert not errors, "\n".join(errors[:40])
    stored = read_game(db_path(bot), game.game_id)
    assert (stored.version, stored.status) == (game.version, "active"), "a malformed interaction changed the game"
    kinds = {c.expect for c in cases}
    assert kinds == {Expect.UNREADABLE, Expect.REFUSAL_OR_NOTHING, Expect.NOTHING}, kinds  # every kind was sent

    # A normal move still works: Alice takes her turn and makes her first choice.
    table_msg = latest_table_message(fake, fake.channel.id)
    rec = await fake.click(game.users[0], table_msg, turn_button(table_msg) or "", settle=SETTLE)
    panel = rec.original
    assert panel is not None, rec.describe()
    choice = panel.custom_ids()[0]
    component = panel.find_component(choice) or {}
    if component.get("type") == STRING_SELECT:
        options = component.get("options") or []
        count = max(1, int(component.get("min_values", 1)))
        rec = await fake.select(game.users[0], panel, choice, [o["value"] for o in options[:count]], settle=SETTLE)
    else:
        rec = await fake.click(game.users[0], panel, choice, settle=SETTLE)
    await finished(fake, rec)
    await stored_when(fake, bot, game.game_id, lambda g: g.version > game.version, "the move to be stored")


async def test_each_odd_click_gets_the_unreadable_button_refusal_or_nothing(fake: Harness, bot: LiveBot) -> None:
    game = await running_game(fake, bot)
    alice = game.users[0]
    select = SelectId(game.game_id, game.version, 0, 0).encode()

    def odd(custom_id: str, sent_as: int, **changes: Any) -> Case:
        payload, rec = fake._base_payload(alice, COMPONENT, fake.channel)
        payload["data"] = {"custom_id": custom_id, "component_type": sent_as}
        payload["message"] = forged_message(game, custom_id, sent_as)
        for key, value in changes.items():
            if value is None:
                payload.pop(key, None)
            else:
                payload["data"][key] = value
        return Case(custom_id, Expect.UNREADABLE, rec)

    refused = {
        "a select's id clicked as a button": odd(select, BUTTON),
        "a select's values that are a number": odd(select, STRING_SELECT, values=7),
        "an unknown kind": odd(f"gh:Z:{game.game_id:x}:0:0:0", BUTTON),
        "no channel": odd(select, BUTTON, channel=None, channel_id=None),
    }
    for what, case in refused.items():
        await fake._dispatch(case.rec)
        await fake._await_answer(case.rec, 10.0, SETTLE, allow_refused=True)
        assert not problems(case), (what, problems(case))

    senderless = odd(select, BUTTON, member=None)
    await fake._dispatch(senderless.rec)
    await settled(fake, [senderless], quiet=0.5)
    assert not senderless.rec.acknowledged
    warnings = [line for line in bot.log_lines(("WARNING",)) if "names no user" in line]
    assert len(warnings) == 1, warnings
    assert not bot.log_errors(), bot.log_errors()
