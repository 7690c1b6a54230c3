"""Mock of the payouts provider (contracts/payouts.openapi.yaml)."""

from upstream_mocks.payouts.app import create_app

__all__ = ["create_app"]
