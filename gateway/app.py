"""The app factory: everything the gateway serves, built from one Settings."""

from __future__ import annotations

import os
from functools import partial
from pathlib import Path
from typing import Any, cast

from litestar import Litestar, Request
from litestar.config.compression import CompressionConfig
from litestar.di import Provide
from litestar.openapi import OpenAPIConfig
from litestar.openapi.plugins import JsonRenderPlugin

from gateway import addresses, checkout, complaints, credit, desk, loans, orders, portal, short_links, site, store
from gateway.clients import build_clients
from gateway.embedded import embed
from gateway.health import healthz, readyz
from gateway.jobs import Job, Scheduler
from gateway.language import routes as language
from gateway.language.codes import LANGUAGES
from gateway.language.resolution import provide_language
from gateway.operations_db import OperationsDatabase
from gateway.otp import CodeLog, CodeSender, build_limiter
from gateway.plumbing.deadline import deadline_middleware_factory
from gateway.plumbing.errors import exception_handlers
from gateway.plumbing.logging import configure_logging, request_log_middleware
from gateway.plumbing.telemetry import tracing_on
from gateway.portal.follow_up import FollowUps, RepaymentFollowUp
from gateway.reconciliation.attention import AttentionRule
from gateway.reconciliation.daily import DailyReconciliation
from gateway.reconciliation.runs import RunBook
from gateway.reconciliation.service import ReconciliationService
from gateway.reconciliation.watch import MoneyWatch
from gateway.security.client_address import ClientAddresses, parse_networks
from gateway.security.csrf import CsrfTokens, csrf_middleware_factory
from gateway.security.headers import security_headers_hook
from gateway.security.operations_access import metrics_networks, networks_only
from gateway.security.request_guard import request_guard_factory
from gateway.services import AppServices
from gateway.serving.anonymous_reads import anonymous_read_cache_factory
from gateway.serving.metrics import MetricsPlugin
from gateway.serving.shutdown import shut_down
from gateway.serving.workers import METRICS_DIR
from gateway.sessions import SessionManager, build_store, provide_session, session_cookie_middleware
from gateway.sessions.controller import SessionView, get_session, logout, session_view
from gateway.settings import Settings
from gateway.spa.client_config import client_config, get_config
from gateway.spa.pages import PRERENDERED_DIR, build_spa_handler
from gateway.upstreams.http import build_upstreams, close_upstreams
from otel_traces.provider import tracer_provider
from otel_traces.server_spans import server_plugin

API_VERSION = "1.0.0"


