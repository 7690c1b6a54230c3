"""Summarise Lighthouse JSON reports beside the goals; used by scripts/lighthouse.

A route audited several times (LIGHTHOUSE_RUNS) is summarised by each figure's median across its
runs, as Lighthouse's own guidance on variability advises: on a shared 2-core machine one run's
Total Blocking Time moves by more than any change to the page. Every run's TBT is kept beside it.
The accessibility, best-practices and SEO scores are the lowest of the runs.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import statistics
import sys
from pathlib import Path
from typing import Any

import msgspec

CATEGORIES = ("performance", "accessibility", "best-practices", "seo")
# Goals: score >= for categories, metric <= for timings and layout shift.
SCORE_GOALS = {"performance": 98, "accessibility": 100, "best-practices": 100, "seo": 100}
METRIC_GOALS = {"lcp_ms": 1200.0, "cls": 0.01, "tbt_ms": 50.0}
KEEP_EARLIER = 4  # earlier runs kept in the summary file


class LongTask(msgspec.Struct, kw_only=True):
    url: str
    start_ms: float
    duration_ms: float


class Diagnostics(msgspec.Struct, kw_only=True):
    """Where the main thread went: what to cut for TBT, and what the largest paint waited for."""

    lcp_element: str
    long_tasks: list[LongTask]
    # script -> milliseconds of evaluation, parse and compile (Lighthouse's bootup-time)
    bootup_ms: dict[str, int]
    # work group -> milliseconds (Lighthouse's mainthread-work-breakdown)
    main_thread_ms: dict[str, int]


class RouteScores(msgspec.Struct, kw_only=True):
    route: str
    performance: int
    accessibility: int
    best_practices: int
    seo: int
    lcp_ms: float
    cls: float
    tbt_ms: float
    fcp_ms: float
    misses: list[str]
    diagnostics: Diagnostics | None = None
    tbt_runs: list[float] = msgspec.field(default_factory=list)  # each run's TBT


def _items(audits: dict[str, Any], name: str) -> list[dict[str, Any]]:
    details = audits.get(name, {}).get("details") or {}
    items = details.get("items") or []
    return [i for i in items if isinstance(i, dict)]


def _short(url: object, base: str) -> str:
    text = str(url)
    return text.removeprefix(base) or text


def diagnose(audits: dict[str, Any], base: str) -> Diagnostics:
    # Lighthouse 13 names it in its LCP breakdown insight, in a table of its own; older versions in
    # largest-contentful-paint-element.
    nodes = [
        n.get("node", n)
        for name in ("lcp-breakdown-insight", "largest-contentful-paint-element")
        for item in _items(audits, name)
        for n in [item, *(item.get("items") or [])]
        if isinstance(n, dict) and ("node" in n or n.get("type") == "node")
    ]
    element = str(nodes[0].get("snippet", "")) if nodes else ""
    tasks = [
        LongTask(url=_short(t.get("url", ""), base), start_ms=round(t["startTime"]), duration_ms=round(t["duration"]))
        for t in _items(audits, "long-tasks")
    ]
    bootup = {_short(i["url"], base): round(float(i.get("total", 0))) for i in _items(audits, "bootup-time")}
    groups = {str(i["groupLabel"]): round(float(i["duration"])) for i in _items(audits, "mainthread-work-breakdown")}
    return Diagnostics(lcp_element=element[:200], long_tasks=tasks[:8], bootup_ms=bootup, main_thread_ms=groups)


def summarise(report: dict[str, object], base: str) -> RouteScores:
    categories = report["categories"]
    audits = report["audits"]
    assert isinstance(categories, dict) and isinstance(audits, dict)
    score = {c: round(float(categories[c]["score"] or 0) * 100) for c in CATEGORIES}
    url = str(report["requestedUrl"])
    row = RouteScores(
        route=url.removeprefix(base) or "/",
        performance=score["performance"],
        accessibility=score["accessibility"],
        best_practices=score["best-practices"],
        seo=score["seo"],
        lcp_ms=round(float(audits["largest-contentful-paint"]["numericValue"])),
        cls=round(float(audits["cumulative-layout-shift"]["numericValue"]), 3),
        tbt_ms=round(float(audits["total-blocking-time"]["numericValue"])),
        fcp_ms=round(float(audits["first-contentful-paint"]["numericValue"])),
        misses=[],
        diagnostics=diagnose(audits, base),
    )
    return msgspec.structs.replace(row, misses=misses_of(row))


def combine(runs: list[RouteScores]) -> RouteScores:
    """One route's runs as one row: each timing and the performance score at its median (the
    lower middle of an even count, so always a figure some run measured), the other scores at
    their lowest, the diagnostics of the run whose TBT is the median."""
    tbts = [r.tbt_ms for r in runs]
    middle = next(r for r in runs if r.tbt_ms == statistics.median_low(tbts))
    row = msgspec.structs.replace(
        middle,
        performance=statistics.median_low(r.performance for r in runs),
        accessibility=min(r.accessibility for r in runs),
        best_practices=min(r.best_practices for r in runs),
        seo=min(r.seo for r in runs),
        lcp_ms=statistics.median_low(r.lcp_ms for r in runs),
        cls=statistics.median_low(r.cls for r in runs),
        fcp_ms=statistics.median_low(r.fcp_ms for r in runs),
        tbt_runs=tbts,
    )
    return msgspec.structs.replace(row, misses=misses_of(row))


def misses_of(row: RouteScores) -> list[str]:
    score = {
        "performance": row.performance,
        "accessibility": row.accessibility,
        "best-practices": row.best_practices,
        "seo": row.seo,
    }
    values = {"lcp_ms": row.lcp_ms, "cls": row.cls, "tbt_ms": row.tbt_ms}
    misses = [f"{c} {score[c]} < {goal}" for c, goal in SCORE_GOALS.items() if score[c] < goal]
    return misses + [f"{m} {values[m]} > {goal}" for m, goal in METRIC_GOALS.items() if values[m] > goal]


def by_route(rows: list[RouteScores]) -> list[RouteScores]:
    runs: dict[str, list[RouteScores]] = {}
    for row in rows:
        runs.setdefault(row.route, []).append(row)
    return [combine(route_runs) for route_runs in runs.values()]


class Comparison(msgspec.Struct, kw_only=True):
    """One route, this build against another, audited in turns on the same machine."""

    route: str
    tbt_ms: float  # this build's median
    against_tbt_ms: float
    tbt_runs: list[float]
    against_tbt_runs: list[float]
    lower_in: int  # runs (paired by their number) in which this build's TBT was the lower
    lcp_ms: float
    against_lcp_ms: float
    performance: int  # the median of its runs, each build
    against_performance: int


def compare(rows: list[RouteScores], against: list[RouteScores]) -> list[Comparison]:
    """Each route both builds were audited on: medians side by side, and how many paired runs this
    build won. One build's TBT moves by 100 ms and more between runs on a busy 2-core machine, so a
    change shows in the medians and in most pairs, or it does not show."""
    others = {r.route: r for r in against}
    compared = []
    for r in rows:
        other = others.get(r.route)
        if other is None:
            continue
        compared.append(
            Comparison(
                route=r.route,
                tbt_ms=r.tbt_ms,
                against_tbt_ms=other.tbt_ms,
                tbt_runs=r.tbt_runs,
                against_tbt_runs=other.tbt_runs,
                lower_in=sum(a < b for a, b in zip(r.tbt_runs, other.tbt_runs, strict=False)),
                lcp_ms=r.lcp_ms,
                against_lcp_ms=other.lcp_ms,
                performance=r.performance,
                against_performance=other.performance,
            )
        )
    return compared


def read_reports(reports: Path) -> list[dict[str, Any]]:
    """The reports of a directory, named '<route>.<run>.json', each route's in run order (run 10
    after run 9, not after run 1, so each run's TBT is listed in the order it was taken)."""

    def order(path: Path) -> tuple[str, int]:
        route, _, run = path.stem.rpartition(".")
        return (route, int(run)) if route and run.isdigit() else (path.stem, 0)  # one run, unnumbered

    return [json.loads(p.read_text()) for p in sorted(reports.glob("*.json"), key=order)]


