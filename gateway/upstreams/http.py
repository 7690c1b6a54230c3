"""One HTTP client per upstream: time-outs, safe retries, one error mapping, one envelope check.

Typed clients (each upstream's package here: `catalogue/`, `orders/`, `mail/`, `lenders/`...)
call `UpstreamHttp.call`, which sends the request, decodes the `{statusCode, message, data}`
envelope into msgspec structs and raises `UpstreamRefused` for a failure in it; they never see
httpx errors.

Every upstream is an httpx client: over the network on pyreqwest's client
(`transport.py`), as Authlib's httpx client when the upstream signs calls with an OAuth token,
and on httpx's ASGI transport for the in-process mocks.
"""

from __future__ import annotations

import asyncio
import functools
import re
import time
from collections.abc import Callable, Mapping
from http.cookiejar import CookieJar, DefaultCookiePolicy
from typing import Any, TypeVar

import httpx
import msgspec
import structlog
from purgatory import AsyncCircuitBreakerFactory
from purgatory.domain.model import OpenedState

from gateway.plumbing.deadline import budget
from gateway.plumbing.errors import UpstreamError, UpstreamRefused, UpstreamUnavailable
from gateway.plumbing.telemetry import instrument_upstream, tracing_on
from gateway.plumbing.tracing import upstream_headers
from gateway.settings import UPSTREAMS, Settings
from gateway.upstreams.answer import UpstreamAnswer
from gateway.upstreams.credentials import build_client
from gateway.upstreams.envelope import Envelope
from gateway.upstreams.transport import WholeAnswerTransport, network_transport

T = TypeVar("T")
log = structlog.get_logger("gateway.upstream")

UPSTREAM_NAMES = UPSTREAMS
UNAVAILABLE = "The service is not reachable right now. Please try again later."
_ENDS_A_LINE = re.compile(r"[\r\n\0]")
# Failures of the wire: the connection (refused, reset, timed out) or an answer that is not HTTP.
WIRE_ERRORS = (httpx.TransportError, httpx.DecodingError)
SAFE_ATTEMPTS = 3  # a GET or HEAD: the first try and two retries after a transport error
URLS_KEPT = 1024  # distinct (path, query) URLs kept built; searches past that only evict
Query = tuple[tuple[str, str | int], ...]  # a call's query parameters, in order


def retry_wait(attempt: int) -> float:
    """Seconds to wait after failed attempt `attempt` (1, 2, ...): 0.05, 0.1, 0.2, ... at most 0.5."""
    return float(min(0.5, 0.05 * 2 ** (attempt - 1)))


def endpoint(method: str, path: str) -> str:
    """One endpoint's name for its circuit breaker: method and path, ids folded
    ("GET electrician/getCart/{id}"), so every user's cart shares one circuit."""
    segments = ("{id}" if any(c.isdigit() for c in s) else s for s in path.strip("/").split("/"))
    return f"{method.upper()} {'/'.join(segments)}"


def url_builders(base: httpx.URL) -> tuple[Callable[[str, Query], httpx.URL], Callable[[str, Query], str]]:
    """The URL httpx would build from `base`, a path and a query, and its text, each kept once
    built. Closures over the base alone: a cache holding the client's own methods would put the
    client (and its network client) in a reference cycle (transport.py's collect_closed_clients)."""

    @functools.lru_cache(URLS_KEPT)
    def url(path: str, query: Query) -> httpx.URL:
        # As httpx's own merge: the path is appended to the base URL's, whatever its slashes.
        built = base.copy_with(raw_path=base.raw_path + httpx.URL(path.lstrip("/")).raw_path.lstrip(b"/"))
        return built.copy_with(params=query) if query else built  # as httpx: they replace the path's query

    @functools.lru_cache(URLS_KEPT)
    def text(path: str, query: Query) -> str:
        return str(url(path, query))

    return url, text


class _JarKeepingNothing(CookieJar):
    """A jar that reads no answer's cookies: httpx hands it every answer, and the policy would
    refuse each cookie anyway, after parsing the answer's headers for them on every call."""

    def extract_cookies(self, response: Any, request: Any) -> None:
        return None


def cookie_jar_keeping_nothing() -> CookieJar:
    """A jar that keeps no cookie, its policy accepting none from any domain: one client serves
    every user, so a cookie an upstream sets in one user's answer must never go out with another's call."""
    return _JarKeepingNothing(policy=DefaultCookiePolicy(allowed_domains=[]))


