"""The slash commands' own words: the "commands" domain, its message ids, and the shape Discord demands of them.

A command's, an option's and a choice's name and description are translated like any message, in their own
domain (locales/commands/<lang>.po), but their ids are not written in the code: they are derived from where the
word sits in the command tree, so a new command or option needs no call to mark it:

- a command or group: `<path>.name`, `<path>.description` (`game.new.name`; the path is its qualified name with
  dots: `game new` -> `game.new`);
- an option: `<path>.option.<option>.name` and `.description` (`me.quiet.option.from.name`);
- a choice of an option: `<path>.option.<option>.choice.<value>` (`game.start.option.order.choice.random`).

English is the code's own text (Discord requires the default name to be the one the code dispatches on); the
English catalog mirrors it for translators and `tools.i18n check` keeps the two equal. Pure: no discord here;
cogs/translator.py walks discord.py's tree with these ids.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import Enum

log = logging.getLogger(__name__)

COMMANDS = "commands"

# Discord's limits (https://discord.com/developers/docs/interactions/application-commands): a name is 1-32
# word characters or dashes, in lower case where the script has cases; a description and a choice's name 1-100.
NAME_CHARS = 32
DESCRIPTION_CHARS = 100
CHOICE_CHARS = 100
_NAME = re.compile(r"[-_\w]{1,32}")


class Slot(Enum):
    """What a word of the command tree is, which decides the rule it must follow."""

    NAME = "name"
    DESCRIPTION = "description"
    CHOICE = "choice"


def command_id(path: str, slot: Slot) -> str:
    """The id of a command's or group's name or description (`path` as Discord shows it: "game new")."""
    return f"{path.replace(' ', '.')}.{slot.value}"


def option_id(path: str, option: str, slot: Slot) -> str:
    """The id of an option's name or description (`option` is the name Discord shows, not the parameter's)."""
    return f"{path.replace(' ', '.')}.option.{option}.{slot.value}"


def choice_id(path: str, option: str, value: object) -> str:
    """The id of one choice's name (`value` is the choice's value, the same in every language)."""
    return f"{path.replace(' ', '.')}.option.{option}.choice.{value}"


def slot_of(msgid: str) -> Slot:
    """What the word of this id is (a name, a description or a choice's name)."""
    if ".choice." in msgid:
        return Slot.CHOICE
    return Slot.NAME if msgid.endswith(".name") else Slot.DESCRIPTION


def problem(msgid: str, text: str) -> str | None:
    """Why Discord would refuse `text` as the word `msgid` names (None: it fits).

    A refused localisation makes Discord refuse the whole command sync, so the catalog check and the translator
    both ask this.
    """
    slot = slot_of(msgid)
    if slot is Slot.NAME:
        if not _NAME.fullmatch(text):
            return f"a name must be 1-{NAME_CHARS} letters, digits, '-' or '_' (no spaces): {text!r}"
        if text != text.lower():
            return f"a name must be in lower case: {text!r}"
        return None
    limit = DESCRIPTION_CHARS if slot is Slot.DESCRIPTION else CHOICE_CHARS
    if not 1 <= len(text) <= limit:
        return f"a {slot.value} must be 1-{limit} characters, not {len(text)}: {text!r}"
    return None


@dataclass(frozen=True, slots=True)
class CommandWords:
    """The words of one command tree: each id with its English text, and the groups of name ids that must differ
    (the commands of one level, the options of one command), since Discord refuses two alike in any language."""

    texts: Mapping[str, str]
    siblings: Sequence[tuple[str, ...]]

    def clashes(self, translated: Mapping[str, str]) -> list[tuple[str, str, str]]:
        """(first id, second id, name) for two siblings that `translated` (id -> text) gives the same name."""
        found: list[tuple[str, str, str]] = []
        for group in self.siblings:
            seen: dict[str, str] = {}
            for msgid in group:
                name = translated.get(msgid, self.texts.get(msgid, ""))
                if name in seen:
                    found.append((seen[name], msgid, name))
                seen.setdefault(name, msgid)
        return found

