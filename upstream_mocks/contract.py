"""Checking a mock's requests and answers against its OpenAPI document (openapi-core).

A request the contract forbids gets a 400 naming the field (401 when credentials are
missing); an answer that breaks the contract becomes a 500 saying so, because a mock that
drifts from its document would hide bugs in the gateway's client. Paths the document does not
describe (QA extras such as the SMS outbox or media) are not checked.
"""

from __future__ import annotations

import functools
from collections import OrderedDict
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Generic, Protocol, TypeVar
from urllib.parse import parse_qsl

import yaml
from openapi_core import OpenAPI
from openapi_core.datatypes import RequestParameters
from openapi_core.templating.paths.exceptions import PathError
from openapi_core.validation.request.exceptions import SecurityValidationError
from werkzeug.datastructures import Headers, ImmutableMultiDict

CONTRACTS = Path(__file__).resolve().parent.parent / "contracts"
# libyaml's parser where PyYAML was built with it (the same documents, read in C), else Python's.
SAFE_LOADER: type[yaml.SafeLoader] = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


@dataclass
class ContractRequest:
    """openapi-core's Request protocol over raw ASGI parts."""

    path: str
    method: str
    body: bytes | None
    content_type: str
    parameters: RequestParameters
    host_url: str = "http://mock.internal"
    key: tuple[Any, ...] = ()  # the raw parts, all a verdict can depend on

    @classmethod
    def build(cls, method: str, path: str, query: str, headers: Iterable[tuple[bytes, bytes]], body: bytes) -> Any:
        raw_headers = tuple(headers)
        header_map = Headers([(k.decode("latin-1"), v.decode("latin-1")) for k, v in raw_headers])
        return cls(
            key=(method, path, query, raw_headers, body),
            path="/" + path.lstrip("/"),
            method=method.lower(),
            body=body or None,
            content_type=header_map.get("content-type", "application/octet-stream"),
            parameters=RequestParameters(
                query=ImmutableMultiDict(parse_qsl(query, keep_blank_values=True)),
                header=header_map,
                cookie=ImmutableMultiDict(),
            ),
        )


@dataclass
class ContractResponse:
    status_code: int
    data: bytes
    headers: Mapping[str, Any] = field(default_factory=dict)

    @property
    def content_type(self) -> str:
        return str(self.headers.get("content-type", "application/json"))


@dataclass(frozen=True)
class Problem:
    status: int
    message: str


def _chain(error: BaseException) -> list[BaseException]:
    chain: list[BaseException] = []
    current: BaseException | None = error
    while current is not None and current not in chain:
        chain.append(current)
        current = current.__cause__ or current.__context__
    return chain


def json_path(parts: Iterable[Any]) -> str:
    """`$.data.records[0].productName` for a jsonschema error's absolute path."""
    return "$" + "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in parts)


def violations(error: BaseException) -> list[tuple[str, str]]:
    """Every schema violation in an openapi-core error chain as (JSON path, message)."""
    for link in _chain(error):
        schema_errors = getattr(link, "schema_errors", None)
        if schema_errors:
            return [(json_path(e.absolute_path), e.message) for e in schema_errors]
    return [("$", str(error))]


def describe(error: BaseException) -> str:
    """The most specific message in an openapi-core error chain, naming the field."""
    chain = _chain(error)
    for link in chain:
        schema_errors = getattr(link, "schema_errors", None)
        if schema_errors:
            first = schema_errors[0]
            where = ".".join(str(p) for p in first.absolute_path)
            return f"{where or 'body'}: {first.message}"
    return str(chain[0])


V = TypeVar("V")


class Verdicts(Generic[V]):
    """The last verdicts, by message: openapi-core takes milliseconds per check, and a load test
    sends the same message thousands of times. A check depends only on the message's bytes,
    so an identical message gets the identical verdict; any other message is checked in full."""

    MAX_ENTRIES = 2048
    MAX_BODY = 64 * 1024  # bigger messages are checked every time rather than held

    def __init__(self) -> None:
        self._entries: OrderedDict[tuple[Any, ...], V | None] = OrderedDict()

    def get(self, key: tuple[Any, ...], check: Callable[[], V | None]) -> V | None:
        if not key or sum(len(p) for p in key if isinstance(p, bytes)) > self.MAX_BODY:
            return check()
        if key in self._entries:
            self._entries.move_to_end(key)
            return self._entries[key]
        verdict = self._entries[key] = check()
        if len(self._entries) > self.MAX_ENTRIES:
            self._entries.popitem(last=False)
        return verdict


class ContractCheck(Protocol):
    """What the suite holds a mock's traffic to: a Contract, or one with more checks on top."""

    def check_request(self, request: Any) -> Problem | None: ...

    def check_response(self, request: Any, response: ContractResponse) -> Problem | None: ...


class Contract:
    def __init__(self, document: Path) -> None:
        self.name = document.name
        stat = document.stat()
        self.openapi = _openapi(document, (stat.st_mtime_ns, stat.st_size))
        self._verdicts: Verdicts[Problem] = Verdicts()

    def check_request(self, request: Any) -> Problem | None:
        key = getattr(request, "key", ())
        return self._verdicts.get(("request", *key) if key else (), lambda: self._check_request(request))

    def check_response(self, request: Any, response: ContractResponse) -> Problem | None:
        key = getattr(request, "key", ())
        if key:
            key = ("response", *key, response.status_code, response.content_type, response.data)
        return self._verdicts.get(key, lambda: self._check_response(request, response))

    def _check_request(self, request: Any) -> Problem | None:
        errors = list(self.openapi.iter_request_errors(request))
        if not errors or any(isinstance(e, PathError) for e in errors):
            return None
        if any(isinstance(e, SecurityValidationError) for e in errors):
            return Problem(401, "Unauthorized: missing or malformed credentials")
        return Problem(400, f"Invalid request: {describe(errors[0])}")

    def _check_response(self, request: Any, response: ContractResponse) -> Problem | None:
        errors = list(self.openapi.iter_response_errors(request, response))
        if not errors or any(isinstance(e, PathError) for e in errors):
            return None
        return Problem(500, f"Mock answer breaks {self.name}: {describe(errors[0])}")


@functools.lru_cache(maxsize=32)
def _openapi(document: Path, version: tuple[int, int]) -> OpenAPI:
    """A document parsed and validated once per version of its file (`version`: its mtime and
    size). Parsing and validating is most of the cost of building a mock suite, and every app a
    process builds (the tests build hundreds) checks against the same files; openapi-core's
    object keeps no state between checks, so the apps can share it."""
    spec = yaml.load(document.read_text(), Loader=SAFE_LOADER)  # noqa: S506 (a safe loader)
    spec["servers"] = [{"url": "/"}]  # the mock is mounted anywhere; match on paths only
    return OpenAPI.from_dict(spec)


def load_contract(name: str) -> Contract | None:
    document = CONTRACTS / f"{name}.openapi.yaml"
    return Contract(document) if document.is_file() else None
