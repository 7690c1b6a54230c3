"""The payments mock and our clients of it against Cashfree's own API document (2025-01-01).

contracts/vendor/cashfree/pg-openapi-2025-01-01.yaml is Cashfree's published document. Every
operation of our payments contract under /pg exists there, its examples hold to it, and a run
through every state the platform meets (an order paid, one left pending then paid after its
termination was asked for, a payer dropping out, a refund on hold then cancelled, a day's report
read a page at a time by the gateway's own client, a settlement a day later with fees) leaves no
finding: no call, field or state that Cashfree lacks. The mandate calls (plans, subscriptions,
their AUTH and CHARGEs, `manage`, refunds of a debited CHARGE) are held the same way
(tests/contract/test_payments_mandates.py and test_payments_mandate_refunds.py run them through
every state with the check on); Cashfree's document is read with one erratum,
its unusable `payment_method` of `/subscriptions/pay`, held to the shape Cashfree's SDKs send.
"""

from __future__ import annotations

import json
from datetime import timedelta
from decimal import Decimal
from typing import Any

import httpx
import yaml

from gateway.upstreams.http import UpstreamHttp
from gateway.upstreams.payments import PaymentsClient
from tests.conftest import CLIENT_SECRET
from upstream_mocks.clock import mocks_now, mocks_today
from upstream_mocks.contract import ContractRequest, ContractResponse
from upstream_mocks.examples import contract_path, load_document, operations
from upstream_mocks.payments.orders import state
from upstream_mocks.payments.provider_document import (
    API_VERSION,
    DOCUMENT,
    PREFIX,
    Finding,
    HeldToCashfree,
    answer_finding,
    request_finding,
    webhook_finding,
)
from upstream_mocks.world import MockWorld

HEADERS = {"x-client-id": "mock-client", "x-client-secret": CLIENT_SECRET, "x-api-version": API_VERSION}


def _order(order_id: str, amount: str = "1250.50") -> dict[str, Any]:
    return {
        "order_id": order_id,
        "order_amount": json.loads(amount),
        "order_currency": "INR",
        "customer_details": {"customer_id": "1001", "customer_phone": "9876543210", "customer_name": "Ramesh Kumar"},
        # Nobody listens here: the webhooks' bodies are checked as they are sent.
        "order_meta": {"notify_url": "http://127.0.0.1:9/webhooks/payments"},
        "order_note": "Loan repayment",
    }


def test_the_document_is_cashfrees_at_the_version_we_send() -> None:
    text = DOCUMENT.read_text()
    assert "title: Cashfree Payment Gateway APIs" in text and f"version: {API_VERSION}" in text
    assert (DOCUMENT.parent / "LICENSE.md").read_text().startswith("Apache License")


def test_every_call_of_our_contract_is_cashfrees_and_its_examples_hold_to_cashfrees_document() -> None:
    document = load_document(contract_path("payments"))
    broken: list[str] = []
    checked = 0
    for op in operations(document):
        if not op.path.startswith("/pg/"):
            continue  # the hosted checkout's page and its call are the mock's own
        for call in op.calls:
            headers = [(k.lower().encode(), v.encode()) for k, v in {**HEADERS, **call.headers}.items()]
            body = b""
            if call.content_type is not None:
                headers.append((b"content-type", call.content_type.encode()))
                body = json.dumps(call.body).encode()
            query = "&".join(f"{k}={v}" for k, v in call.query.items())
            request = ContractRequest.build(op.method.upper(), call.path, query, headers, body)
            findings = [request_finding(request)]
            for status, by_type in op.answers.items():
                for kind, values in by_type.items():
                    findings += [
                        answer_finding(
                            request, ContractResponse(int(status), json.dumps(v).encode(), {"content-type": kind})
                        )
                        for v in values
                    ]
            broken += [f"{op.operation_id} ({call.name}): {f.message}" for f in findings if f is not None]
            checked += 1
    assert checked >= 20
    assert broken == []
    ours = {op.path for op in operations(document)}
    mandates = {
        "/plans",
        "/plans/{plan_id}",
        "/subscriptions",
        "/subscriptions/{subscription_id}",
        "/subscriptions/{subscription_id}/manage",
        "/subscriptions/pay",
        "/subscriptions/{subscription_id}/payments",
        "/subscriptions/{subscription_id}/payments/{payment_id}",
        "/subscriptions/{subscription_id}/payments/{payment_id}/manage",
        "/subscriptions/{subscription_id}/refunds",
        "/subscriptions/{subscription_id}/refunds/{refund_id}",
    }
    assert {PREFIX + path for path in mandates} <= ours