def create_app(settings: Settings | None = None) -> Litestar:
    settings = settings or Settings.from_env()
    settings.refuse_unsafe()
    configure_logging(settings.log_level, settings.log_json)

    # Spans only when something exports them (otel_traces/); the provider is set before
    # anything makes one.
    traced = tracing_on(settings)
    if traced:
        tracer_provider(
            settings.otel_service_name, settings.otel_exporter_otlp_endpoint, settings.otel_traces_sampler_arg
        )

    session_store = build_store(settings)
    sessions = SessionManager(session_store, settings)

    embedded = embed(settings)
    upstreams = build_upstreams(settings, embedded.clients)
    clients = build_clients(settings, upstreams, embedded.clock)
    lender = clients.lender
    code_sender = CodeSender(
        lender, build_limiter(settings), settings.otp, CodeLog(session_store, settings.store_timeout)
    )
    client_addresses = ClientAddresses(parse_networks(settings.trusted_proxies))
    database = OperationsDatabase(settings.operations_database_url, settings.database_timeout)
    services = AppServices(
        settings=settings,
        store=session_store,
        clients=clients,
        code_sender=code_sender,
        client_addresses=client_addresses,
        clock=embedded.clock,
        database=database,
    )
    csrf = csrf_middleware_factory(
        CsrfTokens(settings.secret_key, secure=settings.secure_cookies),
        sessions.cookie_name,
        [*embedded.exempt, f"^{desk.WEBHOOKS_PATH}/"],  # the provider's calls: signed, no browser
    )
    # Several workers add up their series from the files prometheus_client writes (gateway/serving/workers.py).
    metrics = MetricsPlugin(
        upstreams,
        sessions,
        os.environ.get(METRICS_DIR) if settings.workers > 1 else None,
        guards=[networks_only(metrics_networks(settings), client_addresses, settings.metrics_token)],
    )
    store_service = store.build_service(services)
    # Built before the routes: the orders group's cash-on-delivery route is the checkout's rule.
    checkout_service = checkout.build_service(services, store_service)
    autopay = loans.autopay_service(services)
    debits = loans.autopay_debits(services, autopay)
    # The product pages whose first page of products goes out in their HTML to a visitor.
    first_pages = {
        path: store.FirstProductsPage(
            {lang: store.template_file(Path(settings.static_dir) / PRERENDERED_DIR, name, lang) for lang in LANGUAGES},
            store_service,
            sessions.cookie_name,
            settings.first_page_wait_seconds,
        )
        for path, name in store.FIRST_PAGE_TEMPLATES.items()
    }

    async def page_session(request: Request[Any, Any, Any]) -> SessionView | None:
        # A visitor without a cookie costs no read of the store.
        session = await provide_session(request, sessions)
        return session_view(session) if session.available else None

    handlers: list[Any] = [
        healthz,
        readyz,
        get_config,
        get_session,
        logout,
        language.build_router(settings.secure_cookies),
        portal.build_router(services),
        loans.build_router(services, autopay, debits),
        loans.build_mandate_webhook_router(services, autopay, debits),
        credit.build_router(services, autopay, debits),
        complaints.build_router(services),
        store.build_router(services, store_service),
        checkout.build_router(services, checkout_service),
        orders.build_router(services, store_service, checkout_service.pay_on_delivery),
        addresses.build_router(services),
        site.build_router(services),
        desk.build_router(services),
        desk.build_webhook_router(services),
        short_links.build_router(services, embedded.browser_address),
        *embedded.handlers,
        build_spa_handler(
            settings.static_dir,
            client_config(settings),
            reserved=("/api", embedded.mount),
            fillers=first_pages,
            public_url=settings.public_url,
            secure_cookies=settings.secure_cookies,
            session=page_session,
            # The QA console exists only beside the mocks (frontend/src/features/qa).
            absent=() if embedded.handlers else ("/qa",),
        ),
    ]

    # The gateway's own jobs, one run at a time across replicas (gateway/jobs/).
    jobs = Scheduler(
        session_store,
        [
            Job(
                "repayment-follow-up",
                settings.follow_up_seconds,
                RepaymentFollowUp(lender, FollowUps(session_store), settings.follow_up_after_seconds).run,
            ),
            # AutoPay's debits raised ahead of their due dates (their pre-debit notices), on the one clock.
            Job("autopay-debits", settings.follow_up_seconds, debits.run),
            Job(
                "daily-reconciliation",
                settings.reconciliation_check_seconds,
                DailyReconciliation(
                    ReconciliationService.over(clients, embedded.clock, database),
                    RunBook(database, embedded.clock),
                    embedded.clock,
                    AttentionRule.of(settings),
                    metrics.metrics.reconciliation_attention.set,
                    MoneyWatch(
                        database,
                        embedded.clock,
                        metrics.metrics.refunds_needing_person.set,
                        metrics.metrics.disputes_near_deadline.set,
                        metrics.metrics.payouts_failed_waiting.set,
                    ),
                ).run,
            ),
        ],
        finished=metrics.metrics.job_finished,
    )

    async def shutdown() -> None:
        await shut_down(
            [
                ("jobs", jobs.stop),
                ("upstreams", partial(close_upstreams, upstreams)),
                ("mocks", embedded.close),
                ("database", database.close),
            ]
        )

    app = Litestar(
        route_handlers=handlers,
        dependencies={
            "settings": Provide(lambda: settings, use_cache=True, sync_to_thread=False),
            "sessions": Provide(lambda: sessions, use_cache=True, sync_to_thread=False),
            "session_store": Provide(lambda: session_store, use_cache=True, sync_to_thread=False),
            "session": Provide(provide_session),
            "user_language": Provide(provide_language, sync_to_thread=False),
        },
        # Outermost first. Replayed anonymous reads are logged and counted, and skip the rest
        # (gateway/serving/anonymous_reads.py says why that is safe); compression runs inside all of it.
        middleware=[
            cast(Any, request_log_middleware),
            cast(Any, metrics.request_middleware),
            cast(Any, deadline_middleware_factory(settings.request_deadline)),
            cast(Any, anonymous_read_cache_factory(settings.catalogue_cache_seconds, sessions.cookie_name)),
            cast(Any, request_guard_factory(settings.request_body_timeout)),
            cast(Any, csrf),
            cast(Any, session_cookie_middleware),
        ],
        before_send=[cast(Any, security_headers_hook(settings))],
        request_max_body_size=settings.max_body_bytes,
        compression_config=CompressionConfig(backend="gzip", minimum_size=512, exclude=embedded.exempt or None),
        exception_handlers=exception_handlers,
        openapi_config=OpenAPIConfig(
            title="Gateway API",
            version=API_VERSION,
            path="/api/schema",
            render_plugins=[JsonRenderPlugin()],
        ),
        # The operations database at its newest schema before the first request (several replicas
        # starting together migrate it once: gateway/operations_db/database.py).
        on_startup=[database.migrate, embedded.start, jobs.start],
        on_shutdown=[shutdown],
        # Tracing's middleware wraps the whole app, routing and error answers included.
        plugins=[metrics, *([server_plugin("gateway")] if traced else [])],
        logging_config=None,
        debug=False,
    )
    embedded.receive_webhooks(settings, app)  # the in-process provider's refund webhooks
    return app
