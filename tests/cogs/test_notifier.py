"""DiscordNotifier against a recording stand-in for the bot: what goes to the channel, what by DM."""

import dataclasses
from types import SimpleNamespace
from typing import Any, cast

import aiohttp
import discord
import pytest
from discord.utils import MISSING

from cogs import notifier as notifier_module
from cogs.client import GnomehostBot
from cogs.components import table_view
from cogs.inflight import InFlight
from cogs.notifier import DiscordNotifier, delivery_error
from cogs.panels import Panel
from engine.core.decisions import DecisionKind
from engine.core.events import private_event, public_event
from engine.core.phrases import phrase
from host.notifier import RetryLater, Undeliverable
from host.outbox import NoticeKind
from host.results import (
    MessageRef,
    PendingPlayer,
    PrivateUpdate,
    Reminder,
    SeatInfo,
    TableInfo,
    TableSettings,
    TableStatus,
    TableUpdate,
    UpdateKind,
)
from i18n import Locale
from present import attention

TABLE = TableInfo(
    game_id=3, game_name="no_renderer_game", title="Test Game", guild_id=1, channel_id=50, host_user_id=10,
    status=TableStatus.ACTIVE, options={}, seats=(SeatInfo(0, 10, False, 0), SeatInfo(1, 11, False, 1)),
    min_players=2, max_players=4, version=5, settings=TableSettings(), created_at=0.0, updated_at=0.0,
)


class Sent(SimpleNamespace):
    pass


def http_error(status, code=0, text="failed"):
    response = SimpleNamespace(status=status, reason=text)
    data = {"code": code, "message": text}
    if status == 403:
        return discord.Forbidden(response, data)
    if status == 404:
        return discord.NotFound(response, data)
    if status >= 500:
        return discord.DiscordServerError(response, data)
    return discord.HTTPException(response, data)


class Sink:
    def __init__(self, channel_id=50, fail=None):
        self.id = channel_id
        self.sent = []
        self.edits = []
        self.deleted = []
        self.fail = fail

    async def send(self, content, **kwargs):
        if self.fail is not None:
            raise self.fail
        self.sent.append((content, kwargs))
        return Sent(id=9000 + len(self.sent), channel=SimpleNamespace(id=self.id))

    def get_partial_message(self, message_id):
        sink = self

        class Partial:
            async def edit(self, **kwargs):
                sink.edits.append((message_id, kwargs))

            async def delete(self):
                if sink.fail is not None:
                    raise sink.fail
                sink.deleted.append(message_id)

        return Partial()


class FakePlayers:
    """Who is away (user -> when the vacation ends), as the service's Players answers it."""

    def __init__(self):
        self.away = {}

    async def away_until(self, user_ids):
        return {u: t for u, t in self.away.items() if u in user_ids}

    async def locale_of(self, user_id):
        return None


class FakeService:
    def __init__(self):
        self.players = FakePlayers()


class FakeBot:
    def __init__(self, closed_dms=(), channel_fail=None):
        self.service = FakeService()
        self.channel = Sink(fail=channel_fail)
        self.dms = {}
        self.closed = set(closed_dms)
        self.inflight = InFlight()

    def get_partial_messageable(self, channel_id, guild_id=None):
        if channel_id in self.dms:
            return self.dms[channel_id]
        assert channel_id == TABLE.channel_id
        return self.channel

    def get_guild(self, guild_id):
        return None

    async def create_dm(self, user):
        fail = http_error(403, 50007, "Cannot send messages to this user") if user.id in self.closed else None
        return self.dms.setdefault(user.id, Sink(user.id, fail))


def notifier_for(bot: FakeBot) -> DiscordNotifier:
    """A DiscordNotifier over the stand-in bot."""
    # The stand-in has only what these tests make DiscordNotifier use of its bot: partial messageables, guilds
    # and DMs (PromptingBot adds the service, for the replaced build_panel).
    return DiscordNotifier(cast(GnomehostBot, bot))


async def test_table_message_mentions_exactly_the_pending_players():
    bot = FakeBot()
    notifier = notifier_for(bot)
    pending = (PendingPlayer(1, 11, DecisionKind.TURN, "Move"),)
    update = TableUpdate(3, UpdateKind.MOVES, "Round 2", 6,
                         public_events=(public_event("Red moved."), private_event(1, "You drew the SECRET")),
                         public_view={}, pending=pending, mention=(1,))
    ref = await notifier.post_to_table(TABLE, update, None)
    assert ref == MessageRef(50, 9001)
    (content, kwargs), = bot.channel.sent
    assert "Red moved." in content and "SECRET" not in content and content.endswith("Now: <@11>")
    assert [u.id for u in kwargs["allowed_mentions"].users] == [11]
    assert kwargs["allowed_mentions"].everyone is False
    (button,) = kwargs["view"].children
    assert button.item.label == "Take my turn" and button.custom_id == "gh:T:3:6:-:"


