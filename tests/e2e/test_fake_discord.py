"""Self-tests of the loopback Discord harness (no bot.py needed).

The protocol tests talk to the fake with raw aiohttp; the flow tests run
``tests/e2e/fakediscord/demo_bot.py`` (a real discord.py client) as a subprocess.
"""

from __future__ import annotations

import asyncio
import json
import time
import zlib
from collections.abc import AsyncIterator, Callable
from pathlib import Path

import aiohttp
import pytest

from tests.e2e.fakediscord import Harness, LiveBot
from tests.e2e.fakediscord.records import APPLICATION_COMMAND

pytestmark = [pytest.mark.e2e, pytest.mark.timeout(60)]

DEMO = Path(__file__).parent / "fakediscord" / "demo_bot.py"


@pytest.fixture
async def demo(fake: Harness, bot_factory: Callable[..., LiveBot]) -> AsyncIterator[LiveBot]:
    """The demo discord.py bot, connected and ready."""
    live = bot_factory(DEMO, log_name="demo.log")
    await live.start(timeout=20.0)
    yield live
    await live.stop()


def _auth(h: Harness) -> dict[str, str]:
    return {"Authorization": f"Bot {h.token}"}


# -- protocol, without a bot ----------------------------------------------------------------------
async def test_rest_basics_and_unknown_routes(fake: Harness) -> None:
    async with aiohttp.ClientSession() as s:
        async with s.get(fake.api_base + "/users/@me", headers=_auth(fake)) as resp:
            assert resp.status == 200
            assert resp.headers["Content-Type"] == "application/json"
            me = await resp.json()
        assert me["id"] == str(fake.bot_user.id) and me["bot"] is True
        async with s.get(fake.api_base + "/users/@me") as resp:
            assert resp.status == 401
        async with s.get(fake.api_base + "/gateway/bot", headers=_auth(fake)) as resp:
            assert (await resp.json())["url"] == fake.gateway_url
        async with s.post(fake.api_base + "/guilds/1/nonsense", headers=_auth(fake), json={}) as resp:
            assert resp.status == 404
            body = await resp.json()
            assert set(body) == {"code", "message"}
    assert [str(q) for q in fake.unknown_requests] == ["POST /guilds/1/nonsense -> 404"]
    assert any("unknown route: POST /guilds/1/nonsense" in p for p in fake.validate_all())


async def test_gateway_handshake_plain_and_zlib(fake: Harness) -> None:
    async with aiohttp.ClientSession() as s:
        async with s.ws_connect(fake.gateway_url + "?v=10&encoding=json") as ws:
            hello = await ws.receive_json(timeout=5)
            assert hello["op"] == 10 and hello["d"]["heartbeat_interval"] > 0
            await ws.send_json({"op": 1, "d": None})
            assert (await ws.receive_json(timeout=5))["op"] == 11
            await ws.send_json({"op": 2, "d": {"token": fake.token, "intents": 1 | 2, "properties": {}}})
            ready = await ws.receive_json(timeout=5)
            guild = await ws.receive_json(timeout=5)
            assert ready["t"] == "READY" and ready["d"]["user"]["id"] == str(fake.bot_user.id)
            assert ready["d"]["application"]["id"] == str(fake.state.application_id)
            assert guild["t"] == "GUILD_CREATE" and guild["s"] == ready["s"] + 1
            names = {m["user"]["username"] for m in guild["d"]["members"]}
            assert {"alice", "bob", "carol", "mod", "Gnomehost"} <= names
            assert guild["d"]["channels"][0]["name"] == "gnome-games"
        async with s.ws_connect(fake.gateway_url + "?v=10&encoding=json") as ws:
            await ws.receive_json(timeout=5)
            await ws.send_json({"op": 2, "d": {"token": fake.token, "intents": 1, "properties": {}}})
            await ws.receive_json(timeout=5)
            guild = await ws.receive_json(timeout=5)
            # Without the GUILD_MEMBERS intent Discord lists only the bot's own member.
            assert [m["user"]["username"] for m in guild["d"]["members"]] == ["Gnomehost"]
            assert guild["d"]["member_count"] == 6  # owner, alice, bob, carol, mod, the bot
        async with s.ws_connect(fake.gateway_url + "?v=10&encoding=json&compress=zlib-stream") as ws:
            inflate = zlib.decompressobj()
            frame = await ws.receive(timeout=5)
            assert frame.type == aiohttp.WSMsgType.BINARY
            assert frame.data.endswith(b"\x00\x00\xff\xff")
            assert json.loads(inflate.decompress(frame.data))["op"] == 10
            await ws.send_json({"op": 1, "d": None})
            frame = await ws.receive(timeout=5)
            assert json.loads(inflate.decompress(frame.data))["op"] == 11
        async with s.ws_connect(fake.gateway_url + "?v=10&encoding=json") as ws:
            await ws.receive_json(timeout=5)
            await ws.send_json({"op": 2, "d": {"token": "wrong", "properties": {}}})
            closing = await ws.receive(timeout=5)
            assert closing.type == aiohttp.WSMsgType.CLOSE and closing.data == 4004


