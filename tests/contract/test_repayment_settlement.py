"""Repayments settle exactly once, whichever comes first: the provider's signed webhook or the
browser's confirm; amounts stay exact; history, receipts and receipt mails follow.

Everything runs on an in-process suite held to contracts/lending, payments and mail.
"""

from __future__ import annotations

import asyncio
import io
from decimal import Decimal

import msgspec
import pypdf

from tests.contract.conftest import assert_conforms, contract_for
from tests.contract.repayment_world import RAMESH, Repayments, decode, repayments
from upstream_mocks.payments.events import payment_event
from upstream_mocks.payments.orders import get_order, payments_for
from upstream_mocks.payments.webhooks import signed_headers
from upstream_mocks.sms import issue_code

COMPLETED = "Payment process completed"
FAILED = "Payment failed"


async def test_the_webhook_settles_a_payment_the_browser_never_confirms() -> None:
    async with repayments() as mock:
        await mock.log_in()
        started = await mock.start("1000.00")
        await mock.pay(started)
        await mock.world.drain()  # the webhook delivery the payment started
        assert await mock.owed() == Decimal("11450.00")
        [delivery] = await mock.webhooks()
        assert (delivery["type"], delivery["outcome"]) == ("PAYMENT_SUCCESS_WEBHOOK", "delivered")
        assert delivery["attempts"] == 1
        # The browser's confirm afterwards finds it settled and takes nothing more.
        assert await mock.confirm(started) == COMPLETED
        assert await mock.owed() == Decimal("11450.00")


async def test_a_failed_payment_is_reported_by_webhook_and_changes_nothing() -> None:
    async with repayments() as mock:
        await mock.log_in()
        started = await mock.start("500.00")
        await mock.pay(started, "failure")
        await mock.world.drain()
        assert [d["type"] for d in await mock.webhooks()] == ["PAYMENT_FAILED_WEBHOOK"]
        assert [(e["status"], e["providerReference"]) for e in await mock.history()] == [("failed", None)]
        assert await mock.owed() == Decimal("12450.00")


async def test_race_webhook_and_confirm_at_the_same_moment_settle_once_in_each_of_100_rounds() -> None:
    async with repayments() as mock:
        mock.world.states["lending"].borrowers[RAMESH].email = None  # no receipt mails: a faster test
        await mock.log_in()
        # The provider's own delivery is held back, so each round fires both by hand at once.
        await mock.scenario(mock="payments", path="webhook", webhook="drop")
        owed = await mock.owed()
        for round_ in range(100):
            started = await mock.start("1.23")
            payment = await mock.pay(started)
            await mock.world.drain()
            webhook = mock.world.states["payments"].webhooks[-1]
            assert webhook.outcome == "dropped"
            raw, headers = signed_event(mock, started.order_id, payment)
            results = await asyncio.gather(
                mock.client.post(webhook.notify_url, content=raw, headers=headers),
                mock.confirm(started),
            )
            assert results[0].status_code == 200 and results[1] == COMPLETED, round_
            now = await mock.owed()
            assert now == owed - Decimal("1.23"), f"round {round_}: {owed} -> {now}"
            owed = now
        assert owed == Decimal("12450.00") - 100 * Decimal("1.23")


def signed_event(mock: Repayments, order_id: str, payment: dict[str, object]) -> tuple[bytes, dict[str, str]]:
    """The webhook the provider would have sent for this payment, signed now."""
    order = get_order(mock.world, mock.world.settings.lending_payments_client_id, order_id)
    assert order is not None
    [paid] = [p for p in payments_for(mock.world, order) if p.cf_payment_id == payment["cf_payment_id"]]
    raw = msgspec.json.Encoder(decimal_format="number").encode(payment_event(order, paid))
    return raw, signed_headers(mock.world.settings.lending_payments_client_secret, raw)


