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
from urllib.parse import urlencode

import httpx
import msgspec

from upstream_mocks.contract import Contract, ContractRequest, ContractResponse, violations
from upstream_mocks.examples import ExampleCall, Operation, contract_path, load_document, operations

WRITES_SKIPPED = "changes data: pass --allow-writes against a sandbox"


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


def verify(
    service: str,
    client: httpx.Client,
    *,
    allow_writes: bool = False,
    headers: Mapping[str, str] | None = None,
    document: Path | None = None,
) -> list[Outcome]:
    """Call every operation of the service's contract through `client` (its base URL the service's)."""
    path = document or contract_path(service)
    contract = Contract(path)
    outcomes: list[Outcome] = []
    for op in operations(load_document(path)):
        for call in op.calls:
            outcome = Outcome(operation_id=op.operation_id, method=op.method.upper(), path=call.path, example=call.name)
            outcomes.append(outcome)
            if not op.safe and not allow_writes:
                outcome.skipped = WRITES_SKIPPED
                continue
            sent_headers = {**call.headers, **(headers or {})}
            if call.content_type is not None:
                sent_headers["content-type"] = call.content_type
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
            outcome.violations = _check(contract, op, call, request, answer)
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
) -> int:
    """The command: print the report, write the JUnit file, exit 0 only when every call conforms."""
    with httpx.Client(base_url=base_url.rstrip("/") + "/", timeout=timeout) as client:
        outcomes = verify(service, client, allow_writes=allow_writes, headers=headers)
        if promises is not None:  # what the service must do beyond its answers' shapes
            outcomes += promises(service, client, allow_writes=allow_writes, headers=headers)
    out.write(render(service, base_url, outcomes))
    if report is not None:
        report.write_bytes(junit_xml(service, outcomes))
    checked = [o for o in outcomes if o.skipped is None]
    return 0 if checked and all(o.conforms for o in checked) else 1
