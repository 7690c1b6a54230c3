"""Mock of the payments service (contracts/payments.openapi.yaml)."""

from upstream_mocks.payments.app import create_app

__all__ = ["create_app"]