async def test_a_new_table_message_takes_the_buttons_off_the_previous_one():
    bot = FakeBot()
    pending = (PendingPlayer(1, 11, DecisionKind.TURN, "Move"),)
    update = TableUpdate(3, UpdateKind.MOVES, "", 7, public_view={}, pending=pending)
    await notifier_for(bot).post_to_table(TABLE, update, MessageRef(50, 1234))
    assert bot.channel.edits == [(1234, {"view": None})]


async def test_final_message_has_no_button():
    bot = FakeBot()
    update = TableUpdate(3, UpdateKind.ENDED, "The end", 9, public_view={})
    await notifier_for(bot).post_to_table(TABLE, update, None)
    (_content, kwargs), = bot.channel.sent
    assert kwargs.get("view", MISSING) is MISSING


async def test_closed_dms_are_undeliverable_and_say_so():
    bot = FakeBot(closed_dms={11})
    update = PrivateUpdate(3, 1, 6, (private_event(1, "You drew a card"),), {"me": {}})
    with pytest.raises(Undeliverable) as caught:
        await notifier_for(bot).send_private(TABLE, 11, update)
    assert caught.value.dm_closed is True
    assert bot.channel.sent == []


async def test_the_closed_dm_notice_mentions_the_user_and_names_hand():
    bot = FakeBot()
    await notifier_for(bot).post_notice(TABLE, NoticeKind.DM_CLOSED, 11)
    (content, kwargs), = bot.channel.sent
    assert content == ("<@11>, I can't DM you — use /hand to see your cards and take your turn. To get your turns "
                       "by DM: tap this server's name, then Privacy Settings, turn on Direct Messages, and use any "
                       "of my buttons or commands.")
    assert [u.id for u in kwargs["allowed_mentions"].users] == [11]
    french = FakeBot()
    await notifier_for(french).post_notice(TRIBES_FR, NoticeKind.DM_CLOSED, 11)
    (content, _), = french.channel.sent
    assert content.startswith("<@11>, je ne peux pas t'envoyer de message privé — utilise /main"), content


@pytest.mark.parametrize(
    ("error", "retry"),
    [
        (http_error(500), True),
        (http_error(503), True),
        (http_error(403, 50013, "Missing Permissions"), False),
        (http_error(404, 10003, "Unknown Channel"), False),
        (http_error(400, 50035, "Invalid Form Body"), False),
        (aiohttp.ClientConnectionError("reset"), True),
        (TimeoutError(), True),
    ],
)
async def test_discord_failures_become_retry_later_or_undeliverable(error, retry):
    bot = FakeBot(channel_fail=error)
    pending = (PendingPlayer(1, 11, DecisionKind.TURN, "Move"),)
    update = TableUpdate(3, UpdateKind.MOVES, "", 7, public_view={}, pending=pending)
    with pytest.raises(RetryLater if retry else Undeliverable):
        await notifier_for(bot).post_to_table(TABLE, update, None)


def test_a_rate_limit_carries_discords_retry_after():
    failure = delivery_error(discord.RateLimited(12.5))
    assert isinstance(failure, RetryLater) and failure.after == 12.5


async def test_private_update_goes_by_dm():
    bot = FakeBot()
    await notifier_for(bot).send_private(TABLE, 10, PrivateUpdate(3, 0, 6, (private_event(0, "You drew X"),), {}))
    (content, _), = bot.dms[10].sent
    assert "🔒 You drew X" in content
    assert bot.channel.sent == []


async def test_an_empty_hand_goes_by_dm_as_a_sentence_without_a_picture():
    from dataclasses import replace

    from present.text import empty_private_text
    from render.associates import samples as associates_samples

    bot = FakeBot()
    table = replace(TABLE, game_name="associates")
    empty = {**associates_samples.crowded_view(), "hand": [], "draft": None, "drawn": []}
    await notifier_for(bot).send_private(table, 10, PrivateUpdate(3, 0, 6, (), empty))
    await notifier_for(bot).send_private(table, 10, PrivateUpdate(3, 0, 7, (), associates_samples.crowded_private()))
    (content, kwargs), (held, held_kwargs) = bot.dms[10].sent
    assert empty_private_text() in content and kwargs.get("file", MISSING) is MISSING
    assert empty_private_text() not in held and held_kwargs["file"].filename == "hand.png"


