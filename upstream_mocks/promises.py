"""What a service must do beyond the shape of its answers, checked on a live service.

`python -m upstream_mocks verify <service> --allow-writes` runs these after the contract's
examples (they change data: a sandbox only). The gateway relies on them, and the contracts say
them: the orders service honours `Idempotency-Key` on place and cancel (a repeat answers the
first result, another body under the same key is refused); the payment provider terminates an
unpaid order so that it takes no payment, and refunds once per `refund_id`. Each promise is one
report line; a step's unexpected answer fails it, naming the step.
"""

from __future__ import annotations

import time
import uuid
from collections.abc import Callable, Mapping
from typing import Any

import httpx

from upstream_mocks.conformance import WRITES_SKIPPED, Outcome, Violation
from upstream_mocks.examples import contract_path, load_document, operations


class Broken(Exception):
    """A step of a promise went wrong; the message names the step and what came back."""


def _body(answer: httpx.Response) -> Any:
    try:
        return answer.json()
    except ValueError:
        return None


def _expect(answer: httpx.Response, statuses: tuple[int, ...], step: str) -> Any:
    if answer.status_code not in statuses:
        wanted = " or ".join(map(str, statuses))
        raise Broken(f"{step}: HTTP {answer.status_code}, expected {wanted}: {answer.text[:200]}")
    return _body(answer)


def _example(service: str, operation_id: str) -> Any:
    """The first request body the contract documents for an operation."""
    for op in operations(load_document(contract_path(service))):
        if op.operation_id == operation_id:
            return next(call.body for call in op.calls if call.body is not None)
    raise LookupError(operation_id)


def _documented_headers(service: str) -> dict[str, str]:
    """Headers every call of the service carries by its contract (a version header, say)."""
    found: dict[str, str] = {}
    for op in operations(load_document(contract_path(service))):
        for call in op.calls:
            found.update({k: v for k, v in call.headers.items() if k.lower() not in _PER_CALL})
    return found


# A call's own idempotency key is never one header for all: the provider answers a key reused with
# another body with a 422 (Cashfree's `idempotency_error`).
_PER_CALL = ("idempotency-key", "x-idempotency-key")


def _keyed(headers: Mapping[str, str], key: str) -> dict[str, str]:
    """`headers` with the provider's idempotency key for one write (the same key replays it)."""
    return {**headers, "x-idempotency-key": key}


def _orders_place(client: httpx.Client, headers: Mapping[str, str]) -> tuple[dict[str, Any], dict[str, Any]]:
    """The contract's place example, priced now (its quotedTotal from a quote), and placed once."""
    body = dict(_example("orders", "placeOrder"))
    quote = {k: v for k, v in body.items() if k not in ("quotedTotal", "returnUrl")}
    priced = _expect(client.post("electrician/order/quote", json=quote, headers=headers), (200,), "quote")
    body["quotedTotal"] = priced["data"]["charges"]["total"]
    return body, {**headers, "Idempotency-Key": f"conformance-{uuid.uuid4().hex[:16]}"}


def _place_twice(client: httpx.Client, headers: Mapping[str, str]) -> None:
    body, keyed = _orders_place(client, headers)
    first = _expect(client.post("electrician/order/place", json=body, headers=keyed), (200,), "place")
    again = _expect(client.post("electrician/order/place", json=body, headers=keyed), (200,), "place again, same key")
    if again["data"]["orderNumber"] != first["data"]["orderNumber"]:
        raise Broken(f"the same key placed two orders: {first['data']['orderNumber']}, {again['data']['orderNumber']}")
    other = {**body, "paymentMethod": "cod" if body.get("paymentMethod") != "cod" else "online"}
    refused = client.post("electrician/order/place", json=other, headers=keyed)
    _expect(refused, (409, 422), "the same key with another body")
    if (_body(refused) or {}).get("data", {}).get("reason") != "idempotency_conflict":
        raise Broken(f"the same key with another body: reason is not idempotency_conflict: {refused.text[:200]}")


def _cancel_twice(client: httpx.Client, headers: Mapping[str, str]) -> None:
    body, keyed = _orders_place(client, headers)
    order = _expect(client.post("electrician/order/place", json=body, headers=keyed), (200,), "place")["data"]
    path = f"electrician/order/{order['orderNumber']}/cancel"
    cancel = {**headers, "Idempotency-Key": f"conformance-{uuid.uuid4().hex[:16]}"}
    params = {"userId": order["userId"]}
    first = _expect(client.post(path, params=params, headers=cancel), (200,), "cancel")
    again = _expect(client.post(path, params=params, headers=cancel), (200,), "cancel again, same key")
    if first["data"]["status"] != "cancelled" or again["data"]["status"] != "cancelled":
        raise Broken("a cancel answered an order that is not cancelled")
    if again["data"]["refund"] != first["data"]["refund"]:
        raise Broken("the repeated cancel answered another refund")


