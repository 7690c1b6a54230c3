"""The daily reconciliation (issue 41): the provider's settlement report against the store's
orders and the lender's repayments. Money moves through the gateway and the in-process mocks as a
shopper and a borrower move it; QA's settlement mistakes seed each kind of mismatch."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Callable
from datetime import date, datetime, time, timedelta, timezone
from decimal import Decimal
from typing import Any

import httpx
import msgspec
import pytest

from gateway.clients import build_clients
from gateway.operations_db import OperationsDatabase
from gateway.plumbing.clock import ReadClock
from gateway.reconciliation.schemas import Reconciliation
from gateway.reconciliation.service import ReconciliationService
from gateway.settings import OtpLimits, Settings
from gateway.upstreams.http import UPSTREAM_NAMES, build_upstreams, close_upstreams
from tests.conftest import CLIENT_SECRET, FINERACT_ACCOUNT, GatewayClient
from tests.integration.served_gateway import ROOT
from tests.integration.test_checkout_api import fill_cart, place, quote
from tests.integration.test_orders_api import detail
from tests.integration.test_portal_api import log_in as portal_log_in
from tests.integration.test_portal_api import pay as repay
from tests.integration.test_portal_repayments_api import checkout, confirm
from tests.integration.test_store_api import log_in as store_log_in
from tests.mocks_clock import mocks_today
from upstream_mocks.money import rupees
from upstream_mocks.payments.settlements import SERVICE_CHARGE, SERVICE_TAX
from upstream_mocks.suite import MOUNTED_AS


@pytest.fixture
def settings(make_settings: Callable[..., Settings]) -> Settings:
    # The borrower's and the shopper's logins share one number, a code each, back to back.
    return make_settings(otp=OtpLimits(resend_seconds=0, sends_per_number_per_hour=50))


def in_process_mocks(client: GatewayClient, settings: Settings) -> dict[str, httpx.AsyncClient]:
    """A client per upstream the settings name, to the in-process mocks the client's app serves."""
    return {
        name: httpx.AsyncClient(
            transport=httpx.ASGITransport(app=client.app),
            base_url=f"http://testserver/_mocks/{MOUNTED_AS.get(name, name)}/",
        )
        for name in settings.upstream_names
    }


def reconcile(
    client: GatewayClient, settings: Settings, day: date | None = None, *, with_database: bool = False
) -> Reconciliation:
    """A day's reconciliation (today's unless told) over the same in-process mocks the client's
    app serves, with every lender the settings name; `with_database`, reading the gateway's own
    database too, as `make reconcile` does."""

    now = datetime.fromisoformat(client.get("/_mocks/clock").json()["now"])  # the mocks' one clock
    clock = ReadClock(lambda: now)

    async def run() -> Reconciliation:
        pool = build_upstreams(settings, in_process_mocks(client, settings))
        database = OperationsDatabase(settings.operations_database_url, settings.database_timeout)
        try:
            clients = build_clients(settings, pool, clock)
            service = ReconciliationService.over(clients, clock, database if with_database else None)
            return await service.run(day or await clock.today())
        finally:
            await close_upstreams(pool)
            await database.close()

    return client.blocking_portal.call(run)


def paid_online(client: GatewayClient, key: str, lines: dict[int, int]) -> dict[str, Any]:
    fill_cart(client, lines)
    placed = place(client, key, quote(client, "online")["charges"]["total"], "online")
    assert placed.status_code == 200, placed.text
    order: dict[str, Any] = placed.json()
    session = order["payment"]["paymentSessionId"]
    assert client.post(f"/_mocks/payments/checkout/{session}/pay", json={"outcome": "success"}).status_code == 200
    seen = client.get(f"/api/orders/{order['orderNumber']}").json()  # the orders service settles it
    assert seen["payment"]["state"] == "paid", seen
    return dict(seen)


