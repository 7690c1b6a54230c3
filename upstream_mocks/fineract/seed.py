"""The Fineract lender's books: clients, their loans' schedules and transactions, kept as exact
Decimal rupees and sent the way Fineract does (JSON numbers with six decimals, dates as [y, m, d]).

Seeded relative to the mocks' clock's today, so the same figures hold whatever day it is:
Meena Gupta (9811122233) owes one missed instalment and its penalty, ₹3,420.00 overdue, five
days; Ramesh Kumar (9876543210, also a borrower of our own lending service) has a current loan
here, disbursed ten days ago, its first instalment due in twenty; Kavita Joshi (9811144455) owes
nothing: a current floating-rate loan and a closed one; Anita Verma (9811166677) has a current
loan at 12.123456% a year, its first instalment due in twelve days, as a member of the group
Sakhi Mahila Mandal (a JLG loan); the group's own loan 7106 (9.75%, an instalment overdue) has no
client on it, as a group loan in Fineract has none.
"""

from __future__ import annotations

from datetime import date, datetime, timedelta
from decimal import Decimal
from typing import Literal

import msgspec

CENT = Decimal("0.01")
RATE = Decimal("12.123456")  # Anita Verma's loan's rate, % a year
SAKHI = 601  # the group Anita Verma and Meena Gupta belong to


class Period(msgspec.Struct, kw_only=True):
    number: int
    due: date
    principal: Decimal
    interest: Decimal
    penalty: Decimal = Decimal(0)
    principal_paid: Decimal = Decimal(0)
    interest_paid: Decimal = Decimal(0)
    penalty_paid: Decimal = Decimal(0)

    @property
    def total(self) -> Decimal:
        return self.principal + self.interest + self.penalty

    @property
    def paid(self) -> Decimal:
        return self.principal_paid + self.interest_paid + self.penalty_paid


class Transaction(msgspec.Struct, kw_only=True):
    id: int
    kind: str  # "disbursement", "repayment" or "creditBalanceRefund"
    on: date
    amount: Decimal
    principal: Decimal = Decimal(0)
    interest: Decimal = Decimal(0)
    penalty: Decimal = Decimal(0)
    overpayment: Decimal = Decimal(0)  # a repayment's part beyond everything owed (overpaymentPortion)
    balance: Decimal = Decimal(0)  # principal outstanding after it
    external_id: str | None = None
    receipt_number: str | None = None


class Arrears(msgspec.Struct, kw_only=True):
    """A loan's row of Fineract's arrears table (m_loan_arrears_aging): what was overdue when it was
    last worked out (after a transaction, or by the nightly job), not what is overdue now."""

    principal: Decimal
    interest: Decimal
    penalty: Decimal
    since: date

    @property
    def total(self) -> Decimal:
        return self.principal + self.interest + self.penalty


LoanType = Literal["individual", "group", "jlg"]


class Loan(msgspec.Struct, kw_only=True):
    id: int
    account_no: str
    # None for a group's own loan (loanType group): Fineract's m_loan.client_id is null then.
    client_id: int | None
    product: str
    principal: Decimal
    annual_rate: Decimal
    disbursed: date
    periods: list[Period]
    transactions: list[Transaction]
    # The product's grace on arrears ageing (days): the nightly job skips instalments this recent.
    arrears_grace_days: int = 0
    arrears: Arrears | None = None  # None: nothing overdue when last worked out
    floating: bool = False  # a floating interest rate (Fineract's isFloatingInterestRate)
    # The foreclosure charge the lender set on the loan: a share of the principal outstanding.
    foreclosure_fee_percent: Decimal = Decimal(0)
    loan_type: LoanType = "individual"
    group_id: int | None = None  # a group's loan, or a member's loan the group stands for (jlg)
    # Repaid beyond everything owed and not yet given back by a credit balance refund: while above
    # nothing, the loan is Overpaid (status 700, `totalOverpaid`).
    overpaid: Decimal = Decimal(0)


