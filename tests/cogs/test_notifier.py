"""DiscordNotifier against a recording stand-in for the bot: what goes to the channel, what by DM."""

from types import SimpleNamespace

import discord

from cogs import notifier as notifier_module
from cogs.components import table_view
from cogs.inflight import InFlight
from cogs.notifier import DiscordNotifier
from cogs.panels import Panel
from engine.core.decisions import DecisionKind
from engine.core.events import private_event, public_event
from host.results import (
    PendingPlayer,
    PrivateUpdate,
    SeatInfo,
    TableInfo,
    TableSettings,
    TableStatus,
    TableUpdate,
    UpdateKind,
)

TABLE = TableInfo(
    game_id=3, game_name="no_renderer_game", title="Test Game", guild_id=1, channel_id=50, host_user_id=10,
    status=TableStatus.ACTIVE, options={}, seats=(SeatInfo(0, 10, False, 0), SeatInfo(1, 11, False, 1)),
    min_players=2, max_players=4, version=5, settings=TableSettings(), created_at=0.0, updated_at=0.0,
)


class Sink:
    def __init__(self, fail_code=None):
        self.sent = []
        self.fail_code = fail_code

    async def send(self, content, **kwargs):
        if self.fail_code is not None:
            response = SimpleNamespace(status=403, reason="Forbidden")
            raise discord.Forbidden(response, {"code": self.fail_code, "message": "Cannot send messages to this user"})
        self.sent.append((content, kwargs))


class FakeBot:
    def __init__(self, closed_dms=()):
        self.channel = Sink()
        self.dms = {}
        self.closed = set(closed_dms)
        self.inflight = InFlight()

    def get_partial_messageable(self, channel_id, guild_id=None):
        assert channel_id == TABLE.channel_id
        return self.channel

    def get_guild(self, guild_id):
        return None

    async def create_dm(self, user):
        return self.dms.setdefault(user.id, Sink(50007 if user.id in self.closed else None))


async def test_table_message_mentions_exactly_the_pending_players():
    bot = FakeBot()
    notifier = DiscordNotifier(bot)
    pending = (PendingPlayer(1, 11, DecisionKind.TURN, "Move"),)
    update = TableUpdate(3, UpdateKind.MOVES, "Round 2", 6,
                         public_events=(public_event("Red moved."), private_event(1, "You drew the SECRET")),
                         public_view={}, pending=pending)
    await notifier.post_to_table(TABLE, update)
    (content, kwargs), = bot.channel.sent
    assert "Red moved." in content and "SECRET" not in content and content.endswith("Now: <@11>")
    assert [u.id for u in kwargs["allowed_mentions"].users] == [11]
    assert kwargs["allowed_mentions"].everyone is False
    (button,) = kwargs["view"].children
    assert button.item.label == "Take my turn" and button.custom_id == "gh:T:3:6:-:"


async def test_final_message_has_no_button():
    bot = FakeBot()
    await DiscordNotifier(bot).post_to_table(TABLE, TableUpdate(3, UpdateKind.ENDED, "The end", 9, public_view={}))
    (_content, kwargs), = bot.channel.sent
    assert "view" not in kwargs


async def test_closed_dms_give_one_channel_notice_and_no_retries():
    bot = FakeBot(closed_dms={11})
    notifier = DiscordNotifier(bot)
    update = PrivateUpdate(3, 1, 6, (private_event(1, "You drew a card"),), {"me": {}})
    await notifier.send_private(TABLE, 11, update)
    await notifier.send_private(TABLE, 11, update)
    notices = [c for c, _ in bot.channel.sent]
    assert notices == ["<@11>, I can't DM you — use /hand to see your cards and take your turn."]
    assert bot.dms[11].sent == []


async def test_private_update_goes_by_dm():
    bot = FakeBot()
    await DiscordNotifier(bot).send_private(TABLE, 10, PrivateUpdate(3, 0, 6, (private_event(0, "You drew X"),), {}))
    (content, _), = bot.dms[10].sent
    assert "🔒 You drew X" in content
    assert bot.channel.sent == []


