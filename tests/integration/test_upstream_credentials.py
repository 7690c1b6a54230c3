"""A real upstream's credentials: the gateway sends them, and the mocks can demand them.

Static headers and OAuth 2.0 client credentials against the mocks as their own process
(`POST /_mocks/auth` makes a mock demand them); mutual TLS against the mocks served over TLS
with client certificates required. Secrets never reach an answer.
"""

from __future__ import annotations

import os
import socket
import ssl
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import trustme

from gateway.settings import Settings
from gateway.upstreams.credentials import OAuthClientCredentials, UpstreamCredentials
from tests.conftest import GatewayClient
from tests.integration.conftest import ROOT
from tests.start_waits import any_answer, wait_until_answering

API_KEY = "mail-key-5f2c9a"
CLIENT_SECRET = "site-secret-81d0"


@pytest.fixture
def mocks(mocks_url: str) -> Iterator[str]:
    httpx.post(f"{mocks_url}/_mocks/reset").raise_for_status()
    yield mocks_url
    httpx.post(f"{mocks_url}/_mocks/reset").raise_for_status()  # drops the demands too


@pytest.fixture
def gateway_with(
    make_client: Callable[[Settings], GatewayClient], make_settings: Callable[..., Settings], mocks: str
) -> Callable[..., GatewayClient]:
    def make(**credentials: UpstreamCredentials) -> GatewayClient:
        urls = {f"{name}_url": f"{mocks}/_mocks/{name}/" for name in ("lending", "catalogue", "mail")}
        return make_client(make_settings(credentials=credentials, **urls))

    return make


def _demand(mocks: str, **requirement: Any) -> None:
    httpx.post(f"{mocks}/_mocks/auth", json=requirement).raise_for_status()


def _subscribe(gateway: GatewayClient) -> httpx.Response:
    return gateway.post("/api/site/newsletter", json={"email": "asha@shop.example"}, headers=gateway.xsrf())


def _mail_statuses(mocks: str) -> list[int]:
    return [e["status"] for e in httpx.get(f"{mocks}/_mocks/journal", params={"mock": "mail"}).json()]


def _tokens(mocks: str) -> list[dict[str, Any]]:
    tokens: list[dict[str, Any]] = httpx.get(f"{mocks}/_mocks/auth/tokens").json()
    return tokens


def test_a_static_api_key_is_sent_and_never_shown(
    mocks: str, gateway_with: Callable[..., GatewayClient], capsys: pytest.CaptureFixture[str]
) -> None:
    _demand(mocks, mock="mail", headers={"X-Api-Key": API_KEY})
    without = _subscribe(gateway_with())
    assert without.status_code >= 500
    assert _mail_statuses(mocks) == [401]

    answer = _subscribe(gateway_with(mail=UpstreamCredentials(headers={"X-Api-Key": API_KEY})))
    assert answer.status_code == 200, answer.text
    assert _mail_statuses(mocks)[1:] == [200, 200]
    assert API_KEY not in answer.text + without.text
    logged = capsys.readouterr()
    assert API_KEY not in logged.out + logged.err


def _oauth(lifetime: int, *, secret: str = CLIENT_SECRET, leeway: int = 0) -> Callable[[str], UpstreamCredentials]:
    def credentials(mocks: str) -> UpstreamCredentials:
        return UpstreamCredentials(
            oauth=OAuthClientCredentials(
                token_url=f"{mocks}/_mocks/oauth/token", client_id="site", client_secret=secret, leeway=leeway
            )
        )

    return credentials


def test_an_oauth_token_is_fetched_once_and_kept(
    mocks: str, gateway_with: Callable[..., GatewayClient], capsys: pytest.CaptureFixture[str]
) -> None:
    _demand(mocks, mock="mail", oauth=True, clientId="site", clientSecret=CLIENT_SECRET, tokenLifetime=3600)
    assert _subscribe(gateway_with()).status_code >= 500  # no token, no mail

    gateway = gateway_with(mail=_oauth(3600)(mocks))
    for _ in range(3):
        answer = _subscribe(gateway)
        assert answer.status_code == 200, answer.text
    assert len(_tokens(mocks)) == 1
    assert _mail_statuses(mocks)[-6:] == [200] * 6
    logged = capsys.readouterr()
    assert CLIENT_SECRET not in logged.out + logged.err + answer.text


def test_an_expired_token_is_refreshed_once_not_per_request(
    mocks: str, gateway_with: Callable[..., GatewayClient]
) -> None:
    _demand(mocks, mock="mail", oauth=True, clientId="site", clientSecret=CLIENT_SECRET, tokenLifetime=2)
    gateway = gateway_with(mail=_oauth(2)(mocks))
    assert _subscribe(gateway).status_code == 200
    assert _subscribe(gateway).status_code == 200
    (first,) = _tokens(mocks)
    # real time: a token's life is real time
    time.sleep(max(0.0, first["expiresAt"] - time.time()) + 0.2)  # until the mock itself refuses the token

    for _ in range(3):
        answer = _subscribe(gateway)
        assert answer.status_code == 200, answer.text
    assert len(_tokens(mocks)) == 2
    assert 401 not in _mail_statuses(mocks)


