"""Malformed requests get a 4xx with the JSON error shape, never a 500."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gateway.settings import Settings
from tests.conftest import GatewayClient
from tests.integration.test_store_api import log_in


def assert_error(answer: Any, status: int, code: str) -> None:
    assert answer.status_code == status, answer.text
    body = answer.json()
    assert body["error"]["code"] == code
    assert body["error"]["message"]


JSON = {"content-type": "application/json"}


@pytest.mark.parametrize(
    ("body", "status", "code"),
    [
        (b'{"mobileNumber":' + b"[" * 5000 + b"]" * 5000 + b"}", 400, "invalid_body"),  # deeply nested
        (b'{"mobileNumber":"\xff\xfe98765"}', 400, "invalid_body"),  # not UTF-8
        (b'{"mobileNumber":', 400, "http_error"),  # cut short
        (b'{"mobileNumber":"98765\x0043210"}', 400, "http_error"),  # a raw NUL inside a string
        (b'{"mobileNumber":"8999900001\\n"}', 400, "invalid_request"),  # only the whole string counts
        (b'{"mobileNumber":9876543210}', 422, "invalid_type"),  # a number where a string belongs
    ],
)
def test_a_malformed_body_is_a_4xx(client: GatewayClient, body: bytes, status: int, code: str) -> None:
    assert_error(client.post("/api/portal/otp", content=body, headers={**client.xsrf(), **JSON}), status, code)


def test_a_string_where_a_number_belongs_is_a_422(client: GatewayClient) -> None:
    log_in(client)
    answer = client.put("/api/store/cart/items/1", json={"quantity": "three"}, headers=client.xsrf())
    assert_error(answer, 422, "invalid_type")
    assert answer.json()["error"]["field"] == "quantity"
    assert_error(client.get("/api/store/products", params={"page": "two"}), 422, "invalid_type")


@pytest.mark.parametrize("content_type", ["text/plain", "application/x-www-form-urlencoded", ""])
def test_a_body_that_is_not_json_is_a_415(client: GatewayClient, content_type: str) -> None:
    headers = {**client.xsrf(), "content-type": content_type}
    answer = client.post("/api/site/newsletter", content=b'{"email":"a@b.in"}', headers=headers)
    assert_error(answer, 415, "unsupported_media_type")


def test_a_body_over_the_limit_is_a_413(
    make_client: Callable[[Settings], GatewayClient], make_settings: Callable[..., Settings]
) -> None:
    client = make_client(make_settings(max_body_bytes=1024))
    fits = client.post("/api/site/newsletter", json={"email": "a@b.in", "pad": "x" * 900}, headers=client.xsrf())
    assert fits.status_code != 413
    too_big = client.post("/api/site/newsletter", json={"email": "a@b.in", "pad": "x" * 2000}, headers=client.xsrf())
    assert_error(too_big, 413, "payload_too_large")


@pytest.mark.parametrize(
    ("path", "status", "code"),
    [
        ("/assets/app%00.js", 400, "invalid_path"),
        ("/paynow%0a", 400, "invalid_path"),
        ("/api/store/products/%00", 404, "not_found"),  # no route has such a path
        ("/" + "a" * 5000, 414, "uri_too_long"),
        ("/products/" + "b" * 3000 + ".png", 414, "uri_too_long"),
    ],
)
def test_a_bad_path_is_a_4xx(client: GatewayClient, path: str, status: int, code: str) -> None:
    assert_error(client.get(path), status, code)


JSON_ROUTES = [
    ("POST", "/api/portal/otp"),
    ("POST", "/api/portal/otp/verify"),
    ("POST", "/api/portal/payments"),
    ("POST", "/api/store/otp"),
    ("POST", "/api/store/otp/verify"),
    ("POST", "/api/store/native-session"),
    ("PUT", "/api/store/cart/items/1"),
    ("POST", "/api/site/newsletter"),
    ("POST", "/api/site/contact"),
    ("POST", "/api/site/delete-data"),
]
json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=40),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=12), inner, max_size=4),
    max_leaves=12,
)
bodies = st.binary(max_size=200) | json_values.map(lambda v: json.dumps(v).encode())


@pytest.mark.parametrize(("method", "path"), JSON_ROUTES)
@settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))
@given(body=bodies, content_type=st.sampled_from(["application/json", "text/plain", "application/json; charset=utf-8"]))
def test_no_body_gets_a_server_error(
    client: GatewayClient, method: str, path: str, body: bytes, content_type: str
) -> None:
    answer = client.request(method, path, content=body, headers={**client.xsrf(), "content-type": content_type})
    assert answer.status_code < 500, answer.text
    if answer.status_code >= 400:
        assert answer.json()["error"]["message"]
