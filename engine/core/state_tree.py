"""The state template every game follows: a tree of mutable dataclasses with JSON-safe leaves.

A game's state is one dataclass whose fields are ints, strings, bools, None, lists, dicts with
str or int keys, and nested dataclasses built from the same things (see docs/architecture.md,
"The state of a game"). `apply` clones the state once and mutates the clone, so the input state is
never touched. This module gives every such tree three operations with no per-game code:

* `clone(state)` - a deep copy, several times faster than copy.deepcopy;
* `dump(state)` - JSON-safe data (dataclasses become dicts, int keys become text);
* `load(cls, data)` - the tree `dump` wrote, rebuilt from the type hints of `cls`.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from functools import cache
from typing import Any, TypeVar, Union, get_args, get_origin

T = TypeVar("T")

_LEAVES = (int, str, bool, float, type(None))


@cache
def _field_names(cls: type) -> tuple[str, ...]:
    return tuple(f.name for f in dataclasses.fields(cls))


def clone(value: T) -> T:
    """A deep copy of a state tree (dataclasses, lists, dicts and JSON leaves)."""
    return typing.cast(T, _clone(value))


def _clone(value: Any) -> Any:
    kind = type(value)
    if kind in _LEAVES:
        return value
    if kind is list:
        return [v if type(v) in _LEAVES else _clone(v) for v in value]
    if kind is dict:
        return {k: v if type(v) in _LEAVES else _clone(v) for k, v in value.items()}
    if kind is tuple:
        return value  # tuples in a state tree hold leaves only and are never mutated
    if dataclasses.is_dataclass(kind):
        new = object.__new__(kind)
        for name in _field_names(kind):
            v = getattr(value, name)
            object.__setattr__(new, name, v if type(v) in _LEAVES else _clone(v))
        return new
    raise TypeError(f"{kind.__name__} cannot live in a state tree")


def dump(value: Any) -> Any:
    """JSON-safe data for a state tree: dataclasses as dicts, dict keys as text."""
    kind = type(value)
    if kind in _LEAVES:
        return value
    if kind in (list, tuple):
        return [dump(v) for v in value]
    if kind is dict:
        return {str(k): dump(v) for k, v in value.items()}
    if dataclasses.is_dataclass(kind):
        return {name: dump(getattr(value, name)) for name in _field_names(kind)}
    raise TypeError(f"{kind.__name__} cannot live in a state tree")


def load(cls: type[T], data: Any) -> T:
    """The tree of type `cls` that `dump` wrote as `data`; ValueError when `data` does not fit."""
    return typing.cast(T, _load(cls, data))


@cache
def _hints(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls)


def _load(hint: Any, data: Any) -> Any:
    if hint is Any:
        return data
    origin = get_origin(hint)
    if origin in (Union, types.UnionType):
        options = get_args(hint)
        if data is None and type(None) in options:
            return None
        errors: list[str] = []
        for option in options:
            if option is type(None):
                continue
            try:
                return _load(option, data)
            except (ValueError, TypeError) as exc:
                errors.append(str(exc))
        raise ValueError(f"{data!r} fits none of {hint}: {'; '.join(errors)}")
    if origin is list:
        (item,) = get_args(hint)
        if not isinstance(data, list):
            raise ValueError(f"expected a list, got {data!r}")
        return [_load(item, v) for v in data]
    if origin is tuple:
        args = get_args(hint)
        if not isinstance(data, list):
            raise ValueError(f"expected a list, got {data!r}")
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(_load(args[0], v) for v in data)
        return tuple(_load(a, v) for a, v in zip(args, data, strict=True))
    if origin is dict:
        key_type, value_type = get_args(hint)
        if not isinstance(data, dict):
            raise ValueError(f"expected a dict, got {data!r}")
        return {(int(k) if key_type is int else k): _load(value_type, v) for k, v in data.items()}
    if isinstance(hint, type) and dataclasses.is_dataclass(hint):
        if not isinstance(data, dict):
            raise ValueError(f"expected {hint.__name__} as a dict, got {data!r}")
        hints = _hints(hint)
        names = _field_names(hint)
        missing = [n for n in names if n not in data]
        if missing:
            raise ValueError(f"{hint.__name__} lacks {', '.join(missing)}")
        return hint(**{n: _load(hints[n], data[n]) for n in names})
    if hint in (int, str, bool, float):
        if hint is float and type(data) is int:
            return float(data)
        if type(data) is not hint:
            raise ValueError(f"expected {hint.__name__}, got {data!r}")
        return data
    if hint is type(None):
        if data is not None:
            raise ValueError(f"expected null, got {data!r}")
        return None
    raise TypeError(f"unsupported type in a state tree: {hint!r}")
