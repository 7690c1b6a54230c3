"""The storefront scaled out: a store login made on one replica carries the cart on the other
(sessions in the shared Redis, the catalogue mock on its own port)."""

from __future__ import annotations

from tests.conftest import GatewayClient

STORE_USER = "9876543210"


def test_a_store_login_and_its_cart_hold_across_replicas(replicas: tuple[GatewayClient, GatewayClient]) -> None:
    a, b = replicas
    assert a.post("/api/store/otp", json={"mobileNumber": STORE_USER}, headers=a.xsrf()).status_code == 200
    verified = a.post(
        "/api/store/otp/verify", json={"mobileNumber": STORE_USER, "otp": a.otp_for(STORE_USER)}, headers=a.xsrf()
    )
    assert verified.status_code == 200, verified.text

    b.cookies = a.cookies
    assert b.get("/api/session").json()["store"]["mobileNumber"] == STORE_USER
    added = b.post("/api/store/cart/items/6/increment", headers=a.xsrf())
    assert added.status_code == 200 and added.json()["count"] == 1
    assert a.get("/api/store/cart").json()["items"][0]["productId"] == 6
    assert b.delete("/api/session/store", headers=a.xsrf()).status_code == 204
    assert a.get("/api/store/cart").status_code == 401
