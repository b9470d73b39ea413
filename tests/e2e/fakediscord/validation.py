"""Validation of everything the bot sent: OpenAPI request schemas, Discord's limits, callback deadlines.

The spec is the vendored subset ``spec/openapi-subset.json`` of Discord's OpenAPI description (the
routes the fake serves and the schemas they use; see ``spec/SOURCE.md``), so the tests need nothing
outside the repository. Snowflake ids are accepted as strings or integers.
"""

from __future__ import annotations

import copy
import functools
import json
from pathlib import Path
from typing import TYPE_CHECKING, Any

import jsonschema
from jsonschema.exceptions import ValidationError, best_match

from .records import CALLBACK_DEADLINE_S, RequestRecord
from .spec import SUBSET_PATH
from .state import iter_components

if TYPE_CHECKING:
    from .inspection import HarnessInspection


SNOWFLAKE = {"anyOf": [{"type": "string", "pattern": "^(0|[1-9][0-9]*)$"}, {"type": "integer", "minimum": 0}]}

# Discord limits (https://discord.com/developers/docs).
MAX_CONTENT = 2000
MAX_EMBEDS = 10
MAX_EMBED_TOTAL = 6000
EMBED_LIMITS = {"title": 256, "description": 4096}
MAX_EMBED_FIELDS = 25
MAX_FIELD_NAME = 256
MAX_FIELD_VALUE = 1024
MAX_FOOTER = 2048
MAX_AUTHOR = 256
MAX_ROWS = 5
MAX_ROW_ITEMS = 5
MAX_V2_COMPONENTS = 40
MAX_CUSTOM_ID = 100
MAX_BUTTON_LABEL = 80
MAX_SELECT_OPTIONS = 25
MAX_OPTION_TEXT = 100
MAX_PLACEHOLDER = 150
MAX_CHOICES = 25
MAX_CHOICE_NAME = 100
MAX_CHOICE_VALUE = 100
MAX_FILES = 10
DEFAULT_ATTACHMENT_LIMIT = 10 * 1024 * 1024
IS_COMPONENTS_V2 = 1 << 15


def spec_path() -> Path:
    """Where the Discord OpenAPI spec is read from: the subset vendored in the repository."""
    return SUBSET_PATH


def _patch_snowflakes(node: Any) -> Any:
    if isinstance(node, dict):
        if node.get("format") == "snowflake":
            return copy.deepcopy(SNOWFLAKE)
        return {k: _patch_snowflakes(v) for k, v in node.items()}
    if isinstance(node, list):
        return [_patch_snowflakes(v) for v in node]
    return node


@functools.lru_cache(maxsize=1)
def load_spec() -> dict[str, Any]:
    """The spec with snowflakes relaxed to string-or-integer."""
    path = spec_path()
    return _patch_snowflakes(json.loads(path.read_text(encoding="utf-8")))


@functools.lru_cache(maxsize=256)
def _validator(route: str, method: str) -> jsonschema.protocols.Validator | None:
    spec = load_spec()
    paths: dict[str, dict[str, Any]] = spec["paths"]
    op = paths.get(route, {}).get(method.lower())
    if op is None:
        raise KeyError(route)
    body = op.get("requestBody")
    if not body:
        return None
    content: dict[str, dict[str, Any]] = body.get("content", {})
    schema = (content.get("application/json") or next(iter(content.values()), {})).get("schema")
    if schema is None:
        return None
    root = {"components": spec["components"], "allOf": [schema]}
    return jsonschema.Draft202012Validator(root)


def _where(err: ValidationError) -> str:
    return "/".join(str(p) for p in err.absolute_path) or "<body>"


