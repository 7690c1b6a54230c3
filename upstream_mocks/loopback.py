"""An httpx client for calls between mocks (webhooks, receipt mails).

URLs on the internal origin (http://mocks.internal/_mocks/...) are answered by the suite
in-process through an ASGI transport, so delivery works in the gateway's embedded default,
where the mocks have no port of their own; so are URLs on an embedding merchant's own origin
(MockWorld.merchants: the gateway's refund webhook receiver in `make run`); any other URL
(MOCKS_PUBLIC_URL set, or a real merchant's notify_url) goes over the network.
"""

from __future__ import annotations

import ssl
from functools import cache

import httpx

from upstream_mocks.settings import INTERNAL_ORIGIN
from upstream_mocks.world import MockWorld


@cache
def _tls() -> ssl.SSLContext:
    """One TLS context for every client: building one loads the system's CA certificates, which
    cost ~5 ms a client and made a month's clock walk (a client a listener's call) take seconds."""
    return ssl.create_default_context()


def loopback_client(world: MockWorld, timeout: float = 5.0) -> httpx.AsyncClient:
    mounts: dict[str, httpx.AsyncBaseTransport | None] = {
        origin: httpx.ASGITransport(app=app) for origin, app in world.merchants.items()
    }
    if world.loopback is not None:
        mounts[INTERNAL_ORIGIN] = httpx.ASGITransport(app=world.loopback)
    return httpx.AsyncClient(mounts=mounts, timeout=timeout, verify=_tls())
