"""The catalogue service (contracts/catalogue.openapi.yaml): `wire.py` its shapes, `client.py`
the calls (`CatalogueClient`), `cache.py` the same client with the answers that are the same for
everyone cached (`CachedCatalogueClient`)."""

from __future__ import annotations

from gateway.upstreams.catalogue.cache import CachedCatalogueClient
from gateway.upstreams.catalogue.client import CatalogueClient, ProductSort
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
    Category,
    CategoryPage,
    CategoryRecord,
    ImageVariant,
    LoginRecord,
    Product,
    ProductPage,
    StoreLoginResult,
    UpdateCartBody,
    VerifyOtpBody,
)

__all__ = [
    "AddCartBody",
    "Address",
    "AddressList",
    "AddressQuery",
    "AddressRemove",
    "AddressSave",
    "Brand",
    "BrandPage",
    "CachedCatalogueClient",
    "CartItem",
    "CatalogueClient",
    "Category",
    "CategoryPage",
    "CategoryRecord",
    "ImageVariant",
    "LoginRecord",
    "Product",
    "ProductPage",
    "ProductSort",
    "StoreLoginResult",
    "UpdateCartBody",
    "VerifyOtpBody",
]
