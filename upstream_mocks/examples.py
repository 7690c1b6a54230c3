"""The operations of a contract with their documented examples.

Contract-driven mocks (Prism and the like) answer with these examples, the conformance command
sends them, and the contract check demands one for every request body, required parameter and
documented answer.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any
from urllib.parse import quote

import msgspec
import yaml

from upstream_mocks.contract import SAFE_LOADER

CONTRACTS = Path(__file__).resolve().parent.parent / "contracts"
HTTP_METHODS = ("get", "put", "post", "delete", "patch", "head", "options")
# Methods a conformance run may send to a live service without changing anything there.
SAFE_METHODS = frozenset({"get", "head", "options"})


class ExampleCall(msgspec.Struct, kw_only=True):
    """One request built from an operation's examples."""

    name: str
    path: str  # path template filled in, without the server prefix
    query: dict[str, str]
    headers: dict[str, str]
    body: Any = None
    content_type: str | None = None


class Operation(msgspec.Struct, kw_only=True):
    operation_id: str
    method: str
    path: str  # template, e.g. /electrician/getCart/{userId}
    calls: list[ExampleCall]
    answers: dict[str, dict[str, list[Any]]]  # status -> content type -> example values
    missing: list[str]  # what lacks an example, in words

    @property
    def safe(self) -> bool:
        return self.method in SAFE_METHODS


def contract_path(service: str) -> Path:
    return CONTRACTS / f"{service}.openapi.yaml"


def services() -> list[str]:
    return sorted(p.name.removesuffix(".openapi.yaml") for p in CONTRACTS.glob("*.openapi.yaml"))


def load_document(path: Path) -> dict[str, Any]:
    document: dict[str, Any] = yaml.load(path.read_text(), Loader=SAFE_LOADER)  # noqa: S506 (a safe loader)
    return document


def resolve(document: dict[str, Any], node: Any) -> Any:
    """Follow local `$ref`s (`#/components/...`) until a node without one."""
    seen: set[str] = set()
    while isinstance(node, dict) and "$ref" in node:
        ref = str(node["$ref"])
        if not ref.startswith("#/") or ref in seen:
            raise ValueError(f"unsupported or circular $ref {ref!r}")
        seen.add(ref)
        node = document
        for part in ref[2:].split("/"):
            node = node[part.replace("~1", "/").replace("~0", "~")]
    return node


def _media_examples(document: dict[str, Any], media: dict[str, Any]) -> list[tuple[str, Any]]:
    """(name, value) of a media type's `examples` (or its single `example`)."""
    if "examples" in media:
        found = []
        for name, example in (media["examples"] or {}).items():
            example = resolve(document, example)
            if isinstance(example, dict) and "value" in example:
                found.append((str(name), example["value"]))
        return found
    if "example" in media:
        return [("example", media["example"])]
    return []


def _parameter_value(document: dict[str, Any], parameter: dict[str, Any]) -> tuple[bool, Any]:
    """A documented value for a parameter: its example, its schema's example or default, or its only value."""
    if "example" in parameter:
        return True, parameter["example"]
    for _, value in _media_examples(document, {"examples": parameter["examples"]} if "examples" in parameter else {}):
        return True, value
    schema = resolve(document, parameter.get("schema") or {})
    if schema.get("examples"):
        return True, schema["examples"][0]
    for key in ("example", "default", "const"):
        if key in schema:
            return True, schema[key]
    if len(schema.get("enum") or []) == 1:
        return True, schema["enum"][0]
    return False, None


def _as_text(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def operations(document: dict[str, Any]) -> list[Operation]:
    found: list[Operation] = []
    for template, path_item in (document.get("paths") or {}).items():
        path_item = resolve(document, path_item)
        shared = path_item.get("parameters") or []
        for method in HTTP_METHODS:
            if method not in path_item:
                continue
            op = path_item[method]
            op_id = str(op.get("operationId") or f"{method.upper()} {template}")
            missing: list[str] = []
            path, query, headers = str(template), {}, {}
            by_key = {}
            for raw in [*shared, *(op.get("parameters") or [])]:
                parameter = resolve(document, raw)
                by_key[(parameter["name"], parameter["in"])] = parameter
            for (name, where), parameter in by_key.items():
                known, value = _parameter_value(document, parameter)
                if not known:
                    if parameter.get("required") or where == "path":
                        missing.append(f"parameter {name} ({where})")
                    continue
                if where == "path":
                    path = path.replace("{" + name + "}", quote(_as_text(value), safe=""))
                elif where == "query":
                    query[name] = _as_text(value)
                elif where == "header":
                    headers[name] = _as_text(value)
            calls: list[ExampleCall] = []
            body = resolve(document, op.get("requestBody") or {})
            for content_type, media in (body.get("content") or {}).items():
                examples = _media_examples(document, media)
                if not examples:
                    missing.append(f"request body ({content_type})")
                calls.extend(
                    ExampleCall(
                        name=name,
                        path=path,
                        query=query,
                        headers=headers,
                        body=value,
                        content_type=content_type,
                    )
                    for name, value in examples
                )
            if not body.get("content"):
                calls.append(ExampleCall(name="parameters", path=path, query=query, headers=headers))
            answers: dict[str, dict[str, list[Any]]] = {}
            for status, response in (op.get("responses") or {}).items():
                response = resolve(document, response)
                for content_type, media in (response.get("content") or {}).items():
                    examples = _media_examples(document, media)
                    if not examples:
                        missing.append(f"answer {status} ({content_type})")
                    answers.setdefault(str(status), {})[content_type] = [value for _, value in examples]
            found.append(
                Operation(
                    operation_id=op_id, method=method, path=str(template), calls=calls, answers=answers, missing=missing
                )
            )
    return found


def operation_finder(contract_file: Path | None) -> Callable[[str, str], str | None]:
    """The operationId of a concrete request path, by the contract's path templates."""
    templates: tuple[tuple[str, re.Pattern[str], str], ...] = ()
    if contract_file is not None and contract_file.is_file():
        stat = contract_file.stat()
        templates = _path_templates(contract_file, (stat.st_mtime_ns, stat.st_size))

    def find(method: str, path: str) -> str | None:
        return next((op_id for m, rx, op_id in templates if m == method.upper() and rx.match(path.strip("/"))), None)

    return find


@functools.lru_cache(maxsize=32)
def _path_templates(contract_file: Path, version: tuple[int, int]) -> tuple[tuple[str, re.Pattern[str], str], ...]:
    """(method, path pattern, operationId) of each operation, read once per version of the file."""
    templates = []
    for op in operations(load_document(contract_file)):
        pattern = re.sub(r"\\{[^/]+?\\}", "[^/]+", re.escape(op.path.strip("/")))
        templates.append((op.method.upper(), re.compile(f"^{pattern}$"), op.operation_id))
    return tuple(templates)
