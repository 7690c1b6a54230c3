import json
import re
from typing import Any

import pytest
import structlog

from gateway.plumbing.logging import configure_logging
from india.mobile_numbers import mask_mobile


@pytest.mark.parametrize(
    ("text", "masked"),
    [
        ("9876543210", "98xxxxxx10"),
        ("/api/store/cart/9876543210", "/api/store/cart/98xxxxxx10"),
        ("call 9123456780 now", "call 91xxxxxx80 now"),
        ("12345", "12345"),
        ("a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6", "a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6"),
        ("req-0123456789abcdef", "req-0123456789abcdef"),
    ],
)
def test_mobile_numbers_are_masked(text: str, masked: str) -> None:
    assert mask_mobile(text) == masked


def test_log_lines_are_json_with_numbers_masked_and_secrets_dropped(capsys: pytest.CaptureFixture[str]) -> None:
    configure_logging("INFO", json=True)
    structlog.get_logger("t").info("otp_sent", mobile="9876543210", otp="123456", access_token="tok-abc")
    line = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert line["event"] == "otp_sent"
    assert line["mobile"] == "98xxxxxx10"
    assert line["otp"] == "[redacted]"
    assert line["access_token"] == "[redacted]"
    assert "tok-abc" not in json.dumps(line)


def test_standard_library_lines_share_the_json_format(capsys: pytest.CaptureFixture[str]) -> None:
    import logging

    configure_logging("INFO", json=True)
    logging.getLogger("uvicorn.error").warning("client 9876543210 went away")
    line = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert line["logger"] == "uvicorn.error"
    assert line["level"] == "warning"
    assert line["event"] == "client 98xxxxxx10 went away"


async def test_one_access_line_a_request_to_stdout_as_it_is_when_the_request_ends(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import io
    from typing import Any

    from gateway.plumbing.logging import request_log_middleware

    async def app(scope: Any, receive: Any, send: Any) -> None:
        await send({"type": "http.response.start", "status": 201, "headers": []})
        await send({"type": "http.response.body", "body": b"{}"})

    configure_logging("INFO", json=True)
    logged = request_log_middleware(app)  # its logger is kept from here on
    later = io.StringIO()
    monkeypatch.setattr("sys.stdout", later)
    sent: list[Any] = []

    async def send(message: Any) -> None:
        sent.append(message)

    async def receive() -> Any:
        return {"type": "http.request", "body": b""}

    scope = {"type": "http", "method": "POST", "path": "/api/cart/9876543210", "headers": []}
    await logged(scope, receive, send)
    lines = [json.loads(line) for line in later.getvalue().splitlines()]
    assert [(line["event"], line["status"], line["path"]) for line in lines] == [
        ("request", 201, "/api/cart/98xxxxxx10")
    ]
    assert (b"x-request-id", lines[0]["request_id"].encode()) in sent[0]["headers"]


async def _one_request(headers: list[tuple[bytes, bytes]], level: str, json_lines: bool) -> tuple[str, list[Any]]:
    import io
    import sys

    from gateway.plumbing.logging import request_log_middleware

    async def app(scope: Any, receive: Any, send: Any) -> None:
        await send({"type": "http.response.start", "status": 200, "headers": []})
        await send({"type": "http.response.body", "body": b"{}"})

    configure_logging(level, json=json_lines)
    logged = request_log_middleware(app)
    out, sent = io.StringIO(), []
    before, sys.stdout = sys.stdout, out

    async def send(message: Any) -> None:
        sent.append(message)

    async def receive() -> Any:
        return {"type": "http.request", "body": b""}

    try:
        await logged(
            {"type": "http", "method": "GET", "path": "/api/store/products", "headers": headers}, receive, send
        )
    finally:
        sys.stdout = before
    return out.getvalue(), sent


async def test_the_access_line_has_the_keys_every_line_has_and_masks_a_request_id_holding_a_number() -> None:
    out, sent = await _one_request([(b"x-request-id", b"req-9876543210")], "INFO", json_lines=True)
    line = json.loads(out)
    assert list(line) == ["method", "path", "status", "ms", "event", "request_id", "trace_id", "level", "timestamp"]
    assert (line["event"], line["level"], line["status"]) == ("request", "info", 200)
    assert line["request_id"] == "req-98xxxxxx10"
    assert re.fullmatch(r"[0-9a-f]{32}", line["trace_id"])  # a W3C trace id, made: one goes upstream
    assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z", line["timestamp"])
    assert (b"x-request-id", b"req-9876543210") in sent[0]["headers"]  # the caller gets its own id back


async def test_no_access_line_above_info_and_a_readable_one_on_a_terminal() -> None:
    out, _ = await _one_request([], "WARNING", json_lines=True)
    assert out == ""
    out, _ = await _one_request([], "INFO", json_lines=False)
    assert "request" in out and "path=/api/store/products" in out and "status=200" in out and "request_id=" in out


async def test_a_line_logged_during_a_request_carries_its_id_and_one_after_it_does_not(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from gateway.plumbing.logging import request_log_middleware

    async def app(scope: Any, receive: Any, send: Any) -> None:
        structlog.get_logger("gateway.test").info("inside")
        await send({"type": "http.response.start", "status": 200, "headers": []})
        await send({"type": "http.response.body", "body": b"{}"})

    async def send(message: Any) -> None:
        pass

    async def receive() -> Any:
        return {"type": "http.request", "body": b""}

    configure_logging("INFO", json=True)
    logged = request_log_middleware(app)
    await logged({"type": "http", "method": "GET", "path": "/api/config", "headers": []}, receive, send)
    structlog.get_logger("gateway.test").info("after")
    lines = {line["event"]: line for line in map(json.loads, capsys.readouterr().out.splitlines())}
    assert lines["inside"]["request_id"] == lines["request"]["request_id"]
    assert "request_id" not in lines["after"]


def test_held_lines_are_written_within_the_hold_and_at_once_when_the_hold_ends(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import io
    import threading

    from gateway.plumbing.logging import hold_log_lines

    class Stdout(io.StringIO):
        """Tells each write as it happens, so the test waits on the write itself."""

        def __init__(self) -> None:
            super().__init__()
            self.wrote = threading.Event()

        def write(self, text: str) -> int:
            written = super().write(text)
            self.wrote.set()
            return written

    out = Stdout()
    monkeypatch.setattr("sys.stdout", out)
    configure_logging("INFO", json=True)
    log = structlog.get_logger("t")
    hold_log_lines(0.05)
    try:
        log.info("first_held")
        # The flusher writes it on its own; a loaded machine may be slow to run it.
        assert out.wrote.wait(timeout=10)
        assert "first_held" in out.getvalue()
        log.info("second_held")
    finally:
        hold_log_lines(0)  # writes what is held
    assert "second_held" in out.getvalue()
    log.info("not_held")
    assert json.loads(out.getvalue().splitlines()[-1])["event"] == "not_held"  # written with the call
