"""All mocks in one ASGI app: each under /_mocks/{name}/, plus the QA control API."""

from __future__ import annotations

import asyncio
import json
import os
import time
from collections.abc import AsyncIterator, Awaitable, Callable, MutableMapping
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from pathlib import Path
from typing import Annotated, Any

import msgspec
from litestar import Litestar, Request, Response, delete, get, post
from litestar.handlers import asgi
from litestar.params import FromPath, FromQuery, HeaderParameter, JSONBody

from otel_traces.provider import traced_by
from otel_traces.server_spans import by_path, server_plugin
from upstream_mocks import auth, catalogue, fineract, lending, mail, orders, payments, payouts, scenario_files
from upstream_mocks.built_on_use import BuiltOnUse
from upstream_mocks.clock import clock_routes, start_periodic, stop_periodic
from upstream_mocks.contract import ContractCheck, ContractRequest, ContractResponse, Problem, load_contract
from upstream_mocks.examples import contract_path, operation_finder
from upstream_mocks.hold import TESTER_HEADER, TOKEN_HEADER
from upstream_mocks.hold_routes import hold_gate, hold_routes
from upstream_mocks.ledger import ledger
from upstream_mocks.money_invariants import Invariant, invariants
from upstream_mocks.payments.orders import state as payments_state
from upstream_mocks.payments.provider_document import HeldToCashfree
from upstream_mocks.payments.provider_document import warm as warm_provider_document
from upstream_mocks.people import Person, people
from upstream_mocks.recordings import Replay, encode_body
from upstream_mocks.settings import MockSettings
from upstream_mocks.staff import StaffMember
from upstream_mocks.waiting import changed_read, moves_told
from upstream_mocks.world import JournalEntry, MockWorld, Scenario

# Raw ASGI: Litestar's TypedDict scope/message types do not fit pass-through code.
Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]


# name -> factory(world) returning the mock's ASGI app; each module also seeds its state.
MOCKS: dict[str, Callable[[MockWorld], BuiltOnUse]] = {
    "lending": lending.create_app,
    "catalogue": catalogue.create_app,
    "mail": mail.create_app,
    "payments": payments.create_app,
    "payouts": payouts.create_app,
    "orders": orders.create_app,
    "fineract": fineract.create_app,
    "fineract_companion": fineract.create_companion_app,
}
# A mock held to another's contract: the Fineract lender's companion speaks part of our lending one.
CONTRACT_OF = {"fineract_companion": "lending"}
# Where a mock is served, when not under its own name: Litestar finds a mount by the first mount
# path (in sorted order) that begins the request's path, so /_mocks/fineract would take
# /_mocks/fineract_companion/... A mount's name never begins with another's.
MOUNTED_AS = {"fineract_companion": "companion_fineract"}


def mount_path(name: str) -> str:
    """The mock's path under the suite: /_mocks/{name} (or its MOUNTED_AS name)."""
    return f"/_mocks/{MOUNTED_AS.get(name, name)}"


_JOURNAL_LIMIT = 1000
_KEY_HEADERS = (b"idempotency-key", b"x-idempotency-key")


async def _answer(send: Send, status: int, message: str, body: Any = None) -> None:
    """An answer in the upstreams' envelope (or `body`), for injected failures and contract violations."""
    payload = json.dumps({"statusCode": status, "message": message, "data": None} if body is None else body).encode()
    await _send_raw(send, status, "application/json", payload)


async def _send_raw(send: Send, status: int, content_type: str, payload: bytes) -> None:
    headers = [(b"content-type", content_type.encode("latin-1"))]
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": payload})


