"""The mocks' own settings, read from MOCKS_* environment variables.

The payments mock signs every webhook it sends (a payment's, a payment link's, a refund's) with
the client secret of the merchant account the order belongs to, as Cashfree does, and every
receiver (the orders service, the lender, the Fineract companion, the gateway) verifies with its
own account's client secret: there is no other webhook secret. The mocks hold one merchant
account (`payments_client_id`/`payments_client_secret`), the one the orders and lending services
call the provider with, and any further accounts `MOCKS_PAYMENTS_ACCOUNTS` names (a lender's
own, whose repayments go straight into it): each sees only its own orders, and its webhooks are
signed with its own secret. Outside development (`MOCKS_ENVIRONMENT=test` or `production`) the mocks
refuse to start with the published default or an empty client secret: anyone who read the README
could sign a webhook with it (docs/decisions/webhooks-signed-with-the-account-secret.md).
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path

import msgspec

# Where webhook and mail calls between mocks go when no public address is set: an origin that
# the suite answers itself, in-process (see upstream_mocks/loopback.py).
INTERNAL_ORIGIN = "http://mocks.internal"
# The merchant account's published credentials (the gateway's PAYMENTS_CLIENT_ID/SECRET defaults).
DEFAULT_PAYMENTS_CLIENT_ID = "mock-client"
DEFAULT_PAYMENTS_CLIENT_SECRET = "mock-secret"
# Each lender's own merchant account, which its repayments are paid straight into (RBI's Digital
# Lending Directions: no lender's money passes through the store's account); published, so
# development only (docs/decisions/lender-provider-accounts.md). The gateway's
# LENDING_/FINERACT_PAYMENTS_CLIENT_* defaults.
DEFAULT_LENDING_PAYMENTS_CLIENT_ID = "mock-lender-client"
DEFAULT_LENDING_PAYMENTS_CLIENT_SECRET = "mock-lender-secret"
DEFAULT_FINERACT_PAYMENTS_CLIENT_ID = "mock-fineract-client"
DEFAULT_FINERACT_PAYMENTS_CLIENT_SECRET = "mock-fineract-secret"
PUBLISHED_SECRETS = (
    DEFAULT_PAYMENTS_CLIENT_SECRET,
    DEFAULT_LENDING_PAYMENTS_CLIENT_SECRET,
    DEFAULT_FINERACT_PAYMENTS_CLIENT_SECRET,
)
# The payouts account's published secret: it signs the TRANSFER_* webhooks as the other signs the rest.
DEFAULT_PAYOUTS_CLIENT_SECRET = "mock-payouts-secret"
# The store's key for the lender's partner calls (the gateway's LENDING_PARTNER_KEY default).
DEFAULT_PARTNER_KEY = "mock-partner-key"
# Our own tools' key for the orders service's operations calls (the gateway's OPERATIONS_KEY default).
DEFAULT_OPERATIONS_KEY = "mock-operations-key"
ENVIRONMENTS = ("development", "test", "production")
# The store's account's UPI address (the payee its UPI intents and QR codes name).
STORE_VPA = "cf.mockmerchant@axisbank"


LISTS = (
    "webhook_retry_seconds",
    "refund_webhook_urls",
    "lending_subscription_webhook_urls",
    "fineract_subscription_webhook_urls",
    "lending_refund_webhook_urls",
    "fineract_refund_webhook_urls",
)  # comma-separated in the environment
JSONS = ("payments_accounts",)  # a JSON document in the environment (or the file it names)


class SettingsRefused(RuntimeError):
    """Settings the mocks must not start with; the message names the setting to fix."""


class MerchantAccount(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """One merchant account at the payments provider: its API keys (the client secret also signs
    its webhooks) and its refund and subscription webhook URLs, set once in the provider's dashboard."""

    client_id: str
    client_secret: str
    refund_webhook_urls: tuple[str, ...] = ()
    # Where its mandates' events go (SUBSCRIPTION_STATUS_CHANGED, SUBSCRIPTION_PAYMENT_*): Cashfree
    # sends subscription webhooks to the URLs the account set, never to a URL per call.
    subscription_webhook_urls: tuple[str, ...] = ()
    # The account's own UPI address (VPA), the payee Cashfree names in its UPI intent links and QR
    # codes (`pa`): each merchant's own. Unset: one made from the client id (`upi_vpa`).
    vpa: str = ""

    @property
    def upi_vpa(self) -> str:
        if self.vpa:
            return self.vpa
        handle = "".join(c for c in self.client_id.lower() if c.isalnum()) or "merchant"
        return f"cf.{handle}@axisbank"


