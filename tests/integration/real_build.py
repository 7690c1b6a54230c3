"""The built app (frontend/dist, with its pre-rendered pages) served by one in-process gateway,
for a module whose tests only read what it serves."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from gateway.app import create_app
from tests.conftest import GatewayClient, settings_for_tests

DIST = Path(__file__).resolve().parents[2] / "frontend" / "dist"


def serve_real_build(**overrides: Any) -> Iterator[GatewayClient]:
    """A gateway over the real build with these settings, until the generator is closed (a
    module-scoped fixture yields from it)."""
    if not (DIST / ".prerendered" / "routes.json").is_file():
        pytest.fail(f"{DIST} has no pre-rendered pages: run `npm run build` (make test does).")
    settings = settings_for_tests(static_dir=str(DIST), **overrides)
    with GatewayClient(app=create_app(settings), base_url="http://127.0.0.1:8000") as client:
        yield client
