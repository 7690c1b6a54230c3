"""What the site's forms send and get back, with the rules the gateway holds them to, and their messages."""

from __future__ import annotations

from typing import Annotated

import msgspec

from gateway.plumbing.validation import (
    EMAIL_MESSAGE,
    MOBILE_MESSAGE,
    MOBILE_PATTERN,
    NAME_MESSAGE,
    TEXT_MESSAGE,
    PhoneNumber,
    TextChecked,
    whole,
)

# A pragmatic address check (something@domain.tld, no spaces); the mail service has the last word.
Email = Annotated[
    str, msgspec.Meta(pattern=whole(r"[^@\s]+@[^@\s]+\.[^@\s]+"), max_length=254, description=EMAIL_MESSAGE)
]
Name = Annotated[str, msgspec.Meta(pattern=r"\S", max_length=100, description=NAME_MESSAGE)]
Phone = Annotated[str, msgspec.Meta(pattern=MOBILE_PATTERN, description=MOBILE_MESSAGE)]
Text = Annotated[str, msgspec.Meta(pattern=r"\S", max_length=5000, description=TEXT_MESSAGE)]


class NewsletterRequest(TextChecked, forbid_unknown_fields=True):
    email: Email


class ContactRequest(TextChecked, forbid_unknown_fields=True):
    MULTI_LINE = frozenset({"message"})

    name: Name
    email: Email
    phone: PhoneNumber  # a landline with its STD code too
    message: Text


class DeleteDataRequest(TextChecked, forbid_unknown_fields=True):
    name: Name
    email: Email
    phone: Phone


class SiteAnswer(msgspec.Struct, frozen=True):
    """What a form shows on success."""

    message: str
