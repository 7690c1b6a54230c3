"""The delivery address's rules, field by field: the one place the page's as-you-type messages
and the address book's refusals come from (the page asks `POST /api/addresses/check`
rather than carrying a copy)."""

from __future__ import annotations

from typing import Final

from gateway.addresses.schemas import AddressDraft, FieldProblem

NAME_LIMIT: Final = 80
LINE_LIMIT: Final = 200

NAME_MISSING = FieldProblem(field="name", code="name_missing", message="Please enter the name to deliver to.")
NAME_TOO_LONG = FieldProblem(field="name", code="name_too_long", message="Please shorten the name to 80 characters.")
MOBILE_MISSING = FieldProblem(
    field="mobileNumber", code="mobile_missing", message="Please enter a 10-digit mobile number."
)
MOBILE_LENGTH = FieldProblem(field="mobileNumber", code="mobile_length", message="A mobile number has 10 digits.")
MOBILE_START = FieldProblem(
    field="mobileNumber", code="mobile_start", message="An Indian mobile number starts with 6, 7, 8 or 9."
)
ADDRESS_MISSING = FieldProblem(
    field="address1", code="address_missing", message="Please enter the shop or house number and street."
)
LINE1_TOO_LONG = FieldProblem(
    field="address1", code="address_too_long", message="Please shorten this line to 200 characters."
)
LINE2_TOO_LONG = FieldProblem(
    field="address2", code="address_too_long", message="Please shorten this line to 200 characters."
)
PINCODE_MISSING = FieldProblem(field="pincode", code="pincode_missing", message="Please enter the 6-digit pin code.")
PINCODE_LENGTH = FieldProblem(field="pincode", code="pincode_length", message="A pin code has 6 digits.")
PINCODE_LEADING_ZERO = FieldProblem(
    field="pincode", code="pincode_leading_zero", message="A pin code does not start with 0."
)


def _mobile(mobile: str) -> FieldProblem | None:
    if not mobile:
        return MOBILE_MISSING
    if len(mobile) != 10 or not mobile.isascii() or not mobile.isdigit():
        return MOBILE_LENGTH
    return MOBILE_START if mobile[0] not in "6789" else None


def pincode_problem(pincode: str) -> FieldProblem | None:
    """The pin code's form: six digits, not starting with 0 (no Indian postal zone is 0)."""
    if not pincode:
        return PINCODE_MISSING
    if len(pincode) != 6 or not pincode.isascii() or not pincode.isdigit():
        return PINCODE_LENGTH
    return PINCODE_LEADING_ZERO if pincode[0] == "0" else None


def field_problems(draft: AddressDraft) -> list[FieldProblem]:
    """Every field's first problem, in the form's order; empty when the address is complete
    (the pin code's place and delivery are looked up separately)."""
    name = draft.name.strip()
    found = [
        NAME_MISSING if not name else NAME_TOO_LONG if len(name) > NAME_LIMIT else None,
        _mobile(draft.mobile_number),
        ADDRESS_MISSING if not draft.address1.strip() else LINE1_TOO_LONG if len(draft.address1) > LINE_LIMIT else None,
        LINE2_TOO_LONG if len(draft.address2) > LINE_LIMIT else None,
        pincode_problem(draft.pincode),
    ]
    return [problem for problem in found if problem is not None]
