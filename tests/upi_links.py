"""What a payer's UPI app reads: a `upi://pay` link's fields, and the link a QR code carries."""

from __future__ import annotations

import base64
import io
from urllib.parse import parse_qs, urlsplit

import zxingcpp
from PIL import Image


def link_fields(link: str) -> dict[str, str]:
    """pa (payee), pn (payee name), am (amount), cu, tr (reference), tn (note)."""
    return {k: v[0] for k, v in parse_qs(urlsplit(link).query).items()}


def qr_text(data_url: str) -> str:
    """The one code in a PNG data URL, read as a phone's camera would."""
    head, _, encoded = data_url.partition(",")
    assert head == "data:image/png;base64", head
    found = zxingcpp.read_barcodes(Image.open(io.BytesIO(base64.b64decode(encoded))))
    assert len(found) == 1
    return str(found[0].text)
