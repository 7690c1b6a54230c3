"""Holding the payments mock to Cashfree's own API document (x-api-version 2025-01-01).

contracts/payments.openapi.yaml says which part of Cashfree's Payment Gateway API the platform
uses; this module checks, against Cashfree's published document itself
(contracts/vendor/cashfree/pg-openapi-2025-01-01.yaml, Apache-2.0), every call a client makes
to the mock's `/pg/...` API, every answer the mock gives and every webhook body it sends. A call
Cashfree lacks, a field of the wrong type or a state outside Cashfree's enums is a finding: the
call is refused (or the answer replaced by a 500) and the finding kept for the conformance
tests (`GET /_mocks/payments/conformance`). Checking is on with MOCKS_CHECK_PROVIDER_DOCUMENT
(the tests set it): reading Cashfree's document takes seconds, which `make run` need not pay.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from pathlib import Path
from typing import Any, Literal

import msgspec
import yaml
from openapi_core import Config, OpenAPI
from openapi_core.templating.paths.exceptions import PathError
from openapi_core.validation.request.exceptions import SecurityValidationError
from openapi_schema_validator import OAS30Validator

from upstream_mocks.contract import CONTRACTS, SAFE_LOADER, ContractCheck, ContractResponse, Problem, Verdicts, describe

DOCUMENT = CONTRACTS / "vendor" / "cashfree" / "pg-openapi-2025-01-01.yaml"
API_VERSION = "2025-01-01"
PREFIX = "/pg"  # Cashfree's servers end in /pg: its path /orders is /pg/orders on the wire
_TIMESTAMP = "tag:yaml.org,2002:timestamp"
WebhookKind = Literal["PaymentWebhook", "RefundWebhook"]


class Finding(msgspec.Struct, kw_only=True):
    """One thing that is not as Cashfree's document has it."""

    side: Literal["request", "answer", "webhook"]
    call: str  # "POST /pg/orders", or the webhook's type
    message: str
    status: int = 400  # what the call is refused with: 401 without the credentials Cashfree asks for


class _TextDates(SAFE_LOADER):  # type: ignore[valid-type,misc]
    """YAML without its implicit dates: the document's `2025-01-01` examples and enums stay text,
    as JSON Schema (and the wire) has them."""


_TextDates.yaml_implicit_resolvers = {
    first: [(tag, pattern) for tag, pattern in resolvers if tag != _TIMESTAMP]
    for first, resolvers in SAFE_LOADER.yaml_implicit_resolvers.items()
}


@functools.cache
def _document(path: Path = DOCUMENT) -> dict[str, Any]:
    loaded: dict[str, Any] = yaml.load(path.read_text(), Loader=_TextDates)  # noqa: S506 (a safe loader)
    return loaded


# Cashfree's document errs here: `payment_method` of /subscriptions/pay is a oneOf of four objects
# with no required field, so every object matches all four and none is valid. Cashfree's SDKs
# (cashfree-pg, CreateSubscriptionPaymentRequestPaymentMethod) send one method's object by its
# name, `{"upi": {"channel": "link"}}`: that shape is held to instead, each method's own fields as
# the document has them. Nothing else of the document is changed.
_PAYMENT_METHOD = "CreateSubscriptionPaymentRequest_payment_method"
_PAYMENT_METHOD_AS_SENT = {
    "description": "One payment method's object, by its name (as Cashfree's SDKs send it).",
    "type": "object",
    "minProperties": 1,
    "maxProperties": 1,
    "additionalProperties": False,
    "properties": {
        "upi": {"$ref": "#/components/schemas/CreateSubscriptonPaymentRequestUpi"},
        "enach": {"$ref": "#/components/schemas/CreateSubscriptionPaymentRequestEnach"},
        "pnach": {"$ref": "#/components/schemas/CreateSubscriptionPaymentRequestPnach"},
        "card": {"$ref": "#/components/schemas/CreateSubscriptionPaymentRequestCard"},
    },
}

# Cashfree's document errs again in SubscriptionEligibility's answer: its schema is an object with
# one array `type`, while its own example (and its reference pages) answer the array itself, one
# EligibilityMethodItem per payment method. The example's shape is held to.
_ELIGIBILITY = "SubscriptionEligibilityResponse"
_ELIGIBILITY_AS_ANSWERED = {
    "description": "Each payment method's eligibility (the document's example's shape).",
    "type": "array",
    "items": {"$ref": "#/components/schemas/EligibilityMethodItem"},
}


