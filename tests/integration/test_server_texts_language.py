"""The SMS, mails and PDFs the upstreams make for a user are in the language the app chose
(the `lang` cookie, then the session), in English otherwise; what arrives in the mocks' outboxes."""

from __future__ import annotations

import io
import re
import time
from collections.abc import Callable
from decimal import Decimal
from typing import Any

from pypdf import PdfReader

from tests.conftest import GatewayClient
from tests.integration.test_checkout_api import fill_cart, place, quote
from tests.integration.test_portal_api import RAMESH, pay
from tests.integration.test_portal_api import log_in as portal_log_in
from tests.integration.test_portal_repayments_api import checkout, confirm
from tests.integration.test_store_api import log_in as store_log_in
from upstream_mocks.texts.hindi_numbers import in_hindi_words

DEVANAGARI = re.compile("[\u0900-\u097f]")
ORDER = {2: 1}  # one line, a few hundred rupees


def sms(client: GatewayClient, mobile: str) -> dict[str, Any]:
    answer = client.get(f"/_mocks/lending/outbox/{mobile}")
    assert answer.status_code == 200, answer.text
    entry: dict[str, Any] = answer.json()
    return entry


def mail_when(client: GatewayClient, found: Callable[[dict[str, Any]], bool]) -> dict[str, Any]:
    """The first mail in the outbox that `found` picks, once it arrives: the mocks send mails
    after their answer (a Hindi PDF attachment is drawn in a worker thread first). Read again
    until it is there, a poll interval apart so the reads leave the drawing the interpreter."""
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        mails: list[dict[str, Any]] = [m for m in client.get("/_mocks/mail/outbox").json() if found(m)]
        if mails:
            return mails[0]
        time.sleep(0.02)
    raise AssertionError("the mail never arrived")


def placed(client: GatewayClient, key: str) -> str:
    fill_cart(client, ORDER)
    answer = place(client, key, quote(client)["charges"]["total"])
    assert answer.status_code == 200, answer.text
    return str(answer.json()["orderNumber"])


def order_mail(client: GatewayClient, number: str, status: str) -> dict[str, Any]:
    return mail_when(client, lambda m: m.get("orderNumber") == number and m.get("status") == status)


def pdf_text(content: bytes) -> tuple[str, set[str]]:
    reader = PdfReader(io.BytesIO(content))
    fonts = {
        str(font["/BaseFont"])
        for page in reader.pages
        for font in page["/Resources"]["/Font"].values()  # type: ignore[index]
    }
    return "\n".join(page.extract_text() for page in reader.pages), fonts


def test_the_code_sms_is_in_the_cookie_s_language(client: GatewayClient) -> None:
    client.cookies.set("lang", "hi")
    assert client.post("/api/portal/otp", json={"mobileNumber": RAMESH}, headers=client.xsrf()).status_code == 200
    hindi = sms(client, RAMESH)
    assert hindi["language"] == "hi"
    assert hindi["message"] == (f"आपका OTP {hindi['otp']} है। यह 10 मिनट तक मान्य है। इसे किसी के साथ साझा न करें।")


def test_the_code_sms_is_english_without_a_choice(client: GatewayClient) -> None:
    assert client.post("/api/store/otp", json={"mobileNumber": RAMESH}, headers=client.xsrf()).status_code == 200
    english = sms(client, RAMESH)
    assert english["message"] == (
        f"Your OTP is {english['otp']}. It is valid for 10 minutes. Do not share it with anyone."
    )


def test_a_browser_that_prefers_hindi_gets_the_sms_in_hindi_before_choosing(client: GatewayClient) -> None:
    answer = client.post(
        "/api/store/otp",
        json={"mobileNumber": RAMESH},
        headers={**client.xsrf(), "Accept-Language": "hi-IN,hi;q=0.9,en-IN;q=0.8"},
    )
    assert answer.status_code == 200
    assert sms(client, RAMESH)["language"] == "hi"


