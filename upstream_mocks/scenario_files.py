"""QA recipes as files: qa/scenarios/*.yaml, each a named list of `/_mocks` calls with the answer
each must get, so a tester's recipe (reset, move the clock, set a fault, call, check) is kept in the
repository and run again by `make test` (tests/contract/test_scenario_files.py).

    name: Lender down, then back
    description: what it shows
    steps:
      - call: POST /_mocks/scenarios
        body: {mock: lending, path: "*", status: 503}
        expect: {status: 201}
      - call: GET /_mocks/lending/dues
        expect: {status: 200, json: {"0.status": overdue}, count: 3}

`expect.json` names fields by dotted path (list items by index); `count` is the answer's length.
`keep: {name: dotted.path}` keeps a field of a step's answer (a session id, a code) for the steps
after it, which write `${name}` in their call, query, headers, body or expected values (alone in a
value it stands for the kept value itself, a number stays a number).
Run one against served mocks with `python -m upstream_mocks.scenario_files run FILE --base-url URL`;
the suite runs them in-process at `POST /_mocks/scenario-files/{name}/run` (the QA console's Run).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import re
import sys
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import httpx
import msgspec
import yaml

from upstream_mocks.contract import SAFE_LOADER

FOLDER = Path(__file__).resolve().parent.parent / "qa" / "scenarios"
_CALL = re.compile(r"^(GET|POST|PUT|PATCH|DELETE) (/_mocks/\S*)$")
_NAME = re.compile(r"^[a-z0-9][a-z0-9-]*$")
_KEPT = re.compile(r"\$\{(\w+)\}")


class ScenarioFileError(ValueError):
    """A recipe that cannot be read: the message says which field and why."""


class Expect(msgspec.Struct, forbid_unknown_fields=True, kw_only=True):
    status: int
    json: dict[str, Any] = msgspec.field(default_factory=dict)
    count: int | None = None


class Step(msgspec.Struct, forbid_unknown_fields=True, kw_only=True):
    call: str  # "METHOD /_mocks/...": only the control API and the mocks under it
    expect: Expect
    body: Any = None
    query: dict[str, str] = msgspec.field(default_factory=dict)
    headers: dict[str, str] = msgspec.field(default_factory=dict)
    keep: dict[str, str] = msgspec.field(default_factory=dict)  # name -> dotted path in the answer

    @property
    def method(self) -> str:
        return self.call.split(" ", 1)[0]

    @property
    def path(self) -> str:
        return self.call.split(" ", 1)[1]


class Recipe(msgspec.Struct, forbid_unknown_fields=True, kw_only=True):
    name: str
    steps: list[Step]
    description: str = ""


class StepResult(msgspec.Struct, rename="camel", kw_only=True):
    call: str
    expected_status: int
    status: int
    passed: bool
    problems: list[str]
    answer: Any = None


class RunResult(msgspec.Struct, kw_only=True):
    name: str
    passed: bool
    steps: list[StepResult]


# (method, path, query, headers, body) -> (status, parsed answer or None)
Caller = Callable[[str, str, dict[str, str], dict[str, str], Any], Awaitable[tuple[int, Any]]]


def parse(text: str, source: str = "recipe") -> Recipe:
    try:
        recipe = msgspec.convert(yaml.load(text, Loader=SAFE_LOADER), type=Recipe)  # noqa: S506 (a safe loader)
    except (yaml.YAMLError, msgspec.ValidationError) as exc:
        raise ScenarioFileError(f"{source}: {exc}") from exc
    if not recipe.steps:
        raise ScenarioFileError(f"{source}: a recipe needs at least one step")
    for number, step in enumerate(recipe.steps, 1):
        if not _CALL.match(step.call):
            raise ScenarioFileError(f"{source}: step {number} calls {step.call!r}, not 'METHOD /_mocks/...'")
    return recipe


def load(path: Path) -> Recipe:
    return parse(path.read_text(encoding="utf-8"), path.name)


def files(folder: Path = FOLDER) -> list[Path]:
    return sorted(folder.glob("*.yaml"))


def find(name: str, folder: Path = FOLDER) -> Path | None:
    """The recipe file named `name` (its file name without .yaml), if the folder holds it."""
    if not _NAME.match(name):
        return None
    path = folder / f"{name}.yaml"
    return path if path.is_file() else None


def _field(answer: Any, dotted: str) -> tuple[bool, Any]:
    value = answer
    for part in dotted.split("."):
        if isinstance(value, list) and part.isdigit() and int(part) < len(value):
            value = value[int(part)]
        elif isinstance(value, dict) and part in value:
            value = value[part]
        else:
            return False, None
    return True, value


def judge(step: Step, status: int, answer: Any) -> list[str]:
    """What in the answer differs from what the step expects, in words (none: it passed)."""
    problems: list[str] = []
    if status != step.expect.status:
        problems.append(f"status {status}, expected {step.expect.status}")
    if step.expect.count is not None and (not isinstance(answer, list | dict) or len(answer) != step.expect.count):
        size = len(answer) if isinstance(answer, list | dict) else "no list"
        problems.append(f"count {size}, expected {step.expect.count}")
    for dotted, wanted in step.expect.json.items():
        found, value = _field(answer, dotted)
        if not found:
            problems.append(f"{dotted} missing, expected {wanted!r}")
        elif value != wanted:
            problems.append(f"{dotted} is {value!r}, expected {wanted!r}")
    return problems


def fill(value: Any, kept: dict[str, Any]) -> Any:
    """`value` with each `${name}` an earlier step kept written in; alone in a string, the kept
    value itself (its type too). A name nobody kept stays as written, so the step shows it."""
    if isinstance(value, str):
        if (alone := _KEPT.fullmatch(value)) and alone.group(1) in kept:
            return kept[alone.group(1)]
        return _KEPT.sub(lambda m: str(kept[m.group(1)]) if m.group(1) in kept else m.group(0), value)
    if isinstance(value, list):
        return [fill(item, kept) for item in value]
    if isinstance(value, dict):
        return {key: fill(item, kept) for key, item in value.items()}
    return value


def _filled(step: Step, kept: dict[str, Any]) -> Step:
    if not kept:
        return step
    return msgspec.structs.replace(
        step,
        call=fill(step.call, kept),
        body=fill(step.body, kept),
        query=fill(step.query, kept),
        headers=fill(step.headers, kept),
        expect=msgspec.structs.replace(step.expect, json=fill(step.expect.json, kept)),
    )


def _keep(step: Step, answer: Any, kept: dict[str, Any]) -> list[str]:
    """Keep the step's named fields of `answer`; what it could not find, in words."""
    missing: list[str] = []
    for name, dotted in step.keep.items():
        found, value = _field(answer, dotted)
        if found:
            kept[name] = value
        else:
            missing.append(f"{dotted} missing, to keep as {name}")
    return missing


