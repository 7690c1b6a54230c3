"""Handlers are shaped so Litestar resolves their dependencies in the request's own task.

Litestar resolves the dependencies of one depth together in an anyio task group, a task each,
whenever a depth has more than one (litestar-org/litestar#4563). Each route group's service is
closed over by its handlers, so the only dependencies left are the session manager, the
session and the login read from it: one at each depth, resolved in turn without a task group.
"""

from __future__ import annotations

import asyncio
import inspect
from collections.abc import Callable
from typing import Any

from litestar import Litestar, get
from litestar.di import NamedDependency, Provide
from litestar.exceptions import NotAuthorizedException
from litestar.handlers import HTTPRouteHandler
from litestar.testing import AsyncTestClient

from gateway.app import create_app
from gateway.settings import Settings


def _parameters(fn: Callable[..., Any]) -> list[str]:
    return list(inspect.signature(fn).parameters)


def depths(handler: HTTPRouteHandler) -> dict[int, list[str]]:
    """The dependencies a handler needs, by depth (0: needing no other dependency)."""
    provided: dict[str, Provide] = handler.resolve_dependencies()
    depth: dict[str, int] = {}

    def of(name: str) -> int:
        if name not in depth:
            below = [n for n in _parameters(provided[name].dependency) if n in provided]
            depth[name] = 1 + max((of(n) for n in below), default=-1)
        return depth[name]

    needed: set[str] = set()
    todo = [n for n in _parameters(handler.fn) if n in provided]
    while todo:
        name = todo.pop()
        if name not in needed:
            needed.add(name)
            todo += [n for n in _parameters(provided[name].dependency) if n in provided]
    by_depth: dict[int, list[str]] = {}
    for name in sorted(needed):
        by_depth.setdefault(of(name), []).append(name)
    return by_depth


def test_every_handler_of_the_gateway_needs_one_dependency_at_each_depth() -> None:
    app = create_app(Settings())
    crowded = {}
    handlers = 0
    for route in app.routes:
        for handler in getattr(route, "route_handlers", []):
            if not isinstance(handler, HTTPRouteHandler):
                continue
            handlers += 1
            several = {d: names for d, names in depths(handler).items() if len(names) > 1}
            if several:
                crowded[f"{sorted(handler.http_methods)} {route.path}"] = several
    assert handlers > 30  # every group's routes were looked at
    assert crowded == {}


def app_with_dependencies(tasks: list[asyncio.Task[object] | None]) -> Litestar:
    async def first() -> str:
        tasks.append(asyncio.current_task())
        await asyncio.sleep(0)  # one that awaits, as the session's store does
        return "a"

    def second(first: NamedDependency[str]) -> str:
        tasks.append(asyncio.current_task())
        return first + "b"

    def third() -> str:
        tasks.append(asyncio.current_task())
        return "c"

    def refused(first: NamedDependency[str]) -> str:
        raise NotAuthorizedException("Log in first.")

    @get("/chain", sync_to_thread=False)
    def chain(second: NamedDependency[str]) -> dict[str, str]:
        tasks.append(asyncio.current_task())
        return {"second": second}

    @get("/side-by-side", sync_to_thread=False)
    def side_by_side(first: NamedDependency[str], third: NamedDependency[str]) -> dict[str, str]:
        tasks.append(asyncio.current_task())
        return {"first": first, "third": third}

    @get("/refused", sync_to_thread=False)
    def refusing(refused: NamedDependency[str]) -> str:
        return refused

    return Litestar(
        [chain, side_by_side, refusing],
        dependencies={
            "first": Provide(first),
            "second": Provide(second, sync_to_thread=False),
            "third": Provide(third, sync_to_thread=False),
            "refused": Provide(refused, sync_to_thread=False),
        },
    )


async def test_one_dependency_a_depth_is_resolved_in_the_request_s_own_task() -> None:
    tasks: list[asyncio.Task[object] | None] = []
    async with AsyncTestClient(app_with_dependencies(tasks)) as client:
        answer = await client.get("/chain")
        assert answer.status_code == 200
        assert answer.json() == {"second": "ab"}
        assert len(tasks) == 3  # first, second, the handler
        assert len(set(tasks)) == 1, tasks
        refused = await client.get("/refused")
        assert refused.status_code == 401  # a dependency's refusal is the answer
        assert refused.json()["detail"] == "Log in first."


async def test_two_dependencies_at_one_depth_start_tasks_of_their_own() -> None:
    """What the shape above avoids, and what the first test tells apart."""
    tasks: list[asyncio.Task[object] | None] = []
    async with AsyncTestClient(app_with_dependencies(tasks)) as client:
        assert (await client.get("/side-by-side")).json() == {"first": "a", "third": "c"}
    assert len(set(tasks)) > 1
