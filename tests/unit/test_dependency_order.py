"""A request's dependencies are resolved in the handler's own task, one after another."""

from __future__ import annotations

import asyncio

import pytest
from litestar import Litestar, get
from litestar._kwargs.kwargs_model import KwargsModel
from litestar.di import NamedDependency, Provide
from litestar.exceptions import NotAuthorizedException
from litestar.testing import AsyncTestClient

from gateway.dependency_order import LITESTAR_OWN, resolve_dependencies_in_order_everywhere


def app_with_two_dependencies(tasks: list[asyncio.Task[object] | None]) -> Litestar:
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

    def refused() -> str:
        raise NotAuthorizedException("Log in first.")

    @get("/both", sync_to_thread=False)
    def both(second: NamedDependency[str], third: NamedDependency[str]) -> dict[str, str]:
        tasks.append(asyncio.current_task())
        return {"second": second, "third": third}

    @get("/refused", sync_to_thread=False)
    def refusing(third: NamedDependency[str], refused: NamedDependency[str]) -> str:
        return refused

    return Litestar(
        [both, refusing],
        dependencies={
            "first": Provide(first),
            "second": Provide(second, sync_to_thread=False),
            "third": Provide(third, sync_to_thread=False),
            "refused": Provide(refused, sync_to_thread=False),
        },
    )


async def test_dependencies_of_one_depth_run_in_the_request_s_own_task_with_the_same_values() -> None:
    assert resolve_dependencies_in_order_everywhere()
    tasks: list[asyncio.Task[object] | None] = []
    async with AsyncTestClient(app_with_two_dependencies(tasks)) as client:
        answer = await client.get("/both")
        assert answer.status_code == 200
        assert answer.json() == {"second": "ab", "third": "c"}
        # first, third (one depth: Litestar's own gives each a task of a task group), second, the handler
        assert len(tasks) == 4
        assert len(set(tasks)) == 1, tasks
        refused = await client.get("/refused")
        assert refused.status_code == 401  # a dependency's refusal is the answer, as before
        assert refused.json()["detail"] == "Log in first."


async def test_litestar_s_own_resolution_stays_on_a_version_it_was_not_read_against(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(KwargsModel, "resolve_dependencies", LITESTAR_OWN)
    assert resolve_dependencies_in_order_everywhere("2.26.0") is False
    assert KwargsModel.resolve_dependencies is LITESTAR_OWN
    tasks: list[asyncio.Task[object] | None] = []
    async with AsyncTestClient(app_with_two_dependencies(tasks)) as client:
        assert (await client.get("/both")).json() == {"second": "ab", "third": "c"}
    assert len(set(tasks)) > 1  # the task group's tasks: what the test above tells apart
