"""Returns of a delivered order: the window per product, the request, its steps, the GST credit
note for exactly the returned lines, and the refund by the way the buyer paid.

A line may come back, in part or whole, until its product's window closes (days after delivery,
fixed when it was bought; cut-length goods have none). A request names the lines, a reason,
photos (required when the goods arrived damaged, defective or wrong), one of the pickup slots
offered and, for cash on delivery, the UPI ID or bank account the money goes to.

Steps: requested -> approved -> pickedUp -> received -> refunded. The returns desk moves them
(QA: `POST /_mocks/orders/{number}/returns/advance`). On `received` the stock goes back, a
credit note is issued in the credit-note series and the refund starts: online, a refund at the
provider whose webhook (or the desk's next step) marks the return refunded; cash, a payout to
the buyer's account; credit, the amount taken off what is owed at the lender at once.

Decisions: docs/decisions/returns.md.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import re
from datetime import date, datetime, timedelta
from decimal import Decimal
from typing import Literal

import msgspec
import structlog

from upstream_mocks.ist import IST
from upstream_mocks.lending import credit
from upstream_mocks.orders import payout
from upstream_mocks.orders.pincodes import add_business_days
from upstream_mocks.orders.pricing import ZERO, included_gst, paise
from upstream_mocks.orders.records import (
    CreditNote,
    Line,
    Order,
    OrdersState,
    PickupSlot,
    PickupWindow,
    Refund,
    RefundTo,
    ReturnEvent,
    ReturnLine,
    ReturnOptions,
    ReturnPhoto,
    ReturnReason,
    ReturnRequest,
    ReturnStatus,
    ReturnWindow,
)
from upstream_mocks.provider import provider
from upstream_mocks.texts import Language, style, texts
from upstream_mocks.world import MockWorld

STEPS: tuple[ReturnStatus, ...] = ("requested", "approved", "pickedUp", "received", "refunded")
PICKUP_DAYS = 3  # business days offered for a pickup, from tomorrow
WINDOWS: tuple[PickupWindow, ...] = ("morning", "afternoon")
PHOTOS_NEEDED: frozenset[ReturnReason] = frozenset({"damaged", "defective", "wrongItem"})
MAX_PHOTOS = 4
MAX_PHOTO_BYTES = 5 * 1024 * 1024
PHOTO_TYPES = frozenset({"image/jpeg", "image/png", "image/webp"})
REFUND_DAYS = 4  # refund policy: card, UPI and bank refunds take 2 to 4 business days
ENGLISH = texts("en")
log = structlog.get_logger("upstream_mocks.orders")
RETURN_REASON = ENGLISH.credit_reason_buyer_return
# NPCI's VPA shape: a handle, '@', the bank's or app's name.
_UPI_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]{1,255}@[A-Za-z][A-Za-z0-9]{1,63}")
_IFSC = re.compile(r"[A-Z]{4}0[A-Z0-9]{6}")
_ACCOUNT = re.compile(r"[0-9]{9,18}")


class ReturnRefused(Exception):
    """A return the order or the request does not allow: status, reason code, message, field."""

    def __init__(self, status: int, reason: str, message: str, field: str | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.reason = reason
        self.message = message
        self.field = field


class ReturnLineBody(msgspec.Struct, rename="camel", kw_only=True):
    product_id: int
    quantity: int


class PhotoBody(msgspec.Struct, rename="camel", kw_only=True):
    name: str
    content_type: str
    data: str  # base64


class RefundAccountBody(msgspec.Struct, rename="camel", kw_only=True):
    """Cash on delivery: where the money goes, a UPI ID or a bank account (never both)."""

    upi_id: str | None = None
    account_number: str | None = None
    ifsc: str | None = None
    account_name: str | None = None


class ReturnBody(msgspec.Struct, rename="camel", kw_only=True):
    lines: list[ReturnLineBody]
    reason: ReturnReason
    pickup: PickupSlot
    note: str = ""
    photos: list[PhotoBody] = msgspec.field(default_factory=list)
    refund_to: RefundAccountBody | None = None


def delivered_on(order: Order) -> date | None:
    at = next((e.at for e in reversed(order.timeline) if e.status == "delivered"), None)
    return at.astimezone(IST).date() if at is not None else None


def _returned(order: Order, product_id: int) -> int:
    return sum(line.quantity for r in order.returns for line in r.lines if line.product_id == product_id)


def windows(order: Order, now: datetime) -> list[ReturnWindow]:
    delivered = delivered_on(order) if order.status == "delivered" else None
    today = now.astimezone(IST).date()
    out = []
    for line in order.lines:
        last = delivered + timedelta(days=line.return_days) if delivered and line.return_days > 0 else None
        left = line.quantity - _returned(order, line.product_id) if last is not None and today <= last else 0
        out.append(
            ReturnWindow(product_id=line.product_id, return_days=line.return_days, return_by=last, returnable=left)
        )
    return out


def pickup_slots(now: datetime) -> list[PickupSlot]:
    """Morning and afternoon of the next business days (Monday to Saturday), from tomorrow."""
    day = now.astimezone(IST).date()
    slots: list[PickupSlot] = []
    for _ in range(PICKUP_DAYS):
        day = add_business_days(day, 1)
        slots.extend(PickupSlot(date=day, window=w) for w in WINDOWS)
    return slots


def refund_route(order: Order) -> Literal["source", "account", "credit"]:
    if order.payment.method == "online":
        return "source"
    return "credit" if order.payment.method == "credit" else "account"


def options(order: Order, now: datetime) -> ReturnOptions | None:
    """What a return may ask now; None while the order is not delivered."""
    if order.status != "delivered":
        return None
    return ReturnOptions(lines=windows(order, now), pickup_slots=pickup_slots(now), refund_route=refund_route(order))


def _returned_line(order_line: Line, already: list[ReturnLine], quantity: int) -> ReturnLine:
    """Exactly this part's tax: by the one tax rule on its amount, and the line's last units take
    what is left of the line, so all its returns together credit the invoice line to the paisa."""
    earlier = sum(r.quantity for r in already)
    if earlier + quantity == order_line.quantity:
        total = order_line.line_total - sum((r.line_total for r in already), ZERO)
        gst = order_line.gst_amount - sum((r.gst_amount for r in already), ZERO)
        taxable = total - gst
    else:
        total = paise(order_line.unit_price * quantity)
        taxable, gst = included_gst(total, order_line.gst_rate)
    return ReturnLine(
        product_id=order_line.product_id,
        product_name=order_line.product_name,
        hsn_code=order_line.hsn_code,
        gst_rate=order_line.gst_rate,
        unit_price=order_line.unit_price,
        quantity=quantity,
        taxable_amount=taxable,
        gst_amount=gst,
        line_total=total,
    )


def _photos(body: ReturnBody) -> list[ReturnPhoto]:
    if len(body.photos) > MAX_PHOTOS:
        raise ReturnRefused(400, "too_many_photos", f"Please send at most {MAX_PHOTOS} photos.", "photos")
    kept = []
    for index, photo in enumerate(body.photos):
        field = f"photos.{index}"
        if photo.content_type not in PHOTO_TYPES:
            raise ReturnRefused(400, "photo_type", "Photos must be JPEG, PNG or WebP pictures.", field)
        try:
            raw = base64.b64decode(photo.data, validate=True)
        except (binascii.Error, ValueError) as exc:
            raise ReturnRefused(
                400, "photo_unreadable", "A photo could not be read. Please add it again.", field
            ) from exc
        if not raw:
            raise ReturnRefused(400, "photo_unreadable", "A photo could not be read. Please add it again.", field)
        if len(raw) > MAX_PHOTO_BYTES:
            raise ReturnRefused(400, "photo_too_large", "Each photo must be 5 MB or smaller.", field)
        kept.append(
            ReturnPhoto(
                name=photo.name[:120],
                content_type=photo.content_type,
                size=len(raw),
                sha256=hashlib.sha256(raw).hexdigest(),
            )
        )
    if body.reason in PHOTOS_NEEDED and not kept:
        raise ReturnRefused(
            400, "photos_required", "Please add a photo that shows the damage, the fault or the wrong item.", "photos"
        )
    return kept


def _refund_to(order: Order, given: RefundAccountBody | None) -> RefundTo:
    route = refund_route(order)
    if route == "source":
        return RefundTo(route="source")
    if route == "credit":
        return RefundTo(route="credit")
    if given is None or (not given.upi_id and not given.account_number):
        raise ReturnRefused(
            400, "refund_account_missing", "Please give a UPI ID or a bank account for the refund.", "refundTo"
        )
    if given.upi_id and given.account_number:
        raise ReturnRefused(
            400, "refund_account_twice", "Please give a UPI ID or a bank account, not both.", "refundTo"
        )
    if given.upi_id:
        upi = given.upi_id.strip()
        if not _UPI_ID.fullmatch(upi):
            raise ReturnRefused(
                400, "upi_id_invalid", f"{upi} is not a UPI ID. It looks like name@bank.", "refundTo.upiId"
            )
        return RefundTo(route="upi", upi_id=upi.lower())
    number = re.sub(r"[\s-]", "", given.account_number or "")
    if not _ACCOUNT.fullmatch(number):
        raise ReturnRefused(
            400, "account_number_invalid", "A bank account number has 9 to 18 digits.", "refundTo.accountNumber"
        )
    ifsc = (given.ifsc or "").strip().upper()
    if not _IFSC.fullmatch(ifsc):
        raise ReturnRefused(
            400,
            "ifsc_invalid",
            "An IFSC has 11 characters: 4 letters, a zero, then 6 letters or digits.",
            "refundTo.ifsc",
        )
    name = (given.account_name or "").strip()
    if not name:
        raise ReturnRefused(
            400, "account_name_missing", "Please give the account holder's name.", "refundTo.accountName"
        )
    return RefundTo(route="bank", account_name=name[:80], account_ending=number[-4:], ifsc=ifsc)


def account_number(body: ReturnBody) -> str | None:
    """The bank account's whole number as given, without spaces or dashes."""
    given = body.refund_to.account_number if body.refund_to is not None else None
    return re.sub(r"[\s-]", "", given) if given else None


