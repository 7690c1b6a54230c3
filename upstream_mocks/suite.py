"""All mocks in one ASGI app: each under /_mocks/{name}/, plus the QA control API."""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

from litestar import Litestar, delete, get, post
from litestar.handlers import asgi
from litestar.params import FromQuery, JSONBody

from upstream_mocks import catalogue, lending, mail, payments
from upstream_mocks.world import JournalEntry, MockWorld, Scenario

# Raw ASGI: Litestar's TypedDict scope/message types do not fit pass-through code.
Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]


# name -> factory(world) returning the mock's ASGI app; each module also seeds its state.
MOCKS: dict[str, Callable[[MockWorld], Any]] = {
    "lending": lending.create_app,
    "catalogue": catalogue.create_app,
    "mail": mail.create_app,
    "payments": payments.create_app,
}

_JOURNAL_LIMIT = 1000


def _with_controls(name: str, app: ASGIApp, world: MockWorld) -> ASGIApp:
    """Journal every request and apply any scenario (delay, forced status) for it."""

    async def wrapped(scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await app(scope, receive, send)
            return
        path = scope["path"].lstrip("/")
        method = scope["method"]
        chunks: list[bytes] = []
        while True:
            message = await receive()
            chunks.append(message.get("body", b""))
            if not message.get("more_body"):
                break
        body = b"".join(chunks)
        status = 0

        async def replay() -> Message:
            return {"type": "http.request", "body": body, "more_body": False}

        async def send_status(message: Message) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = message["status"]
            await send(message)

        scenario = world.scenario_for(name, method, path)
        if scenario and scenario.delay_ms:
            await asyncio.sleep(scenario.delay_ms / 1000)
        if scenario and scenario.status:
            payload = json.dumps(
                {"statusCode": scenario.status, "message": "Failure injected by a QA scenario", "data": None}
            ).encode()
            await send_status(
                {
                    "type": "http.response.start",
                    "status": scenario.status,
                    "headers": [(b"content-type", b"application/json")],
                }
            )
            await send({"type": "http.response.body", "body": payload})
        else:
            await app(scope, replay, send_status)
        try:
            parsed: Any = json.loads(body) if body else None
        except ValueError:
            parsed = body.decode("utf-8", "replace")
        world.journal.append(
            JournalEntry(
                mock=name,
                method=method,
                path=path,
                query=scope.get("query_string", b"").decode("latin-1"),
                body=parsed,
                status=status,
                at=time.time(),
            )
        )
        del world.journal[:-_JOURNAL_LIMIT]

    return wrapped


def create_suite(world: MockWorld | None = None) -> Litestar:
    world = world or MockWorld()
    handlers: list[Any] = []
    for name, factory in MOCKS.items():
        mounted = _with_controls(name, factory(world), world)

        def make_mount(app: ASGIApp, mount_name: str) -> Any:
            @asgi(f"/_mocks/{mount_name}", is_mount=True, copy_scope=True, name=f"mock-{mount_name}")
            async def mount(scope: Scope, receive: Receive, send: Send) -> None:
                await app(scope, receive, send)

            return mount

        handlers.append(make_mount(mounted, name))

    @post("/_mocks/reset", status_code=200)
    async def reset() -> dict[str, str]:
        world.reset()
        return {"status": "reset"}

    @get("/_mocks/journal")
    async def journal(mock: FromQuery[str | None] = None) -> list[JournalEntry]:
        return [e for e in world.journal if mock is None or e.mock == mock]

    @delete("/_mocks/journal")
    async def clear_journal() -> None:
        world.journal.clear()

    @get("/_mocks/scenarios")
    async def list_scenarios() -> list[Scenario]:
        return world.scenarios

    @post("/_mocks/scenarios", status_code=201)
    async def add_scenario(data: JSONBody[Scenario]) -> Scenario:
        world.scenarios.append(data)
        return data

    @delete("/_mocks/scenarios")
    async def clear_scenarios() -> None:
        world.scenarios.clear()

    app = Litestar(
        route_handlers=[
            *handlers,
            reset,
            journal,
            clear_journal,
            list_scenarios,
            add_scenario,
            clear_scenarios,
        ],
        openapi_config=None,
    )
    app.state.world = world
    return app
