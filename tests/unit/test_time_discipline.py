"""No product rule and no test reads the machine's clock or time zone unawares.

A rule the product applies (a day's cash limit, a reminder's hours, a due date, an offer's
validity) reads the clock the gateway is given (gateway/plumbing/clock.py), which while mocks are in use
is the mocks' one clock (`/_mocks/clock`, docs/decisions/one-clock.md); a test that depends on
the hour or the date sets that clock first. So `datetime.now()`, `date.today()`, `time.time()`,
the machine's zone (`astimezone()` with no zone, `fromtimestamp` without one, `localtime`) are
refused in gateway/, upstream_mocks/, scripts/ and tests/, unless the call says on its line (or
the line above) `# real time: <why>`: a security timer, a deadline, a log stamp, what guards the
service whatever QA's clock says.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SCANNED = ("gateway", "upstream_mocks", "scripts", "tests", "deploy", "bench")
MARK = "# real time"

# (module-ish name, attribute) of calls that read the machine's clock or zone.
CLOCK_CALLS = {
    ("datetime", "now"),
    ("datetime", "today"),
    ("datetime", "utcnow"),
    ("date", "today"),
    ("time", "time"),
    ("time", "time_ns"),
    ("time", "localtime"),
    ("time", "mktime"),
    ("time", "ctime"),
    ("time", "strftime"),
    ("time", "asctime"),
}
# Reading another module's clock by name is the same read: the mocks' real-time helper included.
CLOCK_FUNCTIONS = {"ist_today", "india_today"}


def _name(node: ast.expr) -> str | None:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return node.attr  # datetime.datetime.now -> ("datetime", "now")
    return None


def _reads_the_machine(call: ast.Call) -> str | None:
    func = call.func
    if isinstance(func, ast.Name) and func.id in CLOCK_FUNCTIONS:
        return f"{func.id}()"
    if not isinstance(func, ast.Attribute):
        return None
    owner = _name(func.value)
    if (owner, func.attr) in CLOCK_CALLS:
        return f"{owner}.{func.attr}()"
    if func.attr == "astimezone" and not call.args and not call.keywords:
        return "astimezone() in the machine's zone"
    if func.attr == "fromtimestamp" and len(call.args) < 2 and not call.keywords:
        return "fromtimestamp() in the machine's zone"
    return None


def _files() -> Iterator[Path]:
    for folder in SCANNED:
        yield from sorted((ROOT / folder).rglob("*.py"))


def offences(path: Path) -> list[str]:
    source = path.read_text(encoding="utf-8")
    lines = source.splitlines()
    found = []
    for node in ast.walk(ast.parse(source, filename=str(path))):
        if not isinstance(node, ast.Call) or (what := _reads_the_machine(node)) is None:
            continue
        end = node.end_lineno or node.lineno
        around = lines[max(0, node.lineno - 2) : end]
        if not any(MARK in line for line in around):
            found.append(f"{path.relative_to(ROOT)}:{node.lineno}: {what}")
    return found


def test_nothing_reads_the_machine_s_clock_or_zone_without_saying_why() -> None:
    found = [offence for path in _files() if "node_modules" not in path.parts for offence in offences(path)]
    assert found == [], (
        "Read the clock the product is given (gateway/plumbing/clock.py; the mocks' upstream_mocks/clock.py; "
        "in a test, set /_mocks/clock first), or say on the line why real time is right ('# real time: ...'):\n"
        + "\n".join(found)
    )


@pytest.mark.parametrize(
    ("code", "refused"),
    [
        ("datetime.now(IST)", True),
        ("datetime.datetime.now(datetime.UTC)", True),
        ("date.today()", True),
        ("time.time()", True),
        ("moment.astimezone()", True),
        ("datetime.fromtimestamp(at)", True),
        ("ist_today()", True),
        ("moment.astimezone(IST)", False),
        ("datetime.fromtimestamp(at, UTC)", False),
        ("time.monotonic()", False),
        ("mocks_now(world)", False),
        ("time.time()  # real time: a token's life", False),
    ],
)
def test_the_check_tells_a_machine_read_from_a_given_clock(tmp_path: Path, code: str, refused: bool) -> None:
    module = ROOT / "tests" / "unit" / f"_probe_{tmp_path.name}.py"
    module.write_text(f"x = {code}\n", encoding="utf-8")
    try:
        assert bool(offences(module)) is refused
    finally:
        module.unlink()
