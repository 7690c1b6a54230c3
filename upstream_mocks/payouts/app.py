"""Mock of the payouts provider (contracts/payouts.openapi.yaml): Cashfree Payouts v2
beneficiaries and transfers, its UPI ID and bank account verification, signed TRANSFER_*
webhooks, and QA controls.

Rules: upstream_mocks/payouts/beneficiaries.py and transfers.py; decisions: docs/decisions/payouts.md
and payout-beneficiaries.md.
"""

from __future__ import annotations

import asyncio
from datetime import datetime
from decimal import Decimal
from typing import Any, Literal, TypeVar

import msgspec
from litestar import Request, Response, delete, get, post
from litestar.params import FromPath

from upstream_mocks.built_on_use import BuiltOnUse, mock_app
from upstream_mocks.clock import mocks_now, on_tick
from upstream_mocks.envelope import json_answer
from upstream_mocks.loopback import loopback_client
from upstream_mocks.payments.delivery import send_signed
from upstream_mocks.payments.orders import WebhookDelivery
from upstream_mocks.payouts import beneficiaries, transfers
from upstream_mocks.payouts.beneficiaries import BeneficiaryRefused, Instrument, NewBeneficiary
from upstream_mocks.payouts.transfers import Kept, TransferRefused, TransferRequest
from upstream_mocks.world import MockWorld

_ENCODER = msgspec.json.Encoder(decimal_format="number")
T = TypeVar("T")


