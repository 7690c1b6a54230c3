"""The borrower's loans (/api/loans): each loan, its Key Facts Statement, statement, schedule and
how a payment would be applied, from the lender. Mirrors frontend/src/features/loans."""

from gateway.loans.routes import autopay_debits, autopay_service, build_mandate_webhook_router, build_router

__all__ = ["autopay_debits", "autopay_service", "build_mandate_webhook_router", "build_router"]