class UpstreamHttp:
    def __init__(
        self,
        name: str,
        client: httpx.AsyncClient,
        breakers: AsyncCircuitBreakerFactory | None = None,
        *,
        deadline: float | None = None,
        attempt_timeout: float | None = None,
        direct: WholeAnswerTransport | None = None,
    ) -> None:
        """`direct`: the client's own network transport, for a plain client (no auth flow, no
        tracing hooks), called without httpx's client around it: the client's layers (building
        the request, its auth, redirect and cookie steps) were about a fifth of an uncached
        call's CPU, and for such a client they add nothing (docs/decisions/uncached-call-cpu.md)."""
        self.name = name
        self.client = client
        # Told each answer's status and seconds (the gateway's metrics); None: nobody listens.
        self.observe: Callable[[int, float], None] | None = None
        client.cookies = cookie_jar_keeping_nothing()  # httpx takes a standard jar as it is
        self.breakers = breakers or AsyncCircuitBreakerFactory()
        # One request's whole time, retries included; and each attempt's, which httpx enforces
        # on a network transport but not on the in-process one.
        self.deadline = deadline
        self.attempt_timeout = attempt_timeout
        # httpx parses and merges the base URL, path and query in pure Python on every call, a
        # visible share of an uncached call's CPU: each distinct one is built once, kept in
        # functools' LRU (C; cachetools' own, in Python, was a hundredth of the call).
        self._urls, self._url_texts = url_builders(client.base_url)
        self._circuits: dict[tuple[str, str], str] = {}
        self._decoders: dict[Any, msgspec.json.Decoder[Any]] = {}
        self._direct = direct
        # What httpx's client would put on every request: its own defaults and the upstream's
        # fixed headers (names in lower case, so a call's own header replaces one, as in httpx).
        self._fixed_headers = {name.lower(): value for name, value in client.headers.multi_items()}

    def url(self, path: str, params: Mapping[str, str | int] | None = None) -> httpx.URL:
        """The URL httpx would build for `path` (relative to the client's base URL) and `params`."""
        return self._urls(path, tuple(params.items()) if params else ())

    def url_text(self, path: str, params: Mapping[str, str | int] | None = None) -> str:
        """`url(path, params)` as text, kept as the URL is."""
        return self._url_texts(path, tuple(params.items()) if params else ())

    def headers_for(self, method: str, headers: Mapping[str, str], content: bytes | None) -> dict[str, str]:
        """A call's headers as httpx's client would send them: its fixed ones, the call's own over
        them, and a body's length (zero on a POST, PUT or PATCH without one, as httpx says it)."""
        merged = {**self._fixed_headers, **{name.lower(): value for name, value in headers.items()}}
        if content:
            merged["content-length"] = str(len(content))
        elif method.upper() in ("POST", "PUT", "PATCH"):
            merged["content-length"] = "0"
        return merged

    def circuit(self, method: str, path: str) -> str:
        key = (method, path)
        name = self._circuits.get(key)
        if name is None:
            name = f"{self.name} {endpoint(method, path)}"
            if len(self._circuits) < URLS_KEPT:  # paths with ids are many; their names are cheap anyway
                self._circuits[key] = name
        return name

    async def call(
        self,
        method: str,
        path: str,
        type: type[Envelope[T]],
        *,
        failure: str,
        code: str,
        need_data: bool = False,
        json: Any = None,
        params: Mapping[str, str | int] | None = None,
        token: str | None = None,
        headers: Mapping[str, str] | None = None,
        idempotent: bool | None = None,
        reason_codes: Mapping[str, str] | None = None,
    ) -> Envelope[T]:
        """Send one request and answer its envelope; a failure in it raises `UpstreamRefused`.

        The answer is a failure when its HTTP status or its `statusCode` is not 200. The error
        carries our words, `failure`, never the upstream's (its text goes to the log with the
        request's trace id), `code`, and the failing status (the `statusCode` when it says so).
        With `need_data`, a success without `data` is a refusal too. `reason_codes` tells refusals
        the user acts on differently apart: a word of the upstream's message (lower case) -> our code.
        """
        response = await self.request(
            method, path, json=json, params=params, token=token, headers=headers, idempotent=idempotent
        )
        answer = self.decode(response, type)
        refused = response.status_code != 200 or not answer.ok
        if refused or (need_data and answer.data is None):
            status = answer.status_code if answer.status_code not in (None, 200) else response.status_code
            log.info("upstream_refused", upstream=self.name, path=path, status=status, reason=answer.message)
            reason = (answer.message or "").lower()
            known = next((c for word, c in (reason_codes or {}).items() if word in reason), code)
            raise UpstreamRefused(failure, upstream=self.name, status=status, code=known)
        return answer

    async def request(
        self,
        method: str,
        path: str,
        *,
        json: Any = None,
        params: Mapping[str, str | int] | None = None,
        token: str | None = None,
        headers: Mapping[str, str] | None = None,
        idempotent: bool | None = None,
    ) -> UpstreamAnswer:
        """Send one request; transport failures, 5xx answers and an open circuit become
        `UpstreamUnavailable`.

        Only idempotent requests (GET by default) are retried, and only on transport errors,
        all within one `deadline` (UPSTREAM_DEADLINE), or what is left of the request's own
        (REQUEST_DEADLINE, gateway/plumbing/deadline.py) when that is less. Each endpoint of an upstream has its own
        circuit breaker: after `upstream_breaker_threshold` consecutive failures, calls to that
        endpoint fail fast for `upstream_breaker_ttl` seconds; the upstream's other endpoints
        are not held back by it.
        """
        circuit = self.circuit(method, path)
        breaker = await self.breakers.get_breaker(circuit)
        try:
            seconds = budget(self.deadline)  # this call's own deadline, or what the request has left
            if seconds is not None and seconds <= 0:
                log.warning("request_deadline_spent", upstream=self.name, path=path)
                raise UpstreamUnavailable(UNAVAILABLE, upstream=self.name, code="upstream_timeout")
            async with breaker:
                try:
                    # An attempt's own limit only where it can end first (its timer cost a call's CPU).
                    limit = self.attempt_timeout
                    if limit is not None and seconds is not None and seconds <= limit:
                        limit = None
                    async with asyncio.timeout(seconds):  # None: no deadline
                        return await self._send(method, path, json, params, token, headers, idempotent, limit)
                except TimeoutError as exc:
                    log.warning("upstream_deadline", upstream=self.name, path=path, seconds=seconds)
                    raise UpstreamUnavailable(UNAVAILABLE, upstream=self.name, code="upstream_timeout") from exc
        except OpenedState as exc:
            log.warning("upstream_circuit_open", upstream=self.name, circuit=circuit)
            raise UpstreamUnavailable(UNAVAILABLE, upstream=self.name, code="circuit_open") from exc

    async def _attempt(
        self,
        method: str,
        path: str,
        content: bytes | None,
        params: Mapping[str, str | int] | None,
        headers: Any,
        limit: float | None,
    ) -> UpstreamAnswer:
        """One try; `limit` its own time (httpx's time-outs skip the in-process upstreams), None
        when the call's deadline ends first anyway."""
        started = time.perf_counter()
        if limit is None:
            response = await self._exchange(method, path, content, params, headers)
        else:
            try:
                async with asyncio.timeout(limit):
                    response = await self._exchange(method, path, content, params, headers)
            except TimeoutError as exc:
                # The same error httpx raises over the network, so it is retried (or not) the same way.
                raise httpx.ReadTimeout(f"no answer within {limit} s") from exc
        if self.observe is not None:
            self.observe(response.status_code, time.perf_counter() - started)
        return response

    async def _exchange(
        self, method: str, path: str, content: bytes | None, params: Mapping[str, str | int] | None, headers: Any
    ) -> UpstreamAnswer:
        if self._direct is not None and not self.client.params:
            return await self._direct.exchange(
                method, self.url_text(path, params), self.headers_for(method, headers, content), content
            )
        if self.client.params:  # httpx would put only these in a built URL's query: it builds it
            sent = await self.client.request(method, path.lstrip("/"), content=content, params=params, headers=headers)
        else:
            sent = await self.client.request(method, self.url(path, params), content=content, headers=headers)
        return UpstreamAnswer.of(sent)

    async def _send(
        self,
        method: str,
        path: str,
        json: Any,
        params: Mapping[str, str | int] | None,
        token: str | None,
        headers: Mapping[str, str] | None,
        idempotent: bool | None,
        limit: float | None,
    ) -> UpstreamAnswer:
        all_headers = {**upstream_headers(), **(headers or {})}  # the trace id goes on with every call
        if token:
            all_headers["Authorization"] = f"Bearer {token}"
        content = msgspec.json.encode(json) if json is not None else None
        if content is not None:
            all_headers["Content-Type"] = "application/json"
        retryable = method.upper() in ("GET", "HEAD") if idempotent is None else idempotent
        attempts = SAFE_ATTEMPTS if retryable else 1
        try:
            if any(_ENDS_A_LINE.search(value) for value in all_headers.values()):
                # A value that would end its header line (a token with a line break in it): refused
                # before anything is sent, as httpx's own HTTP/1.1 writer refuses it.
                raise httpx.LocalProtocolError("a header value holds a line break")
            # A plain loop: tenacity's machinery cost a measurable share of every call, retried or not.
            attempt = 1
            while True:
                try:
                    response = await self._attempt(method, path, content, params, all_headers, limit)
                    break
                except WIRE_ERRORS:
                    if attempt >= attempts:
                        raise
                    await asyncio.sleep(retry_wait(attempt))
                    attempt += 1
        except httpx.TimeoutException as exc:
            log.warning("upstream_timeout", upstream=self.name, path=path)
            raise UpstreamUnavailable(UNAVAILABLE, upstream=self.name) from exc
        except WIRE_ERRORS as exc:
            log.warning("upstream_unreachable", upstream=self.name, path=path, error=type(exc).__name__)
            raise UpstreamUnavailable(UNAVAILABLE, upstream=self.name) from exc
        if response.status_code >= 500:
            raise UpstreamUnavailable(UNAVAILABLE, upstream=self.name, status=response.status_code)
        return response

    def pdf_or_status(self, response: UpstreamAnswer) -> bytes | int:
        """An answer that should be a PDF: the file, or else the status the upstream refused it
        with (its envelope's `statusCode` when that says an error, otherwise the answer's own)."""
        if response.status_code == 200 and response.headers.get("content-type", "").startswith("application/pdf"):
            return response.content
        answer = self.decode(response, Envelope[Any])
        return answer.status_code if answer.status_code not in (None, 200) else response.status_code

    def decode(self, response: UpstreamAnswer, type_: type[T]) -> T:
        """Decode a JSON answer into `type_`; an answer of the wrong shape is the upstream's fault."""
        decoder = self._decoders.get(type_)
        if decoder is None:  # one per answer type, built once (a type per call site, so few)
            decoder = self._decoders[type_] = msgspec.json.Decoder(type_, strict=False)
        try:
            return decoder.decode(response.content)  # type: ignore[no-any-return]
        except msgspec.DecodeError as exc:
            log.warning("upstream_bad_answer", upstream=self.name, status=response.status_code, error=str(exc))
            raise UpstreamError(
                "The service gave an unexpected answer. Please try again later.",
                upstream=self.name,
                status=response.status_code,
            ) from exc


