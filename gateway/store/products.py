"""Catalogue products as the storefront shows them."""

from __future__ import annotations

from gateway.store.schemas import ProductView
from gateway.upstreams.catalogue import Product


def product_view(product: Product, quantity: int) -> ProductView:
    return ProductView(
        id=product.id,
        product_name=product.product_name,
        product_detail=product.product_detail or None,
        file_path1=product.file_path1,
        listing_price=product.listing_price,
        mrp=product.mrp,
        discount=product.discount or None,
        ratings=max(0.0, min(5.0, product.ratings or 0.0)),
        discount_to_merchant=product.discount_to_merchant or 0.0,
        distributor_id=product.distributor_id,
        quantity=quantity,
    )
