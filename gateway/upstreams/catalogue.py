"""Typed client of the catalogue service (contracts/catalogue.openapi.yaml).

Every method answers msgspec structs; a refusal is `UpstreamRefused` carrying the upstream's
status, so callers can tell an empty cart (400 on getCart) apart.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Literal

import msgspec

from gateway.errors import UpstreamRefused
from gateway.language.codes import DEFAULT, Language, texts_in
from gateway.upstreams.envelope import Envelope
from gateway.upstreams.http import UpstreamHttp

PRODUCT_TYPE = "quickCommerce"
BRANDS_SEGMENT = 1  # the specification's brands path segment
VERIFY_FAILED = "Error verifying OTP."
OTP_REFUSED = "Invalid OTP. Please try again."
CART_FAILED = "The cart could not be updated."


ProductSort = Literal["priceAsc", "priceDesc"]


class Category(msgspec.Struct, rename="camel", kw_only=True):
    slug: str
    name: str


class CategoryRecord(Category, kw_only=True):
    product_count: int | None = None


class CategoryPage(msgspec.Struct, rename="camel", kw_only=True):
    records: list[CategoryRecord] = msgspec.field(default_factory=list)


class ImageVariant(msgspec.Struct, rename="camel", kw_only=True):
    """One raster file of a product's picture (our extension of the contract)."""

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
    images: list[ImageVariant] = msgspec.field(default_factory=list)


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
    images: list[ImageVariant] = msgspec.field(default_factory=list)  # the product's (our extension)


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


ADDRESS_SAVE_FAILED = "The address could not be saved."


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


class CatalogueClient:
    def __init__(self, http: UpstreamHttp) -> None:
        self.http = http

    async def verify_otp(self, mobile_number: str, otp: str) -> StoreLoginResult:
        """POST verifyOtp (platform WEB, userType USER, businessType 1)."""
        body = VerifyOtpBody(mobile_number=mobile_number, otp=otp)
        answer = await self.http.call(
            "POST", "verifyOtp", Envelope[list[LoginRecord]], json=body, failure=OTP_REFUSED, code="verify_failed"
        )
        if not answer.access_token or not answer.data:
            raise UpstreamRefused(VERIFY_FAILED, upstream=self.http.name, status=200, code="verify_failed")
        return StoreLoginResult(access_token=answer.access_token, record=answer.data[0])

    async def _page(self, params: dict[str, str | int], failure: str, language: Language) -> list[Product]:
        answer = await self.http.call(
            "GET",
            "electrician/getProductCatalogListMobile",
            Envelope[ProductPage],
            params=params,
            headers=texts_in(language),
            failure=failure,
            code="catalogue_failed",
            need_data=True,
        )
        return answer.data.records if answer.data else []

    async def products(
        self,
        page: int,
        page_size: int,
        search: str | None = None,
        *,
        category: str | None = None,
        brand_id: int | None = None,
        sort: ProductSort | None = None,
        language: Language = DEFAULT,
    ) -> list[Product]:
        """A page of products; its words (details, category names...) in `language`."""
        params: dict[str, str | int] = {"productType": PRODUCT_TYPE, "pageSize": page_size, "page": page}
        optional: dict[str, str | int | None] = {
            "search": search or None,
            "category": category,
            "brandId": brand_id,
            "sort": sort,
        }
        params.update({name: value for name, value in optional.items() if value is not None})
        return await self._page(params, "Products could not be loaded.", language)

    async def categories(self, language: Language = DEFAULT) -> list[CategoryRecord]:
        """GET electrician/getCategories (our extension; needs no token), named in `language`."""
        answer = await self.http.call(
            "GET",
            "electrician/getCategories",
            Envelope[CategoryPage],
            params={"productType": PRODUCT_TYPE},
            headers=texts_in(language),
            failure="Categories could not be loaded.",
            code="catalogue_failed",
            need_data=True,
        )
        return answer.data.records if answer.data else []

    async def product(self, product_id: int, language: Language = DEFAULT) -> Product | None:
        records = await self._page(
            {"productType": PRODUCT_TYPE, "id": product_id}, "The product could not be loaded.", language
        )
        return records[0] if records else None

    async def cart(self, user_id: int, token: str, language: Language = DEFAULT) -> list[CartItem]:
        """GET electrician/getCart/{userId}, its words (colours, sizes) in `language`. A 400 raises
        too: the caller decides it means empty."""
        answer = await self.http.call(
            "GET",
            f"electrician/getCart/{user_id}",
            Envelope[list[CartItem] | None],
            token=token,
            headers={"Content-Type": "application/json", **texts_in(language)},
            failure="The cart could not be loaded.",
            code="cart_failed",
        )
        return answer.data or []

    async def add_cart(self, body: AddCartBody, token: str) -> None:
        await self._change_cart("electrician/addCart", body, token)

    async def update_cart(self, body: UpdateCartBody, token: str) -> None:
        await self._change_cart("electrician/updateCart", body, token)

    async def _change_cart(self, path: str, body: AddCartBody | UpdateCartBody, token: str) -> None:
        await self.http.call(
            "POST", path, Envelope[object], json=body, token=token, failure=CART_FAILED, code="cart_failed"
        )

    async def brands(self, token: str) -> list[Brand]:
        answer = await self.http.call(
            "GET",
            f"users/getBrands/{BRANDS_SEGMENT}",
            Envelope[BrandPage],
            params={"productType": PRODUCT_TYPE},
            token=token,
            failure="Brands could not be loaded.",
            code="brands_failed",
            need_data=True,
        )
        return answer.data.records if answer.data else []

    async def addresses(self, user_id: int, token: str) -> list[Address]:
        """POST address (userId, isActive=1): the user's active addresses. Safe to repeat."""
        answer = await self.http.call(
            "POST",
            "address",
            Envelope[AddressList],
            json=AddressQuery(user_id=user_id),
            token=token,
            idempotent=True,
            failure="Addresses could not be loaded.",
            code="address_failed",
            need_data=True,
        )
        return answer.data.data if answer.data else []

    async def save_address(self, body: AddressSave, token: str) -> Address:
        """POST address/save: the address as stored (a new one gets its id)."""
        answer = await self.http.call(
            "POST",
            "address/save",
            Envelope[Address],
            json=body,
            token=token,
            failure=ADDRESS_SAVE_FAILED,
            code="address_save_failed",
            need_data=True,
        )
        if answer.data is None:  # need_data: never, but the type says it may be
            raise UpstreamRefused(ADDRESS_SAVE_FAILED, upstream=self.http.name, code="address_save_failed")
        return answer.data

    async def remove_address(self, user_id: int, address_id: int, token: str) -> None:
        """POST address/remove: the address leaves the book (the service keeps it inactive). Safe to repeat."""
        await self.http.call(
            "POST",
            "address/remove",
            Envelope[object],
            json=AddressRemove(user_id=user_id, id=address_id),
            token=token,
            idempotent=True,
            failure="The address could not be removed.",
            code="address_save_failed",
        )
