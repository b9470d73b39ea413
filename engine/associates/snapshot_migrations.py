"""Stored Gnomes & Associates snapshots of older schemas, brought up to the current one, one step per schema.

A snapshot stored by an older version of the game keeps its schema number; `migrate` runs every step from
that number up to state.SCHEMA, so `state.load_state` only ever reads the current shape. A step is frozen
once released: it describes what the stored data of its schema looked like, not what the code does now.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import Any, Final

from engine.core.errors import IllegalAction
from engine.core.phrases import phrase
from engine.core.state_tree import SCHEMA_KEY

log = logging.getLogger(__name__)

# Schema 1 kept a resolution as a free dict: an elimination outside a fight (a Trap, say) held only the
# keys it used. Schema 2 has every field of a resolution, these values meaning "not used".
_RES_DEFAULTS_1: Final[Mapping[str, Any]] = MappingProxyType({
    "player": None, "source": None, "card": None, "defender": None, "stage": "declared", "protections": 0,
    "alarm": False, "shields": 0, "faces": [], "n": 0, "colour": "", "rerolled": False, "picks": [],
    "allowance": 0, "hits": 0, "asked": None, "fig": None, "cause": None,
})


def _schema_1_to_2(data: dict[str, Any]) -> dict[str, Any]:
    """Schema 1 -> 2: a draft says whether it is a Forge Craft; a resolution has every field."""
    out = dict(data)
    draft = out.get("draft")
    if isinstance(draft, dict):
        out["draft"] = {**draft, "forge": bool(draft.get("forge", False))}
    res = out.get("res")
    if isinstance(res, dict):
        out["res"] = {**{k: _fresh(v) for k, v in _RES_DEFAULTS_1.items()}, **res}
    out[SCHEMA_KEY] = 2
    return out


def _fresh(value: Any) -> Any:
    """A default value the migrated snapshot may own (a new list each time)."""
    return list(value) if isinstance(value, list) else value


STEPS: Final[Mapping[int, Callable[[dict[str, Any]], dict[str, Any]]]] = MappingProxyType({
    1: _schema_1_to_2,
})
"""Schema N -> the step that turns a schema-N snapshot into a schema-(N+1) one."""


def migrate(data: dict[str, Any]) -> dict[str, Any]:
    """The snapshot brought up to the newest schema a step reaches (unchanged when it is already there).

    An unknown or future schema is left as it is: loading it then fails with E_SCHEMA. A snapshot that is
    not a mapping at all is refused here the same way.
    """
    if not isinstance(data, dict):
        raise IllegalAction("Saved game is not a snapshot.", "E_SCHEMA", phrase=phrase("refusal.saved-game-not"))
    schema = data.get(SCHEMA_KEY)
    while isinstance(schema, int) and schema in STEPS:
        log.debug("migrating an Associates snapshot from schema %d", schema)
        data = STEPS[schema](data)
        schema = data.get(SCHEMA_KEY)
    return data
