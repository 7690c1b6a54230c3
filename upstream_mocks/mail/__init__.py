"""Mock of the mail service (contracts/mail.openapi.yaml)."""

from upstream_mocks.mail.app import create_app

__all__ = ["create_app"]
