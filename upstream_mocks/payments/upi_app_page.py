"""The mock's stand-in for a payer's UPI app: what a phone shows when a `upi://pay` link opens
it (payee, amount, note) with Pay and Cancel. Tests open `/_mocks/payments/upi/app?<the link's
query>`, the https stand-in for the intent link, as a phone would open the app with the link.
"""

from __future__ import annotations

from html import escape

from upstream_mocks.money import indian_grouping
from upstream_mocks.payments.checkout_page import STYLE, source_hash
from upstream_mocks.payments.orders import Payment
from upstream_mocks.payments.upi import MERCHANT_NAME, UpiAttempt

_SCRIPT = """
(function () {
  var root = document.getElementById("app");
  var result = document.getElementById("result");
  var buttons = root.querySelectorAll("button");
  var words = { SUCCESS: "Paid. You can go back to the shop.", USER_DROPPED: "Cancelled. Nothing was paid.",
    FAILED: "This request has expired. Nothing was paid." };
  function answer(outcome) {
    buttons.forEach(function (b) { b.disabled = true; });
    fetch(window.location.pathname.replace(/\\/$/, "") + "/answer", {
      method: "POST",
      headers: { "Content-Type": "application/json", "Accept": "application/json" },
      body: JSON.stringify({ tr: root.dataset.reference, outcome: outcome })
    })
      .then(function (r) { return r.json(); })
      .then(function (p) { result.textContent = words[p.payment_status] || p.message || "Something went wrong."; })
      .catch(function () { result.textContent = "Something went wrong."; });
  }
  document.getElementById("pay").addEventListener("click", function () { answer("paid"); });
  document.getElementById("cancel").addEventListener("click", function () { answer("dropped"); });
})();
"""


def render_app(attempt: UpiAttempt, payment: Payment) -> str:
    amount = f"₹{indian_grouping(payment.payment_amount)}"
    open_ = payment.payment_status == "PENDING"
    actions = (
        f"""<div class="actions">
      <button type="button" id="pay" class="pay">Pay {escape(amount)}</button>
      <button type="button" id="cancel" class="fail">Cancel</button>
    </div>"""
        if open_
        else f"<p>This request is {escape(payment.payment_status.lower())}.</p>"
    )
    return f"""<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Test UPI app</title>
<style>{STYLE}</style>
</head>
<body>
<main id="app" data-reference="{escape(attempt.cf_payment_id)}">
  <h1>Test UPI app</h1>
  <dl>
    <dt>Paying</dt><dd>{escape(MERCHANT_NAME)}</dd>
    <dt>Amount</dt><dd>{escape(amount)}</dd>
    <dt>Note</dt><dd>{escape(attempt.order_id)}</dd>
  </dl>
  {actions}
  <p id="result" role="status" aria-live="polite"></p>
  <p class="note">A stand-in for the payer's UPI app; no money moves.</p>
</main>
{"<script>" + _SCRIPT + "</script>" if open_ else ""}
</body>
</html>"""


def render_unknown() -> str:
    return """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Test UPI app</title></head>
<body><main><h1>This UPI link is not valid</h1></main></body></html>"""


POLICY = (
    f"default-src 'self'; script-src {source_hash(_SCRIPT)}; style-src {source_hash(STYLE)}; "
    "base-uri 'none'; form-action 'none'; object-src 'none'"
)
