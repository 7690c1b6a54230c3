"""The mocks' SMS gateway: codes are random 6 digits, sent as a text in the user's language and
kept in the world's outbox for QA."""

from __future__ import annotations

import secrets
import time
from typing import Literal

from upstream_mocks.texts import Language, texts
from upstream_mocks.world import MockWorld

CODE_LIFETIME_SECONDS = 10 * 60


def issue_code(world: MockWorld, mobile_number: str, language: Language = "en") -> str:
    code = f"{secrets.randbelow(1_000_000):06d}"
    message = texts(language).sms_otp.format(otp=code, minutes=CODE_LIFETIME_SECONDS // 60)
    world.record_code(mobile_number, code, message, language)
    return code


def check_code(world: MockWorld, mobile_number: str, otp: str) -> bool:
    """True once for the latest live code sent to the number; a used code is gone."""
    entry = world.outbox.get(mobile_number)
    if entry is None or time.time() - entry.sent_at > CODE_LIFETIME_SECONDS:  # real time: a login code's life
        return False
    if not secrets.compare_digest(entry.otp, otp):
        return False
    del world.outbox[mobile_number]
    return True


# --- Service SMS (complaint acknowledgements, due reminders) through the SMS gateway ---------
#
# In India every commercial SMS must match a template registered on the operators' DLT platform
# (TRAI's TCCCPR 2018): the gateway needs the sender's header (6 letters), the principal entity's
# id and the template's id, and the text must be the registered template with its variables
# filled. Each language is its own registered template. The ids below are the mocks' own.

SENDER_ID = "VKHATA"
DLT_ENTITY_ID = "1101456789012345678"
# (text key, language) -> the DLT template id registered for that text.
DLT_TEMPLATES: dict[tuple[str, Language], str] = {
    ("complaint_sms_received", "en"): "1107170000000000101",
    ("complaint_sms_received", "hi"): "1107170000000000102",
    ("reminder_before", "en"): "1107170000000000201",
    ("reminder_before", "hi"): "1107170000000000202",
    ("reminder_due", "en"): "1107170000000000211",
    ("reminder_due", "hi"): "1107170000000000212",
    ("reminder_after", "en"): "1107170000000000221",
    ("reminder_after", "hi"): "1107170000000000222",
    # The reminders with the instalment's payment link: the template's URL variable is
    # registered for the platform's short-link domain alone (TRAI's URL whitelisting, 2024).
    ("reminder_before_link", "en"): "1107170000000000231",
    ("reminder_before_link", "hi"): "1107170000000000232",
    ("reminder_due_link", "en"): "1107170000000000241",
    ("reminder_due_link", "hi"): "1107170000000000242",
    ("reminder_after_link", "en"): "1107170000000000251",
    ("reminder_after_link", "hi"): "1107170000000000252",
    # AutoPay's pre-debit notice (NPCI's, at least 24 hours before each mandate debit).
    ("autopay_notice", "en"): "1107170000000000301",
    ("autopay_notice", "hi"): "1107170000000000302",
    # A debit above the e-mandate limit, not raised: the borrower pays it through the instalment's
    # link (the template's URL variable whitelisted for the platform's short links, as above).
    ("autopay_authenticate", "en"): "1107170000000000311",
    ("autopay_authenticate", "hi"): "1107170000000000312",
    # A credit line's AutoPay: its notice, a debit above the limit and a failed debit, each with
    # the platform's repayment page (the URL variable whitelisted as the short links are).
    ("autopay_line_notice", "en"): "1107170000000000351",
    ("autopay_line_notice", "hi"): "1107170000000000352",
    ("autopay_line_authenticate", "en"): "1107170000000000361",
    ("autopay_line_authenticate", "hi"): "1107170000000000362",
    ("autopay_line_failed", "en"): "1107170000000000371",
    ("autopay_line_failed", "hi"): "1107170000000000372",
    # A reminder before the due date of an instalment an active mandate will debit: no link.
    ("reminder_autopay_upi", "en"): "1107170000000000321",
    ("reminder_autopay_upi", "hi"): "1107170000000000322",
    ("reminder_autopay_account", "en"): "1107170000000000331",
    ("reminder_autopay_account", "hi"): "1107170000000000332",
    ("reminder_autopay_bank", "en"): "1107170000000000341",
    ("reminder_autopay_bank", "hi"): "1107170000000000342",
}
TemplateKey = Literal[
    "complaint_sms_received",
    "reminder_before",
    "reminder_due",
    "reminder_after",
    "reminder_before_link",
    "reminder_due_link",
    "reminder_after_link",
    "autopay_notice",
    "autopay_authenticate",
    "autopay_line_notice",
    "autopay_line_authenticate",
    "autopay_line_failed",
    "reminder_autopay_upi",
    "reminder_autopay_account",
    "reminder_autopay_bank",
]


def service_sms(
    mobile_number: str, key: TemplateKey, language: Language, reference: str, **fields: str
) -> dict[str, object]:
    """The body of the mail/SMS service's `website/sendSms`: the text and what a DLT gateway needs."""
    message = getattr(texts(language), key).format(**fields)
    return {
        "mobileNumber": mobile_number,
        "message": message,
        "senderId": SENDER_ID,
        "dltEntityId": DLT_ENTITY_ID,
        "dltTemplateId": DLT_TEMPLATES[(key, language)],
        "category": "serviceImplicit",  # TRAI: a service message to the lender's own customer
        # Devanagari, and the rupee sign in an English text, go as UCS-2 (GSM-7 has neither).
        "unicode": not message.isascii(),
        "language": language,
        "reference": reference,
    }
