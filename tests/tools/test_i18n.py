"""tools.i18n: the check passes on the project and fails, naming the problem, on a catalog out of step with
the code; extract brings the catalogs in line."""

from __future__ import annotations

from pathlib import Path

from tools import i18n as tool

HEADER = '''msgid ""
msgstr ""
"Language: {lang}\\n"
"Content-Type: text/plain; charset=utf-8\\n"
"Plural-Forms: {plural}\\n"

'''
RULES = {"en": "nplurals=2; plural=(n != 1);", "fr": "nplurals=2; plural=(n > 1);"}
CODE = '''from i18n import t, game_t, mark
GREETING = mark("hello")
def f(locale, game, count):
    return t(locale, GREETING, name="x") + t(locale, "count", n=count) + game_t(locale, game, "title")
'''
EN = ('msgid "hello"\nmsgstr "Hello {name}"\n\n'
      'msgid "count"\nmsgid_plural "count"\nmsgstr[0] "{n} game"\nmsgstr[1] "{n} games"\n\n')
FR = ('msgid "hello"\nmsgstr "Salut {name}"\n\n'
      'msgid "count"\nmsgid_plural "count"\nmsgstr[0] "{n} partie"\nmsgstr[1] "{n} parties"\n\n')


GAME_FR = 'msgid "title"\nmsgstr "Dés"\n'


def make(root: Path, en: str = EN, fr: str = FR, code: str = CODE, game_fr: str = GAME_FR) -> Path:
    (root / "present").mkdir()
    (root / "present" / "words.py").write_text(code, encoding="utf-8")
    (root / "locales").mkdir()
    for lang, body in (("en", en), ("fr", fr)):
        (root / "locales" / f"{lang}.po").write_text(HEADER.format(lang=lang, plural=RULES[lang]) + body,
                                                     encoding="utf-8")
    game = root / "engine" / "dice" / "locales"
    game.mkdir(parents=True)
    (game / "en.po").write_text(HEADER.format(lang="en", plural=RULES["en"]) + 'msgid "title"\nmsgstr "Dice"\n',
                                encoding="utf-8")
    (game / "fr.po").write_text(HEADER.format(lang="fr", plural=RULES["fr"]) + game_fr, encoding="utf-8")
    tool.extract(root)
    return root


def test_the_projects_catalogs_are_in_step_with_its_code() -> None:
    assert tool.check() == []


def test_a_catalog_in_step_passes_and_extract_changes_nothing_the_second_time(tmp_path: Path) -> None:
    root = make(tmp_path)
    assert tool.check(root) == []
    before = {p: p.read_bytes() for p in root.rglob("*.po*")}
    tool.extract(root)
    assert {p: p.read_bytes() for p in root.rglob("*.po*")} == before


def test_a_missing_translation_fails(tmp_path: Path) -> None:
    root = make(tmp_path, fr='msgid "hello"\nmsgstr "Salut {name}"\n\n')
    problems = tool.check(root)
    assert any("fr.po: count is missing or not translated" in p for p in problems), problems


def test_other_placeholders_fail(tmp_path: Path) -> None:
    root = make(tmp_path, fr=FR.replace("Salut {name}", "Salut {nom}"))
    problems = tool.check(root)
    assert any("hello has placeholders ['nom'], English has ['name']" in p for p in problems), problems


def test_an_id_the_code_does_not_use_fails(tmp_path: Path) -> None:
    root = make(tmp_path)
    extra = 'msgid "orphan"\nmsgstr "Orphan"\n'
    for lang in ("en", "fr"):
        path = root / "locales" / f"{lang}.po"
        path.write_text(path.read_text(encoding="utf-8") + "\n" + extra, encoding="utf-8")
    problems = tool.check(root)
    assert any("en.po: orphan is not used by the code" in p for p in problems), problems


def test_a_game_catalog_missing_a_language_or_a_message_fails(tmp_path: Path) -> None:
    root = make(tmp_path, game_fr="")
    problems = tool.check(root)
    assert any("dice/locales/fr.po: title is missing" in p for p in problems), problems
    (root / "engine" / "dice" / "locales" / "fr.po").unlink()
    assert any("no catalog for fr" in p for p in tool.check(root)), tool.check(root)


def test_a_call_with_other_arguments_than_its_text_fails(tmp_path: Path) -> None:
    root = make(tmp_path, code=CODE + 'def g(locale):\n    return t(locale, "hello", who="x")\n')
    problems = tool.check(root)
    assert any("words.py:6: hello is given ['who'], its text uses ['name']" in p for p in problems), problems


def test_new_code_makes_the_template_stale_until_extract_adds_the_id_untranslated(tmp_path: Path) -> None:
    root = make(tmp_path)
    code = root / "present" / "words.py"
    code.write_text(CODE + 'def g(locale):\n    return t(locale, "fresh")\n', encoding="utf-8")
    problems = tool.check(root)
    assert any("messages.pot: out of date" in p for p in problems), problems
    assert any("en.po: fresh (used at present/words.py:6) is missing" in p for p in problems), problems
    tool.extract(root)
    problems = tool.check(root)
    assert not any("out of date" in p for p in problems), problems
    assert "fresh" in (root / "locales" / "fr.po").read_text(encoding="utf-8")
    assert any("fresh" in p and "missing or not translated" in p for p in problems), problems


def test_a_label_longer_than_discord_allows_fails(tmp_path: Path) -> None:
    code = CODE + 'def g(locale):\n    return t(locale, "panel.label")\n'
    long = "x" * 81
    root = make(tmp_path, code=code, en=EN + 'msgid "panel.label"\nmsgstr "Take"\n\n',
                fr=FR + f'msgid "panel.label"\nmsgstr "{long}"\n\n')
    problems = tool.check(root)
    assert any("panel.label is a label of 81 characters" in p for p in problems), problems
