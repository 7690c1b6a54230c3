"""Seed loans at different stages, dated from the day the mocks start (so every run reads the same):
Ramesh Kumar (user 1001) has one overdue (LN-1001, the loan the portal collects for: its first
instalment of Rs. 12,000 fell due 17 days ago, with Rs. 450 penal charges, as repaymentDetail
says), one current (LN-1004, two instalments paid, the next due in 10 days) and one closed
(LN-0998). Sunita Sharma (user 1002) owes nothing today: one current loan (LN-1102, three
instalments paid, the next due in 12 days) and one closed (LN-1098).
The APRs are the lenders' own figures (all costs included, annualised IRR)."""

from __future__ import annotations

from datetime import date, timedelta
from decimal import Decimal

from upstream_mocks.lending.loans import (
    Fee,
    GrievanceOfficer,
    Instalment,
    Lender,
    Loan,
    LoanPayment,
    RecoveryAgent,
    add_months,
    schedule,
)
from upstream_mocks.lending.seed import RAMESH_DAYS_OVERDUE

LSP = "VoltKhata"

SAHYOGKOSH = Lender(
    name="Sahyogkosh Finance Limited",
    registration="N-14.03512",
    website="https://sahyogkosh.example",
    grievance_officer=GrievanceOfficer(
        name="Meera Iyer",
        email="grievance@sahyogkosh.example",
        phone="1800 200 1234",
        address="Sahyogkosh House, 12 MG Road, Gurugram, Haryana 122002",
    ),
    recovery_agents=(RecoveryAgent(name="Suraksha Recoveries Private Limited", phone="0124 455 0101"),),
)

ARTHVIK = Lender(
    name="Arthvik Capital Limited",
    registration="B-13.02287",
    website="https://arthvik.example",
    grievance_officer=GrievanceOfficer(
        name="Rohit Menon",
        email="nodal.officer@arthvik.example",
        phone="1800 300 5678",
        address="Arthvik Towers, 4 Ashram Road, Ahmedabad, Gujarat 380009",
    ),
    recovery_agents=(
        RecoveryAgent(name="Nyay Collections LLP", phone="079 4000 2200"),
        RecoveryAgent(name="Sahaj Field Services", phone="079 4000 3300"),
    ),
)


def paid_on_time(instalments: tuple[Instalment, ...], count: int, reference: str) -> tuple[LoanPayment, ...]:
    return tuple(
        LoanPayment(on=i.due_on, amount=i.principal + i.interest, reference=f"{reference}{i.number}")
        for i in instalments[:count]
    )


def seed_loans(today: date) -> dict[int, list[Loan]]:
    """The seed loans, dated from `today` (the mocks' clock's, when they are seeded)."""
    overdue_first_due = today - timedelta(days=RAMESH_DAYS_OVERDUE)
    overdue = Loan(
        loan_number="LN-1001",
        user_id=1001,
        lender=SAHYOGKOSH,
        lsp_name=LSP,
        sanctioned=Decimal("100000.00"),
        disbursed_on=add_months(overdue_first_due, -1),
        annual_rate=Decimal("24.00"),
        apr=Decimal("29.91"),
        instalments=schedule(Decimal("100000.00"), Decimal("24.00"), 10, overdue_first_due),
        fees=(
            Fee(kind="processing", amount=Decimal("2360.00"), payable_to="lender"),
            Fee(kind="stampDuty", amount=Decimal("100.00"), payable_to="third party"),
        ),
        penal_charge=Decimal("450.00"),
        cooling_off_days=3,
        foreclosure_charge_percent=Decimal("0.00"),
        collects_portal_payments=True,
    )
    current_first_due = add_months(today + timedelta(days=10), -2)
    current_schedule = schedule(Decimal("60000.00"), Decimal("18.00"), 12, current_first_due)
    current = Loan(
        loan_number="LN-1004",
        user_id=1001,
        lender=ARTHVIK,
        lsp_name=LSP,
        sanctioned=Decimal("60000.00"),
        disbursed_on=add_months(current_first_due, -1),
        annual_rate=Decimal("18.00"),
        apr=Decimal("20.69"),
        instalments=current_schedule,
        fees=(
            Fee(kind="processing", amount=Decimal("708.00"), payable_to="lender"),
            Fee(kind="stampDuty", amount=Decimal("100.00"), payable_to="third party"),
        ),
        penal_charge=Decimal("300.00"),
        cooling_off_days=3,
        foreclosure_charge_percent=Decimal("2.00"),
        payments=paid_on_time(current_schedule, 2, "AC-"),
    )
    closed_first_due = add_months(today, -6)
    closed_schedule = schedule(Decimal("30000.00"), Decimal("24.00"), 3, closed_first_due)
    closed = Loan(
        loan_number="LN-0998",
        user_id=1001,
        lender=SAHYOGKOSH,
        lsp_name=LSP,
        sanctioned=Decimal("30000.00"),
        disbursed_on=add_months(closed_first_due, -1),
        annual_rate=Decimal("24.00"),
        apr=Decimal("33.50"),
        instalments=closed_schedule,
        fees=(
            Fee(kind="processing", amount=Decimal("354.00"), payable_to="lender"),
            Fee(kind="stampDuty", amount=Decimal("100.00"), payable_to="third party"),
        ),
        penal_charge=Decimal("450.00"),
        cooling_off_days=3,
        foreclosure_charge_percent=Decimal("0.00"),
        payments=paid_on_time(closed_schedule, 3, "SK-"),
    )
    return {1001: [overdue, current, closed], 1002: list(up_to_date(today))}


def up_to_date(today: date) -> tuple[Loan, Loan]:
    """Sunita Sharma's: a borrower who owes nothing today, with a current and a closed loan."""
    current_first_due = add_months(today + timedelta(days=12), -3)
    current_schedule = schedule(Decimal("45000.00"), Decimal("18.00"), 9, current_first_due)
    closed_first_due = add_months(today, -8)
    closed_schedule = schedule(Decimal("20000.00"), Decimal("22.00"), 4, closed_first_due)
    fees = (
        Fee(kind="processing", amount=Decimal("531.00"), payable_to="lender"),
        Fee(kind="stampDuty", amount=Decimal("100.00"), payable_to="third party"),
    )
    current = Loan(
        loan_number="LN-1102",
        user_id=1002,
        lender=ARTHVIK,
        lsp_name=LSP,
        sanctioned=Decimal("45000.00"),
        disbursed_on=add_months(current_first_due, -1),
        annual_rate=Decimal("18.00"),
        apr=Decimal("21.59"),
        instalments=current_schedule,
        fees=fees,
        penal_charge=Decimal("300.00"),
        cooling_off_days=3,
        foreclosure_charge_percent=Decimal("2.00"),
        payments=paid_on_time(current_schedule, 3, "AC-"),
    )
    closed = Loan(
        loan_number="LN-1098",
        user_id=1002,
        lender=SAHYOGKOSH,
        lsp_name=LSP,
        sanctioned=Decimal("20000.00"),
        disbursed_on=add_months(closed_first_due, -1),
        annual_rate=Decimal("22.00"),
        apr=Decimal("38.11"),
        instalments=closed_schedule,
        fees=fees,
        penal_charge=Decimal("450.00"),
        cooling_off_days=3,
        foreclosure_charge_percent=Decimal("0.00"),
        payments=paid_on_time(closed_schedule, 4, "SK-"),
    )
    return current, closed
