"""Compressed JavaScript a first visit downloads, per entry route.

Serves the built app (frontend/dist) with the gateway and opens each route in Chromium with
an empty cache, adding up the gzip size of every script the page fetched.

    npm run build && .venv/bin/python bench/first_visit_js.py [--budget-kb 140]
"""

from __future__ import annotations

import argparse
import gzip
import os
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx
from playwright.sync_api import Response, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
ROUTES = ["/", "/paynow", "/products", "/product-home", "/privacy-policy", "/dpd"]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--budget-kb", type=float, default=140.0)
    args = parser.parse_args()
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    env = {**os.environ, "PORT": str(port), "LOG_LEVEL": "WARNING", "LOG_JSON": "true"}
    server = subprocess.Popen([sys.executable, "-m", "gateway"], cwd=ROOT, env=env, stdout=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(300):
            try:
                httpx.get(f"{base}/healthz", timeout=1)
                break
            except httpx.TransportError:
                time.sleep(0.1)
        with sync_playwright() as p:
            browser = p.chromium.launch(
                executable_path=os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium"),
                args=["--no-sandbox", "--disable-background-networking"],
            )
            print(f"{'route':20} {'scripts':>8} {'gzip KB':>8}  budget {args.budget_kb:.0f} KB")
            for route in ROUTES:
                context = browser.new_context()
                page = context.new_page()
                scripts: list[str] = []

                def on_response(response: Response, scripts: list[str] = scripts) -> None:
                    if response.request.resource_type == "script":
                        scripts.append(response.url)

                page.on("response", on_response)
                page.goto(base + route, wait_until="networkidle")
                total = 0
                for url in scripts:
                    body = httpx.get(url).content
                    total += len(gzip.compress(body, compresslevel=9))
                flag = "" if total / 1024 <= args.budget_kb else "  OVER"
                print(f"{route:20} {len(scripts):8d} {total / 1024:8.1f}{flag}")
                context.close()
            browser.close()
        print("repeat: npm run build && .venv/bin/python bench/first_visit_js.py")
    finally:
        server.terminate()
        server.wait(timeout=10)


if __name__ == "__main__":
    main()
