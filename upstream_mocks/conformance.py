"""Does a live service keep its contract? Call each operation with its examples and check every answer.

`python -m upstream_mocks verify <service> --base-url URL` sends the requests documented in
contracts/<service>.openapi.yaml (only reading ones unless writes are allowed, for a sandbox),
validates each answer with openapi-core and reports, per operation, the status, the time taken
and each violation with its JSON path. The result can also be written as JUnit XML for CI.
"""

from __future__ import annotations

import json
import time
import xml.etree.ElementTree as ET
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any
from urllib.parse import quote, urlencode

import httpx
import msgspec

from upstream_mocks.contract import Contract, ContractRequest, ContractResponse, violations
from upstream_mocks.examples import ExampleCall, Operation, contract_path, load_document, operations

WRITES_SKIPPED = "changes data: pass --allow-writes against a sandbox"
# An error answer may match the contract's documented error shape, but the call's success path was
# not exercised: it never counts as conforming (a service answering 401 to everything fails).
NOT_EXERCISED = "answered {status}, an error: the call's success path was not exercised"
# The kit's one question of a service before its calls: the sandbox borrower's credentials.
# Calls no kit can make for the gateway, whatever the service.
NOT_OURS = {
    "receivePaymentWebhook": "the payment provider's call to the service, signed with the provider's key",
    "receivePayoutWebhook": "the payouts provider's call to the service, signed with the provider's key",
}
# What an answer's `data` gives the calls after it, by the name they use: a raised complaint's
# ticket is then read, a created payment's log and order are then settled.
LEARNED = {"ticketNumber": "ticketNumber", "id": "paymentLogId", "order_id": "order_id"}


class Sandbox(msgspec.Struct, kw_only=True):
    """What signing in gave: headers to send (a bearer token), the values naming the borrower's own
    things in the examples' paths, queries and bodies (`userId`, `loanNumber`, ...), and the calls
    the sandbox cannot exercise, each with the reason (reported as skipped, never as conforming)."""

    headers: dict[str, str]
    values: dict[str, Any]
    skips: dict[str, str] = msgspec.field(default_factory=dict)
    # An operation's query in place of its examples' (a call that takes exactly one of several).
    queries: dict[str, dict[str, str]] = msgspec.field(default_factory=dict)
    # An operation's body fields in place of its examples' (an amount the sandbox's own books set,
    # such as today's foreclosure quote).
    bodies: dict[str, dict[str, Any]] = msgspec.field(default_factory=dict)
    # Calls that read what only a write makes (a complaint the borrower has yet to raise): skipped
    # read-only, with the reason; with writes allowed, the write before them makes it.
    skips_read_only: dict[str, str] = msgspec.field(default_factory=dict)


SignIn = Callable[[httpx.Client, Mapping[str, str]], Sandbox]


class SignInFailed(Exception):
    """The sandbox sign-in did not give credentials; the message says which step and what came back."""


class Violation(msgspec.Struct):
    path: str  # JSON path into the answer, e.g. $.data.records[0].productName
    message: str


class Outcome(msgspec.Struct, kw_only=True):
    operation_id: str
    method: str
    path: str
    example: str
    status: int | None = None
    seconds: float = 0.0
    violations: list[Violation] = msgspec.field(default_factory=list)
    skipped: str | None = None

    @property
    def conforms(self) -> bool:
        return self.skipped is None and not self.violations


def _encode(call: ExampleCall) -> bytes:
    if call.content_type is None:
        return b""
    if isinstance(call.body, str) and "json" not in call.content_type:
        return call.body.encode()
    return json.dumps(call.body).encode()


def _check(
    contract: Contract, op: Operation, call: ExampleCall, sent: httpx.Request, answer: httpx.Response
) -> list[Violation]:
    request = ContractRequest.build(op.method.upper(), call.path, urlencode(call.query), sent.headers.raw, sent.content)
    response = ContractResponse(
        answer.status_code, answer.content, {"content-type": answer.headers.get("content-type", "")}
    )
    return [
        Violation(path, message)
        for error in contract.openapi.iter_response_errors(request, response)
        for path, message in violations(error)
    ]


