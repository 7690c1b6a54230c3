"""The GST documents of a store order, as PDFs (fpdf2): the tax invoice and its credit note.

Seller and buyer (with GSTINs), place of supply, one row per goods line and fee with HSN/SAC
code, rate and the tax split (CGST+SGST within the seller's state, IGST across states), totals
in figures and in words. Amounts as "₹1,23,456.78" and times in
IST, as on the lender's receipts; in English or Hindi (upstream_mocks/texts and pdf_fonts.py).
A credit note carries the same rows as credited amounts, with its own number, the invoice it
credits (number and date) and the reason.
"""

from __future__ import annotations

from datetime import datetime
from decimal import Decimal

from fpdf.enums import XPos, YPos

from upstream_mocks.money import indian_grouping
from upstream_mocks.orders.gst import InvoiceFigures, invoice_figures, return_figures
from upstream_mocks.orders.records import CreditNote, Invoice, Order, PaymentMethod, ReturnRequest
from upstream_mocks.pdf_fonts import new_pdf, printable
from upstream_mocks.texts import Language, Texts, style, texts


def _reason(words: Texts, reason: str) -> str:
    """A credit note's reason (kept in English on the order) in the document's language."""
    english = texts("en")
    said = {
        english.credit_reason_cancelled: words.credit_reason_cancelled,
        english.credit_reason_returned: words.credit_reason_returned,
        english.credit_reason_expired: words.credit_reason_expired,
        english.credit_reason_buyer_return: words.credit_reason_buyer_return,
    }
    return said.get(reason, reason)


def _payment_words(words: Texts, method: PaymentMethod) -> str:
    return {"online": words.payment_online, "cod": words.payment_cod, "credit": words.payment_credit}[method]


def _rate(rate: Decimal) -> str:
    return f"{rate.normalize():f}%"


def invoice_filename(order: Order) -> str:
    return f"invoice-{order.order_number}.pdf"


def credit_note_filename(order: Order) -> str:
    return f"credit-note-{order.order_number}.pdf"


def return_credit_note_filename(ret: ReturnRequest) -> str:
    return f"credit-note-{ret.number}.pdf"


def render_return_credit_note(order: Order, ret: ReturnRequest, language: Language = "en") -> bytes:
    """The credit note of a return: only the returned lines, each with exactly its own tax."""
    if ret.credit_note is None or order.invoice is None:
        raise ValueError(f"return {ret.number} has no credit note")
    return _render_credit_note(order, order.invoice, ret.credit_note, language, return_figures(order, ret))


def render_invoice(order: Order, language: Language = "en") -> bytes:
    if order.invoice is None:
        raise ValueError(f"order {order.order_number} has no invoice yet")
    invoice, words = order.invoice, texts(language)
    return _render(
        order,
        language,
        title=words.invoice_title.format(number=invoice.number),
        created=invoice.issued_at,  # the same invoice is the same file
        heading=words.invoice_heading,
        references=[
            words.invoice_reference.format(number=invoice.number, date=style.moment(language, invoice.issued_at))
        ],
        total_label=words.invoice_total,
        closing=[
            words.payment.format(method=_payment_words(words, order.payment.method)),
            words.no_reverse_charge,
        ],
        generated=words.invoice_generated,
    )


def render_credit_note(order: Order, language: Language = "en") -> bytes:
    if order.credit_note is None or order.invoice is None:
        raise ValueError(f"order {order.order_number} has no credit note")
    return _render_credit_note(order, order.invoice, order.credit_note, language, None)


def _render_credit_note(
    order: Order, invoice: Invoice, note: CreditNote, language: Language, figures: InvoiceFigures | None
) -> bytes:
    """A credit note against the order's invoice: the whole of it (`figures` None) or a return's."""
    words = texts(language)
    return _render(
        order,
        language,
        title=words.credit_note_title.format(number=note.number),
        created=note.issued_at,
        heading=words.credit_note_heading,
        references=[
            words.credit_note_reference.format(number=note.number, date=style.moment(language, note.issued_at)),
            words.credit_note_against.format(number=invoice.number, date=style.moment(language, invoice.issued_at)),
            words.credit_note_reason.format(reason=_reason(words, note.reason)),
        ],
        total_label=words.credit_note_total,
        closing=[words.credit_note_credited.format(number=invoice.number), words.no_reverse_charge],
        generated=words.credit_note_generated,
        figures=figures,
    )


