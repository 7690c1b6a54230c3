"""A mock's app is built on its first call, once, and answers as built at once."""

from __future__ import annotations

import asyncio

import httpx
from litestar import Litestar, get
from litestar.testing import TestClient

from upstream_mocks.built_on_use import BuiltOnUse
from upstream_mocks.settings import MockSettings
from upstream_mocks.suite import create_suite
from upstream_mocks.world import MockWorld


def test_the_app_is_built_on_its_first_call_and_only_once() -> None:
    builds: list[Litestar] = []

    @get("/ping")
    async def ping() -> str:
        return "pong"

    def build() -> Litestar:
        builds.append(Litestar(route_handlers=[ping], openapi_config=None, logging_config=None))
        return builds[-1]

    deferred = BuiltOnUse(build)
    assert builds == []

    async def ask() -> list[str]:
        transport = httpx.ASGITransport(app=deferred)
        async with httpx.AsyncClient(transport=transport, base_url="http://mock") as client:
            return [(await client.get("/ping")).text for _ in range(2)]

    assert asyncio.run(ask()) == ["pong", "pong"]
    assert len(builds) == 1
    assert deferred.build() is builds[0]


def test_a_suite_built_on_use_answers_as_one_built_at_once() -> None:
    """The same calls, to several mocks, answer the same whether each app waited for its call."""
    paths = (
        "/_mocks/catalogue/electrician/getProductCatalogListMobile?productType=quickCommerce&pageSize=2&page=1",
        "/_mocks/lending/outbox",
        "/_mocks/mail/outbox",
        "/_mocks/people",
    )
    answers = []
    for build_now in (False, True):
        suite = create_suite(MockWorld(MockSettings()), build_now=build_now)
        with TestClient(suite, base_url="http://mocks.internal") as client:
            answers.append([(r.status_code, r.content) for r in (client.get(p) for p in paths)])
    assert answers[0] == answers[1]
    assert all(status == 200 for status, _ in answers[0])
