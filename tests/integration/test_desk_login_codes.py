"""The support desk hears what became of a caller's login codes (issue 41: messages from every
upstream): sent by the lender's SMS, not sent because the SMS failed, or refused by our own
limits. A caller whose code never came has no order or repayment yet, and is found all the same.
The code itself is never shown."""

from __future__ import annotations

from tests.conftest import GatewayClient
from tests.integration.test_desk_api import AGENT, staff_log_in

NEW_NUMBER = "9000012399"  # no orders, no loan, no complaint


def test_a_caller_whose_code_never_came_is_found_with_each_code_asked_for(client: GatewayClient) -> None:
    assert client.get("/api/session").status_code == 200
    ask = {"mobileNumber": NEW_NUMBER}
    staff_log_in(client, AGENT)
    assert client.get("/api/desk/customers", params={"q": NEW_NUMBER}).status_code == 404

    # The lender's SMS fails once, then a code goes out, then one is asked for again at once.
    failing = {"mock": "lending", "path": "sendOtp", "status": 503, "times": 1}
    assert client.post("/_mocks/scenarios", json=failing).status_code in (200, 201, 204)
    assert client.post("/api/portal/otp", json=ask, headers=client.xsrf()).status_code >= 500
    assert client.post("/api/store/otp", json=ask, headers=client.xsrf()).status_code == 200
    too_soon = client.post("/api/portal/otp", json=ask, headers=client.xsrf())
    assert too_soon.status_code == 429 and too_soon.json()["error"]["code"] == "otp_resend_too_soon"

    view = client.get("/api/desk/customers", params={"q": NEW_NUMBER})
    assert view.status_code == 200, view.text
    found = view.json()
    assert (found["mobileNumber"], found["orders"], found["repayments"]) == (NEW_NUMBER, [], [])
    codes = [(e["kind"], e["source"], e.get("note"), e.get("sentTo")) for e in found["timeline"]]
    assert codes == [  # newest first
        ("loginCodeRefused", "gateway", "otp_resend_too_soon", None),
        ("loginCodeSent", "lender", None, NEW_NUMBER),
        ("loginCodeFailed", "lender", None, NEW_NUMBER),
    ]
    code = client.get(f"/_mocks/lending/outbox/{NEW_NUMBER}").json()["otp"]
    assert code not in view.text
