"""The borrower's AutoPay mandates and their debits for the desk, read from the gateway's own records."""

from __future__ import annotations

from sqlalchemy import select

from gateway.desk.schemas import DeskMandate, DeskMandateDebit
from gateway.operations_db import OperationsDatabase
from gateway.operations_db.models import LoanMandate


async def desk_mandates(database: OperationsDatabase, mobile: str) -> list[DeskMandate]:
    async with database.session() as db:
        found = await db.scalars(
            select(LoanMandate).where(LoanMandate.customer == mobile).order_by(LoanMandate.id.desc())
        )
        return [
            DeskMandate(
                mandate_id=m.mandate_id,
                loan_number=m.loan_number,
                lender_name=m.lender_name,
                status=m.status,
                method="enach" if m.method == "enach" else "upi",
                max_amount=str(m.max_amount),
                start_on=m.start_on,
                end_on=m.end_on,
                debits=[
                    DeskMandateDebit(
                        payment_id=d.payment_id,
                        instalment=d.instalment,
                        due_on=d.due_on,
                        amount=str(d.amount),
                        status=d.status,
                        failure_reason=d.failure_reason,
                        noticed_at=d.noticed_at,
                    )
                    for d in m.debits
                ],
                account_ending=m.account_ending,
                bank_code=m.bank_code,
                lender_told_at=m.lender_told_at,
            )
            for m in found
        ]
