"""The lending port and its adapters (port.py says what a lender must do)."""

from gateway.upstreams.lenders.choice import build_lender
from gateway.upstreams.lenders.port import Lender, LenderCannot

__all__ = ["Lender", "LenderCannot", "build_lender"]
