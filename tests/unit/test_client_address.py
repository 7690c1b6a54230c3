"""The client address behind trusted proxies: X-Forwarded-For read right to left, only from them."""

from __future__ import annotations

import pytest

from gateway.security.client_address import ClientAddresses, parse_networks

LB = ClientAddresses(parse_networks("10.0.0.0/24, 192.168.7.7"))


def test_without_trusted_proxies_the_header_is_ignored() -> None:
    assert ClientAddresses(()).resolve("203.0.113.9", ["198.51.100.1"]) == "203.0.113.9"


def test_a_header_from_an_untrusted_peer_changes_nothing() -> None:
    assert LB.resolve("203.0.113.9", ["198.51.100.1"]) == "203.0.113.9"


@pytest.mark.parametrize(
    ("headers", "client"),
    [
        (["198.51.100.1"], "198.51.100.1"),
        # what the client wrote itself sits to the left of what the load balancer appended
        (["6.6.6.6, 198.51.100.1"], "198.51.100.1"),
        (["6.6.6.6", "198.51.100.1"], "198.51.100.1"),
        # two trusted hops: the first untrusted address from the right
        (["198.51.100.1, 192.168.7.7"], "198.51.100.1"),
        (["not-an-address, 10.0.0.9"], "10.0.0.9"),
        ([], "10.0.0.2"),
    ],
)
def test_through_a_trusted_proxy_the_forwarded_client_counts(headers: list[str], client: str) -> None:
    assert LB.resolve("10.0.0.2", headers) == client


def test_a_bad_setting_stops_start_up() -> None:
    with pytest.raises(ValueError):
        parse_networks("10.0.0.0/33")