def test_an_order_s_mails_are_in_the_language_it_was_placed_in(client: GatewayClient) -> None:
    client.cookies.set("lang", "hi")
    store_log_in(client)
    number = placed(client, "hindi-order-0001")
    confirmed = order_mail(client, number, "placed")
    assert confirmed["subject"] == f"ऑर्डर {number} की पुष्टि हो गई"
    assert confirmed["message"].startswith("₹") and f"के आपके ऑर्डर {number} के लिए धन्यवाद।" in confirmed["message"]
    # Switched to English afterwards: the order's later mails stay in the language it was placed in.
    assert client.put("/api/session/language", json={"language": "en"}, headers=client.xsrf()).status_code == 200
    assert client.post(f"/_mocks/orders/{number}/advance", json={}).status_code == 200
    assert order_mail(client, number, "packed")["subject"] == f"ऑर्डर {number} पैक हो गया है"
    english = placed(client, "english-order-01")
    assert order_mail(client, english, "placed")["subject"] == f"Order {english} confirmed"
    # Cancelled once shipped (so it was invoiced): the refund and the credit note, said in Hindi.
    assert client.post(f"/_mocks/orders/{number}/advance", json={}).status_code == 200
    assert client.post(f"/api/orders/{number}/cancel", headers=client.xsrf()).status_code == 200
    cancelled = order_mail(client, number, "cancelled")
    assert cancelled["subject"] == f"ऑर्डर {number} रद्द हो गया"
    assert cancelled["message"] == (
        f"आपका ऑर्डर {number} रद्द कर दिया गया है। इस ऑर्डर के लिए कोई भुगतान नहीं हुआ था, इसलिए कोई "
        "रिफ़ंड नहीं बनता। इसके इनवॉइस के बदले जारी GST क्रेडिट नोट संलग्न है।"
    )
    assert cancelled["attachment"] == f"credit-note-{number}.pdf"


def test_a_hindi_tax_invoice_is_drawn_in_devanagari_with_embedded_fonts(client: GatewayClient) -> None:
    client.cookies.set("lang", "hi")
    store_log_in(client)
    number = placed(client, "hindi-invoice-01")
    for _ in range(2):  # packed, shipped: the invoice is issued
        assert client.post(f"/_mocks/orders/{number}/advance", json={}).status_code == 200
    answer = client.get(f"/api/orders/{number}/invoice")
    assert answer.status_code == 200, answer.text
    text, fonts = pdf_text(answer.content)
    # fpdf2 maps some shaped glyphs (a reph, a vowel sign) back to text imperfectly, so the words
    # looked for here are ones that read back whole; the drawing itself was looked at.
    assert "टैक्स इनवॉइस" in text and "इनवॉइस नंबर: VKI/" in text and "खरीदार" in text
    assert "GSTIN: 06AAJCV4821K1Z2    राज्य: Haryana" in text
    total = Decimal(client.get(f"/api/orders/{number}").json()["charges"]["total"])
    assert f"शब्दों में: {in_hindi_words(total)}" in text  # "एक सौ पचहत्तर रुपये और पचास पैसे मात्र"
    assert re.search(r"₹[0-9,]+\.[0-9]{2}\n", text)
    embedded = {font.split("+")[-1] for font in fonts}  # subsets: "/ABCDEF+NotoSansDevanagariBold"
    assert {"NotoSansDevanagari", "NotoSansDevanagariBold", "NotoSans"} <= embedded, fonts
    client.cookies.set("lang", "en")
    assert client.put("/api/session/language", json={"language": "en"}, headers=client.xsrf()).status_code == 200
    english, english_fonts = pdf_text(client.get(f"/api/orders/{number}/invoice").content)
    assert "Tax Invoice" in english and not DEVANAGARI.search(english)
    # The English one embeds Noto Sans for the rupee sign (Helvetica has none), never Devanagari.
    assert {font.split("+")[-1] for font in english_fonts} == {"NotoSans", "NotoSansBold"}, english_fonts


def test_a_repayment_s_receipt_mail_and_pdf_are_in_hindi(client: GatewayClient) -> None:
    client.cookies.set("lang", "hi")
    portal_log_in(client)
    payment = pay(client, {"mode": "partialPayment", "amount": "2500.50"}).json()
    checkout(client, payment)
    confirm(client, payment)
    receipt_mail = mail_when(client, lambda m: m["kind"] == "receipt")
    assert receipt_mail["subject"] == "आपके लोन भुगतान की रसीद"
    assert receipt_mail["message"].startswith("हमें आपका ₹2,500.50 का भुगतान मिल गया है।")
    receipt = client.get(f"/api/portal/payments/{payment['paymentLogId']}/receipt")
    assert receipt.status_code == 200
    text, fonts = pdf_text(receipt.content)
    assert "भुगतान रसीद\nरसीद संख्या RCPT-" in text and "भुगतान की तारीख" in text
    assert "₹2,500.50" in text and "शेष बकाया ₹9,949.50" in text
    assert "NotoSansDevanagari" in {font.split("+")[-1] for font in fonts}, fonts


def test_a_repayment_s_receipt_mail_is_english_without_a_choice(client: GatewayClient) -> None:
    portal_log_in(client)
    payment = pay(client, {"mode": "partialPayment", "amount": "100"}).json()
    checkout(client, payment)
    confirm(client, payment)
    receipt_mail = mail_when(client, lambda m: m["kind"] == "receipt")
    assert receipt_mail["subject"] == "Your loan repayment receipt"
    assert receipt_mail["message"].startswith("We received your payment of ₹100.00.")
