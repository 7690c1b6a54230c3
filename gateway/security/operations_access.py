"""Who may read the operations endpoints (`/metrics`): configured networks, or a scraper's token.

`METRICS_ALLOWED_NETWORKS` lists the networks (addresses or networks, comma-separated; the client
address is the one `TRUSTED_PROXIES` resolves, so a load balancer's `X-Forwarded-For` counts
only from a trusted peer). Unset, development allows everyone, and every other environment
(`test`, production: anything shared) loopback only, a scraper beside the process. A request
with `Authorization: Bearer <METRICS_TOKEN>` is let in from anywhere (a Prometheus elsewhere in
the cluster). Anyone else gets the plain 404 of a path that does not exist, so the endpoint is not
even shown to be there (docs/decisions/deployment-environments.md).
"""

from __future__ import annotations

import hmac
import ipaddress
from typing import Any

from litestar.connection import ASGIConnection
from litestar.exceptions import NotFoundException
from litestar.handlers.base import BaseRouteHandler
from litestar.types import Guard

from gateway.security.client_address import ClientAddresses, Network, parse_networks
from gateway.settings import Settings

LOOPBACK = "127.0.0.0/8, ::1"


def metrics_networks(settings: Settings) -> tuple[Network, ...] | None:
    """The networks allowed to scrape, or None for everyone."""
    if settings.metrics_allowed_networks:
        return parse_networks(settings.metrics_allowed_networks)
    return None if settings.environment == "development" else parse_networks(LOOPBACK)


def networks_only(allowed: tuple[Network, ...] | None, addresses: ClientAddresses, token: str = "") -> Guard:
    bearer = f"Bearer {token}".encode() if token else None

    def guard(connection: ASGIConnection[Any, Any, Any, Any], _: BaseRouteHandler) -> None:
        if allowed is None:
            return
        given = connection.headers.get("authorization")
        if bearer is not None and given and hmac.compare_digest(given.encode(), bearer):
            return
        try:
            client = ipaddress.ip_address(addresses.of(connection))
        except ValueError:
            raise NotFoundException() from None
        if not any(client in network for network in allowed):
            raise NotFoundException()

    return guard
