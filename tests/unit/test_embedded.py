"""The embedded mocks: served until every upstream has a URL, or proxied with MOCKS_URL."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap

import pytest

from gateway.app import create_app
from gateway.embedded import MocksInProduction, embed
from gateway.settings import Settings, UnsafeSettings
from upstream_mocks.settings import SettingsRefused

URLS = {f"{n}_URL": f"http://upstream/{n}" for n in ("LENDING", "CATALOGUE", "MAIL", "ORDERS", "PAYMENTS", "PAYOUTS")}
# Keys of our own, none the mocks publish: what production needs besides the URLs.
OUR_KEYS = {
    "LENDING_PARTNER_KEY": "ours",
    "OPERATIONS_KEY": "ours",
    "PAYMENTS_CLIENT_SECRET": "ours",
    "LENDING_PAYMENTS_CLIENT_SECRET": "the-lenders",
    "PAYOUTS_CLIENT_SECRET": "ours",
}


async def test_mocks_are_served_until_every_upstream_has_a_url() -> None:
    everything = embed(Settings.from_env({}), {})
    assert sorted(everything.clients) == ["catalogue", "lending", "mail", "orders", "payments", "payouts"]
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


def test_a_gateway_with_every_upstream_url_starts_without_the_mocks_packages() -> None:
    """The production image leaves the `mocks` extra out: nothing may import it then."""
    script = textwrap.dedent(
        """
        import importlib.abc, sys

        class Missing(importlib.abc.MetaPathFinder):
            def find_spec(self, name, path, target=None):
                if name.split(".")[0] in ("upstream_mocks", "openapi_core", "werkzeug"):
                    raise ImportError(name)

        sys.meta_path.insert(0, Missing())
        from gateway.app import create_app

        app = create_app()
        print(sorted(r.path for r in app.routes if r.path.startswith("/_mocks")))
        """
    )
    env = {**os.environ, **URLS, "SECRET_KEY": "test", "LOG_LEVEL": "WARNING"}
    env.pop("MOCKS_URL", None)
    done = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"


@pytest.mark.parametrize(
    ("settings", "environ", "says"),
    [
        (
            {"ENVIRONMENT": "production"},
            {},
            "set LENDING_URL, CATALOGUE_URL, MAIL_URL, ORDERS_URL, PAYMENTS_URL, PAYOUTS_URL",
        ),
        ({"ENVIRONMENT": "production", **{k: v for k, v in URLS.items() if k != "MAIL_URL"}}, {}, "set MAIL_URL"),
        ({"ENVIRONMENT": "production", **URLS}, {"MOCKS_URL": "http://127.0.0.1:9100"}, "unset MOCKS_URL"),
    ],
)
def test_production_refuses_to_start_with_any_mock(
    settings: dict[str, str], environ: dict[str, str], says: str
) -> None:
    with pytest.raises(MocksInProduction, match=says):
        embed(Settings.from_env(settings), environ)


@pytest.mark.parametrize(
    ("gateway", "mocks"),
    [
        ({}, {}),
        ({"PAYMENTS_CLIENT_SECRET": ""}, {}),
        ({"PAYMENTS_CLIENT_SECRET": "mock-secret"}, {}),
        ({"PAYMENTS_CLIENT_SECRET": "ours"}, {"MOCKS_PAYMENTS_CLIENT_SECRET": "mock-secret"}),
    ],
)
def test_a_test_gateway_refuses_its_embedded_mocks_the_published_client_secret(
    gateway: dict[str, str], mocks: dict[str, str]
) -> None:
    """The merchant account's client secret signs every webhook: a published one lets anyone sign."""
    with pytest.raises(SettingsRefused, match=r"set MOCKS_PAYMENTS_CLIENT_SECRET \(a gateway embedding the mocks"):
        embed(Settings.from_env({"ENVIRONMENT": "test", **gateway}), mocks)


