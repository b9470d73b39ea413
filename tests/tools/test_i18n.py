"""tools.i18n: the check passes on the project and fails, naming the problem, on a catalog out of step with
the code; extract brings the catalogs in line."""

from __future__ import annotations

from pathlib import Path

from i18n.commands import CommandWords
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


TREE = CommandWords(
    texts={"dice.name": "dice", "dice.description": "Roll dice", "dice.option.sides.name": "sides",
           "dice.option.sides.description": "How many sides", "dice.option.sides.choice.6": "six",
           "dice.option.count.name": "count", "dice.option.count.description": "How many dice"},
    siblings=[("dice.option.sides.name", "dice.option.count.name")],
)
TREE_FR = {"dice.name": "dés", "dice.description": "Lancer des dés", "dice.option.sides.name": "faces",
           "dice.option.sides.description": "Combien de faces", "dice.option.sides.choice.6": "six",
           "dice.option.count.name": "nombre", "dice.option.count.description": "Combien de dés"}


def with_commands(root: Path, french: dict[str, str], commands: CommandWords = TREE) -> list[str]:
    """A project with a commands' domain whose French says `french`, extracted from `commands`; its problems."""
    folder = root / "locales" / "commands"
    folder.mkdir()
    for lang in ("en", "fr"):
        (folder / f"{lang}.po").write_text(HEADER.format(lang=lang, plural=RULES[lang]), encoding="utf-8")
    tool.extract(root, commands)
    path = folder / "fr.po"
    body = path.read_text(encoding="utf-8")
    for msgid, text in french.items():
        body = body.replace(f'msgid "{msgid}"\nmsgstr ""', f'msgid "{msgid}"\nmsgstr "{text}"')
    path.write_text(body, encoding="utf-8")
    return tool.check(root, commands)


def test_a_command_tree_translated_as_discord_wants_passes_and_english_is_the_codes(tmp_path: Path) -> None:
    root = make(tmp_path)
    assert with_commands(root, TREE_FR) == []
    english = (root / "locales" / "commands" / "en.po").read_text(encoding="utf-8")
    assert 'msgid "dice.description"\nmsgstr "Roll dice"' in english
    # The tree's words are the ids in use: a command's word not translated is missing, as for the code's.
    problems = tool.check(root, CommandWords({**TREE.texts, "dice.option.loud.name": "loud"}, TREE.siblings))
    assert any("messages.pot: out of date" in p for p in problems), problems
    assert any("en.po: dice.option.loud.name (used at the command tree:0) is missing" in p for p in problems)
    # One the tree no longer has is unused.
    fewer = {k: v for k, v in TREE.texts.items() if k != "dice.option.count.description"}
    assert any("dice.option.count.description is not used" in p
               for p in tool.check(root, CommandWords(fewer, TREE.siblings)))


def test_a_french_command_name_discord_would_refuse_fails(tmp_path: Path) -> None:
    root = make(tmp_path)
    problems = with_commands(root, {**TREE_FR, "dice.name": "Lancer dés", "dice.option.count.description": "x" * 101})
    assert any("fr.po: dice.name: a name must be 1-32 letters" in p for p in problems), problems
    assert any("fr.po: dice.option.count.description: a description must be 1-100 characters" in p
               for p in problems), problems


def test_two_options_of_one_command_named_alike_in_french_fail(tmp_path: Path) -> None:
    root = make(tmp_path)
    problems = with_commands(root, {**TREE_FR, "dice.option.count.name": "faces"})
    assert any("dice.option.sides.name and dice.option.count.name are both named 'faces'" in p
               for p in problems), problems


def test_an_english_command_catalog_saying_other_than_the_code_fails(tmp_path: Path) -> None:
    root = make(tmp_path)
    with_commands(root, TREE_FR)
    changed = CommandWords({**TREE.texts, "dice.description": "Throw dice"}, TREE.siblings)
    problems = tool.check(root, changed)
    assert any("en.po: dice.description says 'Roll dice', the code says 'Throw dice'" in p for p in problems)
    tool.extract(root, changed)
    assert tool.check(root, changed) == []


def test_the_projects_command_tree_is_the_commands_domain() -> None:
    words = tool.project_commands()
    assert words.texts["game.new.name"] == "new" and words.texts["me.quiet.option.from.name"] == "from"
    assert tool.check(commands=words) == []
