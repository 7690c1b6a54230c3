"""Mock of a lender on Apache Fineract (contracts/fineract.openapi.yaml) and of its companion
service (the parts of contracts/lending.openapi.yaml Fineract has no call for)."""

from upstream_mocks.fineract.app import create_app
from upstream_mocks.fineract.companion import create_app as create_companion_app

__all__ = ["create_app", "create_companion_app"]