def test_the_embedded_mocks_share_the_gateways_merchant_account_unless_told_another() -> None:
    ours = Settings.from_env(
        {
            "ENVIRONMENT": "test",
            "PAYMENTS_CLIENT_ID": "store",
            "PAYMENTS_CLIENT_SECRET": "ours",
            "LENDING_PAYMENTS_CLIENT_ID": "lender",
            "LENDING_PAYMENTS_CLIENT_SECRET": "the-lenders",
            "FINERACT_PAYMENTS_CLIENT_SECRET": "fineracts",
        }
    )
    payouts = {"MOCKS_PAYOUTS_CLIENT_SECRET": "payouts-of-ours"}
    shared = embed(ours, payouts).world.settings
    assert (shared.payments_client_id, shared.payments_client_secret) == ("store", "ours")
    # And each lender's own account, which the lending mock and the Fineract companion collect on.
    assert (shared.lending_payments_client_id, shared.lending_payments_client_secret) == ("lender", "the-lenders")
    assert shared.fineract_payments_client_secret == "fineracts"
    told = embed(ours, {**payouts, "MOCKS_PAYMENTS_CLIENT_SECRET": "theirs"}).world.settings
    assert told.payments_client_secret == "theirs"


@pytest.mark.parametrize(
    "secret", [{}, {"MOCKS_PAYOUTS_CLIENT_SECRET": ""}, {"MOCKS_PAYOUTS_CLIENT_SECRET": "mock-payouts-secret"}]
)
def test_a_test_gateway_refuses_its_embedded_mocks_the_payouts_accounts_published_secret(
    secret: dict[str, str],
) -> None:
    """The payouts account's client secret signs its TRANSFER_* webhooks: refused at its default too."""
    ours = Settings.from_env({"ENVIRONMENT": "test", "PAYMENTS_CLIENT_SECRET": "ours"})
    with pytest.raises(SettingsRefused, match="set MOCKS_PAYOUTS_CLIENT_SECRET"):
        embed(ours, secret)


def test_python_m_gateway_in_test_with_the_default_secret_exits_naming_the_setting() -> None:
    env = {**os.environ, "ENVIRONMENT": "test", "PORT": "0", "LOG_LEVEL": "WARNING"}
    for secret in ("MOCKS_PAYMENTS_CLIENT_SECRET", "PAYMENTS_CLIENT_SECRET"):
        env.pop(secret, None)
    for name in ("MOCKS_URL", *URLS):
        env.pop(name, None)
    done = subprocess.run([sys.executable, "-m", "gateway"], env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode != 0
    assert "PAYMENTS_CLIENT_SECRET" in done.stderr + done.stdout


def test_python_m_upstream_mocks_in_production_with_the_default_secret_exits_naming_the_setting() -> None:
    env = {**os.environ, "MOCKS_ENVIRONMENT": "production", "MOCKS_PORT": "0"}
    env.pop("MOCKS_PAYMENTS_CLIENT_SECRET", None)
    done = subprocess.run(
        [sys.executable, "-m", "upstream_mocks"], env=env, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 2
    assert "set MOCKS_PAYMENTS_CLIENT_SECRET" in done.stderr


async def test_production_with_every_upstream_real_serves_no_mocks() -> None:
    app = create_app(Settings.from_env({"ENVIRONMENT": "production", **OUR_KEYS, **URLS}))
    paths = {route.path for route in app.routes}
    assert not any(path.startswith("/_mocks") for path in paths)


@pytest.mark.parametrize("key", [{}, {"LENDING_PARTNER_KEY": "mock-partner-key"}])
def test_production_refuses_the_published_partner_key(key: dict[str, str]) -> None:
    with pytest.raises(UnsafeSettings, match="set LENDING_PARTNER_KEY"):
        create_app(
            Settings.from_env({"ENVIRONMENT": "production", **URLS, **OUR_KEYS, "LENDING_PARTNER_KEY": "", **key})
        )


@pytest.mark.parametrize(
    ("name", "published"), [("OPERATIONS_KEY", "mock-operations-key"), ("PAYMENTS_CLIENT_SECRET", "mock-secret")]
)
def test_production_refuses_the_published_operations_key_and_provider_secret(name: str, published: str) -> None:
    for value in ("", published):
        with pytest.raises(UnsafeSettings, match=f"set {name}"):
            create_app(Settings.from_env({"ENVIRONMENT": "production", **URLS, **OUR_KEYS, name: value}))


def test_development_says_mocks_are_on(capsys: pytest.CaptureFixture[str]) -> None:
    create_app(Settings.from_env({"LOG_JSON": "true"}))
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines() if line.startswith("{")]
    said = next(line for line in lines if line["event"] == "mocks_on")
    assert said["environment"] == "development" and said["qa_controls"] == "/_mocks"