def refresh_arrears(loan: Loan, business_date: date, grace_days: int = 0) -> None:
    """Work the loan's arrears row out again, as Fineract does after a transaction (no grace) and
    in its arrears ageing job (the product's grace): instalments due before the business date
    (less the grace), what is left unpaid of each."""
    cutoff = business_date - timedelta(days=grace_days)
    due = [p for p in loan.periods if p.due < cutoff]
    principal = sum((p.principal - p.principal_paid for p in due), Decimal(0))
    interest = sum((p.interest - p.interest_paid for p in due), Decimal(0))
    penalty = sum((p.penalty - p.penalty_paid for p in due), Decimal(0))
    unpaid = [p.due for p in due if p.paid < p.total]
    loan.arrears = (
        Arrears(principal=principal, interest=interest, penalty=penalty, since=min(unpaid))
        if principal + interest + penalty > 0 and unpaid
        else None
    )


class Client(msgspec.Struct, kw_only=True):
    id: int
    account_no: str
    display_name: str
    mobile_no: str  # as the lender's staff typed it: Fineract keeps it so ("+91 98111 22233")

    @property
    def mobile(self) -> str:
        """The ten-digit Indian mobile number in `mobile_no`, whatever country code or spaces it
        was typed with (the companion service's SMS and receipts go to this)."""
        digits = "".join(ch for ch in self.mobile_no if ch.isdigit())
        return digits[-10:]


class Group(msgspec.Struct, kw_only=True):
    """A Fineract group (m_group): members who borrow together."""

    id: int
    account_no: str
    name: str
    members: list[int]


BusinessDateSetting = Literal["on", "off", "never"]
CommandStatus = Literal["underProcessing", "processed", "awaitingApproval", "rejected", "error"]


class Command(msgspec.Struct, kw_only=True):
    """One row of Fineract's command source (m_portfolio_command_source): a write, under its
    Idempotency-Key (unique with the action and entity), with its status and its first answer."""

    id: int
    action: str  # "REPAYMENT"
    entity: str  # "LOAN"
    key: str
    loan_id: int
    body: bytes  # the command's JSON, as sent
    status: CommandStatus
    made_on: datetime
    result_status: int | None = None
    result: bytes | None = None
    checked_on: datetime | None = None


class Controls(msgspec.Struct, kw_only=True):
    """QA's switches (/_mocks/fineract/qa): the real server's behaviours, on demand."""

    maker_checker: bool = False  # repayments wait for a checker's approval
    fail_next: int = 0  # the next bookings fail inside the command (a stored 500, replayed)
    hold_next: int = 0  # the next bookings stay in flight until released (a retry meets 425)
    # The global configuration `enable_business_date` and the m_business_date row: "on" (the row
    # follows the mocks' clock), "off" (turned off after use: the row stays at `business_date_kept`
    # while the books move on with the tenant's date) or "never" (Fineract's default: no row).
    business_date: BusinessDateSetting = "on"
    business_date_kept: date | None = None


class FineractState(msgspec.Struct, kw_only=True):
    clients: dict[int, Client]
    loans: dict[int, Loan]
    groups: dict[int, Group] = msgspec.field(default_factory=dict)
    next_transaction_id: int = 90_001
    commands: dict[int, Command] = msgspec.field(default_factory=dict)
    next_command_id: int = 1
    controls: Controls = msgspec.field(default_factory=Controls)
    loan_reads: int = 0  # loan list pages served: without an order, each comes in another one


def apply_payment(loan: Loan, amount: Decimal) -> tuple[Decimal, Decimal, Decimal]:
    """Fineract's default allocation: period by period, penalties, then interest, then principal.
    Returns the (principal, interest, penalty) portions."""
    left = amount
    portions = {"principal": Decimal(0), "interest": Decimal(0), "penalty": Decimal(0)}
    for period in loan.periods:
        for part in ("penalty", "interest", "principal"):
            owed = getattr(period, part) - getattr(period, f"{part}_paid")
            take = min(owed, left)
            if take > 0:
                setattr(period, f"{part}_paid", getattr(period, f"{part}_paid") + take)
                portions[part] += take
                left -= take
    return portions["principal"], portions["interest"], portions["penalty"]


def principal_outstanding(loan: Loan) -> Decimal:
    return loan.principal - sum((p.principal_paid for p in loan.periods), Decimal(0))


