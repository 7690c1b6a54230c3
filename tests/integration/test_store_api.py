"""The store API through the in-process mocks: list, login, cart rules, address, hand-over, draft."""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal
from typing import Any

from tests.conftest import GatewayClient
from upstream_mocks.catalogue.seed import products

STORE_USER = "9876543210"
SEED = {p.id: p for p in products()}


def catalogue_calls(client: GatewayClient, path: str) -> list[dict[str, Any]]:
    entries: list[dict[str, Any]] = client.get("/_mocks/journal", params={"mock": "catalogue"}).json()
    return [e for e in entries if e["path"].strip("/") == path]


def log_in(client: GatewayClient, mobile: str = STORE_USER) -> dict[str, Any]:
    sent = client.post("/api/store/otp", json={"mobileNumber": mobile}, headers=client.xsrf())
    assert sent.status_code == 200, sent.text
    verified = client.post(
        "/api/store/otp/verify", json={"mobileNumber": mobile, "otp": client.otp_for(mobile)}, headers=client.xsrf()
    )
    assert verified.status_code == 200, verified.text
    answer: dict[str, Any] = verified.json()
    return answer


def app_token(client: GatewayClient, mobile: str = STORE_USER) -> tuple[str, str]:
    """What the native app holds after its own login with the catalogue service."""
    client.post("/_mocks/lending/sendOtp", json={"mobileNumber": mobile})
    answer = client.post(
        "/_mocks/catalogue/verifyOtp",
        json={
            "mobileNumber": mobile,
            "otp": client.otp_for(mobile),
            "platform": "APP",
            "userType": "USER",
            "businessType": 1,
        },
    ).json()
    return str(answer["data"][0]["userId"]), str(answer["accessToken"])


def money(value: Decimal) -> str:
    """An amount as the store API writes it: an exact decimal string with 2 decimals."""
    return str(value.quantize(Decimal("0.01"), rounding=ROUND_HALF_UP))


def test_the_list_pages_by_twelve_searches_and_needs_no_login(client: GatewayClient) -> None:
    first = client.get("/api/store/products").json()
    assert [p["id"] for p in first["records"]] == list(range(1, 13))
    assert first["hasMore"] is True and first["pageSize"] == 12
    assert all(p["quantity"] == 0 for p in first["records"])
    assert first["records"][0]["productName"] == SEED[1].product_name

    found = client.get("/api/store/products", params={"search": "led bul"}).json()
    names = [p["productName"] for p in found["records"]]
    assert len(names) == 12 and all("led" in n.lower() for n in names)
    rest = client.get("/api/store/products", params={"search": "led bul", "page": 2}).json()
    assert 0 < len(rest["records"]) < 12 and rest["hasMore"] is False

    assert client.get("/api/store/products", params={"page": 0}).status_code == 400
    assert client.get("/api/store/products/9999").status_code == 404
    detail = client.get("/api/store/products/2").json()
    assert detail["productName"] == SEED[2].product_name and detail["quantity"] == 0


def test_cart_calls_need_a_store_login_and_the_xsrf_header(client: GatewayClient) -> None:
    assert client.get("/api/store/cart").status_code == 401
    assert client.get("/api/addresses").status_code == 401
    assert client.get("/api/store/brands").json() == []
    assert client.post("/api/store/cart/items/1/increment", headers=client.xsrf()).status_code == 401
    assert client.post("/api/store/cart/items/1/decrement", headers=client.xsrf()).status_code == 401
    log_in(client)
    assert client.post("/api/store/cart/items/1/increment").status_code == 403  # no X-XSRF-TOKEN


def test_store_login_rotates_the_session_and_keeps_the_token_server_side(client: GatewayClient) -> None:
    client.post("/api/store/otp", json={"mobileNumber": STORE_USER}, headers=client.xsrf())
    before = client.cookies.get("session")
    wrong = client.post(
        "/api/store/otp/verify", json={"mobileNumber": STORE_USER, "otp": "000001"}, headers=client.xsrf()
    )
    if client.otp_for(STORE_USER) != "000001":
        assert wrong.status_code == 422
        assert wrong.json()["error"]["message"] == "Invalid OTP. Please try again."
    client.post("/api/store/otp", json={"mobileNumber": STORE_USER}, headers=client.xsrf())
    otp = client.otp_for(STORE_USER)
    answer = client.post("/api/store/otp/verify", json={"mobileNumber": STORE_USER, "otp": otp}, headers=client.xsrf())
    assert answer.status_code == 200
    assert answer.json() == {
        "message": "OTP verified successfully!",
        "verified": True,
        "mobileNumber": STORE_USER,
        "via": "otp",
    }
    assert client.cookies.get("session") not in (None, before)
    assert client.get("/api/session").json()["store"] == {
        "verified": True,
        "mobileNumber": STORE_USER,
        "via": "otp",
        "userName": "Ramesh Kumar",  # the lender's name: the same login holds the portal
    }
    verify_body = catalogue_calls(client, "verifyOtp")[-1]["body"]
    assert verify_body == {
        "mobileNumber": STORE_USER,
        "otp": otp,
        "platform": "WEB",
        "userType": "USER",
        "businessType": 1,
    }
    assert "cat-" not in answer.text and all("cat-" not in v for v in client.cookies.values())