class MockSettings(msgspec.Struct, frozen=True, kw_only=True):
    environment: str = "development"
    # The key the lending mock asks of partner calls (x-partner-key); refused in production when
    # left at its published default, as the gateway refuses its LENDING_PARTNER_KEY.
    partner_key: str = DEFAULT_PARTNER_KEY
    # The Fineract mock's API user's password (its user is Fineract's demonstration `mifos`) and
    # the key its companion service asks: a deployment run as production sets its own, as the
    # gateway must (FINERACT_PASSWORD, FINERACT_COMPANION_KEY).
    fineract_password: str = "password"
    companion_key: str = "mock-companion-key"
    # The key the orders mock asks of operations calls (x-operations-key): staff tools, reconciliation.
    operations_key: str = DEFAULT_OPERATIONS_KEY
    # Seconds a webhook's timestamp may be old before the receiver refuses it as stale.
    webhook_tolerance_seconds: int = 300
    # Waits before each delivery attempt after the first; Cashfree retries with growing gaps.
    webhook_retry_seconds: tuple[float, ...] = (1.0, 2.0, 4.0, 8.0, 16.0)
    # The suite's own address as others reach it (e.g. http://127.0.0.1:9100). Unset: the
    # mocks call each other in-process, which works whether or not they have a port.
    public_url: str | None = None
    # The platform's own address (our domain, e.g. https://pay.example.in) that the lender's
    # reminder SMS template registers on DLT: a reminder's short link is `<this>/l/<code>`,
    # resolved by the platform through the lender's partnerPaymentLinks. Unset: `origin`.
    short_link_base: str | None = None
    # Minutes an unpaid online store order can be paid: it expires with its provider order, and
    # its stock goes back on the shelf.
    order_payment_minutes: int = 30
    # Minutes past that an order whose payment is still with the payer's bank waits for the bank's
    # answer (taken: paid; no answer by then: cancelled as expired, and a later success refunded).
    order_bank_wait_minutes: int = 120
    # Seconds between rounds of the orders service's own sweeper, which expires unpaid orders whose
    # time is over whether or not anyone reads them (0: only when the clock is moved or it is read).
    order_sweep_seconds: float = 30.0
    # Hold the payments mock's calls, answers and webhooks to Cashfree's own API document
    # (upstream_mocks/payments/provider_document.py); the tests turn it on.
    check_provider_document: bool = False
    # The payment provider the orders and lending mocks call (upstream_mocks/provider.py): its
    # base URL (MOCKS_PAYMENTS_URL, else the gateway's PAYMENTS_URL), unset for the payments mock
    # in this suite; and the merchant account they call it with, whose client secret signs every
    # webhook the payments mock sends and is what every receiver verifies with.
    payments_url: str | None = None
    payments_client_id: str = DEFAULT_PAYMENTS_CLIENT_ID
    payments_client_secret: str = DEFAULT_PAYMENTS_CLIENT_SECRET
    # The account's refund webhook URLs (MOCKS_REFUND_WEBHOOK_URLS, comma-separated), as set once
    # in Cashfree's dashboard (Developers > Webhooks): REFUND_STATUS_WEBHOOK goes to each of them,
    # never to an order's notify_url. Unset: the orders service's receiver, whose refunds they are.
    refund_webhook_urls: tuple[str, ...] = ()
    # Further merchant accounts beside that one (MOCKS_PAYMENTS_ACCOUNTS, a JSON list of
    # {"client_id", "client_secret", "refund_webhook_urls", "subscription_webhook_urls"}): a
    # lender's own, which its repayments are paid into. None by default: everyone collects on the
    # account above.
    payments_accounts: tuple[MerchantAccount, ...] = ()
    # The lenders' own merchant accounts, each lender's repayments paid into its own: the lending
    # mock's (MOCKS_LENDING_PAYMENTS_CLIENT_ID/_SECRET) and the Fineract lender's companion's
    # (MOCKS_FINERACT_PAYMENTS_CLIENT_ID/_SECRET). Each calls the provider with its own, verifies
    # its webhooks with its own secret, and the payments mock keeps both accounts.
    lending_payments_client_id: str = DEFAULT_LENDING_PAYMENTS_CLIENT_ID
    lending_payments_client_secret: str = DEFAULT_LENDING_PAYMENTS_CLIENT_SECRET
    fineract_payments_client_id: str = DEFAULT_FINERACT_PAYMENTS_CLIENT_ID
    fineract_payments_client_secret: str = DEFAULT_FINERACT_PAYMENTS_CLIENT_SECRET
    # Where each lender's own account sends its mandates' events (SUBSCRIPTION_*), as set once in
    # Cashfree's dashboard: the platform that sets up its borrowers' AutoPay (the gateway, when
    # embedded). Unset: nowhere.
    lending_subscription_webhook_urls: tuple[str, ...] = ()
    fineract_subscription_webhook_urls: tuple[str, ...] = ()
    # Where else each lender's own account sends its refunds' outcomes (REFUND_STATUS_WEBHOOK),
    # beside the lender's own receiver: the platform that hands a refund the bank gave up to its
    # desk (the gateway, when embedded; MOCKS_LENDING_/MOCKS_FINERACT_REFUND_WEBHOOK_URLS). Unset: none.
    lending_refund_webhook_urls: tuple[str, ...] = ()
    fineract_refund_webhook_urls: tuple[str, ...] = ()
    # The payouts provider (Cashfree Payouts v2 and its verification API) the orders mock pays
    # refunds to a UPI ID or bank account through: its base URL (MOCKS_PAYOUTS_URL), unset for the
    # payouts mock in this suite; the payouts account's credentials (its client secret signs the
    # TRANSFER_* webhooks); the minutes, on the mocks' clock, a transfer stays PENDING at the bank.
    payouts_url: str | None = None
    payouts_client_id: str = "mock-payouts-client"
    payouts_client_secret: str = DEFAULT_PAYOUTS_CLIENT_SECRET
    payout_minutes: int = 30

    @property
    def origin(self) -> str:
        return (self.public_url or INTERNAL_ORIGIN).rstrip("/")

    @property
    def short_links(self) -> str:
        return (self.short_link_base or self.origin).rstrip("/")

    @property
    def account_refund_webhook_urls(self) -> tuple[str, ...]:
        return self.refund_webhook_urls or (f"{self.origin}/_mocks/orders/webhooks/payments",)

    @property
    def lending_account(self) -> MerchantAccount:
        """The native lender's own account; its refunds are told to the lender's receiver."""
        return MerchantAccount(
            client_id=self.lending_payments_client_id,
            client_secret=self.lending_payments_client_secret,
            refund_webhook_urls=(f"{self.origin}/_mocks/lending/webhooks/payments", *self.lending_refund_webhook_urls),
            subscription_webhook_urls=self.lending_subscription_webhook_urls,
        )

    @property
    def fineract_account(self) -> MerchantAccount:
        """The Fineract lender's own account; its refunds are told to its companion's receiver."""
        return MerchantAccount(
            client_id=self.fineract_payments_client_id,
            client_secret=self.fineract_payments_client_secret,
            refund_webhook_urls=(
                f"{self.origin}/_mocks/companion_fineract/webhooks/payments",
                *self.fineract_refund_webhook_urls,
            ),
            subscription_webhook_urls=self.fineract_subscription_webhook_urls,
        )

    @property
    def store_account(self) -> MerchantAccount:
        return MerchantAccount(
            client_id=self.payments_client_id,
            client_secret=self.payments_client_secret,
            refund_webhook_urls=self.account_refund_webhook_urls,
            vpa=STORE_VPA,
        )

    @property
    def merchant_accounts(self) -> tuple[MerchantAccount, ...]:
        """Every merchant account the payments mock keeps: the store's first, then each lender's
        own (one given the store's id collects on the store's, as before lenders had their own)."""
        accounts = [self.store_account]
        for lender in (self.lending_account, self.fineract_account):
            if all(a.client_id != lender.client_id for a in accounts):
                accounts.append(lender)
        return (*accounts, *self.payments_accounts)

    def merchant_account(self, client_id: str) -> MerchantAccount:
        """The account `client_id` names; the first for an id none has (orders made in-process)."""
        accounts = self.merchant_accounts
        return next((a for a in accounts if a.client_id == client_id), accounts[0])

    @property
    def payouts_webhook_url(self) -> str:
        """Where the payouts account's TRANSFER_* webhooks go: the orders service, whose refunds they pay."""
        return f"{self.origin}/_mocks/orders/webhooks/payouts"

    @classmethod
    def from_env(cls, environ: Mapping[str, str] | None = None, *, environment: str | None = None) -> MockSettings:
        """`environment` is the default for MOCKS_ENVIRONMENT (a gateway embedding the mocks
        passes its own ENVIRONMENT); raises SettingsRefused for settings unsafe outside development."""
        env = os.environ if environ is None else environ
        raw: dict[str, object] = {"environment": environment} if environment else {}
        for field in msgspec.structs.fields(cls):
            name = f"MOCKS_{field.name.upper()}"
            # Or from the file <NAME>_FILE names (a mounted secret), as the gateway reads its own.
            value = env.get(name) or (
                Path(env[f"{name}_FILE"]).read_text().rstrip("\n") if env.get(f"{name}_FILE") else None
            )
            if value and field.name in JSONS:
                try:
                    raw[field.name] = msgspec.json.decode(value)
                except msgspec.DecodeError as exc:
                    raise SettingsRefused(f"{name} must be a JSON document: {exc}") from exc
            elif value:
                raw[field.name] = value.split(",") if field.name in LISTS else value
        if "payments_url" not in raw and env.get("PAYMENTS_URL"):
            raw["payments_url"] = env["PAYMENTS_URL"]  # the provider the gateway is pointed at
        try:
            settings = msgspec.convert(raw, cls, strict=False)
        except msgspec.ValidationError as exc:
            raise SettingsRefused(f"MOCKS_* settings refused: {exc}") from exc
        settings.refuse_unsafe()
        return settings

    def refuse_unsafe(self) -> None:
        if self.environment not in ENVIRONMENTS:
            raise SettingsRefused(f"MOCKS_ENVIRONMENT must be one of {', '.join(ENVIRONMENTS)}")
        if self.environment != "development" and self.payments_client_secret in ("", DEFAULT_PAYMENTS_CLIENT_SECRET):
            raise SettingsRefused(
                f"MOCKS_ENVIRONMENT={self.environment}: set MOCKS_PAYMENTS_CLIENT_SECRET (a gateway embedding "
                "the mocks: PAYMENTS_CLIENT_SECRET) to a secret of your own; every webhook is signed with "
                "the merchant account's client secret, and the default (or an empty) one lets anyone sign one."
            )
        self._refuse_accounts()
        if self.environment != "development" and self.payouts_client_secret in ("", DEFAULT_PAYOUTS_CLIENT_SECRET):
            raise SettingsRefused(
                f"MOCKS_ENVIRONMENT={self.environment}: set MOCKS_PAYOUTS_CLIENT_SECRET to a secret of your own; "
                "the payouts account's TRANSFER_* webhooks are signed with its client secret, and the default "
                "(or an empty) one lets anyone sign one."
            )
        if self.environment == "production" and self.partner_key in ("", DEFAULT_PARTNER_KEY):
            raise SettingsRefused(
                "MOCKS_ENVIRONMENT=production: set MOCKS_PARTNER_KEY to a key of your own; "
                "the default one lets anyone read a shopper's credit."
            )
        self._refuse_lender_accounts()

    def _refuse_accounts(self) -> None:
        """Every further account has an id of its own; outside development, a secret of its own."""
        published = ("", *PUBLISHED_SECRETS, self.payments_client_secret)
        seen = {
            a.client_id for a in self.merchant_accounts[: len(self.merchant_accounts) - len(self.payments_accounts)]
        }
        for account in self.payments_accounts:
            if not account.client_id or account.client_id in seen:
                raise SettingsRefused(
                    f"MOCKS_PAYMENTS_ACCOUNTS: client_id {account.client_id!r} is empty or named twice; "
                    "each merchant account has an id of its own."
                )
            seen.add(account.client_id)
            if self.environment != "development" and account.client_secret in published:
                raise SettingsRefused(
                    f"MOCKS_ENVIRONMENT={self.environment}: set the client_secret of account "
                    f"{account.client_id!r} in MOCKS_PAYMENTS_ACCOUNTS to a secret of its own; its "
                    "webhooks are signed with it, and an empty, published or shared one lets others sign them."
                )

    def _refuse_lender_accounts(self) -> None:
        """Outside development each lender's own account is its own: not the store's id, nor an
        empty, published or the store's secret."""
        published = ("", *PUBLISHED_SECRETS, self.payments_client_secret)
        for setting, client_id, secret in (
            ("MOCKS_LENDING_PAYMENTS_CLIENT", self.lending_payments_client_id, self.lending_payments_client_secret),
            ("MOCKS_FINERACT_PAYMENTS_CLIENT", self.fineract_payments_client_id, self.fineract_payments_client_secret),
        ):
            if self.environment == "development":
                break  # the published ones; a lender given the store's id collects on the store's
            if secret in published or client_id == self.payments_client_id:
                raise SettingsRefused(
                    f"MOCKS_ENVIRONMENT={self.environment}: set {setting}_ID and {setting}_SECRET (a gateway "
                    f"embedding the mocks: {setting.removeprefix('MOCKS_')}_*) to the lender's own account: its "
                    "repayments are paid straight into it, never the store's, and its webhooks are signed with "
                    "its secret, which an empty, published or the store's one lets others sign."
                )
