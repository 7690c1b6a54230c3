"""catalogue mock routes (built out with its route group)."""

from __future__ import annotations

from litestar import Litestar

from upstream_mocks.world import MockWorld


def create_app(world: MockWorld) -> Litestar:
    world.register("catalogue", dict)
    return Litestar(route_handlers=[], openapi_config=None)
