"""The whole-answer cache for anonymous catalogue reads, over a stand-in app that counts its calls."""

from __future__ import annotations

from typing import Any

import pytest

from gateway.serving.anonymous_reads import anonymous_read_cache_factory


class CountingApp:
    """Answers each request with its own running number, so a replayed answer shows."""

    def __init__(self, status: int = 200, set_cookie: bool = False) -> None:
        self.calls = 0
        self.status = status
        self.set_cookie = set_cookie

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        self.calls += 1
        headers = [(b"content-type", b"application/json")]
        if self.set_cookie:
            headers.append((b"set-cookie", b"XSRF-TOKEN=abc; Path=/"))
        await send({"type": "http.response.start", "status": self.status, "headers": headers})
        await send({"type": "http.response.body", "body": f'{{"n":{self.calls}}}'.encode(), "more_body": True})
        await send({"type": "http.response.body", "body": b""})


def scope(
    path: str,
    query: bytes = b"",
    *,
    cookie: bytes | None = None,
    gzip: bool = False,
    accept_language: bytes | None = None,
) -> dict[str, Any]:
    headers = [(b"host", b"127.0.0.1")]
    if cookie is not None:
        headers.append((b"cookie", cookie))
    if accept_language is not None:
        headers.append((b"accept-language", accept_language))
    if gzip:
        headers.append((b"accept-encoding", b"gzip, deflate"))
    return {"type": "http", "method": "GET", "path": path, "query_string": query, "headers": headers}


async def ask(app: Any, request: dict[str, Any]) -> tuple[int, bytes]:
    sent: list[dict[str, Any]] = []

    async def receive() -> dict[str, Any]:
        return {"type": "http.request", "body": b""}

    async def send(message: dict[str, Any]) -> None:
        sent.append(message)

    await app(request, receive, send)
    return sent[0]["status"], b"".join(m.get("body", b"") for m in sent[1:])


def cached(inner: CountingApp, ttl: float = 60) -> Any:
    return anonymous_read_cache_factory(ttl, "session")(inner)


@pytest.mark.asyncio
async def test_the_same_anonymous_read_is_answered_once() -> None:
    inner = CountingApp()
    app = cached(inner)
    answers = [await ask(app, scope("/api/store/products", b"page=1")) for _ in range(3)]
    assert answers == [(200, b'{"n":1}')] * 3
    assert inner.calls == 1


@pytest.mark.asyncio
async def test_another_query_path_or_encoding_is_never_given_a_kept_answer() -> None:
    inner = CountingApp()
    app = cached(inner)
    await ask(app, scope("/api/store/products", b"page=1"))
    assert await ask(app, scope("/api/store/products", b"page=2")) == (200, b'{"n":2}')
    assert await ask(app, scope("/api/store/products", b"page=1&search=fan")) == (200, b'{"n":3}')
    assert await ask(app, scope("/api/store/products/5")) == (200, b'{"n":4}')
    assert await ask(app, scope("/api/store/products", b"page=1", gzip=True)) == (200, b'{"n":5}')
    assert await ask(app, scope("/api/store/products", b"page=1")) == (200, b'{"n":1}')


@pytest.mark.asyncio
async def test_a_visitor_in_another_language_is_never_given_a_kept_answer() -> None:
    # Issue 53: a product first read in Hindi was replayed to English visitors (and the other way),
    # so a language switch left its category and M.R.P. saving in the first visitor's language.
    inner = CountingApp()
    app = cached(inner)
    assert await ask(app, scope("/api/store/products/1", cookie=b"lang=hi")) == (200, b'{"n":1}')
    assert await ask(app, scope("/api/store/products/1", cookie=b"lang=en")) == (200, b'{"n":2}')
    assert await ask(app, scope("/api/store/products/1")) == (200, b'{"n":2}')  # English by default
    assert await ask(app, scope("/api/store/products/1", accept_language=b"hi-IN,hi;q=0.9")) == (200, b'{"n":1}')
    # The cookie wins over the browser's languages, as the handler's own choice does.
    assert await ask(app, scope("/api/store/products/1", cookie=b"x=1; lang=en", accept_language=b"hi")) == (
        200,
        b'{"n":2}',
    )
    assert inner.calls == 2


@pytest.mark.asyncio
async def test_a_visitor_with_a_session_always_gets_their_own_answer() -> None:
    inner = CountingApp()
    app = cached(inner)
    await ask(app, scope("/api/store/products"))
    own = await ask(app, scope("/api/store/products", cookie=b"XSRF-TOKEN=x; session=abc"))
    assert own == (200, b'{"n":2}')
    # ...and that answer is not kept for anyone else either.
    assert await ask(app, scope("/api/store/products")) == (200, b'{"n":1}')
    # A cookie merely ending in "session" is not a session.
    assert await ask(app, scope("/api/store/products", cookie=b"mysession=1")) == (200, b'{"n":1}')


@pytest.mark.asyncio
async def test_cart_and_other_paths_are_never_kept() -> None:
    inner = CountingApp()
    app = cached(inner)
    for _ in range(2):
        await ask(app, scope("/api/store/cart"))
        await ask(app, scope("/api/session"))
    assert inner.calls == 4


@pytest.mark.parametrize("inner", [CountingApp(status=503), CountingApp(set_cookie=True)], ids=["failure", "cookie"])
@pytest.mark.asyncio
async def test_failures_and_answers_that_set_a_cookie_are_not_kept(inner: CountingApp) -> None:
    app = cached(inner)
    await ask(app, scope("/api/store/categories"))
    await ask(app, scope("/api/store/categories"))
    assert inner.calls == 2


@pytest.mark.asyncio
async def test_zero_seconds_passes_everything_through() -> None:
    inner = CountingApp()
    app = cached(inner, ttl=0)
    assert app is inner


@pytest.mark.asyncio
async def test_the_path_is_keyed_as_sent() -> None:
    # The request guard outside the app judges the path as sent, so two spellings of one path
    # never share an answer: each is judged (and answered) on its own.
    inner = CountingApp()
    app = cached(inner)
    plain = scope("/api/store/products", b"page=1")
    encoded = {**plain, "raw_path": b"/api/store/%70roducts"}
    assert await ask(app, plain) == (200, b'{"n":1}')
    assert await ask(app, encoded) == (200, b'{"n":2}')
    assert await ask(app, encoded) == (200, b'{"n":2}')
