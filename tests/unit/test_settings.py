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
