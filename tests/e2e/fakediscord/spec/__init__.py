"""The vendored subset of Discord's OpenAPI spec the fake validates against (see SOURCE.md)."""

from pathlib import Path

SPEC_DIR = Path(__file__).resolve().parent
SUBSET_PATH = SPEC_DIR / "openapi-subset.json"

__all__ = ["SPEC_DIR", "SUBSET_PATH"]
