"""The loan calls' answers (contracts/lending.openapi.yaml, `webRepayment/loans...`), from a loan
and its position: amounts as exact decimal strings, dates as ISO dates."""

from __future__ import annotations

from datetime import date
from decimal import Decimal
from typing import Any

from upstream_mocks.lending.loans import Allocation, InstalmentState, Loan, Position, StatementRow

ALLOCATION_ORDER = ["penalCharges", "interest", "principal"]


def money(value: Decimal) -> str:
    return format(value.quantize(Decimal("0.01")), "f")


def lender_view(loan: Loan) -> dict[str, Any]:
    return {"name": loan.lender.name, "registration": loan.lender.registration, "website": loan.lender.website}


def summary_view(loan: Loan, at: Position) -> dict[str, Any]:
    coming = at.next_instalment()
    return {
        "loanNumber": loan.loan_number,
        "status": at.status,
        "lender": lender_view(loan),
        "lendingServiceProvider": loan.lsp_name,
        "sanctionedAmount": money(loan.sanctioned),
        "disbursedOn": loan.disbursed_on.isoformat(),
        "principalOutstanding": money(at.principal_outstanding),
        "principalDue": money(at.principal_due),
        "interestDue": money(at.interest_due),
        "interestAccrued": money(at.interest_accrued),
        "penalCharges": money(at.charges_due),
        "overdueAmount": money(at.overdue),
        "minimumPayment": money(at.minimum_payment),
        "nextDue": (
            {"dueOn": coming.instalment.due_on.isoformat(), "amount": money(coming.owed)}
            if coming is not None
            else None
        ),
        "daysPastDue": at.days_past_due,
        "closedOn": at.closed_on.isoformat() if at.closed_on else None,
        "asOf": at.today.isoformat(),
    }


def key_facts_view(loan: Loan, borrower_name: str) -> dict[str, Any]:
    fees = sum((fee.amount for fee in loan.fees), Decimal(0))
    interest = sum((i.interest for i in loan.instalments), Decimal(0))
    g = loan.lender.grievance_officer
    return {
        "loanNumber": loan.loan_number,
        "borrowerName": borrower_name,
        "lender": lender_view(loan),
        "lendingServiceProvider": loan.lsp_name,
        "sanctionedAmount": money(loan.sanctioned),
        "netDisbursed": money(loan.sanctioned - fees),
        "disbursedOn": loan.disbursed_on.isoformat(),
        "interestRate": money(loan.annual_rate),
        "rateType": loan.rate_type,
        "apr": money(loan.apr),
        "instalmentCount": len(loan.instalments),
        "instalmentFrequency": "monthly",
        "totalInterest": money(interest),
        "totalFees": money(fees),
        "totalPayable": money(loan.sanctioned + interest),
        "fees": [{"kind": f.kind, "amount": money(f.amount), "payableTo": f.payable_to} for f in loan.fees],
        "penalCharge": {"amount": money(loan.penal_charge), "basis": "perMissedInstalment"},
        "coolingOffDays": loan.cooling_off_days,
        "foreclosureChargePercent": money(loan.foreclosure_charge_percent),
        "allocationOrder": ALLOCATION_ORDER,
        "recoveryAgents": [{"name": a.name, "phone": a.phone} for a in loan.lender.recovery_agents],
        "grievanceOfficer": {"name": g.name, "email": g.email, "phone": g.phone, "address": g.address},
    }


def allocation_view(allocation: Allocation) -> dict[str, str]:
    charges, interest, principal = allocation
    return {"penalCharges": money(charges), "interest": money(interest), "principal": money(principal)}


def row_view(row: StatementRow) -> dict[str, Any]:
    return {
        "date": row.on.isoformat(),
        "kind": row.kind,
        "instalment": row.instalment,
        "reference": row.reference,
        "debit": money(row.debit),
        "credit": money(row.credit),
        "balance": money(row.balance),
        "allocation": allocation_view(row.allocation) if row.allocation is not None else None,
    }


def statement_rows(at: Position, start: date) -> tuple[Decimal, list[StatementRow]]:
    """The opening balance on `start` (the balance after the last row before it) and the rows from it."""
    before = [row for row in at.rows if row.on < start]
    return (before[-1].balance if before else Decimal(0)), [row for row in at.rows if row.on >= start]


def statement_view(loan: Loan, at: Position, start: date) -> dict[str, Any]:
    opening, rows = statement_rows(at, start)
    return {
        "loanNumber": loan.loan_number,
        "from": start.isoformat(),
        "to": at.today.isoformat(),
        "openingBalance": money(opening),
        "closingBalance": money(rows[-1].balance if rows else opening),
        "rows": [row_view(row) for row in rows],
    }


def instalment_status(state: InstalmentState, today: date) -> str:
    if state.owed == 0:
        return "paid"
    if state.instalment.due_on == today:
        return "due"
    return "overdue" if state.instalment.due_on < today else "upcoming"


def schedule_view(loan: Loan, at: Position) -> dict[str, Any]:
    return {
        "loanNumber": loan.loan_number,
        "instalments": [
            {
                "number": s.instalment.number,
                "dueOn": s.instalment.due_on.isoformat(),
                "principal": money(s.instalment.principal),
                "interest": money(s.instalment.interest),
                "amount": money(s.instalment.principal + s.instalment.interest),
                "paid": money(s.principal_paid + s.interest_paid),
                "status": instalment_status(s, at.today),
            }
            for s in at.instalments
        ],
    }