def test_a_charges_payment_method_is_held_to_the_shape_cashfrees_sdks_send() -> None:
    """Cashfree's document makes every `payment_method` invalid (a oneOf of four objects with no
    required field: any object matches all four); the erratum holds it to one method by name."""
    raw = yaml.safe_load(DOCUMENT.read_text())["components"]["schemas"][
        "CreateSubscriptionPaymentRequest_payment_method"
    ]
    assert len(raw["oneOf"]) == 4

    def pay(method: object) -> ContractRequest:
        body = {
            "subscription_id": "LN-1001-mandate-1",
            "payment_id": "p-1",
            "payment_type": "AUTH",
            "payment_method": method,
        }
        headers = [(k.encode(), v.encode()) for k, v in {**HEADERS, "content-type": "application/json"}.items()]
        return ContractRequest.build("POST", "/pg/subscriptions/pay", "", headers, json.dumps(body).encode())

    assert request_finding(pay({"upi": {"channel": "link"}})) is None
    assert request_finding(pay({"channel": "link"})) is not None
    assert request_finding(pay({"upi": {"channel": "link"}, "card": {}})) is not None


def test_an_invented_call_field_or_state_is_a_finding() -> None:
    invented = ContractRequest.build("GET", "/pg/settlements/recon", "settlement_date=2026-11-23", [], b"")
    assert request_finding(invented) is not None
    body = {**_order("REPAY_1_1"), "customer_details": {"customer_id": "7", "customer_phone": "9876543210"}}
    short_id = ContractRequest.build(
        "POST",
        "/pg/orders",
        "",
        [(k.encode(), v.encode()) for k, v in {**HEADERS, "content-type": "application/json"}.items()],
        json.dumps(body).encode(),
    )
    finding = request_finding(short_id)
    assert finding is not None and "customer_id" in finding.message
    payments = ContractRequest.build(
        "GET", "/pg/orders/REPAY_1_1/payments", "", [(k.encode(), v.encode()) for k, v in HEADERS.items()], b""
    )
    settled = [{"cf_payment_id": "1", "payment_status": "SETTLED", "payment_amount": 1}]
    answer = ContractResponse(200, json.dumps(settled).encode(), {"content-type": "application/json"})
    assert answer_finding(payments, answer) is not None
    webhook = {"type": "PAYMENT_SUCCESS_WEBHOOK", "data": {"payment": {"payment_amount": "12.00"}}}
    assert webhook_finding("PaymentWebhook", "PAYMENT_SUCCESS_WEBHOOK", webhook) is not None


