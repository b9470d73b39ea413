"""The catalogs: gettext .po files read with Babel once, kept in memory, and looked up by message id.

A catalog is one domain in one language. The bot's own words are the domain "bot" in locales/<lang>.po; each
game's words are the domain named after the game, in engine/<game>/locales/<lang>.po, so a new game brings its
own. Message ids are stable names ("me.timezone-set"), not English sentences: English is a catalog like any
other, so the wording can change without touching the code or a stored log that carries the ids.
Placeholders are Python's named format fields ("{zone}"); a plural message has one form per plural form of its
language (the catalog's Plural-Forms header) and is chosen by `n`.
"""

from __future__ import annotations

import functools
import gettext
import logging
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from string import Formatter

from babel.messages.pofile import read_po

from i18n.commands import COMMANDS, problem
from i18n.formats import format_number
from i18n.locale import BOT_CATALOG, ENGLISH, REPO, Locale

log = logging.getLogger(__name__)

BOT = "bot"
TEMPLATE = "messages.pot"
GAMES = REPO / "engine"


class CatalogError(Exception):
    """A catalog file that cannot be read (bad .po syntax, a plural message without forms)."""


@dataclass(frozen=True, slots=True)
class Message:
    """One entry: its id, its text (one form, or one per plural form), and the translators' comments."""

    msgid: str
    forms: tuple[str, ...]
    plural: bool
    comments: tuple[str, ...] = ()

    def placeholders(self) -> frozenset[str]:
        """The named fields its forms use, all forms together."""
        return frozenset(name for form in self.forms for name in fields(form))


@dataclass(frozen=True, slots=True)
class Catalog:
    """One domain's messages in one language, with the language's plural rule."""

    domain: str
    locale: Locale
    path: Path
    messages: Mapping[str, Message]
    plural_index: Callable[[int], int]


def fields(text: str) -> list[str]:
    """The named format fields of `text` ("Hi {name}" -> ["name"]); ValueError when its braces are broken."""
    return [name.split(".")[0].split("[")[0] for _, name, _, _ in Formatter().parse(text) if name]


def catalog_folders(root: Path = REPO) -> dict[str, Path]:
    """Each domain and the folder holding its catalogs: the bot's, the commands', then every game that has one."""
    folders = {BOT: root / BOT_CATALOG.relative_to(REPO)}
    # The slash commands' words (i18n/commands.py), beside the bot's: only where that folder exists.
    commands = root / BOT_CATALOG.relative_to(REPO) / COMMANDS
    if commands.is_dir():
        folders[COMMANDS] = commands
    for folder in sorted((root / GAMES.relative_to(REPO)).glob("*/locales")):
        folders[folder.parent.name] = folder
    return folders


def message_id(raw: object) -> str:
    """The id of a Babel entry (a plural entry's id is the pair of its singular and plural ids)."""
    return str(raw[0]) if isinstance(raw, tuple | list) else str(raw)


def read_catalog(path: Path, domain: str) -> Catalog:
    """One .po file as a Catalog (fuzzy and empty entries left out: they are not translated yet)."""
    try:
        with path.open("rb") as handle:
            po = read_po(handle, abort_invalid=True)
    except Exception as error:  # Babel raises its own and plain parse errors alike
        raise CatalogError(f"{path}: {error}") from error
    plural_index = gettext.c2py(po.plural_expr)
    messages: dict[str, Message] = {}
    for entry in po:
        if not entry.id or entry.fuzzy:
            continue
        msgid = message_id(entry.id)
        raw = entry.string
        forms = tuple(str(form or "") for form in raw) if isinstance(raw, tuple | list) else (str(raw or ""),)
        if not all(forms):
            continue
        messages[msgid] = Message(msgid, forms, entry.pluralizable, tuple(entry.user_comments))
    return Catalog(domain, Locale(path.stem), path, messages, plural_index)


class Catalogs:
    """Every catalog of every domain, looked up by domain, language and message id."""

    def __init__(self, by_domain: Mapping[str, Mapping[Locale, Catalog]]) -> None:
        self._by_domain = by_domain

    @classmethod
    def load(cls, root: Path = REPO) -> Catalogs:
        """Read every catalog under `root` (the bot's and each game's)."""
        by_domain: dict[str, dict[Locale, Catalog]] = {}
        for domain, folder in catalog_folders(root).items():
            by_domain[domain] = {Locale(p.stem): read_catalog(p, domain) for p in sorted(folder.glob("*.po"))}
        return cls(by_domain)

    def domains(self) -> list[str]:
        """The domains, the bot's first."""
        return list(self._by_domain)

    def catalog(self, domain: str, locale: Locale) -> Catalog | None:
        """One domain's catalog in one language, None when there is none."""
        return self._by_domain.get(domain, {}).get(locale)

    def __iter__(self) -> Iterator[Catalog]:
        """Every catalog."""
        for per_locale in self._by_domain.values():
            yield from per_locale.values()

    def translate(self, locale: Locale, domain: str, msgid: str, n: int | None, args: Mapping[str, object]) -> str:
        """The message in `locale` (English when that language lacks it), its fields filled from `args` and `n`."""
        for lang in (locale, ENGLISH) if locale != ENGLISH else (ENGLISH,):
            catalog = self.catalog(domain, lang)
            message = catalog.messages.get(msgid) if catalog else None
            if catalog is None or message is None:
                continue
            form = message.forms[0]
            values = dict(args)
            if n is not None:
                values.setdefault("n", format_number(lang, n))
                if message.plural:
                    index = catalog.plural_index(n)
                    form = message.forms[min(index, len(message.forms) - 1)]
            try:
                return form.format_map(values)
            except (KeyError, IndexError, ValueError):
                if lang == ENGLISH:
                    raise
                log.warning("the %s message %s in %s does not fit its arguments; English is shown", domain, msgid,
                            lang)
        log.warning("no catalog has the %s message %s", domain, msgid)
        return msgid


@functools.cache
def catalogs() -> Catalogs:
    """The project's catalogs, read on first use and kept for the process's life."""
    return Catalogs.load()


def t(locale: Locale, msgid: str, /, n: int | None = None, **args: object) -> str:
    """A message of the bot's own words in `locale`: `n` picks the plural form (and fills "{n}")."""
    return catalogs().translate(locale, BOT, msgid, n, args)


def game_t(locale: Locale, game: str, msgid: str, /, n: int | None = None, **args: object) -> str:
    """A message of one game's catalog in `locale` (its names, its quick start), as `t` does for the bot."""
    return catalogs().translate(locale, game, msgid, n, args)


def mark(msgid: str) -> str:
    """`msgid` itself: names a message that code looks up later through a variable, so `tools.i18n` sees it."""
    return msgid


def mark_game(msgid: str) -> str:
    """`msgid` itself: names a message every game's catalog has, looked up later through a variable."""
    return msgid


def command_word(locale: Locale, msgid: str, english: str) -> str:
    """The word of `msgid` of the "commands" domain that the reader's Discord shows in `locale` (a command's,
    option's or choice's name), or `english` (the code's own) where the catalog has none Discord accepts."""
    catalog = catalogs().catalog(COMMANDS, locale)
    message = catalog.messages.get(msgid) if catalog is not None else None
    text = message.forms[0] if message is not None else ""
    return text if text and problem(msgid, text) is None else english
