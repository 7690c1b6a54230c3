"""The Lighthouse summary: scores against the goals, where the main thread went, earlier runs kept."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
BASE = "http://127.0.0.1:8123"


def _report(route: str, tbt: float, benchmark_index: float = 1500) -> dict[str, Any]:
    def table(items: list[dict[str, Any]]) -> dict[str, Any]:
        return {"details": {"type": "table", "items": items}}

    return {
        "lighthouseVersion": "13.5.0",
        "requestedUrl": BASE + route,
        "environment": {"benchmarkIndex": benchmark_index},
        "categories": {c: {"score": 1} for c in ("performance", "accessibility", "best-practices", "seo")},
        "audits": {
            "largest-contentful-paint": {"numericValue": 900.4},
            "cumulative-layout-shift": {"numericValue": 0},
            "total-blocking-time": {"numericValue": tbt},
            "first-contentful-paint": {"numericValue": 700},
            "lcp-breakdown-insight": table(
                [
                    {"type": "table", "items": [{"subpart": "timeToFirstByte"}]},
                    {"type": "node", "snippet": '<h1 id="home-title">'},
                ]
            ),
            "long-tasks": table([{"url": BASE + "/assets/index.js", "startTime": 812.3, "duration": 120.6}]),
            "bootup-time": table([{"url": BASE + "/assets/index.js", "total": 310.2}]),
            "mainthread-work-breakdown": table([{"groupLabel": "Script Evaluation", "duration": 402.7}]),
        },
    }


def _run(reports: Path, out: Path, label: str) -> dict[str, Any]:
    command = [sys.executable, "-m", "bench.lighthouse_report", str(reports), "--base", BASE, "--out", str(out)]
    subprocess.run(
        [*command, "--label", label],
        cwd=ROOT,
        check=True,
        capture_output=True,
    )
    summary: dict[str, Any] = json.loads(out.read_text())
    return summary


def test_the_summary_has_the_misses_and_the_diagnostics_and_keeps_the_run_before(tmp_path: Path) -> None:
    reports = tmp_path / "reports"
    reports.mkdir()
    (reports / "_.json").write_text(json.dumps(_report("/", tbt=180)))
    out = tmp_path / "lighthouse.json"
    before = _run(reports, out, "before")
    (reports / "_.json").write_text(json.dumps(_report("/", tbt=30)))
    after = _run(reports, out, "after")

    assert before["routes"][0]["misses"] == ["tbt_ms 180 > 50.0"]
    assert after["label"] == "after"
    route = after["routes"][0]
    assert route["misses"] == []
    assert route["diagnostics"] == {
        "lcp_element": '<h1 id="home-title">',
        "long_tasks": [{"url": "/assets/index.js", "start_ms": 812, "duration_ms": 121}],
        "bootup_ms": {"/assets/index.js": 310},
        "main_thread_ms": {"Script Evaluation": 403},
    }
    # The run before stays in the file, below the new one.
    assert [e["label"] for e in after["earlier"]] == ["before"]
    assert after["earlier"][0]["routes"][0]["tbt_ms"] == 180


def test_a_route_audited_several_times_is_summarised_by_its_medians(tmp_path: Path) -> None:
    reports = tmp_path / "reports"
    reports.mkdir()
    # One slow run in five (a busy moment of the machine) neither fails nor hides the route.
    for run, tbt in enumerate((30, 240, 20, 45, 35), start=1):
        (reports / f"_.{run}.json").write_text(json.dumps(_report("/", tbt=tbt, benchmark_index=900 + 100 * run)))
    (reports / "_paynow.1.json").write_text(json.dumps(_report("/paynow", tbt=90)))
    (reports / "_paynow.2.json").write_text(json.dumps(_report("/paynow", tbt=70)))
    summary = _run(reports, tmp_path / "lighthouse.json", "runs")

    home, paynow = summary["routes"]
    assert (home["route"], home["tbt_ms"], home["misses"]) == ("/", 35, [])
    assert home["tbt_runs"] == [30, 240, 20, 45, 35]
    # An even count takes the lower middle: a figure one run measured, here still over the goal.
    assert (paynow["route"], paynow["tbt_ms"], paynow["misses"]) == ("/paynow", 70, ["tbt_ms 70 > 50.0"])
    assert summary["runs_per_route"] == 5
    # The machine's speed, read beside the figures: the median of the seven runs' benchmark
    # indices (1000-1400 on `/`, 1500 twice on `/paynow`).
    assert summary["benchmark_index"] == 1300


def test_two_builds_audited_in_turns_are_compared_route_by_route(tmp_path: Path) -> None:
    # LIGHTHOUSE_AGAINST: this build's reports and the other's, runs paired by their number.
    this, other = tmp_path / "this", tmp_path / "other"
    this.mkdir()
    other.mkdir()
    against_base = "http://127.0.0.1:8124"
    for run, (mine, theirs) in enumerate(((40, 90), (120, 100), (30, 60)), start=1):
        (this / f"_products.{run}.json").write_text(json.dumps(_report("/products", tbt=mine, benchmark_index=2000)))
        report = _report("/products", tbt=theirs, benchmark_index=1800 + run)
        report["requestedUrl"] = against_base + "/products"
        report["categories"]["performance"]["score"] = 0.9 + run / 100  # 91, 92, 93
        (other / f"_products.{run}.json").write_text(json.dumps(report))
    command = [sys.executable, "-m", "bench.lighthouse_report", str(this), "--base", BASE, "--label", "new"]
    command += ["--against", str(other), "--against-base", against_base, "--against-label", "old"]
    result = subprocess.run(command, cwd=ROOT, check=True, capture_output=True, text=True)

    assert "new against old" in result.stdout
    # Each build's machine speed, as Lighthouse measured it before its runs (their medians).
    assert "benchmark index 2000 over this build's runs, 1802 over the other's" in result.stdout
    row = next(line for line in result.stdout.splitlines() if line.startswith("| `/products`"))
    cells = [c.strip() for c in row.strip("|").split("|")]
    # Medians 40 against 90; lower in runs 1 and 3, not in run 2; each run's TBT in run order.
    assert cells[:6] == ["`/products`", "40", "90", "2 of 3", "40 120 30", "90 100 60"]
    # The performance scores' medians: 100 in every run of this build, 91-93 in the other's.
    assert cells[-2:] == ["100", "92"]


def test_ten_runs_are_listed_in_the_order_they_were_taken(tmp_path: Path) -> None:
    reports = tmp_path / "reports"
    reports.mkdir()
    for run in range(1, 11):
        (reports / f"_.{run}.json").write_text(json.dumps(_report("/", tbt=run * 10)))
    summary = _run(reports, tmp_path / "lighthouse.json", "ten")
    # Run 10 after run 9, not after run 1 (the file names sort 1, 10, 2, ...).
    assert summary["routes"][0]["tbt_runs"] == [10, 20, 30, 40, 50, 60, 70, 80, 90, 100]


def test_a_run_with_an_errored_audit_is_told_apart_from_a_low_score(tmp_path: Path) -> None:
    # One errored audit leaves its category unscored (null, which reads as 0): scripts/lighthouse
    # audits such a run again; a run whose categories are all scored passes the check.
    scored = _report("/", 10)
    unscored = _report("/", 10)
    unscored["categories"]["best-practices"] = {
        "score": None,
        "auditRefs": [{"id": "inspector-issues"}, {"id": "errors-in-console"}],
    }
    unscored["audits"]["inspector-issues"] = {"scoreDisplayMode": "error", "errorMessage": "Protocol timeout"}
    unscored["audits"]["errors-in-console"] = {"scoreDisplayMode": "binary", "score": 1}

    def check(report: dict[str, Any]) -> subprocess.CompletedProcess[str]:
        path = tmp_path / "run.json"
        path.write_text(json.dumps(report))
        command = [sys.executable, "-m", "bench.lighthouse_report", "--check", str(path)]
        return subprocess.run(command, cwd=ROOT, capture_output=True, text=True)

    assert check(scored).returncode == 0
    failed = check(unscored)
    assert failed.returncode == 3
    assert "best-practices: inspector-issues (Protocol timeout)" in failed.stderr
