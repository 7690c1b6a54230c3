"""Credit over its whole life through the gateway and the in-process lending mock: a new shopper
applies (consent, GSTIN or PAN), is approved with one offer per lender or refused with a reason;
accepts only after reading and acknowledging the Key Facts; pays an order with the new credit;
leaves in the cooling-off period at principal plus the APR for the days held, or forecloses at
today's quote, through the repayments' checkout, and reads the no-dues certificate in both languages."""

from __future__ import annotations

import io
from collections.abc import Callable
from datetime import timedelta
from decimal import ROUND_HALF_UP, Decimal
from typing import Any

import msgspec
from pypdf import PdfReader

from gateway.settings import Settings
from tests.conftest import GatewayClient
from tests.integration.test_checkout_api import fill_cart, place, quote
from tests.integration.test_portal_api import pay
from tests.integration.test_portal_repayments_api import checkout, confirm
from tests.integration.test_server_texts_language import mail_when
from tests.integration.test_store_api import log_in
from tests.mocks_clock import mocks_today

NEW_SHOPPER = "9000012345"
FORM = {
    "applicantName": "Farhan Ali",
    "businessName": "Ali Electricals",
    "taxId": "06abcpa1234f1z5",  # as typed: upper-cased by the gateway
    "bureauConsent": True,
    "email": "farhan@shop.example",
}


def pdf_text(content: bytes) -> str:
    return "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(content)).pages)


def apply(client: GatewayClient, **changes: Any) -> Any:
    return client.post("/api/credit/applications", json={**FORM, **changes}, headers=client.xsrf())


def accept(client: GatewayClient, offer_id: str, acknowledged: bool = True) -> Any:
    return client.post(
        f"/api/credit/offers/{offer_id}/accept", json={"keyFactsAcknowledged": acknowledged}, headers=client.xsrf()
    )


def open_line(client: GatewayClient, offer: int = 0) -> tuple[dict[str, Any], dict[str, Any]]:
    """A new shopper approved, shown the Key Facts of one offer and accepting it: (offer, line)."""
    log_in(client, NEW_SHOPPER)
    decided = apply(client)
    assert decided.status_code == 200, decided.text
    chosen = decided.json()["offers"][offer]
    assert client.get(f"/api/credit/offers/{chosen['offerId']}/key-facts").status_code == 200
    accepted = accept(client, chosen["offerId"])
    assert accepted.status_code == 200, accepted.text
    return chosen, accepted.json()


def buy_on_credit(client: GatewayClient, key: str) -> str:
    fill_cart(client, {1: 2})
    offer = quote(client, "credit")
    assert offer["credit"]["offered"] is True, offer["credit"]
    placed = place(client, key, offer["charges"]["total"], "credit")
    assert placed.status_code in (200, 201), placed.text
    assert placed.json()["payment"]["state"] == "onCredit"
    total: str = offer["charges"]["total"]
    return total


def pay_quote(client: GatewayClient, line: str, purpose: str, key: str) -> dict[str, Any]:
    found = client.get(f"/api/credit/lines/{line}/quote", params={"purpose": purpose})
    assert found.status_code == 200, found.text
    figures: dict[str, Any] = found.json()
    made = client.post(
        f"/api/credit/lines/{line}/payments",
        json={"purpose": purpose, "amount": figures["total"]},
        headers={**client.xsrf(), "Idempotency-Key": key},
    )
    assert made.status_code == 201, made.text
    payment: dict[str, Any] = made.json()
    assert payment["orderAmount"] == figures["total"]
    checkout(client, payment)
    confirmed = client.post(
        f"/api/credit/lines/{line}/payments/{payment['paymentLogId']}/confirm", headers=client.xsrf()
    )
    assert confirmed.status_code == 200, confirmed.text
    return {"quote": figures, "payment": payment, "outcome": confirmed.json()}


