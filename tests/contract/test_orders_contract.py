"""contracts/orders.openapi.yaml vs the orders mock (and the lending creditLimit call).

Real requests to the in-process suite, with the mocks' own contract checks on, and every
answer validated again here with openapi-core.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable, Iterator
from contextlib import AbstractAsyncContextManager
from decimal import Decimal
from typing import Any

import httpx
import msgspec
import pytest
from litestar.testing import TestClient

from gateway.upstreams.http import UpstreamHttp
from gateway.upstreams.lenders.native.credit import CreditClient
from gateway.upstreams.orders import (
    AddressInput,
    Business,
    LineInput,
    OrdersClient,
    OrdersRefused,
    PlaceRequest,
    QuoteRequest,
)
from tests.contract.conftest import Recorded, RecordingMock, as_contract, assert_conforms, contract_for
from upstream_mocks.catalogue.seed import StoreUser, products
from upstream_mocks.contract import Contract
from upstream_mocks.suite import create_suite

SEED_NAMES = {p.id: p.product_name for p in products()}
RAMESH_TOKEN = "cat-test-ramesh"  # store user 2001, overdue at the lender
SUNITA_TOKEN = "cat-test-sunita"  # store user 7100, nothing owed
ONE_HOUR_ADDRESS = {
    "name": "Ramesh Kumar",
    "mobileNumber": "9876543210",
    "address1": "Plot 44, Sector 18",
    "address2": "Near Metro Station",
    "pincode": "122103",
}


@pytest.fixture(scope="module")
def contract() -> Contract:
    return contract_for("orders")


@pytest.fixture
def suite() -> Iterator[TestClient[Any]]:
    app = create_suite(check_contracts=True)
    world = app.state.world
    world.states["catalogue"].tokens[RAMESH_TOKEN] = 2001
    world.states["catalogue"].users["9123456780"] = StoreUser(user_id=7100, mobile_number="9123456780", user_name="")
    world.states["catalogue"].tokens[SUNITA_TOKEN] = 7100
    with TestClient(app, base_url="http://mocks.internal/_mocks/") as client:
        yield client


def conforms(contract: Contract, response: httpx.Response) -> httpx.Response:
    assert_conforms(contract, [(response.request, response)])
    return response


def bearer(token: str, key: str | None = None) -> dict[str, str]:
    headers = {"authorization": f"Bearer {token}"}
    return headers | ({"idempotency-key": key} if key else {})


def order_body(user_id: int = 2001, method: str = "cod", **extra: Any) -> dict[str, Any]:
    return {
        "userId": user_id,
        "lines": [{"productId": 1, "quantity": 2}, {"productId": 5, "quantity": 1}],
        "address": ONE_HOUR_ADDRESS,
        "paymentMethod": method,
        **extra,
    }


def quote(contract: Contract, suite: TestClient[Any], token: str = RAMESH_TOKEN, **body: Any) -> dict[str, Any]:
    answer = conforms(
        contract, suite.post("orders/electrician/order/quote", json=order_body(**body), headers=bearer(token))
    )
    assert answer.status_code == 200, answer.text
    data: dict[str, Any] = answer.json()["data"]
    return data


def test_pin_codes_answer_place_and_promise(contract: Contract, suite: TestClient[Any]) -> None:
    one_hour = conforms(contract, suite.get("orders/electrician/pincode/400003")).json()["data"]
    assert (one_hour["city"], one_hour["state"], one_hour["serviceability"]) == ("Mumbai", "Maharashtra", "oneHour")
    assert suite.post("clock", json={"at": "2026-11-27T02:50:00+05:30"}).status_code == 200
    closed = conforms(contract, suite.get("orders/electrician/pincode/400003")).json()["data"]
    assert closed["delivery"]["type"] == "nextOpening" and closed["hours"]["openNow"] is False
    standard = conforms(contract, suite.get("orders/electrician/pincode/411001")).json()["data"]
    assert standard["serviceability"] == "standard" and standard["delivery"]["type"] == "standard"
    far = conforms(contract, suite.get("orders/electrician/pincode/600001")).json()["data"]
    assert far["serviceability"] == "notServiceable" and far["delivery"] is None
    unknown = conforms(contract, suite.get("orders/electrician/pincode/999999"))
    assert unknown.status_code == 404 and unknown.json()["data"]["reason"] == "pincode_unknown"
    assert conforms(contract, suite.get("orders/electrician/pincode/12AB56")).status_code == 400


def test_a_quote_prices_lines_gst_and_the_small_order_fees(contract: Contract, suite: TestClient[Any]) -> None:
    assert suite.post("clock", json={"at": "2026-11-27T12:00:00+05:30"}).status_code == 200  # open
    data = quote(contract, suite)
    charges = {k: Decimal(v) for k, v in data["charges"].items()}
    lines = data["lines"]
    assert charges["subtotal"] == sum(Decimal(line["lineTotal"]) for line in lines)
    for line in lines:  # catalogue prices include GST; the invoice splits it out per line
        assert Decimal(line["lineTotal"]) == Decimal(line["unitPrice"]) * line["quantity"]
        assert Decimal(line["taxableAmount"]) + Decimal(line["gstAmount"]) == Decimal(line["lineTotal"])
    # The fees are a service taxed at 18% inside them (79 x 18/118 = 12.0508: Rs. 12.05; 20: Rs. 3.05),
    # as the invoice taxes them.
    assert charges["gstTotal"] == sum(Decimal(line["gstAmount"]) for line in lines) + Decimal("12.05") + Decimal("3.05")
    assert charges["taxableTotal"] == charges["total"] - charges["gstTotal"]
    # Gurugram (Haryana) from the Gurugram dark store: CGST and SGST, no IGST.
    assert charges["igst"] == 0 and charges["cgst"] + charges["sgst"] == charges["gstTotal"]
    assert charges["subtotal"] < Decimal("1199")
    assert (charges["convenienceFee"], charges["platformFee"]) == (Decimal("79.00"), Decimal("20.00"))
    assert charges["total"] == charges["subtotal"] + Decimal("99.00")
    assert charges["shortOfNoFees"] == charges["feeThreshold"] - charges["subtotal"]
    assert data["delivery"]["type"] == "oneHour" and data["address"]["state"] == "Haryana"

    big = quote(contract, suite, lines=[{"productId": 4, "quantity": 2}])  # FR wire, above Rs. 1199
    assert Decimal(big["charges"]["subtotal"]) >= Decimal("1199")
    assert (big["charges"]["convenienceFee"], big["charges"]["platformFee"]) == ("0.00", "0.00")


def test_refusals_name_their_reason(contract: Contract, suite: TestClient[Any]) -> None:
    def refused(body: dict[str, Any]) -> tuple[int, str, str]:
        answer = conforms(
            contract, suite.post("orders/electrician/order/quote", json=body, headers=bearer(RAMESH_TOKEN))
        )
        return answer.status_code, answer.json()["data"]["reason"], answer.json()["message"]

    status, reason, message = refused(order_body(lines=[{"productId": 1, "quantity": 999}]))
    assert (status, reason) == (409, "out_of_stock") and "available" in message
    status, reason, message = refused(order_body(address={**ONE_HOUR_ADDRESS, "pincode": "600001"}))
    assert (status, reason) == (422, "pincode_not_serviceable") and "600001" in message
    wrong_check_digit = {"gstin": "27AAPFU0939F1ZW", "legalName": "Kumar Electricals"}
    status, reason, message = refused(order_body(business=wrong_check_digit))
    assert (status, reason) == (400, "gstin_invalid") and "27AAPFU0939F1ZW" in message
    forbidden = suite.post("orders/electrician/order/quote", json=order_body(), headers=bearer(SUNITA_TOKEN))
    assert conforms(contract, forbidden).status_code == 403
    assert suite.post("orders/electrician/order/quote", json=order_body()).status_code == 401


def test_placing_twice_with_one_key_makes_one_order(contract: Contract, suite: TestClient[Any]) -> None:
    total = quote(contract, suite)["charges"]["total"]
    body = order_body(quotedTotal=total)
    first = conforms(
        contract, suite.post("orders/electrician/order/place", json=body, headers=bearer(RAMESH_TOKEN, "key-00000001"))
    )
    again = conforms(
        contract, suite.post("orders/electrician/order/place", json=body, headers=bearer(RAMESH_TOKEN, "key-00000001"))
    )
    order = first.json()["data"]
    assert again.json()["data"]["orderNumber"] == order["orderNumber"]
    assert order["status"] == "placed" and order["payment"] == {
        "method": "cod",
        "state": "onDelivery",
        "amount": total,
        "paymentSessionId": None,
        "providerOrderId": None,
        "paidAt": None,
        "creditDueOn": None,
        "payBy": None,
        "providerPaymentId": None,
        "failedAt": None,
        "bankPendingSince": None,
    }
    other_body = conforms(
        contract,
        suite.post(
            "orders/electrician/order/place",
            json={**body, "paymentMethod": "online"},
            headers=bearer(RAMESH_TOKEN, "key-00000001"),
        ),
    )
    assert other_body.status_code == 422 and other_body.json()["data"]["reason"] == "idempotency_conflict"

    read = conforms(
        contract,
        suite.get(
            f"orders/electrician/order/{order['orderNumber']}", params={"userId": 2001}, headers=bearer(RAMESH_TOKEN)
        ),
    )
    assert read.json()["data"] == order
    not_yours = suite.get(
        f"orders/electrician/order/{order['orderNumber']}", params={"userId": 7100}, headers=bearer(SUNITA_TOKEN)
    )
    assert conforms(contract, not_yours).status_code == 404


def test_a_changed_total_is_refused(contract: Contract, suite: TestClient[Any]) -> None:
    stale = order_body(quotedTotal="100.00")
    answer = conforms(
        contract, suite.post("orders/electrician/order/place", json=stale, headers=bearer(RAMESH_TOKEN, "key-00000002"))
    )
    assert answer.status_code == 409 and answer.json()["data"]["reason"] == "quote_changed"


def test_an_online_order_is_paid_at_the_provider_and_settled_once(contract: Contract, suite: TestClient[Any]) -> None:
    total = quote(contract, suite, method="online")["charges"]["total"]
    body = order_body(method="online", quotedTotal=total, returnUrl="http://shop.example/orders/return")
    order = conforms(
        contract, suite.post("orders/electrician/order/place", json=body, headers=bearer(RAMESH_TOKEN, "key-00000003"))
    ).json()["data"]
    assert order["payment"]["state"] == "pending"
    session = order["payment"]["paymentSessionId"]
    path = f"orders/electrician/order/{order['orderNumber']}"

    assert suite.post(f"payments/checkout/{session}/pay", json={"outcome": "failure"}).status_code == 200
    after_failure = conforms(
        contract, suite.post(f"{path}/payment/recheck", params={"userId": 2001}, headers=bearer(RAMESH_TOKEN))
    )
    assert after_failure.json()["data"]["payment"]["state"] == "pending"
    assert after_failure.json()["data"]["payment"]["failedAt"] is not None  # refused: nothing taken
    renewed = conforms(
        contract, suite.post(f"{path}/payment/session", params={"userId": 2001}, headers=bearer(RAMESH_TOKEN))
    )
    assert renewed.json()["data"]["payment"]["paymentSessionId"] == session  # still payable at the same checkout

    assert suite.post(f"payments/checkout/{session}/pay", json={"outcome": "success"}).status_code == 200
    paid = conforms(
        contract, suite.post(f"{path}/payment/recheck", params={"userId": 2001}, headers=bearer(RAMESH_TOKEN))
    )
    assert paid.json()["data"]["payment"]["state"] == "paid"
    assert paid.json()["data"]["payment"]["providerPaymentId"]  # the provider's reference of the payment
    assert paid.json()["data"]["payment"]["failedAt"] is None
    nothing_left = suite.post(f"{path}/payment/session", params={"userId": 2001}, headers=bearer(RAMESH_TOKEN))
    assert conforms(contract, nothing_left).status_code == 409


def test_a_failed_online_payment_can_become_cash_on_delivery_once(contract: Contract, suite: TestClient[Any]) -> None:
    total = quote(contract, suite, method="online")["charges"]["total"]
    body = order_body(method="online", quotedTotal=total)
    order = conforms(
        contract, suite.post("orders/electrician/order/place", json=body, headers=bearer(RAMESH_TOKEN, "key-00000031"))
    ).json()["data"]
    session = order["payment"]["paymentSessionId"]
    path = f"orders/electrician/order/{order['orderNumber']}"
    assert suite.post(f"payments/checkout/{session}/pay", json={"outcome": "failure"}).status_code == 200

    switched = conforms(
        contract,
        suite.post(f"{path}/payment/cash", params={"userId": 2001}, headers=bearer(RAMESH_TOKEN, "cash-0000001")),
    )
    assert switched.status_code == 200, switched.text
    payment = switched.json()["data"]["payment"]
    assert (payment["method"], payment["state"], payment["paymentSessionId"]) == ("cod", "onDelivery", None)
    again = suite.post(f"{path}/payment/cash", params={"userId": 2001}, headers=bearer(RAMESH_TOKEN, "cash-0000001"))
    assert conforms(contract, again).status_code == 200  # the repeat gets the order, not a refusal
    other = suite.post(f"{path}/payment/cash", params={"userId": 2001}, headers=bearer(RAMESH_TOKEN, "cash-0000002"))
    assert conforms(contract, other).json()["data"]["reason"] == "not_switchable"
    # The provider's checkout was closed: it takes no payment now.
    assert suite.post(f"payments/checkout/{session}/pay", json={"outcome": "success"}).status_code >= 400
    listed = conforms(
        contract, suite.get("orders/electrician/orders", params={"userId": 2001}, headers=bearer(RAMESH_TOKEN))
    )
    assert listed.json()["data"]["orders"][0]["paymentMethod"] == "cod"


def test_credit_is_refused_while_overdue_and_becomes_an_amount_owed(contract: Contract, suite: TestClient[Any]) -> None:
    lending = contract_for("lending")
    total = quote(contract, suite, method="credit")["charges"]["total"]
    overdue = conforms(
        contract,
        suite.post(
            "orders/electrician/order/place",
            json=order_body(method="credit", quotedTotal=total),
            headers=bearer(RAMESH_TOKEN, "key-00000004"),
        ),
    )
    assert overdue.status_code == 422 and "repay it first" in overdue.json()["message"]

    partner = {"x-partner-key": "mock-partner-key"}
    before = conforms(
        lending, suite.get("lending/webRepayment/creditLimit", params={"mobileNumber": "9123456780"}, headers=partner)
    )
    assert before.json()["data"]["available"] == "500000.00"
    body = order_body(user_id=7100, method="credit", quotedTotal=total)
    placed = conforms(
        contract, suite.post("orders/electrician/order/place", json=body, headers=bearer(SUNITA_TOKEN, "key-00000005"))
    )
    assert placed.json()["data"]["payment"]["state"] == "onCredit"
    after = conforms(
        lending, suite.get("lending/webRepayment/creditLimit", params={"mobileNumber": "9123456780"}, headers=partner)
    ).json()["data"]
    assert (after["outstanding"], after["overdueAmount"]) == (total, "0.00")
    assert Decimal(after["available"]) == Decimal("500000.00") - Decimal(total)
    assert after["nextDueOn"] == placed.json()["data"]["payment"]["creditDueOn"]

    assert suite.get("lending/webRepayment/creditLimit", params={"mobileNumber": "9123456780"}).status_code == 401


@pytest.fixture
async def orders_client(
    recording_mock: Callable[..., AbstractAsyncContextManager[RecordingMock]],
) -> AsyncIterator[tuple[OrdersClient, Recorded, Any]]:
    async with recording_mock("orders") as mock:
        mock.world.states["catalogue"].tokens[RAMESH_TOKEN] = 2001
        yield OrdersClient(UpstreamHttp("orders", mock.client)), mock.recorded, mock.world


async def test_the_gateways_client_speaks_the_document(
    contract: Contract, orders_client: tuple[OrdersClient, Recorded, Any]
) -> None:
    client, recorded, _ = orders_client
    place = await client.pincode("122103")
    assert place is not None and place.serviceability == "oneHour"
    assert await client.pincode("999999") is None
    request = QuoteRequest(
        user_id=2001,
        lines=[LineInput(product_id=1, quantity=2)],
        address=AddressInput(name="Ramesh Kumar", mobile_number="9876543210", address1="Plot 44", pincode="122103"),
        payment_method="online",
        business=Business(gstin="27AAPFU0939F1ZV", legal_name="Kumar Electricals"),
    )
    priced = await client.quote(request, RAMESH_TOKEN)
    body = PlaceRequest(**msgspec.structs.asdict(request), quoted_total=priced.charges.total)
    order = await client.place(body, RAMESH_TOKEN, "client-key-0001")
    assert order.charges == priced.charges and order.payment.state == "pending"
    assert (await client.place(body, RAMESH_TOKEN, "client-key-0001")).order_number == order.order_number
    read = await client.order(order.order_number, 2001, RAMESH_TOKEN)
    assert read is not None and read.lines == priced.lines
    assert (await client.recheck_payment(order.order_number, 2001, RAMESH_TOKEN)).payment.state == "pending"
    assert (
        await client.payment_session(order.order_number, 2001, RAMESH_TOKEN, "client-pay-0001")
    ).payment.payment_session_id
    cancelled = await client.cancel(order.order_number, 2001, RAMESH_TOKEN, "client-cancel-01")
    assert (await client.cancel(order.order_number, 2001, RAMESH_TOKEN, "client-cancel-01")) == cancelled
    with pytest.raises(OrdersRefused) as stale:
        await client.place(
            PlaceRequest(**{**msgspec.structs.asdict(body), "quoted_total": Decimal("1.00")}),
            RAMESH_TOKEN,
            "client-key-0002",
        )
    assert (stale.value.status, stale.value.code, stale.value.field) == (409, "quote_changed", "quotedTotal")
    assert await client.order("VK99999999", 2001, RAMESH_TOKEN) is None
    assert_conforms(contract, recorded.exchanges)


async def test_the_credit_client_speaks_the_lending_document(
    recording_mock: Callable[..., AbstractAsyncContextManager[RecordingMock]],
) -> None:
    async with recording_mock("lending") as mock:
        client = CreditClient(UpstreamHttp("lending", mock.client), "mock-partner-key")
        ramesh = await client.position("9876543210")
        assert ramesh is not None and ramesh.overdue_amount == Decimal("12450.00")
        assert ramesh.available == Decimal("487550.00")
        assert await client.position("9000000001") is None  # no credit account
        assert_conforms(contract_for("lending"), mock.recorded.exchanges)


async def test_the_providers_webhook_settles_an_online_order_once_without_the_browser(contract: Contract) -> None:
    suite = create_suite(check_contracts=True)
    world = suite.state.world
    world.states["catalogue"].tokens[RAMESH_TOKEN] = 2001
    async with httpx.AsyncClient(
        transport=httpx.ASGITransport(app=suite), base_url="http://mocks.internal/_mocks/"
    ) as mock:
        priced = (
            await mock.post(
                "orders/electrician/order/quote", json=order_body(method="online"), headers=bearer(RAMESH_TOKEN)
            )
        ).json()
        body = order_body(method="online", quotedTotal=priced["data"]["charges"]["total"])
        placed = (
            await mock.post("orders/electrician/order/place", json=body, headers=bearer(RAMESH_TOKEN, "hook-key-001"))
        ).json()
        order = placed["data"]
        session = order["payment"]["paymentSessionId"]
        assert (await mock.post(f"payments/checkout/{session}/pay", json={"outcome": "success"})).status_code == 200
        await world.drain()  # the webhook delivery the payment started
        read = await mock.get(
            f"orders/electrician/order/{order['orderNumber']}", params={"userId": 2001}, headers=bearer(RAMESH_TOKEN)
        )
        assert read.json()["data"]["payment"]["state"] == "paid"  # no recheck was asked for
        deliveries = [e for e in world.journal if e.mock == "orders" and e.path == "webhooks/payments"]
        assert [e.status for e in deliveries] == [200]

        event = {
            "type": "PAYMENT_SUCCESS_WEBHOOK",
            "event_time": "2026-11-23T01:36:47+00:00",
            "data": {
                "order": {"order_id": f"{order['orderNumber']}-1", "order_amount": 1},
                "payment": {"cf_payment_id": "1", "payment_status": "SUCCESS", "payment_amount": 1},
            },
        }
        forged_headers = {"x-webhook-signature": "Zm9yZ2Vk", "x-webhook-timestamp": "1795396800000"}
        forged = await mock.post("orders/webhooks/payments", json=event, headers=forged_headers)
        assert forged.status_code == 401


@pytest.mark.parametrize("check_contracts", [False, True], ids=["mock alone", "behind its contract"])
def test_bad_requests_get_the_contracts_refusal_never_a_server_error(contract: Contract, check_contracts: bool) -> None:
    """`python -m upstream_mocks` serves the mocks without the contract in front: the orders mock
    itself answers a malformed request with the contract's refusal, naming the field at fault."""
    app = create_suite(check_contracts=check_contracts)
    app.state.world.states["catalogue"].tokens[RAMESH_TOKEN] = 2001
    with TestClient(app, base_url="http://mocks.internal/_mocks/", raise_server_exceptions=False) as suite:

        def refused(method: str, path: str, **kwargs: Any) -> dict[str, Any]:
            answer = suite.request(method, f"orders/{path}", **kwargs)
            assert answer.status_code == 400, answer.text
            request, response = as_contract(answer.request, answer)
            assert response is not None and contract.check_response(request, response) is None, answer.text
            body: dict[str, Any] = answer.json()
            assert body["statusCode"] == 400 and body["message"].startswith(("Invalid request", "We could not"))
            return body

        place_headers = bearer(RAMESH_TOKEN, "key-bad-00001")
        for total in ("sNaN", "NaN", "Infinity"):  # sNaN raised when compared with the total
            body = refused("POST", "electrician/order/place", json=order_body(quotedTotal=total), headers=place_headers)
            assert check_contracts or body["data"]["field"] == "quotedTotal"
        nested = "[" * 100_000  # deeper than Python's json recurses
        refused("POST", "electrician/order/quote", content=nested, headers=bearer(RAMESH_TOKEN))
        trailing_newline = {**ONE_HOUR_ADDRESS, "pincode": "122103\n"}
        body = refused(
            "POST", "electrician/order/quote", json=order_body(address=trailing_newline), headers=bearer(RAMESH_TOKEN)
        )
        assert body["data"] == {"reason": "pincode_unknown", "field": "address.pincode"}
        for query in ("", "?userId=abc"):
            body = refused("GET", f"electrician/order/VK10000001{query}", headers=bearer(RAMESH_TOKEN))
            assert check_contracts or body["data"] == {"reason": "invalid_request", "field": "userId"}
        refused("POST", "electrician/order/VK10000001/cancel", headers=bearer(RAMESH_TOKEN))