def _deepest(err: ValidationError) -> ValidationError:
    """Follow anyOf/oneOf context to the most specific error.

    Among a union's branches, prefer one whose ``type`` discriminator matched, then the one with
    the fewest errors, so the report names the field that is really wrong.
    """
    while err.context:
        branches: dict[Any, list[ValidationError]] = {}
        for sub in err.context:
            key = sub.relative_schema_path[0] if sub.relative_schema_path else None
            branches.setdefault(key, []).append(sub)

        def score(errs: list[ValidationError]) -> tuple[bool, int]:
            disc = any(list(e.relative_path) == ["type"] or (e.validator == "required" and "'type'" in e.message)
                       for e in errs)
            return disc, len(errs)

        chosen = min(branches.values(), key=score)
        nxt = best_match(chosen)
        if nxt is None or nxt is err:
            break
        err = nxt
    return err


def validate_request_schema(req: RequestRecord) -> list[str]:
    """Check one request body against the spec's requestBody schema for its route and method."""
    if req.route is None or req.body is None:
        return []
    try:
        validator = _validator(req.route, req.method)
    except KeyError:
        return [f"{req.method} {req.route}: route not in the Discord OpenAPI spec (body sent: {_short(req.body)})"]
    if validator is None:
        return []
    key = (req.route, req.method, json.dumps(req.body, sort_keys=True, default=str))
    cached = _SCHEMA_CACHE.get(key)
    if cached is None:
        cached = _SCHEMA_CACHE[key] = _schema_errors(validator, req)
    return list(cached)


_SCHEMA_CACHE: dict[tuple[str, str, str], list[str]] = {}


def _schema_errors(validator: jsonschema.protocols.Validator, req: RequestRecord) -> list[str]:
    problems = []
    for err in sorted(validator.iter_errors(req.body), key=lambda e: list(e.absolute_path)):
        deep = _deepest(err)
        problems.append(
            f"{req.method} {req.route}: field {_where(deep)}: [{deep.validator}] {deep.message[:200]} "
            f"(spec check; body {_short(req.body)})")
    return problems


def _short(body: Any, n: int = 200) -> str:
    text = json.dumps(body, default=str)
    return text if len(text) <= n else text[:n] + "..."


# -- limits ---------------------------------------------------------------------------------------
def check_message_limits(data: dict[str, Any], where: str) -> list[str]:
    """Content, embeds and components limits of a message payload."""
    out: list[str] = []
    content = data.get("content")
    if isinstance(content, str) and len(content) > MAX_CONTENT:
        out.append(f"{where}: content has {len(content)} chars > {MAX_CONTENT}")
    embeds = data.get("embeds") or []
    if len(embeds) > MAX_EMBEDS:
        out.append(f"{where}: {len(embeds)} embeds > {MAX_EMBEDS}")
    total = 0
    for i, emb in enumerate(embeds):
        out.extend(_embed_limits(emb, f"{where}: embeds/{i}"))
        total += _embed_size(emb)
    if total > MAX_EMBED_TOTAL:
        out.append(f"{where}: embeds total {total} chars > {MAX_EMBED_TOTAL}")
    out.extend(check_components(data.get("components") or [], int(data.get("flags") or 0), where))
    return out


def _embed_size(emb: dict[str, Any]) -> int:
    size = len(emb.get("title") or "") + len(emb.get("description") or "")
    size += len((emb.get("footer") or {}).get("text") or "") + len((emb.get("author") or {}).get("name") or "")
    for fld in emb.get("fields") or []:
        size += len(fld.get("name") or "") + len(fld.get("value") or "")
    return size


def _embed_limits(emb: dict[str, Any], where: str) -> list[str]:
    out = []
    for key, limit in EMBED_LIMITS.items():
        if len(emb.get(key) or "") > limit:
            out.append(f"{where}: {key} has {len(emb[key])} chars > {limit}")
    fields = emb.get("fields") or []
    if len(fields) > MAX_EMBED_FIELDS:
        out.append(f"{where}: {len(fields)} fields > {MAX_EMBED_FIELDS}")
    for j, fld in enumerate(fields):
        if len(fld.get("name") or "") > MAX_FIELD_NAME:
            out.append(f"{where}/fields/{j}: name > {MAX_FIELD_NAME} chars")
        if len(fld.get("value") or "") > MAX_FIELD_VALUE:
            out.append(f"{where}/fields/{j}: value > {MAX_FIELD_VALUE} chars")
    if len((emb.get("footer") or {}).get("text") or "") > MAX_FOOTER:
        out.append(f"{where}: footer text > {MAX_FOOTER} chars")
    if len((emb.get("author") or {}).get("name") or "") > MAX_AUTHOR:
        out.append(f"{where}: author name > {MAX_AUTHOR} chars")
    return out