def test_a_new_shopper_is_approved_with_every_lenders_offer_and_buys_on_the_new_credit(client: GatewayClient) -> None:
    assert apply(client).status_code == 401  # a store login first
    log_in(client, NEW_SHOPPER)
    fill_cart(client, {1: 2})
    before = quote(client, "credit")["credit"]
    assert before["offered"] is False and before["reason"] == "noAccount"

    decided = apply(client).json()
    assert decided["decision"] == "approved" and decided["reason"] is None
    # Every lender plugged in makes an offer, each with its APR, listed by name: none put first by us.
    lenders = [o["lender"]["name"] for o in decided["offers"]]
    assert lenders == sorted(lenders) and len(lenders) == 2
    assert all(Decimal(o["apr"]) > 0 and o["creditLimit"] == "200000.00" for o in decided["offers"])

    offer = decided["offers"][0]
    # Acceptance waits for the Key Facts to be read here, and acknowledged.
    refused = accept(client, offer["offerId"])
    assert refused.status_code == 409 and refused.json()["error"]["code"] == "key_facts_not_shown"
    facts = client.get(f"/api/credit/offers/{offer['offerId']}/key-facts").json()
    assert facts["borrowerName"] == "Farhan Ali" and facts["coolingOffDays"] == 3
    assert facts["apr"] == offer["apr"] and facts["grievanceOfficer"]["name"]
    unacknowledged = accept(client, offer["offerId"], acknowledged=False)
    assert unacknowledged.status_code == 422 and unacknowledged.json()["error"]["field"] == "keyFactsAcknowledged"

    line = accept(client, offer["offerId"]).json()
    assert line["status"] == "coolingOff" and line["creditLimit"] == "200000.00"
    again = accept(client, offer["offerId"]).json()  # a double click: the same line
    assert again["lineNumber"] == line["lineNumber"]
    other = accept(client, decided["offers"][1]["offerId"])
    assert other.status_code == 409

    buy_on_credit(client, "credit-life-order-1")
    assert client.get("/api/credit/lines").json()[0]["lineNumber"] == line["lineNumber"]
    assert apply(client).json()["error"]["code"] == "credit_account_exists"


def test_a_rejected_or_referred_application_says_why_and_opens_nothing(client: GatewayClient) -> None:
    log_in(client, NEW_SHOPPER)
    steered = client.post("/_mocks/lending/applications/decision", json={"decision": "rejected"})
    assert steered.status_code == 200
    rejected = apply(client).json()
    assert rejected["decision"] == "rejected" and rejected["offers"] == []
    assert "credit bureau" in rejected["reason"]
    client.post(
        "/_mocks/lending/applications/decision",
        json={"decision": "referred", "mobileNumber": NEW_SHOPPER, "reason": "Your GSTIN could not be verified."},
    )
    referred = apply(client).json()
    assert referred == {**referred, "decision": "referred", "reason": "Your GSTIN could not be verified."}
    assert client.get("/api/credit/lines").json() == []
    fill_cart(client, {1: 2})
    assert quote(client, "credit")["credit"]["reason"] == "noAccount"


def test_bad_applications_are_refused_in_our_words_before_the_lender(client: GatewayClient) -> None:
    log_in(client, NEW_SHOPPER)
    client.delete("/_mocks/journal")
    no_consent = apply(client, bureauConsent=False)
    assert no_consent.status_code == 422 and no_consent.json()["error"]["code"] == "bureau_consent_needed"
    bad_id = apply(client, taxId="ABC123")
    assert bad_id.status_code == 422 and bad_id.json()["error"]["field"] == "taxId"
    bad_mail = apply(client, email="farhan at shop")
    assert bad_mail.status_code == 422 and bad_mail.json()["error"]["field"] == "email"
    sent = client.get("/_mocks/journal", params={"mock": "lending"}).json()
    assert not [e for e in sent if "credit/applications" in e["path"]]
    by_pan = apply(client, taxId="ABCPA-1234-F")
    assert by_pan.status_code == 200 and by_pan.json()["decision"] == "approved"


