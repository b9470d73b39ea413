"""The reader's language through the real bot: a user whose Discord speaks French gets /help, a quick start, the
rules pages and /me in French, citing the commands by the French names a French client shows; one in British
English gets them in English; the commands the bot dispatches on stay the same for both."""

from __future__ import annotations

import pytest

from tests.e2e.fakediscord import Harness, LiveBot
from tests.e2e.fakediscord.records import InteractionRecord
from tests.e2e.test_scenarios import SETTLE, finished, lobby_button, open_lobby

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
    assert files and (files[0].description or "").startswith("Le plateau de tribes"), rec.describe()

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
    assert "Tu as déjà rejoint cette partie. Appuie sur Leave pour libérer ta place." in french.all_text, \
        french.describe()
    english = await finished(fake, await fake.click(bob, lobby, lobby_button(lobby, "join"), settle=SETTLE))
    assert "You have already joined this game. Press Leave to give up your seat." in english.all_text, \
        english.describe()
    assert bot.log_errors() == []
    fake.assert_valid()
