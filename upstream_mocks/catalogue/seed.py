"""Seed catalogue: 154 products over the credit page's ten categories plus fans and LED battens,
nine invented brands, and the store user 9876543210 with two saved addresses.

Prices (all Decimal rupees with 2 places, GST included; see docs/store.md "Prices"):
- `mrp` is the printed M.R.P.; `listing_price` is what the shopper pays a unit, and the cart's
  `mrp_with_cash_discount` is the same figure; `mrp_with_cash_discount_gst` is the M.R.P. line.
- `discount_to_merchant` is the whole percent off M.R.P., exactly: listing = mrp x (100 - pct) / 100.
"""

from __future__ import annotations

import random
from decimal import Decimal

import msgspec

from upstream_mocks.catalogue.ranges import BRANDS, CATEGORIES, Brand, Category
from upstream_mocks.money import rupees_text

PRODUCT_TYPE = "quickCommerce"
CENT = Decimal("0.01")


class Product(msgspec.Struct, kw_only=True):
    id: int
    product_name: str
    product_detail: str
    category: str  # the category's slug
    brand_id: int
    listing_price: Decimal
    mrp: Decimal
    mrp_with_cash_discount: Decimal
    mrp_with_cash_discount_gst: Decimal
    discount: str | None
    ratings: float
    discount_to_merchant: Decimal
    distributor_id: int
    color: str
    size: str
    hsn_code: str
    gst_rate: Decimal
    pack_size: str
    warranty: str | None
    stock_quantity: int
    picture: str  # which drawing media.py makes for it
    # Days after delivery the buyer may return it (our extension); 0: not returnable (cut to length).
    return_days: int = 7


class Address(msgspec.Struct, kw_only=True):
    id: int
    user_id: int
    name: str
    mobile_number: str
    address1: str
    address2: str
    pincode: str
    city: str
    state: str
    country: str
    is_active: int
    is_last_address: str
    is_default: str = "0"  # our extension: the shopper's default (at most one '1')


class StoreUser(msgspec.Struct, kw_only=True):
    user_id: int
    mobile_number: str
    user_name: str
    email: str | None = None  # where order mails go; None: no e-mail on record


class CartLine(msgspec.Struct, kw_only=True):
    id: int
    product_id: int
    quantity: int
    distributor_id: int


class CatalogueState(msgspec.Struct, kw_only=True):
    brands: list[Brand]
    categories: list[Category]
    products: list[Product]
    users: dict[str, StoreUser]  # by mobile number
    addresses: list[Address]
    carts: dict[int, list[CartLine]] = msgspec.field(default_factory=dict)  # by user id
    tokens: dict[str, int] = msgspec.field(default_factory=dict)  # access token -> user id
    next_user_id: int = 7000
    next_line_id: int = 1
    next_address_id: int = 100


COLOURS = ["White", "Ivory", "Grey", "Black", "Red", "Blue"]
RATINGS = [3.0, 3.5, 4.0, 4.5, 5.0, 2.5, 4.5, 4.0]
DISTRIBUTORS = [301, 302, 303, 304]
PERCENTS_OFF = [8, 10, 12, 15, 18, 20, 22]
# Stock on hand: a few products are sold out or nearly so, for the checkout's shortfall message.
SOLD_OUT_EVERY = 23
LOW_STOCK_EVERY = 19
# The store's return window from delivery (the product pages' and the refund policy's promise).
RETURN_DAYS = 7


def price_at(mrp: Decimal, percent_off: int) -> Decimal:
    """The selling price: exact for a whole-rupee M.R.P. and a whole percent."""
    return (mrp * (100 - percent_off) / 100).quantize(CENT)


def saving_text(mrp: Decimal, price: Decimal) -> str | None:
    return f"Save {rupees_text(mrp - price)} on M.R.P." if price < mrp else None


def _interleaved(categories: list[Category]) -> list[tuple[Category, int]]:
    """(category, item index) round-robin, so every page of the list mixes categories."""
    longest = max(len(c.items) for c in categories)
    return [(c, i) for i in range(longest) for c in categories if i < len(c.items)]


def products() -> list[Product]:
    rng = random.Random(20261122)
    brands = {b.id: b for b in BRANDS}
    out: list[Product] = []
    for category, index in _interleaved(CATEGORIES):
        item = category.items[index]
        pid = len(out) + 1
        brand = brands[category.brand_ids[index % len(category.brand_ids)]]
        mrp = Decimal(item.mrp).quantize(CENT)
        # Every fourth product sells at M.R.P.: no percent off, no saving text.
        off = 0 if pid % 4 == 0 else rng.choice(PERCENTS_OFF)
        price = price_at(mrp, off)
        stock = rng.randint(12, 480)
        if pid % SOLD_OUT_EVERY == 0:
            stock = 0
        elif pid % LOW_STOCK_EVERY == 0:
            stock = rng.randint(1, 3)
        out.append(
            Product(
                id=pid,
                product_name=f"{brand.name} {item.stem}",
                product_detail=item.detail,
                category=category.slug,
                brand_id=brand.id,
                listing_price=price,
                mrp=mrp,
                mrp_with_cash_discount=price,
                mrp_with_cash_discount_gst=mrp,
                discount=saving_text(mrp, price),
                ratings=RATINGS[pid % len(RATINGS)],
                discount_to_merchant=Decimal(off),
                distributor_id=DISTRIBUTORS[pid % len(DISTRIBUTORS)],
                color=COLOURS[pid % len(COLOURS)],
                size=item.size,
                hsn_code=item.hsn or category.hsn,
                gst_rate=category.gst_rate,
                pack_size=item.pack,
                warranty=item.warranty if item.warranty is not None else category.warranty,
                stock_quantity=stock,
                picture=item.picture or category.slug,
                return_days=0 if item.cut_length else RETURN_DAYS,
            )
        )
    return out


def seed() -> CatalogueState:
    users = [
        StoreUser(user_id=2001, mobile_number="9876543210", user_name="Ramesh Kumar", email="ramesh.kumar@shop.example")
    ]
    addresses = [
        Address(
            id=1,
            user_id=2001,
            name="Ramesh Kumar",
            mobile_number="9876543210",
            address1="Shop 12, Lakshmi Electricals",
            address2="Karol Bagh Market",
            pincode="110005",
            city="New Delhi",
            state="Delhi",
            country="India",
            is_active=1,
            is_last_address="0",
        ),
        Address(
            id=2,
            user_id=2001,
            name="Ramesh Kumar",
            mobile_number="9876543210",
            address1="Plot 44, Sector 18",
            address2="Near Metro Station",
            pincode="122015",
            city="Gurugram",
            state="Haryana",
            country="India",
            is_active=1,
            is_last_address="1",
        ),
    ]
    return CatalogueState(
        brands=list(BRANDS),
        categories=list(CATEGORIES),
        products=products(),
        users={u.mobile_number: u for u in users},
        addresses=addresses,
    )
