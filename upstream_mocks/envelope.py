"""The lending and catalogue services answer `{statusCode, message, data}` envelopes."""

from __future__ import annotations

from typing import Any

from litestar import Response


def envelope(data: Any = None, message: str = "Success", status: int = 200) -> Response[dict[str, Any]]:
    return Response({"statusCode": status, "message": message, "data": data}, status_code=status)