def check_components(components: list[dict[str, Any]], flags: int, where: str) -> list[str]:
    """Rows, items per row, custom_id, labels, select options."""
    out: list[str] = []
    if flags & IS_COMPONENTS_V2:
        total = len(iter_components(components))
        if total > MAX_V2_COMPONENTS:
            out.append(f"{where}: {total} components > {MAX_V2_COMPONENTS} (components v2)")
    else:
        if len(components) > MAX_ROWS:
            out.append(f"{where}: {len(components)} action rows > {MAX_ROWS}")
        for i, row in enumerate(components):
            items = row.get("components") or []
            if row.get("type") == 1 and len(items) > MAX_ROW_ITEMS:
                out.append(f"{where}: row {i} has {len(items)} components > {MAX_ROW_ITEMS}")
            if row.get("type") == 1 and len(items) > 1 and any(c.get("type") in (3, 5, 6, 7, 8) for c in items):
                out.append(f"{where}: row {i} mixes a select menu with other components")
    seen: set[str] = set()
    for comp in iter_components(components):
        cid = comp.get("custom_id")
        if cid is not None:
            if len(cid) > MAX_CUSTOM_ID:
                out.append(f"{where}: custom_id {cid[:40]!r}... has {len(cid)} chars > {MAX_CUSTOM_ID}")
            if cid in seen:
                out.append(f"{where}: duplicate custom_id {cid!r}")
            seen.add(cid)
        ctype = comp.get("type")
        if ctype == 2 and len(comp.get("label") or "") > MAX_BUTTON_LABEL:
            out.append(f"{where}: button label {comp['label'][:40]!r}... > {MAX_BUTTON_LABEL} chars")
        if ctype == 2 and comp.get("style") != 5 and comp.get("style") != 6 and not cid:
            out.append(f"{where}: button without custom_id")
        if ctype in (3, 5, 6, 7, 8):
            out.extend(_select_limits(comp, where))
    return out


def _select_limits(comp: dict[str, Any], where: str) -> list[str]:
    out = []
    opts = comp.get("options") or []
    cid = comp.get("custom_id")
    if len(opts) > MAX_SELECT_OPTIONS:
        out.append(f"{where}: select {cid!r} has {len(opts)} options > {MAX_SELECT_OPTIONS}")
    for opt in opts:
        for key in ("label", "value", "description"):
            if len(opt.get(key) or "") > MAX_OPTION_TEXT:
                out.append(f"{where}: select {cid!r} option {key} {opt[key][:40]!r}... > {MAX_OPTION_TEXT} chars")
    if len(comp.get("placeholder") or "") > MAX_PLACEHOLDER:
        out.append(f"{where}: select {cid!r} placeholder > {MAX_PLACEHOLDER} chars")
    if comp.get("type") == 3 and opts and int(comp.get("max_values") or 1) > len(opts):
        out.append(f"{where}: select {cid!r} max_values {comp.get('max_values')} > {len(opts)} options")
    values = [o.get("value") for o in opts]
    if len(set(values)) != len(values):
        out.append(f"{where}: select {cid!r} has duplicate option values")
    return out


def check_choices(choices: list[dict[str, Any]], where: str) -> list[str]:
    """Autocomplete / command choices."""
    out = []
    if len(choices) > MAX_CHOICES:
        out.append(f"{where}: {len(choices)} choices > {MAX_CHOICES}")
    for ch in choices:
        name = str(ch.get("name", ""))
        if not 1 <= len(name) <= MAX_CHOICE_NAME:
            out.append(f"{where}: choice name {name[:40]!r} has {len(name)} chars (1..{MAX_CHOICE_NAME})")
        value = ch.get("value")
        if isinstance(value, str) and len(value) > MAX_CHOICE_VALUE:
            out.append(f"{where}: choice value {value[:40]!r}... > {MAX_CHOICE_VALUE} chars")
    return out