async def test_interaction_protocol_errors(fake: Harness) -> None:
    alice = fake.user("alice")
    _payload, rec = fake._base_payload(alice, APPLICATION_COMMAND, fake.channel)
    fake.server.interactions.append(rec)
    fake.server.interactions_by_token[rec.token] = rec
    base = fake.api_base
    app = fake.state.application_id
    async with aiohttp.ClientSession() as s:
        async with s.post(f"{base}/webhooks/{app}/{rec.token}", json={"content": "too early"}) as resp:
            assert resp.status == 404 and (await resp.json())["code"] == 10015
        async with s.post(f"{base}/interactions/{rec.id}/nope/callback", json={"type": 4}) as resp:
            assert resp.status == 404 and (await resp.json())["code"] == 10062
        cb = {"type": 4, "data": {"content": "hi", "flags": 64}}
        async with s.post(f"{base}/interactions/{rec.id}/{rec.token}/callback?with_response=1", json=cb) as resp:
            assert resp.status == 200 and resp.headers["Content-Type"] == "application/json"
            body = await resp.json()
        assert body["interaction"]["id"] == str(rec.id) and body["interaction"]["response_message_ephemeral"]
        assert body["resource"]["message"]["content"] == "hi"
        async with s.post(f"{base}/interactions/{rec.id}/{rec.token}/callback", json=cb) as resp:
            assert resp.status == 400 and (await resp.json())["code"] == 40060
        form = aiohttp.FormData(quote_fields=False)
        form.add_field("payload_json", json.dumps({"content": "file", "attachments": [{"id": 0,
                                                                                     "filename": "b.png"}]}))
        form.add_field("files[0]", b"PNGDATA", filename="b.png", content_type="application/octet-stream")
        async with s.post(f"{base}/webhooks/{app}/{rec.token}?wait=true", data=form) as resp:
            assert resp.status == 200
    assert rec.ephemeral and rec.content == "hi"
    assert rec.followups[0].attachment("b.png").data == b"PNGDATA"
    assert fake.ephemeral_messages(alice)[0].content == "hi"
    assert fake.channel_messages(fake.channel)[-1].content == "file"
    problems = fake.validate_all()
    assert any("extra callback" in p for p in problems)
    rec.dispatched_at -= 5
    assert any("later than 3.0s" in p for p in fake.validate_all())


