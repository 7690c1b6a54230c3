from decimal import Decimal
from pathlib import Path

import msgspec
import pytest

from gateway.app import create_app
from gateway.settings import Settings


def test_settings_come_from_upper_case_environment_variables() -> None:
    settings = Settings.from_env(
        {
            "PORT": "9000",
            "PRODUCT_NAME": "Bijli Udhaar",
            "REDIS_URL": "redis://127.0.0.1:6379/3",
            "OTP_RESEND_SECONDS": "30",
            "LOG_JSON": "false",
        }
    )
    assert settings.port == 9000
    assert settings.public_url == "http://127.0.0.1:9000"
    assert settings.product_name == "Bijli Udhaar"
    assert settings.product_slug == "BijliUdhaar"
    assert settings.redis_url == "redis://127.0.0.1:6379/3"
    assert settings.otp.resend_seconds == 30
    assert settings.otp.sends_per_number_per_hour == 5
    assert settings.log_json is False


def test_a_missing_secret_gets_a_random_one_per_process() -> None:
    first = Settings.from_env({})
    second = Settings.from_env({})
    assert len(first.secret_key) >= 32
    assert first.secret_key != second.secret_key
    assert Settings.from_env({"SECRET_KEY": "shared"}).secret_key == "shared"


def test_cookies_are_secure_only_over_https() -> None:
    assert not Settings.from_env({}).secure_cookies
    assert Settings.from_env({"PUBLIC_URL": "https://app.example"}).secure_cookies


def test_the_daily_cash_limit_is_50000_and_the_gateway_refuses_to_start_at_2_lakh_or_more() -> None:
    assert Settings.from_env({}).cod_daily_limit == Decimal("50000")
    assert Settings.from_env({"COD_DAILY_LIMIT": "199999.99"}).cod_daily_limit == Decimal("199999.99")
    for unlawful in ("200000", "200000.00", "988000", "2e5", "0"):
        with pytest.raises(msgspec.ValidationError, match="COD_DAILY_LIMIT must be above 0 and below 200000"):
            Settings.from_env({"COD_DAILY_LIMIT": unlawful})
    with pytest.raises(ValueError, match="COD_DAILY_LIMIT"):
        create_app(Settings(cod_daily_limit=Decimal("200000")))


def test_a_setting_may_come_from_the_file_its_name_file_names(tmp_path: Path) -> None:
    """A mounted secret (compose's `secrets` volume, a Kubernetes Secret as files)."""
    (tmp_path / "secret_key").write_text("made-for-this-deployment\n")
    from_file = Settings.from_env({"SECRET_KEY_FILE": str(tmp_path / "secret_key")})
    assert from_file.secret_key == "made-for-this-deployment"
    # The variable itself wins over its file.
    given = Settings.from_env({"SECRET_KEY": "given", "SECRET_KEY_FILE": str(tmp_path / "secret_key")})
    assert given.secret_key == "given"
