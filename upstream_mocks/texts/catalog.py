"""The mocks' texts for a user (SMS, mails, PDFs): one TOML file per language, read into one
typed table, so a key missing from a language (or one it has extra) fails at load, and every use
of a key is checked by mypy."""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Annotated

import msgspec

from upstream_mocks.texts.language import Language

HERE = Path(__file__).resolve().parent


class Texts(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Each text is a `str.format` pattern; `months` are the month names dates are written with."""

    months: Annotated[tuple[str, ...], msgspec.Meta(min_length=12, max_length=12)]
    date: str
    time: str
    sms_otp: str
    receipt_mail_subject: str
    receipt_mail_message: str
    receipt_heading: str
    receipt_title: str
    receipt_number: str
    receipt_borrower: str
    receipt_mobile: str
    receipt_loan_account: str
    receipt_amount_paid: str
    receipt_paid_on: str
    receipt_payment_reference: str
    receipt_order: str
    receipt_remaining_balance: str
    receipt_confirmation: str
    order_placed_subject: str
    order_placed_message: str
    order_packed_subject: str
    order_packed_message: str
    order_shipped_subject: str
    order_shipped_message: str
    order_out_for_delivery_subject: str
    order_out_for_delivery_message: str
    order_delivered_subject: str
    order_delivered_message: str
    order_cancelled_subject: str
    order_cancelled_message: str
    order_returned_subject: str
    order_returned_message: str
    credit_note_attached: str
    refund_timeline: str
    refund_credit_reversed: str
    refund_to_source: str
    refund_late_payment: str
    refund_nothing_paid: str
    refund_expired: str
    invoice_heading: str
    invoice_title: str
    invoice_reference: str
    invoice_total: str
    invoice_generated: str
    credit_note_heading: str
    credit_note_title: str
    credit_note_reference: str
    credit_note_against: str
    credit_note_reason: str
    credit_reason_cancelled: str
    credit_reason_returned: str
    credit_reason_expired: str
    credit_note_total: str
    credit_note_credited: str
    credit_note_generated: str
    document_order: str
    document_place_of_supply: str
    document_sold_by: str
    document_billed_to: str
    document_seller_gstin: str
    document_buyer_gstin: str
    document_ship_to: str
    column_item: str
    column_quantity: str
    column_unit_price: str
    column_taxable: str
    column_gst_rate: str
    column_amount: str
    taxable_value: str
    amount_in_words: str
    payment: str
    payment_online: str
    payment_cod: str
    payment_credit: str
    no_reverse_charge: str


@cache
def texts(language: Language) -> Texts:
    return msgspec.toml.decode((HERE / f"{language}.toml").read_bytes(), type=Texts)
