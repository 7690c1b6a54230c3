"""The `{statusCode, message, data}` envelope every upstream answers with."""

from __future__ import annotations

from typing import Generic, TypeVar

import msgspec

D = TypeVar("D")


class Envelope(msgspec.Struct, Generic[D], rename="camel", kw_only=True):
    status_code: int | None = None
    message: str | None = None
    data: D | None = None
    access_token: str | None = None  # verifyOtp answers carry the token beside the envelope

    @property
    def ok(self) -> bool:
        return self.status_code == 200
