"""The first-visit JavaScript budget, checked over Vite's build manifest; fails `make test`.

A first visit to a route downloads the entry chunk, the route's lazily loaded page module,
and every chunk those import statically (the browser needs all of them before the page
runs). Each is counted at its gzip size, as the gateway sends it.

    npm run build && .venv/bin/python -m bench.bundle_budget [--dist frontend/dist]
"""

from __future__ import annotations

import argparse
import gzip
import json
import sys
from pathlib import Path

import msgspec

ROOT = Path(__file__).resolve().parent.parent
ENTRY = "index.html"
STARTER = "start.js"

# route -> (budget in KB of gzip, page modules the route loads, as keyed in the manifest)
BUDGETS: dict[str, tuple[float, tuple[str, ...]]] = {
    "/": (120.0, ("src/features/site/pages/HomePage.tsx",)),
    "/paynow": (120.0, ("src/features/portal/pages/PayNowPage.tsx",)),
    "/products": (140.0, ("src/features/store/StoreShell.tsx", "src/features/store/pages/ProductsPage.tsx")),
}


class RouteSize(msgspec.Struct, kw_only=True):
    route: str
    files: list[str]
    gzip_kb: float
    budget_kb: float

    @property
    def over(self) -> bool:
        return self.gzip_kb > self.budget_kb


class ManifestError(Exception):
    """The build does not have what a budget names (a page moved or was renamed)."""


def first_visit_files(manifest: dict[str, dict[str, object]], modules: tuple[str, ...]) -> list[str]:
    """Every JavaScript file of the entry and `modules`, following static imports."""
    seen: dict[str, None] = {}
    stack = [ENTRY, *modules]
    while stack:
        key = stack.pop()
        if key in seen:
            continue
        if key not in manifest:
            raise ManifestError(f"{key} is not in the build manifest: update BUDGETS in bench/bundle_budget.py")
        seen[key] = None
        imports = manifest[key].get("imports", [])
        assert isinstance(imports, list)
        stack.extend(str(i) for i in imports)
    return sorted({str(manifest[k]["file"]) for k in seen if str(manifest[k]["file"]).endswith(".js")})


def started_by_starter(dist: Path, route: str) -> bool:
    """True when the route's pre-rendered page starts the app with public/start.js, once it is
    painted (frontend/scripts/prerender.mjs): that script counts too."""
    pages = dist / ".prerendered"
    routes = pages / "routes.json"
    if not routes.is_file():
        return False
    page = json.loads(routes.read_text()).get(route)
    return page is not None and f'src="/{STARTER}"' in (pages / page).read_text()


def measure(dist: Path, budgets: dict[str, tuple[float, tuple[str, ...]]] = BUDGETS) -> list[RouteSize]:
    manifest_path = dist / ".vite" / "manifest.json"
    if not manifest_path.is_file():
        raise ManifestError(f"{manifest_path} is missing: build the app first (npm run build)")
    manifest = json.loads(manifest_path.read_text())
    sizes: dict[str, int] = {}
    out = []
    for route, (budget, modules) in budgets.items():
        files = first_visit_files(manifest, modules)
        if started_by_starter(dist, route):
            files.append(STARTER)
        for f in files:
            if f not in sizes:
                sizes[f] = len(gzip.compress((dist / f).read_bytes(), compresslevel=9))
        out.append(
            RouteSize(route=route, files=files, gzip_kb=round(sum(sizes[f] for f in files) / 1024, 1), budget_kb=budget)
        )
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--dist", type=Path, default=ROOT / "frontend" / "dist")
    args = parser.parse_args(argv)
    try:
        routes = measure(args.dist)
    except ManifestError as exc:
        print(f"bundle budget: {exc}", file=sys.stderr)
        return 2
    print(f"{'route':12} {'files':>5} {'gzip KB':>8} {'budget':>7}")
    for r in routes:
        print(f"{r.route:12} {len(r.files):5d} {r.gzip_kb:8.1f} {r.budget_kb:7.0f}{'  OVER BUDGET' if r.over else ''}")
    over = [r for r in routes if r.over]
    if over:
        print("first-visit JavaScript over budget on " + ", ".join(r.route for r in over), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