def benchmark_index(reports: list[dict[str, Any]]) -> int | None:
    """The machine's speed as Lighthouse measured it before each run (its benchmarkIndex), the
    median over the runs. Lighthouse's 4x CPU slowdown stands for a mid-tier phone on a machine of
    about 1,500; on a slower machine the same page scores worse, so a figure is read beside it."""
    indices = [float(r["environment"]["benchmarkIndex"]) for r in reports if "environment" in r]
    return round(statistics.median_low(indices)) if indices else None


def unscored(report: dict[str, Any]) -> list[str]:
    """The categories Lighthouse could not score in this run, each with the audits that errored:
    one errored audit leaves its whole category without a score (read as 0), which says nothing
    about the page."""
    audits = report.get("audits", {})
    found = []
    for name, category in report.get("categories", {}).items():
        if category.get("score") is not None:
            continue
        failed = [
            f"{ref['id']} ({audits[ref['id']].get('errorMessage', 'no message')})"
            for ref in category.get("auditRefs", [])
            if audits.get(ref["id"], {}).get("scoreDisplayMode") == "error"
        ]
        found.append(f"{name}: {', '.join(failed) or 'no audit named'}")
    return found


def read_rows(reports: Path, base: str) -> list[RouteScores]:
    return by_route([summarise(r, base) for r in read_reports(reports)])


