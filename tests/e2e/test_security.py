"""Security of the Discord layer, end to end against the real bot.py: what a stranger can make the bot do.

- /game rules reads only registered games' rules, whatever the `game` text names;
- a game number reaches only games of the guild it comes from (and, for buttons, of the message's channel);
  another guild's game is answered exactly like a game that does not exist;
- every string option takes 5,000 characters and every integer option takes numbers ≥ 2^63 with a
  refusal that fits Discord's limits (the command tree is iterated: new commands are covered);
- unreadable custom_ids and stale commands get one refusal, never "Something went wrong";
- a malformed INTERACTION_CREATE (no `data`, a component without `custom_id`) is logged and survived.

Interactions "from another guild" and malformed ones are built here from the harness's own payloads
(the fake Discord hosts a single guild and only sends well-formed events).
"""

from __future__ import annotations

import asyncio
import re
from pathlib import Path
from typing import Any

import pytest

from tests.e2e.fakediscord import Harness, LiveBot, Message, User
from tests.e2e.fakediscord.records import InteractionRecord
from tests.e2e.fakediscord.state import Channel
from tests.e2e.test_scenarios import FAST_OPTIONS, finished, lobby_button, open_lobby

pytestmark = [pytest.mark.e2e, pytest.mark.timeout(180)]

REPO = Path(__file__).resolve().parents[2]
OTHER_GUILD = 4_242_424_242_424_242
BUG = "Something went wrong"
COMMAND, COMPONENT = 2, 3
STRING, INTEGER, BOOLEAN, USER = 3, 4, 5, 6
GAME_COMMANDS = ("status", "board", "players", "log")


# -- building interactions the fake does not send by itself --------------------------------------------------


def from_other_guild(payload: dict[str, Any], rec: InteractionRecord) -> None:
    """Make a guild payload claim to come from OTHER_GUILD (a server where the bot is also installed)."""
    payload["guild_id"] = str(OTHER_GUILD)
    payload["guild"]["id"] = str(OTHER_GUILD)
    payload["channel"]["guild_id"] = str(OTHER_GUILD)
    payload["authorizing_integration_owners"] = {"0": str(OTHER_GUILD)}
    if isinstance(payload.get("message"), dict):
        payload["message"]["guild_id"] = str(OTHER_GUILD)
    rec.guild_id = OTHER_GUILD


async def send(fake: Harness, rec: InteractionRecord) -> InteractionRecord:
    """Dispatch a prepared interaction and wait for the bot's answer (the fake's refusals are returned too)."""
    await fake._dispatch(rec)
    return await fake._await_answer(rec, 15.0, 0.05, allow_refused=True)


async def raw_slash(fake: Harness, user: User, subcommand: str | None, options: dict[str, Any], *,
                    channel: Channel | None = None, other_guild: bool = False, command: str = "game",
                    data: dict[str, Any] | None = None) -> InteractionRecord:
    """/<command> <subcommand> as sent by Discord, optionally from another guild or with hand-made data."""
    payload, rec = fake._base_payload(user, COMMAND, channel or fake.channel)
    payload["data"] = data if data is not None else fake._command_data(fake._find_command(command), subcommand,
                                                                         options)
    if other_guild:
        from_other_guild(payload, rec)
    return await send(fake, rec)


async def raw_click(fake: Harness, user: User, message: Message, custom_id: str, *, other_guild: bool = False,
                    channel: Channel | None = None) -> InteractionRecord:
    """A click on `custom_id` as if it were on `message` (moved to `channel` when given)."""
    where = channel or fake.get_channel(message.channel_id)
    payload, rec = fake._base_payload(user, COMPONENT, where)
    payload["data"] = {"custom_id": custom_id, "component_type": 2}
    payload["message"] = message.to_json()
    payload["message"]["channel_id"] = str(where.id)
    if custom_id not in message.custom_ids():
        # discord.py only runs components that are on the clicked message: a forger puts it there.
        button = {"type": 2, "style": 2, "label": "Forged", "custom_id": custom_id}
        payload["message"]["components"] = [{"type": 1, "components": [button]}]
    if other_guild:
        from_other_guild(payload, rec)
    rec.source_message = message
    return await send(fake, rec)


