import json

import pytest
import structlog

from gateway.logging import configure_logging, mask_mobile


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

    from gateway.logging import request_log_middleware

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
