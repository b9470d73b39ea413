"""The reader's language through the real bot: a user whose Discord speaks French gets /help, a quick start, the
rules pages and /me in French, citing the commands by the French names a French client shows; one in British
English gets them in English; the commands the bot dispatches on stay the same for both."""

from __future__ import annotations

import random

import pytest

from tests.e2e.fakediscord import Harness, LiveBot
from tests.e2e.fakediscord.records import InteractionRecord
from tests.e2e.test_scenarios import (
    SETTLE,
    Table,
    check_against_engine,
    finished,
    finished_game,
    is_table_message,
    latest_table_message,
    lobby_button,
    open_lobby,
    start_table,
)
from tests.e2e.transcript import write_transcript

pytestmark = pytest.mark.e2e


def shown(rec: InteractionRecord) -> str:
    """Everything the user was shown for one interaction."""
    return "\n".join(m.text() for m in rec.messages if m.text()) or rec.all_text


async def test_help_and_me_answer_in_each_readers_language(fake: Harness, bot: LiveBot) -> None:
    alice, bob = fake.user("alice"), fake.user("bob")
    alice.locale, bob.locale = "fr", "en-GB"

    french = shown(await fake.slash(alice, "help"))
    assert "**Ce que fait Gnomehost**" in french and "**Lancer une partie**" in french, french
    assert "Tribus de gnomes" in french and "/partie nouvelle jeu:" in french and "What Gnomehost does" not in french
    english = shown(await fake.slash(bob, "help"))
    assert "**What Gnomehost does**" in english and "Gnome Tribes" in english and "Ce que fait" not in english

    rec = await fake.slash(alice, "help", options={"game": "tribes"})
    assert rec.ephemeral and "**But :**" in shown(rec) and "/partie règles jeu:tribes" in shown(rec), rec.describe()
    files = [a for m in rec.messages for a in m.attachments if a.filename == "guide.png"]
    assert files and (files[0].description or "").startswith("Le plateau de Tribus de gnomes"), rec.describe()

    # The rules pages too: the French page, its topics and the words around them; English for bob.
    french = shown(await fake.slash(alice, "game", subcommand="rules", options={"game": "vendetta"}))
    assert "**Sujets :** Vue d'ensemble, Le but du jeu" in french and "/partie règles jeu:vendetta" in french, french
    topic = shown(await fake.slash(alice, "game", subcommand="rules", options={"game": "vendetta", "topic": "combats"}))
    assert topic.startswith("## Les combats"), topic
    english = shown(await fake.slash(bob, "game", subcommand="rules", options={"game": "vendetta"}))
    assert "**Topics:** Overview, Goal" in english and "Sujets" not in english, english

    rec = await fake.slash(alice, "me", subcommand="quiet", options={"from": "22:30", "to": "07:00"})
    assert rec.ephemeral and rec.content == "Heures calmes : chaque jour de 22:30 à 07:00, à ton heure.", rec.content
    text = (await fake.slash(alice, "me", subcommand="show")).content
    assert text.startswith("Tes réglages") and "Ton tour est annoncé : dans le salon de la table" in text, text
    text = (await fake.slash(bob, "me", subcommand="show")).content
    assert text.startswith("Your settings") and "Your turn is announced: in the table's channel" in text, text
    rec = await fake.slash(bob, "me", subcommand="back")
    assert rec.content == "Welcome back: you are no longer away.", rec.content
    fake.assert_valid()


async def test_a_refusal_reaches_each_reader_in_their_language(fake: Harness, bot: LiveBot) -> None:
    """The host's own Join a second time: refused privately, in French for a French client, English otherwise."""
    alice, bob = fake.user("alice"), fake.user("bob")
    alice.locale, bob.locale = "fr", "en-US"
    _, lobby = await open_lobby(fake, alice, "vendetta", {})
    await finished(fake, await fake.click(bob, lobby, lobby_button(lobby, "join"), settle=SETTLE))
    french = await finished(fake, await fake.click(alice, lobby, lobby_button(lobby, "join"), settle=SETTLE))
    assert "Tu as déjà rejoint cette partie. Appuie sur Partir pour libérer ta place." in french.all_text, \
        french.describe()
    english = await finished(fake, await fake.click(bob, lobby, lobby_button(lobby, "join"), settle=SETTLE))
    assert "You have already joined this game. Press Leave to give up your seat." in english.all_text, \
        english.describe()
    assert bot.log_errors() == []
    fake.assert_valid()