def answer_text(rec: InteractionRecord) -> str:
    """Everything the user was shown for one interaction."""
    return "\n".join(m.text() for m in [*rec.messages, *rec.followups] if m.text()) or rec.all_text


def refused_by_fake(rec: InteractionRecord) -> list[str]:
    return [f"{q} {q.response}" for q in rec.requests if q.status >= 400]


def assert_clean_refusal(rec: InteractionRecord, what: str) -> str:
    """The interaction got exactly one answer that fits Discord's limits and is not a bug report."""
    assert rec.acknowledged, f"{what}: no answer at all"
    assert not refused_by_fake(rec), f"{what}: Discord refused the bot's answer: {refused_by_fake(rec)}"
    assert not rec.extra_callbacks, f"{what}: answered twice"
    text = answer_text(rec)
    assert text, f"{what}: an empty answer"
    assert BUG not in text, f"{what}: {text[:300]}"
    assert all(len(m.content) <= 2000 for m in [*rec.messages, *rec.followups])
    return text


def normalised(text: str, game_id: int) -> str:
    return text.replace(f"#{game_id}", "#N")


# -- the command tree as synced ----------------------------------------------------------------------------


def invocations(fake: Harness) -> list[tuple[str, str | None, list[dict[str, Any]]]]:
    """(command, subcommand path or None, leaf options) for every invocable slash command the bot synced."""
    found: list[tuple[str, str | None, list[dict[str, Any]]]] = []

    def walk(name: str, path: list[str], options: list[dict[str, Any]]) -> None:
        subs = [o for o in options if o.get("type") in (1, 2)]
        if not subs:
            found.append((name, " ".join(path) or None, options))
        for sub in subs:
            walk(name, [*path, sub["name"]], sub.get("options") or [])

    for name, command in fake.commands.items():
        walk(name, [], command.get("options") or [])
    return found


def label(command: str, sub: str | None, option: str) -> str:
    """"game rules topic", "play action": how an option is named in these tests' messages."""
    return " ".join(part for part in (command, sub, option) if part)


def filler(option: dict[str, Any], fake: Harness) -> Any:
    """An ordinary value for a required option."""
    if option.get("choices"):
        return option["choices"][0]["value"]
    return {STRING: "x", INTEGER: 1, BOOLEAN: False, USER: fake.user("alice")}.get(option["type"], "x")


def options_with(fake: Harness, options: list[dict[str, Any]], name: str, value: Any) -> dict[str, Any]:
    given = {o["name"]: filler(o, fake) for o in options if o.get("required") and o["name"] != name}
    given[name] = value
    return given


# -- 1. rules -----------------------------------------------------------------------------------------------


async def test_rules_never_read_a_file_named_by_the_user(fake: Harness, bot: LiveBot, tmp_path: Path) -> None:
    alice = fake.user("alice")
    planted = tmp_path / "planted.md"
    planted.write_text("## Planted\nTHE-PLANTED-SECRET\n", encoding="utf-8")
    secrets = ["THE-PLANTED-SECRET", (REPO / "README.md").read_text(encoding="utf-8").splitlines()[0],
               "The path of one move"]
    for name in ("../../README", "../architecture", str(tmp_path / "planted"), "vendetta/../../README"):
        for topic in (None, "Planted"):
            options = {"game": name} | ({"topic": topic} if topic else {})
            rec = await fake.slash(alice, "game", subcommand="rules", options=options, allow_refused=True)
            text = assert_clean_refusal(rec, f"/game rules game:{name}")
            assert "There is no game called" in text, text
            for secret in secrets:
                assert secret not in text, f"/game rules game:{name} showed {secret!r}"
    rec = await fake.slash(alice, "game", subcommand="rules", options={"game": "vendetta"})
    assert "Topics" in answer_text(rec)  # a registered game still has its rules


# -- 2. game numbers from another guild ---------------------------------------------------------------------


