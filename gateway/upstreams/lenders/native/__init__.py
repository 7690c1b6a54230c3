"""The adapter for a lender speaking our own lending contract: its typed clients (wire shapes),
their mapping into the port's words, and the adapter (`NativeLender`)."""

from gateway.upstreams.lenders.native.adapter import NativeLender

__all__ = ["NativeLender"]