def keep_account(state: OrdersState, made: ReturnRequest, body: ReturnBody) -> None:
    """A bank account's full number, kept beside the return until its payout is paid."""
    number = account_number(body)
    if made.refund_to.route == "bank" and number:
        state.payee_accounts[made.number] = number


def request(order: Order, body: ReturnBody, now: datetime) -> ReturnRequest:
    """Check and record a return request; nothing is kept when any part is refused."""
    if order.status != "delivered":
        raise ReturnRefused(409, "not_delivered", "Only a delivered order can be returned.")
    if not body.lines:
        raise ReturnRefused(400, "return_no_lines", "Please choose what to return.", "lines")
    terms = {w.product_id: w for w in windows(order, now)}
    by_product = {line.product_id: line for line in order.lines}
    wanted: dict[int, int] = {}
    for index, asked in enumerate(body.lines):
        field = f"lines.{index}"
        line = by_product.get(asked.product_id)
        if line is None:
            raise ReturnRefused(400, "not_in_order", f"Product {asked.product_id} is not in this order.", field)
        term = terms[asked.product_id]
        if term.return_days == 0:
            raise ReturnRefused(
                409, "not_returnable", f"{line.product_name} is cut to length and cannot be returned.", field
            )
        if term.return_by is not None and now.astimezone(IST).date() > term.return_by:
            day = style.day("en", term.return_by)
            raise ReturnRefused(
                409, "return_window_closed", f"The return window for {line.product_name} closed on {day}.", field
            )
        wanted[asked.product_id] = wanted.get(asked.product_id, 0) + asked.quantity
        if asked.quantity < 1 or wanted[asked.product_id] > term.returnable:
            raise ReturnRefused(
                400,
                "return_quantity_invalid",
                f"You can return 1 to {term.returnable} of {line.product_name}.",
                f"{field}.quantity",
            )
    if len(body.note) > 500:
        raise ReturnRefused(400, "note_too_long", "Please keep the note to 500 characters.", "note")
    photos = _photos(body)
    if body.pickup not in pickup_slots(now):
        raise ReturnRefused(400, "pickup_slot_unavailable", "Please choose one of the pickup times offered.", "pickup")
    refund_to = _refund_to(order, body.refund_to)
    lines = []
    for product_id, quantity in wanted.items():
        already = [r for ret in order.returns for r in ret.lines if r.product_id == product_id]
        lines.append(_returned_line(by_product[product_id], already, quantity))
    made = ReturnRequest(
        number=f"{order.order_number}-R{len(order.returns) + 1}",
        status="requested",
        requested_at=now,
        lines=lines,
        reason=body.reason,
        note=body.note.strip(),
        photos=photos,
        pickup=body.pickup,
        refund_to=refund_to,
        amount=sum((line.line_total for line in lines), ZERO),
        timeline=[ReturnEvent(status="requested", at=now)],
    )
    order.returns.append(made)
    order.updated_at = now
    return made


