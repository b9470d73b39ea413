"""Self-tests of the fake Discord's fault injection, as discord.py's own HTTP client experiences it.

Most tests drive ``discord.http.HTTPClient`` (the client bot.py uses) straight at the fake; the last
ones inject faults while the demo bot runs as a separate process.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator, Callable
from pathlib import Path

import aiohttp
import discord
import pytest
from discord.http import HTTPClient, Route

from tests.e2e.fakediscord import Fault, Harness, LiveBot

pytestmark = [pytest.mark.e2e, pytest.mark.timeout(60)]

MESSAGES = "/channels/{channel_id}/messages"
DEMO = Path(__file__).parent / "fakediscord" / "demo_bot.py"


@pytest.fixture
async def http(fake: Harness, monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[HTTPClient]:
    """discord.py's HTTP client, logged in to the fake (no max_ratelimit_timeout: it sleeps any 429)."""
    monkeypatch.setattr(Route, "BASE", fake.api_base)
    client = HTTPClient(asyncio.get_running_loop())
    await client.static_login(fake.token)
    yield client
    await client.close()


async def _post(http: HTTPClient, channel_id: int, text: str) -> dict[str, object]:
    return await http.request(Route("POST", MESSAGES, channel_id=channel_id), json={"content": text})


def _statuses(fake: Harness, method: str, route: str) -> list[int]:
    return [q.status for q in fake.requests_to(method, route)]


# -- 429 ------------------------------------------------------------------------------------------
async def test_429_is_slept_for_retry_after_then_retried(fake: Harness, http: HTTPClient) -> None:
    fault = fake.inject_429(MESSAGES, method="POST", retry_after=0.4)
    start = time.monotonic()
    sent = await _post(http, fake.channel.id, "after the limit")
    assert time.monotonic() - start >= 0.4
    assert sent["content"] == "after the limit"
    first, second = fake.requests_to("POST", MESSAGES)
    assert (first.status, second.status) == (429, 200) and second.at - first.at >= 0.4
    assert first.fault is fault and fault.hits == [first] and not fault.active
    assert first.response == {"message": "You are being rate limited.", "retry_after": 0.4, "global": False}
    assert [m.content for m in fake.channel_messages(fake.channel)] == ["after the limit"]  # posted once


async def test_429_answer_has_discord_body_and_headers(fake: Harness) -> None:
    fake.inject_429(MESSAGES, retry_after=1.5)
    fake.inject_429("/users/@me", retry_after=0.25, is_global=True)
    auth = {"Authorization": f"Bot {fake.token}"}
    async with aiohttp.ClientSession() as s:
        async with s.post(f"{fake.api_base}/channels/{fake.channel.id}/messages", json={"content": "x"},
                          headers=auth) as resp:
            assert resp.status == 429 and resp.headers["Content-Type"] == "application/json"
            assert await resp.json() == {"message": "You are being rate limited.", "retry_after": 1.5,
                                         "global": False}
            h = resp.headers
            assert h["Via"] == "1.1 google" and h["Retry-After"] == "2"
            assert (h["X-RateLimit-Limit"], h["X-RateLimit-Remaining"], h["X-RateLimit-Reset-After"]) == (
                "5", "0", "1.500")
            assert float(h["X-RateLimit-Reset"]) == pytest.approx(time.time() + 1.5, abs=1.0)
            assert len(h["X-RateLimit-Bucket"]) == 16 and h["X-RateLimit-Scope"] == "user"
        async with s.get(f"{fake.api_base}/users/@me", headers=auth) as resp:
            assert resp.status == 429 and (await resp.json())["global"] is True
            assert resp.headers["X-RateLimit-Global"] == "true" and resp.headers["X-RateLimit-Scope"] == "global"
            assert resp.headers["Via"] == "1.1 google" and resp.headers["Retry-After"] == "1"
        async with s.get(f"{fake.api_base}/users/@me", headers=auth) as resp:
            assert resp.status == 200  # count=1: spent


