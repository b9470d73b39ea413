"""Keep the catalogs and the code in step: `python -m tools.i18n check` and `python -m tools.i18n extract`.

The code names messages by literal ids: `t(locale, "me.timezone-set", zone=...)` for the bot's words,
`game_t(locale, game, "quick.goal")` for a game's (a game given as a literal names that game's catalog, any
other expression every game's), `phrase("move.pass", ...)` in a game's engine package for that game's (an
event's words, engine.core.phrases; the names such a phrase refers to are listed by the game's
`catalog_names()`), and `mark("...")` (`mark_game("...")` for every game's catalog) for an id the
code looks up later through a variable.

`check` fails (exit 1, one line per problem) unless: every catalog reads; every domain has an English catalog
and every language the bot speaks has a catalog in every domain; every id the code uses is in every catalog,
translated, with the placeholders of the English text and as many plural forms as the language has; a call
that names its arguments passes exactly the English text's placeholders; no catalog holds an id the code does
not use; each domain's template (messages.pot) lists exactly the ids in use; a label fits Discord (80 chars).
The slash commands' domain (i18n/commands.py) takes its ids from the bot's real command tree instead of calls:
its English catalog must say what the code says, and every language's names, descriptions and choices must be
what Discord accepts (names lower case, 1-32 characters, no spaces; no two siblings alike).

`extract` rewrites each domain's template from the code, and adds every new id to each language's catalog
untranslated (so `check` says what is left to translate) and drops the ids no longer used.
"""

from __future__ import annotations

import argparse
import ast
import asyncio
import copy
import logging
import sys
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from babel.messages.catalog import Catalog as BabelCatalog
from babel.messages.pofile import read_po, write_po

from i18n.catalog import BOT, TEMPLATE, Catalog, CatalogError, catalog_folders, message_id, read_catalog
from i18n.commands import COMMANDS, CommandWords
from i18n.commands import problem as discord_problem
from i18n.locale import ENGLISH, REPO, Locale

log = logging.getLogger(__name__)

# Where the code that shows words lives (the engine is read too: a later game may mark its ids there).
SCANNED = ("bot.py", "app", "cogs", "engine", "host", "i18n", "present", "render")
# An id used with a game that is not a literal: every game's catalog must have it.
EVERY_GAME = "*"
# The date written into every catalog's header: a fixed one, so extracting twice changes no file.
STAMP = datetime(2026, 12, 2, tzinfo=UTC)
# Discord's limit for a button or menu label; a message id ending in "label" is one.
LABEL_CHARS = 80
# Where a use of a command tree's word is said to be (the tree has no line of code per word).
TREE = "the command tree"


@dataclass(frozen=True, slots=True)
class Use:
    """One place the code names a message: where, the domain, and the named arguments (None when unknown)."""

    where: str
    domain: str
    msgid: str
    arguments: frozenset[str] | None
    counted: bool


def _literal(node: ast.expr | None) -> str | None:
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None


def _callee(node: ast.Call) -> str | None:
    if isinstance(node.func, ast.Name):
        return node.func.id
    if isinstance(node.func, ast.Attribute):
        return node.func.attr
    return None


