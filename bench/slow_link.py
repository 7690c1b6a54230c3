"""How soon a first visit shows what it is for, on a slow mobile link and a slow phone.

The profile is stated in numbers (issue 42): 400 ms round trip, 400 kbit/s down (and up), and a
4x CPU slowdown, applied in Debian's Chromium through DevTools (network conditions on every
request, CPU throttling of the renderer), with an empty cache each time. It loads each route
from the built app (`python -m gateway`, mocks in-process) and measures from the navigation's
start until the page shows:

- `/products`: its first product card painted with its name (from the HTML the gateway fills
  in, before any script runs);
- `/paynow`: the mobile-number field of its form.

Each route is loaded `--runs` times; the median and every run are printed. Goals: `/products`
within 5 s, `/paynow` within 4 s. Timings only: nothing here fails a build.

    npm run build && .venv/bin/python -m bench.slow_link [--runs 5]
"""

from __future__ import annotations

import argparse
import statistics
from typing import NamedTuple

from playwright.sync_api import Browser, Locator, Page, sync_playwright

from bench.processes import ROOT, serve

ROUND_TRIP_MS = 400
KBIT_PER_S = 400
SLOWDOWN = 4


class Route(NamedTuple):
    path: str
    goal_ms: int
    shows: str  # what the page is for, in words


ROUTES = [Route("/products", 5000, "its first product card"), Route("/paynow", 4000, "its mobile-number form")]


def shown(page: Page, path: str) -> Locator:
    if path == "/products":
        return page.get_by_test_id("product-card").first.get_by_role("heading")
    return page.get_by_label("Mobile number")


def visit(browser: Browser, base: str, path: str) -> float:
    """One first visit: ms from the navigation's start until the page shows what it is for."""
    context = browser.new_context(
        base_url=base, viewport={"width": 360, "height": 800}, device_scale_factor=2, is_mobile=True, has_touch=True
    )
    try:
        page = context.new_page()
        cdp = context.new_cdp_session(page)
        cdp.send("Network.enable")
        cdp.send("Network.setCacheDisabled", {"cacheDisabled": True})
        throughput = KBIT_PER_S * 1000 / 8  # bytes per second
        cdp.send(
            "Network.emulateNetworkConditions",
            {
                "offline": False,
                "latency": ROUND_TRIP_MS,
                "downloadThroughput": throughput,
                "uploadThroughput": throughput,
            },
        )
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": SLOWDOWN})
        page.goto(path, wait_until="commit", timeout=60_000)
        shown(page, path).wait_for(state="visible", timeout=60_000)
        # From the navigation's start (the browser's own clock), not from when the call returned.
        at: float = page.evaluate("() => performance.now()")
        return at
    finally:
        context.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    if not (ROOT / "frontend" / "dist" / "index.html").is_file():
        raise SystemExit("frontend/dist holds no build (npm run build)")
    results: dict[str, list[float]] = {route.path: [] for route in ROUTES}
    with serve("gateway", "/healthz", {"LOG_LEVEL": "WARNING"}) as gateway, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox"])
        # One unmeasured load of each: the gateway's first catalogue read and template load are
        # its own start-up, not what a visitor's link costs.
        warm = browser.new_page(base_url=gateway.url)
        for route in ROUTES:
            warm.goto(route.path)
            shown(warm, route.path).wait_for(state="visible")
        warm.close()
        for run in range(args.runs):
            for route in ROUTES:
                ms = visit(browser, gateway.url, route.path)
                results[route.path].append(ms)
                print(f"run {run + 1} {route.path}: {ms:.0f} ms", flush=True)
        browser.close()
    print(
        f"\nFirst visit, {ROUND_TRIP_MS} ms round trip, {KBIT_PER_S} kbit/s, {SLOWDOWN}x CPU slowdown, "
        f"{args.runs} runs (ms from the navigation's start):"
    )
    for route in ROUTES:
        values = results[route.path]
        median = statistics.median(values)
        met = "met" if median <= route.goal_ms else "NOT met"
        each = " ".join(f"{v:.0f}" for v in values)
        print(f"  {route.path} shows {route.shows}: median {median:.0f} (goal {route.goal_ms}, {met}; runs: {each})")
    print(f"repeat: .venv/bin/python -m bench.slow_link --runs {args.runs}")


if __name__ == "__main__":
    main()
