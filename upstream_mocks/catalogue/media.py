"""Product and brand images drawn here as SVG, so the catalogue needs no image from anywhere."""

from __future__ import annotations

from html import escape

from upstream_mocks.catalogue.seed import CATEGORIES, Brand, Product

_CATEGORY_COLOUR = {c.slug: c.colour for c in CATEGORIES}

# One simple pictogram a category, drawn in a 200x200 box centred at (200, 170).
_SHAPES = {
    "pvc-conduit-pipes": '<rect x="90" y="150" width="220" height="40" rx="20" fill="#fff"/>'
    '<rect x="90" y="150" width="40" height="40" rx="8" fill="#ffffffaa"/>',
    "socket-switchgear": '<rect x="130" y="100" width="140" height="140" rx="18" fill="#fff"/>'
    '<circle cx="175" cy="150" r="11" fill="#333"/><circle cx="225" cy="150" r="11" fill="#333"/>'
    '<circle cx="200" cy="195" r="13" fill="#333"/>',
    "switches": '<rect x="130" y="100" width="140" height="140" rx="18" fill="#fff"/>'
    '<rect x="175" y="125" width="50" height="90" rx="10" fill="#333"/>',
    "home-wires": '<circle cx="200" cy="170" r="75" fill="none" stroke="#fff" stroke-width="18"/>'
    '<circle cx="200" cy="170" r="40" fill="none" stroke="#fff" stroke-width="12"/>',
    "lamps-bulbs": '<circle cx="200" cy="150" r="60" fill="#fff"/>'
    '<rect x="175" y="200" width="50" height="40" rx="6" fill="#fff"/>',
    "door-bells": '<path d="M200 95 C150 95 140 150 140 200 L260 200 C260 150 250 95 200 95Z" fill="#fff"/>'
    '<circle cx="200" cy="220" r="16" fill="#fff"/>',
    "mcb-rccb": '<rect x="150" y="90" width="100" height="160" rx="10" fill="#fff"/>'
    '<rect x="185" y="130" width="30" height="50" rx="4" fill="#333"/>',
    "led-bulbs": '<circle cx="200" cy="150" r="60" fill="#fff"/>'
    '<rect x="175" y="200" width="50" height="40" rx="6" fill="#fff"/>'
    '<path d="M185 150 L200 125 L215 150 Z" fill="#333"/>',
    "casing-capping": '<rect x="90" y="140" width="220" height="60" rx="6" fill="#fff"/>'
    '<rect x="90" y="130" width="220" height="14" rx="4" fill="#ffffffbb"/>',
    "boxes-enclosures": '<rect x="120" y="100" width="160" height="140" rx="8" fill="#fff"/>'
    '<rect x="140" y="120" width="120" height="100" rx="4" fill="none" stroke="#333" stroke-width="6"/>',
}


def product_svg(product: Product) -> str:
    colour = _CATEGORY_COLOUR.get(product.category, "#4b5563")
    shape = _SHAPES.get(product.category, "")
    label = escape(product.size)
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 340" role="img">'
        f'<rect width="400" height="340" fill="{colour}"/>'
        f"{shape}"
        f'<text x="200" y="305" font-family="sans-serif" font-size="26" fill="#fff" text-anchor="middle">{label}</text>'
        "</svg>"
    )


def brand_svg(brand: Brand) -> str:
    initials = "".join(word[0] for word in brand.name.split()[:2]).upper()
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 120" role="img">'
        f'<circle cx="60" cy="60" r="56" fill="{brand.colour}"/>'
        f'<text x="60" y="74" font-family="sans-serif" font-size="40" font-weight="700" fill="#fff" '
        f'text-anchor="middle">{escape(initials)}</text>'
        "</svg>"
    )
