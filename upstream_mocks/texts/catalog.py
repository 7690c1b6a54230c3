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
    complaint_sms_received: str
    complaint_mail_subject: str
    complaint_mail_message: str
    reminder_before: str
    reminder_due: str
    reminder_after: str
    reminder_mail_subject: str
    reminder_pay_link: str
    reminder_pay_parts: str
    reminder_before_link: str
    reminder_due_link: str
    reminder_after_link: str
    autopay_notice: str
    autopay_notice_subject: str
    autopay_authenticate: str
    autopay_authenticate_subject: str
    autopay_line_notice: str
    autopay_line_authenticate: str
    autopay_line_authenticate_subject: str
    autopay_line_failed: str
    autopay_line_failed_subject: str
    reminder_autopay_upi: str
    reminder_autopay_account: str
    reminder_autopay_bank: str
    reminder_autopay_subject: str
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
    receipt_lender: str
    receipt_lender_registration: str
    receipt_arranged_by: str
    receipt_to_charges: str
    receipt_to_interest: str
    receipt_to_principal: str
    receipt_refunded: str
    receipt_method: str
    receipt_method_online: str
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
    return_requested_subject: str
    return_requested_message: str
    return_approved_subject: str
    return_approved_message: str
    return_picked_up_subject: str
    return_picked_up_message: str
    return_received_subject: str
    return_received_message: str
    return_refunded_subject: str
    return_refunded_message: str
    return_refund_source: str
    return_refund_upi: str
    return_refund_bank: str
    return_refund_credit: str
    pickup_morning: str
    pickup_afternoon: str
    loan_lender: str
    loan_lender_regulated: str
    loan_lsp: str
    loan_account: str
    loan_borrower: str
    loan_generated: str
    noc_mail_subject: str
    noc_mail_message: str
    noc_heading: str
    noc_title: str
    noc_opened_on: str
    noc_closed_on: str
    noc_closed_by: str
    noc_by_exit: str
    noc_by_foreclosure: str
    noc_settled: str
    noc_statement_heading: str
    noc_statement: str
    noc_loan_title: str
    noc_disbursed_on: str
    noc_by_instalments: str
    noc_loan_statement: str
    kfs_heading: str
    kfs_title: str
    kfs_sanctioned: str
    credit_kfs_title: str
    credit_kfs_limit: str
    credit_kfs_rate: str
    credit_kfs_interest_free: str
    credit_kfs_fee_total: str
    credit_kfs_repayment: str
    credit_kfs_repayment_terms: str
    credit_kfs_cooling_off_terms: str
    credit_kfs_version: str
    kfs_net_disbursed: str
    kfs_disbursed_on: str
    kfs_rate: str
    kfs_apr: str
    kfs_instalments: str
    kfs_instalments_value: str
    kfs_total_interest: str
    kfs_total_fees: str
    kfs_total_payable: str
    kfs_fees: str
    kfs_fee_processing: str
    kfs_fee_documentation: str
    kfs_fee_stamp_duty: str
    kfs_payable_lender: str
    kfs_payable_third_party: str
    kfs_payable_state: str
    kfs_penal: str
    kfs_penal_terms: str
    kfs_allocation: str
    kfs_allocation_terms: str
    kfs_cooling_off: str
    kfs_cooling_off_terms: str
    kfs_foreclosure: str
    kfs_foreclosure_terms: str
    kfs_recovery_agents: str
    kfs_grievance: str
    statement_heading: str
    statement_title: str
    statement_period: str
    statement_opening: str
    statement_closing: str
    statement_disbursement: str
    statement_instalment_due: str
    statement_penal_charge: str
    statement_payment: str
    schedule_heading: str
    schedule_title: str
    loan_column_date: str
    loan_column_particulars: str
    loan_column_debit: str
    loan_column_credit: str
    loan_column_balance: str
    loan_column_number: str
    loan_column_principal: str
    loan_column_interest: str
    loan_column_instalment: str
    loan_column_paid: str
    loan_column_status: str
    instalment_paid: str
    instalment_overdue: str
    instalment_due: str
    instalment_upcoming: str
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
    credit_reason_buyer_return: str
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
    tax_rule_within: str  # the rule the invoice's figures follow, as the supply is split
    tax_rule_across: str


@cache
def texts(language: Language) -> Texts:
    return msgspec.toml.decode((HERE / f"{language}.toml").read_bytes(), type=Texts)
