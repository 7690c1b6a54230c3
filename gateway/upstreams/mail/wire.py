"""The mail service's wire shapes (contracts/mail.openapi.yaml): what the client sends."""

from __future__ import annotations

from typing import Literal

import msgspec

SupportKind = Literal["supportData", "DeleteUser"]


class Subscription(msgspec.Struct, rename="camel", frozen=True):
    email: str
    subject: str
    support_request: str
    message: str


class SupportRequest(msgspec.Struct, rename="camel", frozen=True, omit_defaults=True):
    name: str
    email: str
    contact: str
    subject: str
    support_request: SupportKind
    message: str | None = None