async def test_validation_reports_spec_and_limit_violations(fake: Harness) -> None:
    ch = fake.channel.id
    bad = {
        "content": "x" * 2001,
        "components": [
            {"type": 1, "components": [{"type": 2, "style": 1, "label": "L" * 81, "custom_id": "c" * 101}]},
            *({"type": 1, "components": [{"type": 2, "style": 1, "label": "ok", "custom_id": f"b{i}"}]}
              for i in range(5)),
        ],
    }
    async with aiohttp.ClientSession() as s:
        async with s.post(f"{fake.api_base}/channels/{ch}/messages", headers=_auth(fake), json=bad) as resp:
            assert resp.status == 400  # Discord refuses over-limit payloads: Invalid Form Body
            assert (await resp.json())["code"] == 50035
        async with s.post(f"{fake.api_base}/channels/{ch}/messages", headers=_auth(fake), json={}) as resp:
            assert resp.status == 400 and (await resp.json())["code"] == 50006  # empty message
        async with s.post(f"{fake.api_base}/channels/{ch}/messages", headers=_auth(fake),
                          json={"content": 5}) as resp:
            assert resp.status == 200
    text = "\n".join(fake.validate_all(deadlines=False))
    assert "content has 2001 chars > 2000" in text
    assert "6 action rows > 5" in text
    assert "has 101 chars > 100" in text
    assert "button label" in text
    assert "field content: [type]" in text
    assert fake.channel_messages(fake.channel) == [fake.latest_message(fake.channel)]  # only {"content": 5} posted
    assert fake.validate_all(spec=False, limits=False, deadlines=False, http_errors=False) == []


# -- a real discord.py client -----------------------------------------------------------------------
async def test_demo_bot_flow(fake: Harness, demo: LiveBot) -> None:
    alice, bob, carol = fake.user("alice"), fake.user("bob"), fake.user("carol")
    tree = fake.commands
    play = next(o for o in tree["demo"]["options"] if o["name"] == "play")
    assert next(o for o in play["options"] if o["name"] == "action")["autocomplete"] is True

    choices = await fake.autocomplete(alice, "demo", subcommand="play", focused="action", value="")
    assert len(choices) == 25 and choices[0] == {"name": "move-00", "value": "move-00"}
    choices = await fake.autocomplete(alice, "demo", subcommand="play", options={"times": 2},
                                      focused="action", value="3")
    assert [c["value"] for c in choices] == ["move-03", "move-13", "move-23", "move-30", "move-31", "move-32",
                                             "move-33", "move-34", "move-35", "move-36", "move-37", "move-38",
                                             "move-39"]

    rec = await fake.slash(alice, "demo", subcommand="play", options={"action": "move-03", "times": 2})
    assert rec.callback_type == 4 and not rec.ephemeral
    assert rec.content == f"<@{alice.id}> played move-03 x2"
    table = fake.latest_message(fake.channel)
    assert table is rec.original and table.custom_ids() == ["demo:count:0", "demo:pick"]

    rec = await fake.click(bob, table, "demo:count:0")
    assert rec.callback_type == 7 and table.content == "count=1"
    assert table.custom_ids() == ["demo:count:1", "demo:pick"]
    with pytest.raises(AssertionError, match="has no component 'demo:count:0'"):
        await fake.click(bob, table, "demo:count:0")

    rec = await fake.select(bob, table, "demo:pick", ["move-07"])
    assert rec.ephemeral and rec.content == "picked move-07"
    assert rec.original is not None and rec.original.ephemeral_to == bob.id

    rec = await fake.slash(alice, "demo", subcommand="secret")
    assert rec.ephemeral and rec.content == "only you can see this"
    assert all(m.content != "only you can see this" for m in fake.channel_messages(fake.channel))

    rec = await fake.slash(alice, "demo", subcommand="file")
    assert rec.callback_type == 5 and rec.content == "here is the board"
    assert rec.answer_latency is not None and rec.callback_latency is not None
    assert rec.answer_latency >= rec.callback_latency
    att = rec.messages[0].attachment("board.png")
    assert att.data.startswith(b"\x89PNG") and att.size == 8 + 1024

    rec = await fake.slash(alice, "demo", subcommand="dm")
    dm = await fake.wait_for_dm(alice, lambda m: "secret hand" in m.content)
    assert dm.content == "your secret hand: 3 gnomes" and dm.labels() == ["Count 100"]
    rec = await fake.click(alice, dm, dm.custom_id_for("Count"))
    assert rec.guild_id is None and rec.payload["context"] == 1 and "member" not in rec.payload
    assert rec.callback_type == 7 and dm.content == "count=101"

    rec = await fake.slash(alice, "demo", subcommand="admin poke", options={"target": bob, "loud": True})
    assert rec.content == f"poked BOB ({bob.id}) member=True"

    opened = await fake.slash(bob, "demo", subcommand="rename")
    assert opened.modal is not None and opened.modal["title"] == "Rename your gnome"
    rec = await fake.submit_modal(bob, opened, {"demo:name": "Sir Dingle"})
    assert rec.ephemeral and rec.content == "renamed to Sir Dingle"

    rec = await fake.slash(bob, "demo", subcommand="thread")
    await fake.wait_idle()
    (thread,) = fake.threads(fake.channel.id)
    assert thread.name == "game-1" and [m.content for m in fake.channel_messages(thread)] == ["welcome to game 1"]
    rec = await fake.slash(carol, "demo", subcommand="play", options={"action": "move-05"}, channel=thread)
    assert rec.original is not None and rec.original.channel_id == thread.id
    assert fake.latest_message(thread).content == f"<@{carol.id}> played move-05 x1"

    assert all(ix.within_deadline for ix in fake.interactions)
    assert fake.unknown_requests == []
    assert "max" in fake.timing_report()
    fake.assert_valid()
    assert demo.log_errors() == []
    assert any(line.endswith("demo: synced") for line in demo.log_lines(("INFO",)))

    # Leak check: edited-away content still counts; ephemeral answers and DMs do not.
    leaks = fake.find_leaks(["played move-03", "only you can see this", "secret hand", "welcome to game"])
    assert any("'played move-03' visible in" in leak and " v0 content" in leak for leak in leaks)
    assert any("'welcome to game'" in leak for leak in leaks)
    assert not any("only you can see" in leak or "secret hand" in leak for leak in leaks)