class PayeeBody(msgspec.Struct, rename="camel", kw_only=True):
    """Another UPI ID or bank account for a return whose payout failed."""

    refund_to: RefundAccountBody


async def change_payee(
    world: MockWorld, state: OrdersState, order: Order, ret: ReturnRequest, body: PayeeBody, now: datetime
) -> None:
    """The account checked by shape, then verified and paid to (payout.new_payee); the refund's
    words say where the money now goes."""
    if ret.refund_to.route not in ("upi", "bank"):
        raise ReturnRefused(409, "payee_change_not_offered", f"Return {ret.number} is not refunded to an account.")
    given = ReturnBody(lines=[], reason=ret.reason, pickup=ret.pickup, refund_to=body.refund_to)
    refund_to = _refund_to(order, body.refund_to)
    await payout.new_payee(world, state, order, ret, refund_to, account_number(given), now)
    if ret.refund is not None:
        ret.refund.kind = "toUpi" if refund_to.route == "upi" else "toBank"
        ret.refund.message = refund_words(ret)


def open_return(order: Order) -> ReturnRequest | None:
    """The oldest return not yet refunded: the desk works them in turn."""
    return next((r for r in order.returns if r.status != "refunded"), None)


def _record(order: Order, ret: ReturnRequest, status: ReturnStatus, at: datetime) -> None:
    ret.status = status
    ret.timeline.append(ReturnEvent(status=status, at=at))
    order.updated_at = at


