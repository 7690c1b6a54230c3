"""What the store API takes from and answers to the browser (camelCase, no tokens)."""

from __future__ import annotations

from decimal import Decimal
from typing import Annotated, Literal

import msgspec

from gateway.plumbing.validation import whole

# Most of one product a cart line holds; 0 (set only) removes the line.
MAX_QUANTITY = 999
Quantity = Annotated[int, msgspec.Meta(ge=0, le=MAX_QUANTITY, description="a JSON integer; 0 removes the line")]


ProductSort = Literal["priceAsc", "priceDesc"]


class CategoryView(msgspec.Struct, rename="camel", kw_only=True):
    slug: str
    name: str


class CategoryListItem(CategoryView, kw_only=True):
    product_count: int | None


class PictureSource(msgspec.Struct, rename="camel", kw_only=True, frozen=True):
    """One <source> of a product's <picture> (store/pictures.py): the files of one type."""

    type: str  # "image/avif", "image/webp"
    srcset: str  # every width: "/a-160.avif 160w, /a-320.avif 320w"
    light_srcset: str  # the smallest alone, for a phone that saves data or is on a slow link


class ProductView(msgspec.Struct, rename="camel"):  # positional too: see store.service.product_view
    """Amounts are rupees, GST included, exact decimal strings with 2 decimals ("1234.50"):
    listingPrice is the unit price the cart charges, mrp the printed M.R.P. The percents
    (discountToMerchant, the whole percent off M.R.P., and gstRate) are decimal strings written
    as people write them ("18", "12.5"). priceText and mrpText are the two amounts as every
    screen shows them ("₹1,234.50"): the app shows them as they are, and the first page in the
    HTML is filled from the same (store/first_page.py), so the two never disagree."""

    id: int
    product_name: str
    product_detail: str | None
    file_path1: str | None
    listing_price: Decimal
    mrp: Decimal
    discount: str | None
    ratings: float
    discount_to_merchant: Decimal
    distributor_id: int
    quantity: int  # this shopper's quantity in the cart (0 when logged out)
    # Null when the catalogue does not send them (they are our extension of its contract).
    brand_id: int | None
    brand_name: str | None
    category: CategoryView | None
    hsn_code: str | None
    gst_rate: Decimal | None  # GST percent included in the prices
    pack_size: str | None
    warranty: str | None
    stock_quantity: int | None  # units on hand; 0 is sold out
    price_text: str
    mrp_text: str
    # Days after delivery it may be returned; 0: not returnable (cut to length); null: not said.
    return_days: int | None = None
    # The picture as smaller raster files, best format first; empty: show filePath1 alone.
    picture_sources: list[PictureSource] = msgspec.field(default_factory=list)


class ProductListView(msgspec.Struct, rename="camel", kw_only=True):
    records: list[ProductView]
    page: int
    page_size: int
    has_more: bool  # False once a page comes back shorter than the page size


class BrandView(msgspec.Struct, rename="camel", kw_only=True):
    id: int
    name: str
    logo: str | None


class CartLineView(msgspec.Struct, rename="camel", kw_only=True):
    id: int | None
    product_id: int
    product_name: str
    quantity: int
    distributor_id: int | None
    file_path1: str | None
    brand: str | None
    color: str | None
    size: str | None
    mrp_with_cash_discount: Decimal
    mrp_with_cash_discount_gst: Decimal | None
    discount: str | None
    line_price: Decimal  # mrpWithCashDiscount x quantity, to 2 decimals
    # (M.R.P. - price) x quantity, to 2 decimals; 0.00 when the product sells at its M.R.P.
    line_saving: Decimal
    stock_quantity: int | None = None  # units that can be bought now; null when the catalogue does not say
    # The product's picture as smaller raster files, as ProductView's; empty: show filePath1 alone.
    picture_sources: list[PictureSource] = msgspec.field(default_factory=list)


class CartView(msgspec.Struct, rename="camel", kw_only=True):
    items: list[CartLineView]
    count: int  # sum of quantities
    subtotal: Decimal  # sum of line prices, to 2 decimals
    saving: Decimal  # sum of line savings, off the M.R.P.


class CartChargesView(msgspec.Struct, rename="camel", kw_only=True):
    """The cart's money before an address, as the orders service prices it (the quote's and the
    invoice's figures): exact decimal strings, passed on, never worked out here."""

    subtotal: Decimal
    convenience_fee: Decimal  # 0.00 when not charged
    platform_fee: Decimal
    gst_total: Decimal  # all the GST in the total, the fees' included (the invoice's)
    taxable_total: Decimal  # the total without GST
    total: Decimal
    fee_threshold: Decimal  # the subtotal from which no fee is charged
    short_of_no_fees: Decimal  # what to add for no fees; 0.00 when none is charged


class SetQuantityRequest(msgspec.Struct, rename="camel", kw_only=True):
    quantity: Quantity


class NativeSessionRequest(msgspec.Struct, rename="camel", kw_only=True):
    """The native app's `userDataFromNative` hand-over, relayed by the page."""

    user_id: Annotated[str, msgspec.Meta(pattern=whole("[1-9][0-9]{0,9}"))]
    # A bearer token's characters (RFC 6750 b64token): it goes into an Authorization header.
    token: Annotated[str, msgspec.Meta(min_length=1, max_length=4096, pattern=whole(r"[A-Za-z0-9\-._~+/]+=*"))]
    verified: bool


class StoreLoginView(msgspec.Struct, rename="camel", kw_only=True):
    message: str
    verified: bool
    mobile_number: str | None
    via: Literal["otp", "native"]
