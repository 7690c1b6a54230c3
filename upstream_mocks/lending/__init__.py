"""Mock of the lending service (contracts/lending.openapi.yaml)."""

from upstream_mocks.lending.app import create_app

__all__ = ["create_app"]
