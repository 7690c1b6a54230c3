"""Complaints to the lender with a ticket, followed to an answer or to the RBI Ombudsman."""

from gateway.complaints.routes import build_router

__all__ = ["build_router"]
