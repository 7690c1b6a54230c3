"""The embedded mocks: served until every upstream has a URL, or proxied with MOCKS_URL."""

from __future__ import annotations

from gateway.embedded import embed
from gateway.settings import Settings

URLS = {f"{n}_URL": f"http://upstream/{n}" for n in ("LENDING", "CATALOGUE", "MAIL")}


async def test_mocks_are_served_until_every_upstream_has_a_url() -> None:
    everything = embed(Settings.from_env({}), {})
    assert sorted(everything.clients) == ["catalogue", "lending", "mail"]
    assert [h.paths for h in everything.handlers] == [{"/_mocks"}]

    one_missing = embed(Settings.from_env({k: v for k, v in URLS.items() if k != "MAIL_URL"}), {})
    assert sorted(one_missing.clients) == ["mail"]
    assert len(one_missing.handlers) == 1

    none = embed(Settings.from_env(URLS), {})
    assert none.clients == {} and none.handlers == [] and none.exempt == []


async def test_mocks_url_proxies_the_controls_without_serving_upstreams() -> None:
    proxied = embed(Settings.from_env(URLS), {"MOCKS_URL": "http://127.0.0.1:9100"})
    assert proxied.clients == {}
    assert [h.paths for h in proxied.handlers] == [{"/_mocks"}]
    assert proxied.exempt == ["^/_mocks"]
    await proxied.close()