def repaid(client: GatewayClient, amount: str) -> dict[str, Any]:
    portal_log_in(client)
    client.get("/api/portal/repayment")
    started = repay(client, {"mode": "partialPayment", "amount": amount}, key="reconcile-repay-1").json()
    checkout(client, started)
    confirm(client, started)
    return dict(started)


def fee(amount: Decimal) -> Decimal:
    """The provider's charge on a payment and the GST on it, at the mock provider's published rate."""
    charge = rupees(amount * SERVICE_CHARGE)
    return charge + rupees(charge * SERVICE_TAX)


def mistake(client: GatewayClient, **body: Any) -> None:
    answer = client.post("/_mocks/payments/settlements/mistakes", json=body)
    assert answer.status_code == 201, answer.text


def a_day_of_money(client: GatewayClient) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    """A repayment, three orders paid online and the third cancelled (refunded to the UPI)."""
    repayment = repaid(client, "1000")
    store_log_in(client)
    orders = [paid_online(client, f"reconcile-order-{n}", {n: 1}) for n in (1, 2, 3)]
    cancelled = client.post(f"/api/orders/{orders[2]['orderNumber']}/cancel", headers=client.xsrf())
    assert cancelled.status_code == 200 and cancelled.json()["refund"]["kind"] == "toSource", cancelled.text
    return orders, repayment


def test_a_clean_day_reports_nothing_unreconciled(client: GatewayClient, settings: Settings) -> None:
    orders, _ = a_day_of_money(client)
    result = reconcile(client, settings)
    assert result.mismatches == []
    assert result.unreconciled == Decimal("0.00")
    assert result.recorded_payments == 4  # three orders and the repayment
    assert (result.payments_settled, result.refunds_settled) == (4, 1)
    # Taken today, settled tomorrow: in transit, each net of the provider's fee and tax.
    paid = [Decimal(o["payment"]["amount"]) for o in orders] + [Decimal("1000.00")]
    assert (result.settled_net, len(result.in_transit)) == (Decimal("0.00"), 4)
    assert result.in_transit_net == sum((a - fee(a) for a in paid), Decimal("0.00"))
    assert result.fees == sum((fee(a) for a in paid), Decimal("0.00"))
    assert [(k.kind, k.count, k.unreconciled) for k in result.by_kind if k.count] == []


def test_each_kind_of_mismatch_seeded_at_the_provider_is_found(client: GatewayClient, settings: Settings) -> None:
    orders, repayment = a_day_of_money(client)
    first, second, third = (o["payment"]["providerOrderId"] for o in orders)
    mistake(client, kind="omitPayment", orderId=first)  # order paid, no charge
    mistake(client, kind="duplicate", orderId=second)  # settled twice
    mistake(client, kind="omitRefund", orderId=third)  # refund missing
    mistake(client, kind="changeAmount", orderId=repayment["orderId"], amount="999.50")  # amount differs
    mistake(client, kind="strayCharge", orderId="stray_order_1", amount="250.00")  # charged, no order

    result = reconcile(client, settings)

    found = {(m.kind, m.provider_order_id, m.owner, m.unreconciled) for m in result.mismatches}
    amount = [Decimal(o["payment"]["amount"]) for o in orders]
    assert found == {
        ("paidWithoutCharge", first, "storeOrder", amount[0]),
        ("settledTwice", second, "storeOrder", amount[1]),
        ("refundMissing", third, "storeOrder", amount[2]),
        ("amountDiffers", repayment["orderId"], "repayment", Decimal("0.50")),
        ("chargedWithoutOrder", "stray_order_1", "unknown", Decimal("250.00")),
    }
    references = {m.kind: m.reference for m in result.mismatches}
    assert references["paidWithoutCharge"] == orders[0]["orderNumber"]
    assert references["amountDiffers"] == "LN-1001"
    assert {k.kind: k.count for k in result.by_kind} == dict.fromkeys(
        ("chargedWithoutOrder", "paidWithoutCharge", "amountDiffers", "refundMissing", "settledTwice"), 1
    ) | dict.fromkeys(
        (
            "notSettled",
            "refundNotRecorded",
            "refundMoreThanRecorded",
            "payoutNotShown",
            "payoutNotMade",
            "payoutAmountDiffers",
            "payoutOverdue",
            "payoutWithoutReturn",
            "debitNotBooked",
            "bookedWithoutDebit",
        ),
        0,
    )
    assert result.unreconciled == sum(amount, Decimal("250.50"))
    assert not result.over_a_day  # today's: no alert yet

    cleared = client.delete("/_mocks/payments/settlements/mistakes")
    assert cleared.status_code == 200
    assert reconcile(client, settings).unreconciled == Decimal("0.00")


