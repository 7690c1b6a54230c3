"""Each product's picture as raster files, in several widths and in AVIF and WebP, made from its
SVG (media.py): what a real catalogue's product photos would be, so a phone on Save-Data or a
slow link can be given a small one (docs/decisions/light-pictures.md).

A file is made when first asked for and kept in memory (bounded); its address carries a digest
of the drawing it is made from, so the bytes at an address never change and are sent immutable.
It is kept on disk too, in the system's temporary directory, under a digest of everything its
bytes depend on (the drawing, the size and format, the encoders' versions and settings, the
fonts): every mocks process a test run or a `make run` starts draws the same pictures, and each
took a few tens of milliseconds of CPU to draw again (docs/decisions/test-time.md).
"""

from __future__ import annotations

import hashlib
import io
import os
import re
import tempfile
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import PIL
import resvg_py
from PIL import Image, features

from upstream_mocks.catalogue.media import product_svg
from upstream_mocks.catalogue.seed import Product

WIDTHS = (160, 320, 480)  # CSS pixels of a card on a phone (about 170) at 1x, 2x, and the detail page
HEIGHT_PER_WIDTH = 340 / 400  # the drawing's own shape (media.py's viewBox)
# Smaller than the PNG the drawing renders to; AVIF first, where the browser takes it.
FORMATS = {"avif": ("AVIF", "image/avif"), "webp": ("WEBP", "image/webp")}
QUALITY = 60
AVIF_SPEED = 8  # libavif's encoder: 8 of 10 is a few tens of milliseconds a picture here
_FONTS = Path(__file__).resolve().parents[1] / "fonts"
_NAME = re.compile(r"^(\d+)-(\d+)\.([0-9a-f]{10})\.(avif|webp)$")


@dataclass(frozen=True)
class PictureFile:
    product_id: int
    width: int
    version: str
    ext: str


def version(product: Product) -> str:
    """The digest of the drawing the files are made from: a changed drawing gets new addresses."""
    return hashlib.sha256(product_svg(product).encode()).hexdigest()[:10]


def variants(product: Product, media: str) -> list[dict[str, object]]:
    """The catalogue's `images` for `product`: every width in every format, smallest first."""
    tag = version(product)
    return [
        {"width": width, "type": mime, "url": f"{media}/products/{product.id}-{width}.{tag}.{ext}"}
        for ext, (_, mime) in FORMATS.items()
        for width in WIDTHS
    ]


def parse_name(name: str) -> PictureFile | None:
    """'12-320.0a1b2c3d4e.webp' as the file it names, or None for any other name."""
    match = _NAME.match(name)
    if match is None or int(match.group(2)) not in WIDTHS:
        return None
    return PictureFile(int(match.group(1)), int(match.group(2)), match.group(3), match.group(4))


def media_type(ext: str) -> str:
    return FORMATS[ext][1]


def raster(product: Product, width: int, ext: str) -> bytes:
    """The picture of `product` `width` pixels wide, encoded as `ext` (a few KB)."""
    return _raster(product_svg(product), width, ext)


@lru_cache(maxsize=1)
def _drawn_by() -> str:
    """What else a file's bytes depend on: the encoders' versions and settings, and the fonts."""
    fonts = hashlib.sha256()
    for font in sorted(_FONTS.glob("*.ttf")):
        fonts.update(font.read_bytes())
    versions = (resvg_py.__version__, PIL.__version__, features.version("avif"), features.version("webp"))
    return f"{versions}|{QUALITY}|{AVIF_SPEED}|{fonts.hexdigest()}"


def _kept_at(svg: str, width: int, ext: str) -> Path:
    digest = hashlib.sha256(f"{_drawn_by()}|{width}|{ext}|{svg}".encode()).hexdigest()
    return Path(tempfile.gettempdir()) / f"upstream-mocks-pictures-{os.getuid()}" / f"{digest}.{ext}"


def _ours(folder: Path) -> bool:
    """The folder is this user's alone: nobody else could have put a picture in it."""
    try:
        found = folder.stat()
    except OSError:
        return False
    return found.st_uid == os.getuid() and not found.st_mode & 0o077


@lru_cache(maxsize=1024)
def _raster(svg: str, width: int, ext: str) -> bytes:
    kept = _kept_at(svg, width, ext)
    if _ours(kept.parent):
        try:
            return kept.read_bytes()
        except OSError:
            pass
    drawn = _draw(svg, width, ext)
    try:  # whole or not at all: another process may read it the moment it is there
        kept.parent.mkdir(mode=0o700, exist_ok=True)
        if not _ours(kept.parent):
            return drawn
        partial = kept.with_name(f"{kept.name}.{os.getpid()}")
        partial.write_bytes(drawn)
        os.replace(partial, kept)
    except OSError:  # a full or read-only disk: drawn again next time, as before
        pass
    return drawn


def _draw(svg: str, width: int, ext: str) -> bytes:
    png = resvg_py.svg_to_bytes(
        svg_string=svg,
        width=width,
        height=round(width * HEIGHT_PER_WIDTH),
        skip_system_fonts=True,  # the same letters on every machine: the fonts the mocks ship
        font_dirs=[str(_FONTS)],
        sans_serif_family="Noto Sans",
    )
    image = Image.open(io.BytesIO(bytes(png))).convert("RGB")
    out = io.BytesIO()
    pil_format = FORMATS[ext][0]
    options = {"speed": AVIF_SPEED} if ext == "avif" else {"method": 4}
    image.save(out, pil_format, quality=QUALITY, **options)
    return out.getvalue()