def _as_borrower(template: str, call: ExampleCall, borrower: Mapping[str, Any]) -> ExampleCall:
    """The example asked about the signed-in borrower: their values for the names they go by."""
    segments = [
        quote(str(borrower[part[1:-1]]), safe="") if part.startswith("{") and part[1:-1] in borrower else filled
        for part, filled in zip(template.split("/"), call.path.split("/"), strict=False)
    ]
    query = {k: str(borrower[k]) if k in borrower else v for k, v in call.query.items()}
    body = call.body
    if isinstance(body, dict):
        body = {k: borrower.get(k, v) for k, v in body.items() if borrower.get(k, v) is not None}
    return msgspec.structs.replace(call, path="/".join(segments), query=query, body=body)


def _learn(answer: httpx.Response, borrower: dict[str, Any]) -> None:
    try:
        data = answer.json().get("data")
    except (ValueError, AttributeError):
        return
    if isinstance(data, dict):
        borrower.update({name: data[field] for field, name in LEARNED.items() if data.get(field) is not None})


def _not_exercised(status: int, *, strict: bool) -> bool:
    """A refusal of the credentials (401, 403) or a server error never exercised the call. With a
    sandbox sign-in (a lender: the examples then name the borrower's own things) any error answer
    is one; without one, an example may name a thing the service does not hold (404, 409), which
    still shows the call is there."""
    if strict:
        return not 200 <= status < 300
    return status in (401, 403) or status >= 500


def verify(
    service: str,
    client: httpx.Client,
    *,
    allow_writes: bool = False,
    headers: Mapping[str, str] | None = None,
    document: Path | None = None,
    sandbox: Sandbox | None = None,
) -> list[Outcome]:
    """Call every operation of the service's contract through `client` (its base URL the service's)."""
    path = document or contract_path(service)
    contract = Contract(path)
    outcomes: list[Outcome] = []
    borrower = dict(sandbox.values) if sandbox is not None else {}
    for op in operations(load_document(path)):
        for call in op.calls:
            outcome = Outcome(operation_id=op.operation_id, method=op.method.upper(), path=call.path, example=call.name)
            outcomes.append(outcome)
            if not op.safe and not allow_writes:
                outcome.skipped = WRITES_SKIPPED
                continue
            skips = {**NOT_OURS, **(sandbox.skips if sandbox is not None else {})}
            if sandbox is not None and not allow_writes:
                skips |= sandbox.skips_read_only
            if op.operation_id in skips:
                outcome.skipped = skips[op.operation_id]
                continue
            sent_headers = {**call.headers, **(headers or {})}
            if call.content_type is not None:
                sent_headers["content-type"] = call.content_type
            if sandbox is not None and op.operation_id in sandbox.queries:
                call = msgspec.structs.replace(call, query=sandbox.queries[op.operation_id])
            if borrower:
                call = _as_borrower(op.path, call, borrower)
            if sandbox is not None and op.operation_id in sandbox.bodies and isinstance(call.body, dict):
                call = msgspec.structs.replace(call, body={**call.body, **sandbox.bodies[op.operation_id]})
            request = client.build_request(
                op.method.upper(),
                call.path.lstrip("/"),
                params=call.query,
                headers=sent_headers,
                content=_encode(call),
            )
            started = time.perf_counter()
            try:
                answer = client.send(request)
            except httpx.HTTPError as exc:
                outcome.seconds = time.perf_counter() - started
                outcome.violations.append(Violation("$", f"no answer: {type(exc).__name__}: {exc}"))
                continue
            outcome.seconds = time.perf_counter() - started
            outcome.status = answer.status_code
            if _not_exercised(answer.status_code, strict=sandbox is not None):
                outcome.violations.append(Violation("$", NOT_EXERCISED.format(status=answer.status_code)))
            elif 200 <= answer.status_code < 300:
                _learn(answer, borrower)
            outcome.violations += _check(contract, op, call, request, answer)
    return outcomes