def test_a_line_left_in_its_cooling_off_costs_principal_and_the_apr_for_the_days_held(client: GatewayClient) -> None:
    offer, line = open_line(client)
    total = Decimal(buy_on_credit(client, "credit-life-exit-order"))
    assert client.post("/_mocks/clock", json={"days": 2}).status_code == 200
    paid = pay_quote(client, line["lineNumber"], "coolingOffExit", "credit-exit-key-1")
    figures = paid["quote"]
    expected = (total * Decimal(offer["apr"]) * 2 / 36500).quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)
    assert (figures["principal"], figures["interest"], figures["charge"], figures["penalty"]) == (
        f"{total:.2f}",
        f"{expected:.2f}",
        "0.00",
        "0.00",
    )
    assert figures["total"] == f"{total + expected:.2f}" and figures["daysHeld"] == 2
    assert paid["outcome"]["paid"] is True and paid["outcome"]["line"]["status"] == "exited"
    # The credit is gone with the line: nothing owed, and the checkout offers it no more.
    fill_cart(client, {1: 1})
    assert quote(client, "credit")["credit"]["reason"] == "noAccount"
    pdf = client.get(f"/api/credit/lines/{line['lineNumber']}/certificate/pdf", params={"language": "en"})
    assert pdf.status_code == 200 and pdf.headers["content-type"] == "application/pdf"
    assert "cooling-off" in pdf_text(pdf.content) and line["lineNumber"] in pdf_text(pdf.content)
    # Also mailed to the address given in the application, with the certificate attached.
    mail = mail_when(client, lambda m: m["to"] == FORM["email"] and m["subject"] == "Your no-dues certificate")
    assert line["lineNumber"] in mail["message"] and mail["attachment"] == f"no-dues-{line['lineNumber']}-en.pdf"


def test_no_exit_after_the_cooling_off_but_a_foreclosure_at_todays_quote_and_a_certificate(
    client: GatewayClient,
) -> None:
    offer, line = open_line(client)  # Arthvik: a fixed rate whose terms charge 2% to foreclose
    assert offer["rateType"] == "fixed"
    total = Decimal(buy_on_credit(client, "credit-life-close-order"))
    number = line["lineNumber"]
    early = client.get(f"/api/credit/lines/{number}/certificate/pdf")
    assert early.status_code == 409 and early.json()["error"]["code"] == "line_not_closed"
    client.post("/_mocks/clock", json={"days": 4})
    late = client.get(f"/api/credit/lines/{number}/quote", params={"purpose": "coolingOffExit"})
    assert late.status_code == 409 and late.json()["error"]["code"] == "quote_refused"
    # A figure that is not today's quote is refused.
    stale = client.post(
        f"/api/credit/lines/{number}/payments",
        json={"purpose": "foreclosure", "amount": f"{total:.2f}"},
        headers={**client.xsrf(), "Idempotency-Key": "credit-close-stale"},
    )
    assert stale.status_code == 409 and stale.json()["error"]["code"] == "line_quote_changed"
    paid = pay_quote(client, number, "foreclosure", "credit-close-key-1")
    charge = (total * 2 / 100).quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)
    assert paid["quote"]["interest"] == "0.00"  # still within the purchase's interest-free days
    assert paid["quote"]["charge"] == f"{charge:.2f}" and paid["quote"]["total"] == f"{total + charge:.2f}"
    assert paid["outcome"]["line"]["status"] == "closed"
    for language, words in (("en", "No-dues certificate"), ("hi", "बकाया")):
        pdf = client.get(f"/api/credit/lines/{number}/certificate/pdf", params={"language": language})
        assert pdf.status_code == 200
        assert words in pdf_text(pdf.content)


def test_a_floating_rate_line_is_foreclosed_without_a_charge(client: GatewayClient) -> None:
    offer, line = open_line(client, offer=1)
    assert offer["rateType"] == "floating"
    total = Decimal(buy_on_credit(client, "credit-life-floating-order"))
    figures = client.get(f"/api/credit/lines/{line['lineNumber']}/quote", params={"purpose": "foreclosure"}).json()
    assert figures["charge"] == "0.00" and figures["total"] == f"{total:.2f}"


def test_a_line_never_drawn_on_ends_with_nothing_to_pay(client: GatewayClient) -> None:
    _, line = open_line(client)
    number = line["lineNumber"]
    nothing = client.post(
        f"/api/credit/lines/{number}/payments",
        json={"purpose": "coolingOffExit", "amount": "0.00"},
        headers={**client.xsrf(), "Idempotency-Key": "credit-exit-nothing"},
    )
    assert nothing.status_code == 201 and nothing.json()["settled"] is True
    assert client.get("/api/credit/lines").json()[0]["status"] == "exited"


def test_the_same_key_makes_one_payment(client: GatewayClient) -> None:
    _, line = open_line(client)
    buy_on_credit(client, "credit-life-key-order")
    figures = client.get(f"/api/credit/lines/{line['lineNumber']}/quote", params={"purpose": "foreclosure"}).json()
    made = [
        client.post(
            f"/api/credit/lines/{line['lineNumber']}/payments",
            json={"purpose": "foreclosure", "amount": figures["total"]},
            headers={**client.xsrf(), "Idempotency-Key": "credit-close-twice"},
        ).json()
        for _ in range(2)
    ]
    assert made[0]["paymentLogId"] == made[1]["paymentLogId"] and made[0]["orderId"] == made[1]["orderId"]


