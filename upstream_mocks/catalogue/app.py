"""Catalogue mock: store code verification, product list, categories, cart, brands, addresses, images.

Stateful over `world.states["catalogue"]`; codes come from the shared SMS outbox (the lending
mock's `sendOtp` writes them). Bearer tokens are checked where the contract requires them.
"""

from __future__ import annotations

import secrets
from typing import Any

import anyio.to_thread
import msgspec
from litestar import Request, Response, get, post
from litestar.params import FromPath, FromQuery

from upstream_mocks.built_on_use import BuiltOnUse, mock_app
from upstream_mocks.catalogue.browse import Sort, browse
from upstream_mocks.catalogue.hindi import hindi, saving_text_hindi
from upstream_mocks.catalogue.media import brand_svg, product_svg
from upstream_mocks.catalogue.pictures import media_type, parse_name, raster, variants, version
from upstream_mocks.catalogue.ranges import Category
from upstream_mocks.catalogue.seed import PRODUCT_TYPE, Address, CartLine, CatalogueState, Product, StoreUser, seed
from upstream_mocks.envelope import envelope
from upstream_mocks.orders.stock import on_hand
from upstream_mocks.sms import check_code
from upstream_mocks.texts.language import Language, requested
from upstream_mocks.world import MockWorld

MEDIA = "/_mocks/catalogue/media"
DEFAULT_PAGE_SIZE = 12
MAX_PAGE_SIZE = 100


class VerifyOtpBody(msgspec.Struct, rename="camel"):
    mobile_number: str
    otp: str
    platform: str
    user_type: str
    business_type: int


class AddCartBody(msgspec.Struct, rename="camel"):
    user_id: int
    product_id: int
    quantity: int
    distributor_id: int


class UpdateCartBody(msgspec.Struct, rename="camel"):
    user_id: int
    product_id: int
    quantity: int
    distributor_id: int | None = None


class AddressBody(msgspec.Struct, rename="camel"):
    user_id: int
    is_active: int


class AddressSaveBody(msgspec.Struct, rename="camel", kw_only=True):
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
    is_default: str | None = None
    is_last_address: str | None = None


class AddressRemoveBody(msgspec.Struct, rename="camel"):
    user_id: int
    id: int


class BadRequest(Exception):
    def __init__(self, message: str, status: int = 400) -> None:
        super().__init__(message)
        self.message = message
        self.status = status


def _parse(raw: bytes, type_: type[Any]) -> Any:
    try:
        return msgspec.json.decode(raw or b"null", type=type_)
    except msgspec.ValidationError as exc:
        raise BadRequest(f"Invalid request: {exc}") from exc
    except msgspec.DecodeError as exc:
        raise BadRequest("Invalid request: the body is not JSON") from exc


def _words(text: str, language: Language) -> str:
    """A catalogue text (a category, a detail, a size...) in the language asked for."""
    return hindi(text) if language == "hi" else text


def _saving(product: Product, language: Language) -> str | None:
    if language == "hi":
        return saving_text_hindi(product.mrp, product.listing_price)
    return product.discount


def _product_json(product: Product, state: CatalogueState, stock: int, language: Language = "en") -> dict[str, Any]:
    category = _category(state, product.category)
    return {
        "id": product.id,
        "productName": product.product_name,
        "productDetail": _words(product.product_detail, language) or None,
        "filePath1": f"{MEDIA}/products/{product.id}.svg",
        # Our extension: the picture as smaller raster files (pictures.py), for a phone that saves data.
        "images": variants(product, MEDIA),
        "listingPrice": product.listing_price,
        "mrp": product.mrp,
        "discount": _saving(product, language),
        "ratings": product.ratings,
        "discountToMerchant": product.discount_to_merchant,
        "distributorId": product.distributor_id,
        "brandId": product.brand_id,
        "productType": PRODUCT_TYPE,
        # Our extension fields (see the contract's Product schema).
        "brandName": _brand_name(state, product.brand_id),
        "category": {"slug": category.slug, "name": _words(category.name, language)},
        "hsnCode": product.hsn_code,
        "gstRate": product.gst_rate,
        "packSize": _words(product.pack_size, language),
        "warranty": _words(product.warranty, language) if product.warranty else None,
        "stockQuantity": stock,  # less what orders hold (upstream_mocks/orders/stock.py)
        "returnDays": product.return_days,
    }