def refund_words(ret: ReturnRequest, language: Language = "en") -> str:
    """What happens to the return's money, in the shopper's words."""
    words = texts(language)
    amount = style.amount(language, ret.amount)
    last = add_business_days(ret.timeline[-1].at.astimezone(IST).date(), REFUND_DAYS)
    match ret.refund_to.route:
        case "source":
            return words.return_refund_source.format(
                amount=amount, timeline=words.refund_timeline, date=style.day(language, last)
            )
        case "upi":
            return words.return_refund_upi.format(amount=amount, account=ret.refund_to.upi_id)
        case "bank":
            return words.return_refund_bank.format(
                amount=amount,
                account=ret.refund_to.account_ending,
                timeline=words.refund_timeline,
                date=style.day(language, last),
            )
        case "credit":
            return words.return_refund_credit.format(amount=amount)


async def _receive(
    world: MockWorld, state: OrdersState, order: Order, ret: ReturnRequest, at: datetime
) -> list[ReturnStatus]:
    """The goods are back: stock, credit note, and the refund started (credit's is done at once)."""
    from upstream_mocks.orders import online_payment  # its provider calls; imported here, as tracking does not

    for line in ret.lines:
        state.stock_taken[line.product_id] = max(state.stock_taken.get(line.product_id, 0) - line.quantity, 0)
    _record(order, ret, "received", at)
    if order.invoice is not None and ret.credit_note is None:
        number = state.new_credit_note_number(at.astimezone(IST).date())
        ret.credit_note = CreditNote(number=number, issued_at=at, reason=RETURN_REASON)
    last = add_business_days(at.astimezone(IST).date(), REFUND_DAYS)
    kind: Literal["toSource", "toUpi", "toBank", "creditReduced"]
    match ret.refund_to.route:
        case "source":
            kind = "toSource"
            ret.provider_refund_id = await online_payment.refund_return(world, order, ret)
        case "upi":
            kind = "toUpi"
            last = add_business_days(at.astimezone(IST).date(), 1)
        case "bank":
            kind = "toBank"
        case "credit":
            kind = "creditReduced"
            credit.reduce(world, order.order_number, ret.amount)
            last = at.astimezone(IST).date()
    ret.refund = Refund(
        kind=kind,
        amount=ret.amount,
        initiated_at=at,
        expected_by=last,
        timeline="at once" if kind == "creditReduced" else ENGLISH.refund_timeline,
        message=refund_words(ret),
    )
    if kind in ("toUpi", "toBank"):  # paid out to the account given, the payee checked first
        await payout.start(world, state, order, ret)
    if kind == "creditReduced":  # nothing to wait for: the lender has it
        _record(order, ret, "refunded", at)
        return ["received", "refunded"]
    return ["received"]