def upstream_timeout(settings: Settings) -> httpx.Timeout:
    return httpx.Timeout(settings.upstream_read_timeout, connect=settings.upstream_connect_timeout)


def build_upstreams(settings: Settings, local: Mapping[str, httpx.AsyncClient]) -> dict[str, UpstreamHttp]:
    """A client per upstream: over HTTP to its URL, else the httpx client handed in for it.

    Over HTTP, an upstream that signs calls with an OAuth token gets Authlib's httpx client, which
    fetches and refreshes the token; the others a plain httpx client.
    """
    timeout = upstream_timeout(settings)
    breakers = AsyncCircuitBreakerFactory(
        default_threshold=settings.upstream_breaker_threshold, default_ttl=settings.upstream_breaker_ttl
    )
    pool: dict[str, UpstreamHttp] = {}
    traced = tracing_on(settings)  # only when something exports the spans (gateway/plumbing/telemetry.py)
    for name in settings.upstream_names:
        url: str | None = getattr(settings, f"{name}_url")
        if url:
            credentials = settings.credentials.get(name)
            transport = network_transport(
                credentials,
                connect_timeout=settings.upstream_connect_timeout,
                read_timeout=settings.upstream_read_timeout,
            )
            client = build_client(credentials, base_url=url.rstrip("/") + "/", timeout=timeout, transport=transport)
        elif name in local:
            client = local[name]
        else:
            raise RuntimeError(f"No URL for upstream {name!r}: set {name.upper()}_URL")
        direct = None
        if traced:
            instrument_upstream(name, client)  # a client span and `traceparent` for every call
        elif url and type(client) is httpx.AsyncClient:  # not Authlib's, whose auth flow fetches tokens
            direct = transport
        pool[name] = UpstreamHttp(
            name,
            client,
            breakers,
            deadline=settings.upstream_deadline,
            attempt_timeout=settings.upstream_connect_timeout + settings.upstream_read_timeout,
            direct=direct,
        )
    return pool


async def close_upstreams(pool: Mapping[str, UpstreamHttp]) -> None:
    for upstream in pool.values():
        await upstream.client.aclose()
