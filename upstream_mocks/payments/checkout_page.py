"""The mock provider's hosted checkout page: a tester pays, makes the payment fail, leaves
without paying (USER_DROPPED), or leaves it pending at the bank (PENDING, answered later with
`POST /_mocks/payments/payments/<cf_payment_id>/bank`).

It runs in an iframe on the gateway's origin. When done it tells the opening window through
`postMessage` with its own origin as the target, so only a page on that origin hears it.
"""

from __future__ import annotations

import base64
import hashlib
from decimal import Decimal
from html import escape

from upstream_mocks.money import indian_grouping
from upstream_mocks.payments.links import Link
from upstream_mocks.payments.orders import Order

STYLE = """
:root { color-scheme: light; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
body { margin: 0; padding: 1.25rem; color: #1b1f3b; background: #ffffff; }
h1 { font-size: 1.25rem; margin: 0 0 .75rem; }
dl { display: grid; grid-template-columns: max-content 1fr; gap: .35rem 1rem; margin: 0 0 1.25rem; }
dt { color: #4e5473; } dd { margin: 0; font-weight: 600; }
.actions { display: flex; flex-wrap: wrap; gap: .75rem; }
button { font: inherit; padding: .7rem 1.2rem; border-radius: 8px; border: 2px solid transparent; cursor: pointer; }
button:focus-visible { outline: 3px solid #ffb400; outline-offset: 2px; }
.pay { background: #176b3a; color: #ffffff; }
.fail { background: #ffffff; color: #b42318; border-color: #b42318; }
button:disabled { opacity: .6; cursor: progress; }
.note { color: #4e5473; font-size: .9rem; }
input { font: inherit; padding: .5rem; margin-top: .35rem; width: 11rem; display: block; }
#result { font-weight: 600; min-height: 1.5em; }
"""

_SCRIPT = """
(function () {
  var root = document.getElementById("checkout");
  var result = document.getElementById("result");
  var buttons = root.querySelectorAll("button");
  var words = {
    SUCCESS: "Payment successful.", FAILED: "Payment failed.",
    USER_DROPPED: "You left without paying.", PENDING: "Waiting for the bank to confirm."
  };
  function finish(status, said) {
    result.textContent = said || (status === "paid" ? "Payment successful." : "Payment failed.");
    var message = { type: "checkout", status: status, orderId: root.dataset.orderId };
    // Only a window on this same origin may hear how the payment went.
    if (window.parent !== window) window.parent.postMessage(message, window.location.origin);
  }
  // A link that takes parts: the payer says how much (Cashfree's link page does the same).
  var part = document.getElementById("amount");
  if (part) {
    part.addEventListener("input", function () {
      var value = Number(part.value);
      if (value > 0) {
        document.getElementById("pay").textContent = "Pay \u20b9" +
          value.toLocaleString("en-IN", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
      }
    });
  }
  function settle(outcome) {
    buttons.forEach(function (b) { b.disabled = true; });
    result.textContent = "Processing...";
    fetch(window.location.pathname.replace(/\\/$/, "") + "/pay", {
      method: "POST",
      headers: { "Content-Type": "application/json", "Accept": "application/json" },
      body: JSON.stringify(part ? { outcome: outcome, amount: part.value } : { outcome: outcome })
    })
      .then(function (r) {
        if (r.ok) return r.json();
        // A part the link does not take: the provider's words, and the payer may try again.
        if (part && r.status === 400) {
          return r.json().then(function (b) {
            result.textContent = b.message;
            buttons.forEach(function (x) { x.disabled = false; });
            return Promise.reject("asked again");
          });
        }
        return Promise.reject(r.status);
      })
      // Anything but a success closes the checkout unpaid: the app asks the server what it became.
      .then(function (p) { finish(p.payment_status === "SUCCESS" ? "paid" : "failed", words[p.payment_status]); })
      .catch(function (why) { if (why !== "asked again") finish("failed"); });
  }
  document.getElementById("pay").addEventListener("click", function () { settle("success"); });
  document.getElementById("fail").addEventListener("click", function () { settle("failure"); });
  document.getElementById("drop").addEventListener("click", function () { settle("dropped"); });
  document.getElementById("wait").addEventListener("click", function () { settle("pending"); });
})();
"""


