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