async def test_demo_bot_dm_closed_notice(fake: Harness, demo: LiveBot) -> None:
    bob = fake.user("bob")
    fake.set_dms_closed(bob)
    await fake.slash(bob, "demo", subcommand="dm")
    notice = await fake.wait_for_message(fake.channel, lambda m: "can't DM you" in m.content)
    assert notice.content == f"<@{bob.id}>, I can't DM you — use /hand"
    assert fake.dm_messages(bob) == []
    dm_posts = [q for q in fake.requests_to("POST", "/channels/{channel_id}/messages") if q.status == 403]
    assert len(dm_posts) == 1 and dm_posts[0].response["code"] == 50007
    fake.assert_valid()


async def test_persistent_button_survives_sigkill(fake: Harness, demo: LiveBot) -> None:
    alice, carol = fake.user("alice"), fake.user("carol")
    await fake.slash(alice, "demo", subcommand="play", options={"action": "move-01"})
    table = fake.latest_message(fake.channel)
    first_pid = demo.process.pid

    started = time.monotonic()
    await demo.restart()
    restart_s = time.monotonic() - started
    assert demo.process.pid != first_pid and demo.process.runs == 2
    assert restart_s < 10, f"restart took {restart_s:.1f}s"

    rec = await fake.click(carol, table, "demo:count:0")
    assert rec.callback_type == 7 and table.content == "count=1"
    rec = await fake.click(carol, table, "demo:count:1")
    assert table.custom_ids()[0] == "demo:count:2"
    assert fake.server.gateway.identify_count == 2

    await fake.drop_gateway()
    assert fake.server.gateway.active is not None and fake.server.gateway.active.resumed
    rec = await fake.click(carol, table, "demo:count:2")
    assert rec.callback_type == 7 and table.content == "count=3"
    assert fake.server.gateway.identify_count == 2, "a dropped connection must RESUME, not IDENTIFY again"
    fake.assert_valid()


async def test_concurrent_clicks_are_recorded_separately(fake: Harness, demo: LiveBot) -> None:
    alice, bob = fake.user("alice"), fake.user("bob")
    await fake.slash(alice, "demo", subcommand="play", options={"action": "move-02"})
    table = fake.latest_message(fake.channel)
    first, second = await asyncio.gather(fake.click(alice, table, "demo:count:0"),
                                         fake.click(bob, table, "demo:count:0"))
    assert first.id != second.id and first.acknowledged and second.acknowledged
    assert {first.user.name, second.user.name} == {"alice", "bob"}
    assert table.edits == 2 and table.content == "count=1"
    lats = [lat for _, lat in fake.timings()]
    assert all(lat is not None and lat < 3.0 for lat in lats)


