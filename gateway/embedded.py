"""The upstream mocks, embedded: the one gateway module that knows they exist.

An upstream without a URL (LENDING_URL, CATALOGUE_URL, MAIL_URL) is served by the mock suite
in-process, and /_mocks (QA controls, the mock checkout page, media) is mounted on the gateway's
origin. With MOCKS_URL, /_mocks is proxied to the suite running on its own
(`python -m upstream_mocks`). The suite needs the `mocks` extra (`pip install -e '.[mocks]'`);
a production image without it must set every upstream URL.

With ENVIRONMENT=production the gateway refuses to start while any upstream would be mocked or
MOCKS_URL is set, so the QA controls (code outbox, issued tokens, reset, scenarios) can never be
served in production; with ENVIRONMENT=test the embedded mocks refuse the published client secret
of the merchant account (PAYMENTS_CLIENT_SECRET, the account the gateway and the in-process orders
service share unless MOCKS_PAYMENTS_CLIENT_SECRET names another), which signs every webhook; and
with QA_STAFF set /_mocks answers only to a tester's QA login (gateway/security/qa_login.py).

In-process, the payments mock tells refund outcomes (REFUND_STATUS_WEBHOOK) to the account's refund
webhook URLs: unless MOCKS_REFUND_WEBHOOK_URLS says otherwise, the orders mock's receiver and the
gateway's own (PUBLIC_URL + /api/webhooks/payments/refunds), as a real account is set up in
Cashfree's dashboard; the gateway's is answered by this app in-process (Embedded.receive_webhooks).

While mocks are in use the gateway's time rules read the mocks' one clock (`/_mocks/clock`):
in-process directly, on their own port over HTTP (gateway/plumbing/clock.py, docs/decisions/one-clock.md).
"""

from __future__ import annotations

import asyncio
import contextlib
import os
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import partial
from typing import Any

import httpx
import msgspec
import structlog
from litestar.handlers import ASGIRouteHandler, asgi

from gateway.desk.staff import roster
from gateway.desk.webhook_paths import REFUND_WEBHOOK_PATH, lender_mandate_webhook_path, lender_refund_webhook_path
from gateway.plumbing.asgi import ASGIApp, Receive, Scope, Send
from gateway.plumbing.clock import Clock, ReadClock, RemoteClock, SystemClock
from gateway.plumbing.telemetry import tracing_on
from gateway.security.qa_login import QaLogin, parse_qa_staff
from gateway.settings import Settings
from gateway.upstreams.http import upstream_timeout

# Raw ASGI: Litestar's TypedDict scope/message types do not fit pass-through code.


_HOP_HEADERS = {b"host", b"connection", b"keep-alive", b"transfer-encoding", b"content-length"}
MOUNT = "/_mocks"
INTERNAL_ORIGIN = "http://mocks.internal"  # the in-process suite's own origin (upstream_mocks.settings)
log = structlog.get_logger("gateway.embedded")


class MocksInProduction(RuntimeError):
    """ENVIRONMENT=production with a mocked upstream or MOCKS_URL: the gateway must not start."""


class InProcessTransport(httpx.ASGITransport):
    """The suite in-process. A mock that fails mid-answer (a QA scenario's dropped connection)
    raises in the caller's task; over the network the caller would see the connection close, so
    it sees that here too, as httpx's own transport error."""

    async def handle_async_request(self, request: httpx.Request) -> httpx.Response:
        try:
            return await super().handle_async_request(request)
        except httpx.HTTPError:
            raise
        except Exception as exc:
            raise httpx.RemoteProtocolError(f"the in-process upstream failed: {exc}", request=request) from exc


