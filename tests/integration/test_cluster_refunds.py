"""The local cluster (deploy/local) loses no refund and no audit entry when a replica dies in the
middle of a supervisor's approval (issue 55).

An agent asks for two refunds of an order paid online, one within a single supervisor's approval
and one above it (four eyes). Each last approval is sent to one replica's own port while the
provider answers its refund slowly: once the provider has given the money back, and before its
answer reaches the replica, that replica is killed (SIGKILL, its whole process group). The
supervisor's browser sees the connection drop and clicks again, through HAProxy, to a replica
still alive. Both times: the provider gave each refund back once, the desk shows each refunded
with every approval it had, and the audit trail in PostgreSQL holds every step exactly once.
"""

from __future__ import annotations

import asyncio
import time
from collections import Counter
from collections.abc import Iterator
from decimal import Decimal
from typing import Any

import httpx
import pytest

from deploy.local.cluster import Cluster
from gateway.desk.staff import hash_secret
from tests.integration.cluster_load import ADDRESS, MISSING, RAMESH, Record, User, running_cluster
from upstream_mocks.catalogue.seed import products


@pytest.fixture(autouse=True)
def _cluster_packages() -> None:
    """A missing package fails the test rather than skipping it: make test installs them."""
    if MISSING:
        pytest.fail(f"needs {', '.join(MISSING)} from Debian's packages (make test installs them)")


# The desk's staff, with secrets of this test's own (a shared deployment has no demonstration account).
STAFF = {
    "asha.agent": ("agent", "asha-cluster-secret-1"),
    "vikram.supervisor": ("supervisor", "vikram-cluster-secret-1"),
    "meera.supervisor": ("supervisor", "meera-cluster-secret-1"),
}
SHOPPER = "9000030001"
SLOW_PROVIDER_MS = 6000  # the provider's answer to a refund, after it has given the money back


@pytest.fixture
def cluster() -> Iterator[Cluster]:
    staff = ",".join(f"{name}:{role}:{hash_secret(secret)}" for name, (role, secret) in STAFF.items())
    with running_cluster({"DESK_STAFF": staff, "DESK_REFUND_SECOND_APPROVAL_ABOVE": "100"}) as cluster:
        yield cluster


async def desk_log_in(user: User, name: str) -> None:
    answer = await user.settled("POST", "/api/desk/login", json={"name": name, "secret": STAFF[name][1]})
    assert answer.status_code == 200, answer.text


async def paid_online(shopper: User, product: int) -> dict[str, Any]:
    """An order paid at the provider's checkout (the mock's page, called as a browser does)."""
    await shopper.settled("PUT", f"/api/store/cart/items/{product}", json={"quantity": 1})
    quote = await shopper.settled("POST", "/api/checkout/quote", json={"address": ADDRESS, "paymentMethod": "online"})
    assert quote.status_code == 200, quote.text
    body = {"address": ADDRESS, "paymentMethod": "online", "quotedTotal": quote.json()["charges"]["total"]}
    placed = await shopper.settled("POST", "/api/checkout/orders", key="cluster-refunds-order-1", json=body)
    assert placed.status_code == 200, placed.text
    session = placed.json()["payment"]["paymentSessionId"]
    paid = await shopper.mocks.post(f"/_mocks/payments/checkout/{session}/pay", json={"outcome": "success"})
    assert paid.status_code == 200, paid.text
    number = placed.json()["orderNumber"]
    deadline = time.monotonic() + 30  # the provider's webhook reaches the orders service over the network
    while True:
        order: dict[str, Any] = (await shopper.settled("GET", f"/api/orders/{number}")).json()
        if order["payment"]["state"] == "paid":
            return order
        assert time.monotonic() < deadline, order["payment"]
        await asyncio.sleep(0.2)


async def given_back(cluster: Cluster, mocks: httpx.AsyncClient, provider_order: str) -> list[tuple[Decimal, str]]:
    """The provider's refunds of the order, read with the merchant account the cluster made."""
    account = {"x-client-id": "mock-client", "x-client-secret": cluster.payments_client_secret}
    answer = await mocks.get(
        f"/_mocks/payments/pg/orders/{provider_order}/refunds", headers={**account, "x-api-version": "2025-01-01"}
    )
    return sorted((Decimal(str(r["refund_amount"])), r["refund_status"]) for r in answer.json())


