"""Summarise Lighthouse JSON reports (one per route) beside the goals; used by scripts/lighthouse."""

from __future__ import annotations

import argparse
import datetime
import json
import os
from pathlib import Path

import msgspec

CATEGORIES = ("performance", "accessibility", "best-practices", "seo")
# Goals: score >= for categories, metric <= for timings and layout shift.
SCORE_GOALS = {"performance": 98, "accessibility": 100, "best-practices": 100, "seo": 100}
METRIC_GOALS = {"lcp_ms": 1200.0, "cls": 0.01, "tbt_ms": 50.0}


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


def summarise(report: dict[str, object], base: str) -> RouteScores:
    categories = report["categories"]
    audits = report["audits"]
    assert isinstance(categories, dict) and isinstance(audits, dict)
    score = {c: round(float(categories[c]["score"] or 0) * 100) for c in CATEGORIES}
    values = {
        "lcp_ms": round(float(audits["largest-contentful-paint"]["numericValue"])),
        "cls": round(float(audits["cumulative-layout-shift"]["numericValue"]), 3),
        "tbt_ms": round(float(audits["total-blocking-time"]["numericValue"])),
        "fcp_ms": round(float(audits["first-contentful-paint"]["numericValue"])),
    }
    misses = [f"{c} {score[c]} < {goal}" for c, goal in SCORE_GOALS.items() if score[c] < goal]
    misses += [f"{m} {values[m]} > {goal}" for m, goal in METRIC_GOALS.items() if values[m] > goal]
    url = str(report["requestedUrl"])
    return RouteScores(
        route=url.removeprefix(base) or "/",
        performance=score["performance"],
        accessibility=score["accessibility"],
        best_practices=score["best-practices"],
        seo=score["seo"],
        misses=misses,
        **values,
    )


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("reports", type=Path)
    parser.add_argument("--base", required=True)
    parser.add_argument("--out", type=Path)
    args = parser.parse_args()
    reports = [json.loads(p.read_text()) for p in sorted(args.reports.glob("*.json"))]
    rows = [summarise(r, args.base) for r in reports]
    lighthouse_version = str(reports[0]["lighthouseVersion"]) if reports else ""
    print(f"\nLighthouse {lighthouse_version}, mobile emulation, load average {os.getloadavg()[0]:.2f}")
    print("| route | perf | a11y | best pr. | SEO | LCP ms | CLS | TBT ms | FCP ms | misses |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---|")
    for r in rows:
        print(
            f"| `{r.route}` | {r.performance} | {r.accessibility} | {r.best_practices} | {r.seo} | {r.lcp_ms:.0f} "
            f"| {r.cls} | {r.tbt_ms:.0f} | {r.fcp_ms:.0f} | {'; '.join(r.misses) or 'none'} |"
        )
    if args.out:
        summary = {
            "date": datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d %H:%M UTC"),
            "lighthouse": lighthouse_version,
            "load_average": " ".join(f"{v:.2f}" for v in os.getloadavg()),
            "command": "scripts/lighthouse",
            "goals": {**SCORE_GOALS, **METRIC_GOALS},
            "routes": rows,
        }
        args.out.write_bytes(msgspec.json.format(msgspec.json.encode(summary)) + b"\n")


if __name__ == "__main__":
    main()