def _with_errata(document: dict[str, Any]) -> dict[str, Any]:
    schemas = {
        **document["components"]["schemas"],
        _PAYMENT_METHOD: _PAYMENT_METHOD_AS_SENT,
        _ELIGIBILITY: _ELIGIBILITY_AS_ANSWERED,
    }
    return {**document, "components": {**document["components"], "schemas": schemas}}


@functools.cache
def _openapi() -> OpenAPI:
    spec = _with_errata(_document())
    spec["servers"] = [{"url": PREFIX}]
    # The document is Cashfree's, not ours to lint: checking calls against it is what matters.
    return OpenAPI.from_dict(spec, config=Config(spec_validator_cls=None))


@functools.cache
def _webhook_validator(kind: WebhookKind) -> OAS30Validator:
    components = _document()["components"]
    return OAS30Validator({"$ref": f"#/components/schemas/{kind}", "components": components})


def warm() -> None:
    """Read the document now (seconds), so that no call made later waits for it."""
    _openapi()
    _webhook_validator("PaymentWebhook")
    _webhook_validator("RefundWebhook")


def applies(path: str) -> bool:
    """Cashfree's API is under /pg; the hosted checkout and the QA controls are the mock's own."""
    return ("/" + path.lstrip("/")).startswith(PREFIX + "/")


def request_finding(request: Any) -> Finding | None:
    """A call Cashfree's document does not have, or a request it would refuse."""
    call = f"{request.method.upper()} {request.path}"
    errors = list(_openapi().iter_request_errors(request))
    if not errors:
        return None
    if any(isinstance(e, PathError) for e in errors):
        return Finding(side="request", call=call, message=f"Cashfree's API has no {call}")
    if any(isinstance(e, SecurityValidationError) for e in errors):
        return Finding(side="request", call=call, message="missing or malformed credentials", status=401)
    return Finding(side="request", call=call, message=describe(errors[0]))


def answer_finding(request: Any, response: ContractResponse) -> Finding | None:
    """An answer with a field, type or state Cashfree's document does not have for the call."""
    errors = list(_openapi().iter_response_errors(request, response))
    if not errors:
        return None
    call = f"{request.method.upper()} {request.path}"
    return Finding(side="answer", call=call, message=f"{response.status_code}: {describe(errors[0])}")


def webhook_finding(kind: WebhookKind, event_type: str, body: Any) -> Finding | None:
    """A webhook body (as JSON builtins) that breaks Cashfree's schema for its kind."""
    error = next(iter(_webhook_validator(kind).iter_errors(body)), None)
    if error is None:
        return None
    where = ".".join(str(p) for p in error.absolute_path) or "body"
    return Finding(side="webhook", call=event_type, message=f"{where}: {error.message}")


# The last findings (or none) by message, process-wide as the document is: a finding depends only
# on the message's bytes, and the lender's follow-up of its open links asks the provider the same
# thing again at every step of a moved clock (about 240 checked calls a month, 0.05-0.1 s each in
# openapi-core). A message not seen before is checked in full (Verdicts in upstream_mocks/contract.py).
_request_findings: Verdicts[Finding] = Verdicts()
_answer_findings: Verdicts[Finding] = Verdicts()


class HeldToCashfree:
    """Our payments contract (when the suite checks contracts), then Cashfree's document, for the
    suite's checks of the payments mock (upstream_mocks/suite.py): every finding is kept, once for
    each call that has it."""

    def __init__(self, ours: ContractCheck | None, findings: Callable[[], list[Finding]]) -> None:
        self.ours = ours
        self.findings = findings

    def check_request(self, request: Any) -> Problem | None:
        problem = self.ours.check_request(request) if self.ours is not None else None
        if problem is not None or not applies(request.path):
            return problem
        key = getattr(request, "key", ())
        finding = _request_findings.get(key, lambda: request_finding(request))
        if finding is None:
            return None
        self.findings().append(finding)
        return Problem(finding.status, f"Invalid request: {finding.message}")

    def check_response(self, request: Any, response: ContractResponse) -> Problem | None:
        problem = self.ours.check_response(request, response) if self.ours is not None else None
        if problem is not None or not applies(request.path):
            return problem
        key = getattr(request, "key", ())
        if key:  # the answer's headers too: Cashfree's document describes some of them
            headers = tuple(sorted((str(k), str(v)) for k, v in response.headers.items()))
            key = (*key, response.status_code, headers, response.data)
        finding = _answer_findings.get(key, lambda: answer_finding(request, response))
        if finding is None:
            return None
        self.findings().append(finding)
        return Problem(500, f"Mock answer breaks Cashfree's API: {finding.message}")