async def test_dead_bot_fails_fast_with_log(fake: Harness, bot_factory: Callable[..., LiveBot],
                                            tmp_path: Path) -> None:
    script = tmp_path / "crash.py"
    script.write_text("import sys\nprint('boom: no token accepted', file=sys.stderr)\nsys.exit(2)\n")
    live = bot_factory(script, log_name="crash.log")
    started = time.monotonic()
    with pytest.raises(AssertionError, match=r"(?s)died \(exit code 2\).*boom: no token accepted"):
        await live.start(timeout=20.0)
    assert time.monotonic() - started < 5
    assert live.process.returncode == 2


async def test_denied_bot_permission_is_visible_and_enforced(fake: Harness, demo: LiveBot) -> None:
    from tests.e2e.fakediscord.state import PERM

    fake.deny_bot_permission(fake.channel, "send_messages")
    rec = await fake.slash(fake.user("carol"), "demo", subcommand="thread")
    assert rec.content == "opening a thread"  # interaction responses bypass channel permissions
    assert not int(rec.payload["app_permissions"]) & PERM["send_messages"]
    await fake.wait_idle()
    refused = fake.http_errors()
    assert [(q.route, q.status, q.response["code"]) for q in refused] == [
        ("/channels/{channel_id}/messages", 403, 50013)]
    assert any("error answer: POST /channels/" in p for p in fake.validate_all())
    assert fake.threads() == []


async def test_fake_refuses_like_discord() -> None:
    from tests.e2e.fakediscord.records import AUTOCOMPLETE

    h = Harness(strict_deadline=True)
    await h.start()
    try:
        alice = h.add_user("alice")
        recs = []
        for itype in (APPLICATION_COMMAND, AUTOCOMPLETE, APPLICATION_COMMAND):
            _payload, rec = h._base_payload(alice, itype, h.channel)
            h.server.interactions.append(rec)
            h.server.interactions_by_token[rec.token] = rec
            recs.append(rec)
        slash, auto, late = recs
        late.dispatched_at -= 3.5
        url = h.api_base + "/interactions/{}/{}/callback"
        too_many = {"type": 8, "data": {"choices": [{"name": f"c{i}", "value": str(i)} for i in range(26)]}}
        async with aiohttp.ClientSession() as s:
            async with s.post(url.format(slash.id, slash.token), json={"type": 8, "data": {"choices": []}}) as resp:
                assert resp.status == 400 and (await resp.json())["code"] == 50035  # wrong callback type
            async with s.post(url.format(auto.id, auto.token), json=too_many) as resp:
                assert resp.status == 400 and "26 choices > 25" in await resp.text()
            async with s.post(url.format(late.id, late.token), json={"type": 4, "data": {"content": "x"}}) as resp:
                assert resp.status == 404 and (await resp.json())["code"] == 10062
        assert not (slash.acknowledged or auto.acknowledged or late.acknowledged)
        problems = h.validate_all()
        assert sum("no callback" in p for p in problems) == 3
        assert any("26 choices > 25" in p for p in problems)
    finally:
        await h.stop()


async def test_attachment_over_interaction_limit_is_refused(fake: Harness, demo: LiveBot) -> None:
    fake.state.attachment_size_limit = 500
    started = time.monotonic()
    with pytest.raises(AssertionError, match="the fake refused the bot's answer"):
        await fake.slash(fake.user("alice"), "demo", subcommand="file", timeout=10.0)
    assert time.monotonic() - started < 5, "a refused answer must end the wait at once"
    rec = await fake.slash(fake.user("alice"), "demo", subcommand="file", allow_refused=True)
    assert rec.payload["attachment_size_limit"] == 500 and rec.callback_type == 5
    assert rec.followups == [] and rec.edits == []
    refused = fake.http_errors()
    assert [(q.status, q.response["code"]) for q in refused] == [(400, 50035), (400, 50035)]
    assert any("'board.png' is 1032 bytes > attachment_size_limit 500" in p for p in fake.validate_all())