def test_a_refund_the_provider_gave_that_we_did_not_ask_for_is_found(client: GatewayClient, settings: Settings) -> None:
    orders, _ = a_day_of_money(client)
    first, _, third = (o["payment"]["providerOrderId"] for o in orders)
    mistake(client, kind="strayRefund", orderId=first, amount="120.35")  # never refunded by us
    mistake(client, kind="strayRefund", orderId=third, amount="0.01")  # cancelled: refunded in full already

    result = reconcile(client, settings)

    cancelled = Decimal(orders[2]["payment"]["amount"])
    assert sorted((m.kind, m.reference, m.recorded, m.settled, m.unreconciled) for m in result.mismatches) == [
        ("refundMoreThanRecorded", orders[2]["orderNumber"], cancelled, cancelled + Decimal("0.01"), Decimal("0.01")),
        ("refundNotRecorded", orders[0]["orderNumber"], None, Decimal("120.35"), Decimal("120.35")),
    ]
    assert result.unreconciled == Decimal("120.36")


def test_qa_is_told_what_a_mistake_lacks(client: GatewayClient) -> None:
    answer = client.post("/_mocks/payments/settlements/mistakes", json={"kind": "changeAmount", "orderId": "x"})
    assert answer.status_code == 400
    assert "needs an amount" in answer.json()["message"]


def test_the_command_reports_a_day_and_exits_by_what_it_found(mocks_url: str, tmp_path: Any) -> None:
    """`python -m gateway.reconciliation` against the mocks as their own service, as QA runs it."""
    httpx.post(f"{mocks_url}/_mocks/reset")
    env = {
        **os.environ,
        **{f"{name.upper()}_URL": f"{mocks_url}/_mocks/{name}/" for name in UPSTREAM_NAMES},
        "LOG_JSON": "true",
    }
    env.pop("MOCKS_URL", None)
    command = [sys.executable, "-m", "gateway.reconciliation", "--date", "today"]
    clean = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    assert clean.returncode == 0, clean.stderr
    assert "₹0.00 unreconciled (0 mismatches" in clean.stdout

    httpx.post(
        f"{mocks_url}/_mocks/payments/settlements/mistakes", json={"kind": "strayCharge", "amount": "75.25"}
    ).raise_for_status()
    metrics = tmp_path / "reconciliation.prom"
    found = subprocess.run(
        [*command, "--metrics-file", str(metrics)], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120
    )
    assert found.returncode == 1, found.stderr
    assert "₹75.25 unreconciled (1 mismatches" in found.stdout
    assert "charged without an order" in found.stdout
    lines = [json.loads(line) for line in found.stderr.splitlines() if line.startswith("{")]
    assert [(e["kind"], e["unreconciled"]) for e in lines if e["event"] == "reconciliation_mismatch"] == [
        ("chargedWithoutOrder", "75.25")
    ]
    assert 'voltkhata_reconciliation_unreconciled_rupees{kind="chargedWithoutOrder"} 75.25' in metrics.read_text()
    httpx.post(f"{mocks_url}/_mocks/reset")


