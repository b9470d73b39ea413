"""The state template every game follows: a tree of mutable dataclasses with JSON-safe leaves.

A game's state is one dataclass whose fields are ints, strings, bools, None, lists, dicts with
str or int keys, and nested dataclasses built from the same things (see docs/architecture.md,
"The state of a game"). `apply` clones the state once and mutates the clone, so the input state is
never touched. This module gives every such tree three operations with no per-game code:

* `clone(state)` - a deep copy, several times faster than copy.deepcopy (typed per class from its hints);
* `dump(state)` - JSON-safe data (dataclasses become dicts, int keys become text);
* `load(cls, data)` - the tree `dump` wrote, rebuilt from the type hints of `cls`.

A field declared with `field(metadata=SHARED)` is shared by `clone` instead of copied: for data that no
action changes after setup (Vendetta's seats and objective offers), which is most of what a clone would
otherwise copy. Such a field may be replaced as a whole, never changed in place.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any, Final, TypeVar, Union, get_args, get_origin

from engine.core.errors import IllegalAction

T = TypeVar("T")

_LEAVES = (int, str, bool, float, type(None))
_LEAF_TYPES = frozenset(_LEAVES)  # a set: `type(v) in` is one hash lookup on the hot path of clone
_SHARED_KEY = "state_tree.shared"
SHARED: Final[Mapping[str, bool]] = types.MappingProxyType({_SHARED_KEY: True})
"""Field metadata: `clone` shares the field's value (never changed in place after setup) instead of copying it."""


@dataclass(frozen=True)
class _Plan:
    """How `clone` copies one dataclass type, worked out once per type."""

    names: tuple[str, ...]
    shared: frozenset[str]
    has_dict: bool  # instances keep fields in __dict__ (not slots): copied as one dict, the fast path


@cache
def _field_names(cls: type) -> tuple[str, ...]:
    return tuple(f.name for f in dataclasses.fields(cls))


_PLANS: dict[type, _Plan | None] = {}


def _plan(kind: type) -> _Plan | None:
    """The clone plan of a dataclass type; None for any other type."""
    try:
        return _PLANS[kind]
    except KeyError:
        pass
    plan = None
    if dataclasses.is_dataclass(kind):
        found = dataclasses.fields(kind)
        plan = _Plan(
            names=tuple(f.name for f in found),
            shared=frozenset(f.name for f in found if f.metadata.get(_SHARED_KEY)),
            has_dict=kind.__dictoffset__ != 0,
        )
    _PLANS[kind] = plan
    return plan


def clone(value: T) -> T:
    """A deep copy of a state tree (dataclasses, lists, dicts and JSON leaves); SHARED fields are shared."""
    cloner = _CLONERS.get(type(value))
    if cloner is None:
        cloner = _cloner(type(value))
    return typing.cast(T, cloner(value))


Copier = Callable[[Any], Any]
_CLONERS: dict[type, Copier] = {}


def _cloner(kind: type) -> Copier:
    """The copier of a value of type `kind`: typed for a dataclass with a __dict__, else the generic `_clone`.

    A typed copier reads the class's type hints once and copies each field by what it holds, so a clone spends
    no time asking the type of each leaf: one C-level copy of the instance dict (leaves and SHARED fields travel
    with it), then a copier per field that holds containers or dataclasses (`list.copy` for a list of leaves).
    The hints are the ones `load` already trusts to rebuild a snapshot; a field the hints do not describe (Any,
    a union of containers) is copied by the generic `_clone`.
    """
    cloner: Copier = _clone
    plan = _plan(kind)
    if plan is not None and plan.has_dict:
        try:
            hints = _hints(kind)
        except (NameError, TypeError):  # hints that do not resolve: the generic copy reads the values instead
            hints = {}
        fields = tuple((name, _field_copier(hints.get(name, Any))) for name in plan.names if name not in plan.shared)
        copied = tuple((name, copier) for name, copier in fields if copier is not None)
        cloner = _instance_copier(kind, copied)
    _CLONERS[kind] = cloner
    return cloner