def test_a_refused_client_is_a_clear_503(mocks: str, gateway_with: Callable[..., GatewayClient]) -> None:
    _demand(mocks, mock="mail", oauth=True, clientId="site", clientSecret=CLIENT_SECRET)
    answer = _subscribe(gateway_with(mail=_oauth(3600, secret="wrong-secret")(mocks)))
    assert answer.status_code == 503
    assert answer.json()["error"]["message"] == "The service is not reachable right now. Please try again later."
    assert "wrong-secret" not in answer.text and _tokens(mocks) == []


def _tls(ca_file: Path, client_file: Path) -> ssl.SSLContext:
    context = ssl.create_default_context(cafile=str(ca_file))
    context.load_cert_chain(str(client_file))
    return context


@pytest.fixture(scope="module")
def tls_mocks(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path, Path, Path]]:
    """The mocks over TLS, demanding a client certificate from the test CA."""
    folder = tmp_path_factory.mktemp("tls")
    ca = trustme.CA()
    ca_file, server_file, client_file = folder / "ca.pem", folder / "server.pem", folder / "client.pem"
    ca.cert_pem.write_to_path(str(ca_file))
    ca.issue_cert("127.0.0.1").private_key_and_cert_chain_pem.write_to_path(str(server_file))
    ca.issue_cert("gateway.voltkhata.internal").private_key_and_cert_chain_pem.write_to_path(str(client_file))
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    env = {
        **os.environ,
        "MOCKS_PORT": str(port),
        "MOCKS_TLS_CERT": str(server_file),
        "MOCKS_TLS_KEY": str(server_file),
        "MOCKS_TLS_CLIENT_CA": str(ca_file),
    }
    process = subprocess.Popen([sys.executable, "-m", "upstream_mocks"], cwd=ROOT, env=env)
    url = f"https://127.0.0.1:{port}"
    with httpx.Client(verify=_tls(ca_file, client_file), timeout=1) as probe:  # one TLS context for every try
        try:
            wait_until_answering(
                f"{url}/_mocks/journal", "the TLS mocks", process=process, ready=any_answer, probe=probe
            )
        except BaseException:
            process.kill()
            raise
    yield url, ca_file, client_file, client_file
    process.terminate()
    process.wait(timeout=10)


def test_mutual_tls_sends_the_client_certificate(
    tls_mocks: tuple[str, Path, Path, Path],
    make_client: Callable[[Settings], GatewayClient],
    make_settings: Callable[..., Settings],
) -> None:
    url, ca_file, cert_file, key_file = tls_mocks
    lending = f"{url}/_mocks/lending/"
    trusted_only = UpstreamCredentials(tls_ca=str(ca_file))
    with_cert = UpstreamCredentials(tls_ca=str(ca_file), tls_cert=str(cert_file), tls_key=str(key_file))

    refused = make_client(make_settings(lending_url=lending, credentials={"lending": trusted_only}))
    answer = refused.post("/api/portal/otp", json={"mobileNumber": "9876543210"}, headers=refused.xsrf())
    assert answer.status_code == 503

    gateway = make_client(make_settings(lending_url=lending, credentials={"lending": with_cert}))
    answer = gateway.post("/api/portal/otp", json={"mobileNumber": "9876543210"}, headers=gateway.xsrf())
    assert answer.status_code == 200, answer.text
    outbox = httpx.get(f"{url}/_mocks/lending/outbox/9876543210", verify=_tls(ca_file, cert_file))
    assert outbox.status_code == 200 and len(outbox.json()["otp"]) == 6


def test_a_borrowers_own_token_is_kept_on_calls_made_for_them(
    mocks: str, gateway_with: Callable[..., GatewayClient]
) -> None:
    _demand(mocks, mock="lending", oauth=True, clientId="site", clientSecret=CLIENT_SECRET)
    gateway = gateway_with(lending=_oauth(3600)(mocks))
    sent = gateway.post("/api/portal/otp", json={"mobileNumber": "9876543210"}, headers=gateway.xsrf())
    assert sent.status_code == 200, sent.text
    code = httpx.get(f"{mocks}/_mocks/lending/outbox/9876543210").json()["otp"]
    verified = gateway.post(
        "/api/portal/otp/verify", json={"mobileNumber": "9876543210", "otp": code}, headers=gateway.xsrf()
    )
    assert verified.status_code == 200, verified.text
    detail = gateway.get("/api/portal/repayment")  # sent with the borrower's token, not the service's
    assert detail.status_code == 200, detail.text
    assert detail.json()["userName"] == "Ramesh Kumar"
    assert len(_tokens(mocks)) == 1
