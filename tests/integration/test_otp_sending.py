"""Code sending through the whole gateway: the client each cap counts, failed sends, code lifetime."""

from __future__ import annotations

from collections.abc import Callable
from types import SimpleNamespace

import httpx
import pytest

import gateway.otp.sender as sender_module
from gateway.app import create_app
from gateway.otp.limits import TOO_MANY_SENDS
from gateway.otp.sender import EXPIRED
from gateway.settings import OtpLimits, Settings
from tests.conftest import GatewayClient

LB = "10.0.0.2"


async def send_from(app: object, peer: str, mobile: str, forwarded_for: str | None) -> int:
    """One visitor's send, as seen by the gateway from TCP peer `peer`."""
    transport = httpx.ASGITransport(app=app, client=(peer, 40000))  # type: ignore[arg-type]
    async with httpx.AsyncClient(transport=transport, base_url="http://127.0.0.1:8000") as browser:
        await browser.get("/api/session")
        headers = {"X-XSRF-TOKEN": browser.cookies["XSRF-TOKEN"]}
        if forwarded_for:
            headers["X-Forwarded-For"] = forwarded_for
        answer = await browser.post("/api/store/otp", json={"mobileNumber": mobile}, headers=headers)
        return answer.status_code


def capped(make_settings: Callable[..., Settings], **overrides: object) -> Settings:
    limits = OtpLimits(resend_seconds=0, sends_per_client_per_hour=2)
    return make_settings(otp=limits, **overrides)


async def test_a_spoofed_forwarded_for_from_an_untrusted_peer_changes_nothing(
    make_settings: Callable[..., Settings],
) -> None:
    app = create_app(capped(make_settings, trusted_proxies=LB))
    assert await send_from(app, "203.0.113.9", "9000000001", "198.51.100.1") == 200
    assert await send_from(app, "203.0.113.9", "9000000002", "198.51.100.2") == 200
    assert await send_from(app, "203.0.113.9", "9000000003", "198.51.100.3") == 429


async def test_through_a_trusted_proxy_each_client_has_its_own_bucket(make_settings: Callable[..., Settings]) -> None:
    app = create_app(capped(make_settings, trusted_proxies=LB))
    assert await send_from(app, LB, "9000000001", "198.51.100.1") == 200
    assert await send_from(app, LB, "9000000002", "198.51.100.1") == 200
    assert await send_from(app, LB, "9000000003", "198.51.100.1") == 429
    # another shop behind the same load balancer is not held up; a forged left part is ignored
    assert await send_from(app, LB, "9000000004", "198.51.100.1, 198.51.100.2") == 200


def fail_next_send(client: GatewayClient) -> None:
    scenario = {"mock": "lending", "path": "sendOtp", "status": 500, "times": 1}
    assert client.post("/_mocks/scenarios", json=scenario).status_code == 201


def send(client: GatewayClient, mobile: str = "9876543210") -> httpx.Response:
    return client.post("/api/portal/otp", json={"mobileNumber": mobile}, headers=client.xsrf())


def test_a_send_the_upstream_failed_may_be_retried_at_once(client: GatewayClient) -> None:
    fail_next_send(client)
    assert send(client).status_code == 503
    retried = send(client)
    assert retried.status_code == 200, retried.text
    assert send(client).status_code == 429  # a delivered code does start the interval


def test_failed_sends_still_count_against_the_hourly_cap(
    make_client: Callable[[Settings], GatewayClient], make_settings: Callable[..., Settings]
) -> None:
    client = make_client(make_settings(otp=OtpLimits(resend_seconds=60, sends_per_number_per_hour=2)))
    for _ in range(2):
        fail_next_send(client)
        assert send(client).status_code == 503
    refused = send(client)
    assert refused.status_code == 429
    assert refused.json()["error"]["message"] == TOO_MANY_SENDS


@pytest.mark.parametrize(("elapsed", "expired"), [(599, False), (601, True)])
def test_the_gateway_refuses_a_code_older_than_its_lifetime(
    client: GatewayClient, monkeypatch: pytest.MonkeyPatch, elapsed: int, expired: bool
) -> None:
    mobile = "9876543210"
    assert send(client, mobile).status_code == 200
    code = client.otp_for(mobile)
    sent = client.get(f"/_mocks/lending/outbox/{mobile}").json()["sentAt"]
    monkeypatch.setattr(sender_module, "time", SimpleNamespace(time=lambda: sent + elapsed))
    answer = client.post("/api/portal/otp/verify", json={"mobileNumber": mobile, "otp": code}, headers=client.xsrf())
    if expired:
        assert answer.status_code == 422
        assert answer.json()["error"] == {"code": "code_expired", "message": EXPIRED, "field": "otp"}
    else:
        assert answer.status_code == 200, answer.text


def test_qa_lists_the_codes_waiting_newest_first_and_one_numbers_alone(client: GatewayClient) -> None:
    assert send(client, "9000000011").status_code == 200
    assert send(client, "9000000012").status_code == 200
    listed = client.get("/_mocks/lending/outbox").json()
    assert [entry["mobileNumber"] for entry in listed][:2] == ["9000000012", "9000000011"]
    assert listed[0]["otp"] == client.otp_for("9000000012")
    alone = client.get("/_mocks/lending/outbox", params={"mobile": "9000000011"}).json()
    assert [entry["otp"] for entry in alone] == [client.otp_for("9000000011")]