def test_a_bug_answers_500_in_the_envelope_and_a_refusal_keeps_its_status(monkeypatch: pytest.MonkeyPatch) -> None:
    """Refusals reach the app's exception handlers by class: Refused must win over the catch-all
    for bugs, which answers 500 in the same envelope."""
    import upstream_mocks.orders.app as orders_app

    def broken(pincode: str, now: Any) -> None:
        raise RuntimeError("pin code table unreadable")

    monkeypatch.setattr(orders_app, "lookup", broken)
    app = create_suite(check_contracts=False)
    with TestClient(app, base_url="http://mocks.internal/_mocks/orders/", raise_server_exceptions=False) as mock:
        bug = mock.get("electrician/pincode/122103")
        assert (bug.status_code, bug.json()) == (
            500,
            {"statusCode": 500, "message": "The orders service failed unexpectedly.", "data": None},
        )
        refused = mock.get("electrician/pincode/12")  # refused before the broken lookup
        assert (refused.status_code, refused.json()) == (
            400,
            {
                "statusCode": 400,
                "message": "Please enter a valid 6-digit pin code.",
                "data": {"reason": "pincode_invalid", "field": "pincode"},
            },
        )


def test_within_the_shipping_stores_state_cgst_and_sgst_are_the_gsts_halves(
    contract: Contract, suite: TestClient[Any]
) -> None:
    bengaluru = {**ONE_HOUR_ADDRESS, "pincode": "560103"}
    charges = quote(contract, suite, address=bengaluru, lines=[{"productId": 13, "quantity": 3}])["charges"]
    cgst, sgst = Decimal(charges["cgst"]), Decimal(charges["sgst"])
    assert charges["igst"] == "0.00" and cgst + sgst == Decimal(charges["gstTotal"])
    assert Decimal(0) <= cgst - sgst <= Decimal("0.03")  # each amount's odd paisa goes to CGST