async def test_reminder_pings_pending_humans_only():
    bot = FakeBot()
    pending = [PendingPlayer(0, None, DecisionKind.TURN, "", is_ai=True), PendingPlayer(1, 11, DecisionKind.TURN, "")]
    await DiscordNotifier(bot).ping_pending(TABLE, pending, "your turn is waiting")
    (content, kwargs), = bot.channel.sent
    assert content == "<@11> — your turn is waiting"
    assert [u.id for u in kwargs["allowed_mentions"].users] == [11]


async def test_a_private_step_posts_nothing_in_the_channel():
    bot = FakeBot()
    notifier = DiscordNotifier(bot)
    pending = (PendingPlayer(1, 11, DecisionKind.TURN, "Move"),)
    await notifier.post_to_table(TABLE, TableUpdate(3, UpdateKind.MOVES, "", 6, public_view={}, pending=pending,
                                                    public_change=False))
    assert bot.channel.sent == []
    await notifier.post_to_table(TABLE, TableUpdate(3, UpdateKind.MOVES, "", 7, public_view={}, pending=pending))
    assert len(bot.channel.sent) == 1


class PromptingBot(FakeBot):
    service = object()  # handed to build_panel, which the tests replace


async def prompts_sent(monkeypatch, pending_sequence):
    """Post one table update per `pending` tuple; returns (bot, [(user_id, player, note)] of built DM prompts)."""
    built = []

    async def fake_build_panel(service, game_id, user_id, *, player=None, note="", **kwargs):
        built.append((user_id, player, note))
        return Panel(f"prompt for seat {player}", table_view(game_id, 6), None, None)

    monkeypatch.setattr(notifier_module, "build_panel", fake_build_panel)
    bot = PromptingBot()
    notifier = DiscordNotifier(bot)
    for version, pending in enumerate(pending_sequence, start=6):
        await notifier.post_to_table(TABLE, TableUpdate(3, UpdateKind.MOVES, "Attack!", version, public_view={},
                                                        pending=pending))
    await notifier.wait_idle()
    return bot, built


async def test_reaction_window_prompts_the_defender_by_dm(monkeypatch):
    """A reaction window (e.g. Associates' W1-W3) is a secret choice: the pending human gets a DM prompt."""
    reaction = (PendingPlayer(1, 11, DecisionKind.REACTION, "React?"),)
    bot, built = await prompts_sent(monkeypatch, [reaction])
    assert built == [(11, 1, "Your secret choice (only you see this):")]
    (content, kwargs), = bot.dms[11].sent
    assert content == "prompt for seat 1" and kwargs["view"].children
    (table_text, _), = bot.channel.sent
    assert "Waiting for a secret choice from: " in table_text and "prompt for seat" not in table_text
    assert 10 not in bot.dms


async def test_simultaneous_choice_prompts_every_pending_human_once(monkeypatch):
    everyone = (PendingPlayer(0, 10, DecisionKind.SIMULTANEOUS, "Choose"),
                PendingPlayer(1, 11, DecisionKind.SIMULTANEOUS, "Choose"),
                PendingPlayer(2, None, DecisionKind.SIMULTANEOUS, "Choose", is_ai=True))
    # Then seat 1 has chosen: the others, still pending, are not prompted a second time.
    bot, built = await prompts_sent(monkeypatch, [everyone, (everyone[0], everyone[2])])
    assert sorted(u for u, _, _ in built) == [10, 11]
    assert len(bot.dms[10].sent) == 1 and len(bot.dms[11].sent) == 1


async def test_an_ordinary_turn_gets_no_dm_prompt(monkeypatch):
    bot, built = await prompts_sent(monkeypatch, [(PendingPlayer(1, 11, DecisionKind.TURN, "Move"),)])
    assert built == [] and bot.dms == {}
    assert len(bot.channel.sent) == 1
