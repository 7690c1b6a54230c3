"""Who a tester can be (`GET /_mocks/people`): the seeded borrowers of each lender and the store's
shoppers, read from the mocks' own state, each with what it is for, so the QA console's People
section lists exactly who the seed holds (and any shopper who signed up since).

A person logs in through the real login of the app named (`portal`: /paynow, `store`: /login),
with a code from the SMS outbox; nothing here touches the gateway's sessions.
"""

from __future__ import annotations

from typing import Literal

import msgspec

from upstream_mocks.world import MockWorld

App = Literal["portal", "store"]

# What each seeded person is for, by lender (or "store") and mobile number: the seed's own
# documentation (lending/seed.py, fineract/seed.py, catalogue/seed.py), in one sentence each.
PURPOSES: dict[tuple[str, str], str] = {
    ("lending", "9876543210"): (
        "The overdue borrower: loan LN-1001 overdue, principal plus late fees; pay it in part or in full."
    ),
    ("lending", "9123456780"): "A borrower owing nothing: the portal says there is nothing to pay.",
    ("lending", "9988776655"): "A borrower whose loan cannot be paid online: its financier takes no online payments.",
    ("fineract", "9811122233"): "The Fineract borrower: one missed instalment and its penalty overdue, five days.",
    ("fineract", "9876543210"): (
        "Also a Fineract borrower: a current loan there, its first instalment due in twenty days."
    ),
    ("fineract", "9811144455"): "A Fineract borrower owing nothing: a current floating-rate loan and a closed one.",
    ("fineract", "9811166677"): (
        "A Fineract borrower in a group (JLG) loan at 12.123456% a year, first instalment due in twelve days."
    ),
    ("store", "9876543210"): "The shopper: two saved addresses, on credit with the lender; places and returns orders.",
}


class Person(msgspec.Struct, rename="camel", kw_only=True):
    name: str
    mobile_number: str  # the ten digits the login page takes
    role: str  # "lending borrower", "Fineract borrower" or "shopper"
    purpose: str
    app: App  # whose login page logs this person in


def people(world: MockWorld) -> list[Person]:
    found = [
        Person(
            name=b.user_name,
            mobile_number=b.mobile_number,
            role="lending borrower",
            purpose=PURPOSES.get(("lending", b.mobile_number), "A borrower of the lending service."),
            app="portal",
        )
        for b in world.states["lending"].borrowers.values()
    ]
    if (fineract := world.states.get("fineract")) is not None:
        found += [
            Person(
                name=c.display_name,
                mobile_number=c.mobile,
                role="Fineract borrower",
                purpose=PURPOSES.get(("fineract", c.mobile), "A client of the Fineract lender."),
                app="portal",
            )
            for c in sorted(fineract.clients.values(), key=lambda c: c.id)
        ]
    orders = world.states["orders"].orders.values()
    for user in world.states["catalogue"].users.values():
        placed = sum(1 for o in orders if o.user_id == user.user_id)
        purpose = PURPOSES.get(("store", user.mobile_number), "A shopper who signed up at the store.")
        found.append(
            Person(
                name=user.user_name,
                mobile_number=user.mobile_number,
                role="shopper",
                purpose=f"{purpose} Orders now: {placed}.",
                app="store",
            )
        )
    return found