def render(service: str, base_url: str, outcomes: list[Outcome]) -> str:
    checked = [o for o in outcomes if o.skipped is None]
    conforming = sum(o.conforms for o in checked)
    lines = [
        f"{service} at {base_url}: {conforming} of {len(checked)} calls conform"
        + (f", {len(outcomes) - len(checked)} skipped" if len(checked) < len(outcomes) else "")
    ]
    for o in outcomes:
        verdict = "SKIP" if o.skipped else ("PASS" if o.conforms else "FAIL")
        status = "-" if o.status is None else str(o.status)
        timing = "" if o.skipped else f"{o.seconds * 1000:.0f} ms"
        lines.append(f"{verdict}  {o.method:<6} {o.path}  {o.operation_id} [{o.example}]  {status}  {timing}".rstrip())
        if o.skipped:
            lines.append(f"      ({o.skipped})")
        lines.extend(f"      {v.path}: {v.message}" for v in o.violations)
    return "\n".join(lines) + "\n"


def junit_xml(service: str, outcomes: list[Outcome]) -> bytes:
    """One <testcase> per call: a <failure> listing its violations, or <skipped>."""
    suite = ET.Element(
        "testsuite",
        name=f"contract conformance: {service}",
        tests=str(len(outcomes)),
        failures=str(sum(1 for o in outcomes if o.skipped is None and not o.conforms)),
        skipped=str(sum(1 for o in outcomes if o.skipped)),
        time=f"{sum(o.seconds for o in outcomes):.3f}",
    )
    for o in outcomes:
        case = ET.SubElement(
            suite,
            "testcase",
            classname=f"{service}.{o.operation_id}",
            name=f"{o.method} {o.path} [{o.example}]",
            time=f"{o.seconds:.3f}",
        )
        if o.skipped:
            ET.SubElement(case, "skipped", message=o.skipped)
        elif o.violations:
            failure = ET.SubElement(
                case, "failure", message=f"status {o.status}: {len(o.violations)} contract violation(s)"
            )
            failure.text = "\n".join(f"{v.path}: {v.message}" for v in o.violations)
    root = ET.Element("testsuites")
    root.append(suite)
    ET.indent(root)
    document: bytes = ET.tostring(root, encoding="utf-8", xml_declaration=True)
    return document


def parse_headers(raw: list[str]) -> dict[str, str]:
    """`Name: value` pairs from the command line."""
    headers: dict[str, str] = {}
    for item in raw:
        name, sep, value = item.partition(":")
        if not sep or not name.strip():
            raise ValueError(f"--header wants 'Name: value', got {item!r}")
        headers[name.strip()] = value.strip()
    return headers


def run(
    service: str,
    base_url: str,
    *,
    allow_writes: bool,
    headers: dict[str, str],
    report: Path | None,
    timeout: float,
    out: Any,
    promises: Callable[..., list[Outcome]] | None = None,
    sign_in: SignIn | None = None,
) -> int:
    """The command: sign in as the sandbox borrower (when the service has logins), print the
    report, write the JUnit file, exit 0 only when every call conforms."""
    with httpx.Client(base_url=base_url.rstrip("/") + "/", timeout=timeout) as client:
        outcomes: list[Outcome] = []
        sandbox: Sandbox | None = None
        if sign_in is not None:
            signing = Outcome(operation_id="sign-in", method="-", path="(sandbox borrower)", example="sign-in")
            outcomes.append(signing)
            try:
                sandbox = sign_in(client, headers)
                headers = {**headers, **sandbox.headers}
            except (SignInFailed, httpx.HTTPError) as exc:
                signing.violations.append(Violation("$", f"sign-in failed: {exc}"))
        outcomes += verify(service, client, allow_writes=allow_writes, headers=headers, sandbox=sandbox)
        if promises is not None:  # what the service must do beyond its answers' shapes
            outcomes += promises(service, client, allow_writes=allow_writes, headers=headers)
    out.write(render(service, base_url, outcomes))
    if report is not None:
        report.write_bytes(junit_xml(service, outcomes))
    checked = [o for o in outcomes if o.skipped is None]
    return 0 if checked and all(o.conforms for o in checked) else 1
