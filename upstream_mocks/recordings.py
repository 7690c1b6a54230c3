"""Recorded exchanges with a real service: the files the recorder writes and the mock replays.

A recording directory holds one folder per service, one JSON file per exchange
(`lending/0003-repaymentDetail.json`), personal data already masked. A mock started with
`--seed DIR` answers a request matching a recorded one (same method, path, query and body,
personal values aside) with the recorded answer; when the same request was recorded several
times, the answers come in the recorded order and the last one repeats.
"""

from __future__ import annotations

import json
from collections import defaultdict
from pathlib import Path
from typing import Any
from urllib.parse import parse_qsl

import msgspec

from upstream_mocks.masking import Replace, blank, mask_path, walk


class RecordedRequest(msgspec.Struct, kw_only=True):
    method: str
    path: str  # inside the service, e.g. "webRepayment/repaymentDetail"
    query: dict[str, str] = msgspec.field(default_factory=dict)
    body: Any = None


class RecordedResponse(msgspec.Struct, kw_only=True):
    status: int
    content_type: str = msgspec.field(name="contentType", default="application/json")
    body: Any = None  # JSON value, or the text of a non-JSON answer


class Exchange(msgspec.Struct, kw_only=True):
    service: str
    operation: str | None  # the contract's operationId, when the path is in the contract
    request: RecordedRequest
    response: RecordedResponse
    violations: list[str] = msgspec.field(default_factory=list)  # contract violations seen when recorded


def parse_body(raw: bytes, content_type: str) -> Any:
    if not raw:
        return None
    text = raw.decode("utf-8", "replace")
    if "json" in content_type or not content_type:
        try:
            return json.loads(text)
        except ValueError:
            return text
    return text


def encode_body(body: Any, content_type: str) -> bytes:
    if body is None:
        return b""
    if isinstance(body, str) and "json" not in content_type:
        return body.encode()
    return json.dumps(body).encode()


def masked_request(method: str, path: str, query: str, body: Any, replace: Replace) -> RecordedRequest:
    return RecordedRequest(
        method=method.upper(),
        path=mask_path(path.strip("/"), replace),
        query={k: walk(v, replace, k) for k, v in parse_qsl(query, keep_blank_values=True)},
        body=walk(body, replace),
    )


def _match_key(request: RecordedRequest) -> str:
    # Blank personal values (already pseudonyms in a recording) so a replay matches any number.
    blanked = masked_request(request.method, request.path, "", request.body, blank)
    query = sorted((k, walk(v, blank, k)) for k, v in request.query.items())
    return json.dumps([blanked.method, blanked.path, query, blanked.body], sort_keys=True)


def write_exchange(out: Path, index: int, exchange: Exchange) -> Path:
    folder = out / exchange.service
    folder.mkdir(parents=True, exist_ok=True)
    name = exchange.operation or exchange.request.path.replace("/", "_") or "root"
    target = folder / f"{index:04d}-{name}.json"
    target.write_bytes(msgspec.json.format(msgspec.json.encode(exchange), indent=2) + b"\n")
    return target


def load_exchanges(folder: Path) -> list[Exchange]:
    return [msgspec.json.decode(p.read_bytes(), type=Exchange) for p in sorted(folder.glob("*.json"))]


class Replay:
    """Recorded answers of one service, by request."""

    def __init__(self, exchanges: list[Exchange]) -> None:
        self._answers: dict[str, list[RecordedResponse]] = defaultdict(list)
        self._served: dict[str, int] = defaultdict(int)
        for exchange in exchanges:
            self._answers[_match_key(exchange.request)].append(exchange.response)

    @classmethod
    def load(cls, seed: Path, service: str) -> Replay | None:
        folder = seed / service
        return cls(load_exchanges(folder)) if folder.is_dir() else None

    def answer(self, method: str, path: str, query: str, body: bytes, content_type: str) -> RecordedResponse | None:
        request = masked_request(method, path, query, parse_body(body, content_type), blank)
        key = _match_key(request)
        answers = self._answers.get(key)
        if not answers:
            return None
        served = self._served[key]
        self._served[key] = served + 1
        return answers[min(served, len(answers) - 1)]