def _provider_order(client: httpx.Client, headers: Mapping[str, str]) -> dict[str, Any]:
    body = {**_example("payments", "createOrder"), "order_id": f"conformance_{uuid.uuid4().hex[:16]}"}
    keyed = _keyed(headers, f"{body['order_id']}-create")
    created: dict[str, Any] = _expect(client.post("pg/orders", json=body, headers=keyed), (200,), "create order")
    return created


def _terminate(client: httpx.Client, headers: Mapping[str, str]) -> None:
    order = _provider_order(client, headers)
    path = f"pg/orders/{order['order_id']}"
    body = {"order_status": "TERMINATED"}
    terminate = _keyed(headers, f"{order['order_id']}-terminate")
    closed = _expect(client.patch(path, json=body, headers=terminate), (200,), "terminate")
    if closed["order_status"] != "TERMINATED":
        raise Broken(f"terminate answered order_status {closed['order_status']}")
    if _expect(client.get(path, headers=headers), (200,), "read back")["order_status"] != "TERMINATED":
        raise Broken("the order read back is not TERMINATED")
    _expect(client.patch(path, json=body, headers=terminate), (200,), "terminate again")
    paid = client.post(f"checkout/{order['payment_session_id']}/pay", json={"outcome": "success"})
    if paid.status_code == 200:
        raise Broken("a terminated order took a payment")


def _refund_once(client: httpx.Client, headers: Mapping[str, str]) -> None:
    order = _provider_order(client, headers)
    path = f"pg/orders/{order['order_id']}/refunds"
    refund = {"refund_amount": order["order_amount"], "refund_id": f"{order['order_id']}-refund"}
    unpaid = _keyed(headers, f"{order['order_id']}-refund-unpaid")
    _expect(client.post(path, json=refund, headers=unpaid), (409,), "refund an unpaid order")
    paid = client.post(f"checkout/{order['payment_session_id']}/pay", json={"outcome": "success"})
    if paid.status_code == 404:
        raise Broken("no test payment: the sandbox has no payAtCheckout; pay the order by hand and refund it")
    _expect(paid, (200,), "pay at the hosted checkout")
    keyed = _keyed(headers, f"{order['order_id']}-refund")
    first = _expect(client.post(path, json=refund, headers=keyed), (200,), "refund")
    again = _expect(client.post(path, json=refund, headers=keyed), (200,), "refund again, same refund_id")
    if again["cf_refund_id"] != first["cf_refund_id"]:
        raise Broken("the same refund_id made a second refund")
    listed = _expect(client.get(path, headers=headers), (200,), "list refunds")
    if len(listed) != 1:
        raise Broken(f"{len(listed)} refunds listed, expected 1")


Promise = tuple[str, str, str, Callable[[httpx.Client, Mapping[str, str]], None]]

PROMISES: dict[str, list[Promise]] = {
    "orders": [
        ("place honours Idempotency-Key", "POST", "/electrician/order/place", _place_twice),
        ("cancel honours Idempotency-Key", "POST", "/electrician/order/{orderNumber}/cancel", _cancel_twice),
    ],
    "payments": [
        ("terminate closes an unpaid order", "PATCH", "/pg/orders/{order_id}", _terminate),
        ("refund once per refund_id", "POST", "/pg/orders/{order_id}/refunds", _refund_once),
    ],
}


def check(
    service: str, client: httpx.Client, *, allow_writes: bool, headers: Mapping[str, str] | None = None
) -> list[Outcome]:
    """One outcome per promise of the service (none for a service without any)."""
    outcomes = []
    for name, method, path, promise in PROMISES.get(service, []):
        outcome = Outcome(operation_id=f"promise: {name}", method=method, path=path, example="promise")
        outcomes.append(outcome)
        if not allow_writes:
            outcome.skipped = WRITES_SKIPPED
            continue
        started = time.perf_counter()
        try:
            promise(client, {**_documented_headers(service), **(headers or {})})
            outcome.status = 200
        except Broken as exc:
            outcome.violations.append(Violation("$", str(exc)))
        except (httpx.HTTPError, LookupError, TypeError) as exc:  # no answer, or not the contract's shape
            outcome.violations.append(Violation("$", f"{type(exc).__name__}: {exc}"))
        outcome.seconds = time.perf_counter() - started
    return outcomes
