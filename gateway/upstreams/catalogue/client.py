"""Typed client of the catalogue service (contracts/catalogue.openapi.yaml).

Every method answers msgspec structs; a refusal is `UpstreamRefused` carrying the upstream's
status, so callers can tell an empty cart (400 on getCart) apart.
"""

from __future__ import annotations

from typing import Literal

from gateway.language.codes import DEFAULT, Language, texts_in
from gateway.plumbing.errors import UpstreamRefused
from gateway.upstreams.catalogue.wire import (
    AddCartBody,
    Address,
    AddressList,
    AddressQuery,
    AddressRemove,
    AddressSave,
    Brand,
    BrandPage,
    CartItem,
    CategoryPage,
    CategoryRecord,
    LoginRecord,
    Product,
    ProductPage,
    StoreLoginResult,
    UpdateCartBody,
    VerifyOtpBody,
)
from gateway.upstreams.envelope import Envelope
from gateway.upstreams.http import UpstreamHttp

PRODUCT_TYPE = "quickCommerce"


BRANDS_SEGMENT = 1  # the specification's brands path segment


VERIFY_FAILED = "Error verifying OTP."


OTP_REFUSED = "Invalid OTP. Please try again."


CART_FAILED = "The cart could not be updated."


ProductSort = Literal["priceAsc", "priceDesc"]


ADDRESS_SAVE_FAILED = "The address could not be saved."


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
