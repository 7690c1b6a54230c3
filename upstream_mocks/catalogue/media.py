"""Product and brand images drawn here as SVG, so the catalogue needs no image from anywhere."""

from __future__ import annotations

from html import escape

from upstream_mocks.catalogue.ranges import CATEGORIES, Brand
from upstream_mocks.catalogue.seed import Product

_CATEGORY_COLOUR = {c.slug: c.colour for c in CATEGORIES}

_CEILING_FAN = (
    '<rect x="192" y="70" width="16" height="60" fill="#fff"/><circle cx="200" cy="150" r="24" fill="#fff"/>'
    '<path d="M176 150 L80 170 L84 186 L180 160Z" fill="#fff"/>'
    '<path d="M224 150 L320 170 L316 186 L220 160Z" fill="#fff"/>'
    '<path d="M200 174 L192 250 L208 250Z" fill="#ffffffcc"/>'
)
_BATTEN = (
    '<rect x="60" y="150" width="280" height="34" rx="17" fill="#fff"/>'
    '<rect x="70" y="194" width="260" height="6" rx="3" fill="#ffffff88"/>'
    '<path d="M110 215 L95 245 M200 215 L200 250 M290 215 L305 245" stroke="#fff" stroke-width="6"/>'
)
_ROUND_PANEL = (
    '<circle cx="200" cy="165" r="80" fill="#fff"/><circle cx="200" cy="165" r="64" fill="none" '
    'stroke="#00000022" stroke-width="6"/>'
)
_BELL_PUSH = (
    '<rect x="150" y="90" width="100" height="160" rx="14" fill="#fff"/>'
    '<circle cx="200" cy="170" r="26" fill="#333"/><circle cx="200" cy="170" r="14" fill="#fff"/>'
)
_TABLE_LAMP = (
    '<path d="M150 90 L250 90 L280 170 L120 170Z" fill="#fff"/>'
    '<rect x="192" y="170" width="16" height="60" fill="#fff"/>'
    '<rect x="150" y="230" width="100" height="16" rx="6" fill="#fff"/>'
)
_SOCKET = (
    '<rect x="130" y="100" width="140" height="140" rx="18" fill="#fff"/>'
    '<circle cx="175" cy="150" r="11" fill="#333"/><circle cx="225" cy="150" r="11" fill="#333"/>'
    '<circle cx="200" cy="195" r="13" fill="#333"/>'
)
_SCREWS = "".join(
    f'<rect x="{x}" y="120" width="16" height="90" rx="4" fill="#fff"/><rect x="{x - 10}" y="110" width="36" '
    f'height="14" rx="4" fill="#fff"/>'
    for x in (130, 192, 254)
)