def test_a_standard_delivery_to_another_state_is_igst_from_the_warehouse(
    contract: Contract, suite: TestClient[Any]
) -> None:
    ludhiana = {**ONE_HOUR_ADDRESS, "pincode": "141001"}  # Punjab, by courier from Bengaluru
    data = quote(contract, suite, address=ludhiana, lines=[{"productId": 13, "quantity": 3}])
    charges = data["charges"]
    assert data["delivery"]["type"] == "standard" and data["address"]["state"] == "Punjab"
    assert (charges["cgst"], charges["sgst"], charges["igst"]) == ("0.00", "0.00", charges["gstTotal"])


def test_a_carts_price_is_the_quotes_figures_before_an_address(contract: Contract, suite: TestClient[Any]) -> None:
    lines = [{"productId": 1, "quantity": 2}, {"productId": 5, "quantity": 1}]
    answer = conforms(
        contract,
        suite.post(
            "orders/electrician/order/price", json={"userId": 2001, "lines": lines}, headers=bearer(RAMESH_TOKEN)
        ),
    )
    assert answer.status_code == 200, answer.text
    priced = answer.json()["data"]["charges"]
    quoted = quote(contract, suite, lines=lines)["charges"]
    same = ("subtotal", "convenienceFee", "platformFee", "gstTotal", "taxableTotal", "total", "shortOfNoFees")
    assert {k: priced[k] for k in same} == {k: quoted[k] for k in same}
    assert (priced["cgst"], priced["sgst"], priced["igst"]) == (None, None, None)  # no place of supply yet
    # Another shopper's cart is not priced with this token; an empty one is refused.
    other = suite.post(
        "orders/electrician/order/price", json={"userId": 7100, "lines": lines}, headers=bearer(RAMESH_TOKEN)
    )
    assert conforms(contract, other).status_code == 403
    empty = suite.post(
        "orders/electrician/order/price", json={"userId": 2001, "lines": []}, headers=bearer(RAMESH_TOKEN)
    )
    assert empty.status_code == 400  # the contract's minItems


