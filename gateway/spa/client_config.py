"""GET /api/config: what the browser needs to configure itself (names, links, checkout)."""

from __future__ import annotations

import msgspec
from litestar import get
from litestar.di import NamedDependency

from gateway.settings import CheckoutAdapter, CheckoutMode, Settings


class SignInLinks(msgspec.Struct, rename="camel", frozen=True):
    anchor: str
    portal: str
    lender: str


class AppLinks(msgspec.Struct, rename="camel", frozen=True):
    android: str
    ios: str


class CheckoutConfig(msgspec.Struct, rename="camel", frozen=True):
    adapter: CheckoutAdapter
    mode: CheckoutMode


class ClientConfig(msgspec.Struct, rename="camel", frozen=True):
    product_name: str
    product_slug: str
    sign_in: SignInLinks
    app_links: AppLinks
    checkout: CheckoutConfig


def client_config(settings: Settings) -> ClientConfig:
    return ClientConfig(
        product_name=settings.product_name,
        product_slug=settings.product_slug,
        sign_in=SignInLinks(
            anchor=settings.anchor_portal_url,
            portal=settings.product_portal_url,
            lender=settings.lender_portal_url,
        ),
        app_links=AppLinks(android=settings.android_app_url, ios=settings.ios_app_url),
        checkout=CheckoutConfig(adapter=settings.checkout_adapter, mode=settings.checkout_mode),
    )


@get("/api/config", sync_to_thread=False, tags=["app"], summary="Names, links and checkout settings")
def get_config(settings: NamedDependency[Settings]) -> ClientConfig:
    return client_config(settings)
