"""A Fineract lender lends to groups too (docs/decisions/fineract-group-loans.md): a group's own
loan has no client (`clientId` absent, `group` and loanType group), a member's JLG loan has both.
The adapter reads either without error: a member sees her JLG loan as hers and not the group's
loan; the desk and the day's reconciliation read the lender's every loan, the group's among them."""

from __future__ import annotations

from tests.conftest import GatewayClient
from tests.integration.test_portal_api import log_in
from tests.integration.test_two_lenders_api import BASIC, FINERACT, fineract_loan

ANITA = "9811166677"  # Sakhi Mahila Mandal's member, with a JLG loan (7105); the group's own loan is 7106


def test_fineract_sends_a_group_loan_with_no_client_and_a_jlg_loan_with_both(both: GatewayClient) -> None:
    group_loan = fineract_loan(both, 7106)
    assert "clientId" not in group_loan and group_loan["loanType"]["code"] == "accountType.group"
    assert group_loan["group"]["name"] == "Sakhi Mahila Mandal"
    jlg = fineract_loan(both, 7105)
    assert (jlg["clientId"], jlg["loanType"]["code"], jlg["group"]["id"]) == (504, "accountType.jlg", 601)
    listed = both.get(f"{FINERACT}/loans", params={"orderBy": "id", "limit": 100}, headers=BASIC).json()
    assert [item.get("clientId") for item in listed["pageItems"] if item["id"] == 7106] == [None]
    accounts = both.get(f"{FINERACT}/clients/504/accounts", headers=BASIC).json()["loanAccounts"]
    assert [(a["id"], a["loanType"]["value"]) for a in accounts] == [(7105, "JLG")]


def test_a_member_sees_her_jlg_loan_as_hers_and_not_the_groups_loan(both: GatewayClient) -> None:
    log_in(both, ANITA)
    loans = both.get("/api/loans/")
    assert loans.status_code == 200, loans.text
    assert [(loan["loanNumber"], loan["status"]) for loan in loans.json()] == [("FIN-000007105", "current")]
    assert both.get("/api/loans/FIN-000007106/schedule").status_code == 404  # no one's to see
    assert both.get("/api/loans/FIN-000007105/schedule").status_code == 200


def test_the_desk_and_the_reconciliation_read_every_loan_the_groups_among_them(both: GatewayClient) -> None:
    from tests.integration.test_desk_api import SUPERVISOR, staff_log_in

    assert staff_log_in(both, SUPERVISOR).status_code == 200
    day = both.get("/api/desk/reconciliation")
    assert day.status_code == 200, day.text
    assert day.json()["unreconciled"] == "0.00"
    # Read without error: no repayment of it came through the provider, so no customer of ours.
    found = both.get("/api/desk/customers", params={"q": "FIN-000007106"})
    assert (found.status_code, found.json()["error"]["code"]) == (404, "desk_nothing_found"), found.text