async def approve_on_a_replica_that_dies(
    cluster: Cluster, supervisor: User, refund: dict[str, Any], provider_order: str, replica: str
) -> dict[str, Any]:
    """The approval sent to `replica`'s own port, killed once the provider has given the money back
    (its answer held up), then clicked again through HAProxy: the answer to that click."""
    scenario = {
        "mock": "payments", "path": f"pg/orders/{provider_order}/refunds", "method": "POST",
        "delayMs": SLOW_PROVIDER_MS, "after": True, "times": 1,
    }  # fmt: skip
    assert (await supervisor.mocks.post("/_mocks/scenarios", json=scenario)).status_code == 201
    before = len(await given_back(cluster, supervisor.mocks, provider_order))
    port = cluster.layout.ports.gateways[cluster.gateway_names.index(replica)]
    direct = httpx.AsyncClient(base_url=f"http://127.0.0.1:{port}", cookies=supervisor.http.cookies, timeout=30)
    headers = {"X-XSRF-TOKEN": supervisor.http.cookies["XSRF-TOKEN"]}
    try:
        approving = asyncio.create_task(direct.post(f"/api/desk/refunds/{refund['id']}/approve", headers=headers))
        deadline = time.monotonic() + SLOW_PROVIDER_MS / 1000
        # until the provider has given it back
        while len(await given_back(cluster, supervisor.mocks, provider_order)) == before:
            assert time.monotonic() < deadline and not approving.done(), "the provider was not asked"
            await asyncio.sleep(0.05)
        assert not approving.done()  # mid-approval: the replica waits for the provider's answer
        cluster.kill(replica)
        with pytest.raises(httpx.TransportError):
            await approving
    finally:
        await direct.aclose()
    assert cluster.wait_stopped(replica, 10)
    again = await supervisor.settled("POST", f"/api/desk/refunds/{refund['id']}/approve")
    assert again.status_code == 200, again.text
    answer: dict[str, Any] = again.json()
    cluster.start(replica)  # back for the next kill
    cluster.wait_rotation(replica, True, time.monotonic() + 60)
    return answer


async def test_a_replica_killed_mid_approval_loses_no_refund_and_no_audit_entry(cluster: Cluster) -> None:
    layout, record = cluster.layout, Record()
    shopper, agent, vikram, meera = (User(layout.url, layout.mocks_url, record) for _ in range(4))
    try:
        await shopper.log_in("store", SHOPPER)
        product = next(p.id for p in products() if 400 <= p.listing_price <= 5000 and p.stock_quantity >= 5)
        order = await paid_online(shopper, product)
        number, provider_order = order["orderNumber"], order["payment"]["providerOrderId"]

        await desk_log_in(agent, "asha.agent")
        asked = []
        for amount, code, key in (
            ("50", "goodwill", "cluster-refund-small"),
            ("150", "damagedGoods", "cluster-refund-big"),
        ):
            body = {"amount": amount, "reasonCode": code, "note": f"{code}, asked on the phone"}
            answer = await agent.settled("POST", f"/api/desk/orders/{number}/refunds", key=key, json=body)
            assert answer.status_code == 200, answer.text
            asked.append(answer.json())
        small, big = asked
        assert (small["approvalsNeeded"], big["approvalsNeeded"]) == (1, 2)

        # One supervisor's approval, on a replica killed while the provider answers.
        await desk_log_in(vikram, "vikram.supervisor")
        done = await approve_on_a_replica_that_dies(cluster, vikram, small, provider_order, "gateway-1")
        assert (done["status"], [a["supervisor"] for a in done["approvals"]]) == ("refunded", ["vikram.supervisor"])

        # Four eyes: the first approval as usual, the second on a replica killed the same way.
        first = await vikram.settled("POST", f"/api/desk/refunds/{big['id']}/approve")
        assert (first.status_code, first.json()["status"]) == (200, "requested"), first.text
        await desk_log_in(meera, "meera.supervisor")
        done = await approve_on_a_replica_that_dies(cluster, meera, big, provider_order, "gateway-2")
        assert done["status"] == "refunded"
        assert [a["supervisor"] for a in done["approvals"]] == ["vikram.supervisor", "meera.supervisor"]

        # The provider gave each back once; the desk and its audit trail kept every step once.
        assert await given_back(cluster, vikram.mocks, provider_order) == [
            (Decimal("50"), "SUCCESS"), (Decimal("150"), "SUCCESS"),
        ]  # fmt: skip
        listed = (await vikram.settled("GET", "/api/desk/refunds", params={"order": number})).json()
        assert sorted((r["amount"], r["status"], len(r["approvals"])) for r in listed) == [
            ("150.00", "refunded", 2), ("50.00", "refunded", 1),
        ]  # fmt: skip
        trail = (await vikram.settled("GET", "/api/desk/audit", params={"customer": RAMESH})).json()
        kept = Counter((e["staff"], e["action"], e["outcome"], e["amount"]) for e in trail if e["reference"] == number)
    finally:
        for user in (shopper, agent, vikram, meera):
            await user.close()
    assert kept == Counter(
        {
            ("asha.agent", "requestRefund", "done", "50.00"): 1,
            ("asha.agent", "requestRefund", "done", "150.00"): 1,
            ("vikram.supervisor", "approveRefund", "done", "50.00"): 1,
            ("vikram.supervisor", "refund", "done: refunded", "50.00"): 1,
            ("vikram.supervisor", "approveRefund", "done: a second approval needed", "150.00"): 1,
            ("meera.supervisor", "approveRefund", "done", "150.00"): 1,
            ("meera.supervisor", "refund", "done: refunded", "150.00"): 1,
        }
    ), kept