def test_a_return_refunded_to_the_upi_reconciles_and_a_missing_one_is_found(
    client: GatewayClient, settings: Settings
) -> None:
    from tests.integration.test_returns_api import ask, delivered, desk, slot

    client.post("/_mocks/reset")
    store_log_in(client)
    order = delivered(client, "reconcile-return-1", {7: 2}, "online")
    number, provider_order = order["orderNumber"], order["payment"]["providerOrderId"]
    asked = ask(
        client, number, "reconcile-return-ok", lines=[{"productId": 7, "quantity": 1}], reason="noLongerNeeded",
        pickup=slot(order),
    )  # fmt: skip
    assert asked.status_code == 200, asked.text
    returned = desk(client, number, 3)["returns"][0]
    assert returned["refund"]["kind"] == "toSource"
    # The provider pays the refund out (its webhook); read until it has, a bounded number of times.
    for _ in range(50):
        if detail(client, number)["returns"][0]["status"] == "refunded":
            break

    result = reconcile(client, settings)
    assert result.mismatches == [] and result.unreconciled == Decimal("0.00")
    assert result.refunds_settled == 1
    assert result.settled_net == Decimal("0.00")  # neither the payment nor the refund is settled yet

    mistake(client, kind="omitRefund", orderId=provider_order)
    found = reconcile(client, settings)
    assert [(m.kind, m.reference, m.unreconciled) for m in found.mismatches] == [
        ("refundMissing", number, Decimal(returned["amount"]))
    ]


PROVIDER = {"x-client-id": "mock-client", "x-client-secret": CLIENT_SECRET, "x-api-version": "2025-01-01"}


def paid_on_account(client: GatewayClient, order_id: str, amount: str, account: dict[str, str]) -> None:
    """A provider order `order_id` made on `account` (through the in-process mocks) and paid."""
    created = client.post(
        "/_mocks/payments/pg/orders",
        headers=account,
        json={
            "order_id": order_id,
            "order_amount": float(amount),
            "order_currency": "INR",
            "customer_details": {"customer_id": "payer-1", "customer_phone": "9876543210"},
        },
    )
    assert created.status_code == 200, created.text
    session = created.json()["payment_session_id"]
    assert client.post(f"/_mocks/payments/checkout/{session}/pay", json={"outcome": "success"}).status_code == 200


def test_money_settled_into_another_collecting_account_is_a_mismatch_in_both(
    client: GatewayClient, settings: Settings
) -> None:
    """Each account is matched on its own: a lender's repayment whose money the store's account
    took (its order id reported there, not in the lender's own), and a store order's whose money a
    lender's account took, are each found in both accounts, never matched across them."""
    orders, repayment = a_day_of_money(client)
    store, lender = settings.payments_client_id, settings.lending_payments_client_id
    lenders_keys = {
        "x-client-id": lender,
        "x-client-secret": settings.lending_payments_client_secret,
        "x-api-version": "2025-01-01",
    }
    repayment_order, store_order = repayment["orderId"], orders[0]["payment"]["providerOrderId"]
    store_amount = Decimal(orders[0]["payment"]["amount"])
    # Each account's own report misses its payment; the other account took the same money under
    # the same order id (order ids are each account's own, so both accounts may have one).
    mistake(client, kind="omitPayment", orderId=repayment_order, clientId=lender)
    paid_on_account(client, repayment_order, "1000.00", PROVIDER)
    mistake(client, kind="omitPayment", orderId=store_order, clientId=store)
    paid_on_account(client, store_order, str(store_amount), lenders_keys)

    result = reconcile(client, settings)

    found = {(m.kind, m.provider_order_id, m.account, m.owner, m.reference, m.unreconciled) for m in result.mismatches}
    assert found == {
        ("paidWithoutCharge", repayment_order, lender, "repayment", "LN-1001", Decimal("1000.00")),
        ("chargedWithoutOrder", repayment_order, store, "repayment", "LN-1001", Decimal("1000.00")),
        ("paidWithoutCharge", store_order, store, "storeOrder", orders[0]["orderNumber"], store_amount),
        ("chargedWithoutOrder", store_order, lender, "storeOrder", orders[0]["orderNumber"], store_amount),
    }


FINERACT = {"Authorization": "Basic bWlmb3M6cGFzc3dvcmQ=", "Fineract-Platform-TenantId": "default"}