async def test_global_429_holds_every_other_request(fake: Harness, http: HTTPClient) -> None:
    fault = fake.inject_429("/channels/{channel_id}", method="GET", retry_after=0.5, is_global=True)
    limited = asyncio.create_task(http.request(Route("GET", "/channels/{channel_id}", channel_id=fake.channel.id)))
    (hit,) = await fake.wait_fault_hit(fault)
    # The fake answered; wait until discord.py has read the 429 and closed its global gate.
    deadline = time.monotonic() + 5
    while http._global_over.is_set() and time.monotonic() < deadline:
        await asyncio.sleep(0.005)
    assert not http._global_over.is_set(), "discord.py did not treat the 429 as global"
    me = await http.request(Route("GET", "/users/@me"))  # another route: waits for the global limit
    assert me["id"] == str(fake.bot_user.id)
    (me_req,) = [q for q in fake.requests_to("GET", "/users/@me") if q.at > hit.at]
    assert me_req.at - hit.at >= 0.45
    assert (await limited)["id"] == str(fake.channel.id)
    assert _statuses(fake, "GET", "/channels/{channel_id}") == [429, 200]


async def test_429_longer_than_max_ratelimit_timeout_raises_rate_limited(
        fake: Harness, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(Route, "BASE", fake.api_base)
    client = HTTPClient(asyncio.get_running_loop(), max_ratelimit_timeout=30.0)
    await client.static_login(fake.token)
    try:
        fake.inject_429(MESSAGES, retry_after=45.0)
        with pytest.raises(discord.RateLimited) as caught:
            await _post(client, fake.channel.id, "never sent")
    finally:
        await client.close()
    assert caught.value.retry_after == 45.0
    assert _statuses(fake, "POST", MESSAGES) == [429]


async def test_429_on_every_attempt_exhausts_discord_py_retries(fake: Harness, http: HTTPClient) -> None:
    fault = fake.inject_429(MESSAGES, retry_after=0.05, count=None)
    with pytest.raises(discord.HTTPException) as caught:
        await _post(http, fake.channel.id, "never sent")
    assert caught.value.status == 429
    assert _statuses(fake, "POST", MESSAGES) == [429] * 5 and len(fault.hits) == 5 and fault.active
    fault.cancel()
    await _post(http, fake.channel.id, "sent")
    assert _statuses(fake, "POST", MESSAGES) == [429] * 5 + [200]


# -- 5xx ------------------------------------------------------------------------------------------
async def test_500_is_retried_by_discord_py(fake: Harness, http: HTTPClient) -> None:
    fake.inject_5xx(500, MESSAGES)
    await _post(http, fake.channel.id, "second try")
    first, second = fake.requests_to("POST", MESSAGES)
    assert (first.status, second.status) == (500, 200) and second.at - first.at >= 1.0  # discord.py sleeps 1 s
    assert len(fake.channel_messages(fake.channel)) == 1


async def test_503_raises_discord_server_error_at_once(fake: Harness, http: HTTPClient) -> None:
    fake.inject_5xx(503, MESSAGES)
    with pytest.raises(discord.DiscordServerError) as caught:
        await _post(http, fake.channel.id, "never sent")
    assert caught.value.status == 503 and caught.value.text == "503: Service Unavailable"
    assert _statuses(fake, "POST", MESSAGES) == [503]
    assert fake.channel_messages(fake.channel) == []


# -- 50013 / 50007 --------------------------------------------------------------------------------
async def test_50013_is_forbidden_on_the_chosen_channel_only(fake: Harness, http: HTTPClient) -> None:
    other = fake.add_channel("elsewhere")
    fake.inject_50013(MESSAGES, channel=fake.channel, count=None)
    with pytest.raises(discord.Forbidden) as caught:
        await _post(http, fake.channel.id, "refused")
    assert (caught.value.status, caught.value.code, caught.value.text) == (403, 50013, "Missing Permissions")
    await _post(http, other.id, "allowed")
    assert fake.channel_messages(fake.channel) == []
    assert [m.content for m in fake.channel_messages(other)] == ["allowed"]


async def test_50007_on_the_dm_with_one_user(fake: Harness, http: HTTPClient) -> None:
    alice, bob = fake.user("alice"), fake.user("bob")
    fake.inject_50007(MESSAGES, method="POST", user=bob)  # before the DM channel even exists
    bob_dm = await http.start_private_message(bob.id)
    alice_dm = await http.start_private_message(alice.id)
    with pytest.raises(discord.Forbidden) as caught:
        await _post(http, int(bob_dm["id"]), "your hand")
    assert (caught.value.code, caught.value.text) == (50007, "Cannot send messages to this user")
    await _post(http, int(alice_dm["id"]), "your hand")
    assert fake.dm_messages(bob) == [] and [m.content for m in fake.dm_messages(alice)] == ["your hand"]


# -- matching and bookkeeping ---------------------------------------------------------------------
async def test_duration_ends_a_fault_in_time(fake: Harness) -> None:
    fault = fake.inject_50013("/users/*", method="GET", count=None, duration=0.4)
    auth = {"Authorization": f"Bot {fake.token}"}
    async with aiohttp.ClientSession() as s:
        async with s.get(f"{fake.api_base}/users/@me", headers=auth) as resp:
            assert resp.status == 403
        async with s.get(f"{fake.api_base}/users/{fake.user('alice').id}", headers=auth) as resp:
            assert resp.status == 403  # the glob covers every /users/... path
        await asyncio.sleep(0.45)
        async with s.get(f"{fake.api_base}/users/@me", headers=auth) as resp:
            assert resp.status == 200
    assert len(fault.hits) == 2 and not fault.active


async def test_first_live_matching_rule_answers_and_spent_rules_stop(fake: Harness, http: HTTPClient) -> None:
    get_only = fake.inject_5xx(503, "/channels/*", method="GET")
    forbidden = fake.inject(Fault(status=403, code=50001, message="Missing Access", route=MESSAGES, count=2))
    with pytest.raises(discord.Forbidden) as caught:
        await _post(http, fake.channel.id, "a")  # POST: skips the GET-only rule
    assert caught.value.code == 50001
    with pytest.raises(discord.DiscordServerError):
        await http.request(Route("GET", MESSAGES, channel_id=fake.channel.id))  # both match: the first wins
    with pytest.raises(discord.Forbidden):
        await http.request(Route("GET", MESSAGES, channel_id=fake.channel.id))
    assert [len(get_only.hits), len(forbidden.hits)] == [1, 2]
    await _post(http, fake.channel.id, "b")
    assert [f.active for f in fake.faults] == [False, False]
    fake.inject_50013(count=None)
    fake.clear_faults()
    await _post(http, fake.channel.id, "c")
    assert [m.content for m in fake.channel_messages(fake.channel)] == ["b", "c"]


async def test_faulted_requests_are_recorded_but_not_blamed_on_the_bot(fake: Harness, http: HTTPClient) -> None:
    fake.inject_50013(MESSAGES)
    fake.inject_429(MESSAGES, retry_after=0.05)
    with pytest.raises(discord.Forbidden):
        await _post(http, fake.channel.id, "refused")
    await _post(http, fake.channel.id, "ok")
    assert _statuses(fake, "POST", MESSAGES) == [403, 429, 200]
    assert [q.status for q in fake.faulted_requests] == [403, 429]
    assert str(fake.faulted_requests[0]).endswith("-> 403 (injected fault)")
    assert fake.http_errors() == [] and fake.validate_all() == []


def test_fault_rules_refuse_nonsense() -> None:
    with pytest.raises(ValueError, match="error status"):
        Fault(status=200)
    with pytest.raises(ValueError, match="count"):
        Fault(status=500, count=0)
    with pytest.raises(ValueError, match="5xx"):
        Harness().inject_5xx(404)


# -- while a bot process runs ---------------------------------------------------------------------
@pytest.fixture
async def demo(fake: Harness, bot_factory: Callable[..., LiveBot]) -> AsyncIterator[LiveBot]:
    """The demo discord.py bot, connected and ready."""
    live = bot_factory(DEMO, log_name="demo.log")
    await live.start(timeout=20.0)
    yield live
    await live.stop()


async def test_bot_process_retries_a_rate_limited_callback(fake: Harness, demo: LiveBot) -> None:
    callback = "/interactions/{interaction_id}/{interaction_token}/callback"
    fault = fake.inject_429(callback, retry_after=0.3)
    rec = await fake.slash(fake.user("alice"), "demo", subcommand="secret")
    assert rec.content == "only you can see this" and rec.ephemeral
    assert [q.status for q in rec.requests] == [429, 200] and rec.requests[0].fault is fault
    assert rec.callback_latency is not None and rec.callback_latency >= 0.3
    # Interaction answers go through discord.py's webhook adapter, which logs its own 429 warning.
    assert any("is rate limited. Retrying in 0.30 seconds" in line for line in demo.log_lines(("WARNING",)))
    fake.assert_valid()


async def test_bot_process_sees_injected_50007_as_closed_dms(fake: Harness, demo: LiveBot) -> None:
    bob = fake.user("bob")
    fake.inject_50007(MESSAGES, method="POST", user=bob)
    await fake.slash(bob, "demo", subcommand="dm")
    notice = await fake.wait_for_message(fake.channel, lambda m: "can't DM you" in m.content)
    assert notice.content == f"<@{bob.id}>, I can't DM you — use /hand"
    assert fake.dm_messages(bob) == [] and len(fake.faulted_requests) == 1
    fake.assert_valid()