def test_an_offer_whose_key_facts_lapsed_is_not_accepted(client: GatewayClient) -> None:
    log_in(client, NEW_SHOPPER)
    offer = apply(client).json()["offers"][0]
    facts = client.get(f"/api/credit/offers/{offer['offerId']}/key-facts").json()
    assert facts["keyFactsValidUntil"] == offer["keyFactsValidUntil"]
    client.post("/_mocks/clock", json={"days": 6})  # past 3 working days, whatever the weekday
    lapsed = accept(client, offer["offerId"])
    assert lapsed.status_code == 409 and lapsed.json()["error"]["code"] == "key_facts_expired"
    assert client.get("/api/credit/lines").json() == []


def test_with_two_lenders_plugged_in_the_offers_and_the_line_come_from_the_one_that_has_them(
    make_client: Callable[[Settings], GatewayClient], settings: Settings
) -> None:
    """LENDERS=native,fineract (make run's): the Fineract lender has no credit lines, so the
    shopper sees our contract's lender's offers, and every later call finds the line there."""
    both = make_client(msgspec.structs.replace(settings, lenders="native,fineract"))
    both.post("/_mocks/reset")
    log_in(both, NEW_SHOPPER)
    offers = apply(both).json()["offers"]
    names = [o["lender"]["name"] for o in offers]
    assert len(names) == 2 and names == sorted(names)
    assert both.get(f"/api/credit/offers/{offers[1]['offerId']}/key-facts").status_code == 200
    line = accept(both, offers[1]["offerId"]).json()
    assert [entry["lineNumber"] for entry in both.get("/api/credit/lines").json()] == [line["lineNumber"]]
    figures = both.get(f"/api/credit/lines/{line['lineNumber']}/quote", params={"purpose": "coolingOffExit"})
    assert figures.status_code == 200 and figures.json()["total"] == "0.00"
    unknown = both.get("/api/credit/lines/CL-1/quote", params={"purpose": "foreclosure"})
    assert unknown.status_code == 404 and unknown.json()["error"]["code"] == "line_not_found"


def test_an_approval_outlives_a_reload_until_accepted_or_lapsed(client: GatewayClient) -> None:
    """The offers are the gateway's to give back, by the shopper's number (so a new login finds them
    too): applying again would mean a second bureau check."""
    assert client.get("/api/credit/applications/current").status_code == 401
    log_in(client, NEW_SHOPPER)
    assert client.get("/api/credit/applications/current").json() == {"application": None}
    decided = apply(client).json()
    assert client.get("/api/credit/applications/current").json() == {"application": decided}
    offer = decided["offers"][0]
    assert client.get(f"/api/credit/offers/{offer['offerId']}/key-facts").status_code == 200
    assert accept(client, offer["offerId"]).status_code == 200
    assert client.get("/api/credit/applications/current").json() == {"application": None}


def test_an_approval_is_no_longer_offered_once_its_key_facts_lapsed(client: GatewayClient) -> None:
    log_in(client, NEW_SHOPPER)
    apply(client)
    client.post("/_mocks/clock", json={"days": 6})  # past 3 working days, whatever the weekday
    assert client.get("/api/credit/applications/current").json() == {"application": None}


def test_a_refusal_is_not_kept_as_an_open_application(client: GatewayClient) -> None:
    log_in(client, NEW_SHOPPER)
    client.post("/_mocks/lending/applications/decision", json={"decision": "rejected"})
    assert apply(client).json()["decision"] == "rejected"
    assert client.get("/api/credit/applications/current").json() == {"application": None}