# The Fineract lender's own account, which the adapter opens its repayments' checkouts on.
LENDER = FINERACT_ACCOUNT


def paid_at_provider(mocks: str, order_id: str, amount: str, account: dict[str, str]) -> str:
    """A provider order made on `account` and paid at its checkout: the payment's id."""
    created = httpx.post(
        f"{mocks}/_mocks/payments/pg/orders",
        headers=account,
        json={
            "order_id": order_id,
            "order_amount": float(amount),
            "order_currency": "INR",
            "customer_details": {"customer_id": "fin-7101", "customer_phone": "9811122233"},
        },
    )
    assert created.status_code == 200, created.text
    session = created.json()["payment_session_id"]
    paid = httpx.post(f"{mocks}/_mocks/payments/checkout/{session}/pay", json={"outcome": "success"})
    assert paid.status_code == 200, paid.text
    taken = httpx.get(f"{mocks}/_mocks/payments/pg/orders/{order_id}/payments", headers=account).json()
    return str(next(p["cf_payment_id"] for p in taken if p["payment_status"] == "SUCCESS"))


def fineract_repaid_online(mocks: str, order_id: str, amount: str) -> None:
    """A Fineract loan repaid through the provider, as the Fineract adapter books one: the provider's
    order paid (on the lender's own account), then the repayment on the loan with that order as its
    receipt, on the mocks' today."""
    cf_payment_id = paid_at_provider(mocks, order_id, amount, LENDER)
    today = mocks_today(httpx.Client(base_url=mocks))
    booked = httpx.post(
        f"{mocks}/_mocks/fineract/fineract-provider/api/v1/loans/7101/transactions?command=repayment",
        headers=FINERACT,
        json={
            "transactionDate": today.strftime("%d %B %Y"),
            "dateFormat": "dd MMMM yyyy",
            "locale": "en",
            "transactionAmount": float(amount),
            "externalId": f"pg-{cf_payment_id}",
            "receiptNumber": order_id,
            "paymentTypeId": 1,
        },
    )
    assert booked.status_code == 200, booked.text


