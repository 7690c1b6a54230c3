"""Who sells on every store order: the operator's company facts, the one place the mocks read them.

They match frontend/src/content/company.ts (legal name and registered office; the company is
fictional). GST registration is per state, so the supplier on an invoice is the registration
of the place that ships: a one-hour order leaves the dark store of its area (Gurugram's is
registered in Haryana), any other order the Bengaluru warehouse at the registered office. That
place's state decides the tax split: CGST+SGST for a delivery within it, IGST across states.
The GSTINs are made up but well formed (one PAN; state codes 06, 07, 27, 29; right check digits).
"""

from __future__ import annotations

import msgspec

from upstream_mocks.orders.pincodes import PincodeInfo


class Seller(msgspec.Struct, rename="camel", kw_only=True, frozen=True):
    name: str
    gstin: str
    state: str
    address: str
    email: str
    phone: str


LEGAL_NAME = "VoltKhata Trade Technologies Private Limited"
EMAIL = "support@voltkhata.example"
PHONE = "+91 80 4000 1234"


def _registration(gstin: str, state: str, address: str) -> Seller:
    """One of the company's GST registrations: the same company, its own GSTIN and address."""
    return Seller(name=LEGAL_NAME, gstin=gstin, state=state, address=address, email=EMAIL, phone=PHONE)


# The registered office, and the warehouse that ships every order not delivered within the hour.
SELLER = _registration(
    "29AAJCV4821K1ZU", "Karnataka", "4th Floor, Lakeview Business Park, Outer Ring Road, Bengaluru, Karnataka 560103"
)

# The dark stores, one per one-hour area (contracts/delivery-service.json), by the area's state.
DARK_STORES = {
    "Haryana": _registration(
        "06AAJCV4821K1Z2", "Haryana", "Unit 7, Sector 18 Industrial Area, Gurugram, Haryana 122015"
    ),
    "Delhi": _registration(
        "07AAJCV4821K1Z0", "Delhi", "Shed 12, Okhla Industrial Estate Phase II, New Delhi, Delhi 110020"
    ),
    "Maharashtra": _registration(
        "27AAJCV4821K1ZY", "Maharashtra", "Gala 4, Kamala Mills Compound, Lower Parel, Mumbai, Maharashtra 400013"
    ),
    "Karnataka": SELLER,  # Bengaluru's dark store is at the registered office
}


def shipping_seller(place: PincodeInfo) -> Seller:
    """The registration that supplies a delivery to `place`: its area's dark store for a one-hour
    area (open or not: the order waits for that store), the warehouse otherwise."""
    if place.serviceability == "oneHour":
        return DARK_STORES[place.state]
    return SELLER
