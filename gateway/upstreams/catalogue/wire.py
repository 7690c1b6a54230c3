"""The catalogue service's wire shapes (contracts/catalogue.openapi.yaml): what the client sends and
decodes, msgspec structs in the contract's camelCase."""

from __future__ import annotations

from decimal import Decimal

import msgspec


class Category(msgspec.Struct, rename="camel", kw_only=True):
    slug: str
    name: str


class CategoryRecord(Category, kw_only=True):
    product_count: int | None = None


class CategoryPage(msgspec.Struct, rename="camel", kw_only=True):
    records: list[CategoryRecord] = msgspec.field(default_factory=list)


class ImageVariant(msgspec.Struct, rename="camel", kw_only=True, frozen=True):
    """One raster file of a product's picture (our extension of the contract). Frozen, and a
    product's held in a tuple: the set is the key its picture sources are kept under."""

    width: int
    type: str
    url: str


class Product(msgspec.Struct, rename="camel", kw_only=True):
    """Amounts decode straight from the JSON number text into Decimal: no float on the way."""

    id: int
    product_name: str
    product_detail: str | None = None
    file_path1: str | None = None
    listing_price: Decimal
    mrp: Decimal
    discount: str | None = None
    ratings: float | None = None
    discount_to_merchant: Decimal | None = None
    distributor_id: int
    brand_id: int | None = None
    # Our extension fields: a real catalogue may not send them.
    brand_name: str | None = None
    category: Category | None = None
    hsn_code: str | None = None
    gst_rate: Decimal | None = None
    pack_size: str | None = None
    warranty: str | None = None
    stock_quantity: int | None = None
    return_days: int | None = None  # days after delivery it may be returned; 0: never (cut to length)
    images: tuple[ImageVariant, ...] = ()


class ProductPage(msgspec.Struct, rename="camel", kw_only=True):
    records: list[Product] = msgspec.field(default_factory=list)
    total_records: int | None = None


class CartItem(msgspec.Struct, rename="camel", kw_only=True):
    """Amounts decode into Decimal like the product's."""

    id: int | None = None
    product_id: int
    product_name: str
    quantity: int
    distributor_id: int | None = None
    file_path1: str | None = None
    brand: str | None = None
    color: str | None = None
    size: str | None = None
    mrp_with_cash_discount: Decimal
    mrp_with_cash_discount_gst: Decimal | None = None
    discount: str | None = None
    # Our extension fields, for the checkout and the invoice.
    hsn_code: str | None = None
    gst_rate: Decimal | None = None
    stock_quantity: int | None = None
    images: tuple[ImageVariant, ...] = ()  # the product's (our extension)


class Brand(msgspec.Struct, rename="camel", kw_only=True):
    id: int
    name: str
    logo: str | None = None


class BrandPage(msgspec.Struct, rename="camel", kw_only=True):
    records: list[Brand] = msgspec.field(default_factory=list)


class Address(msgspec.Struct, rename="camel", kw_only=True):
    id: int | None = None
    user_id: int
    name: str | None = None
    mobile_number: str | None = None
    address1: str | None = None
    address2: str | None = None
    pincode: str | None = None
    city: str | None = None
    state: str | None = None
    country: str | None = None
    is_active: int | str | None = None
    is_last_address: str | None = None
    is_default: str | None = None  # our extension: '1' the shopper's default


class AddressSave(msgspec.Struct, rename="camel", kw_only=True, omit_defaults=True):
    """address/save: a new address (no id) or every field of one of the user's (its id)."""

    user_id: int
    name: str
    mobile_number: str
    address1: str
    pincode: str
    city: str
    state: str
    id: int | None = None
    address2: str = ""
    country: str = "India"
    is_default: str | None = None  # '1' makes it the default; None leaves it as it is
    is_last_address: str | None = None  # '1' marks it used last

    @classmethod
    def of(cls, saved: Address, user_id: int) -> AddressSave:
        """`saved` unchanged, to set one of its marks."""
        return cls(
            id=saved.id,
            user_id=user_id,
            name=saved.name or "",
            mobile_number=saved.mobile_number or "",
            address1=saved.address1 or "",
            address2=saved.address2 or "",
            pincode=saved.pincode or "",
            city=saved.city or "",
            state=saved.state or "",
            country=saved.country or "India",
        )


class AddressRemove(msgspec.Struct, rename="camel", kw_only=True):
    user_id: int
    id: int


class AddressList(msgspec.Struct, rename="camel", kw_only=True):
    data: list[Address] = msgspec.field(default_factory=list)


class LoginRecord(msgspec.Struct, rename="camel", kw_only=True):
    user_id: int
    mobile_number: str | None = None
    user_name: str | None = None


class StoreLoginResult(msgspec.Struct, kw_only=True):
    access_token: str
    record: LoginRecord


class VerifyOtpBody(msgspec.Struct, rename="camel", kw_only=True):
    mobile_number: str
    otp: str
    platform: str = "WEB"
    user_type: str = "USER"
    business_type: int = 1


class AddCartBody(msgspec.Struct, rename="camel", kw_only=True):
    user_id: int
    product_id: int
    quantity: int
    distributor_id: int


class UpdateCartBody(msgspec.Struct, rename="camel", kw_only=True, omit_defaults=True):
    user_id: int
    product_id: int
    quantity: int
    distributor_id: int | None = None


class AddressQuery(msgspec.Struct, rename="camel", kw_only=True):
    user_id: int
    is_active: int = 1
