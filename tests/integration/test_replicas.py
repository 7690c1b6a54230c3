"""Scaled out: two gateway replicas sharing one Redis and one set of upstreams (the mocks on
their own port, as in compose.yaml). A login made on one replica works on the other, and the
code-abuse limits hold across both."""

from __future__ import annotations

from tests.conftest import GatewayClient

RAMESH = "9876543210"


def test_a_login_on_one_replica_holds_on_the_other(replicas: tuple[GatewayClient, GatewayClient]) -> None:
    a, b = replicas
    assert a.post("/api/portal/otp", json={"mobileNumber": RAMESH}, headers=a.xsrf()).status_code == 200
    verified = a.post(
        "/api/portal/otp/verify", json={"mobileNumber": RAMESH, "otp": a.otp_for(RAMESH)}, headers=a.xsrf()
    )
    assert verified.status_code == 200, verified.text

    # The browser's cookies go to whichever replica the load balancer picks next.
    b.cookies = a.cookies
    assert b.get("/api/session").json()["portal"]["userName"] == "Ramesh Kumar"
    assert b.get("/api/portal/repayment").json()["remainingAmount"] == "12450.00"
    # The XSRF token made on one replica is accepted by the other (same SECRET_KEY).
    assert b.delete("/api/session/portal", headers=a.xsrf()).status_code == 204
    assert a.get("/api/session").json()["portal"] is None


def test_the_resend_interval_holds_across_replicas(replicas: tuple[GatewayClient, GatewayClient]) -> None:
    a, b = replicas
    assert a.post("/api/portal/otp", json={"mobileNumber": RAMESH}, headers=a.xsrf()).status_code == 200
    again = b.post("/api/portal/otp", json={"mobileNumber": RAMESH}, headers=b.xsrf())
    assert again.status_code == 429
    assert int(again.headers["retry-after"]) > 0
