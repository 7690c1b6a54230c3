"""The desk's audit trail: every staff action (and every refusal of one) kept in the operations
database, append-only, and read back per customer or for the whole desk.

Each entry is also logged (`desk_audit`), as before, for whatever collects the gateway's logs.
"""

from __future__ import annotations

import csv
import io
import logging
from collections.abc import Sequence
from datetime import UTC, date, datetime, time, timedelta
from decimal import Decimal
from typing import Annotated, TypedDict, Unpack

import msgspec
import structlog
from advanced_alchemy.filters import CollectionFilter, LimitOffset, OnBeforeAfter, OrderBy, StatementFilter
from advanced_alchemy.repository import SQLAlchemyAsyncRepository

from gateway.desk.schemas import StaffView
from gateway.operations_db import OperationsDatabase
from gateway.operations_db.models import DeskAuditEntry
from gateway.plumbing.clock import Clock
from gateway.plumbing.tracing import current_trace_id
from india.time_zone import IST

# Written whatever LOG_LEVEL says: the log keeps a copy of each entry.
log = structlog.wrap_logger(None, wrapper_class=structlog.make_filtering_bound_logger(logging.INFO))
CSV_COLUMNS = (
    "at", "staff", "role", "action", "customer", "reference", "amount", "reason", "idempotencyKey", "traceId",
    "outcome",
)  # fmt: skip
MOST_ENTRIES = 500


class AuditEntry(msgspec.Struct, rename="camel", kw_only=True):
    """One entry of the trail as the desk shows it (amount in rupees, exact, as a string)."""

    id: int
    at: datetime
    staff: str
    role: str
    action: str
    customer: str | None
    reference: str | None
    amount: str | None
    reason: str | None
    idempotency_key: str | None
    trace_id: str | None
    outcome: str


class AuditQuery(msgspec.Struct, kw_only=True, frozen=True):
    """Which entries: any of these left out means all; days are India's, both ends included."""

    customer: str | None = None
    staff: str | None = None
    action: str | None = None
    since: date | None = None
    until: date | None = None
    limit: Annotated[int, msgspec.Meta(ge=1, le=MOST_ENTRIES)] = MOST_ENTRIES


class Details(TypedDict, total=False):
    """What an entry says besides who did what: each left out is kept empty."""

    customer: str | None
    reference: str | None  # the order, loan or payment acted on
    amount: Decimal | None
    reason: str | None
    idempotency_key: str | None


class Repository(SQLAlchemyAsyncRepository[DeskAuditEntry]):
    model_type = DeskAuditEntry


def _view(row: DeskAuditEntry) -> AuditEntry:
    return AuditEntry(
        id=row.id,
        at=row.at,
        staff=row.staff,
        role=row.role,
        action=row.action,
        customer=row.customer,
        reference=row.reference,
        amount=f"{row.amount:.2f}" if row.amount is not None else None,
        reason=row.reason,
        idempotency_key=row.idempotency_key,
        trace_id=row.trace_id,
        outcome=row.outcome,
    )


def _india_day_start(day: date) -> datetime:
    return datetime.combine(day, time.min, IST).astimezone(UTC)


class AuditTrail:
    def __init__(self, database: OperationsDatabase, clock: Clock) -> None:
        self.database = database
        self.clock = clock  # the desk's time, on the mocks' clock while mocks are in use

    async def record(self, staff: StaffView | str, action: str, outcome: str, **details: Unpack[Details]) -> None:
        """Keep one entry; `staff` is a bare name for someone not (yet) logged in."""
        entry = await self.entry(staff, action, outcome, **details)
        async with self.database.session() as session:
            await Repository(session=session).add(entry)

    async def entry(
        self, staff: StaffView | str, action: str, outcome: str, **details: Unpack[Details]
    ) -> DeskAuditEntry:
        """One entry (logged now), for the caller to add in the same transaction as what it records:
        a replica that dies between the two then keeps both or neither."""
        name, role = (staff.name, staff.role) if isinstance(staff, StaffView) else (staff[:64], "unknown")
        amount = details.get("amount")
        emit = log.info if outcome in ("done", "found", "asked") else log.warning
        emit(
            "desk_audit", staff=name, role=role, action=action, target=details.get("reference"),
            customer=details.get("customer"), amount=str(amount) if amount is not None else None,
            reason=details.get("reason"), outcome=outcome,
        )  # fmt: skip
        return DeskAuditEntry(
            at=await self.clock.now(),
            staff=name,
            role=role,
            action=action,
            customer=details.get("customer"),
            reference=details.get("reference"),
            amount=amount,
            reason=details.get("reason"),
            idempotency_key=details.get("idempotency_key"),
            trace_id=current_trace_id(),
            outcome=outcome,
        )

    async def entries(self, query: AuditQuery) -> list[AuditEntry]:
        """Newest first."""
        filters: list[StatementFilter] = [
            CollectionFilter(field_name=field, values=[value])
            for field, value in (("customer", query.customer), ("staff", query.staff), ("action", query.action))
            if value
        ]
        if query.since or query.until:
            filters.append(
                OnBeforeAfter(
                    field_name="at",
                    on_or_after=_india_day_start(query.since) if query.since else None,
                    on_or_before=_india_day_start(query.until + timedelta(days=1)) if query.until else None,
                )
            )
        filters += [OrderBy(field_name="id", sort_order="desc"), LimitOffset(limit=query.limit, offset=0)]
        async with self.database.session() as session:
            rows = await Repository(session=session).get_many(*filters)
        return [_view(row) for row in rows]


def as_csv(entries: Sequence[AuditEntry]) -> str:
    """The entries as a spreadsheet reads them; a cell a spreadsheet would take for a formula
    (=, +, -, @ first) is kept as text."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(CSV_COLUMNS)
    for entry in entries:
        row = msgspec.to_builtins(entry)
        cells = ["" if row.get(column) is None else str(row[column]) for column in CSV_COLUMNS]
        writer.writerow(["'" + c if c[:1] in ("=", "+", "-", "@") else c for c in cells])
    return out.getvalue()