def render_checkout(order: Order) -> str:
    payable = order.order_status == "ACTIVE"
    return _page(
        order.order_id,
        order.order_amount,
        "Order",
        payable,
        f"This order is {order.order_status.lower()} and cannot be paid.",
    )


# What a payment link's page says when it takes no payment.
LINK_CLOSED = {
    "PAID": "This payment link has already been paid. Nothing more is due through it.",
    "EXPIRED": "This payment link has expired and can no longer be paid.",
    "CANCELLED": "This payment link was cancelled and can no longer be paid.",
}


def render_link(link: Link) -> str:
    """A payment link's page (link_url): the checkout for what is left, or why it takes nothing."""
    payable = link.link_status in ("ACTIVE", "PARTIALLY_PAID")
    left = link.link_amount - link.link_amount_paid
    part = None
    if payable and link.link_partial_payments:
        first = link.link_amount_paid == 0 and link.link_minimum_partial_amount is not None
        least = min(link.link_minimum_partial_amount or Decimal(1), left) if first else min(Decimal(1), left)
        part = (least, left)
    return _page(
        link.link_id,
        left if payable else link.link_amount,
        "Payment link",
        payable,
        LINK_CLOSED.get(link.link_status, ""),
        purpose=link.link_purpose,
        part=part,
        paid=link.link_amount_paid if payable and link.link_amount_paid > 0 else None,  # a part paid
    )


def _page(
    reference: str,
    due: Decimal,
    named: str,
    payable: bool,
    closed: str,
    purpose: str | None = None,
    part: tuple[Decimal, Decimal] | None = None,
    paid: Decimal | None = None,
) -> str:
    """`part`: the least and most the payer may pay now, on a link that takes parts; `paid`: what
    the link has taken so far."""
    amount = f"₹{indian_grouping(due)}"
    what = f"<dt>For</dt><dd>{escape(purpose)}</dd>" if purpose else ""
    if paid is not None:
        what += f"<dt>Paid so far</dt><dd>₹{escape(indian_grouping(paid))}</dd>"
    least, most = (f"₹{indian_grouping(end)}" for end in part) if part is not None else ("", "")
    choose = (
        f"""<p><label for="amount">Amount to pay ({escape(least)} to {escape(most)})</label>
    <input id="amount" name="amount" type="number" inputmode="decimal" step="0.01"
      min="{part[0]}" max="{part[1]}" value="{part[1]}"></p>"""
        if payable and part is not None
        else ""
    )
    actions = (
        f"""{choose}<div class="actions">
      <button type="button" id="pay" class="pay">Pay {escape(amount)}</button>
      <button type="button" id="fail" class="fail">Fail payment</button>
      <button type="button" id="drop" class="fail">Leave without paying</button>
      <button type="button" id="wait" class="fail">Leave pending at the bank</button>
    </div>"""
        if payable
        else f'<p id="closed">{escape(closed)}</p>'
    )
    return f"""<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Test checkout</title>
<style>{STYLE}</style>
</head>
<body>
<main id="checkout" data-order-id="{escape(reference)}">
  <h1>Test checkout</h1>
  <dl>
    <dt>{named}</dt><dd>{escape(reference)}</dd>{what}
    <dt>Amount</dt><dd>{escape(amount)}</dd>
  </dl>
  {actions}
  <p id="result" role="status" aria-live="polite"></p>
  <p class="note">A stand-in for the card-payment provider's page; no card is charged.</p>
</main>
{"<script>" + _SCRIPT + "</script>" if payable else ""}
</body>
</html>"""


def render_missing() -> str:
    return """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Test checkout</title></head>
<body><main><h1>Payment session not found</h1></main></body></html>"""


def source_hash(source: str) -> str:
    return "'sha256-" + base64.b64encode(hashlib.sha256(source.encode()).digest()).decode() + "'"


# The page's own policy: its one inline script and stylesheet by hash, nothing else inline.
POLICY = (
    f"default-src 'self'; script-src {source_hash(_SCRIPT)}; style-src {source_hash(STYLE)}; "
    "frame-ancestors 'self'; base-uri 'none'; form-action 'none'; object-src 'none'"
)
