"""i18n: catalogs read from .po files, plural forms by each language's rule, English as the fallback, locales
resolved from Discord's tags, numbers and lists in the reader's language."""

from __future__ import annotations

from pathlib import Path

import pytest

from i18n import ENGLISH, Locale, format_list, format_number, game_t, resolve, supported, t
from i18n.catalog import CatalogError, Catalogs, read_catalog

FR = Locale("fr")
HEADER = '''msgid ""
msgstr ""
"Language: {lang}\\n"
"Content-Type: text/plain; charset=utf-8\\n"
"Plural-Forms: {plural}\\n"

'''
EN_RULE = "nplurals=2; plural=(n != 1);"
FR_RULE = "nplurals=2; plural=(n > 1);"


def write_catalogs(root: Path, en: str, fr: str, game_en: str = "", game_fr: str = "") -> Catalogs:
    (root / "locales").mkdir()
    (root / "locales" / "en.po").write_text(HEADER.format(lang="en", plural=EN_RULE) + en, encoding="utf-8")
    (root / "locales" / "fr.po").write_text(HEADER.format(lang="fr", plural=FR_RULE) + fr, encoding="utf-8")
    if game_en:
        folder = root / "engine" / "dice" / "locales"
        folder.mkdir(parents=True)
        (folder / "en.po").write_text(HEADER.format(lang="en", plural=EN_RULE) + game_en, encoding="utf-8")
        (folder / "fr.po").write_text(HEADER.format(lang="fr", plural=FR_RULE) + game_fr, encoding="utf-8")
    return Catalogs.load(root)


PLURAL_EN = 'msgid "games"\nmsgid_plural "games"\nmsgstr[0] "{n} game waits"\nmsgstr[1] "{n} games wait"\n\n'
PLURAL_FR = 'msgid "games"\nmsgid_plural "games"\nmsgstr[0] "{n} partie attend"\nmsgstr[1] "{n} parties attendent"\n\n'


def test_plural_forms_follow_each_languages_rule(tmp_path: Path) -> None:
    found = write_catalogs(tmp_path, PLURAL_EN, PLURAL_FR)
    english = [found.translate(ENGLISH, "bot", "games", n, {}) for n in (0, 1, 2)]
    french = [found.translate(FR, "bot", "games", n, {}) for n in (0, 1, 2)]
    assert english == ["0 games wait", "1 game waits", "2 games wait"]
    # French counts zero as singular, English as plural.
    assert french == ["0 partie attend", "1 partie attend", "2 parties attendent"]
    assert found.translate(FR, "bot", "games", 12345, {}) == "12\u202f345 parties attendent"
    assert found.translate(ENGLISH, "bot", "games", 12345, {}) == "12,345 games wait"


def test_a_missing_or_untranslated_message_falls_back_to_english(tmp_path: Path) -> None:
    en = 'msgid "hi"\nmsgstr "Hello {name}"\n\nmsgid "bye"\nmsgstr "Bye"\n\nmsgid "new"\nmsgstr "New"\n\n'
    fr = 'msgid "hi"\nmsgstr "Salut {name}"\n\nmsgid "bye"\nmsgstr ""\n\n#, fuzzy\nmsgid "new"\nmsgstr "Neuf"\n\n'
    found = write_catalogs(tmp_path, en, fr)
    assert found.translate(FR, "bot", "hi", None, {"name": "Mira"}) == "Salut Mira"
    assert found.translate(FR, "bot", "bye", None, {}) == "Bye"
    assert found.translate(FR, "bot", "new", None, {}) == "New"  # a fuzzy entry is not a translation yet
    assert found.translate(Locale("de"), "bot", "hi", None, {"name": "Mira"}) == "Hello Mira"
    assert found.translate(FR, "bot", "nowhere", None, {}) == "nowhere"


def test_a_translation_that_does_not_fit_its_arguments_shows_english(tmp_path: Path) -> None:
    found = write_catalogs(tmp_path, 'msgid "hi"\nmsgstr "Hello {name}"\n\n', 'msgid "hi"\nmsgstr "Salut {nom}"\n\n')
    assert found.translate(FR, "bot", "hi", None, {"name": "Mira"}) == "Hello Mira"
    with pytest.raises(KeyError):
        found.translate(ENGLISH, "bot", "hi", None, {})


def test_each_game_has_its_own_domain(tmp_path: Path) -> None:
    found = write_catalogs(tmp_path, 'msgid "a"\nmsgstr "A"\n\n', 'msgid "a"\nmsgstr "A fr"\n\n',
                           'msgid "title"\nmsgstr "Dice"\n\n', 'msgid "title"\nmsgstr "Dés"\n\n')
    assert found.domains() == ["bot", "dice"]
    assert found.translate(FR, "dice", "title", None, {}) == "Dés"
    assert found.translate(FR, "bot", "title", None, {}) == "title"


def test_a_broken_catalog_is_refused_with_its_path(tmp_path: Path) -> None:
    path = tmp_path / "fr.po"
    path.write_text(HEADER.format(lang="fr", plural=FR_RULE) + 'msgid "a"\nmsgstr "x"\ngarbage\n', encoding="utf-8")
    with pytest.raises(CatalogError, match=r"fr\.po"):
        read_catalog(path, "bot")


def test_discord_tags_resolve_to_a_language_the_bot_speaks() -> None:
    assert supported()[0] == ENGLISH and FR in supported()
    assert resolve("fr") == FR and resolve("fr-CA") == FR and resolve("FR") == FR
    assert resolve("en-GB") == ENGLISH and resolve("en-US") == ENGLISH
    assert resolve("ja") == ENGLISH and resolve(None) == ENGLISH and resolve("") == ENGLISH


def test_numbers_and_lists_are_formatted_for_the_language() -> None:
    assert format_number(ENGLISH, 1240) == "1,240" and format_number(FR, 1240) == "1\u202f240"
    assert format_number(FR, 2.5) == "2,5"
    assert format_list(ENGLISH, ["a", "b", "c"]) == "a, b, and c"
    assert format_list(FR, ["a", "b", "c"]) == "a, b et c"
    assert format_list(FR, ["a", "b"], "or") == "a ou b"


def test_the_projects_catalogs_speak_french_for_the_bot_and_each_game() -> None:
    assert t(FR, "me.back-set") == "Bon retour : tu n'es plus absent."
    assert t(ENGLISH, "me.back-set") == "Welcome back: you are no longer away."
    assert game_t(FR, "tribes", "title") == "Tribus de gnomes"
    assert game_t(ENGLISH, "tribes", "title") == "Gnome Tribes"