def print_comparison(
    rows: list[Comparison], label: str, against_label: str, indices: tuple[int | None, int | None]
) -> None:
    mine, theirs = (str(i) if i is not None else "unknown" for i in indices)
    print(
        f"\nPerformance, TBT and LCP medians, {label or 'this build'} against {against_label}, runs taken in "
        f"turns; benchmark index {mine} over this build's runs, {theirs} over the other's"
    )
    print(
        "| route | TBT ms | against | lower in | TBT of each run | against, each run | LCP ms | against "
        "| perf | against |"
    )
    print("|---|---:|---:|---:|---|---|---:|---:|---:|---:|")
    for c in rows:
        print(
            f"| `{c.route}` | {c.tbt_ms:.0f} | {c.against_tbt_ms:.0f} | {c.lower_in} of {len(c.tbt_runs)} "
            f"| {' '.join(f'{t:.0f}' for t in c.tbt_runs)} | {' '.join(f'{t:.0f}' for t in c.against_tbt_runs)} "
            f"| {c.lcp_ms:.0f} | {c.against_lcp_ms:.0f} | {c.performance} | {c.against_performance} |"
        )


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("reports", type=Path)
    parser.add_argument(
        "--check", action="store_true", help="`reports` is one run's report: exit 3 if a category went unscored"
    )
    parser.add_argument("--base")
    parser.add_argument("--out", type=Path)
    parser.add_argument("--label", default="", help="what was measured (a build, a branch), kept in the summary")
    parser.add_argument("--against", type=Path, help="reports of another build, audited in turns with these")
    parser.add_argument("--against-base", help="the URL the other build was served on")
    parser.add_argument("--against-label", default="the other build")
    args = parser.parse_args()
    if args.check:
        found = unscored(json.loads(args.reports.read_text()))
        for line in found:
            print(f"not scored in this run, an audit errored: {line}", file=sys.stderr)
        raise SystemExit(3 if found else 0)
    if args.base is None:
        parser.error("--base is required")
    if args.against is not None:
        print_comparison(
            compare(read_rows(args.reports, args.base), read_rows(args.against, args.against_base or args.base)),
            args.label,
            args.against_label,
            (benchmark_index(read_reports(args.reports)), benchmark_index(read_reports(args.against))),
        )
        return
    reports = read_reports(args.reports)
    rows = by_route([summarise(r, args.base) for r in reports])
    runs = max((len(r.tbt_runs) for r in rows), default=1)
    lighthouse_version = str(reports[0]["lighthouseVersion"]) if reports else ""
    index = benchmark_index(reports)
    print(
        f"\nLighthouse {lighthouse_version}, mobile emulation, load average {os.getloadavg()[0]:.2f}"
        + (f", benchmark index {index}" if index is not None else "")
        + (f", median of {runs} runs per route" if runs > 1 else "")
    )
    print("| route | perf | a11y | best pr. | SEO | LCP ms | CLS | TBT ms | TBT of each run | FCP ms | misses |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---|---:|---|")
    for r in rows:
        print(
            f"| `{r.route}` | {r.performance} | {r.accessibility} | {r.best_practices} | {r.seo} | {r.lcp_ms:.0f} "
            f"| {r.cls} | {r.tbt_ms:.0f} | {' '.join(f'{t:.0f}' for t in r.tbt_runs)} | {r.fcp_ms:.0f} "
            f"| {'; '.join(r.misses) or 'none'} |"
        )
    if args.out:
        summary: dict[str, Any] = {
            "date": datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d %H:%M UTC"),  # real time: the report's stamp
            "lighthouse": lighthouse_version,
            "load_average": " ".join(f"{v:.2f}" for v in os.getloadavg()),
            "benchmark_index": index,
            "command": "scripts/lighthouse",
            "runs_per_route": runs,
            "label": args.label,
            "goals": {**SCORE_GOALS, **METRIC_GOALS},
            "routes": rows,
        }
        # The runs before this one stay below it (the last few), so a before/after stays together.
        earlier: list[Any] = []
        if args.out.is_file():
            previous = json.loads(args.out.read_text())
            earlier = previous.pop("earlier", [])
            earlier.insert(0, previous)
        summary["earlier"] = earlier[:KEEP_EARLIER]
        args.out.write_bytes(msgspec.json.format(msgspec.json.encode(summary)) + b"\n")


if __name__ == "__main__":
    main()
