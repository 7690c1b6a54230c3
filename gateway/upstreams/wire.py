"""The wire under an upstream reached over HTTP without OAuth: aiohttp's pool, called directly.

Measured at 64 concurrent product-list calls on 2 cores (BENCHMARKS.md): httpx's request,
response and client machinery on top of aiohttp's pool was about a fifth of the gateway's CPU
per uncached call. This wire sends the same URL, body, headers of the call and of the
upstream's credentials, with the same time-outs and TLS (only the client's own User-Agent and
Accept-Encoding differ), and raises httpx's errors, so `UpstreamHttp`'s retries, deadline and error mapping are the
same whichever wire carries a call. Upstreams that need Authlib's OAuth client, and the
in-process mocks, keep httpx (`UpstreamHttp.client`).
"""

from __future__ import annotations

import ssl
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from typing import Protocol

import aiohttp
import httpx
from multidict import CIMultiDictProxy
from yarl import URL

from gateway.upstreams.transport import UPSTREAM_LIMITS


class UpstreamAnswer(Protocol):
    """What callers read of an upstream's answer, whichever wire carried it."""

    @property
    def status_code(self) -> int: ...
    @property
    def content(self) -> bytes: ...
    @property
    def headers(self) -> Mapping[str, str]: ...


class WireAnswer:
    """An upstream's answer, read whole: what callers read of an httpx response."""

    __slots__ = ("content", "headers", "status_code")

    def __init__(self, status_code: int, headers: CIMultiDictProxy[str], content: bytes) -> None:
        self.status_code = status_code
        self.headers = headers
        self.content = content


@contextmanager
def as_httpx_errors() -> Iterator[None]:
    """aiohttp's failures as the httpx errors `UpstreamHttp` retries and maps (as httpx-aiohttp
    maps them), so either wire fails the same way."""
    try:
        yield
    except aiohttp.ClientConnectorError as exc:  # refused, unresolvable: nothing was sent
        raise httpx.ConnectError(str(exc)) from exc
    except (aiohttp.ServerTimeoutError, TimeoutError) as exc:
        raise httpx.ReadTimeout(str(exc) or "no answer in time") from exc
    except aiohttp.ClientPayloadError as exc:
        raise httpx.ReadError(str(exc)) from exc
    except aiohttp.ServerDisconnectedError as exc:
        raise httpx.RemoteProtocolError(str(exc)) from exc
    except aiohttp.ClientError as exc:
        raise httpx.NetworkError(str(exc)) from exc


class AiohttpWire:
    """One aiohttp session per upstream: its base URL, fixed headers, TLS and time-outs."""

    def __init__(
        self,
        base_url: str,
        *,
        headers: Mapping[str, str] | None = None,
        tls: ssl.SSLContext | None = None,
        connect_timeout: float | None = None,
        read_timeout: float | None = None,
    ) -> None:
        self.base_url = base_url
        self._headers = dict(headers or {})
        self._tls: ssl.SSLContext | bool = tls or True
        self._timeout = aiohttp.ClientTimeout(sock_connect=connect_timeout, sock_read=read_timeout)
        self._session: aiohttp.ClientSession | None = None

    def session(self) -> aiohttp.ClientSession:
        # Made on first use: aiohttp binds a session to the running loop.
        if self._session is None:
            connector = aiohttp.TCPConnector(
                limit=UPSTREAM_LIMITS.max_connections or 0,
                keepalive_timeout=UPSTREAM_LIMITS.keepalive_expiry or 15,
                ssl=self._tls,
            )
            self._session = aiohttp.ClientSession(
                connector=connector,
                headers=self._headers,
                timeout=self._timeout,
                # One session serves every user: no cookie an upstream sets may go out again.
                cookie_jar=aiohttp.DummyCookieJar(),
                auto_decompress=True,
            )
        return self._session

    async def send(self, method: str, url: URL, content: bytes | None, headers: Mapping[str, str]) -> WireAnswer:
        """Send one request to the full `url` and read the whole answer."""
        with as_httpx_errors():
            async with self.session().request(
                method, url, data=content, headers=headers, allow_redirects=False
            ) as response:
                body = await response.read()
                return WireAnswer(response.status, response.headers, body)

    async def aclose(self) -> None:
        if self._session is not None:
            await self._session.close()
            self._session = None
