"""The mail service (contracts/mail.openapi.yaml): `wire.py` its shapes, `client.py` the site's
forms (`MailClient`), `operations.py` what was sent to a customer, for the desk (`MailOperations`)."""

from __future__ import annotations

from gateway.upstreams.mail.client import MailClient
from gateway.upstreams.mail.operations import MailOperations, SentMessage
from gateway.upstreams.mail.wire import Subscription, SupportKind, SupportRequest

__all__ = ["MailClient", "MailOperations", "SentMessage", "Subscription", "SupportKind", "SupportRequest"]