@dataclass
class Embedded:
    """What the app factory adds when mocks are in use."""

    mount: str = MOUNT  # never the app shell, mounted or not
    clients: dict[str, httpx.AsyncClient] = field(default_factory=dict)  # upstreams served in-process
    handlers: list[ASGIRouteHandler] = field(default_factory=list)  # the /_mocks mount
    # Paths left out of CSRF and compression: QA tools call the controls without the XSRF
    # header, and the mocks' answers pass through as they are.
    exempt: list[str] = field(default_factory=list)
    closing: list[httpx.AsyncClient] = field(default_factory=list)
    clock: Clock = field(default_factory=SystemClock)  # what the gateway's time rules read
    # The in-process suite's own origin, when its pages (the provider's link page) are served at
    # ours under /_mocks instead: an address on it is given to a browser as its path.
    internal_origin: str | None = None
    # The in-process suite's periodic work (the orders mock's sweeper), run with the gateway's
    # lifespan: an ASGI transport never starts a mounted app's own.
    periodic: Callable[[], list[asyncio.Task[None]]] | None = None
    running: list[asyncio.Task[None]] = field(default_factory=list)
    world: Any = None  # the in-process suite's MockWorld, if any

    async def start(self) -> None:
        if self.periodic is not None:
            self.running = self.periodic()

    def browser_address(self, url: str) -> str:
        """`url` as a browser reaches it: a page of the in-process suite by its path on our origin."""
        if self.internal_origin is not None and url.startswith(self.internal_origin + MOUNT + "/"):
            return url.removeprefix(self.internal_origin)
        return url

    def receive_webhooks(self, settings: Settings, app: Any) -> None:  # Any: Litestar types its ASGI call narrowly
        """The in-process payments mock delivers to the gateway's own origin through `app` itself:
        in a test client the origin has no port, and `make run` needs no loop over the network."""
        if self.world is not None:
            self.world.merchants[_origin(settings.public_url)] = app

    async def close(self) -> None:
        for task in self.running:
            task.cancel()
        for task in self.running:
            with contextlib.suppress(asyncio.CancelledError):
                await task
        self.running = []
        for client in self.closing:
            await client.aclose()