def test_units_held_by_open_orders_are_not_offered_and_come_back_when_cancelled(
    contract: Contract, suite: TestClient[Any]
) -> None:
    def stock(product_id: int) -> int:
        listed = suite.get(
            "catalogue/electrician/getProductCatalogListMobile",
            params={"productType": "quickCommerce", "id": product_id},
        )
        count: int = listed.json()["data"]["records"][0]["stockQuantity"]
        return count

    before = stock(5)
    body = order_body(user_id=7100, lines=[{"productId": 5, "quantity": 2}])
    quoted = quote(contract, suite, token=SUNITA_TOKEN, user_id=7100, lines=[{"productId": 5, "quantity": 2}])
    placed = suite.post(
        "orders/electrician/order/place",
        json={**body, "quotedTotal": quoted["charges"]["total"]},
        headers=bearer(SUNITA_TOKEN, "key-stock-held-1"),
    )
    assert conforms(contract, placed).status_code == 200, placed.text
    assert stock(5) == before - 2  # a placed, open order holds its units
    too_many = suite.post(
        "orders/electrician/order/quote",
        json=order_body(lines=[{"productId": 5, "quantity": before - 1}]),
        headers=bearer(RAMESH_TOKEN),
    )
    assert conforms(contract, too_many).status_code == 409
    assert too_many.json()["message"] == f"Only {before - 2} of {SEED_NAMES[5]} available; you asked for {before - 1}."
    number = placed.json()["data"]["orderNumber"]
    cancelled = suite.post(
        f"orders/electrician/order/{number}/cancel", params={"userId": 7100}, headers=bearer(SUNITA_TOKEN)
    )
    assert conforms(contract, cancelled).status_code == 200
    assert stock(5) == before
