"""A mobile number hidden where it could leak: log lines and trace spans leave the process."""

from __future__ import annotations

import re

# Ten digits standing alone (an Indian mobile number's length), however they are surrounded.
_MOBILE = re.compile(r"(?<![0-9A-Za-z])(\d{2})\d{6}(\d{2})(?![0-9A-Za-z])")


def mask_mobile(value: str) -> str:
    """'9876543210' -> '98xxxxxx10'; other text unchanged but for embedded numbers."""
    return _MOBILE.sub(lambda m: f"{m.group(1)}xxxxxx{m.group(2)}", value)