def check_commands(commands: list[dict[str, Any]], where: str) -> list[str]:
    """Names, descriptions, options and choices of synced commands."""
    out = []
    for cmd in commands:
        chat_input = int(cmd.get("type", 1) or 1) == 1  # user/message commands may use capitals and spaces
        out.extend(_command_limits(cmd, f"{where} /{cmd.get('name')}", lower=chat_input))
    return out


def _command_limits(node: dict[str, Any], where: str, *, lower: bool = True) -> list[str]:
    out = []
    name = str(node.get("name", ""))
    if not 1 <= len(name) <= 32 or (lower and name != name.lower()):
        out.append(f"{where}: bad name {name!r} (1-32 chars{', lower case' if lower else ''})")
    if len(node.get("description") or "") > 100:
        out.append(f"{where}: description > 100 chars")
    opts = node.get("options") or []
    if len(opts) > 25:
        out.append(f"{where}: {len(opts)} options > 25")
    out.extend(check_choices(node.get("choices") or [], where) if node.get("choices") else [])
    for opt in opts:
        out.extend(_command_limits(opt, f"{where} {opt.get('name')}"))
    return out


def check_request_limits(req: RequestRecord) -> list[str]:
    """Discord limits for one request."""
    where = f"{req.method} {req.route or req.path}"
    body = req.body if isinstance(req.body, dict) else None
    out: list[str] = []
    limit = req.attachment_size_limit or DEFAULT_ATTACHMENT_LIMIT
    if len(req.files) > MAX_FILES:
        out.append(f"{where}: {len(req.files)} files > {MAX_FILES}")
    out.extend(
        f"{where}: file {f.filename!r} is {len(f.data)} bytes > attachment_size_limit {limit}"
        for f in req.files
        if len(f.data) > limit
    )
    if req.route in ("/applications/{application_id}/commands",
                     "/applications/{application_id}/guilds/{guild_id}/commands") and req.method == "PUT":
        return out + check_commands(req.body or [], where)
    if body is None:
        return out
    if req.route == "/interactions/{interaction_id}/{interaction_token}/callback":
        data = body.get("data") or {}
        if body.get("type") == 8:
            return out + check_choices(data.get("choices") or [], where)
        return out + check_message_limits(data, where)
    if req.route and ("/messages" in req.route or req.route.startswith("/webhooks/")):
        out.extend(check_message_limits(body, where))
    return out


def validate_harness(h: HarnessInspection, *, spec: bool = True, limits: bool = True, deadlines: bool = True,
                     unknown_routes: bool = True, http_errors: bool = True) -> list[str]:
    """Every problem in everything the bot sent to ``h`` (see :meth:`HarnessInspection.validate_all`)."""
    problems: list[str] = []
    for req in h.all_requests:
        if unknown_routes and not req.known:
            problems.append(f"unknown route: {req.method} {req.path} (the fake answered 404)")
        if spec:
            problems.extend(validate_request_schema(req))
        if limits:
            problems.extend(check_request_limits(req))
    if deadlines:
        for ix in h.interactions:
            lat = ix.callback_latency
            if lat is None:
                problems.append(f"no callback: {ix.describe()}")
            elif lat > CALLBACK_DEADLINE_S:
                problems.append(f"callback later than {CALLBACK_DEADLINE_S}s: {ix.describe()}")
            if ix.extra_callbacks:
                problems.append(f"{len(ix.extra_callbacks)} extra callback(s) (40060): {ix.describe()}")
    if http_errors:
        for req in h.http_errors():
            if req.interaction_id is not None and req.status == 400 and (req.response or {}).get("code") == 40060:
                continue  # already reported as an extra callback
            problems.append(f"error answer: {req} {_short(req.response)} for body {_short(req.body)}")
    problems.extend(f"fake Discord internal error: {e}" for e in h.server.internal_errors)
    return problems