async def test_another_guild_sees_no_game_by_number_and_gets_the_missing_game_answer(fake: Harness,
                                                                                       bot: LiveBot) -> None:
    alice, bob, carol = fake.user("alice"), fake.user("bob"), fake.user("carol")
    game_id, lobby = await open_lobby(fake, alice, "vendetta", FAST_OPTIONS["vendetta"])
    await finished(fake, await fake.click(bob, lobby, lobby_button(lobby, "join")))
    missing = game_id + 1000
    for sub in GAME_COMMANDS:
        here = await raw_slash(fake, carol, sub, {"game": game_id})
        foreign = await raw_slash(fake, carol, sub, {"game": game_id}, other_guild=True)
        absent = await raw_slash(fake, carol, sub, {"game": missing}, other_guild=True)
        foreign_text = assert_clean_refusal(foreign, f"/game {sub} from another guild")
        absent_text = assert_clean_refusal(absent, f"/game {sub} of a missing game")
        assert normalised(foreign_text, game_id) == normalised(absent_text, missing), (foreign_text, absent_text)
        assert str(alice.id) not in foreign_text and "Vendetta" not in foreign_text
        assert "There is no game" not in answer_text(here), answer_text(here)  # visible in its own guild

    # Without a number, only this guild's channel game counts: another guild naming this channel finds none.
    claimed = await raw_slash(fake, carol, "status", {}, other_guild=True)
    assert "no open game in this channel" in assert_clean_refusal(claimed, "/game status from another guild")

    # In a DM only the user's own games are visible.
    dm_stranger = await raw_slash(fake, carol, "status", {"game": game_id}, channel=fake.state.dm_channel(carol))
    dm_missing = await raw_slash(fake, carol, "status", {"game": missing}, channel=fake.state.dm_channel(carol))
    assert normalised(assert_clean_refusal(dm_stranger, "DM status"), game_id) == \
        normalised(assert_clean_refusal(dm_missing, "DM status"), missing)
    dm_player = await raw_slash(fake, bob, "status", {"game": game_id}, channel=fake.state.dm_channel(bob))
    assert f"game #{game_id}" in answer_text(dm_player) and "Lobby" in answer_text(dm_player)


# -- 3. lobby buttons -----------------------------------------------------------------------------------------


async def test_lobby_buttons_act_only_in_the_lobbys_channel(fake: Harness, bot: LiveBot) -> None:
    alice, bob, carol, mod = fake.user("alice"), fake.user("bob"), fake.user("carol"), fake.user("mod")
    game_id, lobby = await open_lobby(fake, alice, "vendetta", FAST_OPTIONS["vendetta"])
    before = lobby.content
    join, cancel = lobby_button(lobby, "join"), lobby_button(lobby, "cancel")
    missing_join = join.replace(f"gh:L:{int_base36(game_id)}:", f"gh:L:{int_base36(game_id + 1000)}:")

    outsider = await raw_click(fake, carol, lobby, join, other_guild=True)
    nowhere = await raw_click(fake, carol, lobby, missing_join, other_guild=True)
    outsider_text = assert_clean_refusal(outsider, "Join from another guild")
    assert normalised(outsider_text, game_id) == normalised(assert_clean_refusal(nowhere, "Join of a missing game"),
                                                            game_id + 1000)
    their_mod = await raw_click(fake, mod, lobby, cancel, other_guild=True)
    assert_clean_refusal(their_mod, "Cancel by another guild's moderator")
    elsewhere = fake.add_channel("elsewhere")
    moved = await raw_click(fake, carol, lobby, join, channel=elsewhere)
    assert_clean_refusal(moved, "Join on a copy of the lobby in another channel")

    await asyncio.sleep(0.2)
    assert lobby.content == before, "a refused click changed the lobby"
    status = await fake.slash(alice, "game", subcommand="status")
    assert "Lobby: 1/" in answer_text(status) and str(carol.id) not in answer_text(status), answer_text(status)
    # The buttons still work where they belong.
    await finished(fake, await fake.click(bob, lobby, join))
    assert f"<@{bob.id}>" in lobby.content


def int_base36(number: int) -> str:
    digits = "0123456789abcdefghijklmnopqrstuvwxyz"
    out = ""
    while True:
        number, rest = divmod(number, 36)
        out = digits[rest] + out
        if number == 0:
            return out


# -- 4. long text, huge numbers, unreadable ids, stale commands ------------------------------------------------


