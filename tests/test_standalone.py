"""The repository is self-contained: a fresh clone with nothing beside it runs its whole test suite.

Nothing tracked may point at a folder next to the repository, and the e2e fake's spec validation reads
the Discord OpenAPI subset vendored in tests/e2e/fakediscord/spec/ (see its SOURCE.md).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.e2e.fakediscord.records import RequestRecord
from tests.e2e.fakediscord.spec import SUBSET_PATH
from tests.e2e.fakediscord.spec.make_subset import (
    HTTP_METHODS,
    SubsetError,
    iter_refs,
    make_subset,
    ref_closure,
    served_routes,
    write_subset,
)
from tests.e2e.fakediscord.validation import load_spec, spec_path, validate_request_schema
from tests.source_files import project_files

REPO_ROOT = Path(__file__).resolve().parents[1]
# Spelled in pieces so this file does not match itself.
FORBIDDEN = ("../" + "shared", "shared" + "/rules", "shared" + "/discord-api-spec")


def test_no_repository_file_refers_to_a_folder_beside_the_repository() -> None:
    files = project_files(REPO_ROOT)
    assert len(files) > 50, f"only {len(files)} files found under {REPO_ROOT}"
    offenders = []
    for path in files:
        if not path.is_file():  # tracked but deleted in this working tree
            continue
        data = path.read_bytes()
        if b"\0" in data:  # binary (images, fonts): the only files excluded
            continue
        text = data.decode("utf-8", errors="replace")
        for lineno, line in enumerate(text.splitlines(), 1):
            if any(pattern in line for pattern in FORBIDDEN):
                offenders.append(f"{path.relative_to(REPO_ROOT)}:{lineno}: {line.strip()[:120]}")
    assert not offenders, "files refer to a folder outside the repository:\n" + "\n".join(offenders)


def test_validation_reads_the_spec_vendored_in_the_repository() -> None:
    path = spec_path().resolve()
    assert path == SUBSET_PATH
    assert path.is_relative_to(REPO_ROOT), f"{path} is outside {REPO_ROOT}"
    assert path.is_file()
    assert (path.parent / "LICENSE").read_text().startswith("MIT License")
    source = (path.parent / "SOURCE.md").read_text()
    assert "sha256" in source and "make_subset" in source
    assert load_spec()["info"]["version"] == "10"


def test_vendored_spec_validates_message_bodies() -> None:
    def post(body: object) -> RequestRecord:
        return RequestRecord(method="POST", path="/channels/1/messages", route="/channels/{channel_id}/messages",
                             params={"channel_id": "1"}, query={}, body=body, files=[], content_type="application/json")

    assert validate_request_schema(post({"content": "hello", "embeds": [{"title": "t"}]})) == []
    problems = validate_request_schema(post({"content": "hello", "embeds": [{"title": 5}]}))
    assert problems and "embeds/0/title" in problems[0]


def test_vendored_subset_holds_every_route_the_fake_serves() -> None:
    paths = json.loads(SUBSET_PATH.read_text(encoding="utf-8"))["paths"]
    missing = [f"{m} {t}" for m, t in served_routes() if m.lower() not in paths.get(t, {})]
    assert not missing, f"regenerate with make_subset (see SOURCE.md); missing: {missing}"


def test_every_ref_in_the_vendored_subset_resolves() -> None:
    subset = json.loads(SUBSET_PATH.read_text(encoding="utf-8"))
    reachable = ref_closure(subset, [subset["paths"]])  # raises SubsetError on a dangling $ref
    refs = set(iter_refs(subset))
    assert len(refs) > 50
    kept = {(kind, name) for kind, entries in subset["components"].items() if kind != "securitySchemes"
            for name in entries}
    assert kept == reachable, f"components nothing uses: {sorted(kept - reachable)[:10]}"


def test_make_subset_reproduces_the_vendored_subset(tmp_path: Path) -> None:
    # The subset is its own source here: same routes in, same bytes out proves it is closed and current.
    write_subset(SUBSET_PATH, tmp_path, commit="74fda0f")
    assert (tmp_path / "openapi-subset.json").read_bytes() == SUBSET_PATH.read_bytes()
    assert (tmp_path / "LICENSE").read_bytes() == (SUBSET_PATH.parent / "LICENSE").read_bytes()


def _tiny_spec() -> dict[str, object]:
    ref = "#/components/schemas/"
    return {
        "openapi": "3.1.0",
        "info": {"version": "10"},
        "paths": {
            "/things/{id}": {
                "parameters": [{"name": "id", "in": "path"}],
                "post": {"requestBody": {"content": {"application/json": {"schema": {"$ref": ref + "A"}}}},
                         "responses": {"429": {"$ref": "#/components/responses/Limited"}}},
                "delete": {"requestBody": {"content": {"application/json": {"schema": {"$ref": ref + "D"}}}}},
            },
            "/other": {"get": {"responses": {}}},
        },
        "components": {
            "schemas": {"A": {"properties": {"b": {"$ref": ref + "B"}}}, "B": {"items": {"$ref": ref + "C"}},
                        "C": {"type": "string"}, "D": {"type": "integer"}, "Err": {"type": "object"}},
            "responses": {"Limited": {"content": {"application/json": {"schema": {"$ref": ref + "Err"}}}}},
            "securitySchemes": {"BotToken": {"type": "apiKey"}},
        },
    }


def test_make_subset_keeps_the_routes_and_their_reference_closure_only() -> None:
    out = make_subset(_tiny_spec(), [("POST", "/things/{id}")])
    assert list(out["paths"]) == ["/things/{id}"]
    item = out["paths"]["/things/{id}"]
    assert set(item) & HTTP_METHODS == {"post"} and "parameters" in item
    assert set(out["components"]["schemas"]) == {"A", "B", "C", "Err"}  # D only serves DELETE; nothing uses it
    assert set(out["components"]["responses"]) == {"Limited"}
    assert out["components"]["securitySchemes"] == {"BotToken": {"type": "apiKey"}}


def test_make_subset_refuses_a_route_or_reference_the_source_lacks() -> None:
    with pytest.raises(SubsetError, match="PATCH /things"):
        make_subset(_tiny_spec(), [("PATCH", "/things/{id}")])
    with pytest.raises(SubsetError, match="/nowhere"):
        make_subset(_tiny_spec(), [("GET", "/nowhere")])
    spec = _tiny_spec()
    del spec["components"]["schemas"]["C"]  # type: ignore[index]  # the tiny spec is a JSON object built here
    with pytest.raises(SubsetError, match="schemas/C"):
        make_subset(spec, [("POST", "/things/{id}")])