def _category(state: CatalogueState, slug: str) -> Category:
    return next(c for c in state.categories if c.slug == slug)


def _brand_name(state: CatalogueState, brand_id: int) -> str:
    return next((b.name for b in state.brands if b.id == brand_id), "")


def create_app(world: MockWorld) -> BuiltOnUse:
    world.register("catalogue", seed)

    def state() -> CatalogueState:
        st: CatalogueState = world.states["catalogue"]
        return st

    def bearer_user(request: Request[Any, Any, Any]) -> int:
        header = request.headers.get("authorization", "")
        scheme, _, token = header.partition(" ")
        user_id = state().tokens.get(token) if scheme.lower() == "bearer" and token else None
        if user_id is None:
            raise BadRequest("Unauthorized", 401)
        return user_id

    def own(request: Request[Any, Any, Any], user_id: int) -> None:
        if bearer_user(request) != user_id:
            raise BadRequest("Forbidden: the token belongs to another user", 403)

    def product_by_id(product_id: int) -> Product | None:
        return next((p for p in state().products if p.id == product_id), None)

    def answer(exc: BadRequest) -> Response[dict[str, Any]]:
        return envelope(None, exc.message, exc.status)

    @post("/verifyOtp", status_code=200)
    async def verify_otp(request: Request[Any, Any, Any]) -> Response[dict[str, Any]]:
        try:
            body: VerifyOtpBody = _parse(await request.body(), VerifyOtpBody)
        except BadRequest as exc:
            return answer(exc)
        if not check_code(world, body.mobile_number, body.otp):
            return envelope(None, "Invalid OTP. Please try again.", 400)
        st = state()
        user = st.users.get(body.mobile_number)
        if user is None:  # a verified number the service has not seen becomes a new store user
            user = StoreUser(user_id=st.next_user_id, mobile_number=body.mobile_number, user_name="")
            st.next_user_id += 1
            st.users[body.mobile_number] = user
        token = "cat-" + secrets.token_urlsafe(24)
        st.tokens[token] = user.user_id
        return Response(
            {
                "statusCode": 200,
                "message": "OTP verified successfully",
                "accessToken": token,
                "data": [{"userId": user.user_id, "mobileNumber": user.mobile_number, "userName": user.user_name}],
            }
        )

    @get("/electrician/getProductCatalogListMobile")
    async def product_list(
        request: Request[Any, Any, Any],
        productType: FromQuery[str],
        page: FromQuery[int] = 1,
        pageSize: FromQuery[int] = DEFAULT_PAGE_SIZE,
        id: FromQuery[int | None] = None,
        search: FromQuery[str | None] = None,
        category: FromQuery[str | None] = None,
        brandId: FromQuery[int | None] = None,
        sort: FromQuery[Sort | None] = None,
    ) -> Response[dict[str, Any]]:
        st = state()
        language = requested(request.headers)
        if productType != PRODUCT_TYPE:
            return envelope({"records": [], "totalRecords": 0}, "No products for this product type")
        if id is not None:
            found = product_by_id(id)
            records = [_product_json(found, st, on_hand(world, found), language)] if found else []
            return envelope({"records": records, "totalRecords": len(records)})
        if page < 1 or not 1 <= pageSize <= MAX_PAGE_SIZE:
            return envelope(None, "Invalid request: page must be 1 or more, pageSize 1 to 100", 400)
        items = browse(st, search=search, category=category, brand_id=brandId, sort=sort)
        start = (page - 1) * pageSize
        chunk = items[start : start + pageSize]
        return envelope(
            {
                "records": [_product_json(p, st, on_hand(world, p), language) for p in chunk],
                "totalRecords": len(items),
                "page": page,
                "pageSize": pageSize,
            }
        )

    @get("/electrician/getCategories")
    async def categories(request: Request[Any, Any, Any], productType: FromQuery[str]) -> Response[dict[str, Any]]:
        st = state()
        language = requested(request.headers)
        if productType != PRODUCT_TYPE:
            return envelope({"records": []})
        counts = {c.slug: sum(1 for p in st.products if p.category == c.slug) for c in st.categories}
        records = [
            {"slug": c.slug, "name": _words(c.name, language), "productCount": counts[c.slug]} for c in st.categories
        ]
        return envelope({"records": records})

    @get("/electrician/getCart/{user_id:int}")
    async def get_cart(request: Request[Any, Any, Any], user_id: FromPath[int]) -> Response[dict[str, Any]]:
        try:
            own(request, user_id)
        except BadRequest as exc:
            return answer(exc)
        st = state()
        lines = st.carts.get(user_id, [])
        if not lines:  # the real service answers 400 for an empty cart
            return envelope(None, "Cart is empty", 400)
        brands = {b.id: b.name for b in st.brands}
        language = requested(request.headers)
        data = []
        for line in lines:
            product = product_by_id(line.product_id)
            if product is None:
                continue
            data.append(
                {
                    "id": line.id,
                    "productId": product.id,
                    "productName": product.product_name,
                    "quantity": line.quantity,
                    "distributorId": line.distributor_id,
                    "filePath1": f"{MEDIA}/products/{product.id}.svg",
                    "brand": brands.get(product.brand_id, ""),
                    "color": _words(product.color, language),
                    "size": _words(product.size, language),
                    "mrpWithCashDiscount": product.mrp_with_cash_discount,
                    "mrpWithCashDiscountGst": product.mrp_with_cash_discount_gst,
                    "discount": _saving(product, language),
                    # Our extension: what the checkout and the invoice need without a second call.
                    "hsnCode": product.hsn_code,
                    "gstRate": product.gst_rate,
                    "stockQuantity": on_hand(world, product),
                    # Our extension: the product's smaller raster files, for the cart's light picture.
                    "images": variants(product, MEDIA),
                }
            )
        return envelope(data)

    @post("/electrician/addCart", status_code=200)
    async def add_cart(request: Request[Any, Any, Any]) -> Response[dict[str, Any]]:
        try:
            body: AddCartBody = _parse(await request.body(), AddCartBody)
            own(request, body.user_id)
        except BadRequest as exc:
            return answer(exc)
        if body.quantity < 1:
            return envelope(None, "Invalid request: quantity must be 1 or more", 400)
        if product_by_id(body.product_id) is None:
            return envelope(None, "Product not found", 400)
        st = state()
        lines = st.carts.setdefault(body.user_id, [])
        line = next((ln for ln in lines if ln.product_id == body.product_id), None)
        if line is not None:  # adding a product already in the cart adds to its quantity
            line.quantity += body.quantity
        else:
            lines.append(
                CartLine(
                    id=st.next_line_id,
                    product_id=body.product_id,
                    quantity=body.quantity,
                    distributor_id=body.distributor_id,
                )
            )
            st.next_line_id += 1
        return envelope(None, "Product added to cart")

    @post("/electrician/updateCart", status_code=200)
    async def update_cart(request: Request[Any, Any, Any]) -> Response[dict[str, Any]]:
        try:
            body: UpdateCartBody = _parse(await request.body(), UpdateCartBody)
            own(request, body.user_id)
        except BadRequest as exc:
            return answer(exc)
        if body.quantity < 0:
            return envelope(None, "Invalid request: quantity must be 0 or more", 400)
        lines = state().carts.setdefault(body.user_id, [])
        line = next((ln for ln in lines if ln.product_id == body.product_id), None)
        if line is None:
            return envelope(None, "Product not found in cart", 400)
        if body.quantity == 0:
            lines.remove(line)
            return envelope(None, "Product removed from cart")
        line.quantity = body.quantity
        if body.distributor_id is not None:
            line.distributor_id = body.distributor_id
        return envelope(None, "Cart updated")

    @get("/users/getBrands/{segment:int}")
    async def get_brands(
        request: Request[Any, Any, Any], segment: FromPath[int], productType: FromQuery[str]
    ) -> Response[dict[str, Any]]:
        try:
            bearer_user(request)
        except BadRequest as exc:
            return answer(exc)
        if segment != 1 or productType != PRODUCT_TYPE:
            return envelope({"records": []})
        records = [{"id": b.id, "name": b.name, "logo": f"{MEDIA}/brands/{b.id}.svg"} for b in state().brands]
        return envelope({"records": records})

    @post("/address", status_code=200)
    async def address(request: Request[Any, Any, Any]) -> Response[dict[str, Any]]:
        try:
            body: AddressBody = _parse(await request.body(), AddressBody)
            own(request, body.user_id)
        except BadRequest as exc:
            return answer(exc)
        rows = [
            msgspec.to_builtins(a, builtin_types=None)
            for a in state().addresses
            if a.user_id == body.user_id and a.is_active == body.is_active
        ]
        return envelope({"data": [_camel(r) for r in rows]})

    def only_one(user_id: int, chosen: Address, field: str) -> None:
        """`chosen` the one of the user's addresses with `field` '1'."""
        for other in state().addresses:
            if other.user_id == user_id and other is not chosen:
                setattr(other, field, "0")

    @post("/address/save", status_code=200)
    async def save_address(request: Request[Any, Any, Any]) -> Response[dict[str, Any]]:
        try:
            body: AddressSaveBody = _parse(await request.body(), AddressSaveBody)
            own(request, body.user_id)
        except BadRequest as exc:
            return answer(exc)
        if not (body.name.strip() and body.address1.strip() and len(body.pincode) == 6 and body.pincode.isdigit()):
            return envelope(None, "Invalid address", 400)
        st = state()
        if body.id is None:
            row = Address(
                id=st.next_address_id,
                user_id=body.user_id,
                name="",
                mobile_number="",
                address1="",
                address2="",
                pincode="",
                city="",
                state="",
                country="",
                is_active=1,
                is_last_address="0",
            )
            st.next_address_id += 1
            st.addresses.append(row)
        else:
            found = next(
                (a for a in st.addresses if a.id == body.id and a.user_id == body.user_id and a.is_active == 1), None
            )
            if found is None:
                return envelope(None, "Address not found", 400)
            row = found
        row.name, row.mobile_number = body.name, body.mobile_number
        row.address1, row.address2, row.pincode = body.address1, body.address2, body.pincode
        row.city, row.state, row.country = body.city, body.state, body.country
        for field, value in (("is_default", body.is_default), ("is_last_address", body.is_last_address)):
            if value is not None:
                setattr(row, field, value)
                if value == "1":
                    only_one(body.user_id, row, field)
        return envelope(_camel(msgspec.to_builtins(row, builtin_types=None)), "Address saved")

    @post("/address/remove", status_code=200)
    async def remove_address(request: Request[Any, Any, Any]) -> Response[dict[str, Any]]:
        try:
            body: AddressRemoveBody = _parse(await request.body(), AddressRemoveBody)
            own(request, body.user_id)
        except BadRequest as exc:
            return answer(exc)
        row = next((a for a in state().addresses if a.id == body.id and a.user_id == body.user_id), None)
        if row is None:
            return envelope(None, "Address not found", 400)
        row.is_active, row.is_default = 0, "0"
        return envelope(None, "Address removed")

    @get("/media/products/{name:str}", media_type="image/svg+xml")
    async def product_image(name: FromPath[str]) -> Response[str] | Response[bytes]:
        if (file := parse_name(name)) is not None:
            pictured = product_by_id(file.product_id)
            if pictured is None or version(pictured) != file.version:
                return Response("Not found", status_code=404, media_type="text/plain")
            # Made once (a few tens of milliseconds), off the event loop the gateway shares.
            data = await anyio.to_thread.run_sync(raster, pictured, file.width, file.ext)
            return Response(data, media_type=media_type(file.ext), headers=_IMMUTABLE)
        product = product_by_id(_svg_id(name))
        if product is None:
            return Response("Not found", status_code=404, media_type="text/plain")
        return Response(product_svg(product), media_type="image/svg+xml", headers=_CACHE)

    @get("/media/brands/{name:str}", media_type="image/svg+xml")
    async def brand_image(name: FromPath[str]) -> Response[str]:
        brand = next((b for b in state().brands if b.id == _svg_id(name)), None)
        if brand is None:
            return Response("Not found", status_code=404, media_type="text/plain")
        return Response(brand_svg(brand), media_type="image/svg+xml", headers=_CACHE)

    return mock_app(
        [
            verify_otp,
            product_list,
            categories,
            get_cart,
            add_cart,
            update_cart,
            get_brands,
            address,
            save_address,
            remove_address,
            product_image,
            brand_image,
        ],
        openapi_config=None,
    )


_CACHE = {"Cache-Control": "public, max-age=3600"}
# A raster picture's address names the drawing it was made from: its bytes never change.
_IMMUTABLE = {"Cache-Control": "public, max-age=31536000, immutable"}


def _svg_id(name: str) -> int:
    stem = name.removesuffix(".svg")
    return int(stem) if stem.isdigit() else -1


def _camel(row: dict[str, Any]) -> dict[str, Any]:
    def camel(key: str) -> str:
        head, *rest = key.split("_")
        return head + "".join(part.title() for part in rest)

    return {camel(k): v for k, v in row.items()}