async def test_reminder_pings_pending_humans_only():
    bot = FakeBot()
    pending = [PendingPlayer(0, None, DecisionKind.TURN, "", is_ai=True), PendingPlayer(1, 11, DecisionKind.TURN, "")]
    await notifier_for(bot).ping_pending(TABLE, pending, "your turn is waiting")
    (content, kwargs), = bot.channel.sent
    assert content == "<@11> — your turn is waiting"
    assert [u.id for u in kwargs["allowed_mentions"].users] == [11]


async def test_a_private_step_posts_nothing_in_the_channel():
    bot = FakeBot()
    notifier = notifier_for(bot)
    pending = (PendingPlayer(1, 11, DecisionKind.TURN, "Move"),)
    quiet = TableUpdate(3, UpdateKind.MOVES, "", 6, public_view={}, pending=pending, public_change=False)
    assert await notifier.post_to_table(TABLE, quiet, None) is None
    assert bot.channel.sent == []


class PromptingBot(FakeBot):
    pass  # its service is handed to build_panel, which the tests replace


async def test_a_prompt_is_a_dm_with_the_choice_buttons_and_retires_the_last_one(monkeypatch):
    async def fake_build_panel(service, game_id, user_id, *, player=None, note="", **kwargs):
        return Panel(f"prompt for seat {player}", table_view(game_id, 6), [], None)

    monkeypatch.setattr(notifier_module, "build_panel", fake_build_panel)
    bot = PromptingBot()
    bot.dms[11] = Sink(11)
    ref = await notifier_for(bot).send_prompt(TABLE, 11, 1, MessageRef(11, 77))
    (content, kwargs), = bot.dms[11].sent
    assert content == "prompt for seat 1" and kwargs["view"].children
    assert ref == MessageRef(11, 9001)
    assert bot.dms[11].edits == [(77, {"view": None})]
    assert bot.channel.sent == []


async def test_no_prompt_when_the_choice_is_no_longer_theirs(monkeypatch):
    async def fake_build_panel(service, game_id, user_id, *, player=None, note="", **kwargs):
        return Panel("nothing to decide", None, [], None)

    monkeypatch.setattr(notifier_module, "build_panel", fake_build_panel)
    bot = PromptingBot()
    assert await notifier_for(bot).send_prompt(TABLE, 11, 1, None) is None
    assert bot.dms == {}


async def test_only_players_whose_decision_is_new_are_mentioned():
    bot = FakeBot()
    pending = (PendingPlayer(0, 10, DecisionKind.SIMULTANEOUS, "Choose"),
               PendingPlayer(1, 11, DecisionKind.SIMULTANEOUS, "Choose"))
    update = TableUpdate(3, UpdateKind.MOVES, "", 6, public_view={}, pending=pending, mention=(1,))
    await notifier_for(bot).post_to_table(TABLE, update, None)
    (_content, kwargs), = bot.channel.sent
    assert [u.id for u in kwargs["allowed_mentions"].users] == [11]


async def test_the_table_post_says_who_of_its_players_is_away_until_when():
    bot = FakeBot()
    user = next(seat.user_id for seat in TABLE.seats if seat.user_id is not None)
    bot.service.players.away[user] = 1_800_000_000.0
    pending = (PendingPlayer(1, 11, DecisionKind.TURN, "Move"),)
    update = TableUpdate(3, UpdateKind.MOVES, "", 6, public_view={}, pending=pending)
    await notifier_for(bot).post_to_table(TABLE, update, None)
    (content, _kwargs), = bot.channel.sent
    assert f"Away: <@{user}> until <t:1800000000:f>." in content


async def test_an_edit_update_rewrites_the_live_status_message_in_place():
    from host.results import PostMode

    bot = FakeBot()
    pending = (PendingPlayer(1, 11, DecisionKind.TURN, "Move"),)
    update = TableUpdate(3, UpdateKind.MOVES, "", 7, (public_event("Red moved."), public_event("Red fought.")),
                         public_view={}, pending=pending, mode=PostMode.EDIT)
    ref = await notifier_for(bot).post_to_table(TABLE, update, MessageRef(50, 555))
    assert ref == MessageRef(50, 555) and bot.channel.sent == []
    ((message_id, kwargs),) = bot.channel.edits
    assert message_id == 555 and "Red moved." in kwargs["content"] and "Red fought." in kwargs["content"]
    assert kwargs["view"].children[0].custom_id == "gh:T:3:7:-:"
    assert kwargs["allowed_mentions"].users == []


