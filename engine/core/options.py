"""Game options: what a host may set when creating a table, and their validation."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from engine.core.errors import IllegalAction
from engine.core.numbers import parse_int
from engine.core.phrases import Arg, CatalogName, listed, phrase, verbatim


@dataclass(frozen=True, slots=True)
class OptionSpec:
    """One option of a game: name, type ("int", "bool", "choice"), default and limits.

    `default` None means "decided by the game from other settings" (for
    instance a value that depends on the player count).

    `label` and `explain` are the words a player reads in a lobby ("Turbo start: off — ..."):
    `explain` is one short sentence, or one per choice in `value_words`; `description` stays the
    host's hint in the slash command.
    """

    name: str
    type: str
    default: Any
    description: str
    choices: tuple[Any, ...] = ()
    minimum: int | None = None
    maximum: int | None = None
    extra: dict[str, Any] = field(default_factory=dict)
    label: str = ""
    explain: str = ""
    value_words: tuple[tuple[Any, str], ...] = ()

    def to_json(self) -> dict[str, Any]:
        """The spec as a JSON-safe dict."""
        return {
            "name": self.name,
            "type": self.type,
            "default": self.default,
            "description": self.description,
            "choices": list(self.choices),
            "minimum": self.minimum,
            "maximum": self.maximum,
        }

    def coerce(self, value: Any) -> Any:
        """The value converted to this option's type, or IllegalAction saying what is allowed."""
        if value is None:
            return None
        if self.type == "bool":
            if isinstance(value, bool):
                return value
            text = str(value).strip().lower()
            if text in ("1", "true", "yes", "on"):
                return True
            if text in ("0", "false", "no", "off"):
                return False
            raise IllegalAction(f"Option {self.name} must be true or false.", "E_OPTION",
                                phrase=phrase("core.option-bool", option=verbatim(self.name)))
        if self.type == "int":
            number = _whole_number(value)
            if number is None:
                raise IllegalAction(f"Option {self.name} must be a whole number.", "E_OPTION",
                                    phrase=phrase("core.option-whole", option=verbatim(self.name)))
            if self.choices and number not in self.choices:
                raise self._not_one_of()
            if self.minimum is not None and number < self.minimum:
                raise IllegalAction(f"Option {self.name} must be at least {self.minimum}.", "E_OPTION",
                                    phrase=phrase("core.option-least", option=verbatim(self.name), least=self.minimum))
            if self.maximum is not None and number > self.maximum:
                raise IllegalAction(f"Option {self.name} must be at most {self.maximum}.", "E_OPTION",
                                    phrase=phrase("core.option-most", option=verbatim(self.name), most=self.maximum))
            return number
        if self.type == "choice":
            if value not in self.choices:
                raise self._not_one_of()
            return value
        raise ValueError(f"unknown option type {self.type}")

    def _not_one_of(self) -> IllegalAction:
        """The refusal of a value outside this option's choices, naming them."""
        allowed = ", ".join(str(c) for c in self.choices)
        # A number is written as the reader's language writes it; a choice's word is typed as it is.
        said: list[Arg] = [c if isinstance(c, int) else verbatim(c) for c in self.choices]
        return IllegalAction(f"Option {self.name} must be one of {allowed}.", "E_OPTION",
                             phrase=phrase("core.option-one-of", option=verbatim(self.name), choices=listed(said)))


def _whole_number(value: Any) -> int | None:
    """An int option's value as a number: typed text in ASCII digits only (parse_int), whole floats."""
    if isinstance(value, str):
        return parse_int(value.strip())
    if isinstance(value, float):
        return int(value) if value.is_integer() else None
    if isinstance(value, int):
        return int(value)
    return None


def validate_options(specs: Sequence[OptionSpec], options: dict[str, Any] | None) -> dict[str, Any]:
    """Options with every name known and every value legal, defaults filled in.

    Raises IllegalAction naming the unknown option and the known ones.
    """
    options = dict(options or {})
    by_name = {spec.name: spec for spec in specs}
    unknown = sorted(set(options) - set(by_name))
    if unknown:
        known = ", ".join(sorted(by_name)) or "none"
        said = (phrase("core.option-unknown", option=verbatim(unknown[0]), known=listed(map(verbatim, sorted(by_name))))
                if by_name else phrase("core.option-unknown-none", option=verbatim(unknown[0])))
        raise IllegalAction(f"Unknown option {unknown[0]}. Known options: {known}.", "E_OPTION", phrase=said)
    result: dict[str, Any] = {}
    for spec in specs:
        value = options.get(spec.name, spec.default)
        result[spec.name] = spec.coerce(value) if value is not None else None
    return result


def option_catalog_names(specs: Sequence[OptionSpec]) -> list[CatalogName]:
    """The messages a game's catalog holds for its options, for the catalog check: `option.<name>` (the label),
    `option.<name>.explain`, `option.<name>.says.<value>` (the sentence of each worded value) and
    `option.<name>.is.<value>` (the word of each choice)."""
    found: list[CatalogName] = []
    for spec in specs:
        if spec.label:
            found.append(CatalogName(f"option.{spec.name}"))
        if spec.explain:
            found.append(CatalogName(f"option.{spec.name}.explain"))
        found += [CatalogName(f"option.{spec.name}.says.{value}") for value, _ in spec.value_words]
        if spec.type == "choice":
            found += [CatalogName(f"option.{spec.name}.is.{value}") for value in spec.choices]
    return found
