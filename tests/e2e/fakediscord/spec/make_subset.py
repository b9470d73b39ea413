"""Cut Discord's OpenAPI spec down to the routes the fake Discord serves, plus every component they use.

Run from the repository root with the path of a checkout of https://github.com/discord/discord-api-spec
(or of its ``specs/openapi.json``)::

    .venv/bin/python -m tests.e2e.fakediscord.spec.make_subset /path/to/discord-api-spec --commit 74fda0f

It writes ``openapi-subset.json``, ``LICENSE`` (copied from the source: the spec is MIT licensed) and
``SOURCE.md`` (origin, commit, sha256, how to regenerate) next to this file, or into ``--out``.
The kept routes are the (method, path template) pairs of :class:`~tests.e2e.fakediscord.rest.RestAPI`,
so adding a route to the fake and re-running this script keeps validation complete.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import shutil
import sys
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from . import SPEC_DIR

SUBSET_NAME = "openapi-subset.json"
UPSTREAM = "https://github.com/discord/discord-api-spec"
UPSTREAM_FILE = "specs/openapi.json"
REF_PREFIX = "#/components/"
# Keys of an OpenAPI path item that are operations (the rest, e.g. "parameters", is shared by all).
HTTP_METHODS = frozenset({"get", "put", "post", "delete", "options", "head", "patch", "trace"})


class SubsetError(Exception):
    """The source spec lacks something the fake needs (a route, a $ref target, the licence)."""


@dataclass(frozen=True)
class Provenance:
    """Where a vendored spec came from: enough to fetch and check the same file again."""

    sha256: str
    version: str
    commit: str | None


def served_routes() -> list[tuple[str, str]]:
    """(METHOD, OpenAPI path template) of every REST route the fake Discord answers."""
    from ..server import FakeDiscord  # the route table lives on RestAPI, built per server

    return [(method, template) for method, template, _pattern, _handler in FakeDiscord().rest.routes]


def iter_refs(node: Any) -> Iterator[str]:
    """Every ``$ref`` string anywhere inside ``node``."""
    if isinstance(node, dict):
        ref = node.get("$ref")
        if isinstance(ref, str):
            yield ref
        for value in node.values():
            yield from iter_refs(value)
    elif isinstance(node, list):
        for value in node:
            yield from iter_refs(value)


def _split_ref(ref: str) -> tuple[str, str]:
    """``#/components/schemas/Foo`` -> ``("schemas", "Foo")``."""
    if not ref.startswith(REF_PREFIX):
        raise SubsetError(f"unsupported $ref {ref!r} (only local {REF_PREFIX}... references are followed)")
    kind, _, name = ref[len(REF_PREFIX):].partition("/")
    if not name or "/" in name:
        raise SubsetError(f"unsupported $ref {ref!r} (expected {REF_PREFIX}<kind>/<name>)")
    return kind, name


def ref_closure(spec: dict[str, Any], roots: Iterable[Any]) -> set[tuple[str, str]]:
    """Every (component kind, name) reachable through ``$ref`` from ``roots``, transitively."""
    components = spec.get("components", {})
    seen: set[tuple[str, str]] = set()
    todo = [ref for root in roots for ref in iter_refs(root)]
    while todo:
        key = _split_ref(todo.pop())
        if key in seen:
            continue
        kind, name = key
        target = components.get(kind, {}).get(name)
        if target is None:
            raise SubsetError(f"$ref target {REF_PREFIX}{kind}/{name} is missing from the source spec")
        seen.add(key)
        todo.extend(iter_refs(target))
    return seen


def make_subset(spec: dict[str, Any], routes: Iterable[tuple[str, str]]) -> dict[str, Any]:
    """The part of ``spec`` holding ``routes`` (METHOD, template) and the components they reference.

    Top-level metadata and security schemes are kept so the result is still a valid OpenAPI document;
    paths and components keep the source's order so regenerating gives the same bytes.
    """
    wanted: dict[str, set[str]] = {}
    for method, template in routes:
        wanted.setdefault(template, set()).add(method.lower())
    paths: dict[str, Any] = {}
    for template, item in spec["paths"].items():
        methods = wanted.pop(template, None)
        if methods is None:
            continue
        missing = sorted(m.upper() for m in methods if m not in item)
        if missing:
            raise SubsetError(f"{', '.join(missing)} {template} is not in the source spec")
        paths[template] = {k: v for k, v in item.items() if k not in HTTP_METHODS or k in methods}
    if wanted:
        raise SubsetError(f"routes not in the source spec: {sorted(wanted)}")
    keep = ref_closure(spec, paths.values())
    components: dict[str, Any] = {}
    for kind, entries in spec.get("components", {}).items():
        if kind == "securitySchemes":  # named by operations' "security", not by $ref
            components[kind] = entries
            continue
        kept = {name: value for name, value in entries.items() if (kind, name) in keep}
        if kept:
            components[kind] = kept
    out = {k: v for k, v in spec.items() if k not in ("paths", "components")}
    out["paths"] = paths
    out["components"] = components
    return out