def uses_in(source: str, where: str) -> list[Use]:
    """The message uses in one Python source: calls of t, game_t and mark whose id is a literal."""
    found: list[Use] = []
    for node in ast.walk(ast.parse(source, filename=where)):
        if not isinstance(node, ast.Call):
            continue
        name = _callee(node)
        if name not in ("t", "game_t", "mark", "mark_game", "phrase"):
            continue
        place = f"{where}:{node.lineno}"
        keywords = {k.arg for k in node.keywords}
        arguments = None if None in keywords else frozenset(k for k in keywords if k is not None and k != "n")
        counted = "n" in keywords
        if name == "mark" and len(node.args) == 1 and (msgid := _literal(node.args[0])):
            found.append(Use(place, BOT, msgid, None, False))
        elif name == "mark_game" and len(node.args) == 1 and (msgid := _literal(node.args[0])):
            found.append(Use(place, EVERY_GAME, msgid, None, False))
        elif name == "t" and len(node.args) >= 2 and (msgid := _literal(node.args[1])):
            found.append(Use(place, BOT, msgid, arguments, counted))
        elif name == "game_t" and len(node.args) >= 3 and (msgid := _literal(node.args[2])):
            domain = _literal(node.args[1]) or EVERY_GAME
            found.append(Use(place, domain, msgid, arguments, counted))
        elif name == "phrase" and node.args and (msgid := _literal(node.args[0])) and (game := _game_of(where)):
            found.append(Use(place, game, msgid, arguments, counted))
        elif name == "phrase" and node.args and (msgid := _literal(node.args[0])) and where.startswith("engine/core/"):
            found.append(Use(place, BOT, msgid, arguments, counted))  # engine.core's own words: the bot says them
    return found


def _game_of(where: str) -> str | None:
    """The game whose engine package holds the file `where` (engine/<game>/...), None elsewhere."""
    parts = where.split("/")
    return parts[1] if len(parts) > 2 and parts[0] == "engine" and parts[1] not in ("core", "ai") else None


def name_uses(root: Path) -> list[Use]:
    """The names each registered game says through phrases (its `catalog_names()`); none for another folder."""
    if root != REPO:
        return []
    from engine import registry  # here: only the project's own check loads the games
    from engine.core.options import option_catalog_names

    return [Use(f"engine/{game}/names:0", game, named.msgid, None, named.counted)
            for game in registry.names()
            for named in [*registry.get(game).catalog_names(), *option_catalog_names(registry.get(game).options())]]


def source_files(root: Path) -> list[Path]:
    """The Python files that may name messages."""
    files: list[Path] = []
    for part in SCANNED:
        path = root / part
        if path.is_file():
            files.append(path)
        elif path.is_dir():
            files += sorted(p for p in path.rglob("*.py") if "__pycache__" not in p.parts)
    return files


def all_uses(root: Path) -> list[Use]:
    """Every message use in the project's code under `root`, with the names its games say."""
    return [use for path in source_files(root)
            for use in uses_in(path.read_text(encoding="utf-8"), path.relative_to(root).as_posix())] + name_uses(root)


def uses_by_domain(uses: Iterable[Use], domains: Iterable[str]) -> dict[str, dict[str, list[Use]]]:
    """The uses of each domain by id; a use naming every game counts for each game's domain."""
    by_domain: dict[str, dict[str, list[Use]]] = {d: defaultdict(list) for d in domains}
    for use in uses:
        games = [d for d in by_domain if d not in (BOT, COMMANDS)]
        targets = games if use.domain == EVERY_GAME else [use.domain]
        for domain in targets:
            by_domain.setdefault(domain, defaultdict(list))[use.msgid].append(use)
    return by_domain


def _template_ids(folder: Path) -> set[str] | None:
    path = folder / TEMPLATE
    if not path.exists():
        return None
    with path.open("rb") as handle:
        return {message_id(m.id) for m in read_po(handle) if m.id}


def _label_problems(catalog: Catalog) -> list[str]:
    return [f"{catalog.path}: {m.msgid} is a label of {len(form)} characters (at most {LABEL_CHARS})"
            for m in catalog.messages.values() if m.msgid.rsplit(".", 1)[-1].startswith("label")
            for form in m.forms if len(form) > LABEL_CHARS]


