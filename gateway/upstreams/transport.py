"""The transport under every network upstream's httpx client: Rust's reqwest and hyper, through
pyreqwest's client, each answer read whole before httpx sees it.

httpx's own pool walks its connections and its queued requests on every request and every
answer, so at the concurrency the gateway serves, its CPU per call grew several times over
(docs/decisions/upstream-client.md has the measurement). pyreqwest's own transport for httpx
streams each answer to httpx chunk by chunk, each chunk a hand-over to and from pyreqwest's
thread, behind an exit stack; every upstream answer the gateway reads is a small JSON (or a
PDF) it reads whole, so here pyreqwest reads it whole in one call (docs/decisions/
uncached-call-cpu.md has the figures). Callers still see httpx's requests, answers and errors:
pyreqwest's failures become httpx's exceptions, so `UpstreamHttp` retries and maps them as before.
"""

from __future__ import annotations

import gc
from collections.abc import Mapping, Sequence
from datetime import timedelta
from pathlib import Path

import httpx
from pyreqwest import exceptions
from pyreqwest.client import Client, ClientBuilder
from pyreqwest.http import HeaderMap

from gateway.upstreams.answer import UpstreamAnswer
from gateway.upstreams.credentials import UpstreamCredentials

# Idle kept-alive connections kept per upstream and worker, and for how long. The calls in flight
# are not capped here: pyreqwest's cap keeps the slot of a call given up on (the deadline) until
# the upstream answers or the read time-out ends it, so a slow upstream would hold back the rest.
MAX_IDLE = 100
IDLE_SECONDS = 30

# pyreqwest's failures as httpx's, most specific first (a read time-out is also a time-out).
_AS_HTTPX: tuple[tuple[type[exceptions.PyreqwestError], type[httpx.RequestError]], ...] = (
    (exceptions.ConnectTimeoutError, httpx.ConnectTimeout),
    (exceptions.ReadTimeoutError, httpx.ReadTimeout),
    (exceptions.WriteTimeoutError, httpx.WriteTimeout),
    (exceptions.PoolTimeoutError, httpx.PoolTimeout),
    (exceptions.RequestTimeoutError, httpx.TimeoutException),
    (exceptions.ConnectError, httpx.ConnectError),
    (exceptions.ReadError, httpx.ReadError),
    (exceptions.WriteError, httpx.WriteError),
    (exceptions.NetworkError, httpx.NetworkError),
    (exceptions.DecodeError, httpx.DecodingError),
    (exceptions.RedirectError, httpx.TooManyRedirects),
    (exceptions.TransportError, httpx.TransportError),
)


class WholeAnswerTransport(httpx.AsyncBaseTransport):
    """httpx's transport interface over a pyreqwest client: one call sends the request and reads
    the whole answer."""

    def __init__(self, client: Client) -> None:
        self._client = client

    async def handle_async_request(self, request: httpx.Request) -> httpx.Response:
        body = await request.aread()  # the gateway's bodies are bytes already: no copy
        status, headers, content = await self._whole(
            request.method, str(request.url), request.headers.multi_items(), body, request
        )
        # httpx decodes a Content-Encoding of the answer here, as it does reading a stream.
        return httpx.Response(status, headers=list(headers.items()), content=content, request=request)

    async def exchange(
        self, method: str, url: str, headers: Mapping[str, str] | Sequence[tuple[str, str]], body: bytes | None
    ) -> UpstreamAnswer:
        """Send one request and read its whole answer, for `UpstreamHttp` sending without httpx's
        client: no httpx answer is built around it, unless the body is encoded (gzip...), which
        httpx's answer undoes as its client's would."""
        status, answer_headers, content = await self._whole(method, url, headers, body, None)
        if answer_headers.get("content-encoding"):
            return UpstreamAnswer.of(httpx.Response(status, headers=list(answer_headers.items()), content=content))
        return UpstreamAnswer(status, answer_headers, content)

    async def _whole(
        self,
        method: str,
        url: str,
        headers: Mapping[str, str] | Sequence[tuple[str, str]],
        body: bytes | None,
        request: httpx.Request | None,
    ) -> tuple[int, HeaderMap, bytes]:
        """The answer's status, headers and whole body; pyreqwest's failures as httpx's, about
        `request` (None when the caller made no httpx request)."""
        builder = self._client.request(method, url).headers(headers).body_bytes(body or b"")
        try:
            answer = await builder.build().send()
            content = (await answer.bytes()).to_bytes()
        except exceptions.PyreqwestError as exc:
            for theirs, ours in _AS_HTTPX:
                if isinstance(exc, theirs):
                    raise ours(exc.message, request=request) from exc
            raise
        return answer.status, answer.headers, content

    async def aclose(self) -> None:
        await self._client.close()


def network_transport(
    credentials: UpstreamCredentials | None, *, connect_timeout: float, read_timeout: float
) -> WholeAnswerTransport:
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
    return WholeAnswerTransport(builder.build())


def collect_closed_clients() -> None:
    """For a command that ends once its upstreams are closed: the closed clients are collected
    now, while the interpreter still runs. pyreqwest's runtime thread touches Python objects as
    a client is dropped, and a client left in a reference cycle until the interpreter's own
    final collection made that thread abort the process after its work was done (1 run in 5 of
    the lender kit exited 134 instead of its answer)."""
    gc.collect()
