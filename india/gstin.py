"""The GSTIN rule, the gateway's and the only one: canonical form, format, check digit, state.

The app asks `GET /api/checkout/gstin` as the user types and shows this rule's answer, so the
page and the gateway never disagree about a number. A GSTIN is stored and printed only in its
canonical form: upper case, without the separators people type (spaces, hyphens, dashes).
"""

from __future__ import annotations

import re

import msgspec
from stdnum import luhn

ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"
# State code, PAN (five letters, four digits, a letter), entity number, 'Z', check character.
_FORMAT = re.compile(r"[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]")
# Whitespace, hyphen-minus and the Unicode hyphens and dashes (U+2010-U+2015, U+2212 minus):
# what a copy from a letterhead or a spreadsheet brings with it.
_SEPARATORS = re.compile(r"[\s\-\u2010-\u2015\u2212]+")

# The GST state codes (GSTN's list), with the state as India Post names it, so the code can
# be compared with the state of a pin code.
STATE_CODES: dict[str, str] = {
    "01": "Jammu and Kashmir",
    "02": "Himachal Pradesh",
    "03": "Punjab",
    "04": "Chandigarh",
    "05": "Uttarakhand",
    "06": "Haryana",
    "07": "Delhi",
    "08": "Rajasthan",
    "09": "Uttar Pradesh",
    "10": "Bihar",
    "11": "Sikkim",
    "12": "Arunachal Pradesh",
    "13": "Nagaland",
    "14": "Manipur",
    "15": "Mizoram",
    "16": "Tripura",
    "17": "Meghalaya",
    "18": "Assam",
    "19": "West Bengal",
    "20": "Jharkhand",
    "21": "Odisha",
    "22": "Chhattisgarh",
    "23": "Madhya Pradesh",
    "24": "Gujarat",
    "25": "Dadra and Nagar Haveli and Daman and Diu",  # Daman and Diu's code before the merger
    "26": "Dadra and Nagar Haveli and Daman and Diu",
    "27": "Maharashtra",
    "29": "Karnataka",
    "30": "Goa",
    "31": "Lakshadweep",
    "32": "Kerala",
    "33": "Tamil Nadu",
    "34": "Puducherry",
    "35": "Andaman and Nicobar Islands",
    "36": "Telangana",
    "37": "Andhra Pradesh",
    "38": "Ladakh",
}

FORMAT_MESSAGE = "Please enter a valid 15-character GSTIN, e.g. 27AAPFU0939F1ZV."
CHECK_DIGIT_MESSAGE = "This GSTIN's check digit is wrong. Please check it."
WRONG_STATE_MESSAGE = (
    "This GSTIN is registered in {gstin_state}, but the billing address is in {state}. "
    "Please enter the business's GSTIN for {state}."
)


class GstinProblem(msgspec.Struct, frozen=True, kw_only=True):
    code: str  # gstin_invalid, gstin_check_digit, gstin_wrong_state
    message: str


def canonical(typed: str) -> str:
    """The GSTIN as it is stored and printed: upper case, separators gone."""
    return _SEPARATORS.sub("", typed).upper()


def _same_state(one: str, other: str) -> bool:
    def name(state: str) -> str:
        words = state.casefold().replace("&", "and").split()
        return " ".join(words[1:] if words[:1] == ["the"] else words)

    return name(one) == name(other)


def problem(number: str, billing_state: str | None = None) -> GstinProblem | None:
    """What is wrong with a canonical GSTIN, or None. With `billing_state` (the state of the
    billing address's pin code), a GSTIN registered in another state is wrong too."""
    if len(number) != 15 or not _FORMAT.fullmatch(number) or number[:2] not in STATE_CODES:
        return GstinProblem(code="gstin_invalid", message=FORMAT_MESSAGE)
    if not luhn.is_valid(number, ALPHABET):
        return GstinProblem(code="gstin_check_digit", message=CHECK_DIGIT_MESSAGE)
    gstin_state = STATE_CODES[number[:2]]
    if billing_state and not _same_state(gstin_state, billing_state):
        message = WRONG_STATE_MESSAGE.format(gstin_state=gstin_state, state=billing_state)
        return GstinProblem(code="gstin_wrong_state", message=message)
    return None


def state_of(number: str) -> str | None:
    """The state a canonical GSTIN is registered in, when its code is known."""
    return STATE_CODES.get(number[:2])