def _instance_copier(kind: type, copied: tuple[tuple[str, Copier], ...]) -> Copier:
    """The copier of one class, written out field by field: a loop over the fields costs a third of a clone."""
    lines = ["def copy_instance(value):", "    source = value.__dict__", "    state = source.copy()"]
    scope: dict[str, Any] = {"new_instance": object.__new__, "kind": kind}
    for index, (name, copier) in enumerate(copied):
        scope[f"copy_{index}"] = copier
        lines.append(f"    state[{name!r}] = copy_{index}(source[{name!r}])")
    # Frozen dataclasses too: filling __dict__ bypasses their __setattr__.
    lines += ["    new = new_instance(kind)", "    new.__dict__.update(state)", "    return new"]
    exec("\n".join(lines), scope)  # the names are a dataclass's own field names, read from the class
    return typing.cast(Copier, scope["copy_instance"])


def _copy_dataclass(value: Any) -> Any:
    """A nested dataclass (of the declared class or a subclass): its own typed copier."""
    cloner = _CLONERS.get(type(value))
    if cloner is None:
        cloner = _cloner(type(value))
    return cloner(value)


def _field_copier(hint: Any) -> Copier | None:
    """How to copy a field declared as `hint`; None when its values are leaves and travel as they are."""
    if hint in _LEAF_TYPES:
        return None
    origin = get_origin(hint)
    args = get_args(hint)
    if origin in (Union, types.UnionType):
        inner = [a for a in args if a is not type(None)]
        copiers = [_field_copier(a) for a in inner]
        if all(c is None for c in copiers):
            return None
        if len(inner) == 1 and copiers[0] is not None:
            only = copiers[0]
            return lambda v: None if v is None else only(v)
        return _clone
    if origin is tuple:
        return None  # tuples in a state tree hold leaves only and are never mutated
    if origin is list and len(args) == 1:
        item = _field_copier(args[0])
        if item is None:
            return list.copy
        return lambda v: [item(x) for x in v]
    if origin is dict and len(args) == 2:
        value_copier = _field_copier(args[1])
        if value_copier is None:
            return dict.copy
        return lambda v: {k: value_copier(x) for k, x in v.items()}
    if isinstance(hint, type) and dataclasses.is_dataclass(hint):
        return _copy_dataclass
    return _clone


def _clone(value: Any) -> Any:
    kind = type(value)
    # Most of a state is dicts and lists of leaves: they are tested first.
    if kind is dict:
        return {k: v if type(v) in _LEAF_TYPES else _clone(v) for k, v in value.items()}
    if kind is list:
        return [v if type(v) in _LEAF_TYPES else _clone(v) for v in value]
    if kind in _LEAF_TYPES or kind is tuple:
        return value  # tuples in a state tree hold leaves only and are never mutated
    plan = _plan(kind)
    if plan is None:
        raise TypeError(f"{kind.__name__} cannot live in a state tree")
    new = object.__new__(kind)
    shared = plan.shared
    if plan.has_dict:  # frozen dataclasses too: filling __dict__ bypasses their __setattr__
        new.__dict__.update({
            k: v if type(v) in _LEAF_TYPES or k in shared else _clone(v) for k, v in value.__dict__.items()
        })
        return new
    for name in plan.names:
        v = getattr(value, name)
        object.__setattr__(new, name, v if type(v) in _LEAF_TYPES or name in shared else _clone(v))
    return new


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


SCHEMA_KEY = "schema"


def dump_snapshot(state: Any, schema: int) -> dict[str, Any]:
    """A game's JSON-safe snapshot: `dump(state)` plus its schema version."""
    data: dict[str, Any] = dump(state)
    data[SCHEMA_KEY] = schema
    return data


def load_snapshot(cls: type[T], data: dict[str, Any], schema: int) -> T:
    """The state `dump_snapshot` wrote; IllegalAction (E_SCHEMA) for another schema or a shape that does not fit."""
    if data.get(SCHEMA_KEY) != schema:
        raise IllegalAction(f"Saved game schema {data.get(SCHEMA_KEY)!r} is not {schema}.", "E_SCHEMA")
    body = {k: v for k, v in data.items() if k != SCHEMA_KEY}
    try:
        return load(cls, body)
    except (ValueError, TypeError) as exc:
        raise IllegalAction(f"Saved game does not fit: {exc}", "E_SCHEMA") from None


def load(cls: type[T], data: Any) -> T:
    """The tree of type `cls` that `dump` wrote as `data`; ValueError when `data` does not fit."""
    return typing.cast(T, _load(cls, data))


@cache
def _hints(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls)


def _load(hint: Any, data: Any) -> Any:
    if hint is Any or hint is object:
        return _clone(data)  # free JSON (a draft, an event): copied, so the tree never shares the input's data
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