async def test_every_string_option_takes_5000_characters(fake: Harness, bot: LiveBot) -> None:
    alice = fake.user("alice")
    long_text = "ŵ" + "a" * 4998 + "\n"
    checked = []
    for with_lobby in (False, True):
        if with_lobby:
            await open_lobby(fake, alice, "vendetta", FAST_OPTIONS["vendetta"])
        for command, sub, options in invocations(fake):
            for option in (o for o in options if o["type"] == STRING):
                given = options_with(fake, options, option["name"], long_text)
                rec = await fake.slash(alice, command, subcommand=sub, options=given, allow_refused=True)
                assert_clean_refusal(rec, f"/{command} {sub} {option['name']}:<5000 chars>")
                checked.append(label(command, sub, option["name"]))
    assert {"game rules topic", "game rules game", "play action", "game new game"} <= set(checked), checked
    assert not bot.log_errors(), bot.log_tail(40)


async def test_huge_integers_unreadable_ids_and_stale_commands_are_refusals(fake: Harness, bot: LiveBot) -> None:
    alice = fake.user("alice")
    game_id, lobby = await open_lobby(fake, alice, "vendetta", FAST_OPTIONS["vendetta"])
    checked = []
    for command, sub, options in invocations(fake):
        for option in (o for o in options if o["type"] == INTEGER):
            for value in (2**63, 2**64, -(2**63) - 1, 10**30):
                given = options_with(fake, options, option["name"], value)
                rec = await fake.slash(alice, command, subcommand=sub, options=given, allow_refused=True)
                text = assert_clean_refusal(rec, f"/{command} {sub} {option['name']}:{value}")
                assert option["name"] in text or "no game" in text, text
            checked.append(label(command, sub, option["name"]))
    assert {"game status game", "game settings afk_after", "hand game"} <= set(checked), checked

    unreadable = [f"gh:L:{int_base36(game_id)}:0:-:explode", "gh:L:" + "z" * 60 + ":0:-:join",
                  f"gh:T:{int_base36(game_id)}:" + "z" * 60 + ":-:", "gh:A:" + "z" * 40 + ":1:0:pass",
                  f"gh:P:{int_base36(game_id)}:1:0:not-a-page"]
    for custom_id in unreadable:
        rec = await raw_click(fake, alice, lobby, custom_id)
        assert_clean_refusal(rec, f"click {custom_id[:30]}")

    stale = [{"id": "1", "name": "gone", "type": 1, "options": []},
             {"id": "2", "name": "game", "type": 1, "options": [{"name": "explode", "type": 1, "options": []}]}]
    for data in stale:
        rec = await raw_slash(fake, alice, None, {}, data=data)
        text = assert_clean_refusal(rec, f"stale command {data['name']}")
        assert "out of date" in text and len(rec.messages) == 1, rec.describe()
    await asyncio.sleep(0.3)
    assert not bot.log_errors(), bot.log_tail(40)


# -- 5. malformed gateway events -------------------------------------------------------------------------------


async def test_malformed_interactions_are_logged_and_the_bot_keeps_answering(fake: Harness, bot: LiveBot) -> None:
    alice = fake.user("alice")
    _game_id, lobby = await open_lobby(fake, alice, "vendetta", FAST_OPTIONS["vendetta"])
    broken: list[dict[str, Any]] = []
    payload, _ = fake._base_payload(alice, COMMAND, fake.channel)  # no "data" at all
    broken.append(payload)
    payload, _ = fake._base_payload(alice, COMPONENT, fake.channel)  # a click without "data"
    payload["message"] = lobby.to_json()
    broken.append(payload)
    payload, _ = fake._base_payload(alice, COMPONENT, fake.channel)  # a click without "custom_id"
    payload["data"] = {"component_type": 2}
    payload["message"] = lobby.to_json()
    broken.append(payload)
    payload, _ = fake._base_payload(alice, COMPONENT, fake.channel)  # no message to click on
    payload["data"] = {"custom_id": lobby_button(lobby, "join"), "component_type": 2}
    broken.append(payload)
    for body in broken:
        assert await fake.server.gateway.dispatch("INTERACTION_CREATE", body)
    await asyncio.sleep(0.5)
    assert bot.running, bot.log_tail(40)
    rec = await fake.slash(alice, "game", subcommand="status")
    assert "Lobby" in answer_text(rec)
    assert len(re.findall("malformed interaction", bot.log_text())) == 3, bot.log_tail(40)
    assert not bot.log_errors(), bot.log_tail(40)
