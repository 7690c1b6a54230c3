"""The gateway, unchanged, against Stoplight Prism's mock mode of each of our contracts.

Many QA teams stand a contract-driven mock in for a service; Prism answers with the
documents' examples, so these flows show what such a mock makes of the portal, the store, the
site, and a checkout with the orders after it. Prism (an npm dev dependency) is started once
for the module, on loopback; the one time code is the one in the contract's example, since
Prism has no SMS outbox.
"""

from __future__ import annotations

import socket
import subprocess
from collections.abc import Callable, Iterator
from pathlib import Path

import httpx
import pytest

from gateway.settings import Settings
from tests.conftest import GatewayClient
from tests.integration.conftest import ROOT
from tests.start_waits import any_answer, wait_until_answering

PRISM = ROOT / "node_modules" / ".bin" / "prism"
SERVICES = ("lending", "catalogue", "mail", "orders")
CODE = "482913"  # the code in the verifyOtp examples
RAMESH = "9876543210"


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


@pytest.fixture(scope="module")
def prism_urls(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, str]]:
    if not PRISM.exists():
        pytest.fail("Prism is missing: `make setup` installs the npm dev dependencies")
    logs = tmp_path_factory.mktemp("prism")
    processes: list[subprocess.Popen[bytes]] = []
    urls: dict[str, str] = {}
    for name in SERVICES:
        port = _free_port()
        document = ROOT / "contracts" / f"{name}.openapi.yaml"
        log = (logs / f"{name}.log").open("wb")
        processes.append(
            subprocess.Popen(
                [str(PRISM), "mock", str(document), "-h", "127.0.0.1", "-p", str(port)],
                cwd=ROOT,
                stdout=log,
                stderr=subprocess.STDOUT,
            )
        )
        urls[name] = f"http://127.0.0.1:{port}/"
    try:
        with httpx.Client(timeout=1) as probe:  # one for every try (a new one builds its TLS context)
            for name, url in urls.items():
                # Any answer, even a 404, means Prism is listening.
                log = logs / f"{name}.log"
                wait_until_answering(
                    url, f"Prism for {name}", ready=any_answer, probe=probe, why=lambda log=log: f": {_tail(log)}"
                )
        yield urls
    finally:
        for process in processes:
            process.terminate()
        for process in processes:
            process.wait(timeout=10)


def _tail(log: Path) -> str:
    return log.read_text(errors="replace")[-2000:]


@pytest.fixture
def gateway(
    make_client: Callable[[Settings], GatewayClient],
    make_settings: Callable[..., Settings],
    prism_urls: dict[str, str],
) -> GatewayClient:
    settings = make_settings(**{f"{name}_url": url for name, url in prism_urls.items()})
    return make_client(settings)


def test_the_repayment_screen_shows_the_examples_borrower(gateway: GatewayClient) -> None:
    sent = gateway.post("/api/portal/otp", json={"mobileNumber": RAMESH}, headers=gateway.xsrf())
    assert sent.status_code == 200, sent.text
    verified = gateway.post(
        "/api/portal/otp/verify", json={"mobileNumber": RAMESH, "otp": CODE}, headers=gateway.xsrf()
    )
    assert verified.status_code == 200, verified.text
    assert verified.json()["outcome"] == "payment"
    detail = gateway.get("/api/portal/repayment")
    assert detail.status_code == 200, detail.text
    assert detail.json() == {
        "userName": "Ramesh Kumar",
        "mobileNumber": RAMESH,
        "remainingAmount": "12450.00",
        "lateFees": "450.00",
        "pendingAmount": "12000.00",
        # the contract's example, particulars included (our extension)
        "dueDate": "2026-11-06",
        "daysOverdue": 17,
        "lenderName": "Sahyogkosh Finance",
        "loanNumber": "LN-1001",
        "pendingPayments": [],
        "minimumPayment": "100.00",  # the lender's minimum part-payment, from the example
    }


def test_the_store_shows_products_with_names_and_prices(gateway: GatewayClient) -> None:
    page = gateway.get("/api/store/products")
    assert page.status_code == 200, page.text
    products = page.json()["records"]
    assert [(p["productName"], p["listingPrice"], p["mrp"]) for p in products] == [
        ("Trikon PVC Conduit Pipe 20mm", "50.84", "62.00"),
        ("Voltara 6A 3-Pin Socket", "76.50", "85.00"),
    ]


def test_a_store_shopper_logs_in_and_sees_the_cart(gateway: GatewayClient) -> None:
    gateway.post("/api/store/otp", json={"mobileNumber": RAMESH}, headers=gateway.xsrf())
    verified = gateway.post("/api/store/otp/verify", json={"mobileNumber": RAMESH, "otp": CODE}, headers=gateway.xsrf())
    assert verified.status_code == 200, verified.text
    cart = gateway.get("/api/store/cart")
    assert cart.status_code == 200, cart.text
    assert [(line["productName"], line["quantity"]) for line in cart.json()["items"]] == [
        ("Trikon PVC Conduit Pipe 20mm", 2),
        ("Voltara 6A 3-Pin Socket", 1),
    ]
    assert cart.json()["count"] == 3 and cart.json()["subtotal"] == "178.18"  # 2 x 50.84 + 76.50


