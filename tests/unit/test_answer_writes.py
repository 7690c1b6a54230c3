"""An answer leaves in one socket write: uvicorn's cycle, served by the gateway's protocol, over a
transport that records each write (what reaches the socket, one send() each)."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol
from uvicorn.server import ServerState

from gateway.security.slow_clients import HeaderDeadlineConfig, HeaderDeadlineProtocol

Scope = dict[str, Any]


class RecordingTransport(asyncio.Transport):
    def __init__(self) -> None:
        super().__init__()
        self.writes: list[bytes] = []
        self.closed = False

    def write(self, data: bytes | bytearray | memoryview) -> None:
        self.writes.append(bytes(data))

    def close(self) -> None:
        self.closed = True

    def is_closing(self) -> bool:
        return self.closed

    def get_extra_info(self, name: str, default: Any = None) -> Any:
        return {"peername": ("127.0.0.1", 50000), "sockname": ("127.0.0.1", 8000)}.get(name, default)

    def pause_reading(self) -> None:
        pass

    def resume_reading(self) -> None:
        pass


async def hello(scope: Scope, receive: Any, send: Any) -> None:
    if scope["type"] != "http":
        return
    body = b'{"hello":"world"}'
    await send(
        {"type": "http.response.start", "status": 200, "headers": [(b"content-length", str(len(body)).encode())]}
    )
    await send({"type": "http.response.body", "body": body})


async def echo(scope: Scope, receive: Any, send: Any) -> None:
    message = await receive()
    body = message["body"]
    await send(
        {"type": "http.response.start", "status": 200, "headers": [(b"content-length", str(len(body)).encode())]}
    )
    await send({"type": "http.response.body", "body": body})


async def streamed(scope: Scope, receive: Any, send: Any) -> None:
    await send({"type": "http.response.start", "status": 200, "headers": [(b"content-length", b"6")]})
    await send({"type": "http.response.body", "body": b"abc", "more_body": True})
    await asyncio.sleep(0)
    await send({"type": "http.response.body", "body": b"def"})


async def fails_after_start(scope: Scope, receive: Any, send: Any) -> None:
    await send({"type": "http.response.start", "status": 200, "headers": [(b"content-length", b"10")]})
    raise RuntimeError("the handler broke after starting its answer")


async def exchange(app: Any, request: bytes, *, then: bytes = b"") -> RecordingTransport:
    """Serve `request` (and `then`, once the app waits for it) on one connection; wait for the answer."""
    config = HeaderDeadlineConfig(app, request_header_timeout=5, log_config=None, lifespan="off")
    config.load()
    protocol = HeaderDeadlineProtocol(config, ServerState(), {})
    transport = RecordingTransport()
    protocol.connection_made(transport)
    protocol.data_received(request)
    for _ in range(20):
        await asyncio.sleep(0)
    if then:
        protocol.data_received(then)
    await asyncio.wait_for(asyncio.gather(*protocol.tasks), 5)
    protocol.connection_lost(None)
    return transport


def head_and_body(data: bytes) -> tuple[bytes, bytes]:
    head, _, body = data.partition(b"\r\n\r\n")
    return head, body


async def test_an_answer_is_one_write_of_its_head_and_body() -> None:
    transport = await exchange(hello, b"GET / HTTP/1.1\r\nHost: x\r\n\r\n")
    assert len(transport.writes) == 1
    head, body = head_and_body(transport.writes[0])
    assert head.startswith(b"HTTP/1.1 200 OK")
    assert body == b'{"hello":"world"}'


async def test_two_requests_on_one_connection_are_two_writes() -> None:
    transport = await exchange(hello, b"GET / HTTP/1.1\r\nHost: x\r\n\r\n" * 2)
    assert [head_and_body(w)[1] for w in transport.writes] == [b'{"hello":"world"}'] * 2


async def test_a_head_request_gets_its_head_though_no_body_is_written() -> None:
    transport = await exchange(hello, b"HEAD / HTTP/1.1\r\nHost: x\r\n\r\n")
    assert len(transport.writes) == 1
    head, body = head_and_body(transport.writes[0])
    assert head.startswith(b"HTTP/1.1 200 OK") and b"content-length: 17" in head
    assert body == b""


async def test_100_continue_goes_out_before_the_answer_and_alone() -> None:
    request = b"POST / HTTP/1.1\r\nHost: x\r\nExpect: 100-continue\r\nContent-Length: 4\r\n\r\n"
    transport = await exchange(echo, request, then=b"ping")
    assert transport.writes[0] == b"HTTP/1.1 100 Continue\r\n\r\n"
    assert len(transport.writes) == 2
    assert head_and_body(transport.writes[1])[1] == b"ping"


async def test_a_streamed_answer_sends_its_head_with_the_first_part() -> None:
    transport = await exchange(streamed, b"GET / HTTP/1.1\r\nHost: x\r\n\r\n")
    assert [head_and_body(transport.writes[0])[1], *transport.writes[1:]] == [b"abc", b"def"]


async def test_a_head_still_held_goes_out_before_the_connection_closes() -> None:
    transport = await exchange(fails_after_start, b"GET / HTTP/1.1\r\nHost: x\r\n\r\n")
    assert transport.closed
    assert len(transport.writes) == 1 and transport.writes[0].startswith(b"HTTP/1.1 200 OK")


async def test_without_the_protocol_uvicorn_writes_head_and_body_apart(monkeypatch: pytest.MonkeyPatch) -> None:
    """What the protocol changes: uvicorn's own cycle makes two writes of the same answer."""
    monkeypatch.setattr(HeaderDeadlineProtocol, "on_headers_complete", HttpToolsProtocol.on_headers_complete)
    transport = await exchange(hello, b"GET / HTTP/1.1\r\nHost: x\r\n\r\n")
    assert len(transport.writes) == 2
