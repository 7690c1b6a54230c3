"""The lending and catalogue services answer `{statusCode, message, data}` envelopes."""

from __future__ import annotations

from typing import Any

import msgspec
from litestar import MediaType, Response

# Decimal amounts go out as JSON numbers with their exact digits ("12450.00"), never via float.
_ENCODER = msgspec.json.Encoder(decimal_format="number")


def json_answer(content: Any, status: int = 200) -> Response[bytes]:
    return Response(_ENCODER.encode(content), status_code=status, media_type=MediaType.JSON)


def envelope(data: Any = None, message: str = "Success", status: int = 200) -> Response[Any]:
    return json_answer({"statusCode": status, "message": message, "data": data}, status)