def _message_problems(catalog: Catalog, english: Catalog, msgid: str, plurals: int) -> list[str]:
    message = catalog.messages.get(msgid)
    if message is None:
        return [f"{catalog.path}: {msgid} is missing or not translated"]
    reference = english.messages[msgid]
    problems = []
    try:
        mine, theirs = message.placeholders(), reference.placeholders()
    except ValueError as error:
        return [f"{catalog.path}: {msgid} has broken braces ({error})"]
    if mine != theirs:
        problems.append(f"{catalog.path}: {msgid} has placeholders {sorted(mine)}, English has {sorted(theirs)}")
    if message.plural != reference.plural:
        problems.append(f"{catalog.path}: {msgid} is {'' if message.plural else 'not '}plural, unlike English")
    elif message.plural and len(message.forms) != plurals:
        problems.append(f"{catalog.path}: {msgid} has {len(message.forms)} plural forms, the language has {plurals}")
    return problems


def project_commands() -> CommandWords:
    """The words of the bot's real command tree (builds the tree as the bot does, without Discord)."""
    from cogs.translator import project_command_words  # here: only this check needs discord.py loaded

    return asyncio.run(project_command_words())


def _commands_for(root: Path, commands: CommandWords | None) -> CommandWords | None:
    # A project other than this one (a test's folder) has no command tree of its own unless one is given.
    return commands if commands is not None or root != REPO else project_commands()


def command_uses(commands: CommandWords | None) -> list[Use]:
    """The command tree's words as uses of the commands' domain."""
    return [Use(f"{TREE}:0", COMMANDS, msgid, None, False) for msgid in (commands.texts if commands else {})]


def _command_problems(catalogs: dict[Locale, Catalog], commands: CommandWords) -> list[str]:
    problems: list[str] = []
    english = catalogs.get(ENGLISH)
    for msgid, text in sorted(commands.texts.items()):
        found = english.messages.get(msgid) if english else None
        if english is not None and found is not None and found.forms[0] != text:
            problems.append(f"{english.path}: {msgid} says {found.forms[0]!r}, the code says {text!r} "
                            "(run python -m tools.i18n extract)")
    for lang, catalog in sorted(catalogs.items()):
        translated = {m.msgid: m.forms[0] for m in catalog.messages.values() if m.msgid in commands.texts}
        problems += [f"{catalog.path}: {msgid}: {why}" for msgid, text in sorted(translated.items())
                     if (why := discord_problem(msgid, text)) is not None]
        if lang != ENGLISH:
            problems += [f"{catalog.path}: {first} and {second} are both named {name!r}"
                         for first, second, name in commands.clashes(translated)]
    return problems


def check(root: Path = REPO, commands: CommandWords | None = None) -> list[str]:
    """Every problem between the code under `root` and its catalogs, one line each (none: all is in step).

    `commands` is the command tree whose words the commands' domain must hold: by default the bot's own when
    `root` is this project, none for another folder.
    """
    folders = catalog_folders(root)
    commands = _commands_for(root, commands)
    problems: list[str] = []
    loaded: dict[str, dict[Locale, Catalog]] = {}
    plurals: dict[Path, int] = {}
    for domain, folder in folders.items():
        loaded[domain] = {}
        for path in sorted(folder.glob("*.po")):
            try:
                loaded[domain][Locale(path.stem)] = read_catalog(path, domain)
                with path.open("rb") as handle:
                    plurals[path] = read_po(handle).num_plurals
            except CatalogError as error:
                problems.append(str(error))
    languages = set(loaded[BOT])
    uses = uses_by_domain(all_uses(root) + command_uses(commands), folders)
    for domain, ids in uses.items():
        if domain not in folders:
            seen_at = ", ".join(u.where for us in ids.values() for u in us[:1])
            problems.append(f"no catalog for the domain {domain!r} used at {seen_at}")
    for domain, folder in folders.items():
        catalogs = loaded[domain]
        english = catalogs.get(ENGLISH)
        if english is None:
            problems.append(f"{folder}: no English catalog ({ENGLISH}.po)")
            continue
        for lang in sorted(languages - set(catalogs)):
            problems.append(f"{folder}: no catalog for {lang} ({lang}.po), though the bot speaks it")
        used = uses[domain]
        for msgid, places in sorted(used.items()):
            if msgid not in english.messages:
                problems.append(f"{english.path}: {msgid} (used at {places[0].where}) is missing or not translated")
                continue
            for catalog in catalogs.values():
                if catalog is not english:
                    problems += _message_problems(catalog, english, msgid, plurals[catalog.path])
            wanted = english.messages[msgid].placeholders()
            for use in places:
                if use.arguments is not None and use.arguments != wanted - ({"n"} if use.counted else set()):
                    problems.append(f"{use.where}: {msgid} is given {sorted(use.arguments)}, its text uses "
                                    f"{sorted(wanted)}")
        for catalog in catalogs.values():
            problems += [f"{catalog.path}: {msgid} is not used by the code"
                         for msgid in sorted(set(catalog.messages) - set(used))]
            problems += _label_problems(catalog)
        if domain == COMMANDS and commands is not None:
            problems += _command_problems(catalogs, commands)
        template = _template_ids(folder)
        if template is None or template != set(used):
            problems.append(f"{folder / TEMPLATE}: out of date with the code (run python -m tools.i18n extract)")
    return problems


