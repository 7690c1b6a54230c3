"""An upstream's answer as the gateway reads it: its status, its headers and its whole body.

Every caller reads only these (and the body's text for a refusal's words). Over the network the
transport fills it from pyreqwest's answer directly: building httpx's answer object around the
bytes (its header list normalised, a byte stream and a decoder chain made and read once) was a
tenth of an uncached call's CPU (docs/decisions/uncached-call-cpu.md). The other clients (an
OAuth upstream, a traced one, the in-process mocks) answer through httpx, read as this.
"""

from __future__ import annotations

from collections.abc import Mapping

import httpx


class UpstreamAnswer:
    """`headers` look names up in any case (pyreqwest's header map, or httpx's headers)."""

    __slots__ = ("content", "headers", "status_code")

    def __init__(self, status_code: int, headers: Mapping[str, str], content: bytes) -> None:
        self.status_code = status_code
        self.headers = headers
        self.content = content

    @classmethod
    def of(cls, response: httpx.Response) -> UpstreamAnswer:
        """httpx's answer, read whole (its Content-Encoding already undone)."""
        return cls(response.status_code, response.headers, response.content)

    @property
    def text(self) -> str:
        """The body as text: JSON's own encoding, UTF-8; a stray byte never raises."""
        return self.content.decode("utf-8", errors="replace")

    def __repr__(self) -> str:
        return f"<UpstreamAnswer [{self.status_code}] {len(self.content)} bytes>"