# One simple pictogram a picture key (a category's slug, or an item's own), in the box around (200, 170).
_SHAPES = {
    "pvc-conduit-pipes": '<rect x="90" y="150" width="220" height="40" rx="20" fill="#fff"/>'
    '<rect x="90" y="150" width="40" height="40" rx="8" fill="#ffffffaa"/>',
    "socket-switchgear": _SOCKET,
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
    "fans": _CEILING_FAN,
    "ceiling-fan": _CEILING_FAN,
    "wall-fan": '<circle cx="200" cy="140" r="70" fill="none" stroke="#fff" stroke-width="10"/>'
    '<circle cx="200" cy="140" r="14" fill="#fff"/><path d="M200 126 L186 80 L214 80Z M212 148 L258 160 L244 184Z '
    'M188 148 L156 184 L142 160Z" fill="#fff"/><rect x="190" y="210" width="20" height="40" fill="#fff"/>',
    "exhaust-fan": '<rect x="110" y="80" width="180" height="180" rx="12" fill="#fff"/>'
    '<circle cx="200" cy="170" r="66" fill="#333"/><path d="M200 170 L170 118 L214 112Z M200 170 L262 170 L240 206Z '
    'M200 170 L160 214 L140 180Z" fill="#fff"/>',
    "led-battens-panels": _BATTEN,
    "batten": _BATTEN,
    "panel": _ROUND_PANEL,
    "square-panel": '<rect x="120" y="85" width="160" height="160" rx="10" fill="#fff"/>'
    '<rect x="136" y="101" width="128" height="128" rx="4" fill="none" stroke="#00000022" stroke-width="6"/>',
    "strip": '<path d="M80 210 C140 110 180 250 240 150 S320 120 330 130" fill="none" stroke="#fff" stroke-width="18" '
    'stroke-linecap="round"/>',
    "flood": '<rect x="120" y="100" width="160" height="110" rx="10" fill="#fff"/>'
    '<rect x="136" y="114" width="128" height="82" rx="4" fill="#ffe9a8"/><rect x="190" y="210" width="20" height="40" '
    'fill="#fff"/><rect x="160" y="245" width="80" height="12" rx="4" fill="#fff"/>',
    "tube": '<rect x="60" y="155" width="280" height="26" rx="13" fill="#fff"/>'
    '<rect x="50" y="150" width="16" height="36" rx="3" fill="#ffffffbb"/><rect x="334" y="150" width="16" height="36" '
    'rx="3" fill="#ffffffbb"/>',
    "cfl": '<path d="M170 80 L170 200 M190 80 L190 200 M210 80 L210 200 M230 80 L230 200" stroke="#fff" '
    'stroke-width="14" stroke-linecap="round"/><rect x="160" y="200" width="80" height="44" rx="8" fill="#fff"/>',
    "table-lamp": _TABLE_LAMP,
    "emergency-lamp": '<rect x="90" y="120" width="220" height="100" rx="16" fill="#fff"/>'
    '<rect x="110" y="136" width="120" height="68" rx="6" fill="#ffe9a8"/>'
    '<circle cx="268" cy="170" r="16" fill="#333"/>'
    '<rect x="150" y="96" width="100" height="20" rx="8" fill="#fff"/>',
    "lamp-holder": '<rect x="192" y="70" width="16" height="70" fill="#fff"/>'
    '<path d="M165 140 L235 140 L225 230 L175 230Z" fill="#fff"/>',
    "bell-push": _BELL_PUSH,
    "door-phone": '<rect x="100" y="80" width="200" height="180" rx="14" fill="#fff"/>'
    '<rect x="118" y="98" width="120" height="90" rx="6" fill="#333"/><circle cx="270" cy="130" r="12" fill="#333"/>'
    '<rect x="118" y="210" width="164" height="30" rx="8" fill="#ddd"/><rect x="60" y="110" width="30" height="120" '
    'rx="12" fill="#fff"/>',
    "door-camera": '<rect x="150" y="70" width="100" height="200" rx="40" fill="#fff"/>'
    '<circle cx="200" cy="125" r="26" fill="#333"/><circle cx="200" cy="125" r="10" fill="#5aa0ff"/>'
    '<circle cx="200" cy="215" r="22" fill="none" stroke="#333" stroke-width="6"/>',
    "transformer": '<rect x="120" y="110" width="160" height="120" rx="10" fill="#fff"/>'
    '<path d="M150 140 h100 M150 170 h100 M150 200 h100" stroke="#333" stroke-width="8"/>',
    "junction-box": '<circle cx="200" cy="170" r="70" fill="#fff"/><rect x="80" y="158" width="50" height="24" '
    'fill="#fff"/><rect x="270" y="158" width="50" height="24" fill="#fff"/><circle cx="200" cy="170" r="40" '
    'fill="none" stroke="#333" stroke-width="6"/>',
    "usb-socket": '<rect x="130" y="100" width="140" height="140" rx="18" fill="#fff"/>'
    '<rect x="160" y="150" width="30" height="14" rx="2" fill="#333"/><rect x="210" y="150" width="30" height="14" '
    'rx="2" fill="#333"/>',
    "data-socket": '<rect x="130" y="100" width="140" height="140" rx="18" fill="#fff"/>'
    '<path d="M172 140 h56 v40 h-12 v12 h-32 v-12 h-12Z" fill="#333"/>',
    "regulator": '<rect x="130" y="100" width="140" height="140" rx="18" fill="#fff"/>'
    '<circle cx="200" cy="170" r="40" fill="#333"/><rect x="195" y="132" width="10" height="30" rx="4" fill="#fff"/>',
    "distribution-board": '<rect x="100" y="90" width="200" height="160" rx="10" fill="#fff"/>'
    + "".join(f'<rect x="{x}" y="140" width="16" height="50" rx="3" fill="#333"/>' for x in range(122, 280, 20)),
    "cable-tray": '<path d="M70 140 L330 140 L330 200 L70 200Z" fill="none" stroke="#fff" stroke-width="12"/>'
    + "".join(f'<circle cx="{x}" cy="185" r="6" fill="#fff"/>' for x in range(100, 320, 30)),
    "screws": _SCREWS,
}


def product_svg(product: Product) -> str:
    colour = _CATEGORY_COLOUR.get(product.category, "#4b5563")
    shape = _SHAPES.get(product.picture) or _SHAPES.get(product.category, "")
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
