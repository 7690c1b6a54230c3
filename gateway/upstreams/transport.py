"""The transport under every network upstream's httpx client: pyreqwest's (Rust's reqwest and
hyper) instead of httpx's own.

httpx's own pool walks its connections and its queued requests on every request and every
answer, so at the concurrency the gateway serves, its CPU per call grew several times over
(docs/decisions/upstream-client.md has the measurement). Callers still see httpx's requests,
answers and errors: pyreqwest's transport maps its failures to httpx's exceptions, so
`UpstreamHttp` retries and maps them as before.
"""

from __future__ import annotations

import gc
from datetime import timedelta
from pathlib import Path

import httpx
from pyreqwest.client import ClientBuilder
from pyreqwest.compatibility.httpx import HttpxTransport

from gateway.upstreams.credentials import UpstreamCredentials

# Idle kept-alive connections kept per upstream and worker, and for how long. The calls in flight
# are not capped here: pyreqwest's cap keeps the slot of a call given up on (the deadline) until
# the upstream answers or the read time-out ends it, so a slow upstream would hold back the rest.
MAX_IDLE = 100
IDLE_SECONDS = 30


def network_transport(
    credentials: UpstreamCredentials | None, *, connect_timeout: float, read_timeout: float
) -> httpx.AsyncBaseTransport:
    """`credentials`' CA (trusted beside the system's) and client certificate, if any; the read
    time-out is the longest wait for the next bytes of an answer."""
    builder = (
        ClientBuilder()
        .connect_timeout(timedelta(seconds=connect_timeout))
        .read_timeout(timedelta(seconds=read_timeout))
        .pool_max_idle_per_host(MAX_IDLE)
        .pool_idle_timeout(timedelta(seconds=IDLE_SECONDS))
    )
    if credentials is not None and credentials.tls_ca:
        builder = builder.add_root_certificate_pem(Path(credentials.tls_ca).read_bytes())
    if credentials is not None and credentials.tls_cert and credentials.tls_key:
        identity = Path(credentials.tls_cert).read_bytes() + b"\n" + Path(credentials.tls_key).read_bytes()
        builder = builder.identity_pem(identity)
    return HttpxTransport(builder.build())


def collect_closed_clients() -> None:
    """For a command that ends once its upstreams are closed: the closed clients are collected
    now, while the interpreter still runs. pyreqwest's runtime thread touches Python objects as
    a client is dropped, and a client left in a reference cycle until the interpreter's own
    final collection made that thread abort the process after its work was done (1 run in 5 of
    the lender kit exited 134 instead of its answer)."""
    gc.collect()