def _render(
    order: Order,
    language: Language,
    *,
    title: str,
    created: datetime,
    heading: str,
    references: list[str],
    total_label: str,
    closing: list[str],
    generated: str,
    figures: InvoiceFigures | None = None,
) -> bytes:
    figures = figures or invoice_figures(order)
    words = texts(language)
    pdf, font = new_pdf(language, rupee_sign=True)
    pdf.set_title(title)
    pdf.set_creation_date(created)
    pdf.set_auto_page_break(auto=True, margin=15)
    pdf.add_page()

    def line(text: str, size: float = 9, emphasis: str = "") -> None:
        pdf.set_font(font, style=emphasis, size=size)
        pdf.multi_cell(0, size * 0.5, printable(language, text), new_x=XPos.LMARGIN, new_y=YPos.NEXT)

    line(heading, 16, "B")
    for reference in references:
        line(reference)
    line(words.document_order.format(number=order.order_number, date=style.moment(language, order.created_at)))
    line(words.document_place_of_supply.format(state=order.address.state))
    pdf.ln(3)
    seller = order.seller
    line(words.document_sold_by, 10, "B")
    line(seller.name)
    line(seller.address)
    line(words.document_seller_gstin.format(gstin=seller.gstin, state=seller.state))
    pdf.ln(2)
    address = order.address
    where = ", ".join(p for p in (address.address1, address.address2, address.city, address.state) if p)
    line(words.document_billed_to, 10, "B")
    if order.business is not None:
        line(order.business.legal_name)
        line(words.document_buyer_gstin.format(gstin=order.business.gstin))
    else:
        line(address.name)
    line(
        words.document_ship_to.format(
            name=address.name, address=where, pincode=address.pincode, mobile=address.mobile_number
        )
    )
    pdf.ln(3)

    tax_heads = ["CGST", "SGST"] if figures.intra_state else ["IGST"]
    heads = [
        "#",
        words.column_item,
        "HSN/SAC",
        words.column_quantity,
        words.column_unit_price,
        words.column_taxable,
        words.column_gst_rate,
        *tax_heads,
        words.column_amount,
    ]
    widths = (6, 54, 16, 9, 19, 20, 12, *((18, 18) if figures.intra_state else (36,)), 22)
    pdf.set_font(font, size=8)
    with pdf.table(col_widths=widths, text_align="RIGHT", line_height=5, first_row_as_headings=True) as table:
        table.row(heads)
        for number, item in enumerate(figures.lines, start=1):
            taxes = [item.tax.cgst, item.tax.sgst] if figures.intra_state else [item.tax.igst]
            table.row(
                [
                    str(number),
                    printable(language, item.description),
                    item.code,
                    str(item.quantity),
                    indian_grouping(item.unit_price),
                    indian_grouping(item.taxable),
                    _rate(item.gst_rate),
                    *(indian_grouping(t) for t in taxes),
                    indian_grouping(item.total),
                ]
            )
    pdf.ln(3)
    totals = [(words.taxable_value, figures.taxable)]
    totals += [("CGST", figures.cgst), ("SGST", figures.sgst)] if figures.intra_state else [("IGST", figures.igst)]
    totals += [(total_label, figures.total)]
    for label, amount in totals:
        pdf.set_font(font, style="B" if label == total_label else "", size=10)
        pdf.cell(150, 6, label, align="R")
        pdf.cell(0, 6, style.amount(language, amount), align="R", new_x=XPos.LMARGIN, new_y=YPos.NEXT)
    pdf.ln(2)
    line(words.amount_in_words.format(words=style.amount_in_words(language, figures.total)), 9, "B")
    pdf.ln(2)
    line(words.tax_rule_within if figures.intra_state else words.tax_rule_across)
    for sentence in closing:
        line(sentence)
    line(generated, 8)
    return bytes(pdf.output())
