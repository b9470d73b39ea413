"""present.languages: each language a table may read in is named in its own words."""

from __future__ import annotations

from present.languages import language_name, table_languages


def test_each_language_is_named_in_itself_english_first() -> None:
    languages = table_languages()
    assert languages[0] == ("en", "English")
    assert ("fr", "Français") in languages
    assert language_name("fr-CA") == "Français" and language_name("xx") == "English"