async def test_a_dropped_webhook_still_settles_when_the_borrower_comes_back() -> None:
    async with repayments() as mock:
        await mock.log_in()
        await mock.scenario(mock="payments", path="webhook", webhook="drop", times=1)
        started = await mock.start("2000.00")
        await mock.pay(started)
        await mock.world.drain()
        assert [d["outcome"] for d in await mock.webhooks()] == ["dropped"]
        assert [e["status"] for e in await mock.history()] == ["pending"]
        assert await mock.owed() == Decimal("12450.00")
        assert await mock.confirm(started) == COMPLETED  # the re-check reads the provider: paid
        assert await mock.owed() == Decimal("10450.00")
        assert [e["status"] for e in await mock.history()] == ["paid"]


async def test_a_duplicated_webhook_settles_once() -> None:
    async with repayments() as mock:
        await mock.log_in()
        await mock.scenario(mock="payments", path="webhook", webhook="duplicate", times=1)
        started = await mock.start("450.00")
        await mock.pay(started)
        await mock.world.drain()
        assert [d["outcome"] for d in await mock.webhooks()] == ["delivered", "delivered"]
        assert await mock.owed() == Decimal("12000.00")
        lending_answers = [e.status for e in mock.world.journal if e.path == "webhooks/payments"]
        assert lending_answers == [200, 200]


async def test_a_delayed_webhook_arrives_after_the_confirm_and_changes_nothing() -> None:
    async with repayments() as mock:
        await mock.log_in()
        await mock.scenario(mock="payments", path="webhook", delayMs=200, times=1)
        started = await mock.start("100.00")
        await mock.pay(started)
        assert await mock.confirm(started) == COMPLETED  # before the webhook comes
        assert await mock.owed() == Decimal("12350.00")
        await mock.world.drain()
        assert [d["outcome"] for d in await mock.webhooks()] == ["delivered"]
        assert await mock.owed() == Decimal("12350.00")
        [entry] = await mock.history()
        assert entry["status"] == "paid"


async def test_a_failing_receiver_gets_the_webhook_again_with_back_off() -> None:
    async with repayments() as mock:
        await mock.log_in()
        await mock.scenario(mock="lending", path="webhooks/payments", status=503, times=2)
        started = await mock.start("250.00")
        await mock.pay(started)
        await mock.world.drain()
        [delivery] = await mock.webhooks()
        assert (delivery["outcome"], delivery["attempts"], delivery["last_status"]) == ("delivered", 3, 200)
        assert await mock.owed() == Decimal("12200.00")


async def test_a_receiver_that_never_answers_well_is_given_up_on_after_the_retries() -> None:
    async with repayments() as mock:
        await mock.log_in()
        await mock.scenario(mock="lending", path="webhooks/payments", status=500)
        started = await mock.start("250.00")
        await mock.pay(started)
        await mock.world.drain()
        [delivery] = await mock.webhooks()
        assert (delivery["outcome"], delivery["attempts"], delivery["last_status"]) == ("gave_up", 4, 500)
        assert await mock.owed() == Decimal("12450.00")


async def test_amounts_are_exact_to_the_paisa() -> None:
    async with repayments() as mock:
        await mock.log_in()
        # 1.1 + 2.2 in binary floating point is 3.3000000000000003; here it is 3.30.
        for amount in ("1.10", "2.20"):
            started = await mock.start(amount)
            await mock.pay(started)
        await mock.world.drain()
        assert await mock.owed() == Decimal("12446.70")
        raw = await mock.client.get(
            "lending/webRepayment/repaymentDetail", params={"userId": mock.user_id}, headers=mock.bearer
        )
        assert b'"remainingAmount":12446.70' in raw.content
        # Three partial payments that add up to exactly what is owed leave 0.00.
        for amount in ("4148.90", "4148.90", "4148.90"):
            started = await mock.start(amount)
            await mock.pay(started)
            await mock.world.drain()
        assert await mock.owed() == Decimal("0.00")
        assert [e["remainingAfter"] for e in await mock.history()][:3] == [
            Decimal("0.00"),
            Decimal("4148.90"),
            Decimal("8297.80"),
        ]
        # Nothing is owed now: the record says so, as for a borrower who never owed.
        code_record = await mock.client.post(
            "lending/webRepayment/verifyOtp",
            json={
                "mobileNumber": RAMESH,
                "otp": issue_code(mock.world, RAMESH),
                "platform": "WEB",
                "userType": "USER",
                "businessType": 1,
            },
        )
        assert decode(code_record)["data"][0]["totalRepaymentAmount"] is None


