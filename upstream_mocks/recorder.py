"""A recording proxy in front of a real service, in the manner of WireMock's recorder.

`python -m upstream_mocks record <service> --target URL --out DIR` listens on loopback,
forwards each request to the service unchanged and hands its answer back unchanged, checks
both against contracts/<service>.openapi.yaml (violations are printed and kept in the file),
and writes the exchange with personal data masked to DIR/<service>/ for `--seed DIR`.
"""

from __future__ import annotations

import itertools
import sys
from collections.abc import Awaitable, Callable, MutableMapping
from pathlib import Path
from typing import Any, TextIO

import httpx

from upstream_mocks.contract import Contract, ContractRequest, ContractResponse, violations
from upstream_mocks.examples import operation_finder
from upstream_mocks.masking import Masker, walk
from upstream_mocks.recordings import Exchange, RecordedResponse, masked_request, parse_body, write_exchange
from upstream_mocks.suite import read_body

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

# Hop-by-hop headers and those httpx has already acted on (it decodes the body).
_DROPPED = {"host", "connection", "keep-alive", "transfer-encoding", "content-length", "content-encoding"}


def create_recorder(
    service: str,
    target: httpx.AsyncClient,
    out: Path,
    contract_file: Path | None,
    *,
    masker: Masker | None = None,
    log: TextIO = sys.stderr,
) -> ASGIApp:
    """The proxy as an ASGI app; `target` has the real service's base URL."""
    masker = masker or Masker()
    counter = itertools.count(1)
    contract = Contract(contract_file) if contract_file is not None and contract_file.is_file() else None
    operation_of = operation_finder(contract_file)

    async def app(scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            return
        body = await read_body(receive)
        method, path = scope["method"], scope["path"].lstrip("/")
        query = scope.get("query_string", b"").decode("latin-1")
        headers = [(k, v) for k, v in scope.get("headers", []) if k.decode("latin-1").lower() not in _DROPPED]
        try:
            answer = await target.request(method, path + (f"?{query}" if query else ""), content=body, headers=headers)
        except httpx.HTTPError as exc:
            log.write(f"record {service}: {method} /{path}: the service did not answer ({type(exc).__name__})\n")
            await send({"type": "http.response.start", "status": 502, "headers": [(b"content-type", b"text/plain")]})
            await send({"type": "http.response.body", "body": b"The recorded service did not answer."})
            return
        content_type = answer.headers.get("content-type", "")
        found: list[str] = []
        if contract is not None:
            request = ContractRequest.build(method, path, query, scope.get("headers", []), body)
            response = ContractResponse(answer.status_code, answer.content, {"content-type": content_type})
            errors = [
                *contract.openapi.iter_request_errors(request),
                *contract.openapi.iter_response_errors(request, response),
            ]
            found = [f"{where}: {message}" for error in errors for where, message in violations(error)]
        request_type = dict(headers).get(b"content-type", b"").decode("latin-1")
        exchange = Exchange(
            service=service,
            operation=operation_of(method, path),
            request=masked_request(method, path, query, parse_body(body, request_type), masker),
            response=RecordedResponse(
                status=answer.status_code,
                content_type=content_type or "application/json",
                body=walk(parse_body(answer.content, content_type), masker),
            ),
            violations=found,
        )
        written = write_exchange(out, next(counter), exchange)
        verdict = "conforms" if not found else "BREAKS THE CONTRACT: " + "; ".join(found)
        log.write(f"record {service}: {method} /{path} -> {answer.status_code}, {verdict} ({written.name})\n")
        await send(
            {
                "type": "http.response.start",
                "status": answer.status_code,
                "headers": [
                    (k.encode("latin-1"), v.encode("latin-1"))
                    for k, v in answer.headers.multi_items()
                    if k.lower() not in _DROPPED
                ],
            }
        )
        await send({"type": "http.response.body", "body": answer.content})

    return app