async def test_a_french_server_plays_a_whole_game_in_french_and_the_host_may_switch_it(
        fake: Harness, bot: LiveBot) -> None:
    """The channel reads a table in its server's language from the lobby on: every table message of a whole
    Vendetta game is French (moves, who is to play, the result), the ping too; the host switches one table to
    English with /game settings and its next message reads English. Each player's own replies stay theirs."""
    fake.state.guild.locale = "fr"
    alice, bob = fake.user("alice"), fake.user("bob")
    alice.locale = bob.locale = "fr"
    game_id, lobby = await start_table(fake, alice, [bob], ais=0)
    assert "Hôte :" in lobby.content and "La partie a commencé." in lobby.content, lobby.content
    table = Table(fake, game_id, fake.channel.id, {u.id: u for u in (alice, bob)}, random.Random(7))
    final = await table.play_to_end()
    posts = [m for m in fake.channel_messages(fake.channel, include_deleted=True) if is_table_message(m)]
    said = "\n".join(text for m in posts for text in (m.content, *(str(h.get("content")) for h in m.history)))
    assert "**Partie terminée**" in final.content and "**Classement final**" in final.content, final.content
    assert "Round 10, the last" not in final.content and "objectives were" not in final.content, final.content
    assert "À jouer :" in said and "La manche 1 commence" in said and "**La partie commence.**" in said, said[:1500]
    for english in ("Now:", "Round 1 begins", " passes.", "**Game over**", "your turn in", "The game begins"):
        assert english not in said, (english, said[:1500])
    pings = [m for m in fake.channel_messages(fake.channel, include_deleted=True) if "à toi de jouer" in m.content]
    assert pings, "no French turn ping"
    stored = await finished_game(fake, bot, game_id)
    check_against_engine(stored, table, final)
    write_transcript(fake, "vendetta-fr")
    # Each player's own messages read in their language too: the DM prompts and the panels of their clicks.
    prompts = "\n".join(text for m in fake.dm_messages(bob)
                        for text in (m.content, *(str(h.get("content")) for h in m.history)))
    assert "Ton choix secret" in prompts and "Choisis tes objectifs secrets." in prompts, prompts[:800]
    panels = "\n".join(rec.all_text for rec in fake.interactions if rec.user.id in (alice.id, bob.id))
    assert "Déplace le clan" in panels and "Move the" not in panels and "What only you see" not in panels

    # The next table of the same channel: the host makes it English in its lobby, and it reads English.
    _, lobby = await open_lobby(fake, alice, "vendetta", {})
    await finished(fake, await fake.click(bob, lobby, lobby_button(lobby, "join"), settle=SETTLE))
    rec = await fake.slash(alice, "game", subcommand="settings", options={"language": "en"}, settle=SETTLE)
    assert "le salon la lit en English" in rec.all_text, rec.describe()  # the reader is French
    await finished(fake, await fake.click(alice, lobby, lobby_button(lobby, "start"), settle=SETTLE))
    first = latest_table_message(fake, fake.channel.id).content
    assert "Waiting for a secret choice from:" in first and "Clans in play" in first, first
    assert bot.log_errors() == []
    fake.assert_valid()


async def test_a_french_and_a_british_player_at_one_table_each_read_their_own_panel(
        fake: Harness, bot: LiveBot) -> None:
    """On a French server, alice (fr) and bob (en-GB) play the same table: each one's panel, hand and DM prompt
    read in their own language, and the channel's table message follows the server."""
    fake.state.guild.locale = "fr"
    alice, bob = fake.user("alice"), fake.user("bob")
    alice.locale, bob.locale = "fr", "en-GB"
    game_id, _ = await start_table(fake, alice, [bob], ais=0)
    channel = latest_table_message(fake, fake.channel.id).content
    assert "Clans en jeu" in channel or "À jouer" in channel or "choix secret" in channel, channel
    french = await fake.slash(alice, "hand", channel=fake.channel.id, settle=SETTLE)
    english = await fake.slash(bob, "hand", channel=fake.channel.id, settle=SETTLE)
    assert "Choisis tes objectifs secrets." in shown(french), french.describe()
    assert "Choose your secret objectives" in shown(english) and "Choisis" not in shown(english), english.describe()
    prompts = {user.name: "\n".join(m.content for m in fake.dm_messages(user)) for user in (alice, bob)}
    assert "Ton choix secret (toi seul le vois)" in prompts["alice"], prompts
    assert "Ton choix secret" not in prompts["bob"] and "only you" in prompts["bob"], prompts
    assert game_id > 0 and bot.log_errors() == []
