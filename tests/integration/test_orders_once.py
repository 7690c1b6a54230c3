"""Money moves once on the store's order paths: a retry with its Idempotency-Key answers what the
first try did, even when that answer was lost (issue 28), through the gateway and the in-process mocks."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from typing import Any

from tests.conftest import GatewayClient
from tests.integration.test_checkout_api import ADDRESS, fill_cart, place, quote
from tests.integration.test_store_api import log_in


def scenario(client: GatewayClient, **fields: Any) -> None:
    answer = client.post("/_mocks/scenarios", json=fields)
    assert answer.status_code == 201, answer.text


def my_orders(client: GatewayClient) -> list[dict[str, Any]]:
    answer = client.get("/api/orders")
    assert answer.status_code == 200, answer.text
    orders: list[dict[str, Any]] = answer.json()["orders"]
    return orders


def keyed(client: GatewayClient, key: str) -> dict[str, str]:
    return {**client.xsrf(), "Idempotency-Key": key}


def test_a_placement_whose_answer_was_lost_answers_the_order_made_when_retried_with_its_key(
    client: GatewayClient,
) -> None:
    log_in(client)
    fill_cart(client, {1: 2, 5: 1})
    total = quote(client, "credit")["charges"]["total"]
    # The orders service places the order, then its answer fails on the way back.
    scenario(client, mock="orders", path="electrician/order/place", status=503, after=True, times=1)
    lost = place(client, "lost-answer-0001", total, "cod")
    assert lost.status_code == 503, lost.text
    assert lost.json()["error"]["code"] == "upstream_unavailable"
    again = place(client, "lost-answer-0001", total, "cod")
    assert again.status_code == 200, again.text
    orders = my_orders(client)
    assert [o["orderNumber"] for o in orders] == [again.json()["orderNumber"]]  # one order, the one made first


def test_a_cancel_repeated_with_its_key_answers_the_cancelled_order_and_refunds_once(client: GatewayClient) -> None:
    log_in(client)
    fill_cart(client, {1: 1})
    order = place(client, "cancel-once-order", quote(client)["charges"]["total"]).json()
    path = f"/api/orders/{order['orderNumber']}/cancel"
    first = client.post(path, headers=keyed(client, "cancel-once-0001"))
    assert first.status_code == 200, first.text
    again = client.post(path, headers=keyed(client, "cancel-once-0001"))  # the retry after a lost answer
    assert again.status_code == 200, again.text
    assert again.json()["status"] == "cancelled" and again.json()["refund"] == first.json()["refund"]
    other = client.post(path, headers=keyed(client, "cancel-once-0002"))  # a new attempt is told the truth
    assert other.status_code == 409 and other.json()["error"]["code"] == "already_cancelled"


def test_pay_again_repeated_with_its_key_after_the_payment_answers_the_paid_order(client: GatewayClient) -> None:
    log_in(client)
    fill_cart(client, {1: 1})
    order = place(client, "pay-again-order", quote(client, "online")["charges"]["total"], "online").json()
    path = f"/api/orders/{order['orderNumber']}/payment"
    session = client.post(path, headers=keyed(client, "pay-again-0001"))
    assert session.status_code == 200, session.text
    session_id = session.json()["payment"]["paymentSessionId"]
    paid = client.post(f"/_mocks/payments/checkout/{session_id}/pay", json={"outcome": "success"})
    assert paid.status_code == 200, paid.text
    again = client.post(path, headers=keyed(client, "pay-again-0001"))  # its answer was lost; the app retries
    assert again.status_code == 200, again.text
    assert again.json()["payment"]["state"] == "paid"
    fresh = client.post(path, headers=keyed(client, "pay-again-0002"))
    assert fresh.status_code == 409 and fresh.json()["error"]["code"] == "nothing_to_pay"


def test_a_key_used_for_one_order_is_refused_for_another_order(client: GatewayClient) -> None:
    log_in(client)
    fill_cart(client, {1: 1})
    first = place(client, "one-key-0001", quote(client)["charges"]["total"]).json()
    path = f"/api/orders/{first['orderNumber']}/cancel"
    assert client.post(path, headers=keyed(client, "one-key-cancel")).status_code == 200
    fill_cart(client, {2: 1})
    second = place(client, "one-key-0002", quote(client)["charges"]["total"]).json()
    path = f"/api/orders/{second['orderNumber']}/cancel"
    reused = client.post(path, headers=keyed(client, "one-key-cancel"))
    assert reused.status_code == 422 and reused.json()["error"]["code"] == "idempotency_conflict"


def test_twenty_placements_of_one_cart_with_twenty_keys_on_two_replicas_make_one_order(
    replicas: tuple[GatewayClient, GatewayClient],
) -> None:
    a, b = replicas
    log_in(a)
    b.cookies = a.cookies
    fill_cart(a, {1: 2, 3: 1})
    total = quote(a, "credit")["charges"]["total"]
    body = {"address": ADDRESS, "paymentMethod": "cod", "quotedTotal": total}
    headers = a.xsrf()

    def place_on(n: int) -> Any:
        replica = (a, b)[n % 2]
        return replica.post("/api/checkout/orders", json=body, headers={**headers, "Idempotency-Key": f"tab-{n:04d}"})

    with ThreadPoolExecutor(max_workers=20) as pool:
        answers = list(pool.map(place_on, range(20)))
    placed = [x for x in answers if x.status_code == 200]
    assert len(placed) == 1, [x.text for x in answers]
    refused = [x.json()["error"] for x in answers if x.status_code != 200]
    assert {x.status_code for x in answers if x.status_code != 200} == {409}, refused
    assert {e["code"] for e in refused} <= {"order_in_progress", "cart_empty"}
    assert all(
        e["message"] == "Your order is already being placed. Please check My Orders in a moment."
        for e in refused
        if e["code"] == "order_in_progress"
    )
    assert [o["orderNumber"] for o in my_orders(a)] == [placed[0].json()["orderNumber"]]


def test_the_orders_service_empties_the_cart_as_it_places_the_order(client: GatewayClient) -> None:
    log_in(client)
    fill_cart(client, {1: 2, 5: 1})
    total = quote(client)["charges"]["total"]
    # The catalogue refusing cart changes cannot keep a placed order's lines in the cart.
    scenario(client, mock="catalogue", path="electrician/updateCart", status=503)
    answer = place(client, "emptied-by-orders", total)
    assert answer.status_code == 200, answer.text
    assert client.get("/api/store/cart").json()["items"] == []


def test_after_a_lost_answer_the_next_attempt_finds_its_order_and_a_refusal_frees_the_next_attempt(
    client: GatewayClient,
) -> None:
    log_in(client)
    fill_cart(client, {2: 1})
    total = quote(client)["charges"]["total"]
    stale = place(client, "refused-0001", "1.00")
    assert stale.status_code == 409 and stale.json()["error"]["code"] == "quote_changed"
    scenario(client, mock="orders", path="electrician/order/place", status=503, after=True, times=1)
    lost = place(client, "lost-0001", total)  # a new key at once: the refusal held nothing
    assert lost.status_code == 503, lost.text
    # No placement is running any more, so no "already being placed": the other tab is shown the
    # order the lost answer made, and never makes a second.
    other = place(client, "other-tab-0001", total)
    assert other.status_code == 200, other.text
    again = place(client, "lost-0001", total)
    assert again.status_code == 200, again.text
    assert other.json()["orderNumber"] == again.json()["orderNumber"]
    assert [o["orderNumber"] for o in my_orders(client)] == [again.json()["orderNumber"]]