async def run(recipe: Recipe, call: Caller) -> RunResult:
    """Every step in order, each judged; a failed step does not stop the ones after it, so the
    tester sees the whole picture."""
    results: list[StepResult] = []
    kept: dict[str, Any] = {}
    for written in recipe.steps:
        step = _filled(written, kept)
        status, answer = await call(step.method, step.path, step.query, step.headers, step.body)
        problems = judge(step, status, answer) + _keep(step, answer, kept)
        results.append(
            StepResult(
                call=step.call,
                expected_status=step.expect.status,
                status=status,
                passed=not problems,
                problems=problems,
                answer=answer,
            )
        )
    return RunResult(name=recipe.name, passed=all(r.passed for r in results), steps=results)


def http_caller(client: httpx.AsyncClient) -> Caller:
    """Calls through an httpx client: over the network, or in-process with an ASGI transport."""

    async def call(
        method: str, path: str, query: dict[str, str], headers: dict[str, str], body: Any
    ) -> tuple[int, Any]:
        answer = await client.request(
            method, path, params=query or None, headers=headers or None, json=body if body is not None else None
        )
        try:
            parsed = answer.json() if answer.content else None
        except ValueError:  # not JSON: a page or a picture
            parsed = answer.text
        return answer.status_code, parsed

    return call


async def run_in_process(recipe: Recipe, app: Any, headers: dict[str, str] | None = None) -> RunResult:
    """The recipe against a suite in this process (create_suite's app), no port needed; `headers`
    say who runs it (the caller's X-QA-Tester or X-QA-Hold, upstream_mocks/hold.py)."""
    transport = httpx.ASGITransport(app=app)
    async with httpx.AsyncClient(transport=transport, base_url="http://mocks.internal", headers=headers) as client:
        return await run(recipe, http_caller(client))


async def run_served(recipe: Recipe, base_url: str, headers: dict[str, str] | None = None) -> RunResult:
    async with httpx.AsyncClient(base_url=base_url, timeout=30, headers=headers) as client:
        return await run(recipe, http_caller(client))


def _report(result: RunResult) -> str:
    lines = [f"{result.name}: {'passed' if result.passed else 'FAILED'}"]
    for step in result.steps:
        mark = "ok  " if step.passed else "FAIL"
        lines.append(f"  {mark} {step.call} -> {step.status}" + "".join(f"\n       {p}" for p in step.problems))
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m upstream_mocks.scenario_files", description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True)
    running = commands.add_parser("run", help="run one recipe file against served mocks")
    running.add_argument("file", type=Path)
    running.add_argument("--base-url", default="http://127.0.0.1:8000", help="where /_mocks is served")
    running.add_argument("--json", action="store_true", help="print the result as JSON")
    running.add_argument("--hold-token", help="the token of your hold on a shared world (X-QA-Hold)")
    commands.add_parser("list", help="the repository's recipe files")
    args = parser.parse_args(argv)
    if args.command == "list":
        for path in files():
            print(f"{path.stem}: {load(path).name}")
        return 0
    try:
        recipe = load(args.file)
    except (OSError, ScenarioFileError) as exc:
        print(f"cannot read the recipe: {exc}", file=sys.stderr)
        return 2
    held = {"X-QA-Hold": args.hold_token} if args.hold_token else None
    result = asyncio.run(run_served(recipe, args.base_url, held))
    print(json.dumps(msgspec.to_builtins(result), indent=2) if args.json else _report(result))
    return 0 if result.passed else 1


if __name__ == "__main__":
    sys.exit(main())
