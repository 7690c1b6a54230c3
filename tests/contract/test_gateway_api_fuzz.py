"""Schemathesis over the gateway's own API (contracts/gateway.openapi.json), every route group:
whatever a client sends that the schema allows, or nearly allows, never gets a server error."""

from __future__ import annotations

import json
import os

import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis.checks import not_a_server_error

from gateway.settings import ROOT
from tests.conftest import GatewayClient

schema = schemathesis.openapi.from_dict(json.loads((ROOT / "contracts" / "gateway.openapi.json").read_text())).include(
    path_regex=r"^/api/"
)


@schema.parametrize()
# FUZZ_EXAMPLES raises the count for a longer run by hand (RELIABILITY.md); 30 keeps `make test` short.
@settings(
    max_examples=int(os.environ.get("FUZZ_EXAMPLES", "30")), deadline=None, suppress_health_check=list(HealthCheck)
)
def test_the_api_never_answers_a_server_error(case: schemathesis.Case, client: GatewayClient) -> None:
    # The XSRF header rides along so unsafe calls reach the handlers instead of stopping at 403.
    kwargs = case.as_transport_kwargs(base_url=str(client.base_url).rstrip("/"), headers=client.xsrf())
    if not kwargs.get("cookies"):
        kwargs.pop("cookies", None)  # per-request cookies are deprecated in httpx; the client keeps its own
    # Header values outside ASCII (e.g. a generated Idempotency-Key) go as UTF-8 bytes, as a raw
    # client would send them; httpx refuses such a str before it reaches the gateway.
    kwargs["headers"] = {
        name: value.encode() if isinstance(value, str) and not value.isascii() else value
        for name, value in (kwargs.get("headers") or {}).items()
    }
    if isinstance(kwargs.get("data"), bytes | str):
        kwargs["content"] = kwargs.pop("data")  # raw bodies go as content= in current httpx
    response = client.request(**kwargs)
    case.validate_response(response, checks=[not_a_server_error])
