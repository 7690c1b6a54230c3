"""The shopper's address book (/api/addresses): listed, added, changed, made the default, taken
out, and the form as typed held to the address rules (routes, service, schemas)."""

from gateway.addresses.routes import build_router

__all__ = ["build_router"]
