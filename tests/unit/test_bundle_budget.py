"""The first-visit JavaScript budget check: passes a small build, fails an oversized one."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from bench.bundle_budget import BUDGETS, ROOT


def _build(dist: Path, page_bytes: dict[str, int], later_bytes: dict[str, int] | None = None) -> None:
    """A fake Vite build: an entry, a shared chunk, one page chunk per budgeted route and one
    per module a route loads lazily as it starts (`later_bytes`: its size by module).

    Random bytes do not compress, so a file's gzip size is about its length.
    """
    manifest: dict[str, dict[str, object]] = {
        "index.html": {"file": "assets/index.js", "isEntry": True, "imports": ["_shared.js"]},
        "_shared.js": {"file": "assets/shared.js"},
        "_swiper.js": {"file": "assets/swiper.js"},  # only reached dynamically: never counted
    }
    sizes = {"assets/index.js": 40_000, "assets/shared.js": 10_000, "assets/swiper.js": 500_000}
    for route, budget in BUDGETS.items():
        for module in budget.modules:
            name = f"assets/{Path(module).stem}.js"
            manifest[module] = {"file": name, "imports": ["_shared.js"], "dynamicImports": ["_swiper.js"]}
            sizes[name] = page_bytes.get(route, 1_000)
        for module in budget.loaded_later:
            name = f"assets/{Path(module).stem}.js"
            manifest[module] = {"file": name, "isDynamicEntry": True}
            sizes[name] = (later_bytes or {}).get(module, 1_000)
    (dist / ".vite").mkdir(parents=True)
    (dist / ".vite" / "manifest.json").write_text(json.dumps(manifest))
    (dist / "assets").mkdir()
    for name, size in sizes.items():
        (dist / name).write_bytes(os.urandom(size))


def _check(dist: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "bench.bundle_budget", "--dist", str(dist)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )


def test_a_build_within_budget_passes(tmp_path: Path) -> None:
    _build(tmp_path, {})
    result = _check(tmp_path)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "OVER" not in result.stdout


def test_an_oversized_route_fails_the_check_and_is_named(tmp_path: Path) -> None:
    # 40 + 10 KB shared, plus 100 KB on /paynow: about 150 KB against its 120 KB budget.
    _build(tmp_path, {"/paynow": 100_000})
    result = _check(tmp_path)
    assert result.returncode == 1
    assert "over budget on /paynow" in result.stderr
    over_lines = [line for line in result.stdout.splitlines() if "OVER BUDGET" in line]
    assert [line.split()[0] for line in over_lines] == ["/paynow"]


def test_what_a_route_loads_as_it_starts_counts_against_the_network_idle_budget(tmp_path: Path) -> None:
    # Within the first-visit budget (about 50 KB on /), but 107 KB more arrive as the page starts
    # (its sections below the fold): about 159 KB by network idle against its 150.
    _build(tmp_path, {}, later_bytes={"src/features/site/pages/HomeSections.tsx": 110_000})
    result = _check(tmp_path)
    assert result.returncode == 1
    assert "over budget on /\n" in result.stderr + "\n"
    home = next(line for line in result.stdout.splitlines() if line.startswith("/ "))
    first_visit_kb, idle_kb = float(home.split()[2]), float(home.split()[5])
    assert first_visit_kb < BUDGETS["/"].first_visit_kb
    assert idle_kb > BUDGETS["/"].idle_kb
    assert home.endswith("OVER BUDGET")


def test_a_page_missing_from_the_build_is_an_error_not_a_pass(tmp_path: Path) -> None:
    _build(tmp_path, {})
    manifest_file = tmp_path / ".vite" / "manifest.json"
    manifest = json.loads(manifest_file.read_text())
    del manifest[BUDGETS["/"].modules[0]]
    manifest_file.write_text(json.dumps(manifest))
    result = _check(tmp_path)
    assert result.returncode == 2
    assert "not in the build manifest" in result.stderr


def test_the_built_app_is_within_its_budgets() -> None:
    """The real build (make test and landing build it first): each route's first visit in budget."""
    result = _check(ROOT / "frontend" / "dist")
    assert result.returncode == 0, result.stdout + result.stderr


def test_the_starter_script_counts_on_the_pages_it_starts_only(tmp_path: Path) -> None:
    # / starts the app with public/start.js once painted; /paynow loads the app at once.
    _build(tmp_path, {})
    (tmp_path / "start.js").write_bytes(os.urandom(90_000))  # 40 + 10 + 2 + 90 KB: over the budget of /
    pages = tmp_path / ".prerendered"
    pages.mkdir()
    (pages / "0.html").write_text('<script src="/start.js" data-entry="/assets/index.js" defer></script>')
    (pages / "1.html").write_text('<script type="module" src="/assets/index.js"></script>')
    (pages / "routes.json").write_text(json.dumps({"/": {"en": "0.html"}, "/paynow": {"en": "1.html"}}))
    result = _check(tmp_path)
    assert result.returncode == 1
    assert "over budget on /\n" in result.stderr + "\n"
    assert "/paynow" not in result.stderr


def test_the_built_app_carries_its_libraries_production_builds() -> None:
    """React Router's package exports name only its development build; the build takes its
    production one (frontend/vite.config.ts), without its development warnings and checks."""
    scripts = (ROOT / "frontend" / "dist" / "assets").glob("*.js")
    with_dev_warnings = [p.name for p in scripts if "You rendered descendant <Routes>" in p.read_text()]
    assert with_dev_warnings == []
