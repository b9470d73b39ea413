"""Suite-wide settings: hypothesis profiles (fast and reproducible in CI)."""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

settings.register_profile(
    "ci",
    derandomize=True,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
settings.register_profile("dev", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("soak", deadline=None, max_examples=500, suppress_health_check=list(HealthCheck))
_default = "soak" if os.environ.get("GNOMEHOST_SLOW") else ("ci" if os.environ.get("CI") else "dev")
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", _default))
