"""The main thread after the first paint, at a real 4x CPU slowdown, of one build or two in turns.

Lighthouse's TBT is simulated from an unthrottled load (scripts/lighthouse); this loads the page
in Debian's Chromium slowed down for real (DevTools' CPU throttling, as a slow phone), records a
trace, and adds up each main-thread task after the first contentful paint past 50 ms: the same
sum as TBT, measured rather than simulated, with the long tasks themselves listed. With
`--against DIR` a second build is served beside the first and the two are loaded in turns, so a
busy moment of the machine falls on both; the medians and the number of pairs each won say which
is lighter. Beside TBT's sum it prints the same sum over the whole load and the main thread's
busy time: a long task that falls just before or just after the first paint moves TBT by its
whole length with the same work done, and these two show when that, not the work, changed.
Timings only: nothing here fails a build.

    .venv/bin/python -m bench.main_thread [--static-dir frontend/dist] [--against DIR]
        [--path /product-home] [--runs 8] [--wait-ms 2000]

`--wait-ms` is how long the trace runs after the page's load event: 2000 ms covers the store
home's start up to, not including, its banner carousel (which arrives with the first banner's
turn, 3000 ms after the app has started).
"""

from __future__ import annotations

import argparse
import json
import statistics
from contextlib import ExitStack
from pathlib import Path
from typing import Any, NamedTuple

from playwright.sync_api import Browser, sync_playwright

from bench.processes import ROOT, serve

CATEGORIES = ["devtools.timeline", "disabled-by-default-devtools.timeline", "loading", "toplevel"]
PHONE = {"viewport": {"width": 412, "height": 823}, "device_scale_factor": 1.75, "is_mobile": True, "has_touch": True}
SLOWDOWN = 4  # Lighthouse's mobile CPU multiplier
BLOCKING_MS = 50
FIGURES = {
    "after_paint": "blocking time after the first paint (TBT's sum)",
    "whole_load": "blocking time over the whole load",
    "busy": "main thread busy, whole load",
}


class NoPaint(Exception):
    """The trace ended before the page's first contentful paint."""


class Load(NamedTuple):
    """One load's main thread (ms): TBT's sum, the same over the whole load, and all the time it was busy."""

    after_paint: float
    long: list[int]
    whole_load: float
    busy: float


def _main_thread_tasks(trace: bytes) -> tuple[list[dict[str, Any]], float]:
    """The tasks of the main thread of the renderer that painted, and when it first painted (trace us)."""
    raw: Any = json.loads(trace)
    events: list[dict[str, Any]] = raw["traceEvents"] if isinstance(raw, dict) else raw
    paints = [e for e in events if e.get("name") == "firstContentfulPaint"]
    if not paints:
        raise NoPaint
    painted = min(paints, key=lambda e: e["ts"])
    # The main thread of the renderer that painted (another, a spare one, may be busier).
    threads = {(e["pid"], e["tid"]): e["args"]["name"] for e in events if e.get("name") == "thread_name"}
    main = next(key for key, name in threads.items() if name == "CrRendererMain" and key[0] == painted["pid"])
    tasks = [e for e in events if (e["pid"], e["tid"]) == main and e.get("ph") == "X" and e["name"] == "RunTask"]
    return tasks, painted["ts"]


def _past_limit(durations: list[float]) -> float:
    return sum(t - BLOCKING_MS for t in durations if t > BLOCKING_MS)


def load(trace: bytes) -> Load:
    """The sum past 50 ms of the page's main-thread tasks after its first contentful paint (TBT's
    sum) and those tasks, and beside them the whole load's sum past 50 ms and busy time: a long
    task just before or just after the first paint moves TBT by its whole length, where the work
    is the same; the whole load's figures show when that, not the work, is what changed."""
    tasks, painted_at = _main_thread_tasks(trace)
    durations = [e["dur"] / 1000 for e in tasks]
    after = [e["dur"] / 1000 for e in tasks if e["ts"] >= painted_at]
    long = sorted((round(t) for t in after if t > BLOCKING_MS), reverse=True)
    return Load(_past_limit(after), long, _past_limit(durations), sum(durations))


def visit(browser: Browser, url: str, wait_ms: int) -> Load:
    """One load in a fresh context (nothing cached), traced until `wait_ms` after its load event."""
    for _ in range(3):  # a busy machine now and then ends a trace before the first paint: again
        context = browser.new_context(**PHONE)  # type: ignore[arg-type]
        try:
            page = context.new_page()
            context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": SLOWDOWN})
            browser.start_tracing(page=page, categories=CATEGORIES)
            page.goto(url)
            page.wait_for_timeout(wait_ms)
            return load(browser.stop_tracing())
        except NoPaint:
            print(f"no first paint traced on {url}; again", flush=True)
        finally:
            context.close()
    raise SystemExit(f"{url}: no first paint traced in three loads")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--static-dir", default=str(ROOT / "frontend" / "dist"))
    parser.add_argument("--against", help="a second build (another `npm run build`, copied aside)")
    parser.add_argument("--path", default="/product-home")
    parser.add_argument("--runs", type=int, default=8)
    parser.add_argument("--wait-ms", type=int, default=2000)
    args = parser.parse_args()
    builds = {"this build": args.static_dir, **({"against": args.against} if args.against else {})}
    for directory in builds.values():
        if not (Path(directory) / "index.html").is_file():
            raise SystemExit(f"{directory} holds no build (npm run build)")
    loads: dict[str, list[Load]] = {label: [] for label in builds}
    with ExitStack() as servers, sync_playwright() as playwright:
        urls = {
            label: servers.enter_context(
                serve("gateway", "/healthz", {"STATIC_DIR": directory, "LOG_LEVEL": "WARNING"})
            ).url
            for label, directory in builds.items()
        }
        browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox"])
        for run in range(args.runs):
            order = list(urls) if run % 2 == 0 else list(reversed(urls))
            for label in order:
                one = visit(browser, urls[label] + args.path, args.wait_ms)
                loads[label].append(one)
                print(
                    f"run {run + 1} {label}: {one.after_paint:.0f} ms past 50 ms after the first paint "
                    f"(whole load {one.whole_load:.0f}, busy {one.busy:.0f}); tasks over 50 ms: {one.long}",
                    flush=True,
                )
        browser.close()
    print(f"\n{args.path}, {SLOWDOWN}x CPU slowdown, {args.runs} runs (ms):")
    for field, title in FIGURES.items():
        print(f"  {title}:")
        for label, runs in loads.items():
            values = [getattr(one, field) for one in runs]
            each = " ".join(f"{v:.0f}" for v in values)
            print(f"    {label}: median {statistics.median(values):.0f} (each run: {each})")
        if args.against:
            pairs = zip(loads["this build"], loads["against"], strict=True)
            wins = sum(1 for mine, theirs in pairs if getattr(mine, field) < getattr(theirs, field))
            print(f"    this build lower in {wins} of {args.runs} pairs")
    command = f".venv/bin/python -m bench.main_thread --path {args.path} --runs {args.runs} --wait-ms {args.wait_ms}"
    print(f"repeat: {command}" + (f" --static-dir {args.static_dir} --against {args.against}" if args.against else ""))


if __name__ == "__main__":
    main()