def test_make_reconcile_reads_both_lenders_and_keeps_the_commands_exit_codes(mocks_url: str) -> None:
    """What `make reconcile` runs (scripts/reconcile.sh) against a `make run`'s mocks: the Fineract
    lender's repayment is its, not a charge without an order; 1 means mismatches, 2 an unread source."""
    httpx.post(f"{mocks_url}/_mocks/reset").raise_for_status()
    fineract_repaid_online(mocks_url, "FINREPAY_7101_900005501", "150.25")
    env = {k: v for k, v in os.environ.items() if not k.endswith("_URL") and k != "LENDERS"}
    env |= {"RECONCILE_AGAINST": mocks_url, "PY": sys.executable}
    script = [str(ROOT / "scripts" / "reconcile.sh"), "--date", "today"]

    def run(*args: str, **extra: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([*script, *args], env=env | extra, capture_output=True, text=True, timeout=120)

    clean = run()
    assert clean.returncode == 0, clean.stdout + clean.stderr
    assert "₹0.00 unreconciled (0 mismatches; 1 payments" in clean.stdout
    # The Fineract lender left out: its own account is not read, so its repayment is nowhere.
    alone = run(LENDERS="native")
    assert alone.returncode == 0 and "FINREPAY_7101_900005501" not in alone.stdout, alone.stdout + alone.stderr
    # A charge on the store's own account that no order or repayment owns is a stray charge.
    paid_at_provider(mocks_url, "STRAY_0001", "99.00", PROVIDER)
    stray = run()
    assert stray.returncode == 1, stray.stdout + stray.stderr
    assert "charged without an order: provider order STRAY_0001" in stray.stdout
    unread = run(PAYMENTS_URL="http://127.0.0.1:9/")
    assert unread.returncode == 2
    assert "a source could not be read" in unread.stderr
    # make runs the script as its recipe's one command, with the same defaults.
    dry = subprocess.run(["make", "-n", "reconcile"], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert "scripts/reconcile.sh --date today" in dry.stdout.splitlines()[-1]
    httpx.post(f"{mocks_url}/_mocks/reset")


IST = timezone(timedelta(hours=5, minutes=30))


def test_three_days_of_traffic_settle_a_day_late_net_of_fees_with_both_lenders(
    make_client: Callable[[Settings], GatewayClient], settings: Settings
) -> None:
    """Day 1 and 2: orders paid online, a cancellation refunded, a repayment to each lender, a cash
    return paid out to a UPI ID; the provider settles each day's money the next day at 11:00, less
    its fee and tax. Seeded: one payment settled at another amount, and a chargeback (an item of its
    own, not a mismatch)."""
    from tests.integration.test_portal_api import pay as portal_pay
    from tests.integration.test_return_payouts import returned_to
    from tests.integration.test_two_lenders_api import MEENA

    both_settings = msgspec.structs.replace(settings, lenders="native,fineract")
    client = make_client(both_settings)
    client.post("/_mocks/reset")
    first_day = mocks_today(client)

    repayment = repaid(client, "1000")
    store_log_in(client)
    a1, b1 = (paid_online(client, f"three-days-{n}", {n: 1}) for n in (1, 2))
    cancelled = client.post(f"/api/orders/{b1['orderNumber']}/cancel", headers=client.xsrf())
    assert cancelled.status_code == 200, cancelled.text
    day_one = {repayment["orderId"]: Decimal("1000.00")} | {
        o["payment"]["providerOrderId"]: Decimal(o["payment"]["amount"]) for o in (a1, b1)
    }

    found = reconcile(client, both_settings)  # day 1, that day: all in transit, nothing wrong
    assert found.mismatches == []
    assert {(t.provider_order_id, t.amount, t.fee, t.net, t.expected_on) for t in found.in_transit} == {
        (order, amount, fee(amount), amount - fee(amount), first_day + timedelta(days=1))
        for order, amount in day_one.items()
    }

    assert client.post("/_mocks/clock", json={"days": 1}).status_code == 200
    portal_log_in(client, MEENA)  # the Fineract lender's borrower
    fin = portal_pay(client, {"mode": "partialPayment", "amount": "200.50"}, key="three-days-fin").json()
    checkout(client, fin)
    assert confirm(client, fin)["status"] == "completed"
    store_log_in(client)
    a2 = paid_online(client, "three-days-3", {3: 1})
    a2_order, a2_amount = a2["payment"]["providerOrderId"], Decimal(a2["payment"]["amount"])
    mistake(client, kind="changeAmount", orderId=a2_order, amount=str(a2_amount - 1))
    a1_payment = client.get(
        f"/_mocks/payments/pg/orders/{a1['payment']['providerOrderId']}/payments", headers=PROVIDER
    ).json()[0]["cf_payment_id"]
    charged_back = client.post("/_mocks/payments/chargebacks", json={"cfPaymentId": a1_payment, "amount": "100.00"})
    assert charged_back.status_code == 201, charged_back.text
    # A cash order's return refunded to a UPI ID: paid out through the payouts provider.
    payout_order, payout_return = returned_to(client, "three-days-payout", "ramesh@okaxis")

    # Day 3, past the provider's 11:00 settlement: both days settled.
    third = datetime.combine(first_day + timedelta(days=2), time(12, 0), IST)
    if datetime.fromisoformat(client.get("/_mocks/clock").json()["now"]) < third:
        assert client.post("/_mocks/clock", json={"at": third.isoformat()}).status_code == 200
    else:
        assert client.post("/_mocks/clock", json={"days": 1}).status_code == 200

    one = reconcile(client, both_settings, first_day)
    assert (one.mismatches, one.in_transit, one.adjustments) == ([], [], [])
    refunded = Decimal(b1["payment"]["amount"])
    assert one.settled_net == sum((a - fee(a) for a in day_one.values()), Decimal("0.00")) - refunded
    assert one.fees == sum((fee(a) for a in day_one.values()), Decimal("0.00"))
    assert one.credited == Decimal("0.00")  # nothing was settled on day 1 itself

    two = reconcile(client, both_settings, first_day + timedelta(days=1))
    assert [(m.kind, m.provider_order_id, m.owner, m.recorded, m.settled, m.unreconciled) for m in two.mismatches] == [
        ("amountDiffers", a2_order, "storeOrder", a2_amount, a2_amount - 1, Decimal("1.00"))
    ]
    assert two.in_transit == [] and two.recorded_payments == 2  # the Fineract repayment is its lender's
    assert [(a.kind, a.provider_order_id, a.amount, a.credit) for a in two.adjustments] == [
        ("chargeback", a1["payment"]["providerOrderId"], Decimal("100.00"), False)
    ]
    fin_net = Decimal("200.50") - fee(Decimal("200.50"))
    # The changed payment settles at its changed amount less the fee on what was paid.
    assert two.settled_net == fin_net + (a2_amount - 1 - fee(a2_amount)) - Decimal("100.00")
    assert two.unreconciled == Decimal("1.00")
    # The mismatch carries the provider's fee and tax on what it reported, so the desk shows it net.
    assert [(m.kind, m.fee) for m in two.mismatches] == [("amountDiffers", fee(a2_amount))]
    assert two.credited == one.settled_net  # day 1's money reached the bank on day 2, net of fees
    # The payout, answered by the bank within its day, matches the provider's transfer to the paisa.
    assert [(p.transfer_id, p.amount) for p in two.payouts_matched] == [
        (f"{payout_order}_R1", Decimal(payout_return["amount"]))
    ]
    assert (two.payouts_in_transit, two.payouts_failed) == ([], [])


def test_a_refund_the_bank_pays_out_after_midnight_is_at_the_bank_then_matched_on_the_day_it_shows(
    client: GatewayClient, settings: Settings
) -> None:
    """The provider's report lists a refund on the day its bank pays it out: a cancellation refunded
    one day and paid out the next is at the bank on the first day's run, and neither missing there
    nor a refund nobody asked for on the next."""
    client.post("/_mocks/reset")
    store_log_in(client)
    order = paid_online(client, "reconcile-held-1", {4: 1})
    number, provider_order = order["orderNumber"], order["payment"]["providerOrderId"]
    # The bank holds the refund (ten minutes of real time, longer than this test) until its word below.
    hold = {"mock": "payments", "path": "refund", "refund": "onHold", "delayMs": 600_000, "times": 1}
    assert client.post("/_mocks/scenarios", json=hold).status_code == 201
    cancelled = client.post(f"/api/orders/{number}/cancel", headers=client.xsrf())
    assert cancelled.status_code == 200 and cancelled.json()["refund"]["kind"] == "toSource", cancelled.text
    day = mocks_today(client)

    asked = reconcile(client, settings)
    assert asked.mismatches == [] and asked.unreconciled == Decimal("0.00")
    assert [(r.reference, r.amount, r.status) for r in asked.refunds_in_transit] == [
        (number, Decimal(order["payment"]["amount"]), "ONHOLD")
    ]
    assert asked.refunds_settled == 0

    assert client.post("/_mocks/clock", json={"days": 1}).status_code == 200
    refunds = client.get(f"/_mocks/payments/pg/orders/{provider_order}/refunds", headers=PROVIDER).json()
    paid_out = client.post(
        f"/_mocks/payments/refunds/{refunds[0]['cf_refund_id']}/bank", json={"refund_status": "SUCCESS"}
    )
    assert paid_out.status_code == 200, paid_out.text

    again = reconcile(client, settings, day)  # the first day, run again: it showed on the next
    assert (again.mismatches, again.refunds_in_transit) == ([], [])
    shown = reconcile(client, settings)  # the next day: the refund is ours, from the day before
    assert shown.refunds_settled == 1
    assert [m for m in shown.mismatches if m.kind.startswith("refund")] == []
