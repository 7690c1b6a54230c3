"""Mock of the catalogue service (contracts/catalogue.openapi.yaml)."""

from upstream_mocks.catalogue.app import create_app

__all__ = ["create_app"]
