"""The lending port (gateway/upstreams/lenders/): LENDERS chooses the adapter, every adapter has
every operation the route groups call, and an unknown kind stops the start-up in plain words."""

from __future__ import annotations

from collections.abc import Callable

import httpx
import msgspec
import pytest

from gateway.plumbing.clock import SystemClock
from gateway.settings import Settings, UnsafeSettings
from gateway.upstreams.http import UpstreamHttp
from gateway.upstreams.lenders import Lender, build_lender
from gateway.upstreams.lenders.native import NativeLender


def upstreams() -> dict[str, UpstreamHttp]:
    client = httpx.AsyncClient(base_url="http://lending.test/")
    return {"lending": UpstreamHttp("lending", client)}


def test_the_default_deployment_is_our_own_lending_contract(make_settings: Callable[..., Settings]) -> None:
    lender = build_lender(make_settings(), upstreams(), SystemClock())
    assert isinstance(lender, NativeLender)
    assert isinstance(lender, Lender)  # every operation of the port, by name


def test_an_unknown_lender_kind_is_refused_naming_the_known_ones(make_settings: Callable[..., Settings]) -> None:
    with pytest.raises(ValueError, match="LENDERS must list adapter kinds among native"):
        build_lender(make_settings(lenders="acme"), upstreams(), SystemClock())


def test_a_fineract_lenders_companion_is_an_upstream_unless_switched_off(
    make_settings: Callable[..., Settings],
) -> None:
    assert "fineract_companion" in make_settings(lenders="native,fineract").upstream_names
    assert "fineract_companion" not in make_settings(lenders="native").upstream_names
    off = make_settings(lenders="native,fineract", fineract_companion=False)
    assert "fineract_companion" not in off.upstream_names and "fineract" in off.upstream_names
    assert Settings.from_env({"LENDERS": "native,fineract", "FINERACT_COMPANION": "false"}).fineract_companion is False


def test_production_refuses_the_mock_companions_published_key(make_settings: Callable[..., Settings]) -> None:
    production = make_settings(
        environment="production",
        lenders="native,fineract",
        lending_partner_key="issued",
        operations_key="issued",
        fineract_password="issued",
        payments_client_secret="issued",
    )
    with pytest.raises(UnsafeSettings, match="set FINERACT_COMPANION_KEY"):
        production.refuse_unsafe()
    msgspec.structs.replace(production, fineract_companion_key="issued").refuse_unsafe()
    msgspec.structs.replace(production, fineract_companion=False).refuse_unsafe()