async def test_the_turn_ping_is_short_and_mentions_only_the_humans_whose_turn_began():
    bot = FakeBot()
    pending = (PendingPlayer(1, 11, DecisionKind.TURN, "Move"), PendingPlayer(2, None, DecisionKind.TURN, "", True))
    ref = await notifier_for(bot).post_turn_ping(TABLE, pending)
    ((content, kwargs),) = bot.channel.sent
    assert ref == MessageRef(50, 9001)
    assert content == "<@11> — your turn in **Test Game**."
    assert [u.id for u in kwargs["allowed_mentions"].users] == [11] and kwargs["allowed_mentions"].everyone is False


async def test_a_turn_ping_for_ai_seats_alone_posts_nothing():
    bot = FakeBot()
    ai = (PendingPlayer(2, None, DecisionKind.TURN, "", True),)
    assert await notifier_for(bot).post_turn_ping(TABLE, ai) is None and bot.channel.sent == []


async def test_deleting_a_ping_that_is_gone_already_is_fine_and_a_server_error_is_retried():
    bot = FakeBot()
    await notifier_for(bot).delete_ping(TABLE, MessageRef(50, 777))
    assert bot.channel.deleted == [777]
    bot.channel.fail = http_error(404, 10008, "Unknown Message")
    await notifier_for(bot).delete_ping(TABLE, MessageRef(50, 777))
    bot.channel.fail = http_error(503)
    with pytest.raises(RetryLater):
        await notifier_for(bot).delete_ping(TABLE, MessageRef(50, 777))


class CountingStore:
    """A SQLite store that counts the writes of the users' languages."""

    def __init__(self, store):
        self.store = store
        self.locale_writes = 0

    async def get_player(self, user_id):
        return await self.store.get_player(user_id)

    async def set_player_locale(self, user_id, locale, at):
        self.locale_writes += 1
        await self.store.set_player_locale(user_id, locale, at)


async def test_a_dm_to_a_user_last_seen_in_french_is_french_and_clicks_in_it_write_once(tmp_path: Any) -> None:
    from db.sqlite_store import open_sqlite_store
    from host.players import Players

    store = await open_sqlite_store(tmp_path / "dm.db")
    try:
        counting = CountingStore(store)
        bot = FakeBot()
        players = Players(cast(Any, counting), lambda: 1000.0)
        bot.service.players = cast(Any, players)
        notifier = notifier_for(bot)
        update = PrivateUpdate(3, 0, 6, (), {})
        await notifier.send_private(TABLE, 10, update)  # never seen: English
        assert bot.dms[10].sent[-1][0].startswith(f"**{TABLE.title}** — game #{TABLE.game_id}")
        for _ in range(3):  # three clicks from a French client: one write
            await players.seen_locale(10, "fr")
        assert counting.locale_writes == 1 and getattr(await store.get_player(10), "locale", None) == "fr"
        await notifier.send_private(TABLE, 10, update)
        content = bot.dms[10].sent[-1][0]
        assert content.startswith(f"**{TABLE.title}** — partie n° {TABLE.game_id}"), content
        assert "Ta vue privée est ci-dessous" in content
        # A process started later reads the stored language: the DM is still French.
        fresh = FakeBot()
        fresh.service.players = cast(Any, Players(store, lambda: 2000.0))
        await notifier_for(fresh).send_private(TABLE, 10, update)
        assert "partie n°" in fresh.dms[10].sent[-1][0]
        await players.seen_locale(10, "en-US")
        assert counting.locale_writes == 2
        await notifier.send_private(TABLE, 10, update)
        assert "game #" in bot.dms[10].sent[-1][0]
    finally:
        await store.close()


def bot_with_user_10_in_french() -> FakeBot:
    """A fake bot whose stand-in store last saw user 10 in French and every other user in no language."""
    bot = FakeBot()

    async def french(user_id: int) -> str | None:
        return "fr" if user_id == 10 else None

    bot.service.players.locale_of = french  # type: ignore[method-assign]  # the stand-in store's answer
    return bot