def test_the_newsletter_succeeds(gateway: GatewayClient) -> None:
    answer = gateway.post("/api/site/newsletter", json={"email": "asha@shop.example"}, headers=gateway.xsrf())
    assert answer.status_code == 200, answer.text


def test_the_contact_form_succeeds(gateway: GatewayClient) -> None:
    answer = gateway.post(
        "/api/site/contact",
        json={"name": "Asha Patel", "email": "asha@shop.example", "phone": "9812345670", "message": "Call me back"},
        headers=gateway.xsrf(),
    )
    assert answer.status_code == 200, answer.text


def test_a_shopper_checks_out_and_sees_the_orders(gateway: GatewayClient) -> None:
    gateway.post("/api/store/otp", json={"mobileNumber": RAMESH}, headers=gateway.xsrf())
    verified = gateway.post("/api/store/otp/verify", json={"mobileNumber": RAMESH, "otp": CODE}, headers=gateway.xsrf())
    assert verified.status_code == 200, verified.text
    address = {
        "name": "Ramesh Kumar",
        "mobileNumber": RAMESH,
        "address1": "Plot 44, Sector 18",
        "address2": "Near Metro Station",
        "pincode": "122103",
    }
    quoted = gateway.post(
        "/api/checkout/quote", json={"address": address, "paymentMethod": "cod"}, headers=gateway.xsrf()
    )
    assert quoted.status_code == 200, quoted.text
    total = quoted.json()["charges"]["total"]
    assert total == "1241.29"
    placed = gateway.post(
        "/api/checkout/orders",
        json={"address": address, "paymentMethod": "cod", "quotedTotal": total},
        headers={**gateway.xsrf(), "Idempotency-Key": "prism-order-0001"},
    )
    assert placed.status_code == 200, placed.text
    number = placed.json()["orderNumber"]
    assert number == "VK10000001"

    listed = gateway.get("/api/orders")
    assert listed.status_code == 200, listed.text
    assert [(o["orderNumber"], o["status"], o["total"]) for o in listed.json()["orders"]] == [
        ("VK10000002", "delivered", "577.22"),
        ("VK10000001", "cancelled", "1241.29"),
    ]
    shown = gateway.get(f"/api/orders/{number}")
    assert shown.status_code == 200, shown.text
    assert shown.json()["orderNumber"] == number
    assert [line["productName"] for line in shown.json()["lines"]] == [
        "Kavach Power PVC Conduit Pipe 20mm",
        "Orbitron FR House Wire 1.0 sq mm",
    ]


def test_the_loan_screens_get_the_examples_loans(gateway: GatewayClient) -> None:
    """The loan calls' examples serve /loans and a loan's page: loans, key facts, schedule,
    statement, the split before paying and the documents (Prism answers the example's bytes)."""
    gateway.post("/api/portal/otp", json={"mobileNumber": RAMESH}, headers=gateway.xsrf())
    verified = gateway.post(
        "/api/portal/otp/verify", json={"mobileNumber": RAMESH, "otp": CODE}, headers=gateway.xsrf()
    )
    assert verified.status_code == 200, verified.text
    loans = gateway.get("/api/loans")
    assert loans.status_code == 200, loans.text
    assert [(loan["loanNumber"], loan["status"]) for loan in loans.json()] == [
        ("LN-1001", "overdue"),
        ("LN-1004", "current"),
        ("LN-0998", "closed"),
    ]
    facts = gateway.get("/api/loans/LN-1001/key-facts")
    assert facts.status_code == 200 and facts.json()["apr"] == "29.91", facts.text
    schedule = gateway.get("/api/loans/LN-1001/schedule")
    assert schedule.status_code == 200 and schedule.json()["instalments"][0]["amount"] == "12000.00"
    statement = gateway.get("/api/loans/LN-1004/statement", params={"from": "2026-09-01", "to": "2026-11-27"})
    assert statement.status_code == 200 and statement.json()["closingBalance"] == "50000.00", statement.text
    split = gateway.get("/api/loans/LN-1001/allocation", params={"amount": "5000"})
    assert split.status_code == 200, split.text
    assert split.json()["allocation"] == {"penalCharges": "450.00", "interest": "2000.00", "principal": "2550.00"}
    pdf = gateway.get("/api/loans/LN-1001/key-facts/pdf", params={"language": "hi"})
    assert pdf.status_code == 200 and pdf.headers["content-type"] == "application/pdf"
    assert pdf.content.startswith(b"%PDF")