def _with_controls(
    name: str,
    app: ASGIApp,
    world: MockWorld,
    contract: ContractCheck | None,
    recorded: Replay | None = None,
    operation_of: Callable[[str, str], str | None] | None = None,
) -> ASGIApp:
    """Journal every request, apply any QA scenario or recorded answer, and hold both sides to the contract."""

    async def wrapped(scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await app(scope, receive, send)
            return
        # Litestar hands a mount its remaining path with a trailing slash ("sendOtp/").
        path = scope["path"].strip("/")
        method = scope["method"]
        query = scope.get("query_string", b"").decode("latin-1")
        body = await read_body(receive)
        status = 0
        request_id = next(
            (v.decode("latin-1") for k, v in scope.get("headers", []) if k.lower() == b"x-request-id"), None
        )
        # The write's key, whichever header the mock's API names it with (the provider's x-idempotency-key).
        key = next((v.decode("latin-1") for k, v in scope.get("headers", []) if k.lower() in _KEY_HEADERS), None)

        async def replay() -> Message:
            return {"type": "http.request", "body": body, "more_body": False}

        async def send_status(message: Message) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = message["status"]
            await send(message)

        request = ContractRequest.build(method, path, query, scope.get("headers", []), body) if contract else None
        problem = contract.check_request(request) if contract else None
        # Credentials guard the contract's operations, not the QA read-outs beside them.
        operation = operation_of(method, path) if operation_of is not None else None
        described = operation is not None
        if problem is None and described and (refused := auth.refusal(world, name, _headers(scope))):
            problem = Problem(401, refused)
        scenario = world.scenario_for(name, method, path)
        if scenario is not None and scenario.path.strip("/") == "*" and operation_of is not None and not described:
            scenario = None  # "*" faults the contract's operations, never the QA controls beside them
        late = scenario is not None and scenario.after and problem is None
        if late:
            # The work is done now; only its answer is held back, then late or lost.
            held = _HeldAnswer()
            if contract is not None:
                await _call_checked(app, scope, replay, held.send, contract, request)
            else:
                await app(scope, replay, held.send)
            status = held.status
        if scenario and scenario.delay_ms:
            await asyncio.sleep(scenario.delay_ms / 1000)
        if scenario and scenario.drop:
            world.journal.append(
                JournalEntry(
                    mock=name,
                    method=method,
                    path=path,
                    query=query,
                    body=None,
                    status=status,
                    at=time.time(),  # real time: the journal's stamp
                    request_id=request_id,
                    operation=operation,
                )
            )
            await _drop(send)
        injected = scenario is not None and (scenario.status or scenario.body is not None)
        if late and not injected:
            await held.replay(send)
        elif problem is not None:
            await _answer(send_status, problem.status, problem.message)
        elif scenario and injected:
            await _answer(send_status, scenario.status or 200, "Failure injected by a QA scenario", scenario.body)
        elif recorded and (answer := recorded.answer(method, path, query, body, _content_type(scope))):
            kind = answer.content_type
            await _send_raw(send_status, answer.status, kind, encode_body(answer.body, kind))
        elif contract is not None:
            await _call_checked(app, scope, replay, send_status, contract, request)
        else:
            await app(scope, replay, send_status)
        if not described and method == "GET":
            # A read beside the contract (a QA read-out, a picture, the checkout page) is no call
            # to the upstream's API: the journal, which the QA console polls these beside, keeps
            # to what callers asked of the APIs (and their webhooks and controls).
            return
        try:
            parsed: Any = json.loads(body) if body else None
        except (ValueError, RecursionError):  # not JSON, or nested deeper than json recurses
            parsed = body.decode("utf-8", "replace")
        world.journal.append(
            JournalEntry(
                mock=name,
                method=method,
                path=path,
                query=query,
                body=parsed,
                status=status,
                at=time.time(),  # real time: the journal's stamp
                request_id=request_id,
                idempotency_key=key,
                operation=operation,
            )
        )
        del world.journal[:-_JOURNAL_LIMIT]

    return wrapped


class _HeldAnswer:
    """An answer kept whole, to be sent later (or never)."""

    def __init__(self) -> None:
        self.messages: list[Message] = []
        self.status = 0

    async def send(self, message: Message) -> None:
        if message["type"] == "http.response.start":
            self.status = message["status"]
        self.messages.append(message)

    async def replay(self, send: Send) -> None:
        for message in self.messages:
            await send(message)


async def read_body(receive: Receive) -> bytes:
    """The whole request body of a raw ASGI request."""
    chunks: list[bytes] = []
    while True:
        message = await receive()
        chunks.append(message.get("body", b""))
        if not message.get("more_body"):
            return b"".join(chunks)


def _headers(scope: Scope) -> dict[str, str]:
    return {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope.get("headers", [])}


def _content_type(scope: Scope) -> str:
    return _headers(scope).get("content-type", "")


class DroppedConnection(ConnectionResetError):
    """Raised after a partial answer: a server closes the connection, an in-process caller sees
    the error itself."""


async def _drop(send: Send) -> None:
    """Start an answer that promises a body, then give up: the client sees the connection close
    before the answer is complete."""
    await send({"type": "http.response.start", "status": 200, "headers": [(b"content-length", b"1024")]})
    await send({"type": "http.response.body", "body": b"{", "more_body": True})
    raise DroppedConnection("connection dropped by a QA scenario")


async def _call_checked(
    app: ASGIApp, scope: Scope, receive: Receive, send: Send, contract: ContractCheck, request: Any
) -> None:
    """Run the mock, holding its answer until the contract has seen it."""
    start: Message = {}
    chunks: list[bytes] = []

    async def collect(message: Message) -> None:
        nonlocal start
        if message["type"] == "http.response.start":
            start = message
        elif message["type"] == "http.response.body":
            chunks.append(message.get("body", b""))

    await app(scope, receive, collect)
    body = b"".join(chunks)
    headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in start.get("headers", [])}
    problem = contract.check_response(
        request, ContractResponse(status_code=start["status"], data=body, headers=headers)
    )
    if problem is not None:
        await _answer(send, problem.status, problem.message)
        return
    await send(start)
    await send({"type": "http.response.body", "body": body})