def test_an_offers_key_facts_pdf_has_the_screens_figures_and_the_line_keeps_the_version_accepted(
    client: GatewayClient,
) -> None:
    """RBI's KFS to keep before accepting (APR, fees, total cost, repayment, cooling-off, grievance
    officer), the lender's one source of the figures; the line records the version accepted."""
    log_in(client, NEW_SHOPPER)
    offer = apply(client).json()["offers"][0]
    facts = client.get(f"/api/credit/offers/{offer['offerId']}/key-facts").json()
    assert facts["keyFactsVersion"].startswith("KFS-")
    english = client.get(f"/api/credit/offers/{offer['offerId']}/key-facts/pdf", params={"language": "en"})
    assert english.status_code == 200 and english.headers["content-type"] == "application/pdf"
    text = " ".join(pdf_text(english.content).split())
    for figure in ("₹2,00,000.00", f"{facts['apr']}%", facts["grievanceOfficer"]["name"], facts["keyFactsVersion"]):
        assert figure in text, figure
    assert "Repayment schedule" in text and "3 days from acceptance" in text
    hindi = " ".join(
        pdf_text(client.get(f"/api/credit/offers/{offer['offerId']}/key-facts/pdf?language=hi").content).split()
    )
    assert facts["keyFactsVersion"] in hindi and f"{facts['apr']}%" in hindi
    assert client.get("/api/credit/offers/OFF-404/key-facts/pdf").status_code == 404

    line = accept(client, offer["offerId"]).json()
    assert line["keyFactsVersion"] == facts["keyFactsVersion"]
    assert client.get("/api/credit/lines").json()[0]["keyFactsVersion"] == facts["keyFactsVersion"]
    accepted = client.get(f"/api/credit/lines/{line['lineNumber']}/key-facts/pdf", params={"language": "en"})
    assert accepted.status_code == 200
    assert facts["keyFactsVersion"] in " ".join(pdf_text(accepted.content).split())


def line_dues(client: GatewayClient) -> dict[str, Any]:
    line: dict[str, Any] = client.get("/api/credit/lines").json()[0]
    return {key: line[key] for key in ("status", "owed", "overdue", "minimumDue", "minimumDueOn")}


def test_a_line_shows_what_it_owes_and_the_least_to_pay_by_its_next_due_date(client: GatewayClient) -> None:
    _, line = open_line(client)
    number = line["lineNumber"]
    nothing = {"status": "coolingOff", "owed": "0.00", "overdue": "0.00", "minimumDue": "0.00", "minimumDueOn": None}
    assert line_dues(client) == nothing
    first_on = mocks_today(client)
    first = Decimal(buy_on_credit(client, "credit-dues-order-1"))
    first_due = (first_on + timedelta(days=30)).isoformat()
    assert line_dues(client) == {
        **nothing,
        "owed": f"{first:.2f}",
        "minimumDue": f"{first:.2f}",
        "minimumDueOn": first_due,
    }

    client.post("/_mocks/clock", json={"days": 5})
    second = Decimal(buy_on_credit(client, "credit-dues-order-2"))
    second_due = (first_on + timedelta(days=35)).isoformat()
    # The second purchase falls due later: the least to pay by the first date is the first alone.
    assert line_dues(client) == {
        **nothing,
        "status": "active",
        "owed": f"{first + second:.2f}",
        "minimumDue": f"{first:.2f}",
        "minimumDueOn": first_due,
    }

    # A repayment through the portal (the store's login, no second code) settles the oldest purchase first.
    assert client.post("/api/portal/login", headers=client.xsrf()).status_code == 200
    part = Decimal("100.00")
    made = pay(client, {"mode": "partialPayment", "amount": f"{part:.2f}"}, key="credit-dues-repay-1")
    assert made.status_code == 201, made.text
    checkout(client, made.json())
    assert confirm(client, made.json())["status"] == "completed"
    assert line_dues(client)["minimumDue"] == f"{first - part:.2f}"

    # The day after the first due date: its rest is overdue, and the second is due by its own date.
    client.post("/_mocks/clock", json={"days": 26})
    assert line_dues(client) == {
        "status": "active",
        "owed": f"{first + second - part:.2f}",
        "overdue": f"{first - part:.2f}",
        "minimumDue": f"{first + second - part:.2f}",
        "minimumDueOn": second_due,
    }
    # Past every due date, only the overdue is left, due today.
    client.post("/_mocks/clock", json={"days": 5})
    today = mocks_today(client).isoformat()
    assert line_dues(client)["minimumDueOn"] == today
    assert line_dues(client)["overdue"] == f"{first + second - part:.2f}"

    pay_quote(client, number, "foreclosure", "credit-dues-close-1")
    assert line_dues(client) == {**nothing, "status": "closed"}