def _loan(
    loan_id: int,
    client_id: int | None,
    principal: Decimal,
    count: int,
    first_due: date,
    today: date,
    paid: int,
    annual_rate: Decimal = Decimal("18"),
) -> Loan:
    share = (principal / count).quantize(CENT)
    interest = (principal * annual_rate / 1200).quantize(CENT)  # flat, monthly
    disbursed = first_due - timedelta(days=30)
    periods = [
        Period(number=n, due=first_due + timedelta(days=30 * (n - 1)), principal=share, interest=interest)
        for n in range(1, count + 1)
    ]
    periods[-1].principal = principal - share * (count - 1)
    loan = Loan(
        id=loan_id,
        account_no=f"{loan_id:09d}",
        client_id=client_id,
        product="Trade Credit",
        principal=principal,
        annual_rate=annual_rate,
        disbursed=disbursed,
        periods=periods,
        transactions=[
            Transaction(id=loan_id * 10, kind="disbursement", on=disbursed, amount=principal, balance=principal)
        ],
    )
    for n in range(paid):
        period = periods[n]
        p, i, pen = apply_payment(loan, period.total)
        loan.transactions.append(
            Transaction(
                id=loan_id * 10 + n + 1,
                kind="repayment",
                on=period.due,
                amount=p + i + pen,
                principal=p,
                interest=i,
                penalty=pen,
                balance=principal_outstanding(loan),
                external_id=f"seed-{loan_id}-{n + 1}",
            )
        )
    return loan


def seed(today: date) -> FineractState:
    meena = _loan(7101, 501, Decimal("18000.00"), 6, today - timedelta(days=65), today, paid=2)
    meena.periods[2].penalty = Decimal("150.00")  # the missed third instalment's penalty
    ramesh = _loan(7102, 502, Decimal("6000.00"), 3, today + timedelta(days=20), today, paid=0)
    for fixed in (meena, ramesh):
        fixed.foreclosure_fee_percent = Decimal("2.00")
    # Kavita Joshi owes nothing today: a current floating-rate loan (two instalments paid, the
    # next due in ten days; no foreclosure charge on it) and one repaid in full.
    current = _loan(7103, 503, Decimal("24000.00"), 6, today - timedelta(days=50), today, paid=2)
    current.floating = True
    closed = _loan(7104, 503, Decimal("9000.00"), 3, today - timedelta(days=150), today, paid=3)
    # Anita Verma's rate is not whole paise, as Fineract keeps rates (six decimals): 12.123456%.
    anita = _loan(7105, 504, Decimal("12000.00"), 4, today + timedelta(days=12), today, paid=0, annual_rate=RATE)
    # Anita borrows as a member of Sakhi Mahila Mandal (joint liability: her loan, the group
    # standing for it); the group also has a loan of its own, with no client on it.
    anita.loan_type, anita.group_id = "jlg", SAKHI
    group_loan = _loan(7106, None, Decimal("50000.00"), 5, today - timedelta(days=10), today, 0, Decimal("9.75"))
    group_loan.loan_type, group_loan.group_id = "group", SAKHI
    for loan in (meena, ramesh, current, closed, anita, group_loan):
        loan.arrears_grace_days = 3
        refresh_arrears(loan, today, loan.arrears_grace_days)  # as last night's job left them
    return FineractState(
        clients={
            501: Client(id=501, account_no="000000501", display_name="Meena Gupta", mobile_no="+91 98111 22233"),
            502: Client(id=502, account_no="000000502", display_name="Ramesh Kumar", mobile_no="9876543210"),
            503: Client(id=503, account_no="000000503", display_name="Kavita Joshi", mobile_no="+919811144455"),
            504: Client(id=504, account_no="000000504", display_name="Anita Verma", mobile_no="+91 98111 66677"),
        },
        loans={7101: meena, 7102: ramesh, 7103: current, 7104: closed, 7105: anita, 7106: group_loan},
        groups={SAKHI: Group(id=SAKHI, account_no="000000601", name="Sakhi Mahila Mandal", members=[504, 501])},
    )
