"""A product's picture sources as the gateway builds them from the catalogue's image variants."""

from __future__ import annotations

from gateway.store.pictures import picture_sources
from gateway.store.schemas import PictureSource
from gateway.upstreams.catalogue import ImageVariant


def test_each_type_is_one_source_best_format_first_widths_smallest_first() -> None:
    variants = [
        ImageVariant(width=480, type="image/webp", url="/p/1-480.webp"),
        ImageVariant(width=160, type="image/webp", url="/p/1-160.webp"),
        ImageVariant(width=320, type="image/avif", url="/p/1-320.avif"),
        ImageVariant(width=160, type="image/avif", url="/p/1-160.avif"),
    ]
    assert picture_sources(variants) == [
        PictureSource(
            type="image/avif", srcset="/p/1-160.avif 160w, /p/1-320.avif 320w", light_srcset="/p/1-160.avif 160w"
        ),
        PictureSource(
            type="image/webp", srcset="/p/1-160.webp 160w, /p/1-480.webp 480w", light_srcset="/p/1-160.webp 160w"
        ),
    ]


def test_no_variants_no_sources_and_an_unknown_type_is_left_out() -> None:
    assert picture_sources([]) == []
    assert picture_sources([ImageVariant(width=100, type="image/gif", url="/p/1.gif")]) == []


def test_a_space_or_comma_in_an_address_does_not_split_the_srcset() -> None:
    (source,) = picture_sources([ImageVariant(width=160, type="image/webp", url="/p/a b,c.webp")])
    assert source.srcset == "/p/a%20b%2Cc.webp 160w"