async def test_every_state_the_platform_meets_is_cashfrees(provider: tuple[httpx.AsyncClient, MockWorld]) -> None:
    client, world = provider
    h = HEADERS

    async def create(order_id: str, key: str) -> dict[str, Any]:
        answer = await client.post("pg/orders", json=_order(order_id), headers={**h, "x-idempotency-key": key})
        assert answer.status_code == 200, answer.text
        return dict(answer.json())

    async def pay(order: dict[str, Any], outcome: str) -> dict[str, Any]:
        answer = await client.post(f"checkout/{order['payment_session_id']}/pay", json={"outcome": outcome})
        assert answer.status_code == 200, answer.text
        return dict(answer.json())

    # Paid at once; the same create again under its key is the same order, another body a 422.
    paid = await create("REPAY_1001_1", "create-1")
    assert (await create("REPAY_1001_1", "create-1"))["cf_order_id"] == paid["cf_order_id"]
    other = await client.post(
        "pg/orders", json=_order("REPAY_1001_1", "99.00"), headers={**h, "x-idempotency-key": "create-1"}
    )
    assert other.status_code == 422 and other.json()["type"] == "idempotency_error"
    taken = await pay(paid, "success")
    assert taken["payment_status"] == "SUCCESS" and taken["payment_completion_time"]

    # Left pending at the bank, its termination asked for, then paid after all.
    pending_order = await create("REPAY_1001_2", "create-2")
    waiting = await pay(pending_order, "pending")
    assert waiting["payment_status"] == "PENDING" and "payment_completion_time" not in waiting
    closing = await client.patch(
        "pg/orders/REPAY_1001_2", json={"order_status": "TERMINATED"}, headers={**h, "x-idempotency-key": "end-2"}
    )
    assert closing.json()["order_status"] == "TERMINATION_REQUESTED"
    late = await client.post(f"payments/{waiting['cf_payment_id']}/bank", json={"payment_status": "SUCCESS"})
    assert late.status_code == 200
    read = await client.get("pg/orders/REPAY_1001_2", headers=h)
    assert read.json()["order_status"] == "PAID"

    # The payer drops out; the order stays payable, then is terminated.
    dropped_order = await create("VK10000009-1", "create-3")
    assert (await pay(dropped_order, "dropped"))["payment_status"] == "USER_DROPPED"
    ended = await client.patch(
        "pg/orders/VK10000009-1", json={"order_status": "TERMINATED"}, headers={**h, "x-idempotency-key": "end-3"}
    )
    assert ended.json()["order_status"] == "TERMINATED"

    # A refund held by the bank, then cancelled; a repeated refund_id without its key is a 409.
    refund = await client.post(
        "pg/orders/REPAY_1001_1/refunds",
        json={"refund_amount": 100.25, "refund_id": "REPAY_1001_1-r1", "refund_note": "Paid twice"},
        headers={**h, "x-idempotency-key": "refund-1"},
    )
    assert refund.status_code == 200, refund.text
    cf_refund_id = refund.json()["cf_refund_id"]
    state(world).refunds["mock-client", "REPAY_1001_1"][0].refund_status = "PENDING"  # as a bank takes its time
    for word in ("ONHOLD", "CANCELLED"):
        told = await client.post(f"refunds/{cf_refund_id}/bank", json={"refund_status": word})
        assert told.json()["refund_status"] == word
    again = await client.post(
        "pg/orders/REPAY_1001_1/refunds",
        json={"refund_amount": 100.25, "refund_id": "REPAY_1001_1-r1"},
        headers={**h, "x-idempotency-key": "refund-2"},
    )
    assert again.status_code == 409
    refunds = await client.get("pg/orders/REPAY_1001_1/refunds", headers=h)
    assert [r["refund_status"] for r in refunds.json()] == ["CANCELLED"]

    # A payment of two days ago was settled the day after, less the provider's fee and its tax.
    two_days_ago = (mocks_now(world) - timedelta(days=2)).isoformat(timespec="seconds")
    state(world).payments["mock-client", "REPAY_1001_1"][0].payment_completion_time = two_days_ago
    span = {"start_date": "2020-01-01T00:00:00Z", "end_date": "2030-01-01T00:00:00Z"}
    settled = await client.post("pg/settlement/recon", json={"filters": span, "pagination": {"limit": 10}}, headers=h)
    [row] = json.loads(settled.content, parse_float=Decimal)["data"]
    fee = row["payment_details"]["payment_service_charge"] + row["payment_details"]["payment_service_tax"]
    assert fee > 0 and row["event_details"]["event_settlement_amount"] == Decimal("1250.50") - fee

    # The gateway's own client reads the reports a page at a time (one event a page here).
    await pay(await create("VK10000010-1", "create-4"), "success")
    gateway_client = PaymentsClient(UpstreamHttp("payments", client), "mock-client", CLIENT_SECRET, page=1)
    report = await gateway_client.settlement_report(mocks_today(world))
    assert [e.order_id for e in report.events] == ["REPAY_1001_2", "VK10000010-1"]
    assert len([j for j in world.journal if j.path == "pg/recon"]) == 2
    # What yesterday's settlements brought, read by cursor a page (one event) at a time.
    state(world).payments["mock-client", "REPAY_1001_2"][0].payment_completion_time = two_days_ago
    yesterday = mocks_today(world) - timedelta(days=1)
    both = json.loads(
        (
            await client.post("pg/settlement/recon", json={"filters": span, "pagination": {"limit": 10}}, headers=h)
        ).content,
        parse_float=Decimal,
    )["data"]
    assert len(both) == 2
    assert await gateway_client.credited(yesterday) == sum(r["event_details"]["event_settlement_amount"] for r in both)
    assert len([j for j in world.journal if j.path == "pg/settlement/recon"]) == 2 + 2  # ours above, then two pages
    reference = state(world).payments["mock-client", "REPAY_1001_2"][0].bank_reference
    assert reference is not None
    assert [p.order_id for p in await gateway_client.search(reference, mocks_today(world))] == ["REPAY_1001_2"]
    statuses = [p.payment_status for p in await gateway_client.order_payments("VK10000009-1")]
    assert statuses == ["USER_DROPPED"]

    await world.drain(2)
    assert state(world).conformance == []
    sent = {w.type for w in state(world).webhooks}
    assert {"PAYMENT_SUCCESS_WEBHOOK", "PAYMENT_USER_DROPPED_WEBHOOK", "REFUND_STATUS_WEBHOOK"} <= sent


def test_a_repeated_call_keeps_its_verdict_and_each_call_records_its_finding() -> None:
    """The verdicts are kept by message (the clock's follow-ups ask the same again): a repeated
    refused call is refused and recorded each time, and another answer is judged by its own bytes."""
    findings: list[Finding] = []
    held = HeldToCashfree(None, lambda: findings)
    invented = ContractRequest.build("GET", "/pg/settlements/recon", "settlement_date=2026-11-23", [], b"")
    for _ in range(3):
        problem = held.check_request(invented)
        assert problem is not None and problem.status == 400
    assert len(findings) == 3 and all(f.side == "request" for f in findings)
    payments = ContractRequest.build(
        "GET", "/pg/orders/REPAY_1_1/payments", "", [(k.encode(), v.encode()) for k, v in HEADERS.items()], b""
    )
    settled = [{"cf_payment_id": "1", "payment_status": "SETTLED", "payment_amount": 1}]
    success = [{"cf_payment_id": "1", "payment_status": "SUCCESS", "payment_amount": 1}]
    for _ in range(2):
        bad = held.check_response(
            payments, ContractResponse(200, json.dumps(settled).encode(), {"content-type": "application/json"})
        )
        assert bad is not None and bad.status == 500
        assert (
            held.check_response(
                payments, ContractResponse(200, json.dumps(success).encode(), {"content-type": "application/json"})
            )
            is None
        )
    assert [f.side for f in findings[3:]] == ["answer", "answer"]
