"""What callers read of an upstream's answer, whichever client carried the call.

Upstreams reached over HTTP without OAuth are called over `connections.ConnectionPool`; the
others (Authlib's OAuth client, the in-process mocks, tests that mock httpx) over httpx. Both
answers have a status, headers and the whole body.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Protocol


class UpstreamAnswer(Protocol):
    @property
    def status_code(self) -> int: ...
    @property
    def content(self) -> bytes: ...
    @property
    def headers(self) -> Mapping[str, str]: ...