class UpiCheck(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    vpa: str
    name: str | None = None


class AccountCheck(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    bank_account: str
    ifsc: str
    name: str | None = None


class Misreport(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """QA: the amount Get Transfer Status answers for a transfer from now on (what was paid stays)."""

    transfer_amount: Decimal


class BankWord(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """QA: the bank's answer on a transfer now (REVERSED: a SUCCESS returned later); without a
    status, the answer it gives this payee when left alone."""

    status: Literal["SUCCESS", "FAILED", "REVERSED"] | None = None
    status_code: str | None = None


def _error(status: int, message: str, code: str, type_: str = "invalid_request_error") -> Response[Any]:
    return json_answer({"message": message, "code": code, "type": type_}, status)


def _refused(world: MockWorld, request: Request[Any, Any, Any]) -> Response[Any] | None:
    """Every call carries the payouts account's credentials and the version header."""
    settings = world.settings
    headers = request.headers
    if headers.get("x-client-id") != settings.payouts_client_id or (
        headers.get("x-client-secret") != settings.payouts_client_secret
    ):
        return _error(401, "authentication Failed", "request_failed", "authentication_error")
    if not headers.get("x-api-version"):
        return _error(400, "x-api-version : is missing in the request", "request_invalid")
    return None


async def _asked(
    world: MockWorld, request: Request[Any, Any, Any], type_: type[T], *, api: bool = True
) -> T | Response[Any]:
    """The request's body as `type_` (an API call's credentials checked first), or the refusal."""
    refused = _refused(world, request) if api else None
    if refused is not None:
        return refused
    try:
        return msgspec.json.decode(await request.body(), type=type_)
    except (msgspec.ValidationError, msgspec.DecodeError) as exc:
        return _error(400, f"Invalid request: {exc}", "request_invalid")


async def deliver(world: MockWorld, kept: Kept, at: datetime) -> None:
    """TRANSFER_* to the account's payouts webhook URL, signed with the payouts client secret."""
    event = transfers.event_of(kept.transfer, at)
    raw = _ENCODER.encode(event)
    url = world.settings.payouts_webhook_url
    record = WebhookDelivery(
        order_id=kept.transfer.transfer_id, cf_payment_id=kept.transfer.cf_transfer_id, type=event.type, notify_url=url
    )
    transfers.state(world).webhooks.append(record)
    scenario = world.scenario_for("payouts", "POST", "webhook")
    if scenario is not None and scenario.webhook == "drop":
        record.outcome = "dropped"
        return
    async with loopback_client(world) as client:
        await send_signed(world, client, raw, record, world.settings.payouts_client_secret)


async def answer_due(world: MockWorld, moment: datetime) -> None:
    """The bank answers every transfer due by `moment`, and each answer is told."""
    ended = transfers.due_now(world)
    await asyncio.gather(*(deliver(world, kept, moment) for kept in ended))


def _payee_exists(instrument: Instrument | None) -> bool:
    """Whether a bank has the beneficiary's UPI ID and account (the sandbox's test payees)."""
    if instrument is None:
        return True
    upi = instrument.vpa is None or transfers.upi_exists(instrument.vpa)
    bank = instrument.bank_account_number is None or transfers.account_exists(instrument.bank_account_number)
    return upi and bank


def _account(request: Request[Any, Any, Any]) -> str:
    """The payouts account asking (credentials already checked): its book of beneficiaries."""
    return request.headers.get("x-client-id", "")


def create_app(world: MockWorld) -> BuiltOnUse:
    world.register(transfers.STATE, transfers.seed)
    world.register(beneficiaries.STATE, beneficiaries.seed)
    on_tick(world, lambda moment: answer_due(world, moment))

    @post("/payout/transfers", status_code=200)
    async def create_transfer(request: Request[Any, Any, Any]) -> Response[Any]:
        asked = await _asked(world, request, TransferRequest)
        if isinstance(asked, Response):
            return asked
        try:
            return json_answer(transfers.create(world, _account(request), asked))
        except TransferRefused as exc:
            return _error(exc.status, exc.message, exc.code)

    @post("/payout/beneficiary", status_code=201)
    async def create_beneficiary(request: Request[Any, Any, Any]) -> Response[Any]:
        asked = await _asked(world, request, NewBeneficiary)
        if isinstance(asked, Response):
            return asked
        exists = _payee_exists(asked.beneficiary_instrument_details)
        try:
            return json_answer(beneficiaries.create(world, _account(request), asked, payee_exists=exists), 201)
        except BeneficiaryRefused as exc:
            return _error(exc.status, exc.message, exc.code)

    @get("/payout/beneficiary")
    async def get_beneficiary(request: Request[Any, Any, Any]) -> Response[Any]:
        refused = _refused(world, request)
        if refused is not None:
            return refused
        query = request.query_params
        try:
            found = beneficiaries.find(
                world,
                _account(request),
                query.get("beneficiary_id"),
                query.get("bank_account_number"),
                query.get("bank_ifsc"),
            )
        except BeneficiaryRefused as exc:
            return _error(exc.status, exc.message, exc.code)
        return json_answer(found)

    @delete("/payout/beneficiary", status_code=200)
    async def remove_beneficiary(request: Request[Any, Any, Any]) -> Response[Any]:
        refused = _refused(world, request)
        if refused is not None:
            return refused
        try:
            return json_answer(
                beneficiaries.remove(world, _account(request), request.query_params.get("beneficiary_id"))
            )
        except BeneficiaryRefused as exc:
            return _error(exc.status, exc.message, exc.code)

    @get("/payout/transfers")
    async def transfer_status(request: Request[Any, Any, Any]) -> Response[Any]:
        refused = _refused(world, request)
        if refused is not None:
            return refused
        transfer_id = request.query_params.get("transfer_id")
        cf_transfer_id = request.query_params.get("cf_transfer_id")
        if not transfer_id and not cf_transfer_id:
            return _error(400, "transfer_id or cf_transfer_id : is required", "request_invalid")
        now = mocks_now(world)
        for ended in transfers.due_now(world):  # what fell due while nobody moved the clock, told
            world.spawn(deliver(world, ended, now))
        kept = transfers.find(world, transfer_id, cf_transfer_id)
        if kept is None:
            return _error(404, "transfer not found", "transfer_not_found")
        return json_answer(transfers.as_read(world, kept.transfer))

    @post("/verification/upi", status_code=200)
    async def verify_upi(request: Request[Any, Any, Any]) -> Response[Any]:
        asked = await _asked(world, request, UpiCheck)
        if isinstance(asked, Response):
            return asked
        exists = transfers.upi_exists(asked.vpa)
        return json_answer(
            {
                "reference_id": transfers.new_reference(world),
                "status": "VALID" if exists else "INVALID",
                "vpa": asked.vpa,
                "name_at_bank": asked.name.upper() if asked.name and exists else None,
                "account_exists": "YES" if exists else "NO",
            }
        )

    @post("/verification/bank-account/sync", status_code=200)
    async def verify_account(request: Request[Any, Any, Any]) -> Response[Any]:
        asked = await _asked(world, request, AccountCheck)
        if isinstance(asked, Response):
            return asked
        exists = transfers.account_exists(asked.bank_account)
        return json_answer(
            {
                "reference_id": transfers.new_reference(world),
                "account_status": "VALID" if exists else "INVALID",
                "account_status_code": "ACCOUNT_IS_VALID" if exists else "INVALID_ACCOUNT_FAIL",
                "name_at_bank": asked.name.upper() if asked.name and exists else None,
                "bank_name": None,
                "ifsc_details": {"bank": asked.ifsc[:4], "ifsc": asked.ifsc},
            }
        )

    # QA controls (not part of the contract).
    @post("/transfers/{transfer_id:str}/bank", status_code=200)
    async def bank_word(request: Request[Any, Any, Any], transfer_id: FromPath[str]) -> Response[Any]:
        """The bank's answer on a transfer now, told by webhook: paid, failed, or (a SUCCESS) reversed."""
        word = await _asked(world, request, BankWord, api=False)
        if isinstance(word, Response):
            return word
        kept = transfers.find(world, transfer_id, None)
        if kept is None:
            return _error(404, "transfer not found", "transfer_not_found")
        status, code = (word.status, word.status_code) if word.status else transfers.natural_end(kept)
        if not transfers.end(world, kept, status, code):
            return _error(409, f"transfer is {kept.transfer.status.lower()}", "transfer_not_pending")
        await deliver(world, kept, mocks_now(world))
        return json_answer(kept.transfer)

    @post("/transfers/{transfer_id:str}/misreport", status_code=200)
    async def misreport(request: Request[Any, Any, Any], transfer_id: FromPath[str]) -> Response[Any]:
        """A seeded mistake: the status read answers this amount for the transfer from now on."""
        word = await _asked(world, request, Misreport, api=False)
        if isinstance(word, Response):
            return word
        kept = transfers.find(world, transfer_id, None)
        if kept is None:
            return _error(404, "transfer not found", "transfer_not_found")
        if word.transfer_amount <= 0:
            return _error(400, "transfer_amount : should be above 0", "request_invalid")
        transfers.state(world).misreported[transfer_id] = word.transfer_amount
        return json_answer(transfers.as_read(world, kept.transfer))

    @get("/webhooks")
    async def webhooks() -> Response[Any]:
        return json_answer(transfers.state(world).webhooks)

    @get("/beneficiaries")
    async def beneficiary_book() -> Response[Any]:
        """QA: every beneficiary in every payouts account's book (Cashfree has no call listing them)."""
        return json_answer(beneficiaries.everyone(world))

    return mock_app(
        [
            create_transfer,
            transfer_status,
            create_beneficiary,
            get_beneficiary,
            remove_beneficiary,
            verify_upi,
            verify_account,
            bank_word,
            misreport,
            webhooks,
            beneficiary_book,
        ],
        openapi_config=None,
    )
