"""Slow clients are cut off by the server's time-outs instead of holding a connection: granian's
header read time-out for headers, idle and silent connections; the gateway's request guard for
a body (a 408 JSON answer)."""

from __future__ import annotations

import json
import socket
import time
from collections.abc import Iterator

import httpx
import pytest

from tests.integration.served_gateway import read_until_closed, served_gateway

HEADER_TIMEOUT = 0.5
BODY_TIMEOUT = 0.5


@pytest.fixture(scope="module")
def port() -> Iterator[int]:
    env = {"REQUEST_HEADER_TIMEOUT": str(HEADER_TIMEOUT), "REQUEST_BODY_TIMEOUT": str(BODY_TIMEOUT)}
    with served_gateway(**env) as (_, served_port):
        yield served_port


def test_headers_that_never_finish_are_cut_off(port: int) -> None:
    """Granian's header read time-out (REQUEST_HEADER_TIMEOUT) closes the connection, unanswered."""
    with socket.create_connection(("127.0.0.1", port)) as sock:
        sock.sendall(b"GET /api/config HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
        data, took = read_until_closed(sock, 5)
    assert data == b""
    assert HEADER_TIMEOUT * 0.9 < took < HEADER_TIMEOUT + 1


def test_a_second_request_whose_headers_never_finish_is_cut_off_too(port: int) -> None:
    """On a kept-alive connection the deadline counts again once an answer has gone out: the next
    request's headers must be in within it."""
    with socket.create_connection(("127.0.0.1", port)) as sock:
        sock.sendall(b"GET /api/config HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        sock.settimeout(5)
        first = sock.recv(65536)
        while b"\r\n\r\n" not in first:
            first += sock.recv(65536)
        answered = time.monotonic()
        head, _, body = first.partition(b"\r\n\r\n")
        length = int(next(ln.split(b":")[1] for ln in head.split(b"\r\n") if ln.lower().startswith(b"content-length")))
        while len(body) < length:
            body += sock.recv(65536)
        assert head.startswith(b"HTTP/1.1 200")
        time.sleep(HEADER_TIMEOUT * 0.4)
        sock.sendall(b"GET /api/config HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
        data, _ = read_until_closed(sock, 5)
    assert data == b""
    assert time.monotonic() - answered < HEADER_TIMEOUT + 1


def test_a_connection_that_sends_nothing_is_closed(port: int) -> None:
    with socket.create_connection(("127.0.0.1", port)) as sock:
        data, took = read_until_closed(sock, 5)
    assert data == b""
    assert took < HEADER_TIMEOUT + 1


def test_an_idle_kept_alive_connection_is_closed(port: int) -> None:
    """No request after an answer: closed after the same time-out (granian has no other)."""
    with socket.create_connection(("127.0.0.1", port)) as sock:
        sock.sendall(b"GET /api/config HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        data, took = read_until_closed(sock, 5)
    assert data.startswith(b"HTTP/1.1 200")
    assert took < HEADER_TIMEOUT + 1


def test_a_body_that_never_finishes_is_cut_off_with_a_408(port: int) -> None:
    token = httpx.get(f"http://127.0.0.1:{port}/api/session").cookies["XSRF-TOKEN"]
    with socket.create_connection(("127.0.0.1", port)) as sock:
        sock.sendall(
            b"POST /api/site/newsletter HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
            + f"Cookie: XSRF-TOKEN={token}\r\nX-XSRF-TOKEN: {token}\r\n".encode()
            + b'Content-Length: 100\r\n\r\n{"email":'
        )
        data, took = read_until_closed(sock, 5)
    head, _, body = data.partition(b"\r\n\r\n")
    assert head.startswith(b"HTTP/1.1 408"), head
    assert json.loads(body)["error"]["code"] == "request_timeout"
    assert took < BODY_TIMEOUT + 1
