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
UPSTREAMS = ("lending", "catalogue", "mail", "orders", "payments", "payouts")
# Upstreams a lender adapter brings when LENDERS names it (gateway/upstreams/lenders/choice.py).
LENDER_UPSTREAMS = {"fineract": ("fineract",)}
# An adapter's companion service (what its lender's own API has no call for), when configured.
COMPANION_UPSTREAMS = {"fineract": "fineract_companion"}
DEFAULT_FINERACT_PASSWORD = "password"  # Fineract's demonstration user's, which the mock takes
DEFAULT_FINERACT_COMPANION_KEY = "mock-companion-key"  # the mock companion's published key
COD_LEGAL_CEILING = Decimal("200000")  # Income-tax Act s.269ST: cash of Rs. 2 lakh or more a day


DEFAULT_LENDING_PARTNER_KEY = "mock-partner-key"
DEFAULT_DATABASE_FILE = ROOT / ".data" / "operations.sqlite3"
# The mocks' published credentials: fine against them, refused in production (refuse_unsafe).
DEFAULT_OPERATIONS_KEY = "mock-operations-key"
DEFAULT_PAYMENTS_CLIENT_SECRET = "mock-secret"
# Each lender's own merchant account at the provider, as the mocks publish it for development
# (docs/decisions/lender-provider-accounts.md): refused outside development.
DEFAULT_LENDER_PAYMENTS_SECRETS = ("mock-lender-secret", "mock-fineract-secret")
DEFAULT_PAYOUTS_CLIENT_SECRET = "mock-payouts-secret"  # the payouts mock's published one


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
    # How long the served gateway may hold its log lines at INFO or below, to write them together
    # (0: each at once); a warning or worse is written at once (gateway/plumbing/logging.py).
    log_hold_seconds: Annotated[float, msgspec.Meta(ge=0, le=5)] = 0.1
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
    # Redis through Sentinel instead of REDIS_URL: the sentinels' `host:port`, comma-separated, and
    # the name they know the primary by (gateway/sessions/store.py).
    redis_sentinels: str = ""
    redis_sentinel_master: str = "voltkhata"
    # Replicas that must hold each store write before its answer (Redis WAIT), and how long to wait
    # for them: a failover then loses no session, key or pending payment already answered for.
    redis_wait_replicas: Annotated[int, msgspec.Meta(ge=0)] = 0
    redis_wait_timeout: float = 0.5
    store_timeout: float = 1.0  # seconds any one session-store (Redis) call may take before a 503
    session_idle_seconds: int = 30 * 60
    session_absolute_seconds: int = 12 * 60 * 60
    otp: OtpLimits = OtpLimits()
    # Load balancers whose X-Forwarded-For is believed: comma-separated addresses or networks.
    trusted_proxies: str = ""
    # Who may read /metrics: comma-separated addresses or networks; unset, loopback only in
    # production and everyone elsewhere (gateway/security/operations_access.py).
    metrics_allowed_networks: str = ""
    # Or a scraper with `Authorization: Bearer <this>`, from anywhere (a Prometheus in the cluster:
    # its `authorization.credentials_file`); empty: networks only.
    metrics_token: str = ""

    # On SIGTERM, seconds /readyz answers 503 while requests are still served, so the load balancer
    # takes the replica out of its rotation before it stops (gateway/serving/draining.py).
    shutdown_drain_seconds: Annotated[float, msgspec.Meta(ge=0)] = 0.0
    # How often each replica tries the repayment follow-up (gateway/portal/follow_up.py): a paid
    # repayment is booked at its lender within about this plus one run, no browser asking; 0: never
    # (the in-process tests, which drive the portal themselves).
    follow_up_seconds: Annotated[float, msgspec.Meta(ge=0)] = 20.0
    follow_up_after_seconds: Annotated[float, msgspec.Meta(ge=0)] = 30.0  # a checkout is the browser's till then
    # How many days before its date an AutoPay debit is raised at the provider, its pre-debit
    # notice sent (gateway/loans/autopay_debits.py); NPCI asks at least 24 hours.
    autopay_raise_ahead_days: Annotated[int, msgspec.Meta(ge=2, le=120)] = 3
    # How often each replica checks that yesterday (India's, on the clock the rules read) has its
    # stored reconciliation run, and runs it if not (gateway/reconciliation/daily.py); 0: never.
    reconciliation_check_seconds: Annotated[float, msgspec.Meta(ge=0)] = 60.0
    # A run needs attention when one of its open findings is older than this many days or leaves
    # more than this many rupees unreconciled (the desk's worklist, a metric and a log line).
    reconciliation_attention_days: Annotated[int, msgspec.Meta(ge=0)] = 2
    reconciliation_attention_above: Decimal = Decimal("5000")

    # Requests: largest body accepted (413 above it), and how long a client may take to send one.
    max_body_bytes: int = 64 * 1024
    # A request's headers must arrive whole within this (granian's header read time-out), else the
    # connection is closed; in a deployment the reverse proxy answers 408 first (deploy/local/haproxy.cfg).
    request_header_timeout: float = 10.0
    request_body_timeout: float = 10.0  # to receive the whole body once the handler reads it

    # The gateway's own database (gateway/operations_db/): the desk's audit trail and refunds.
    # PostgreSQL in a deployment (postgresql://user:secret@host:5432/name); unset, a SQLite file
    # (DEFAULT_DATABASE_FILE), fine for one process on one machine.
    database_url: str = ""
    database_timeout: float = 3.0  # seconds one database call may take before a 503

    # Upstream base URLs; the app factory decides what serves an upstream without one
    lending_url: str | None = None
    catalogue_url: str | None = None
    mail_url: str | None = None
    orders_url: str | None = None
    payments_url: str | None = None  # the card-payment provider's API, read by reconciliation and the desk
    # The payouts provider's API (Cashfree Payouts v2; its base, where `payout/transfers` is): read by
    # the reconciliation of payouts and the desk's look-up of a transfer.
    payouts_url: str | None = None
    fineract_url: str | None = None  # a Fineract lender's server (its paths start fineract-provider/api/v1)
    # The Fineract lender's companion service: the parts of contracts/lending.openapi.yaml its
    # Fineract has no call for (Key Facts, statements, documents, complaints). docs/integrators.md.
    fineract_companion_url: str | None = None
    upstream_connect_timeout: float = 3.0
    upstream_read_timeout: float = 10.0
    upstream_deadline: float = 10.0  # one upstream request's whole time, retries included
    # A whole request's time for all its upstream calls together (gateway/plumbing/deadline.py)
    request_deadline: float = 15.0
    # How long a shopper's placement holds off others of the same shopper (gateway/checkout/placing.py);
    # longer than the request deadline, so it outlives the placement it guards.
    placement_claim_seconds: int = 60
    upstream_breaker_threshold: int = 5  # consecutive failures that open an endpoint's circuit
    upstream_breaker_ttl: float = 30.0  # seconds the circuit stays open before a trial call
    catalogue_cache_seconds: float = 5.0  # how long shared catalogue answers are reused; 0: never
    # How long /products's and the store home's HTML waits for the catalogue's first page before
    # going out as the bare shell (the app then asks for the list itself): a page is not held back
    # by a slow catalogue.
    first_page_wait_seconds: Annotated[float, msgspec.Meta(ge=0)] = 0.3
    # Per upstream, from <NAME>_HEADERS, <NAME>_OAUTH_*, <NAME>_TLS_* (gateway/upstreams/credentials.py)
    credentials: dict[str, UpstreamCredentials] = msgspec.field(default_factory=dict)

    # Cash on delivery a buyer may place in one day, in rupees: below Rs. 2,00,000 (s.269ST of
    # the Income-tax Act), or the gateway does not start (gateway/checkout/cash_limit.py).
    cod_daily_limit: Decimal = Decimal("50000")

    # The store's key for the lender's partner calls (a shopper's purchase-credit position); the
    # default is the mocks' public one, refused in production (refuse_unsafe).
    lending_partner_key: str = DEFAULT_LENDING_PARTNER_KEY
    # The lenders behind the lending port, comma-separated adapter kinds in the order their dues are
    # offered (gateway/upstreams/lenders/choice.py): `native` speaks contracts/lending.openapi.yaml
    # at LENDING_URL. One entry is a single-lender deployment.
    lenders: str = "native"
    # A lender on Apache Fineract (LENDERS=native,fineract): its tenant, the API user the gateway
    # signs its calls with (HTTP basic), the lender as borrowers see it, and its loans' number prefix.
    fineract_tenant: str = "default"
    fineract_username: str = "mifos"
    fineract_password: str = DEFAULT_FINERACT_PASSWORD
    fineract_lender_name: str = "Vikas Microfinance Ltd"
    fineract_lender_registration: str = "N-14.03599"
    fineract_lender_website: str = "https://vikas-microfinance.example/"
    # Whether that lender runs a companion service (FINERACT_COMPANION_URL; unset, the mock), and the
    # key the gateway calls it with (a bearer). Off: what only the companion supplies answers 503.
    fineract_companion: bool = True
    fineract_companion_key: str = DEFAULT_FINERACT_COMPANION_KEY

    # The merchant's credentials at the card-payment provider (its x-client-id / x-client-secret).
    payments_client_id: str = "mock-client"
    payments_client_secret: str = DEFAULT_PAYMENTS_CLIENT_SECRET
    # Each lender's own merchant account at the same provider, which its repayments are paid
    # straight into (RBI's Digital Lending Directions: a lender's money never passes through
    # ours); the gateway asks it, with its keys, about that lender's repayments (their UPI
    # payments and states) and reads its report for the desk and the reconciliation. The native
    # lender's (LENDING_PAYMENTS_CLIENT_ID/_SECRET) and the Fineract lender's
    # (FINERACT_PAYMENTS_CLIENT_ID/_SECRET); their defaults are the mocks' published development ones.
    lending_payments_client_id: str = "mock-lender-client"
    lending_payments_client_secret: str = DEFAULT_LENDER_PAYMENTS_SECRETS[0]
    fineract_payments_client_id: str = "mock-fineract-client"
    fineract_payments_client_secret: str = DEFAULT_LENDER_PAYMENTS_SECRETS[1]
    # The payouts account's own credentials at the payouts provider (the orders service pays
    # refunds out with the same account; the gateway only reads its transfers).
    payouts_client_id: str = "mock-payouts-client"
    payouts_client_secret: str = DEFAULT_PAYOUTS_CLIENT_SECRET
    # Our own tools' key for the orders service's operations calls (support desk, reconciliation).
    operations_key: str = DEFAULT_OPERATIONS_KEY
    # Support-desk staff: `name:role:scrypt-hash` entries, comma-separated (gateway/desk/staff.py);
    # empty outside production: the desk's demonstration accounts; in production: nobody.
    desk_staff: str = ""
    desk_session_seconds: int = 8 * 60 * 60  # one working shift
    # QA testers: `name:scrypt-hash` entries, comma-separated (gateway/security/qa_login.py); set,
    # the mocks' controls under /_mocks answer only to them (HTTP Basic), as every shared
    # ENVIRONMENT=test deployment has it (docs/decisions/deployment-environments.md).
    qa_staff: str = ""
    # Wrong desk logins before the desk refuses to check more: per staff name in 15 minutes, per
    # client address in an hour (docs/decisions/desk-login-limits.md).
    desk_login_failures_per_name: int = 5
    desk_login_failures_per_client: int = 20
    # A refund asked for on the desk above this many rupees needs a second supervisor's approval
    # (four eyes); at or below it, one supervisor's (gateway/desk/refunds.py).
    desk_refund_second_approval_above: Decimal = Decimal("10000")

    # Checkout in the browser
    checkout_adapter: CheckoutAdapter = "mock"
    checkout_mode: CheckoutMode = "production"

    # Tracing (gateway/plumbing/telemetry.py): spans go over OTLP/HTTP to this collector (its base URL, as
    # OpenTelemetry's own setting; OTEL_EXPORTER_OTLP_HEADERS and the like are read as usual);
    # empty: no spans are made at all. OTEL_SDK_DISABLED=true turns tracing off. Of the traces
    # that start here, the share recorded (OpenTelemetry's ratio sampler's argument; a caller's
    # `traceparent` decides for its own). OTEL_SERVICE_NAME names the service ("gateway").
    otel_exporter_otlp_endpoint: str = ""
    otel_sdk_disabled: bool = False
    otel_traces_sampler_arg: Annotated[float, msgspec.Meta(ge=0, le=1)] = 1.0
    otel_service_name: str = "gateway"

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

        if self.environment == "production" and self.operations_key in ("", DEFAULT_OPERATIONS_KEY):
            raise UnsafeSettings(
                "ENVIRONMENT=production: set OPERATIONS_KEY to the orders service's key for our own tools; "
                "the default one is published with the mocks."
            )
        if (
            self.environment == "production"
            and "fineract" in self.upstream_names
            and self.fineract_password in ("", DEFAULT_FINERACT_PASSWORD)
        ):
            raise UnsafeSettings(
                "ENVIRONMENT=production: set FINERACT_USERNAME and FINERACT_PASSWORD to the API user your "
                "Fineract lender issued; the default one is Fineract's demonstration user."
            )
        if (
            self.environment == "production"
            and "fineract_companion" in self.upstream_names
            and self.fineract_companion_key in ("", DEFAULT_FINERACT_COMPANION_KEY)
        ):
            raise UnsafeSettings(
                "ENVIRONMENT=production: set FINERACT_COMPANION_KEY to the key your Fineract lender's companion "
                "service issued, or FINERACT_COMPANION=false; the default one is published with the mocks."
            )
        if self.environment == "production" and self.payments_client_secret in ("", DEFAULT_PAYMENTS_CLIENT_SECRET):
            raise UnsafeSettings(
                "ENVIRONMENT=production: set PAYMENTS_CLIENT_SECRET to the secret your payment provider issued; "
                "the default one is published with the mocks."
            )
        if self.environment == "production" and self.payouts_client_secret in ("", DEFAULT_PAYOUTS_CLIENT_SECRET):
            raise UnsafeSettings(
                "ENVIRONMENT=production: set PAYOUTS_CLIENT_SECRET to the payouts account's secret your payouts "
                "provider issued; the default one is published with the mocks."
            )

        self._refuse_lender_accounts()

    def _refuse_lender_accounts(self) -> None:
        """Outside development each lender's account has a secret of its own, not published and not
        the store's: its repayments' webhooks are signed with it."""
        if self.environment == "development":
            return
        kinds = {kind.strip() for kind in self.lenders.split(",")}
        for kind, prefix, client_id, secret in (
            ("native", "LENDING", self.lending_payments_client_id, self.lending_payments_client_secret),
            ("fineract", "FINERACT", self.fineract_payments_client_id, self.fineract_payments_client_secret),
        ):
            if kind not in kinds:
                continue
            if secret in (
                "",
                DEFAULT_PAYMENTS_CLIENT_SECRET,
                *DEFAULT_LENDER_PAYMENTS_SECRETS,
                self.payments_client_secret,
            ):
                raise UnsafeSettings(
                    f"ENVIRONMENT={self.environment}: set {prefix}_PAYMENTS_CLIENT_SECRET to the secret of the "
                    "lender's own account at the payment provider; an empty, published or the store's one "
                    "lets others sign its repayments' webhooks."
                )
            if client_id == self.payments_client_id:
                raise UnsafeSettings(
                    f"ENVIRONMENT={self.environment}: set {prefix}_PAYMENTS_CLIENT_ID to the lender's own account "
                    "at the payment provider: a lender's repayments are never collected on the store's account."
                )

    @property
    def upstream_names(self) -> tuple[str, ...]:
        """Every upstream this deployment talks to: the fixed ones and those its lenders bring."""
        kinds = [kind.strip() for kind in self.lenders.split(",")]
        brought = [name for kind in kinds for name in LENDER_UPSTREAMS.get(kind, ())]
        if self.fineract_companion:
            brought += [COMPANION_UPSTREAMS[kind] for kind in kinds if kind in COMPANION_UPSTREAMS]
        return UPSTREAMS + tuple(brought)

    @property
    def operations_database_url(self) -> str:
        return self.database_url or f"sqlite:///{DEFAULT_DATABASE_FILE}"

    @property
    def uses_redis(self) -> bool:
        """Sessions and limits in Redis (REDIS_URL or REDIS_SENTINELS), shared by every process."""
        return bool(self.redis_url or self.redis_sentinels)

    @property
    def secure_cookies(self) -> bool:
        return self.public_url.startswith("https://")

    @property
    def product_slug(self) -> str:
        return "".join(self.product_name.split())

    @classmethod
    def from_env(cls, environ: Mapping[str, str] | None = None) -> Settings:
        """Build settings from upper-case environment variables named after the fields.

        OTP limits read OTP_RESEND_SECONDS, OTP_SENDS_PER_NUMBER_PER_HOUR and so on. Any setting
        unset may be read from the file `<NAME>_FILE` names instead (a mounted secret's).
        """
        env = os.environ if environ is None else environ
        raw: dict[str, object] = {}
        for field in msgspec.structs.fields(cls):
            if field.name in ("otp", "credentials"):
                continue
            value = env.get(field.name.upper()) or _from_file(env.get(f"{field.name.upper()}_FILE"))
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
        settings = msgspec.structs.replace(
            settings, credentials=credentials_from_env(env, (*UPSTREAMS, "fineract", "fineract_companion"))
        )
        if not settings.secret_key:
            # A per-process secret is fine for one process; replicas must share SECRET_KEY.
            settings = msgspec.structs.replace(settings, secret_key=secrets.token_urlsafe(32))
        return settings


def _from_file(path: str | None) -> str | None:
    """A setting kept in a file (Docker's and Kubernetes' mounted secrets), its last newline dropped."""
    return Path(path).read_text().rstrip("\n") if path else None