def find_source(source: Path) -> tuple[Path, Path]:
    """(openapi.json, LICENSE) for a source given as the file, its folder, or a discord-api-spec checkout."""
    candidates = [source] if source.is_file() else [source / "openapi.json", source / UPSTREAM_FILE]
    spec_file = next((c for c in candidates if c.is_file()), None)
    if spec_file is None:
        raise SubsetError(f"no openapi.json at {source} (tried {', '.join(map(str, candidates))})")
    for folder in (spec_file.parent, *spec_file.parents):
        licence = folder / "LICENSE"
        if licence.is_file():
            return spec_file, licence
        if folder == source or folder == source.parent:
            break
    raise SubsetError(f"no LICENSE beside {spec_file}: the spec is MIT licensed and its licence must be kept")


def source_markdown(prov: Provenance, route_count: int, schema_count: int) -> str:
    """The text of SOURCE.md: origin, commit or sha256, version, how to regenerate."""
    commit = (f"commit `{prov.commit}` (as recorded with the copy it was cut from; the sha256 below "
              "identifies the exact file)" if prov.commit
              else "commit not recorded (the sha256 below identifies the exact file)")
    regen_commit = f" --commit {prov.commit}" if prov.commit else ""
    return f"""# Vendored Discord OpenAPI subset

- Origin: `{UPSTREAM_FILE}` of {UPSTREAM}, {commit}.
- sha256 of the full source `openapi.json`: `{prov.sha256}`
- Spec `info.version`: `{prov.version}` (Discord HTTP API v{prov.version}).
- Licence: MIT, copyright Discord — `LICENSE` here is the source's licence file, unchanged.

`{SUBSET_NAME}` holds only the {route_count} routes the fake Discord serves (method and path template
as in `tests/e2e/fakediscord/rest.py`) and the {schema_count} components they reference, transitively.
`tests/e2e/fakediscord/validation.py` validates every request body the bot sends against it.

Regenerate (after adding a route to the fake, or to move to a newer spec) from the repository root:

```
git clone {UPSTREAM} /tmp/discord-api-spec   # then check out the commit you want
.venv/bin/python -m tests.e2e.fakediscord.spec.make_subset /tmp/discord-api-spec{regen_commit}
```

`tests/test_standalone.py` fails when a route of the fake is missing from the subset or a `$ref`
in it does not resolve.
"""


def write_subset(source: Path, out_dir: Path, commit: str | None,
                 routes: Iterable[tuple[str, str]] | None = None) -> Provenance:
    """Write the subset, LICENSE and SOURCE.md for ``source`` into ``out_dir``; return the provenance."""
    spec_file, licence = find_source(source)
    raw = spec_file.read_bytes()
    spec = json.loads(raw)
    subset = make_subset(spec, served_routes() if routes is None else routes)
    prov = Provenance(sha256=hashlib.sha256(raw).hexdigest(), version=str(spec.get("info", {}).get("version", "?")),
                      commit=commit)
    out_dir.mkdir(parents=True, exist_ok=True)
    text = json.dumps(subset, indent=1, ensure_ascii=False) + "\n"
    (out_dir / SUBSET_NAME).write_text(text, encoding="utf-8")
    if licence.resolve() != (out_dir / "LICENSE").resolve():
        shutil.copyfile(licence, out_dir / "LICENSE")
    count = sum(len(v) for k, v in subset["components"].items())
    routes_kept = sum(1 for item in subset["paths"].values() for k in item if k in HTTP_METHODS)
    (out_dir / "SOURCE.md").write_text(source_markdown(prov, routes_kept, count), encoding="utf-8")
    return prov


def main(argv: list[str] | None = None) -> int:
    """Command-line entry point (see the module docstring)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("source", type=Path,
                        help="discord-api-spec checkout, its specs/ folder, or the openapi.json file")
    parser.add_argument("--commit", default=None, help="upstream commit of the source, recorded in SOURCE.md")
    parser.add_argument("--out", type=Path, default=SPEC_DIR, help=f"output folder (default {SPEC_DIR})")
    args = parser.parse_args(argv)
    try:
        prov = write_subset(args.source, args.out, args.commit)
    except SubsetError as exc:
        print(f"make_subset: {exc}", file=sys.stderr)
        return 1
    size = (args.out / SUBSET_NAME).stat().st_size
    print(f"wrote {args.out / SUBSET_NAME} ({size} bytes) from sha256 {prov.sha256}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