def test_invalid_inputs_get_the_specification_messages(client: GatewayClient) -> None:
    bad_mobile = client.post("/api/store/otp", json={"mobileNumber": "12345"}, headers=client.xsrf())
    assert bad_mobile.status_code == 400
    assert bad_mobile.json()["error"]["message"] == "Please enter a valid 10-digit mobile number."
    bad_code = client.post(
        "/api/store/otp/verify", json={"mobileNumber": STORE_USER, "otp": "12"}, headers=client.xsrf()
    )
    assert bad_code.json()["error"]["message"] == "Please enter a valid 6-digit OTP."
    no_code = client.post(
        "/api/store/otp/verify", json={"mobileNumber": STORE_USER, "otp": "123456"}, headers=client.xsrf()
    )
    assert no_code.status_code == 422


def test_cart_rules_end_to_end_through_the_mock(client: GatewayClient) -> None:
    log_in(client)
    assert client.get("/api/store/cart").json() == {"items": [], "count": 0, "subtotal": "0.00", "saving": "0.00"}

    client.post("/api/store/cart/items/5/increment", headers=client.xsrf())
    client.post("/api/store/cart/items/5/increment", headers=client.xsrf())
    cart = client.put("/api/store/cart/items/7", json={"quantity": 3}, headers=client.xsrf()).json()
    assert cart["count"] == 5
    assert [(i["productId"], i["quantity"]) for i in cart["items"]] == [(5, 2), (7, 3)]
    expected = {pid: SEED[pid].mrp_with_cash_discount * q for pid, q in ((5, 2), (7, 3))}
    assert [i["linePrice"] for i in cart["items"]] == [money(expected[5]), money(expected[7])]
    assert cart["subtotal"] == money(expected[5] + expected[7])
    assert [e["body"]["distributorId"] for e in catalogue_calls(client, "electrician/addCart")] == [
        SEED[5].distributor_id,
        SEED[7].distributor_id,
    ]

    listed = {p["id"]: p["quantity"] for p in client.get("/api/store/products").json()["records"]}
    assert (listed[5], listed[7], listed[1]) == (2, 3, 0)
    assert client.get("/api/store/products/7").json()["quantity"] == 3

    cart = client.post("/api/store/cart/items/7/decrement", headers=client.xsrf()).json()
    assert cart["count"] == 4
    cart = client.post("/api/store/cart/items/9/decrement", headers=client.xsrf()).json()
    assert cart["count"] == 4  # not in the cart: nothing to take away
    assert [e["body"]["productId"] for e in catalogue_calls(client, "electrician/updateCart")] == [5, 7]

    client.put("/api/store/cart/items/5", json={"quantity": 0}, headers=client.xsrf())
    cart = client.put("/api/store/cart/items/7", json={"quantity": 0}, headers=client.xsrf()).json()
    assert cart == {"items": [], "count": 0, "subtotal": "0.00", "saving": "0.00"}
    assert client.put("/api/store/cart/items/7", json={"quantity": -1}, headers=client.xsrf()).status_code == 400
    assert client.post("/api/store/cart/items/9999/increment", headers=client.xsrf()).status_code == 404


def test_brands_and_the_last_used_address(client: GatewayClient) -> None:
    log_in(client)
    brands = client.get("/api/store/brands").json()
    assert len(brands) >= 8 and all(b["logo"].startswith("/_mocks/catalogue/media/brands/") for b in brands)
    assert client.get(brands[0]["logo"]).headers["content-type"].startswith("image/svg+xml")
    first = client.get("/api/addresses").json()["addresses"][0]
    assert first["lastUsed"] is True and first["city"] == "Gurugram"


def test_an_unknown_verified_number_becomes_a_new_store_user(client: GatewayClient) -> None:
    log_in(client, "9000000001")
    assert client.get("/api/store/cart").json()["count"] == 0
    assert client.get("/api/addresses").json()["addresses"] == []
    cart = client.post("/api/store/cart/items/3/increment", headers=client.xsrf()).json()
    assert cart["count"] == 1


def test_the_routes_no_screen_called_are_gone(client: GatewayClient) -> None:
    # The desktop order draft and the selected address: the checkout (/api/checkout/...) does both.
    log_in(client)
    assert client.get("/api/store/address").status_code == 404
    assert client.post("/api/store/order-draft", json={"paymentType": "loan"}, headers=client.xsrf()).status_code == 404


def test_native_hand_over_is_checked_with_the_catalogue(client: GatewayClient) -> None:
    user_id, token = app_token(client)
    forged = client.post(
        "/api/store/native-session",
        json={"userId": user_id, "token": "forged", "verified": True},
        headers=client.xsrf(),
    )
    assert forged.status_code == 401
    other = client.post(
        "/api/store/native-session", json={"userId": "2002", "token": token, "verified": True}, headers=client.xsrf()
    )
    assert other.status_code == 401  # a real token, but another user's id
    unverified = client.post(
        "/api/store/native-session", json={"userId": user_id, "token": token, "verified": False}, headers=client.xsrf()
    )
    assert unverified.status_code == 401
    assert client.get("/api/session").json()["store"] is None

    answer = client.post(
        "/api/store/native-session", json={"userId": user_id, "token": token, "verified": True}, headers=client.xsrf()
    )
    assert answer.status_code == 200 and token not in answer.text
    assert client.get("/api/session").json()["store"]["via"] == "native"
    assert client.post("/api/store/cart/items/2/increment", headers=client.xsrf()).json()["count"] == 1


def test_a_token_the_catalogue_stops_accepting_ends_the_store_login(client: GatewayClient) -> None:
    log_in(client)
    client.post("/_mocks/reset")  # the catalogue forgets every token it issued
    expired = client.get("/api/store/cart")
    assert expired.status_code == 401
    assert expired.json()["error"]["code"] == "session_expired"
    assert client.get("/api/session").json()["store"] is None
