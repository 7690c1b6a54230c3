"""The wire under upstreams reached over HTTP with OAuth (Authlib's client is an httpx client):
aiohttp's connection pool behind httpx's API. The others go over `connections.ConnectionPool`.

Measured at 64 concurrent calls on 2 cores (BENCHMARKS.md): httpx's own pool cost the gateway
about 2 ms of CPU per call, much of it in pool bookkeeping (every idle connection is polled on
each request, so a larger keep-alive pool made it slower); aiohttp's pool about 1 ms. Callers
still see httpx requests, responses and errors, so `UpstreamHttp` and its tests are unchanged.
"""

from __future__ import annotations

import ssl

import httpx
from httpx_aiohttp import AiohttpTransport

# Keep as many idle connections as may be open: at 64 concurrent calls a smaller keep-alive
# pool would close and reopen connections on every burst.
UPSTREAM_LIMITS = httpx.Limits(max_connections=100, max_keepalive_connections=100, keepalive_expiry=30)


def upstream_transport(tls: ssl.SSLContext | None = None) -> httpx.AsyncBaseTransport:
    """`tls`: the upstream's own TLS settings (CA, client certificate), else the system's."""
    return AiohttpTransport(verify=tls or True, limits=UPSTREAM_LIMITS)
