"""A product's picture as the browser's <picture> sources: the catalogue's raster variants
(width, type, URL) grouped by type, best format first, each as a `srcset` of every width and a
light one of the smallest width alone (for Save-Data or a slow link; docs/decisions/light-pictures.md).

Built here once so the app and the first page in the HTML (store/first_page.py) show the same."""

from __future__ import annotations

import functools
from collections.abc import Sequence

from gateway.store.schemas import PictureSource
from gateway.upstreams.catalogue import ImageVariant

# The browser takes the first source whose type it can show: the smallest files first.
PREFERRED_TYPES = ("image/avif", "image/webp", "image/jpeg", "image/png")


def _candidate(url: str, width: int) -> str:
    # A space or a comma would split a srcset's candidate: written as in any URL.
    return f"{url.replace(' ', '%20').replace(',', '%2C')} {width}w"


def picture_sources(variants: Sequence[ImageVariant]) -> list[PictureSource]:
    """One source a type the browser may know, widths smallest first; none without variants."""
    return list(_sources(variants if isinstance(variants, tuple) else tuple(variants)))


@functools.lru_cache(maxsize=4096)
def _sources(variants: tuple[ImageVariant, ...]) -> tuple[PictureSource, ...]:
    # A pure function of a product's files, which repeat on every list and page: built once each
    # (sorting and joining them was a tenth of an uncached product list's CPU).
    sources = []
    for kind in PREFERRED_TYPES:
        files = sorted((v for v in variants if v.type == kind), key=lambda v: v.width)
        if files:
            sources.append(
                PictureSource(
                    type=kind,
                    srcset=", ".join(_candidate(v.url, v.width) for v in files),
                    light_srcset=_candidate(files[0].url, files[0].width),
                )
            )
    return tuple(sources)
