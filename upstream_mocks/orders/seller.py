"""Who sells on every store order: the operator's company facts, the one place the mocks read them.

They match frontend/src/content/company.ts (legal name and registered office; the company is
fictional). The seller's state decides the tax split: CGST+SGST for a delivery within it, IGST
across states. The GSTIN is made up but well formed (state code 29 is Karnataka; the check
digit is right).
"""

from __future__ import annotations

import msgspec


class Seller(msgspec.Struct, rename="camel", kw_only=True, frozen=True):
    name: str
    gstin: str
    state: str
    address: str
    email: str
    phone: str


SELLER = Seller(
    name="VoltKhata Trade Technologies Private Limited",
    gstin="29AAJCV4821K1ZU",
    state="Karnataka",
    address="4th Floor, Lakeview Business Park, Outer Ring Road, Bengaluru, Karnataka 560103",
    email="support@voltkhata.example",
    phone="+91 80 4000 1234",
)