def embed(settings: Settings, environ: Mapping[str, str] | None = None) -> Embedded:
    """The in-process suite for upstreams without a URL, and /_mocks proxied or in-process."""
    env = os.environ if environ is None else environ
    mocks_url = env.get("MOCKS_URL") or None
    missing = [name for name in settings.upstream_names if not getattr(settings, f"{name}_url")]
    if settings.environment == "production" and (missing or mocks_url):
        unset = ", ".join(f"{name.upper()}_URL" for name in missing)
        raise MocksInProduction(
            "ENVIRONMENT=production: "
            + (f"set {unset}" if missing else "")
            + (" and " if missing and mocks_url else "")
            + ("unset MOCKS_URL" if mocks_url else "")
            + "; mocks and their QA controls are never served in production."
        )
    if missing or mocks_url:
        log.warning(
            "mocks_on",
            environment=settings.environment,
            mocked_upstreams=missing,
            qa_controls=MOUNT,
            note="development only: the QA controls expose codes and tokens",
        )
    embedded = Embedded()
    suite: Any = None
    if missing:
        from upstream_mocks.clock import mocks_now, start_periodic  # the optional `mocks` extra
        from upstream_mocks.settings import MockSettings
        from upstream_mocks.suite import create_suite, mount_path
        from upstream_mocks.world import MockWorld

        # The embedded mocks share the gateway's environment and, unless told another, its
        # merchant account: outside development they (and so the gateway) refuse to start with
        # the published client secret, which signs every webhook (SettingsRefused).
        ours = {"MOCKS_PAYMENTS_CLIENT_ID": settings.payments_client_id}
        ours["MOCKS_PAYMENTS_CLIENT_SECRET"] = settings.payments_client_secret
        # And each lender's own account, which the lending mock and the Fineract companion collect on.
        ours["MOCKS_LENDING_PAYMENTS_CLIENT_ID"] = settings.lending_payments_client_id
        ours["MOCKS_LENDING_PAYMENTS_CLIENT_SECRET"] = settings.lending_payments_client_secret
        ours["MOCKS_FINERACT_PAYMENTS_CLIENT_ID"] = settings.fineract_payments_client_id
        ours["MOCKS_FINERACT_PAYMENTS_CLIENT_SECRET"] = settings.fineract_payments_client_secret
        ours["MOCKS_PAYOUTS_CLIENT_ID"] = settings.payouts_client_id  # the payouts account, likewise
        ours["MOCKS_PAYOUTS_CLIENT_SECRET"] = settings.payouts_client_secret
        account = {name: value for name, value in ours.items() if not (env.get(name) or env.get(f"{name}_FILE"))}
        mock_settings = MockSettings.from_env({**env, **account}, environment=settings.environment)
        if not mock_settings.short_link_base:  # the reminders' short links are ours: /l/<code> here
            mock_settings = msgspec.structs.replace(mock_settings, short_link_base=settings.public_url)
        if not env.get("MOCKS_REFUND_WEBHOOK_URLS"):
            # The account's refund webhook URLs as a merchant sets them: the orders service's,
            # whose returns they pay, and the gateway's, which hands a refund given up to the desk.
            urls = (*mock_settings.account_refund_webhook_urls, refund_webhook_url(settings))
            mock_settings = msgspec.structs.replace(mock_settings, refund_webhook_urls=urls)
        # Each lender's account sends its mandates' events to the gateway, which sets up AutoPay,
        # and its refunds' outcomes, so a repayment's refund the bank gave up reaches the desk.
        mock_settings = msgspec.structs.replace(
            mock_settings,
            lending_subscription_webhook_urls=(mandate_webhook_url(settings, "native"),),
            fineract_subscription_webhook_urls=(mandate_webhook_url(settings, "fineract"),),
            lending_refund_webhook_urls=mock_settings.lending_refund_webhook_urls
            or lender_refund_webhook_urls(settings, "native"),
            fineract_refund_webhook_urls=mock_settings.fineract_refund_webhook_urls
            or lender_refund_webhook_urls(settings, "fineract"),
        )
        world = MockWorld(mock_settings)
        world.staff = staff_logins(settings)
        embedded.world = world
        suite = create_suite(world, check_contracts=True, traced=tracing_on(settings))
        embedded.clock = ReadClock(lambda: mocks_now(world))
        embedded.periodic = partial(start_periodic, world)
        for name in missing:
            embedded.clients[name] = httpx.AsyncClient(
                transport=InProcessTransport(app=suite),
                base_url=f"{INTERNAL_ORIGIN}{mount_path(name)}/",
                timeout=upstream_timeout(settings),
            )
    if mocks_url or suite is not None:
        embedded.exempt.append(f"^{MOUNT}")
    if mocks_url:
        proxy = httpx.AsyncClient(timeout=10)
        embedded.closing.append(proxy)
        clock = RemoteClock(proxy, f"{mocks_url.rstrip('/')}{MOUNT}/clock")
        embedded.clock = clock  # the one QA moves through /_mocks, even with some mocks in-process
        embedded.handlers.append(mount(behind_qa_login(settings, proxied(mocks_url, proxy, clock))))
    elif suite is not None:
        embedded.handlers.append(mount(behind_qa_login(settings, in_process(suite))))
        if not world.settings.public_url:
            embedded.internal_origin = INTERNAL_ORIGIN
    return embedded


def staff_logins(settings: Settings) -> list[Any]:
    """The desk's and the QA login's accounts, for the QA console's People (upstream_mocks/staff.py):
    names, roles and what each is for; a secret only where it is a published demonstration one."""
    from upstream_mocks.staff import StaffMember  # the optional `mocks` extra

    desk = [
        StaffMember(
            name=entry.name,
            role="desk supervisor" if entry.role == "supervisor" else "desk agent",
            purpose=entry.purpose,
            login_page="/desk",
            secret=entry.published_secret,
        )
        for entry in roster(settings)
    ]
    testers = [
        StaffMember(
            name=name,
            role="QA tester",
            purpose="Opens this console and the /_mocks controls on a shared test deployment (the QA login).",
            login_page="/qa",
        )
        for name in parse_qa_staff(settings.qa_staff)
    ]
    return [*desk, *testers]


