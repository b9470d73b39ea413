"""The players' rules pages read as rules in Discord: no ruling ids, file names, tables or developer words."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from engine import registry
from i18n import ENGLISH, Locale, supported, t
from present.rules_pages import PLAY_DIR, find_topics, no_topic, page_path, see_also, topic_list, topics

OVERVIEW = t(ENGLISH, "rules.overview")
FRENCH = Locale("fr")

# Discord's message limit: a topic is one message, with the topic list or "Also about this" under it.
MESSAGE_LIMIT = 2000
ROOM_FOR_THE_FOOTER = 300
RULING_ID = re.compile(r"\b(?:R-[A-Z]+|G-[A-Z]*)\d+\b")
DEVELOPER_WORDS = re.compile(r"\b(?:spec|specification|engine|ruling|rulings|implementation|E_[A-Z_]+)\b", re.I)
# Markdown Discord shows as typed: tables, horizontal rules, images, HTML, reference links, sub-sub-headings.
UNRENDERED = (re.compile(r"^\s*\|"), re.compile(r"\|\s*-{3}"), re.compile(r"^\s*(?:-{3,}|\*{3,}|_{3,})\s*$"),
              re.compile(r"!\["), re.compile(r"<(?!t:|@|#)[a-z/][^>]*>", re.I), re.compile(r"^\s*\[[^\]]+\]:"),
              re.compile(r"^#{4,}\s"))


CODE_SPAN = re.compile(r"`[^`]*`")


def served() -> list[tuple[str, str, str]]:
    """Every topic of every game in every language the bot speaks: (game, title, text)."""
    return [(name, title, body) for lang in supported() for name in registry.names()
            for title, body in topics(name, lang).items()]


def served_id(value: object) -> str:
    return str(value)[:30]


def test_every_registered_game_has_a_players_page_with_topics() -> None:
    for name in registry.names():
        assert page_path(name) == PLAY_DIR / f"{name}.md"
        sections = topics(name)
        assert OVERVIEW in sections and len(sections) >= 8, (name, list(sections))


@pytest.mark.parametrize(("name", "title", "body"), served(), ids=served_id)
def test_a_topic_has_no_ruling_id_file_name_table_or_developer_word(name: str, title: str, body: str) -> None:
    assert not RULING_ID.findall(body), (name, title, RULING_ID.findall(body))
    assert ".md" not in body, (name, title)
    assert "|---" not in body.replace(" ", ""), (name, title)
    assert not DEVELOPER_WORDS.findall(body), (name, title, DEVELOPER_WORDS.findall(body))
    for line in body.splitlines():
        line = CODE_SPAN.sub("", line)  # a command's `<placeholder>` is shown as typed, on purpose
        for pattern in UNRENDERED:
            assert not pattern.search(line), (name, title, line)


@pytest.mark.parametrize(("name", "title", "body"), served(), ids=served_id)
def test_a_topic_fits_one_discord_message_whole(name: str, title: str, body: str) -> None:
    assert len(body) + ROOM_FOR_THE_FOOTER <= MESSAGE_LIMIT, (name, title, len(body))
    assert len(title) <= 100


def test_the_overview_with_its_topic_list_fits_one_message() -> None:
    for lang in supported():
        for name in registry.names():
            sections = topics(name, lang)
            overview = sections[t(lang, "rules.overview")]
            assert len(overview + "\n\n" + topic_list(sections, name, lang)) <= MESSAGE_LIMIT, (lang, name)


def test_every_language_has_every_games_page_with_the_english_topics_in_their_order() -> None:
    """A translated page is the English one heading for heading, so a topic means the same in each language."""
    for lang in supported():
        for name in registry.names():
            path = page_path(name, lang)
            assert path == (PLAY_DIR / f"{name}.md" if lang == ENGLISH else PLAY_DIR / f"{name}.{lang}.md"), path
            assert path is not None and path.is_file(), (lang, name)
            assert len(topics(name, lang)) == len(topics(name)), (lang, name)
            assert next(iter(topics(name, lang))) == t(lang, "rules.overview")


def test_the_french_page_is_french_and_an_unknown_language_reads_english() -> None:
    french, english = topics("vendetta", FRENCH), topics("vendetta")
    assert list(french)[1:] != list(english)[1:], "the French headings are translated"
    # Outside the button labels quoted as the bot shows them (« Clear the draft ») and the English names in
    # italics beside their French (*Sharp Shooters*), the prose is French.
    prose = re.sub(r"«[^»]*»|\(\*[^*]*\*\)", "", " ".join(french.values()))
    assert " le " in prose and not re.search(r"\b(?:the|and|your|with)\b", prose), prose
    assert topics("vendetta", Locale("xx")) == english and page_path("vendetta", Locale("xx")) == page_path("vendetta")


def test_the_words_around_a_topic_are_in_the_readers_language() -> None:
    sections = topics("tribes", FRENCH)
    assert topic_list(sections, "tribes", FRENCH).startswith("**Sujets :** ")
    assert "/partie règles jeu:tribes" in topic_list(sections, "tribes", FRENCH)
    assert no_topic(sections, "zzz", FRENCH).startswith("Aucun sujet des règles ne correspond à « zzz »")
    assert see_also(["A", "B"], FRENCH) == "\n\n**Voir aussi :** A, B" and see_also([], FRENCH) == ""
    assert topic_list(topics("tribes"), "tribes").startswith("**Topics:** ")


def test_the_bots_own_decisions_are_told_as_rules_in_their_topic() -> None:
    """What the developers' file lists under rulings reaches players inside the topic it belongs to."""
    vendetta, associates, tribes = topics("vendetta"), topics("associates"), topics("tribes")
    assert "killed on 4 or more" in vendetta["The clans"]
    assert "Everything is judged on the board as it stood when your turn began" in vendetta["Moving gnomes"]
    assert "one token never serves two cards" in vendetta["Objectives"]
    assert "Only the defender" in associates["Reactions"]
    assert "Darkening red dice removes a die instead" in associates["Dice"]
    assert "Guards win ties" in tribes["Espionage and assassination"]
    assert "Gnome of Balance" in tribes["The six goals"]


def test_no_topic_is_about_rulings_or_the_bot_versus_the_rulebook() -> None:
    for name in registry.names():
        for title in topics(name):
            assert not re.search(r"ruling|differ|engine|spec", title, re.I), (name, title)


def test_names_that_are_not_registered_read_no_page(tmp_path: Path) -> None:
    planted = tmp_path / "planted.md"
    planted.write_text("## Secret\nthe planted secret\n", encoding="utf-8")
    for name in ("../rules/vendetta", "../../README", str(tmp_path / "planted"), str(planted), "", "VENDETTA"):
        assert page_path(name) is None and topics(name) == {}


def test_topics_are_found_by_what_a_player_types() -> None:
    assert find_topics(topics("vendetta"), "mov")[0] == "Moving gnomes"
    assert find_topics(topics("tribes"), "vote")[0] == "The vote and the end"
    assert find_topics(topics("associates"), "dice")[0] == "Dice"
