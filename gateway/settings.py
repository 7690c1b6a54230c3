"""Settings, read only from the environment into one typed struct.

The session store is in memory unless REDIS_URL is set.
"""

from __future__ import annotations

import os
import secrets
from collections.abc import Mapping
from decimal import Decimal
from pathlib import Path
from typing import Annotated, Literal

import msgspec

from gateway.upstreams.credentials import UpstreamCredentials, credentials_from_env

ROOT = Path(__file__).resolve().parent.parent

CheckoutAdapter = Literal["mock", "cashfree"]
CheckoutMode = Literal["sandbox", "production"]
UPSTREAMS = ("lending", "catalogue", "mail", "orders")
COD_LEGAL_CEILING = Decimal("200000")  # Income-tax Act s.269ST: cash of Rs. 2 lakh or more a day


DEFAULT_LENDING_PARTNER_KEY = "mock-partner-key"


class UnsafeSettings(RuntimeError):
    """A setting the gateway must not start with in production; the message names it."""


class OtpLimits(msgspec.Struct, frozen=True, kw_only=True):
    """Abuse limits on one-time codes, enforced by the gateway whatever the upstream does."""

    resend_seconds: int = 60
    sends_per_number_per_hour: int = 5
    sends_per_client_per_hour: int = 30
    verify_attempts_per_code: int = 5
    code_lifetime_seconds: int = 10 * 60  # a code older than this is refused, whatever the upstream says