def refund_webhook_url(settings: Settings) -> str:
    """Where the gateway receives the provider's refund outcomes (gateway/desk/webhook_routes.py)."""
    return f"{settings.public_url.rstrip('/')}{REFUND_WEBHOOK_PATH}"


def lender_refund_webhook_urls(settings: Settings, kind: str) -> tuple[str, ...]:
    """Where the gateway receives a lender's account's refund outcomes (gateway/desk/webhook_routes.py):
    only a lender it serves (LENDERS) has that path."""
    if kind not in (k.strip() for k in settings.lenders.split(",")):
        return ()
    return (f"{settings.public_url.rstrip('/')}{lender_refund_webhook_path(kind)}",)


def mandate_webhook_url(settings: Settings, kind: str) -> str:
    """Where the gateway receives a lender's account's mandate events (gateway/loans/autopay_webhooks.py)."""
    return f"{settings.public_url.rstrip('/')}{lender_mandate_webhook_path(kind)}"


def _origin(url: str) -> str:
    parsed = httpx.URL(url)
    return f"{parsed.scheme}://{parsed.netloc.decode('ascii')}"


def behind_qa_login(settings: Settings, app: ASGIApp) -> ASGIApp:
    """The controls behind the QA login when QA_STAFF is set (gateway/security/qa_login.py)."""
    if not settings.qa_staff:
        if settings.environment == "test":
            log.warning("mocks_open", note="ENVIRONMENT=test without QA_STAFF: anyone may use /_mocks")
        return app
    return QaLogin(parse_qa_staff(settings.qa_staff)).guard(app, _path)


def mount(app: ASGIApp) -> ASGIRouteHandler:
    @asgi(MOUNT, is_mount=True, copy_scope=True, name="mocks")
    async def mocks(scope: Scope, receive: Receive, send: Send) -> None:
        await app(scope, receive, send)

    return mocks


def _path(scope: Scope) -> str:
    """The full path the client asked for: the mount took its own prefix off scope["path"]."""
    raw = scope.get("raw_path") or b""
    return raw.decode("latin-1").split("?", 1)[0] if raw else MOUNT + scope["path"]


def in_process(suite: ASGIApp) -> ASGIApp:
    async def mocks(scope: Scope, receive: Receive, send: Send) -> None:
        # The suite routes on full paths; give it back the prefix the mount took off.
        await suite({**scope, "path": _path(scope), "root_path": ""}, receive, send)

    return mocks


def proxied(mocks_url: str, client: httpx.AsyncClient, clock: RemoteClock) -> ASGIApp:
    base = mocks_url.rstrip("/")

    async def mocks(scope: Scope, receive: Receive, send: Send) -> None:
        path = _path(scope)
        query = scope.get("query_string", b"").decode("latin-1")
        body = b""
        while True:
            message = await receive()
            body += message.get("body", b"")
            if not message.get("more_body"):
                break
        # The tester's QA login is ours, not the mocks'.
        skipped = _HOP_HEADERS | {b"authorization"}
        headers: list[tuple[bytes, bytes]] = [(k, v) for k, v in scope["headers"] if k not in skipped]
        try:
            upstream = await client.request(
                scope["method"],
                f"{base}{path}" + (f"?{query}" if query else ""),
                content=body,
                headers=headers,
            )
        except httpx.TransportError:
            await _send(send, 502, b'{"error":{"code":"mocks_unreachable","message":"Mocks are not reachable."}}')
            return
        out = [
            (k.lower().encode(), v.encode())
            for k, v in upstream.headers.items()
            if k.lower().encode() not in _HOP_HEADERS
        ]
        if scope["method"] != "GET" and path in (f"{MOUNT}/clock", f"{MOUNT}/reset"):
            clock.forget()  # QA moved the clock through us: our rules see it at once
        await send({"type": "http.response.start", "status": upstream.status_code, "headers": out})
        await send({"type": "http.response.body", "body": upstream.content})

    return mocks


async def _send(send: Send, status: int, body: bytes) -> None:
    headers: Any = [(b"content-type", b"application/json")]
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})