def extract(root: Path = REPO, commands: CommandWords | None = None) -> list[Path]:
    """Rewrite each domain's template from the code and bring each language's catalog in line; the files written.

    The commands' English catalog is written from the command tree (`commands`, as for `check`): the code's
    English is the source, the catalog its copy for translators.
    """
    folders = catalog_folders(root)
    commands = _commands_for(root, commands)
    uses = uses_by_domain(all_uses(root) + command_uses(commands), folders)
    written: list[Path] = []
    for domain, folder in folders.items():
        english_path = folder / f"{ENGLISH}.po"
        english = read_catalog(english_path, domain) if english_path.exists() else None
        template = BabelCatalog(project=f"gnomehost-{domain}", version="1", fuzzy=False, creation_date=STAMP)
        for msgid, places in sorted(uses[domain].items()):
            plural = english.messages[msgid].plural if english and msgid in english.messages else any(
                u.counted for u in places)
            if domain == COMMANDS:
                # No line of code says these words: the template shows the English instead of a location.
                english_text = commands.texts[msgid] if commands else ""
                template.add(msgid, auto_comments=[english_text])
                continue
            template.add((msgid, msgid) if plural else msgid,
                         locations=[(u.where.rsplit(":", 1)[0], int(u.where.rsplit(":", 1)[1])) for u in places])
        _write(folder / TEMPLATE, template, omit_header=False)
        written.append(folder / TEMPLATE)
        for path in sorted(folder.glob("*.po")):
            with path.open("rb") as handle:
                po = read_po(handle)
            # A copy: Babel adds the template's own entries, and the English ones are filled in below.
            po.update(copy.deepcopy(template), no_fuzzy_matching=True, update_header_comment=False)
            if domain == COMMANDS and commands is not None and path.stem == ENGLISH:
                for message in po:
                    if message.id and str(message.id) in commands.texts:
                        message.string = commands.texts[str(message.id)]
            _write(path, po, omit_header=False)
            written.append(path)
    return written


def _write(path: Path, catalog: BabelCatalog, *, omit_header: bool) -> None:
    with path.open("wb") as handle:
        write_po(handle, catalog, width=0, omit_header=omit_header, ignore_obsolete=True, include_lineno=False,
                 sort_output=True)


def main(argv: Sequence[str] | None = None) -> int:
    """Run `check` or `extract`; the process's exit code."""
    parser = argparse.ArgumentParser(prog="python -m tools.i18n", description=__doc__.splitlines()[0])
    parser.add_argument("command", choices=("check", "extract"))
    command = parser.parse_args(argv).command
    if command == "extract":
        for path in extract():
            sys.stdout.write(f"wrote {path.relative_to(REPO)}\n")
        return 0
    problems = check()
    for problem in problems:
        sys.stdout.write(problem + "\n")
    sys.stdout.write(f"i18n check: {len(problems)} problem{'s' if len(problems) != 1 else ''}\n")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