async def test_more_than_two_decimals_or_more_than_owed_is_refused() -> None:
    async with repayments() as mock:
        await mock.log_in()
        for amount in ("0.001", "12450.01"):
            answer = await mock.client.post(
                "lending/webRepayment/cashFreeRequest",
                content=f'{{"order_amount": {amount}, "userId": {mock.user_id}}}',
                headers={**mock.bearer, "content-type": "application/json"},
            )
            assert answer.status_code == 400, amount
        started = await mock.start("12450.00")  # exactly what is owed is allowed
        assert started.amount == Decimal("12450.00")


async def test_history_lists_each_payment_with_its_status_and_conforms() -> None:
    async with repayments() as mock:
        await mock.log_in()
        await mock.scenario(mock="payments", path="webhook", webhook="drop", times=1)
        pending = await mock.start("300.00")
        await mock.pay(pending)
        failed = await mock.start("200.00")
        await mock.pay(failed, "failure")
        paid = await mock.start("100.00")
        await mock.pay(paid)
        await mock.world.drain()
        history = await mock.history()
        assert [(e["paymentLogId"], e["amount"], e["status"]) for e in history] == [
            (paid.payment_log_id, Decimal("100.00"), "paid"),
            (failed.payment_log_id, Decimal("200.00"), "failed"),
            (pending.payment_log_id, Decimal("300.00"), "pending"),
        ]
        assert history[0]["providerReference"] and history[0]["paidAt"]
        exchanges = [
            (answer.request, answer)
            for answer in [
                await mock.client.get(
                    "lending/webRepayment/paymentHistory", params={"userId": mock.user_id}, headers=mock.bearer
                ),
                await mock.client.get(
                    "lending/webRepayment/paymentReceipt",
                    params={"userId": mock.user_id, "paymentLogId": paid.payment_log_id},
                    headers=mock.bearer,
                ),
                await mock.client.get(
                    "lending/webRepayment/paymentReceipt",
                    params={"userId": mock.user_id, "paymentLogId": pending.payment_log_id},
                    headers=mock.bearer,
                ),
            ]
        ]
        assert [answer.status_code for _, answer in exchanges] == [200, 200, 404]
        assert_conforms(contract_for("lending"), exchanges)


async def test_the_receipt_pdf_holds_the_amount_reference_and_balance_and_is_mailed() -> None:
    async with repayments() as mock:
        await mock.log_in()
        started = await mock.start("1234.50")
        payment = await mock.pay(started)
        await mock.world.drain()
        answer = await mock.client.get(
            "lending/webRepayment/paymentReceipt",
            params={"userId": mock.user_id, "paymentLogId": started.payment_log_id},
            headers=mock.bearer,
        )
        assert answer.headers["content-type"] == "application/pdf"
        text = pypdf.PdfReader(io.BytesIO(answer.content)).pages[0].extract_text()
        assert "Ramesh Kumar" in text
        assert "₹1,234.50" in text
        assert f"Payment reference {payment['cf_payment_id']}" in text
        assert "Remaining balance ₹11,215.50" in text
        assert started.order_id in text
        mails = (await mock.client.get("mail/outbox")).json()
        assert [(m["kind"], m["to"], m["attachment"]) for m in mails] == [
            ("receipt", "ramesh.kumar@shop.example", f"receipt-RCPT-{started.payment_log_id}.pdf")
        ]


async def test_no_receipt_mail_without_an_e_mail_on_record() -> None:
    async with repayments() as mock:
        mock.world.states["lending"].borrowers[RAMESH].email = None
        await mock.log_in()
        started = await mock.start("10.00")
        await mock.pay(started)
        await mock.world.drain()
        assert await mock.owed() == Decimal("12440.00")
        assert (await mock.client.get("mail/outbox")).json() == []
