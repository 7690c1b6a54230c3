"""The app factory: everything the gateway serves, built from one Settings."""

from __future__ import annotations

from typing import Any, cast

import httpx
from litestar import Litestar
from litestar.config.compression import CompressionConfig
from litestar.config.csrf import CSRFConfig
from litestar.di import Provide
from litestar.openapi import OpenAPIConfig
from litestar.openapi.plugins import JsonRenderPlugin

from gateway import portal, site, store
from gateway.client_config import get_config
from gateway.errors import exception_handlers
from gateway.health import healthz, readyz
from gateway.logging import configure_logging, request_log_middleware
from gateway.mocks import mount_in_process, mount_proxy
from gateway.otp import CodeSender, build_limiter
from gateway.services import AppServices
from gateway.sessions import SessionManager, build_store, provide_session, session_cookie_middleware
from gateway.sessions.controller import get_session, logout
from gateway.settings import Settings
from gateway.spa import build_spa_handler
from gateway.upstreams.http import build_upstreams, close_upstreams
from gateway.upstreams.lending import LendingClient

API_VERSION = "1.0.0"

# Paths an unsafe request may reach without the XSRF header: QA mock controls (only mounted
# while mocks are in use) and server-to-server webhooks, which are signed instead.
CSRF_EXEMPT = [r"^/_mocks", r"^/api/webhooks/"]


def create_app(settings: Settings | None = None) -> Litestar:
    settings = settings or Settings.from_env()
    configure_logging(settings.log_level, settings.log_json)

    session_store = build_store(settings)
    sessions = SessionManager(session_store, settings)

    suite = None
    needs_in_process = any(getattr(settings, f"{n}_url") is None for n in ("lending", "catalogue", "mail", "payments"))
    if needs_in_process:
        from upstream_mocks.suite import create_suite  # only imported when mocks are in use

        suite = create_suite(check_contracts=True)
    upstreams = build_upstreams(settings, suite)
    limiter = build_limiter(settings)
    services = AppServices(
        settings=settings,
        store=session_store,
        sessions=sessions,
        upstreams=upstreams,
        limiter=limiter,
        code_sender=CodeSender(LendingClient(upstreams["lending"]), limiter, settings.otp.resend_seconds),
    )

    handlers: list[Any] = [
        healthz,
        readyz,
        get_config,
        get_session,
        logout,
        portal.build_router(services),
        store.build_router(services),
        site.build_router(services),
    ]
    proxy_client: httpx.AsyncClient | None = None
    if settings.mocks_url:
        proxy_client = httpx.AsyncClient(timeout=10)
        handlers.append(mount_proxy(settings.mocks_url, proxy_client))
    elif suite is not None:
        handlers.append(mount_in_process(cast(Any, suite)))
    handlers.append(build_spa_handler(settings.static_dir))

    async def shutdown() -> None:
        await close_upstreams(upstreams)
        if proxy_client is not None:
            await proxy_client.aclose()

    app = Litestar(
        route_handlers=handlers,
        dependencies={
            "settings": Provide(lambda: settings, use_cache=True, sync_to_thread=False),
            "services": Provide(lambda: services, use_cache=True, sync_to_thread=False),
            "sessions": Provide(lambda: sessions, use_cache=True, sync_to_thread=False),
            "session_store": Provide(lambda: session_store, use_cache=True, sync_to_thread=False),
            "session": Provide(provide_session),
        },
        middleware=[cast(Any, request_log_middleware), cast(Any, session_cookie_middleware)],
        csrf_config=CSRFConfig(
            secret=settings.secret_key,
            cookie_name="XSRF-TOKEN",
            header_name="X-XSRF-TOKEN",
            cookie_secure=settings.secure_cookies,
            cookie_httponly=False,  # the app's axios reads it and echoes it in X-XSRF-TOKEN
            cookie_samesite="lax",
            exclude=CSRF_EXEMPT,
        ),
        compression_config=CompressionConfig(backend="gzip", minimum_size=512, exclude=[r"^/_mocks"]),
        exception_handlers=exception_handlers,
        openapi_config=OpenAPIConfig(
            title="Gateway API",
            version=API_VERSION,
            path="/api/schema",
            render_plugins=[JsonRenderPlugin()],
        ),
        on_shutdown=[shutdown],
        logging_config=None,
        debug=False,
    )
    app.state.services = services
    if suite is not None:
        app.state.mock_world = suite.state.world
    return app