async def advance(
    world: MockWorld, state: OrdersState, order: Order, at: datetime
) -> tuple[ReturnRequest, list[ReturnStatus]]:
    """The returns desk moves the open return one step; answers it and the steps reached."""
    from upstream_mocks.orders import online_payment

    ret = open_return(order)
    if ret is None:
        raise ReturnRefused(409, "no_open_return", f"Order {order.order_number} has no return in progress.")
    following = STEPS[STEPS.index(ret.status) + 1]
    if following == "received":
        return ret, await _receive(world, state, order, ret, at)
    if following == "refunded" and ret.refund_to.route in ("upi", "bank"):
        reached = await payout.pay_now(world, state, order, ret)  # its webhook may come first
        if ret.status == "refunded":
            return ret, reached
        shown = ret.payout.status if ret.payout is not None else "not made"
        raise ReturnRefused(409, "payout_not_paid", f"Return {ret.number}'s payout is {shown}, not paid.")
    if following == "refunded" and ret.refund_to.route == "source":
        await online_payment.settle_return_refund(world, order, ret)  # the provider pays it out now
        if ret.status == "refunded":  # its webhook came first: refunded, and the shopper mailed
            return ret, []
    _record(order, ret, following, at)
    return ret, [following]


def refunded_by_provider(order: Order, ret: ReturnRequest, at: datetime) -> bool:
    """The provider's webhook says the return's refund went through: refunded, once."""
    if ret.status != "received":
        return False
    _record(order, ret, "refunded", at)
    return True


async def given_back_by_desk(
    world: MockWorld, order: Order, ret: ReturnRequest, refund_id: str | None, paid_reference: str | None, at: datetime
) -> list[ReturnStatus]:
    """A return's refund the bank gave up (the provider's CANCELLED, or FAILED), given back by the
    support desk: asked again at the provider under `refund_id`, which the return then follows (its
    webhook, or its success already, makes it refunded), or paid another way (`paid_reference`),
    refunded now. A repeat, or a return refunded already, changes nothing."""
    from upstream_mocks.orders import online_payment  # its provider calls, as _receive

    provider_order_id = order.payment.provider_order_id
    if ret.refund is None or ret.refund.kind != "toSource" or not ret.provider_refund_id or not provider_order_id:
        raise ReturnRefused(409, "return_refund_not_at_provider", f"Return {ret.number} has no refund at the provider.")
    if ret.status == "refunded":
        return []
    try:
        async with provider(world) as pg:
            made = {r.refund_id: r for r in await pg.refunds(provider_order_id)}
    except online_payment.UNREACHED as exc:
        raise ReturnRefused(503, "provider_unavailable", f"The payment provider could not be asked: {exc}") from exc
    current = made.get(ret.provider_refund_id)
    repeated = refund_id is not None and ret.provider_refund_id == refund_id
    if not repeated and (current is None or current.refund_status not in ("CANCELLED", "FAILED")):
        said = f"Return {ret.number}'s refund was not given up by the bank."
        raise ReturnRefused(409, "return_refund_not_given_up", said)
    if refund_id is None:
        _record(order, ret, "refunded", at)
        log.info("return_refund_paid_otherwise", ret=ret.number, reference=paid_reference)
        return ["refunded"]
    ret.provider_refund_id = refund_id
    asked = made.get(refund_id)
    if asked is not None and asked.refund_status == "SUCCESS" and refunded_by_provider(order, ret, at):
        return ["refunded"]  # its webhook came before we were told
    return []


def find(order: Order, number: str) -> ReturnRequest | None:
    return next((r for r in order.returns if r.number == number), None)


def pickup_words(slot: PickupSlot, language: Language) -> str:
    words = texts(language)
    pattern = words.pickup_morning if slot.window == "morning" else words.pickup_afternoon
    return pattern.format(date=style.day(language, slot.date))


def credited_total(order: Order) -> Decimal:
    """All the goods returned so far, GST included (never above the invoice's goods)."""
    return sum((r.amount for r in order.returns), ZERO)
