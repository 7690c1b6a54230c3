"""The client's address for per-client limits: the peer, or what trusted proxies say it is.

X-Forwarded-For is read only when the peer is one of TRUSTED_PROXIES (the load balancer's
addresses or networks), and then right to left: each trusted hop appended the address it was
talking to, so the first address that is not a trusted proxy is the real client. Whatever a client
writes into the header itself sits to the left of that and is never read. Without the setting the
header is ignored and the peer address is the client.
"""

from __future__ import annotations

import ipaddress
from collections.abc import Iterable

from litestar.connection import ASGIConnection

Network = ipaddress.IPv4Network | ipaddress.IPv6Network
UNKNOWN = "unknown"


def parse_networks(spec: str) -> tuple[Network, ...]:
    """'10.0.0.0/8, 192.168.1.10' -> networks; a bad entry raises ValueError at start-up."""
    return tuple(ipaddress.ip_network(part.strip(), strict=False) for part in spec.split(",") if part.strip())


class ClientAddresses:
    def __init__(self, trusted: Iterable[Network]) -> None:
        self.trusted = tuple(trusted)

    def _is_trusted(self, address: str) -> bool:
        try:
            ip = ipaddress.ip_address(address)
        except ValueError:
            return False
        return any(ip in network for network in self.trusted)

    def resolve(self, peer: str | None, forwarded_for: list[str]) -> str:
        """The client address given the TCP peer and every X-Forwarded-For header, in order."""
        client = peer or UNKNOWN
        if not self.trusted or not self._is_trusted(client):
            return client
        hops = [hop.strip() for header in forwarded_for for hop in header.split(",")]
        for hop in reversed(hops):
            try:
                ipaddress.ip_address(hop)
            except ValueError:
                # A trusted proxy always writes an address; anything else was written by the client.
                return client
            if not self._is_trusted(hop):
                return hop
            client = hop
        return client

    def of(self, connection: ASGIConnection) -> str:  # type: ignore[type-arg]
        peer = connection.client.host if connection.client else None
        return self.resolve(peer, connection.headers.getall("x-forwarded-for", []))