async def test_the_closing_edit_of_a_dm_prompt_is_in_its_players_language() -> None:
    bot = bot_with_user_10_in_french()
    notifier = notifier_for(bot)
    dm = await bot.create_dm(SimpleNamespace(id=10))
    await notifier.close_prompt(TABLE, 10, MessageRef(10, 77), "Keep Trap", False)
    (message_id, edit), = dm.edits
    assert message_id == 77 and edit["view"] is None
    assert edit["content"] == f"**{TABLE.title}** : ton choix est pris en compte — Keep Trap.", edit["content"]
    other = await bot.create_dm(SimpleNamespace(id=11))
    await notifier.close_prompt(TABLE, 11, MessageRef(11, 78), "", False)
    assert other.edits[0][1]["content"] == f"**{TABLE.title}**: your choice is in."


async def test_a_closed_dm_prompt_says_the_choice_from_the_games_catalog_in_its_players_language() -> None:
    """The engine's label of the choice is English; its phrase is said in the reader's language instead."""
    bot = bot_with_user_10_in_french()
    notifier = notifier_for(bot)
    tribes = dataclasses.replace(TABLE, game_name="tribes")
    said = phrase("label.pass-invest")
    french_dm, english_dm = await bot.create_dm(SimpleNamespace(id=10)), await bot.create_dm(SimpleNamespace(id=11))
    await notifier.close_prompt(tribes, 10, MessageRef(10, 77), "Pass: invest nothing this turn", False, said)
    await notifier.close_prompt(tribes, 11, MessageRef(11, 78), "Pass: invest nothing this turn", False, said)
    assert french_dm.edits[0][1]["content"].endswith("— Passer : ne rien investir ce tour-ci."), french_dm.edits
    assert english_dm.edits[0][1]["content"].endswith("— Pass: invest nothing this turn."), english_dm.edits


INVEST = phrase("prompt.investment")
INVEST_EN = "Send your secret investment order: recruits and bills for your posts."
TRIBES_EN = dataclasses.replace(TABLE, game_name="tribes")
TRIBES_FR = dataclasses.replace(TABLE, game_name="tribes", settings=dataclasses.replace(TABLE.settings, language="fr"))


async def test_a_reminder_reads_in_the_tables_language_and_a_legacy_one_as_it_was_stored() -> None:
    pending = (PendingPlayer(0, 10, DecisionKind.SIMULTANEOUS, INVEST_EN, said=INVEST),)
    reminder = Reminder(left=2, then="ai")
    for table, expected in ((TRIBES_FR, "la partie t'attend : Envoie ton ordre d'investissement secret"),
                            (TRIBES_EN, f"the game is waiting for you: {INVEST_EN}")):
        bot = FakeBot()
        await notifier_for(bot).ping_pending(table, pending, "English words", reminder)
        (content, _), = bot.channel.sent
        assert content.startswith(f"<@10> — {expected}"), content
    french = (await _ping(TRIBES_FR, pending, Reminder(left=2, then="ai")))
    assert "après 2 rappels de plus, l'IA jouera pour toi." in french, french
    # A row stored before reminders were data has its English words only: they are sent as they are.
    assert await _ping(TRIBES_FR, pending, None) == "<@10> — English words"


async def _ping(table: TableInfo, pending: tuple[PendingPlayer, ...], reminder: Reminder | None) -> str:
    bot = FakeBot()
    await notifier_for(bot).ping_pending(table, pending, "English words", reminder)
    (content, _), = bot.channel.sent
    return str(content)


async def test_a_dm_nudge_is_worded_in_its_readers_language_and_a_channel_one_in_the_tables() -> None:
    bot = bot_with_user_10_in_french()
    notifier = notifier_for(bot)
    turn = PendingPlayer(0, 10, DecisionKind.SIMULTANEOUS, INVEST_EN, said=INVEST)

    def worded(locale: Locale) -> str:
        return attention.nudge_text(TRIBES_EN, turn, None, None, locale)

    dm = await bot.create_dm(SimpleNamespace(id=10))
    await notifier.nudge(TRIBES_EN, 10, "it is your turn.", True, worded)
    assert dm.sent[-1][0] == ("**Tribus de gnomes** dans <#50> : à toi de jouer : Envoie ton ordre d'investissement "
                              "secret : recrues et billets pour tes postes."), dm.sent
    await notifier.nudge(TRIBES_EN, 11, "it is your turn.", False, worded)
    (content, _), = bot.channel.sent
    assert content == f"<@11> — it is your turn: {INVEST_EN}", content
