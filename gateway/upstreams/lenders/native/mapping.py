"""Our lending contract's answers in the port's words.

The contract (contracts/lending.openapi.yaml) was drawn from the port's shapes, so most answers
decode straight into the port's structs; what the contract states otherwise is mapped here: the
settle call's message, and the partner repayments' moments (ISO text on the wire). A shape that
comes to differ gets its wire struct in wire.py and its mapping here.
"""

from __future__ import annotations

from datetime import datetime

from gateway.upstreams.lenders.native.wire import PartnerRepaymentRow
from gateway.upstreams.lenders.payments import PartnerRepayment, Settlement

# updatePaymentStatus's message for a payment it could not settle as paid, and for one the payer's
# bank has yet to answer on; any other message (the contract's "Payment process completed") is a
# payment the lender booked.
PAYMENT_FAILED = "Payment failed"
PAYMENT_BANK_PENDING = "Payment pending at the bank"


def payment_outcome(message: str) -> Settlement:
    """updatePaymentStatus's message as an outcome: the lender keeps an open checkout as a pending
    payment of its own, so it never answers "not attempted" (its history says pending)."""
    if message == PAYMENT_BANK_PENDING:
        return Settlement.BANK_PENDING
    return Settlement.FAILED if not message or message == PAYMENT_FAILED else Settlement.COMPLETED


def partner_repayment(row: PartnerRepaymentRow) -> PartnerRepayment:
    return PartnerRepayment(
        order_id=row.order_id,
        user_id=row.user_id,
        user_name=row.user_name,
        mobile_number=row.mobile_number,
        email=row.email,
        loan_number=row.loan_number,
        amount=row.amount,
        status=row.status,
        cf_payment_id=row.cf_payment_id,
        created_at=datetime.fromisoformat(row.created_at),
        paid_at=datetime.fromisoformat(row.paid_at) if row.paid_at is not None else None,
        receipt_resendable=row.receipt_resendable,
        time_known=row.time_known,
        refunded=row.refunded,
    )