def serve_periodic(world: MockWorld) -> Callable[[Litestar], AbstractAsyncContextManager[None]]:
    """The mocks' own periodic work (upstream_mocks/clock.py `every`) while the suite is served."""

    @asynccontextmanager
    async def lifespan(_: Litestar) -> AsyncIterator[None]:
        tasks = start_periodic(world)
        try:
            yield
        finally:
            await stop_periodic(tasks)

    return lifespan


def create_suite(
    world: MockWorld | None = None,
    *,
    check_contracts: bool = False,
    seed: Path | None = None,
    traced: bool | None = None,
    build_now: bool = False,
) -> Litestar:
    """All mocks; with `check_contracts`, each is held to contracts/{name}.openapi.yaml; with
    `seed`, a recording directory (`python -m upstream_mocks record`), recorded answers come first.
    `traced` (by default when an exporter is configured, otel_traces/): each call gets a
    span, joining the trace of the `traceparent` it came with, or of the caller's span when called
    in-process; untraced, no span is made. Each mock's own app is built on its first call, or at
    once with `build_now` (upstream_mocks/built_on_use.py)."""
    world = world or MockWorld(MockSettings.from_env())
    traced = traced_by(os.environ) if traced is None else traced
    world.register("auth", auth.AuthState)
    handlers: list[Any] = clock_routes(world)  # the one clock every mock reads (upstream_mocks/clock.py)
    handlers += hold_routes(world)  # a tester's hold on the shared world (upstream_mocks/hold.py)
    for name, factory in MOCKS.items():
        contract_name = CONTRACT_OF.get(name, name)
        contract: ContractCheck | None = load_contract(contract_name) if check_contracts else None
        if name == "payments" and world.settings.check_provider_document:
            warm_provider_document()
            contract = HeldToCashfree(contract, lambda: payments_state(world).conformance)
        replay = Replay.load(seed, name) if seed is not None else None
        finder = operation_finder(contract_path(contract_name))
        mock = factory(world)
        if build_now:
            mock.build()  # here, so a mistake in it stops the start
        mounted = _with_controls(name, mock, world, contract, replay, finder)

        def make_mount(app: ASGIApp, mount_name: str) -> Any:
            @asgi(mount_path(mount_name), is_mount=True, copy_scope=True, name=f"mock-{mount_name}")
            async def mount(scope: Scope, receive: Receive, send: Send) -> None:
                await app(scope, receive, send)

            return mount

        handlers.append(make_mount(mounted, name))

    @post("/_mocks/reset", status_code=200)
    async def reset() -> dict[str, str]:
        world.reset()
        return {"status": "reset"}

    @get("/_mocks/journal")
    async def journal(
        mock: FromQuery[str | None] = None,
        if_none_match: Annotated[str | None, HeaderParameter(name="If-None-Match", required=False)] = None,
        prefer: Annotated[str | None, HeaderParameter(name="Prefer", required=False)] = None,
    ) -> Response[Any]:
        """The calls the mocks answered; with `If-None-Match` and `Prefer: wait=N`, once another came."""

        def entries() -> list[JournalEntry]:
            return [e for e in world.journal if mock is None or e.mock == mock]

        return await changed_read(world, entries, if_none_match, prefer)

    @get("/_mocks/ledger")
    async def money_ledger(
        if_none_match: Annotated[str | None, HeaderParameter(name="If-None-Match", required=False)] = None,
        prefer: Annotated[str | None, HeaderParameter(name="Prefer", required=False)] = None,
    ) -> Response[Any]:
        """The ledger; with `If-None-Match` and `Prefer: wait=N`, once it differs from what was read."""
        return await changed_read(world, lambda: ledger(world), if_none_match, prefer)

    @get("/_mocks/ledger/invariants")
    async def money_invariants() -> list[Invariant]:
        return invariants(ledger(world))

    @get("/_mocks/people")
    async def seeded_people() -> list[Person]:
        return people(world)

    @get("/_mocks/people/staff")
    async def staff_logins() -> list[StaffMember]:
        return world.staff

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
    async def clear_scenarios(mock: FromQuery[str | None] = None, path: FromQuery[str | None] = None) -> None:
        """Every scenario off; with `mock` (and `path`), only those of that mock (and path)."""
        world.scenarios[:] = [
            s for s in world.scenarios if (mock is not None and s.mock != mock) or (path is not None and s.path != path)
        ]

    @post("/_mocks/auth", status_code=201)
    async def demand_credentials(data: JSONBody[auth.AuthRequirement]) -> auth.AuthRequirement:
        auth.state(world).requirements[data.mock] = data
        return data

    @delete("/_mocks/auth")
    async def drop_demands() -> None:
        auth.state(world).requirements.clear()

    @get("/_mocks/auth/tokens")
    async def issued_tokens() -> list[auth.IssuedToken]:
        return list(auth.state(world).tokens.values())

    @post("/_mocks/oauth/token", status_code=200)
    async def oauth_token(request: Request[Any, Any, Any]) -> Response[dict[str, Any]]:
        headers = {k.lower(): v for k, v in request.headers.items()}
        status, answer = auth.issue_token(world, await request.body(), headers)
        return Response(answer, status_code=status, headers={"Cache-Control": "no-store"})

    @get("/_mocks/scenario-files")
    async def list_scenario_files() -> list[dict[str, Any]]:
        """The repository's QA recipes (qa/scenarios/*.yaml), for the console's select."""
        listed: list[dict[str, Any]] = []
        for path in scenario_files.files():
            try:
                recipe = scenario_files.load(path)
            except scenario_files.ScenarioFileError as exc:
                listed.append({"file": path.stem, "name": path.stem, "problem": str(exc), "steps": []})
                continue
            listed.append(
                {
                    "file": path.stem,
                    "name": recipe.name,
                    "description": recipe.description,
                    "steps": [step.call for step in recipe.steps],
                }
            )
        return listed

    @post("/_mocks/scenario-files/{name:str}/run", status_code=200)
    async def run_scenario_file(name: FromPath[str], request: Request[Any, Any, Any]) -> Response[Any]:
        """Run one recipe against this suite, in-process; the answer says how each step went."""
        path = scenario_files.find(name)
        if path is None:
            return Response({"message": f"No recipe named {name!r} in qa/scenarios."}, status_code=404)
        try:
            recipe = scenario_files.load(path)
        except scenario_files.ScenarioFileError as exc:
            return Response({"message": f"The recipe cannot be read: {exc}"}, status_code=422)
        # The recipe's calls are the caller's: a holder's run passes the hold, as their own calls do.
        identity = {
            k.decode("latin-1"): v.decode("latin-1")
            for k, v in request.scope["headers"]
            if k.lower() in (TESTER_HEADER.encode(), TOKEN_HEADER.encode())
        }
        return Response(msgspec.to_builtins(await scenario_files.run_in_process(recipe, app, identity)))

    app = Litestar(
        route_handlers=[
            list_scenario_files,
            run_scenario_file,
            *handlers,
            demand_credentials,
            drop_demands,
            issued_tokens,
            oauth_token,
            reset,
            journal,
            clear_journal,
            money_ledger,
            money_invariants,
            seeded_people,
            staff_logins,
            list_scenarios,
            add_scenario,
            clear_scenarios,
        ],
        openapi_config=None,
        logging_config=None,  # the host process configures logging
        lifespan=[serve_periodic(world)],
        # While a tester holds the world, its writes are theirs; every answer wakes the read-outs that wait.
        middleware=[hold_gate(world), moves_told(world)],
        plugins=[server_plugin("upstream_mocks", by_path)] if traced else [],
    )
    app.state.world = world
    world.loopback = app  # mocks reach each other through the suite itself, journaled and checked
    return app
