"""Reading a real upstream's credentials from the environment (or mounted files)."""

from __future__ import annotations

from pathlib import Path

import pytest

from gateway.settings import Settings
from gateway.upstreams.credentials import (
    CredentialsError,
    OAuthClientCredentials,
    UpstreamCredentials,
    credentials_from_env,
)


def test_each_kind_is_read_per_upstream(tmp_path: Path) -> None:
    secret = tmp_path / "mail-secret"
    secret.write_text("s3cret-from-a-file\n")
    env = {
        "LENDING_HEADERS": '{"X-Api-Key": "lend-key"}',
        "LENDING_TLS_CERT": "/certs/gateway.pem",
        "LENDING_TLS_KEY": "/certs/gateway.key",
        "LENDING_TLS_CA": "/certs/lender-ca.pem",
        "MAIL_OAUTH_TOKEN_URL": "https://auth.mail.example/token",
        "MAIL_OAUTH_CLIENT_ID": "site",
        "MAIL_OAUTH_CLIENT_SECRET_FILE": str(secret),
        "MAIL_OAUTH_SCOPE": "mail.send",
    }
    assert credentials_from_env(env, ["lending", "catalogue", "mail"]) == {
        "lending": UpstreamCredentials(
            headers={"X-Api-Key": "lend-key"},
            tls_cert="/certs/gateway.pem",
            tls_key="/certs/gateway.key",
            tls_ca="/certs/lender-ca.pem",
        ),
        "mail": UpstreamCredentials(
            oauth=OAuthClientCredentials(
                token_url="https://auth.mail.example/token",
                client_id="site",
                client_secret="s3cret-from-a-file",
                scope="mail.send",
            )
        ),
    }


def test_settings_carry_them_without_showing_a_secret() -> None:
    settings = Settings.from_env(
        {
            "CATALOGUE_HEADERS": '{"X-Api-Key": "cat-key-77"}',
            "MAIL_OAUTH_TOKEN_URL": "https://auth.mail.example/token",
            "MAIL_OAUTH_CLIENT_ID": "site",
            "MAIL_OAUTH_CLIENT_SECRET": "mail-secret-99",
        }
    )
    assert settings.credentials["catalogue"].headers == {"X-Api-Key": "cat-key-77"}
    shown = repr(settings) + str(settings.credentials)
    assert "cat-key-77" not in shown and "mail-secret-99" not in shown
    assert "X-Api-Key" in shown


@pytest.mark.parametrize(
    ("env", "named"),
    [
        ({"MAIL_HEADERS": "X-Api-Key: k"}, "MAIL_HEADERS"),
        ({"MAIL_OAUTH_TOKEN_URL": "https://auth.example/token"}, "MAIL_OAUTH_CLIENT_ID"),
        ({"LENDING_TLS_CERT": "/c.pem"}, "LENDING_TLS_KEY"),
        ({"MAIL_HEADERS_FILE": "/nonexistent/headers.json"}, "MAIL_HEADERS_FILE"),
    ],
)
def test_a_bad_setting_names_the_variable_not_the_value(env: dict[str, str], named: str) -> None:
    with pytest.raises(CredentialsError, match=named):
        credentials_from_env(env, ["lending", "mail"])
