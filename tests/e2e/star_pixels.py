"""What a star rating shows, read off its pixels: how much of each of its five stars is gold."""

from __future__ import annotations

import io

from PIL import Image
from playwright.sync_api import Locator

GOLD = (0xB2, 0x6B, 0x00)
GREY = (0xD6, 0xD9, 0xE6)
STAR, STEP = 16, 18  # css px: each star's box, and from one star to the next


def _near(pixel: tuple[int, ...], colour: tuple[int, int, int]) -> bool:
    return all(abs(a - b) <= 24 for a, b in zip(pixel[:3], colour, strict=True))


def star_fills(rating: Locator) -> list[float]:
    """Each star's gold share of its coloured pixels (1 full, 0.5 half, 0 empty). Fails unless
    each star colours about a fifth of its box (its shape; a strip would colour all of it)."""
    image = Image.open(io.BytesIO(rating.screenshot())).convert("RGB")
    scale = image.width / (4 * STEP + STAR)
    fills = []
    for star in range(5):
        left = round(star * STEP * scale)
        box = [image.getpixel((x, y)) for x in range(left, left + round(STAR * scale)) for y in range(image.height)]
        gold = sum(1 for p in box if _near(p, GOLD))
        grey = sum(1 for p in box if _near(p, GREY))
        shaped = (gold + grey) / len(box)
        assert 0.1 < shaped < 0.5, f"star {star + 1} covers {shaped:.0%} of its box: not a star's shape"
        fills.append(gold / (gold + grey))
    return fills


def shown_stars(rating: Locator) -> float:
    """The rating the stars show, to the half."""
    return sum(round(fill * 2) / 2 for fill in star_fills(rating))