class Settings(msgspec.Struct, frozen=True, kw_only=True):
    # Served address
    host: str = "127.0.0.1"
    port: int = 8000
    public_url: str = "http://127.0.0.1:8000"
    environment: Literal["development", "production", "test"] = "development"
    log_json: bool | None = None  # None: JSON when stdout is not a terminal
    log_level: str = "INFO"
    # Processes serving the port, one per core at most; more than one needs Redis and every
    # upstream's URL (gateway/serving/workers.py).
    workers: Annotated[int, msgspec.Meta(ge=1, le=64)] = 1

    # Product naming and links the app shows (the specification's {product})
    product_name: str = "VoltKhata"
    anchor_portal_url: str = "https://anchor.voltkhata.example/"
    product_portal_url: str = "https://portal.voltkhata.example/"
    lender_portal_url: str = "https://lender.voltkhata.example/"
    android_app_url: str = "https://play.voltkhata.example/app"
    ios_app_url: str = "https://apps.voltkhata.example/app"

    # Sessions and security
    secret_key: str = ""
    redis_url: str | None = None
    redis_namespace: str = "voltkhata"
    store_timeout: float = 1.0  # seconds any one session-store (Redis) call may take before a 503
    session_idle_seconds: int = 30 * 60
    session_absolute_seconds: int = 12 * 60 * 60
    otp: OtpLimits = OtpLimits()
    # Load balancers whose X-Forwarded-For is believed: comma-separated addresses or networks.
    trusted_proxies: str = ""
    # Who may read /metrics: comma-separated addresses or networks; unset, loopback only in
    # production and everyone elsewhere (gateway/security/operations_access.py).
    metrics_allowed_networks: str = ""

    # Requests: largest body accepted (413 above it), and how long a client may take to send one.
    max_body_bytes: int = 64 * 1024
    # A request's headers must arrive whole within this (granian's header read time-out), else the
    # connection is closed; in a deployment the reverse proxy answers 408 first (deploy/haproxy).
    request_header_timeout: float = 10.0
    request_body_timeout: float = 10.0  # to receive the whole body once the handler reads it

    # Upstream base URLs; the app factory decides what serves an upstream without one
    lending_url: str | None = None
    catalogue_url: str | None = None
    mail_url: str | None = None
    orders_url: str | None = None
    upstream_connect_timeout: float = 3.0
    upstream_read_timeout: float = 10.0
    upstream_deadline: float = 10.0  # one upstream request's whole time, retries included
    # A whole request's time for all its upstream calls together (gateway/deadline.py)
    request_deadline: float = 15.0
    # How long a shopper's placement holds off others of the same shopper (gateway/checkout/placing.py);
    # longer than the request deadline, so it outlives the placement it guards.
    placement_claim_seconds: int = 60
    upstream_breaker_threshold: int = 5  # consecutive failures that open an endpoint's circuit
    upstream_breaker_ttl: float = 30.0  # seconds the circuit stays open before a trial call
    catalogue_cache_seconds: float = 5.0  # how long shared catalogue answers are reused; 0: never
    # Per upstream, from <NAME>_HEADERS, <NAME>_OAUTH_*, <NAME>_TLS_* (gateway/upstreams/credentials.py)
    credentials: dict[str, UpstreamCredentials] = msgspec.field(default_factory=dict)

    # Cash on delivery a buyer may place in one day, in rupees: below Rs. 2,00,000 (s.269ST of
    # the Income-tax Act), or the gateway does not start (gateway/checkout/cash_limit.py).
    cod_daily_limit: Decimal = Decimal("50000")

    # The store's key for the lender's partner calls (a shopper's purchase-credit position); the
    # default is the mocks' public one, refused in production (refuse_unsafe).
    lending_partner_key: str = DEFAULT_LENDING_PARTNER_KEY

    # Checkout in the browser
    checkout_adapter: CheckoutAdapter = "mock"
    checkout_mode: CheckoutMode = "production"

    # Built frontend
    static_dir: str = str(ROOT / "frontend" / "dist")

    def __post_init__(self) -> None:
        if not Decimal(0) < self.cod_daily_limit < COD_LEGAL_CEILING:
            raise ValueError(
                f"COD_DAILY_LIMIT must be above 0 and below {COD_LEGAL_CEILING} rupees (cash of Rs. 2 lakh or more "
                f"from one person in one day is unlawful), not {self.cod_daily_limit}"
            )

    def refuse_unsafe(self) -> None:
        """Raise UnsafeSettings, naming the setting, for a secret production must not run with."""
        if self.environment == "production" and self.lending_partner_key in ("", DEFAULT_LENDING_PARTNER_KEY):
            raise UnsafeSettings(
                "ENVIRONMENT=production: set LENDING_PARTNER_KEY to the key your lender issued; "
                "the default one is published with the mocks."
            )

    @property
    def secure_cookies(self) -> bool:
        return self.public_url.startswith("https://")

    @property
    def product_slug(self) -> str:
        return "".join(self.product_name.split())

    @classmethod
    def from_env(cls, environ: Mapping[str, str] | None = None) -> Settings:
        """Build settings from upper-case environment variables named after the fields.

        OTP limits read OTP_RESEND_SECONDS, OTP_SENDS_PER_NUMBER_PER_HOUR and so on.
        """
        env = os.environ if environ is None else environ
        raw: dict[str, object] = {}
        for field in msgspec.structs.fields(cls):
            if field.name in ("otp", "credentials"):
                continue
            value = env.get(field.name.upper())
            if value is not None and value != "":
                raw[field.name] = value
        otp_raw = {
            f.name: env[f"OTP_{f.name.upper()}"]
            for f in msgspec.structs.fields(OtpLimits)
            if env.get(f"OTP_{f.name.upper()}")
        }
        if otp_raw:
            raw["otp"] = otp_raw
        if "port" in raw and "public_url" not in raw:
            raw["public_url"] = f"http://{raw.get('host', '127.0.0.1')}:{raw['port']}"
        settings = msgspec.convert(raw, cls, strict=False)
        settings = msgspec.structs.replace(settings, credentials=credentials_from_env(env, UPSTREAMS))
        if not settings.secret_key:
            # A per-process secret is fine for one process; replicas must share SECRET_KEY.
            settings = msgspec.structs.replace(settings, secret_key=secrets.token_urlsafe(32))
        return settings
