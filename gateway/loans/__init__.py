"""The borrower's loans (/api/loans): each loan, its Key Facts Statement, statement, schedule and
how a payment would be applied, from the lender. Mirrors frontend/src/features/loans."""

from gateway.loans.routes import build_router

__all__ = ["build_router"]
