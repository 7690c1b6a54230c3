"""The desk's audit trail in the gateway's own database, on a real PostgreSQL and on the embedded
SQLite file alike: every desk action (and refusal) with who, role, customer, order, amount, reason,
key, trace id and outcome, still there after the gateway restarts; read per customer or for the
whole desk, filtered, and as CSV; and never changed once written."""

from __future__ import annotations

import asyncio
import csv
import io
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, datetime
from typing import Any

import msgspec
import pytest
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from sqlalchemy import text

from gateway.operations_db import OperationsDatabase
from gateway.operations_db.models import DeskAuditEntry
from gateway.settings import Settings
from tests.conftest import GatewayClient
from tests.integration.test_desk_api import AGENT, SUPERVISOR, act, staff_log_in
from tests.integration.test_reconciliation import paid_online
from tests.integration.test_store_api import log_in as store_log_in

MOBILE = "9876543210"


@pytest.fixture(params=["postgresql", "sqlite"])
def database_url(request: pytest.FixtureRequest, settings: Settings) -> str:
    if request.param == "postgresql":
        return str(request.getfixturevalue("postgres_database"))
    return settings.database_url


def in_thread(work: Callable[[], Any]) -> Any:
    with ThreadPoolExecutor(1) as thread:
        return thread.submit(lambda: asyncio.run(work())).result()


def trail(client: GatewayClient, **params: str) -> Any:
    answer = client.get("/api/desk/audit", params=params)
    assert answer.status_code == 200, answer.text
    return answer.json()


def test_every_desk_action_is_in_the_trail_after_a_restart(
    make_client: Callable[[Settings], GatewayClient], settings: Settings, database_url: str
) -> None:
    settings = msgspec.structs.replace(settings, database_url=database_url)
    client = make_client(settings)
    # The desk's time is the mocks' clock while mocks are in use: the day the entries are kept on.
    assert client.post("/_mocks/clock", json={"at": "2026-11-27T12:00:00+05:30"}).status_code == 200
    store_log_in(client)
    order = paid_online(client, "audit-order-0001", {1: 1})
    number = order["orderNumber"]
    assert staff_log_in(client, AGENT).status_code == 200
    assert client.get("/api/desk/customers", params={"q": number}).status_code == 200
    refused = act(client, f"/orders/{number}/cancel", "Customer asked", key="audit-cancel-0001")
    assert refused.status_code == 403
    staff_log_in(client, SUPERVISOR)
    cancelled = client.post(
        f"/api/desk/orders/{number}/cancel",
        json={"reason": "Ordered twice by mistake", "customer": MOBILE},
        headers={
            **client.xsrf(),
            "Idempotency-Key": "audit-cancel-0002",
            "traceparent": "00-" + "ab" * 16 + "-" + "cd" * 8 + "-01",
        },
    )
    assert cancelled.status_code == 200, cancelled.text
    client.__exit__(None, None, None)

    restarted = make_client(settings)  # a new process's app on the same database
    staff_log_in(restarted, SUPERVISOR)
    entries = trail(restarted)
    mine = [
        (e["staff"], e["role"], e["action"], e["customer"], e["reference"], e["outcome"]) for e in reversed(entries)
    ]
    assert mine == [
        (AGENT, "agent", "login", None, None, "done"),
        (AGENT, "agent", "lookup", MOBILE, number, "found"),
        (AGENT, "agent", "cancelOrder", None, number, "refused: desk_supervisors_only"),
        (SUPERVISOR, "supervisor", "login", None, None, "done"),
        (SUPERVISOR, "supervisor", "cancelOrder", MOBILE, number, "done"),
        (SUPERVISOR, "supervisor", "login", None, None, "done"),
    ]
    cancel = entries[1]
    assert cancel["amount"] == order["charges"]["total"]
    assert (cancel["reason"], cancel["idempotencyKey"], cancel["traceId"]) == (
        "Ordered twice by mistake", "audit-cancel-0002", "ab" * 16,
    )  # fmt: skip
    assert cancel["at"] >= entries[-1]["at"]

    # Filtered by staff, by action and by India's day; a day with nothing shows nothing.
    assert {e["staff"] for e in trail(restarted, staff=AGENT)} == {AGENT}
    assert [e["outcome"] for e in trail(restarted, action="cancelOrder")] == ["done", "refused: desk_supervisors_only"]
    on_the_day = trail(restarted, **{"from": "2026-11-27", "to": "2026-11-27"})
    assert [e["id"] for e in on_the_day] == [e["id"] for e in entries[1:]]  # not the login after the restart
    assert all(e["at"].startswith("2026-11-27T") for e in on_the_day)
    assert trail(restarted, to="2026-11-26") == []
    bad_day = restarted.get("/api/desk/audit", params={"from": "2026-13-01"})
    assert bad_day.status_code == 422 and bad_day.json()["error"]["code"] == "desk_date_invalid"

    # As CSV, the same entries, a spreadsheet's formula kept as text.
    exported = restarted.get("/api/desk/audit.csv", params={"customer": MOBILE})
    assert exported.status_code == 200 and exported.headers["content-type"].startswith("text/csv")
    assert "attachment" in exported.headers["content-disposition"]
    rows = list(csv.DictReader(io.StringIO(exported.text)))
    assert [(r["action"], r["reference"], r["amount"]) for r in rows] == [
        ("cancelOrder", number, order["charges"]["total"]),
        ("lookup", number, ""),
    ]

    # An agent reads a customer's trail, never the whole desk's.
    staff_log_in(restarted, AGENT)
    assert [e["action"] for e in trail(restarted, customer=MOBILE)] == ["cancelOrder", "lookup"]
    whole = restarted.get("/api/desk/audit")
    assert whole.status_code == 403 and whole.json()["error"]["code"] == "desk_supervisors_only"


def test_the_trail_cannot_be_changed_or_removed_and_the_schema_is_the_models(database_url: str) -> None:
    async def tamper() -> list[str]:
        database = OperationsDatabase(database_url, 5.0)
        refused = []
        try:
            await database.migrate()
            await database.migrate()  # a second start finds it at the newest revision
            async with database.engine.connect() as connection:  # the migrations make what the models say
                drift = await connection.run_sync(
                    lambda c: compare_metadata(MigrationContext.configure(c), DeskAuditEntry.metadata)
                )
            assert drift == []
            async with database.engine.begin() as connection:
                await connection.execute(
                    text("INSERT INTO desk_audit (at, staff, role, action, outcome) VALUES (:at, 'a', 'b', 'c', 'd')"),
                    {"at": datetime(2026, 1, 1, tzinfo=UTC)},
                )
            for statement in ("UPDATE desk_audit SET outcome = 'refused'", "DELETE FROM desk_audit"):
                try:
                    async with database.engine.begin() as connection:
                        await connection.execute(text(statement))
                except Exception as exc:  # the database's own refusal, whichever driver raises it
                    refused.append("append-only" in str(exc))
        finally:
            await database.close()
        return refused

    assert in_thread(tamper) == [True, True]
